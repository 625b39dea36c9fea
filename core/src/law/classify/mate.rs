//! 杀 (mate threat): CXA 1999 §28.2 "凡走子企圖在下一著照將或連續照將,將死對方者,稱為"殺著",簡稱
//! "殺"."; 2011 §24.2 "凡走子企圖下一著將軍或連續將軍以將死對方者。稱"殺"。"
//!
//! # The reading
//!
//! A move that is not a check threatens mate when, with the same placement and the mover to move
//! again ("had it another move"), the mover mates by at most [`Depth::checks`](super::Depth::checks) consecutive
//! checking moves whatever the defender replies ([`mates_by_checks`]; three in both editions:
//! [`Definitions::mate_threat`]). A defender with no reply but one that leaves its king to be
//! taken is mated too ([`safe_moves`], for rules that let a king be left attacked).
//!
//! What is *not* checked: quiet moves inside the mating sequence (a mate that needs one is not
//! a threat by checks), and mates deeper than the depth. What a king answering a check threatens
//! (2011 §26.1.2, `king_answers_check.rs`) and a threat the answered check left behind (自斃,
//! 2011 §24.18, §26.3, `self_destroying.rs`) are settled here too, by those articles.
//!
//! The same searches serve the chase: a capture after which the opponent mates at once wins
//! nothing (1999 §29.4 "下一著吃子或得子后,不致被將死"; 2011 §24.3), [`mated_after`].

use super::self_destroying::{self, AnsweredCheck, Attribution};
use super::through_checks::FirstChecks;
use super::{king_answers_check, Definitions};
use crate::law::{MoveKind, PlyClass};
use crate::reference::RuleRef;
use crate::Position;

/// Adds the mate threat of the move from `before` to `after` (not a check) to `class`, given
/// `again`, the checking moves of the position after the move with the mover to move again,
/// and `king_answers`, the 2011 §26.1.2 article when the move is a king's answer to a check. Returns the answered check
/// when the threat is the checker's own doing (自斃), to be settled once the chases are known.
pub(super) fn threat(
    previous: Option<&Position>,
    before: &Position,
    after: &Position,
    again: &FirstChecks,
    king_answers: Option<&RuleRef>,
    defs: &Definitions,
    class: &mut PlyClass,
) -> Option<AnsweredCheck> {
    let mover = before.turn();
    if after.king(!mover).is_none() || !mates_by_checks_from(again, defs.mate_threat.checks) {
        return None;
    }
    if let Some(article) = king_answers {
        class
            .notes
            .push(king_answers_check::mate_threat_note(article));
        return None;
    }
    let attribution = self_destroying::attribute(previous, before, after, defs);
    if let Some(Attribution::SelfDestroying(check)) = attribution {
        return Some(check);
    }
    class.kinds.push(MoveKind::MateThreat);
    if let Some(k) = after.king(!mover) {
        class.targets.push(k);
    }
    class.notes.push(format!(
        "mate threat: with another move {mover} would mate by checks within {} moves ({})",
        defs.mate_threat.checks, defs.mate_threat.article
    ));
    if let Some(Attribution::NewMate(check)) = attribution {
        class
            .notes
            .extend(self_destroying::new_mate_note(&check, defs));
    }
    None
}

/// Whether the side to move mates by a sequence of at most `checks` checking moves, whatever
/// the defender replies.
pub fn mates_by_checks(pos: &Position, checks: u8) -> bool {
    if checks == 0 {
        return false;
    }
    // A move that gives no check starts no mate by checks.
    pos.find_check(|_, next| mated_by(next, checks))
}

/// [`mates_by_checks`] in the position of `first`, from its checking moves: the same answer
/// (a mate by checks starts with a check, or takes the king), the first checks and their
/// replies shared with the chase search made in the same position.
pub(super) fn mates_by_checks_from(first: &FirstChecks, checks: u8) -> bool {
    checks > 0
        && (first.takes_king()
            || first.list().iter().any(|c| {
                c.replies.is_empty()
                    || (checks > 1
                        && c.replies
                            .iter()
                            .all(|r| mates_by_checks(r.after(&c.next), checks - 1)))
            }))
}

/// Whether the legal move `m` of the side to move starts a mate by at most `checks` checking
/// moves (itself the first), whatever the defender replies.
pub fn mates_with(pos: &Position, m: crate::Move, checks: u8) -> bool {
    if checks == 0 {
        return false;
    }
    let mut next = pos.clone();
    next.make(m);
    mated_by(&mut next, checks)
}

/// Whether the side to move in `next`, just after the attacker's move, is mated by that move
/// and at most `checks - 1` further checking moves (`checks` ≥ 1): its king was taken, or the
/// move checks and every reply is mated so. `next` is left as it was.
fn mated_by(next: &mut Position, checks: u8) -> bool {
    let them = next.turn();
    if next.king(them).is_none() {
        return true; // king captured (rules allowing it)
    }
    if !next.is_check() {
        return false;
    }
    if checks == 1 {
        return no_safe_move(next);
    }
    let mut replies = safe_moves(next);
    refutations_first(next, &mut replies);
    replies.is_empty()
        || (checks > 1
            && replies.iter().all(|&r| {
                let undo = next.make(r);
                let mated = mates_by_checks(next, checks - 1);
                next.unmake(r, undo);
                mated
            }))
}

/// Orders the replies to a check so that the likeliest refutations come first: captures, then
/// king moves. Every search over replies asks whether *all* of them lose, so the order changes
/// how soon a refutation is met, never the answer.
pub(super) fn refutations_first(pos: &Position, replies: &mut crate::MoveList) {
    let king = pos.king(pos.turn());
    let rank = |m: &crate::Move| {
        if pos.board().get(m.to).is_some() {
            0
        } else if Some(m.from) == king {
            1
        } else {
            2
        }
    };
    replies.sort_by_key(rank);
}

/// Whether, after the capture `m`, the opponent mates at once.
pub(super) fn mated_after(pos: &Position, m: crate::Move) -> bool {
    let mut next = pos.clone();
    next.make(m);
    next.find_check(|_, after| after.king(after.turn()).is_none() || no_safe_move(after))
}

/// Whether [`safe_moves`] is empty, found without listing them under the standard king
/// safety (a legal move is safe there).
fn no_safe_move(pos: &Position) -> bool {
    if pos.rules().king_safety == crate::KingSafety::MayBeLeftAttacked {
        safe_moves(pos).is_empty()
    } else {
        pos.has_no_legal_moves()
    }
}

/// The legal moves after which the mover's king cannot be captured at once. Under standard
/// rules these are the legal moves; where a king may be left attacked (Jieqi, house rules) a
/// move that leaves it so loses the king, so a side with no other move is as good as mated.
pub fn safe_moves(pos: &Position) -> crate::MoveList {
    let mut moves = pos.legal_moves();
    if pos.rules().king_safety == crate::KingSafety::MayBeLeftAttacked {
        let us = pos.turn();
        moves.retain(|m| {
            let mut next = pos.clone();
            next.play_unchecked(*m);
            next.king(us).is_some() && !next.is_king_attacked(us)
        });
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::{mates_by_checks_from, no_safe_move, safe_moves};
    use crate::law::classify::testing::{last_move, pos};
    use crate::law::classify::through_checks::{checking_moves, FirstChecks};
    use crate::law::classify::{classify_move, mates_by_checks, Definitions};
    use crate::law::MoveKind;
    use crate::Position;

    /// The searches made from checking moves generated once per position answer as the plain
    /// searches: mates by checks at every depth, the checking moves themselves, and whether a
    /// side has a safe move; over mating nets and the positions of an opening, either side to
    /// move.
    #[test]
    fn shared_checking_moves_answer_as_the_plain_search() {
        let opening = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 g6g5 c3c4 b7b3 g3g4 g5g4 e2e6 g7e6";
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        let mut positions: Vec<Position> = [
            "4k4/9/9/9/9/9/9/9/9/R2K4R w - - 0 1",
            "4k4/4a4/9/9/9/9/9/9/9/R2K4R w - - 0 1",
            "4k4/9/9/9/9/9/9/9/R8/3K4R w - - 0 1",
            "3k5/4a4/6n2/4n4/9/5N3/P8/R8/9/5K3 w - - 0 1",
            "2r1k4/9/2c6/9/1N1N5/9/9/9/9/5K3 w - - 0 1",
            "R2k5/1R7/9/9/9/9/9/9/9/4K4 b - - 0 1",
        ]
        .into_iter()
        .map(pos)
        .collect();
        let moves: Vec<&str> = opening.split_whitespace().collect();
        for n in 1..=moves.len() {
            positions.push(last_move(start, &moves[..n].join(" ")).1);
        }
        for p in positions.iter().flat_map(|p| [p.clone(), p.passed()]) {
            let first = FirstChecks::new(&p);
            for checks in 0..=3 {
                assert_eq!(
                    mates_by_checks_from(&first, checks),
                    mates_by_checks(&p, checks),
                    "{checks} checks in {p:?}"
                );
            }
            let plain: Vec<_> = checking_moves(&p).iter().map(|c| c.m).collect();
            let shared: Vec<_> = first.list().iter().map(|c| c.m).collect();
            assert_eq!(plain, shared);
            assert_eq!(no_safe_move(&p), safe_moves(&p).is_empty());
        }
        assert!(no_safe_move(&positions[5]), "checkmated");
    }

    /// The mate-threat depth of the 1999 definitions is three consecutive checks (§28.2:
    /// "下一着照将或连续照将，将死对方"): pinned on both sides of the boundary.
    #[test]
    fn mate_threat_depth_is_three_checks() {
        // Two rooks against a bare king: mate in three checks, not fewer.
        let three = pos("4k4/9/9/9/9/9/9/9/9/R2K4R w - - 0 1");
        assert!(!mates_by_checks(&three, 2));
        assert!(mates_by_checks(&three, 3));
        // With an advisor on e8 it takes four checks: beyond the 1999 depth.
        let four = pos("4k4/4a4/9/9/9/9/9/9/9/R2K4R w - - 0 1");
        assert!(!mates_by_checks(&four, 3));
        assert!(mates_by_checks(&four, 4));

        let defs = Definitions::cxa_1999();
        assert_eq!(defs.mate_threat.checks, 3);
        // A quiet rook move that sets up the three-check mate is a mate threat (杀)...
        let before = pos("4k4/9/9/9/9/9/9/9/R8/3K4R w - - 0 1");
        let mut after = before.clone();
        after.play("a1a0".parse().expect("ICCS")).expect("legal");
        let c = classify_move(&before, &after, &defs);
        assert_eq!(c.class.heaviest(), MoveKind::MateThreat, "{:?}", c.class);
        // ... but not when the mate needs four checks.
        let before = pos("4k4/4a4/9/9/9/9/9/9/R8/3K4R w - - 0 1");
        let mut after = before.clone();
        after.play("a1a0".parse().expect("ICCS")).expect("legal");
        let c = classify_move(&before, &after, &defs);
        assert_ne!(c.class.heaviest(), MoveKind::MateThreat, "{:?}", c.class);
    }
}
