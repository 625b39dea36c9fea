//! 从捉到捉 across the opponent's check or mate threat: an attack the mover already had after
//! its own previous move, which the opponent's last move only suspended, is not a new chase when
//! the move answers that check or parries that mate.
//!
//! - 1999 §29.2 "“捉”產生于剛走的這著棋，上一著尚不存在": a chase must not have existed at the
//!   mover's previous move. Chapter 7 example 6: "凡是原来已经捉着子的子或相关子，走动后无新的捉子
//!   行为（即从捉到捉），均按闲着处理" (examples 6–8: a piece dodging, a piece moving while another
//!   keeps its standing attack, is idle).
//! - 2011 §26.1.1 "走動后其他子產生新的“捉”" and §26.1.2 "走動其他棋子應將后產生新的“捉”或
//!   “殺”，判“捉”或“殺”": only a *new* chase made by an answer to a check counts.
//!
//! The ordinary new-chase test compares the chases after the move with those before it, in the
//! position the opponent's last move left. When that move checked, no capture but an answer to
//! the check is legal there; when it threatened mate in one, a capture that lets the mate
//! through is no chase (1999 §29.4, 2011 §24.3 "得子后不致立即被对方将死"). Either way the
//! mover's standing attacks vanish from that comparison and reappear after the answer, looking
//! new. Chapter 7 example 2 marks the boundary: there the rook gave up its attack by checking
//! (its own move) and came back, "从没捉到捉", a chase; here the mover did nothing to its attack.
//!
//! # The reading
//!
//! A chase of the piece on `t`, found after the move, is *standing* (not new) when all of these
//! hold:
//!
//! 1. after the mover's own previous move (the position before the opponent's last move, the
//!    mover to move again) the same piece on `t` was chased too, by an attack no article
//!    overruled;
//! 2. the opponent's last move neither moved that piece nor moved onto `t`;
//! 3. the opponent's last move suspended the attack: it checked (the mover is in check before
//!    the move), or each capture of `t` by the earlier attackers was still legal before the
//!    move and would have been answered by mate at once (a threat of mate in one that made the
//!    capture fatal; for a win through checks, see below).
//!
//! Then the move only answered the check or parried the mate, as far as that attack goes. As
//! in the ordinary test (and chapter 7 examples 6–8, "原来已经捉着子的子或相关子"), the chase is
//! compared by its target, not by its attackers: a piece that attacked `t` and still does after
//! moving, or another piece taking over the attack, makes no new chase.
//!
//! What is *not* checked: whether the opponent's last move also changed `t`'s protection (a
//! check that also gave it a root, which the answer then cut off): the attack is taken as
//! standing since it stood after the mover's previous move, which is what 1999 §29.2
//! "上一著尚不存在" compares with. A suspension by other means (the opponent pinning an
//! attacker to its king, blocking its line) is not covered: the articles and examples speak of
//! checks and mates only, and the answer to such a move is an ordinary move. For an attack
//! that wins through checks (连续照将吃子) the mate threat is not traced through the checking
//! line: it counts as suspended when the opponent, to move before the answer, would mate with
//! one check.

use super::mate::mated_after;
use super::{after_move, chased, mates_by_checks, ChaseTarget, ChaseVia, Definitions};
use crate::{Color, Position};

/// How the opponent's last move suspended a standing attack.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Suspension {
    /// It checked: no capture but an answer to the check was legal.
    Check,
    /// It threatened mate in one: the capture would have been answered by mate at once.
    MateThreat,
}

/// The chases the mover had after its own previous move, computed when first asked for.
pub(super) struct StandingAttacks<'a> {
    previous: Option<&'a Position>,
    before: &'a Position,
    defs: &'a Definitions,
    earlier: Option<Option<Vec<ChaseTarget>>>,
}

impl<'a> StandingAttacks<'a> {
    /// For the move from `before`, `previous` being the position before the opponent's last
    /// move.
    pub(super) fn new(
        previous: Option<&'a Position>,
        before: &'a Position,
        defs: &'a Definitions,
    ) -> StandingAttacks<'a> {
        StandingAttacks {
            previous,
            before,
            defs,
            earlier: None,
        }
    }

    /// How the opponent's last move suspended the chase `c` (found after the move) if it is a
    /// standing attack in the sense of the module notes; `None` when it is not.
    pub(super) fn suspended(&mut self, c: &ChaseTarget) -> Option<Suspension> {
        let previous = self.previous?;
        let mover = self.before.turn();
        if previous.turn() == mover || c.overruled() {
            return None;
        }
        let (x_from, x_to) = after_move(previous, self.before)?;
        if c.target == x_from || c.target == x_to {
            return None;
        }
        // Cheap first: a check, or some capture of the target answered by mate at once (for a
        // win through checks: a threat of mate in one).
        let checked = self.before.is_check();
        let threat = !checked
            && if c.via == ChaseVia::Checks {
                threatens_mate_in_one(self.before)
            } else {
                any_fatal(self.before, c)
            };
        if !checked && !threat {
            return None;
        }
        let defs = self.defs;
        let earlier = self
            .earlier
            .get_or_insert_with(|| {
                let again = previous.passed();
                (again.turn() == mover).then(|| chased(&again, defs))
            })
            .as_ref()?;
        let e = earlier
            .iter()
            .find(|e| e.target == c.target && e.role == c.role && !e.overruled())?;
        if checked {
            return Some(Suspension::Check);
        }
        let fatal = if e.via == ChaseVia::Checks || c.via == ChaseVia::Checks {
            c.via == ChaseVia::Checks || threatens_mate_in_one(self.before)
        } else {
            fatal(self.before, e)
        };
        fatal.then_some(Suspension::MateThreat)
    }
}

/// Whether some capture of the target of `c` is legal in `before` and answered by mate at once.
fn any_fatal(before: &Position, c: &ChaseTarget) -> bool {
    before
        .legal_captures()
        .iter()
        .any(|&m| m.to == c.target && mated_after(before, m))
}

/// Whether the opponent, were it to move in `before`, would mate with one check: the threat
/// that suspends a win through checks (its final capture would be answered by that mate).
fn threatens_mate_in_one(before: &Position) -> bool {
    mates_by_checks(&before.passed(), 1)
}

/// Whether each capture of the target of `e` (a chase found after the mover's previous move)
/// by its attackers is still legal in `before` (not in check) and answered by mate at once.
fn fatal(before: &Position, e: &ChaseTarget) -> bool {
    if e.by.is_empty() {
        return false;
    }
    let caps = before.legal_captures();
    e.by.iter().all(|&a| {
        caps.iter()
            .find(|m| m.from == a && m.to == e.target)
            .is_some_and(|&m| mated_after(before, m))
    })
}

/// The note for a standing attack that the opponent's last move suspended `how`.
pub(super) fn note(c: &ChaseTarget, how: Suspension, mover: Color, defs: &Definitions) -> String {
    let what = match how {
        Suspension::Check => "check",
        Suspension::MateThreat => "threat of mate in one (taking it would be answered by mate)",
    };
    let by: Vec<String> = c.by.iter().map(|s| s.to_string()).collect();
    format!(
        "{} on {} was attacked by {} after {mover}'s previous move too; {}'s {what} only \
         suspended the attack, and this move answers it: from chase to chase (从捉到捉), not a \
         new chase ({})",
        c.role,
        c.target,
        by.join(", "),
        !mover,
        defs.standing_attack
    )
}

#[cfg(test)]
mod tests {
    use crate::history::played as history;
    use crate::law::classify::{classify, Definitions};
    use crate::law::MoveKind;

    fn editions() -> [Definitions; 2] {
        [Definitions::cxa_1999(), Definitions::cxa_2011()]
    }

    /// Chapter 7 example 6 (从捉到捉) across a check: the red rook a9 attacks the unprotected
    /// advisor f9 throughout; the black horse checks (g3-h1) and the red king steps back (f0-e0).
    /// The king's answer leaves the rook's attack as it was after Red's previous move: idle, not
    /// a chase (1999 §29.2; 2011 §26.1.2 calls a king's answer idle anyway).
    #[test]
    fn answering_a_check_keeps_a_standing_attack_idle() {
        let h = history("R4a3/3k5/9/9/9/9/6n2/9/9/4K4 w - - 0 1", "e0f0 g3h1 f0e0");
        let d = Definitions::cxa_1999();
        let c = classify(&h, 3, &d);
        assert_eq!(c.class.heaviest(), MoveKind::Idle, "{:?}", c.class);
        assert!(
            c.class
                .notes
                .iter()
                .any(|n| n.contains("从捉到捉") && n.contains("§29.2") && n.contains("check")),
            "{:?}",
            c.class.notes
        );
        let c = classify(&h, 3, &Definitions::cxa_2011());
        assert_eq!(c.class.heaviest(), MoveKind::Idle, "{:?}", c.class);
    }

    /// Chapter 7 example 6 across a mate threat: the black rook c2 attacks the unprotected red
    /// horse a2 from ply 1; Red's rook comes to h5 threatening 车h5-h9 mate, so taking the horse
    /// would be answered by mate; the black cannon e8-e7 parries (the king gets e8). The rook's
    /// attack only stood suspended: idle in both editions.
    #[test]
    fn parrying_a_mate_keeps_a_standing_attack_idle() {
        let h = history("3ak4/4c4/9/9/1Rr6/9/9/N8/9/3K5 b - - 0 1", "c5c2 b5h5 e8e7");
        for d in editions() {
            let c = classify(&h, 3, &d);
            assert_eq!(c.class.heaviest(), MoveKind::Idle, "{:?}", c.class);
            assert!(
                c.class
                    .notes
                    .iter()
                    .any(|n| n.contains("从捉到捉") && n.contains("mate")),
                "{:?}",
                c.class.notes
            );
        }
        // Ply 1 brought the attack: a chase.
        for d in editions() {
            assert_eq!(classify(&h, 1, &d).class.heaviest(), MoveKind::Chase);
        }
    }

    /// Chapter 7 example 2 is the boundary: the rook gave up its attack on the horse by checking
    /// (its own move), so coming back is a new chase (从没捉到捉), the check notwithstanding.
    #[test]
    fn an_attack_given_up_by_the_movers_own_check_is_new() {
        let h = history("5k3/9/6n2/9/9/6R2/9/9/9/3K5 w - - 0 1", "g4f4 f9e9 f4g4");
        for d in editions() {
            let c = classify(&h, 3, &d);
            assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        }
    }
}
