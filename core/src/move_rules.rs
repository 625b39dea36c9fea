//! The knobs of move legality that differ between Xiangqi and its variants.

/// Whether a move may leave the mover's own king attacked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum KingSafety {
    /// Standard Xiangqi (CXA 1999 §3, 2011 §3.4 自杀): a move that leaves one's own king
    /// attacked, or the kings facing, is illegal; the game ends by checkmate or stalemate.
    MustNotBeLeftAttacked,
    /// Jieqi trial rules (§3.3, §4.3, §4.4 自毙): such a move is legal and the opponent may then
    /// capture the king, which ends the game.
    MayBeLeftAttacked,
}

/// Parameters of move generation, so that every edition and variant reuses one generator.
///
/// Hidden (face-down) pieces always move as the role of their start point with the standard
/// confinement (Jieqi §3.2: a hidden advisor only along the palace diagonals, a hidden elephant
/// on its own half, a hidden pawn only forward); these knobs concern face-up pieces.
///
/// ```
/// use xqr_core::{KingSafety, MoveRules};
/// let jieqi = MoveRules::JIEQI;
/// assert!(!jieqi.advisor_confined_to_palace);
/// assert_eq!(jieqi.king_safety, KingSafety::MayBeLeftAttacked);
/// assert_eq!(MoveRules::default(), MoveRules::STANDARD);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct MoveRules {
    /// Face-up advisors stay in their palace (standard: yes; Jieqi 真士: no, they roam).
    pub advisor_confined_to_palace: bool,
    /// Face-up elephants stay on their own half (standard: yes; Jieqi 真相: no, they cross).
    pub elephant_confined_to_own_half: bool,
    /// Whether a move may leave one's own king attacked.
    pub king_safety: KingSafety,
}

impl MoveRules {
    /// Standard Xiangqi (CXA 1999 §2, 2011 §2–3).
    pub const STANDARD: MoveRules = MoveRules {
        advisor_confined_to_palace: true,
        elephant_confined_to_own_half: true,
        king_safety: KingSafety::MustNotBeLeftAttacked,
    };

    /// Jieqi trial rules: revealed advisors and elephants roam (§3.2), and a king left attacked
    /// may be captured (§3.3, §4.4).
    pub const JIEQI: MoveRules = MoveRules {
        advisor_confined_to_palace: false,
        elephant_confined_to_own_half: false,
        king_safety: KingSafety::MayBeLeftAttacked,
    };

    /// Whether these rules can ever let a face-up advisor or elephant leave its standard area.
    #[inline]
    pub(crate) const fn roaming(&self) -> bool {
        !self.advisor_confined_to_palace || !self.elephant_confined_to_own_half
    }
}

impl Default for MoveRules {
    fn default() -> MoveRules {
        MoveRules::STANDARD
    }
}
