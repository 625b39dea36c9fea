//! The nine-round rule (CXA 2011 trial §23.4, second sentence).
//!
//! "如果一方在三个或三个以上点上，连续以犯禁着法或无积极意义的允许或禁止着法达九个回合，即使未
//! 形成三次重复的待判局面，经一方提出，可按待判局面的有关规定进行裁决。"
//!
//! # The reading
//!
//! A side whose last nine moves, without a capture on the board, were all forbidden kinds
//! (将, 杀, 捉) on three or more points (the points its moves leave and reach) makes a pending
//! position though no position repeated three times; conduct is read over those nine rounds,
//! and the ruling cites §23.4 before the article it rests on. A claim of a side's nine rounds
//! stands over the opponent's reply. A draw is declared once the nine rounds have gone on two
//! more rounds unchanged (§23.5.2.1); it is not reported as pending, since the window
//! alternates with the mover.
//!
//! Not checked: "无积极意义的允许或禁止着法" (moves of no positive meaning) is a judgement of
//! the arbiter and is not automated: only attacking moves count here.

use super::conduct::report;
use super::ruling::Finding;
use super::RepetitionLaw;
use crate::history::GameHistory;
use crate::law::classify::{classify_keyed, threatens_nothing, Classification};
use crate::law::RepetitionRuling;

/// Nine rounds (§23.4 "九个回合"), in plies of both sides: the stretch without a capture the
/// rule looks back over.
pub(super) const NINE_ROUNDS_PLIES: u32 = 18;

impl RepetitionLaw {
    /// The nine-round rule (§23.4) at `ply`: the nine rounds of the side that moved last, or of
    /// the side that moved before it when the last move captured nothing (a claim of a side's
    /// nine rounds stands over the opponent's reply).
    pub(super) fn nine_rounds_2011(
        &self,
        history: &GameHistory,
        ply: u32,
    ) -> Option<RepetitionRuling> {
        let key = self.definitions.fingerprint();
        let first = self.nine_round_window(history, ply, key).or_else(|| {
            let quiet = history.captured_at(ply).is_none();
            quiet
                .then(|| self.nine_round_window(history, ply.checked_sub(1)?, key))
                .flatten()
        })?;
        let sides = self.conducts(history, first, ply);
        let found = report(history, first, ply, &sides);
        let finding = self.rule_on(&sides);
        if let Finding::Draw { .. } = finding {
            // §23.5.2.1: a draw once the nine rounds have gone on two more rounds unchanged.
            // Not reported as pending: the window alternates with the mover.
            self.nine_round_window(history, ply.checked_sub(4)?, key)?;
        }
        Some(self.ruling(finding, found, ply, self.articles.nine_rounds))
    }

    /// The first ply of the nine rounds ending at `ply` if the mover of `ply` spent them on
    /// attacking moves over three or more points, without a capture.
    ///
    /// Kept with the history: it depends only on the positions up to `ply` and the
    /// definitions, and the rule asks it again at the next ply (the opponent's reply).
    /// `key` is the fingerprint of the definitions.
    fn nine_round_window(&self, history: &GameHistory, ply: u32, key: u64) -> Option<u32> {
        history
            .memo(key, ply, || {
                Window(self.find_nine_round_window(history, ply, key))
            })
            .0
    }

    /// [`Self::nine_round_window`], found.
    fn find_nine_round_window(&self, history: &GameHistory, ply: u32, key: u64) -> Option<u32> {
        let first = (ply + 1)
            .checked_sub(NINE_ROUNDS_PLIES)
            .filter(|&f| f >= 1)?;
        if (first..=ply).any(|p| history.captured_at(p).is_some()) {
            return None;
        }
        // The side's own plies, latest first.
        let mut own = (first..=ply).rev().step_by(2);
        let mut points = crate::SquareSet::EMPTY;
        for p in own.clone() {
            let m = history.move_at(p)?;
            points.insert(m.from);
            points.insert(m.to);
        }
        if points.count() < 3 {
            return None;
        }
        // A move already known not to attack settles it without classifying anything: one
        // idle move spares the next eight of the side. Otherwise the latest, if it certainly
        // threatens nothing (`no_threat.rs`: one move generation, where classifying searches);
        // otherwise classified, latest first (all kept with the history for the next plies).
        let known_idle = own.clone().any(|p| {
            history.peek_memo(key, p, |c: &Classification| !c.class.heaviest().is_attack())
                == Some(true)
                || history.peek_memo(key, p, |q: &ThreatensNothing| q.0) == Some(true)
        });
        if known_idle {
            return None;
        }
        let nothing = history.memo(key, ply, || {
            ThreatensNothing(threatens_nothing(
                history.position(ply - 1),
                history.position(ply),
            ))
        });
        if nothing.0 {
            return None;
        }
        let attacks = own.all(|p| {
            history
                .peek_memo(key, p, |c: &Classification| c.class.heaviest().is_attack())
                .unwrap_or_else(|| {
                    classify_keyed(history, p, &self.definitions, key)
                        .class
                        .heaviest()
                        .is_attack()
                })
        });
        attacks.then_some(first)
    }
}

/// Whether a ply certainly threatens nothing ([`threatens_nothing`]), kept with the history:
/// it depends only on the positions before and after the ply.
#[derive(Copy, Clone, Debug)]
struct ThreatensNothing(bool);

/// The first ply of the nine rounds ending at a ply, if they hold there
/// (`nine_round_window`), kept with the history.
#[derive(Copy, Clone, Debug)]
struct Window(Option<u32>);
