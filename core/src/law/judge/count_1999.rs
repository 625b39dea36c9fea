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
//! and the loss stays claimable while the loop goes on ([`repeated_again`]; AXF rule 3 waits
//! for [`VerdictTable::loses_after`](super::VerdictTable::loses_after) recurrences); the loop
//! broken, the obligation is met.
//!
//! Not checked: "立即变着" as such. The obligation is met as soon as the last position no
//! longer repeats an earlier one, and broken only when the position of the pending ruling
//! comes round again with the side's conduct still forbidden.

use super::conduct::report;
use super::ruling::{ordinal, termination_for, times};
use super::RepetitionLaw;
use crate::history::GameHistory;
use crate::law::{Outlook, RepetitionRuling};
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
            let times = self.table.loses_after;
            if let Some(again) =
                repeated_again(history, *since_ply, ply, times).filter(|_| c.is_forbidden())
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
                        offender.named()
                    ),
                };
                return Some(RepetitionRuling::Decided { end, found });
            }
            return Some(RepetitionRuling::Pending {
                must_change: *must_change,
                rule: rule.clone(),
                since_ply: *since_ply,
                found,
                reason: None,
            });
        }
        let needed = self.table.count.occurrences(self.table.repetitions);
        if history.occurrences(ply) < needed {
            return None;
        }
        let first = Self::loop_start(history, needed)?;
        let sides = self.conducts(history, first, ply);
        let found = report(history, first, ply, &sides);
        Some(self.ruling(self.rule_on(&sides), found, ply, ""))
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
/// again, once it has come round `times` times with the loop going on unchanged from the first
/// of them to `ply` (every position since recurs one period earlier), so that the loss, once
/// incurred, can be claimed while the loop goes on. `None` before that.
fn repeated_again(history: &GameHistory, since: u32, ply: u32, times: u32) -> Option<u32> {
    let period = ply - history.previous_occurrence(ply)?;
    let mut found = Vec::new();
    let mut q = ply;
    while q > since {
        if history.key(q) == history.key(since) {
            found.push(q);
            if found.len() as u32 >= times.max(1) {
                return found.first().copied();
            }
        }
        if history.previous_occurrence(q) != Some(q - period) {
            return None; // the loop did not go on from here
        }
        q -= 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

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
