//! The 2011 count and the two rounds to change (CXA 2011 trial §23.1–23.3, §23.5).
//!
//! - §23.1: "在对局中出现双方着法循环反复达三次，称为“重复局面”一方棋手要求裁决，此局面称为
//!   待判局面。"
//! - §23.2: "在判断是否已达“重复局面”时，即形成循环之首着（通常为“外来点”）应计算在内。如首着为
//!   “吃子”应予扣除，不计算在循环反复之内。"
//! - §23.3: "双方重复局面不足三次，裁判不予受理。"
//! - §23.4 (first sentence): "在两个点上反复三次为六个回合。"
//! - §23.5.2: "其他待判局面，均允许单方两个回合内变着。" §23.5.2.1: "符合25.2和26.8.4条款，双方
//!   不变判和。" §23.5.2.2: "符合25.3、26.8.1、26.8.2和26.8.3条款，应变着一方不变判负。"
//!
//! # The reading
//!
//! As [`Counting::Cxa2011`](super::Counting::Cxa2011) says: the loop's period `p` is the
//! distance to the last position's previous occurrence; its first move is the move that
//! produced the earliest position from which every position recurs `p` plies later, counted
//! unless a capture ([`Count2011`]); the position is pending when the counted plies reach
//! `3p − 1`. Conduct is read over the last two periods. A side that must change loses at its
//! second move after the pending position if the loop went on with its period; a draw is
//! pending from the pending position and declared two rounds (four plies) later if neither
//! side changed ([`RepetitionRuling::DrawPending`]).
//!
//! Not checked: a record that starts inside the loop counts the unrecorded move that led to
//! its start position, assumed not a capture. The nine-round rule (§23.4, second sentence) is
//! in `nine_rounds.rs`.

use super::conduct::report;
use super::ruling::{termination_for, Finding};
use super::RepetitionLaw;
use crate::history::GameHistory;
use crate::law::classify::classify_keyed;
use crate::law::{Outlook, RepetitionRuling};
use crate::outcome::{GameEnd, GameResult};
use crate::Color;

impl RepetitionLaw {
    /// The 2011 procedure (see [`Counting::Cxa2011`](super::Counting::Cxa2011)).
    pub(super) fn rule_2011(
        &self,
        history: &GameHistory,
        pending: Option<&RepetitionRuling>,
    ) -> Option<RepetitionRuling> {
        let ply = history.ply_count();
        if let Some(RepetitionRuling::Pending {
            must_change,
            rule,
            since_ply,
            found,
            ..
        }) = pending
        {
            if !self.unchanged_2011(history, *must_change, *since_ply, ply) {
                return None; // changed within two rounds: the obligation is met
            }
            // Only whether it has made two moves matters: counted up to two.
            let moves = (*since_ply + 1..=ply)
                .filter(|&p| history.position(p - 1).turn() == *must_change)
                .take(2)
                .count();
            if moves < 2 {
                return pending.cloned();
            }
            let c = match must_change {
                Color::Red => found.red,
                Color::Black => found.black,
            };
            let end = GameEnd {
                result: GameResult::win_for(!*must_change),
                termination: termination_for(c),
                rule: self.cite(self.articles.did_not_change),
                offender: Some(*must_change),
                ply,
                explanation: format!(
                    "{must_change} had to change within two rounds ({rule}) but went on with {} ({})",
                    c.chinese(),
                    c.english()
                ),
            };
            return Some(RepetitionRuling::Decided {
                end,
                found: found.clone(),
            });
        }
        let now = match self.loop_2011(history, ply) {
            Some(r) => r,
            None => self.nine_rounds_2011(history, ply),
        };
        // A draw pending since an earlier ply stays pending since then (§23.5.2.1).
        match (pending, now) {
            (
                Some(RepetitionRuling::DrawPending {
                    since_ply, due_ply, ..
                }),
                Some(RepetitionRuling::DrawPending {
                    rule,
                    found,
                    explanation,
                    ..
                }),
            ) => Some(RepetitionRuling::DrawPending {
                rule,
                since_ply: *since_ply,
                due_ply: *due_ply,
                found,
                explanation,
            }),
            (_, now) => now,
        }
    }

    /// The exact loop ending at `ply` under the 2011 count: `None` when there is no pending
    /// position there, `Some(ruling)` otherwise (a draw not yet due is
    /// [`RepetitionRuling::DrawPending`]).
    fn loop_2011(&self, history: &GameHistory, ply: u32) -> Option<Option<RepetitionRuling>> {
        let count = count_2011(history, ply)?;
        let (period, counted) = (count.period, count.counted);
        let due = 3 * period - 1;
        if counted < due {
            return None;
        }
        let first = (ply + 1).saturating_sub(2 * period).max(1);
        let sides = self.conducts(history, first, ply);
        let found = report(history, first, ply, &sides);
        let finding = self.rule_on(&sides).noting(&count.describe());
        match finding {
            // §23.5.2.1: a draw once neither side has changed for two rounds.
            Finding::Draw { article, why } if counted < due + 4 => {
                Some(Some(RepetitionRuling::DrawPending {
                    rule: self.cite(article),
                    since_ply: ply - (counted - due),
                    due_ply: ply + (due + 4 - counted),
                    found,
                    explanation: format!(
                        "{why}; the draw is declared only if neither side changes within two rounds (§23.5.2.1)"
                    ),
                }))
            }
            Finding::Draw { article, why } => Some(Some(self.ruling(
                Finding::Draw {
                    article,
                    why: format!("{why}; neither side changed within two rounds (§23.5.2)"),
                },
                found,
                ply,
                "",
            ))),
            f @ Finding::MustChange { .. } => Some(Some(self.ruling(
                f.noting("two rounds to change (§23.5.2)"),
                found,
                ply,
                "",
            ))),
            f => Some(Some(self.ruling(f, found, ply, ""))),
        }
    }

    /// Whether `side`, obliged to change at `since`, has not changed by `ply`: an exact loop
    /// went on with its period, or (nine rounds) no capture and its moves stayed attacks.
    ///
    /// Both are "every ply since `since`" readings: the answer for the ply before, kept with
    /// the history, is extended by the last ply alone, so an obligation that stays open costs
    /// constant time per ply (it depends only on `since`, `side`, the definitions and the
    /// positions up to `ply`, which is what the kept answer is checked against).
    fn unchanged_2011(&self, history: &GameHistory, side: Color, since: u32, ply: u32) -> bool {
        let key = self.definitions_key();
        let exact = history.previous_occurrence(since).map(|q| since - q);
        let holds = |p: u32| match exact {
            Some(period) => p >= period && history.key(p) == history.key(p - period),
            None => {
                history.captured_at(p).is_none()
                    && (history.position(p - 1).turn() != side
                        || classify_keyed(history, p, &self.definitions, key)
                            .class
                            .heaviest()
                            .is_attack())
            }
        };
        let same = |u: &Unchanged| u.since == since && u.side == side;
        let before = (ply > since + 1)
            .then(|| history.peek_memo(key, ply - 1, |u: &Unchanged| same(u).then_some(u.holds)))
            .flatten()
            .flatten();
        let now = match before {
            Some(held) => held && holds(ply),
            None => (since + 1..=ply).all(holds),
        };
        if history.peek_memo(key, ply, |_: &Unchanged| ()).is_none() {
            history.memo(key, ply, || Unchanged {
                since,
                side,
                holds: now,
            });
        }
        now
    }

    /// What the 2011 count expects of the loop under way after the last ply, if it has not
    /// reached its pending position yet
    /// ([`RepetitionJudge::outlook`](super::RepetitionJudge::outlook)).
    pub(super) fn outlook_2011(&self, history: &GameHistory) -> Option<Outlook> {
        let ply = history.ply_count();
        let period = ply - history.previous_occurrence(ply)?;
        let count = self.cite(self.articles.count);
        let c = count_2011(history, ply)?;
        let due = 3 * c.period - 1;
        if c.counted >= due {
            return None;
        }
        let due_ply = ply + due - c.counted;
        let explanation = format!(
            "a loop of {period} plies is under way, {} plies counted ({}); its pending position (待判局面) comes at ply {due_ply}, three times round, if it goes on ({count})",
            c.counted,
            c.first_move_counted(),
        );
        Some(Outlook {
            due_ply,
            rule: count,
            explanation,
        })
    }
}

/// The 2011 count of a loop (§23.1–23.2).
#[derive(Copy, Clone, Debug)]
struct Count2011 {
    /// The loop's period in plies.
    period: u32,
    /// The plies counted from its first move.
    counted: u32,
    /// The ply of its first move (0: a move before the record).
    first_move: u32,
    /// Whether that move was a capture, and so not counted.
    capture: bool,
}

impl Count2011 {
    /// How the pending position was reached, citing the articles.
    fn describe(&self) -> String {
        format!(
            "the loop of {} plies came round three times, {} (§23.2, §23.4)",
            self.period,
            self.first_move_counted()
        )
    }

    /// Whether and which first move is counted (§23.2).
    fn first_move_counted(&self) -> String {
        match (self.first_move, self.capture) {
            (0, _) => "counting the move before the record that began it".to_owned(),
            (p, false) => format!("counting its first move (ply {p})"),
            (p, true) => format!("not counting its first move (ply {p}), a capture"),
        }
    }
}

/// The 2011 count of the loop ending at `ply` (§23.1–23.2): its period in plies and the plies
/// counted from its first move (a capture as first move not counted).
/// The earliest position from which every position recurs `period` plies later, up to the
/// position after `ply` (which recurs from `ply - period`). When the position before also
/// recurred with this period, the loop is the same and so is its start: kept per ply, so a loop
/// that goes on costs constant time per ply instead of a walk back to its start.
fn loop_start(history: &GameHistory, ply: u32, period: u32) -> u32 {
    #[derive(Clone)]
    struct LoopStart(u32);
    let key = u64::from(period);
    let same_loop = ply
        .checked_sub(1 + period)
        .is_some_and(|q| history.previous_occurrence(ply - 1) == Some(q));
    let known = same_loop
        .then(|| history.peek_memo::<LoopStart, _>(key, ply - 1, |s| s.0))
        .flatten();
    history
        .memo(key, ply, || {
            LoopStart(known.unwrap_or_else(|| {
                let mut start = ply - period;
                while start > 0 && history.key(start - 1) == history.key(start - 1 + period) {
                    start -= 1;
                }
                start
            }))
        })
        .0
}

fn count_2011(history: &GameHistory, ply: u32) -> Option<Count2011> {
    let prev = history.previous_occurrence(ply)?;
    let period = ply - prev;
    let start = loop_start(history, ply, period);
    // Ply `start` produced the loop's first position (ply 0: a move before the record).
    let capture = start >= 1 && history.captured_at(start).is_some();
    Some(Count2011 {
        period,
        counted: ply + 1 - start - u32::from(capture),
        first_move: start,
        capture,
    })
}

/// Whether a side obliged to change at ply `since` had not changed by the ply it is kept at
/// (see `unchanged_2011`).
#[derive(Copy, Clone, Debug)]
struct Unchanged {
    since: u32,
    side: Color,
    holds: bool,
}
