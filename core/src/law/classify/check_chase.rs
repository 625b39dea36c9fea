//! Chases made by a checking move: AXF rule 12 ("one check one chase" or "several checks and one
//! chase" is a draw, D13: the rook's checks break its chase of the cannon) and Section 2.5 (a
//! move classed two ways, [AMBIG] in the paraphrase); FSF 1168 (the cannons chase a crossed pawn
//! on every move, one of them also checks: a perpetual chase) and 1176 (a discovered check that
//! also attacks the cannon, then a plain attack on the same cannon: a perpetual chase). CXA 1999
//! §27.4 and 2011 §26.4 name a move by its heaviest role (从重): a checking move is a check,
//! and its chases are not looked for.
//!
//! # The reading
//!
//! With [`Definitions::chase_with_check`] a checking move's chases are computed as a quiet
//! move's are, and its kinds are check and chase, check first (so [`heaviest`] is still the
//! check for a judge that names a move by its heaviest role; the AXF judge reads the chases by
//! target, so a check breaks a perpetual chase only when the checking move does not chase the
//! same piece, which squares rule 12 and D13 with FSF 1168 and 1176). The chases go through the
//! same tests as a quiet move's: the chase test, the new-chase test (`new_chase.rs`, with the
//! standing attacks of `standing.rs`) and the king's and pawns' own chases (`own_chase.rs`).
//!
//! Protection is tested *with the check standing*: in the position after the move with the
//! mover to move again ([`Position::passed`], the opponent's answer to the check fictitiously
//! passed, the reading hgm favoured, paraphrase §7.1), the capture is played and then the
//! opponent's legal recaptures are looked for. A legal move of a side in check answers the check,
//! so a protector whose recapture leaves its king in check does not protect: it could not
//! take back if the capture were ever played with the check on the board. The same holds for
//! rule 24's same-kind attacks (`protected.rs`): a victim that could take its attacker only by
//! ignoring the check cannot take back.
//!
//! Rejected readings (paraphrase §7.1):
//!
//! - *Checking moves chase nothing* (CXA's 从重; "no piece is chased by a checking move"):
//!   FSF 1168 and 1176 rule perpetual chases whose loops contain checking moves that chase.
//! - *Answer the check first*: replace the passed move by an answer to the check, and test
//!   protection after it. Which answer? Each may change the protection differently, and the
//!   chase is a threat of the next move, made in the position the move leaves.
//! - *Recaptures that add no new attack on their own king* (an engine's "chase-legal" test,
//!   existing checks ignored): a protector that cannot legally take back would count as one,
//!   against the AXF terms ("a real protector can actually remove the taker").
//!
//! What is *not* computed on a checking move: a mate threat (a check is already the heavier
//! attack), and the idle kinds.
//!
//! [`heaviest`]: crate::law::PlyClass::heaviest

use super::{new_and_counted_chases, Classification, Definitions};
use crate::law::MoveKind;
use crate::reference::RuleRef;
use crate::Position;

/// Adds the chases of the checking move from `before` to `after` to `out` (which already holds
/// its check), when the edition counts them ([`Definitions::chase_with_check`]); `previous` and
/// `king_answers` as for a quiet move.
pub(super) fn add_chases(
    previous: Option<&Position>,
    before: &Position,
    after: &Position,
    king_answers: Option<&RuleRef>,
    defs: &Definitions,
    out: &mut Classification,
) {
    let Some(article) = &defs.chase_with_check else {
        return;
    };
    // The check standing: the same placement, the mover to move again.
    let again = after.passed();
    let first = super::through_checks::FirstChecks::new(&again);
    new_and_counted_chases(previous, before, after, &first, king_answers, defs, out);
    if out.class.has(MoveKind::Chase) {
        out.class.notes.push(format!(
            "the move checks and chases: its chases count too, each recapture tested with the \
             check standing ({article})"
        ));
    }
}

#[cfg(test)]
mod tests {
    use crate::law::classify::definitions::axf_for_tests;
    use crate::law::classify::testing::{last_move, sq};
    use crate::law::classify::{classify_move, Classification, Definitions};
    use crate::law::MoveKind;

    /// The classification of the last of `moves` played from `fen`.
    fn last(fen: &str, moves: &str, defs: &Definitions) -> Classification {
        let (before, after) = last_move(fen, moves);
        classify_move(&before, &after, defs)
    }

    /// FSF 1168 (= 1177): the red cannon returns to f4, checking the king f9 over the cannon
    /// f6, which now attacks the unprotected crossed pawn f1 over f4. Under AXF the move is check
    /// and chase, check first (the heaviest); CXA names it a check and looks for no chase.
    #[test]
    fn a_check_that_uncovers_an_attack_on_a_pawn_also_chases() {
        let fen = "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1";
        let moves = "f4d4 f5d5 d4f4";
        let c = last(fen, moves, &axf_for_tests());
        assert_eq!(c.class.kinds, vec![MoveKind::Check, MoveKind::Chase]);
        assert_eq!(c.class.heaviest(), MoveKind::Check);
        assert_eq!(c.class.targets, vec![sq("f9"), sq("f1")]);
        for cxa in [Definitions::cxa_1999(), Definitions::cxa_2011()] {
            let c = last(fen, moves, &cxa);
            assert_eq!(c.class.kinds, vec![MoveKind::Check], "{:?}", c.class);
            assert!(c.chases.is_empty());
        }
    }

    /// FSF 1176: the black rook b1-b3 attacks the unprotected red cannon d3 and uncovers the
    /// cannon a1's check through the advisor e1: check and chase of the cannon, which the next
    /// black move (b3-b1) chases again on d1.
    #[test]
    fn a_discovered_check_that_attacks_a_cannon_chases_it() {
        let fen = "3k5/9/9/9/9/9/9/9/cr1CAK3/9 w - - 0 1";
        let axf = axf_for_tests();
        let c = last(fen, "d1d3 b1b3", &axf);
        assert_eq!(c.class.kinds, vec![MoveKind::Check, MoveKind::Chase]);
        assert_eq!(c.class.targets, vec![sq("f1"), sq("d3")]);
        let targets: Vec<_> = c.counted_chases(&axf).map(|c| c.target).collect();
        assert_eq!(targets, vec![sq("d3")]);
    }

    /// The reading of protection with the check standing: the red horse e5-g6 uncovers the
    /// rook e2's check and attacks the black cannon h8, which the rook h9 protects. Taking it
    /// back would leave the black king in check, so with the check standing the rook h9 is no
    /// protector: the cannon is chased. With the red rook off the e-file (d2) there is no check
    /// and the rook h9 protects it; without `chase_with_check` the move is a check only.
    #[test]
    fn protection_is_tested_with_the_check_standing() {
        let axf = axf_for_tests();
        let checking = "4k2r1/7c1/9/9/4N4/9/9/4R4/9/3K5 w - - 0 1";
        let c = last(checking, "e5g6", &axf);
        assert_eq!(c.class.kinds, vec![MoveKind::Check, MoveKind::Chase]);
        assert_eq!(c.class.targets, vec![sq("e9"), sq("h8")]);
        assert!(
            c.class
                .notes
                .iter()
                .any(|n| n.contains("with the check standing") && n.contains("axf rule 12")),
            "{:?}",
            c.class.notes
        );
        let quiet = "4k2r1/7c1/9/9/4N4/9/9/3R5/9/3K5 w - - 0 1";
        let c = last(quiet, "e5g6", &axf);
        assert!(!c.class.has(MoveKind::Chase), "{:?}", c.class);
        let mut off = axf;
        off.chase_with_check = None;
        let c = last(checking, "e5g6", &off);
        assert_eq!(c.class.kinds, vec![MoveKind::Check]);
    }

    /// A checking move's chases must be new like any other's: the red rook h3 attacks the
    /// unprotected black cannon h7 before the horse e5-c6 uncovers the rook e2's check, so the
    /// check chases nothing new.
    #[test]
    fn a_checking_move_keeps_the_new_chase_test() {
        let fen = "4k4/9/7c1/9/4N4/9/7R1/4R4/9/3K5 w - - 0 1";
        let c = last(fen, "e5c6", &axf_for_tests());
        assert_eq!(c.class.kinds, vec![MoveKind::Check]);
        assert!(c.chases.is_empty());
        assert!(
            c.class
                .notes
                .iter()
                .any(|n| n.contains("h7 was already attacked")),
            "{:?}",
            c.class.notes
        );
    }
}
