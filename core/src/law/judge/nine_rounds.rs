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

use super::attack_cache::attacks;
use super::conduct::report;
use super::ruling::Finding;
use super::RepetitionLaw;
use crate::history::GameHistory;
use crate::law::classify::Classification;
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
        let key = self.definitions_key();
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
            .memo(key, ply, || self.find_nine_round_window(history, ply, key))
            .first
    }

    /// [`Self::nine_round_window`], found, with the latest ply of the side known not to attack.
    fn find_nine_round_window(&self, history: &GameHistory, ply: u32, key: u64) -> Window {
        // What the side's window two plies earlier knew, else what is kept of the plies.
        let known = |first: u32| {
            let earlier = ply
                .checked_sub(2)
                .and_then(|p| history.peek_memo(key, p, |w: &Window| w.idle))
                .flatten();
            match earlier {
                Some(p) if p >= first => Some(p),
                _ => (first..=ply)
                    .rev()
                    .step_by(2)
                    .find(|&p| known_attack(history, key, p) == Some(false))
                    .or(earlier),
            }
        };
        let none = |idle| Window { first: None, idle };
        let played = ply <= history.ply_count();
        let Some(first) = (ply + 1)
            .checked_sub(NINE_ROUNDS_PLIES)
            .filter(|&f| f >= 1 && played)
        else {
            return none(None);
        };
        if !history.quiet_for(ply, NINE_ROUNDS_PLIES) {
            return none(None);
        }
        // The side's own plies, latest first.
        let mut own = (first..=ply).rev().step_by(2);
        if !three_points(own.clone().filter_map(|p| history.move_at(p))) {
            return none(known(first));
        }
        // A move already known not to attack settles it without classifying anything: one
        // idle move spares the next eight of the side. Otherwise each is asked whether it
        // attacks, latest first (kept with the history for the next plies). Asking first
        // whether the latest certainly threatens nothing (`no_threat.rs`) spared less than it
        // cost: where it answers, the move leaves no capture and no check to search.
        let idle = known(first);
        if idle.is_some_and(|p| p >= first) {
            return none(idle);
        }
        // Whether a ply attacks is all the rule reads of it (`attack_only.rs`), asked of the
        // thread's answers for earlier games first (`attack_cache.rs`).
        let attacking = |p: u32| {
            known_attack(history, key, p).unwrap_or_else(|| {
                let previous = p.checked_sub(2).map(|q| history.position(q));
                let (before, after) = (history.position(p - 1), history.position(p));
                history
                    .memo(key, p, || {
                        Attack(attacks(previous, before, after, &self.definitions, key))
                    })
                    .0
            })
        };
        match own.find(|&p| !attacking(p)) {
            Some(p) => none(Some(p)),
            None => Window {
                first: Some(first),
                idle,
            },
        }
    }
}

/// Whether `moves` leave and reach three points or more (§23.4 "在三个或三个以上点上"): the
/// first move's two points, and a third as soon as a later move touches one, without
/// collecting every point.
fn three_points(mut moves: impl Iterator<Item = crate::Move>) -> bool {
    let Some(first) = moves.next() else {
        return false;
    };
    let two = [first.from, first.to];
    moves.any(|m| !two.contains(&m.from) || !two.contains(&m.to))
}

/// Whether ply `p` attacks, if already known: classified, or asked by the rule before.
fn known_attack(history: &GameHistory, key: u64, p: u32) -> Option<bool> {
    history
        .peek_memo(key, p, |c: &Classification| c.class.heaviest().is_attack())
        .or_else(|| history.peek_memo(key, p, |a: &Attack| a.0))
}

/// Whether a ply attacks ([`is_attack`]), kept with the history.
#[derive(Copy, Clone, Debug)]
struct Attack(bool);

/// The nine rounds ending at a ply (`nine_round_window`), kept with the history.
#[derive(Copy, Clone, Debug)]
struct Window {
    /// Their first ply, if they hold there.
    first: Option<u32>,
    /// The latest ply of the side, up to this one, known not to attack (classified or asked
    /// so): it settles the side's windows for eight more moves.
    idle: Option<u32>,
}

#[cfg(test)]
mod tests {
    use super::three_points;
    use crate::Move;

    fn moves(iccs: &str) -> Vec<Move> {
        iccs.split_whitespace()
            .map(|m| m.parse().expect("ICCS"))
            .collect()
    }

    /// §23.4 "在三个或三个以上点上": a piece going to and fro between two points is on two; a
    /// move anywhere else, first or last, makes three; a single move is on two.
    #[test]
    fn three_points_are_told_by_the_first_move_off_two() {
        let to_and_fro = "h2e2 e2h2 h2e2 e2h2 h2e2 e2h2 h2e2 e2h2 h2e2";
        assert!(!three_points(moves(to_and_fro).into_iter()));
        assert!(three_points(
            moves(&format!("{to_and_fro} e2e6")).into_iter()
        ));
        assert!(three_points(
            moves(&format!("b2e2 {to_and_fro}")).into_iter()
        ));
        assert!(three_points(moves("h2e2 e2e6").into_iter()));
        assert!(!three_points(moves("h2e2").into_iter()));
        assert!(!three_points(moves("").into_iter()));
    }
}
