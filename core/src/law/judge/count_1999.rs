//! The 1999 count and the time to change (CXA 1999 §23.2, §24).
//!
//! - §24: "在对局中出现双方着法循环反复三次，一方棋手要求裁决，称为待判局面。"
//! - §24.2: "双方均为允许着法或禁止着法，符合不变作和规定，立即判和。"
//! - §24.3: "一方为禁止着法另一方为允许着法，犯禁方必须立即变着，若再重复一次循环，即判负。"
//! - §23.2: "循环反复局面达三次后仍在延续，即使双方都没有提和，裁判有权判和。"
//!
//! # The reading
//!
//! "循环反复三次" counts occurrences of the last position (same placement, same side to move),
//! as [`RepetitionCount`] says: cxa-1999 reads three full cycles, the fourth occurrence. The
//! conduct of each side is read over every ply from the first of the counted occurrences to
//! the last. A draw is ruled at once (§24.2). A side that must change loses once the position
//! of the pending ruling occurs again with its conduct still forbidden (§24.3 "再重复一次循环"),
//! and the loss stays claimable while the loop goes on ([`repeated_again`]); the loop broken,
//! the obligation is met. AXF rule 3 ("still repeats the violation three times") waits for
//! [`VerdictTable::loses_after`](super::VerdictTable::loses_after) recurrences, each after a
//! cycle in which the side still violated, by whatever route. Forbidden here means a conduct
//! the table does not draw: AXF draws 一将一捉 and the like, so a side that must change and
//! turns to one of them has changed.
//!
//! The obligation is met when the loop is broken (the last position no longer repeats an
//! earlier one) or when the side has changed its moves (变着) though positions still recur: its
//! last cycle is no longer forbidden. The loop under way is then judged afresh at the count, so
//! that a side which changed to allowed moves is not held to its old obligation (asian-cup.pgn
//! game 76 under axf: Red's perpetual check becomes three checks and a mate threat, and the
//! repetition that follows is a draw, as the players agreed).
//!
//! Not checked: "立即变着" as such. The obligation is broken only when the position of the
//! pending ruling comes round again with the side's conduct still forbidden.

use super::conduct::report;
use super::ruling::{ordinal, termination_for, times};
use super::{RepetitionLaw, ViolationPolicy};
use crate::history::GameHistory;
use crate::law::{Conduct, Outlook, RepetitionRuling};
use crate::outcome::{GameEnd, GameResult};

/// What "循环反复三次" (1999 §24, §4.2.3; 2011 §23.1) counts: the text says "the moves of both
/// sides go round and repeat three times" and does not say from where.
///
/// - [`RepetitionCount::Occurrences`]: a position (same placement, same side to move) seen for
///   the third time — two cycles after its first occurrence.
/// - [`RepetitionCount::Cycles`]: the loop gone round three full cycles — its first position
///   seen for the fourth time. 2011 §23.4 defines the same phrase so: "在两个点上反复三次为六个
///   回合" (three times on two points is six rounds, three cycles of four plies), counting from
///   the move that enters the loop (§23.2), which 1999 has no article for.
///
/// `repetitions` = 3 with either: the third occurrence, or the fourth.
///
/// cxa-1999 reads three full cycles. The text allows both; 2011 §23.4 glosses the phrase as
/// three cycles, and the players of the 2003–2007 A-league games in the CCPD corpus, playing
/// under the 1999 rules, kept to it: read as the third occurrence, 25 of those games had a
/// perpetual check the opponent could have claimed as a win and did not; read as three full
/// cycles, one (docs/real-games.md, pinned by `tests/tests/real_games.rs`).
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum RepetitionCount {
    /// The `repetitions`-th occurrence of a position.
    #[default]
    Occurrences,
    /// `repetitions` full cycles: the (`repetitions` + 1)-th occurrence of a position.
    Cycles,
}

impl RepetitionCount {
    /// The occurrences of a position that reach `repetitions` under this count.
    pub const fn occurrences(self, repetitions: u32) -> u32 {
        match self {
            RepetitionCount::Occurrences => repetitions,
            RepetitionCount::Cycles => repetitions + 1,
        }
    }

    /// How the count reads, in words: "the 3rd occurrence of a position" or "three full cycles
    /// (the 4th occurrence of a position)".
    pub fn describe(self, repetitions: u32) -> String {
        match self {
            RepetitionCount::Occurrences => {
                format!("the {} occurrence of a position", ordinal(repetitions))
            }
            RepetitionCount::Cycles => format!(
                "{} full cycles (the {} occurrence of a position)",
                repetitions,
                ordinal(repetitions + 1)
            ),
        }
    }
}

impl RepetitionLaw {
    /// The 1999 procedure.
    pub(super) fn rule_1999(
        &self,
        history: &GameHistory,
        pending: Option<&RepetitionRuling>,
    ) -> Option<RepetitionRuling> {
        let ply = history.ply_count();
        let repeated = history.previous_occurrence(ply).is_some();
        if let Some(RepetitionRuling::Pending {
            must_change,
            rule,
            since_ply,
            reason,
            ..
        }) = pending
        {
            if !repeated {
                return None; // the loop is broken: the obligation is met
            }
            let first = history.previous_occurrence(ply).map_or(1, |q| q + 1);
            let sides = self.conducts(history, first, ply);
            let offender = &sides[must_change.index()];
            let c = offender.conduct;
            let found = report(history, first, ply, &sides);
            if !self.violates(c) {
                // The side has changed its moves (变着): its cycle is no longer forbidden,
                // though positions still recur. The obligation is met, and the loop is judged
                // afresh at the count (AXF rule 3: it no longer "repeats the violation").
                return self.judge_at_count(history);
            }
            let times = self.table.loses_after;
            // An earlier recurrence counts when the side still broke the law in the cycle
            // that led to it.
            let violated = |r: u32| {
                let from = history.previous_occurrence(r).map_or(1, |q| q + 1);
                self.violates(self.conducts(history, from, r)[must_change.index()].conduct)
            };
            if let Some(again) = repeated_again(history, *since_ply, ply, times, violated)
                .filter(|_| self.violates(c))
            {
                let still = if again < ply {
                    format!(" at ply {again}, and the loop has gone on since")
                } else {
                    String::new()
                };
                let end = GameEnd {
                    result: GameResult::win_for(!*must_change),
                    termination: termination_for(c),
                    rule: self.cite(self.articles.did_not_change),
                    offender: Some(*must_change),
                    ply,
                    explanation: format!(
                        "{must_change} had to change ({rule}) but repeated the loop {} with {}{still}",
                        if times <= 1 {
                            "once more".to_owned()
                        } else {
                            format!("{times} more times")
                        },
                        self.named_with_article(offender)
                    ),
                };
                return Some(RepetitionRuling::Decided { end, found });
            }
            return Some(RepetitionRuling::Pending {
                must_change: *must_change,
                rule: rule.clone(),
                since_ply: *since_ply,
                found,
                reason: reason.clone(), // why this side had to change, as first ruled
            });
        }
        self.judge_at_count(history)
    }

    /// The ruling on the loop under way when its last position has reached the count, if it
    /// has (1999 §24 "循环反复三次"; AXF rule 3, Section 2).
    fn judge_at_count(&self, history: &GameHistory) -> Option<RepetitionRuling> {
        let ply = history.ply_count();
        let needed = self.table.count.occurrences(self.table.repetitions);
        if history.occurrences(ply) < needed {
            return None;
        }
        let first = Self::loop_start(history, needed)?;
        let sides = self.conducts(history, first, ply);
        let found = report(history, first, ply, &sides);
        Some(self.ruling(self.rule_on(&sides), found, ply, ""))
    }

    /// Whether conduct `c` still breaks the law for a side that must change: the table gives it
    /// a policy other than a draw. (In the CXA tables every conduct but the allowed one is
    /// forbidden; AXF draws 一将一捉 and the like, so a checker that must change (Section 2.3)
    /// and turns to one check one chase has changed.)
    fn violates(&self, c: Conduct) -> bool {
        matches!(
            self.table.policy(c),
            Some(ViolationPolicy::Loses | ViolationPolicy::MustChange)
        )
    }

    /// The first ply of the stretch in which the last position occurred `n` times.
    fn loop_start(history: &GameHistory, n: u32) -> Option<u32> {
        let mut p = history.ply_count();
        for _ in 1..n {
            p = history.previous_occurrence(p)?;
        }
        Some(p + 1)
    }

    /// What the 1999 count expects of the loop under way after the last ply, if it has not
    /// reached the count yet ([`RepetitionJudge::outlook`](super::RepetitionJudge::outlook)).
    pub(super) fn outlook_1999(&self, history: &GameHistory) -> Option<Outlook> {
        let ply = history.ply_count();
        let period = ply - history.previous_occurrence(ply)?;
        let count = self.cite(self.articles.count);
        let needed = self.table.count.occurrences(self.table.repetitions);
        let seen = history.occurrences(ply);
        if seen >= needed {
            return None;
        }
        let due = ply + (needed - seen) * period;
        let explanation = format!(
            "a loop of {period} plies is under way: the position after ply {ply} has occurred {} and is judged at its {} occurrence, at ply {due}, if the loop goes on (循环反复三次 read as {}, {count})",
            times(seen),
            ordinal(needed),
            self.table.count.describe(self.table.repetitions),
        );
        Some(Outlook {
            due_ply: due,
            rule: count,
            explanation,
        })
    }
}

/// 1999 §24.3 "若再重复一次循环，即判负" (AXF rule 3 "still repeats the violation three times"):
/// the last ply at which the position of the pending ruling (after ply `since`) occurred
/// again, provided the loop has gone on unchanged from there to `ply` (every position since
/// recurs one period earlier), so that the loss, once incurred, can be claimed while the loop
/// goes on; and provided that position has come round `times` times since the ruling, each
/// earlier recurrence counting only if the side that must change still broke the law in the
/// cycle that led to it (`violated`, asked of the ply of the recurrence; the last is the
/// caller's to check). `None` before that.
///
/// The earlier recurrences are not required to come by the same loop: a side that keeps its
/// violation but varies its route through the pending position has not changed its conduct.
fn repeated_again(
    history: &GameHistory,
    since: u32,
    ply: u32,
    times: u32,
    violated: impl Fn(u32) -> bool,
) -> Option<u32> {
    let period = ply - history.previous_occurrence(ply)?;
    let pending = history.key(since);
    let mut q = ply;
    let last = loop {
        if q <= since {
            return None;
        }
        if history.key(q) == pending {
            break q;
        }
        if history.previous_occurrence(q) != Some(q - period) {
            return None; // the loop did not go on from here
        }
        q -= 1;
    };
    if times <= 1 {
        return Some(last);
    }
    let earlier = (since + 1..last)
        .filter(|&r| history.key(r) == pending && violated(r))
        .count() as u32;
    (earlier + 1 >= times).then_some(last)
}

#[cfg(test)]
mod tests {
    use super::super::ruling::tests::{axf_law, law};
    use super::super::RepetitionJudge;
    use super::*;
    use crate::{MoveRules, Position};

    /// FSF 1160 (AXF rule 15): the red cannon c2-a2 hits the black rook a7, which shuttles
    /// a7/b7 with the cannon after it (a2/b2). The position after ply 1 comes round after plies
    /// 5 and 9 (its third occurrence: Red must change) and again after 13, 17 and 21.
    const FSF_1160: &str = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1";

    /// The first `plies` plies of FSF 1160 with its loop kept up.
    fn chase_1160(plies: usize) -> GameHistory {
        let start = Position::from_fen(FSF_1160, MoveRules::STANDARD).expect("legal");
        let mut h = GameHistory::new(start);
        let loop_moves = ["a7b7", "a2b2", "b7a7", "b2a2"];
        let moves = std::iter::once("c2a2").chain(loop_moves.into_iter().cycle());
        for m in moves.take(plies) {
            h.push(m.parse().expect("ICCS")).expect("legal");
        }
        h
    }

    /// AXF rule 3 ("still repeats the violation three times"): the position of the pending
    /// ruling (after ply 9) has come round three more times only at ply 21; CXA 1999 §24.3
    /// ("若再重复一次循环") needs it once, at ply 13. Past that, the ply found stays the last
    /// recurrence while the loop goes on.
    #[test]
    fn the_pending_position_counts_its_recurrences() {
        let at = |plies: usize, times: u32| {
            let h = chase_1160(plies);
            repeated_again(&h, 9, h.ply_count(), times, |_| true)
        };
        assert_eq!([at(13, 3), at(17, 3), at(21, 3)], [None, None, Some(21)]);
        assert_eq!(at(22, 3), Some(21));
        assert_eq!(
            [at(12, 1), at(13, 1), at(17, 1)],
            [None, Some(13), Some(17)]
        );
        assert_eq!(at(13, 0), Some(13), "0 is read as once");
    }

    /// The rook steps a7-a8 at ply 14 instead of a7-b7 and comes back, the cannon going to b2
    /// and back: the position of the pending ruling (after ply 9) comes round after plies 13,
    /// 17 and 21, the second time by another route. A recurrence counts when the side still
    /// broke the law in the cycle that led to it, whatever the route; one after a cycle
    /// without the violation does not. (Replayed, the new position after ply 14 would already
    /// have met the obligation; the count is what is shown here.)
    #[test]
    fn recurrences_count_when_the_violation_went_on_whatever_the_route() {
        let start = Position::from_fen(FSF_1160, MoveRules::STANDARD).expect("legal");
        let mut h = GameHistory::new(start);
        let moves = "c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2 \
                     a7a8 a2b2 a8a7 b2a2 a7b7 a2b2 b7a7 b2a2";
        for m in moves.split_whitespace() {
            h.push(m.parse().expect("ICCS")).expect("legal");
        }
        assert_eq!(repeated_again(&h, 9, 21, 3, |_| true), Some(21));
        assert_eq!(repeated_again(&h, 9, 21, 3, |r| r != 17), None);
        assert_eq!(repeated_again(&h, 9, 21, 1, |_| false), Some(21));
        // Red's cycle 14–17 (a2-b2 chases nothing, the rook being on a8) broke the chase.
        let j = axf_law();
        let pending = j.rule(&chase_1160(9), None).expect("pending");
        assert!(matches!(
            j.rule(&h, Some(&pending)),
            Some(RepetitionRuling::Pending { .. })
        ));
    }

    /// The ply at which a side that had to change loses, judged after every ply as a game is
    /// replayed (the pending ruling kept while the loop goes on), with the explanation.
    fn loss(j: &RepetitionLaw, plies: usize) -> Option<(u32, String)> {
        let mut pending = None;
        for n in 1..=plies {
            let h = chase_1160(n);
            if pending.is_none() && !j.watches(&h) {
                continue;
            }
            match j.rule(&h, pending.as_ref()) {
                Some(RepetitionRuling::Decided { end, .. }) => {
                    return Some((end.ply, end.explanation));
                }
                Some(r) => pending = Some(r),
                None => pending = None,
            }
        }
        None
    }

    /// AXF rule 3: told to change at ply 9, Red loses when the position has come round three
    /// more times (ply 21), the ruling naming the rook it kept chasing; with CXA 1999's count
    /// of one more time (`loses_after` 1), at ply 13.
    #[test]
    fn the_side_that_must_change_loses_after_the_recurrences_of_the_table() {
        let j = axf_law();
        assert_eq!(loss(&j, 20), None);
        let (ply, why) = loss(&j, 21).expect("lost");
        assert_eq!(ply, 21);
        assert_eq!(
            why,
            "red had to change (axf Section 2.4) but repeated the loop 3 more times with 长捉 \
             (perpetual chase, chasing the rook on a7, followed from b7; axf rules 16, 32, 33)"
        );
        let mut once = axf_law();
        once.table.loses_after = 1;
        assert_eq!(loss(&once, 13).map(|(p, _)| p), Some(13));
    }

    /// A side that must change has changed when its conduct is one the table draws: under AXF
    /// one check one chase (rule 12) is no violation, under CXA it is.
    #[test]
    fn only_conducts_the_table_forbids_keep_the_obligation() {
        let axf = axf_law();
        assert!(axf.violates(Conduct::PerpetualCheck) && axf.violates(Conduct::PerpetualChase));
        assert!(!axf.violates(Conduct::CheckAndChase) && !axf.violates(Conduct::Allowed));
        assert!(law().violates(Conduct::CheckAndChase));
    }

    /// 1999 §24 "循环反复三次" read as three full cycles is the fourth occurrence of a position;
    /// read as occurrences (a house knob), the third.
    #[test]
    fn three_full_cycles_are_the_fourth_occurrence() {
        assert_eq!(RepetitionCount::Cycles.occurrences(3), 4);
        assert_eq!(RepetitionCount::Occurrences.occurrences(3), 3);
        assert_eq!(
            RepetitionCount::Cycles.describe(3),
            "3 full cycles (the 4th occurrence of a position)"
        );
        assert_eq!(
            RepetitionCount::Occurrences.describe(3),
            "the 3rd occurrence of a position"
        );
    }
}
