//! 过河兵的浮动价值 (the crossed pawn's floating value), CXA 2011 §26.6: "過河兵、卒浮動價值低于
//! 車，主動送兵（卒）換車為"捉"，此外換取其他一子或數子均不算得子；強子換一個或數個過河兵（卒）不算
//! 得子；..." 1999 §25.3 floats the pawn's value differently (`floating.rs`, the edition's
//! [`MaterialValues`](super::MaterialValues)).
//!
//! # The reading
//!
//! A crossed pawn that captures a protected piece (its root recaptures) gains only when that
//! piece is a rook: against a horse, cannon, advisor or elephant the trade is no gain, so the
//! pawn does not chase it. An unprotected piece taken by a pawn is won outright, whatever it is
//! (the pawn's own chase, `own_chase.rs`).
//!
//! What is *not* checked here: the clauses on strong pieces given for pawns and on uncrossed
//! pawns, which the material values already say (an uncrossed pawn has no value, §25.3).

use super::Definitions;
use crate::{Occupant, Role};

/// Whether the capture of the protected `target` by `capturer` is no gain under §26.6: the
/// edition has the article, the capturer is a pawn and the target is not a rook.
pub(super) fn no_gain(capturer: Option<Occupant>, target: Occupant, defs: &Definitions) -> bool {
    defs.pawn_trades.is_some()
        && capturer.is_some_and(|c| c.role == Role::Pawn)
        && target.role != Role::Rook
}

#[cfg(test)]
mod tests {
    use crate::law::classify::testing::{pos, sq};
    use crate::law::classify::{chased, Definitions, MaterialValues};

    /// 2011 §26.6: a crossed pawn attacking a protected horse does not chase it (a pawn for a
    /// horse is no gain); against a protected rook it does ("主动送兵换车为捉"). 1999 §25.3
    /// floats the pawn's value: a pawn for any piece is no gain, the rook included.
    #[test]
    fn crossed_pawn_gains_only_against_a_rook_in_2011() {
        let old_defs = Definitions::cxa_1999();
        let new_defs = Definitions::cxa_2011();
        // Red pawn e6 attacks the black horse e7, protected by the black rook e9.
        let p = pos("3kr4/9/4n4/4P4/9/9/9/9/9/5K3 w - - 0 1");
        let new = chased(&p, &new_defs);
        assert!(!new.iter().any(|c| c.target == sq("e7")), "{new:?}");
        let old = chased(&p, &old_defs);
        assert!(!old.iter().any(|c| c.target == sq("e7")), "{old:?}");
        // On the fixed scale (no floating value, no §26.6) the pawn would gain the horse.
        let fixed = Definitions {
            values: MaterialValues::STANDARD,
            ..old_defs.clone()
        };
        assert!(chased(&p, &fixed).iter().any(|c| c.target == sq("e7")));
        // A rook protected by the rook e9: a chase in 2011 (a pawn for a rook), none in 1999
        // (§25.3).
        let p = pos("3kr4/9/4r4/4P4/9/9/9/9/9/5K3 w - - 0 1");
        let new = chased(&p, &new_defs);
        assert!(new.iter().any(|c| c.target == sq("e7")), "{new:?}");
        let old = chased(&p, &old_defs);
        assert!(!old.iter().any(|c| c.target == sq("e7")), "{old:?}");
    }
}
