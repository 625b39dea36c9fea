//! The king's and the pawn's own chase: CXA 1999 §27.1 "允許帥(將)本身步步叫吃對方的棋子，按閑著
//! 處理." and §27.2 "兵(卒)本身捉吃對方的棋子(不含將.殺),按閑處理;如形成相互長打局面,則應按捉處
//! 理."; 2011 §26.1 "帥（將）、兵（卒）本身允許長捉。" with §26.1.1 "走動帥（將）、兵（卒）后與其他
//! 子配合同時產生"捉"或走動后其他子產生新的"捉"，按 "捉"處理。"
//!
//! # The reading
//!
//! A chased piece that only the king can win ([`ChaseTarget::king_only`]), or only pawns
//! ([`ChaseTarget::pawn_only`]), is that piece's own chase: under [`OwnChase::Idle`] it does not
//! make the move a chase, under [`OwnChase::IdleUnlessMutual`] (1999 pawns) the loop judge
//! decides whether both sides keep attacking, and under [`OwnChase::Counts`] it is a chase like
//! any other. A piece won through checks is nobody's own chase (the checks are the mover's),
//! except a pawn's drawing capture under 2011 §26.7 (`pawn_discovered.rs`). A chase the king or
//! pawn makes with other pieces (§26.1.1 "與其他子配合") has other attackers, so it is not its own.

use super::{pawn_discovered, ChaseTarget, ChaseVia, Definitions};

/// Whose own chase counts (1999 §27.1–27.2, 2011 §26.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum OwnChase {
    /// A chase by this piece alone is idle (1999 §27.1 for the king).
    Idle,
    /// Idle unless both sides keep attacking (1999 §27.2 for the pawn); the loop judge decides.
    IdleUnlessMutual,
    /// It is a chase like any other (2011 §26.1).
    Counts,
}

/// Whether a chase counts as the mover's chase under `defs` (not the king's or a pawn's own,
/// and not made idle by an article).
pub(super) fn counts(c: &ChaseTarget, defs: &Definitions) -> bool {
    let king_idle = c.king_only && defs.king_chase.reading != OwnChase::Counts;
    let pawn_idle = c.pawn_only && defs.pawn_chase.reading != OwnChase::Counts;
    !king_idle && !pawn_idle && !c.overruled()
}

/// The note for an attack that is the king's or a pawn's own chase, if it is one.
pub(super) fn note(c: &ChaseTarget, defs: &Definitions) -> Option<String> {
    if c.king_only && defs.king_chase.reading != OwnChase::Counts {
        return Some(format!(
            "only the king attacks {} on {}: idle ({})",
            c.role, c.target, defs.king_chase.article
        ));
    }
    if c.pawn_only && c.via == ChaseVia::Checks {
        return defs
            .pawn_discovered
            .as_ref()
            .map(|a| pawn_discovered::drawing_capture_note(c, a));
    }
    if c.pawn_only && defs.pawn_chase.reading != OwnChase::Counts {
        let why = if defs.pawn_chase.reading == OwnChase::IdleUnlessMutual {
            "idle unless both sides keep attacking"
        } else {
            "idle"
        };
        return Some(format!(
            "only pawns attack {} on {}: {why} ({})",
            c.role, c.target, defs.pawn_chase.article
        ));
    }
    None
}
