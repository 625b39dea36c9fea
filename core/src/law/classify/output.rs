//! What the classifier says of a move: its [`Classification`] (the kinds, targets and notes
//! judges and reports read) and, for each attacked piece, a [`ChaseTarget`] saying how it would
//! be won ([`ChaseVia`]) and which article, if any, decided it against the general definition
//! of a chase ([`ChaseException`]).

use super::own_chase::counts;
use super::{
    check_capture, costly_offer, false_root, own_chase, protected, rook_pair, root_and_pinned,
    tied_rook, Definitions,
};
use crate::law::{MoveKind, PlyClass};
use crate::{Color, Role, Square};

/// One chased piece.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ChaseTarget {
    /// Where the chased piece stands.
    pub target: Square,
    /// Its role.
    pub role: Role,
    /// The pieces that could win it.
    pub by: Vec<Square>,
    /// How: `direct`, `exchange` or `checks`.
    pub via: ChaseVia,
    /// Whether only the king could win it.
    pub king_only: bool,
    /// Whether only pawns could win it.
    pub pawn_only: bool,
    /// 联合捉子 (2011 §24.17): no single one of the attackers wins it on its own — the
    /// exchange on its point wins material only with a second attacker (so its root is
    /// insufficient, 少根, §24.15).
    pub joint: bool,
    /// An edition's article that decided this attack against the general definition: some make
    /// an attack idle (it is kept, so notes can say why), others make it a chase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exception: Option<ChaseException>,
}

/// An article that overrides the general definition of a chase for one attacked piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "article", rename_all = "snake_case")]
pub enum ChaseException {
    /// AXF rule 38: the piece is won only through a check (a check-and-capture threat): idle
    /// (`check_capture.rs`).
    CheckAndCaptureThreat,
    /// 2011 §26.5: every attacker is a root or pinned piece whose capture loses more than it
    /// wins (得不偿失): idle.
    Outweighed {
        /// The piece the capture would abandon.
        lost: Square,
        /// Its role.
        role: Role,
        /// The net of the best such capture (negative).
        net: i32,
        /// Whether the capturer is that piece's root (做根子) rather than its shield (被牵子).
        root: bool,
    },
    /// 2011 §26.10.2, first sentence: a rook and a piece of the target's kind against a horse
    /// or cannon with a root that keeps its roots after taking ours: an exchange (兑), idle.
    RookPairExchange,
    /// 2011 §26.10.2, second sentence: the rook's side adds a further piece to that contact,
    /// making exchange and chase (兑兼捉): a chase.
    RookPairReinforced,
    /// 2011 §24.16: the piece's only roots cannot leave their line to recapture (假根, recapturing
    /// would abandon more than it wins): it counts as unprotected, a chase.
    FalseRoot {
        /// The root that cannot leave its line.
        root: Square,
    },
    /// 2011 §26.9: a same-kind exchange offer whose acceptance leaves the acceptor mated by
    /// checks or down in material: a chase.
    CostlyOffer {
        /// The piece the acceptor would then lose, if material is the cost.
        lost: Option<Square>,
        /// Its role.
        role: Option<Role>,
        /// Whether accepting leaves it mated by checks.
        mated: bool,
    },
    /// AXF rules 15, 21: a horse or cannon attacking a rook chases it though a recapture
    /// protects it (the one-recapture test, `protected.rs`): a chase.
    RookByHorseOrCannon,
    /// AXF rule 19: the chased piece is a rook tied down by the horse on `horse` (it cannot
    /// leave its point without exposing its king to that horse): chased whatever its
    /// protection, a chase (`tied_rook.rs`).
    TiedRook {
        /// The horse that ties it down.
        horse: Square,
    },
    /// AXF rule 19, D39–41: the only attacker of this horse is the rook on `rook`, tied down by
    /// it and standing: no chase, idle (`tied_rook.rs`).
    TiedRookAttack {
        /// The tied rook.
        rook: Square,
    },
    /// AXF rule 28 ([`OwnChase::IdleWithOthers`](super::OwnChase::IdleWithOthers)): the king
    /// (or a pawn) is among the attackers, and its move discovered none of the others'
    /// attacks: its own chase together with other pieces, idle (`own_chase.rs`).
    OwnChaseWithOthers {
        /// The king's or the pawn's role.
        role: Role,
    },
}

impl ChaseException {
    /// Whether the article makes the attack idle.
    pub fn is_idle(self) -> bool {
        matches!(
            self,
            ChaseException::Outweighed { .. }
                | ChaseException::RookPairExchange
                | ChaseException::TiedRookAttack { .. }
                | ChaseException::OwnChaseWithOthers { .. }
                | ChaseException::CheckAndCaptureThreat
        )
    }
}

impl ChaseTarget {
    /// Whether the chased piece counts as unprotected (无根子, 2011 §24.15–24.16): it has no
    /// root that can legally recapture (no root, or a false root, 假根), its roots are fewer than
    /// the attackers (少根: a joint chase), or checks win it whatever its roots.
    pub fn rootless(&self) -> bool {
        matches!(self.via, ChaseVia::Direct | ChaseVia::Checks) || self.joint
    }

    /// Whether an article made this attack idle (see [`ChaseException::is_idle`]).
    pub fn overruled(&self) -> bool {
        self.exception.is_some_and(ChaseException::is_idle)
    }

    /// The attackers, for notes: `d4, f4`.
    pub(super) fn attackers(&self) -> String {
        let by: Vec<String> = self.by.iter().map(|s| s.to_string()).collect();
        by.join(", ")
    }

    /// The note of the article that decided this attack against the general definition, written
    /// by the article's module; `mover` is the side that attacks.
    pub(super) fn exception_note(&self, mover: Color, defs: &Definitions) -> Option<String> {
        match self.exception? {
            ChaseException::Outweighed {
                lost,
                role,
                net,
                root,
            } => root_and_pinned::note(self, lost, role, net, root, mover, defs),
            ChaseException::RookPairExchange => rook_pair::exchange_note(self, defs),
            ChaseException::RookPairReinforced => rook_pair::reinforced_note(self, defs),
            ChaseException::FalseRoot { root } => Some(false_root::note(self, root, defs)),
            ChaseException::CostlyOffer { lost, role, mated } => {
                costly_offer::note(self, lost, role, mated, mover, defs)
            }
            ChaseException::RookByHorseOrCannon => protected::rook_note(self, defs),
            ChaseException::TiedRook { horse } => Some(tied_rook::target_note(self, horse, defs)),
            ChaseException::TiedRookAttack { rook } => {
                Some(tied_rook::attack_note(self, rook, defs))
            }
            ChaseException::OwnChaseWithOthers { role } => {
                Some(own_chase::with_others_note(self, role, defs))
            }
            ChaseException::CheckAndCaptureThreat => check_capture::note(self, defs),
        }
    }
}

/// How a chased piece would be won.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChaseVia {
    /// It has no root: captured outright (无根子).
    Direct,
    /// It has a root, but a complete exchange wins material (假根, 少根, or a weaker attacker);
    /// under AXF's one-recapture test, a protected rook that a horse or cannon attacks (rules
    /// 15, 21, [`ChaseException::RookByHorseOrCannon`]).
    Exchange,
    /// Continuous checks lead to its capture (连续照将吃子).
    Checks,
}

/// The full classification of a ply: the summary that judges and reports use, plus the chase
/// details a judge may need (own chases of king and pawn).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Classification {
    /// Kinds, targets and notes.
    pub class: PlyClass,
    /// Chases made by the move (new ones, §29.2), including those by king or pawn alone.
    pub chases: Vec<ChaseTarget>,
}

impl Classification {
    /// The chases that make this ply a chase (捉) under `defs`: none unless the ply is
    /// classified as a chase; not the king's or a pawn's own chases.
    pub fn counted_chases<'a>(
        &'a self,
        defs: &'a Definitions,
    ) -> impl Iterator<Item = &'a ChaseTarget> + 'a {
        let chase = self.class.has(MoveKind::Chase);
        self.chases.iter().filter(move |c| chase && counts(c, defs))
    }
}
