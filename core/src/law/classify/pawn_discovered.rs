//! 兵借子抽吃与兵吃子产生将军 (a pawn's captures with another piece's check), CXA 2011 §26.7:
//! "兵（卒）借其他子抽吃對方的子，按"閑" 處理；兵（卒）吃子時產生其他子"將軍"，按"捉"處理。"
//! 1999 has no such article: a piece won through checks is a chase, and a pawn capture is the
//! pawn's own (1999 §27.2).
//!
//! # The reading
//!
//! - First clause (抽吃): a piece won through checks (`through_checks.rs`) whose final capture
//!   only a pawn can make — the search fails when pawns may not capture — is the pawn's own
//!   chase ([`ChaseTarget::pawn_only`]), idle as the pawn's own chase is.
//! - Second clause: a pawn capture that uncovers a check by another piece is not the pawn's
//!   own: the attack is a chase of the mover.
//!
//! What is *not* checked: a pawn capture that uncovers another piece's attack on something
//! other than the king.

use super::floating::Ledger;
use super::through_checks::{Checking, OwnCaptures, Search};
use super::{ChaseTarget, ChaseVia, Definitions};
use crate::reference::RuleRef;
use crate::{Move, Occupant, Position, Role, Square};

/// Whether the capture `m` by `capturer`, leading to `next`, is a pawn's capture that gives
/// check by another piece (second clause), when the edition has §26.7.
pub(super) fn discovers_check(
    capturer: Option<Occupant>,
    next: &Position,
    m: Move,
    defs: &Definitions,
) -> bool {
    defs.pawn_discovered.is_some()
        && capturer.is_some_and(|c| c.role == Role::Pawn)
        && next.checkers().iter().any(|s| s != m.to)
}

/// Whether the piece on `t`, won through checks, is won only by a pawn's final capture (first
/// clause), when the edition has §26.7: the search of the win through checks over `checking`,
/// with the captures `own` already possible, fails when pawns may not make the capture.
pub(super) fn drawing_capture_only(
    t: Square,
    checking: Option<&[Checking]>,
    own: &OwnCaptures,
    defs: &Definitions,
) -> bool {
    defs.pawn_discovered.is_some()
        && checking.is_some_and(|c| {
            let search = Search {
                t,
                defs,
                pawns: false,
                own,
            };
            search
                .wins(defs.chase_through_checks.checks, c, Ledger::default())
                .is_none()
        })
}

/// The note for a piece that only a pawn's drawing capture wins (first clause).
pub(super) fn drawing_capture_note(c: &ChaseTarget, article: &RuleRef) -> String {
    format!(
        "only a pawn can make the capture that checks would win {} on {}: a pawn's \
         drawing capture (抽吃) with another piece's check, idle ({article})",
        c.role, c.target
    )
}

/// The note for a counted chase that pawns alone make by captures uncovering another piece's
/// check (second clause), in `again` (the position after the move, the mover to move again).
pub(super) fn discovered_check_note(
    again: &Position,
    c: &ChaseTarget,
    defs: &Definitions,
) -> Option<String> {
    let article = defs.pawn_discovered.as_ref()?;
    let pawns =
        c.by.iter()
            .all(|s| again.board().get(*s).is_some_and(|o| o.role == Role::Pawn));
    (pawns && !c.pawn_only && c.via != ChaseVia::Checks).then(|| {
        format!(
            "the pawn's capture of {} on {} uncovers a check by another piece: a \
             chase, not the pawn's own ({article})",
            c.role, c.target
        )
    })
}

#[cfg(test)]
mod tests {
    use crate::law::classify::testing::{pos, sq};
    use crate::law::classify::{chased, classify_move, ChaseVia, Definitions};
    use crate::law::MoveKind;

    /// 2011 §26.7, second clause: a pawn capture that discovers a check by another piece is a
    /// chase, not the pawn's own. The red pawn e6 can take the unprotected horse d6, uncovering
    /// the rook e3's check on the black king.
    #[test]
    fn pawn_capture_with_discovered_check_is_a_chase_in_2011() {
        let p = pos("4k4/9/9/3nP4/9/9/4R4/9/9/5K3 w - - 0 1");
        let find = |defs: &Definitions| {
            chased(&p, defs)
                .into_iter()
                .find(|c| c.target == sq("d6"))
                .expect("d6 is won")
        };
        assert!(find(&Definitions::cxa_1999()).pawn_only);
        let new = find(&Definitions::cxa_2011());
        assert!(!new.pawn_only, "{new:?}");
        // Without the rook behind it the capture is the pawn's own in both editions.
        let p = pos("4k4/9/9/3nP4/9/9/9/9/9/5K3 w - - 0 1");
        let c = chased(&p, &Definitions::cxa_2011());
        assert!(
            c.iter().any(|c| c.target == sq("d6") && c.pawn_only),
            "{c:?}"
        );
    }

    /// 2011 §26.1.1 "走动后其他子产生新的捉" with §26.6 and §26.7: the red pawn e5 already
    /// attacks the black rook d5 (protected by the horse e7), its own chase, allowed. The cannon
    /// stepping to e3 makes pawn×d6 uncover its check, so the capture now wins a rook for a pawn as
    /// a chase, not the pawn's own: a new chase, though the rook was attacked before.
    #[test]
    fn a_pawn_attack_turned_into_a_chase_by_another_piece_is_new() {
        let before = pos("4k1b2/9/4n4/9/3rP4/2N6/3C5/9/2N6/5K3 w - - 0 1");
        let mut after = before.clone();
        after.play("d3e3".parse().expect("ICCS")).expect("legal");
        let c = classify_move(&before, &after, &Definitions::cxa_2011());
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("d5")]);
        assert!(c.class.notes.iter().any(|n| n.contains("§26.7")));
    }

    /// 2011 §26.7, first clause: a pawn's drawing capture (抽吃) with another piece's check is
    /// idle. The red pawn e5 steps to d5, uncovering the rook e3's check; Black's king must go
    /// to d9 (f9 would face the red king), and the pawn then takes the unprotected cannon c5,
    /// which could not block. 1999 calls a piece won through checks a chase.
    #[test]
    fn pawn_drawing_capture_is_idle_in_2011() {
        let p = pos("4k4/9/9/9/2c1P4/9/4R4/9/9/5K3 w - - 0 1");
        let find = |defs: &Definitions| {
            chased(&p, defs)
                .into_iter()
                .find(|c| c.target == sq("c5"))
                .expect("c5 is won through checks")
        };
        let old = find(&Definitions::cxa_1999());
        assert!(old.via == ChaseVia::Checks && !old.pawn_only, "{old:?}");
        let new = find(&Definitions::cxa_2011());
        assert!(new.via == ChaseVia::Checks && new.pawn_only, "{new:?}");
        // The rook stepping behind the pawn makes that threat: a chase in 1999, idle in 2011
        // (citing §26.7).
        let before = pos("4k4/9/9/9/2c1P4/9/3R5/9/9/5K3 w - - 0 1");
        let mut after = before.clone();
        after.play("d3e3".parse().expect("ICCS")).expect("legal");
        let old = classify_move(&before, &after, &Definitions::cxa_1999());
        assert_eq!(old.class.heaviest(), MoveKind::Chase, "{:?}", old.class);
        let new = classify_move(&before, &after, &Definitions::cxa_2011());
        assert!(!new.class.has(MoveKind::Chase), "{:?}", new.class);
        assert!(
            new.class.notes.iter().any(|n| n.contains("§26.7")),
            "{:?}",
            new.class.notes
        );
    }
}
