//! A chase the answered check handed over: when the opponent's check moved or exposed one of
//! its own pieces, is the answer to the check that can now win it a new chase?
//!
//! - 1999 §29.2 "“捉”產生于剛走的這著棋，上一著尚不存在": read literally, the chase arises from
//!   the move just played — before it the mover was in check and could take nothing — and did
//!   not exist at the mover's previous move. 1999 has no article that makes the checker answer
//!   for what its check gave away (no 自斃, no §26.1.2): a chase.
//! - 2011 §26.1.2 "走動帥（將）應將而產生的“捉”、“殺”，按“閑”處理；走動其他棋子應將后產生新的
//!   “捉”或“殺”，判“捉”或“殺”" asks of an answer by another piece a *new* chase, and §26.3
//!   (with §24.18) "一方形成“自斃”，應由己方負責，不得視為另一方造成" makes the checker answer for
//!   the state its own check created. The text says it of mates (自斃 is a check that leaves
//!   the checker mated); the same responsibility read for chases: a piece the check moved onto
//!   an attacked point, or left without its root or shield, is the checker's loss to answer for,
//!   not a chase the answer made. Idle.
//!
//! [`Definitions::checker_exposed_chase`] chooses: `None` for 1999, on for 2011.
//!
//! # The reading
//!
//! The counterfactual of `self_destroying.rs`: the position with the answered check undone (the
//! checking piece back on its origin, what it captured restored) and the answer played, the
//! mover to move again. A chase of the piece on `t` after the answer, by pieces other than the
//! answering one, is *exposed by the check* when, in that position, the answer does not chase
//! the same piece: on `t`, or on the checking
//! move's origin when `t` is where the checking piece went (the check moved it there). A chase
//! the answer makes with the check undone too is the answer's own new chase (§26.1.2, second
//! clause) and counts.
//!
//! Only attacks by pieces other than the answering one are weighed so: an attack the answering
//! piece makes from its new point (a block that attacks the checking piece, 垫子捉子) is what
//! §26.1.2 calls the answer producing a new chase, and counts however the check made it
//! possible.
//!
//! A king answering a check is left to 2011 §26.1.2 (idle whatever it creates) and 1999 §27.1.
//! Where the position with the check undone cannot be built (the answer took the checking
//! piece or went to its origin, facing kings; see `self_destroying::undo_check`) the chase
//! stands. What is not weighed: whether the check itself was a good move — the checker answers
//! for what it gave away whatever it gained.

use super::own_chase::counts;
use super::self_destroying::{undo_check, AnsweredCheck};
use super::{after_move, chased, ChaseTarget, Definitions};
use crate::Position;

/// The answered check and the chases the answer makes with that check undone, computed when
/// first asked for.
pub(super) struct Exposure<'a> {
    previous: Option<&'a Position>,
    before: &'a Position,
    after: &'a Position,
    defs: &'a Definitions,
    undone: Option<Option<(AnsweredCheck, Vec<ChaseTarget>)>>,
}

impl<'a> Exposure<'a> {
    /// For the move from `before` to `after`, `previous` being the position before the
    /// opponent's last move.
    pub(super) fn new(
        previous: Option<&'a Position>,
        before: &'a Position,
        after: &'a Position,
        defs: &'a Definitions,
    ) -> Exposure<'a> {
        Exposure {
            previous,
            before,
            after,
            defs,
            undone: None,
        }
    }

    /// The check that exposed the piece chased by `c` (found after the answer), when the
    /// edition makes such a chase the checker's doing and it is one in the sense above.
    pub(super) fn exposed(&mut self, c: &ChaseTarget) -> Option<&AnsweredCheck> {
        if self.defs.checker_exposed_chase.is_none() || !self.before.is_check() || c.overruled() {
            return None;
        }
        let (_, moved_to) = after_move(self.before, self.after)?;
        if c.by.contains(&moved_to) {
            return None; // the answering piece's own attack (§26.1.2, second clause)
        }
        let defs = self.defs;
        let (check, own) = self
            .undone
            .get_or_insert_with(|| {
                let (check, undone) = undo_check(self.previous, self.before, self.after)?;
                let own = chased(&undone, defs);
                Some((check, own))
            })
            .as_ref()?;
        let t = if c.target == check.to {
            check.from
        } else {
            c.target
        };
        let answers_own = own.iter().any(|e| {
            e.target == t
                && e.role == c.role
                && !e.overruled()
                && (counts(e, defs) || !counts(c, defs))
        });
        (!answers_own).then_some(check)
    }
}

/// The note for a chase that `check` exposed.
pub(super) fn note(c: &ChaseTarget, check: &AnsweredCheck, defs: &Definitions) -> Option<String> {
    let article = defs.checker_exposed_chase.as_ref()?;
    Some(format!(
        "{} on {} can be won only because {check} moved or exposed it: with that check undone \
         the answer would not chase it, so the checker answers for it (不得视为另一方造成) and \
         it is not a new chase of the answer ({article})",
        c.role, c.target
    ))
}

#[cfg(test)]
mod tests {
    use crate::history::played as history;
    use crate::law::classify::{classify, Definitions};
    use crate::law::MoveKind;
    use crate::Square;

    fn sq(s: &str) -> Square {
        s.parse().expect("a square")
    }

    /// The black rook d7 guards the black horse d4 against the red rook a4; it leaves to check
    /// on the e-file (d7-e7) and the red cannon blocks (c3-e3). Now the rook a4 can take the
    /// horse: 1999 §29.2 read literally calls the block a chase; 2011 §26.1.2, §26.3 put the
    /// horse's loss on the checker: with the check undone the block chases nothing, idle.
    const BLOCK: &str = "2bk5/9/3r5/9/2P6/R2n5/2C6/6N2/9/4K4 b - - 0 1";

    #[test]
    fn a_block_that_lets_a_rook_take_what_the_checker_left_is_idle_in_2011() {
        let h = history(BLOCK, "d7e7 c3e3");
        let c = classify(&h, 2, &Definitions::cxa_1999());
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("d4")]);
        let c = classify(&h, 2, &Definitions::cxa_2011());
        assert!(!c.class.has(MoveKind::Chase), "{:?}", c.class);
        assert!(
            c.class
                .notes
                .iter()
                .any(|n| n.contains("rook check d7-e7") && n.contains("§26.1.2, §26.3")),
            "{:?}",
            c.class.notes
        );
    }

    /// §26.1.2 "走动其他棋子应将后产生新的捉，判捉": the red horse blocking on e3 (g2-e3) attacks
    /// the unprotected black cannon g4, which it would attack with the check undone too: its own
    /// new chase, which counts; the horse d4 the checker left is not counted with it.
    #[test]
    fn the_answers_own_new_chase_counts() {
        let h = history(
            "2bk5/9/3r5/9/2P6/R2n2c2/2C6/6N2/9/4K4 b - - 0 1",
            "d7e7 g2e3",
        );
        let c = classify(&h, 2, &Definitions::cxa_2011());
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("g4")]);
        let c = classify(&h, 2, &Definitions::cxa_1999());
        assert_eq!(c.class.targets, vec![sq("d4"), sq("g4")], "{:?}", c.class);
    }

    /// A block that itself attacks the checking piece is the answer's own new chase (§26.1.2,
    /// second clause), in both editions: the black horse checks from d2 (c4-d2) and the red
    /// rook blocks its leg on d1 (a1-d1), where it attacks the unprotected horse beside it.
    #[test]
    fn a_block_that_attacks_the_checker_chases() {
        let h = history("5k3/9/9/9/9/2n6/9/9/R8/4K4 b - - 0 1", "c4d2 a1d1");
        for d in [Definitions::cxa_1999(), Definitions::cxa_2011()] {
            let c = classify(&h, 2, &d);
            assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
            assert_eq!(c.class.targets, vec![sq("d2")]);
        }
    }

    /// A king stepping back out of a rook's check (e1-e0) uncovers the red cannon a1's attack on
    /// the checking rook h1. 1999: a chase (the cannon's, not the king's own, §27.1). 2011
    /// §26.1.2 makes any king answer idle; without that article the checker's exposure would
    /// make it idle too, and with neither it is a chase.
    #[test]
    fn a_king_stepping_back_uncovers_an_attack_on_the_checker() {
        let h = history("5k3/9/9/9/7r1/9/9/9/C1N1K4/R5p2 b - - 0 1", "h5h1 e1e0");
        let c = classify(&h, 2, &Definitions::cxa_1999());
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("h1")]);
        let new = Definitions::cxa_2011();
        let c = classify(&h, 2, &new);
        assert_eq!(c.class.heaviest(), MoveKind::Idle, "{:?}", c.class);
        let exposure_only = Definitions {
            king_answers_check: None,
            ..new.clone()
        };
        let c = classify(&h, 2, &exposure_only);
        assert_eq!(c.class.heaviest(), MoveKind::Idle, "{:?}", c.class);
        assert!(
            c.class.notes.iter().any(|n| n.contains("rook check h5-h1")),
            "{:?}",
            c.class.notes
        );
        let neither = Definitions {
            checker_exposed_chase: None,
            ..exposure_only
        };
        let c = classify(&h, 2, &neither);
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
    }
}
