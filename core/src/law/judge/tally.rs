//! The kinds of a stretch of plies, counted per side: what a side's conduct over a loop
//! (`conduct.rs`, CXA 1999 §25.2, §27.2, §27.4; 2011 §24.13–24.14, §26.4, §26.8) is read
//! from under [`ChaseConduct::HeaviestKind`](super::ChaseConduct::HeaviestKind).
//!
//! # The reading
//!
//! Under the heaviest-kind reading a side's conduct depends only on which heaviest kinds its
//! plies have (and whether a ply that is none of them is a pawn's own chase, 1999 §27.2),
//! and its §26.8 sorting only on which sorts of chase its plies make: not on their order.
//! Counting them is enough, and counts can be moved: the stretch a judge reads at one ply is
//! the stretch of the ply before, one ply longer and shortened at the front (the loop goes on
//! one ply). Each ply of a loop is then classified once and counted once in and once out,
//! whatever the length of the loop, where reading the whole stretch again at every ply made
//! the cost of a repetition grow with the square of its length.
//!
//! # Why the counts kept with the history are sound
//!
//! The counts of plies `first..=last` are kept with the history at ply `last`, under the
//! fingerprint of the definitions that classified them: they depend only on the positions up
//! to `last` (a ply's classification depends on the positions before and after it and the
//! one before that) and on those definitions. Taking back ply `last` drops them with the
//! other facts kept for that ply ([`GameHistory::pop`]).

use crate::history::GameHistory;
use crate::law::classify::{classify_keyed, Classification, Definitions};
use crate::law::MoveKind;
use crate::Role;

/// What one ply counts for: its heaviest kind and the sort of its counted chases.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct PlyTally {
    /// The side that played it (0 Red, 1 Black).
    side: usize,
    /// Its heaviest kind, as counted ([`Kind`]).
    kind: Kind,
    /// The §26.8 sort of its counted chases, if it has any.
    sort: Option<Sort>,
}

/// A ply's heaviest kind, as a side's conduct counts it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    Check,
    MateThreat,
    Chase,
    /// None of the attacks, but a pawn's own chase (1999 §27.2: idle unless both sides attack).
    PawnChase,
    /// None of the attacks.
    Idle,
}

/// The §26.8 sort of a ply's counted chases: a rook if it chases one, otherwise an unprotected
/// piece, otherwise a protected piece; single or joint (§24.17).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Sort {
    RookSingle,
    RookJoint,
    RootlessSingle,
    RootlessJoint,
    Protected,
}

impl PlyTally {
    /// What ply `k`, played by `side`, counts for.
    fn of(k: &Classification, side: usize, defs: &Definitions) -> PlyTally {
        let kind = match k.class.heaviest() {
            MoveKind::Check => Kind::Check,
            MoveKind::MateThreat => Kind::MateThreat,
            MoveKind::Chase => Kind::Chase,
            _ if k.chases.iter().any(|c| c.pawn_only && !c.overruled()) => Kind::PawnChase,
            _ => Kind::Idle,
        };
        let chased: Vec<_> = k.counted_chases(defs).collect();
        let rooks: Vec<_> = chased.iter().filter(|c| c.role == Role::Rook).collect();
        let rootless: Vec<_> = chased.iter().filter(|c| c.rootless()).collect();
        let sort = if chased.is_empty() {
            None
        } else if !rooks.is_empty() {
            Some(if rooks.iter().all(|c| c.joint) {
                Sort::RookJoint
            } else {
                Sort::RookSingle
            })
        } else if !rootless.is_empty() {
            Some(if rootless.iter().all(|c| c.joint) {
                Sort::RootlessJoint
            } else {
                Sort::RootlessSingle
            })
        } else {
            Some(Sort::Protected)
        };
        PlyTally { side, kind, sort }
    }
}

/// One side's plies in a stretch, counted by kind and by sort of chase.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct SideTally {
    pub(super) plies: u32,
    pub(super) checks: u32,
    pub(super) mate_threats: u32,
    pub(super) chases: u32,
    pub(super) pawn_chases: u32,
    pub(super) idle: u32,
    pub(super) rook_single: u32,
    pub(super) rook_joint: u32,
    pub(super) rootless_single: u32,
    pub(super) rootless_joint: u32,
    pub(super) protected: u32,
}

impl SideTally {
    /// Counts `t` in (`by` = 1) or out (`by` = −1).
    fn add(&mut self, t: PlyTally, by: i32) {
        let bump = |n: &mut u32| *n = n.checked_add_signed(by).expect("counted in before out");
        bump(&mut self.plies);
        bump(match t.kind {
            Kind::Check => &mut self.checks,
            Kind::MateThreat => &mut self.mate_threats,
            Kind::Chase => &mut self.chases,
            Kind::PawnChase => &mut self.pawn_chases,
            Kind::Idle => &mut self.idle,
        });
        if let Some(s) = t.sort {
            bump(match s {
                Sort::RookSingle => &mut self.rook_single,
                Sort::RookJoint => &mut self.rook_joint,
                Sort::RootlessSingle => &mut self.rootless_single,
                Sort::RootlessJoint => &mut self.rootless_joint,
                Sort::Protected => &mut self.protected,
            });
        }
    }
}

/// Both sides' plies in the stretch `first..=last`, counted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Tally {
    first: u32,
    last: u32,
    /// Red's and Black's counts.
    pub(super) sides: [SideTally; 2],
}

impl Tally {
    /// Counts `p` in or out.
    fn add(&mut self, t: PlyTally, by: i32) {
        self.sides[t.side].add(t, by);
    }
}

/// What ply `p` of `history` counts for, classified under `defs` (fingerprint `key`): kept
/// with the history, like the classification it is read from.
fn ply_tally(history: &GameHistory, p: u32, defs: &Definitions, key: u64) -> PlyTally {
    history.memo(key, p, || {
        let side = history.position(p - 1).turn().index();
        PlyTally::of(&classify_keyed(history, p, defs, key), side, defs)
    })
}

/// Both sides' plies in `first..=last` (`first` ≥ 1) counted, under `defs` (fingerprint
/// `key`): moved from the counts of a stretch kept at `last` or at the ply before when one
/// is near enough, otherwise counted afresh; kept at `last` for the next ply.
pub(super) fn tally(
    history: &GameHistory,
    first: u32,
    last: u32,
    defs: &Definitions,
    key: u64,
) -> Tally {
    let fresh = |from: &mut Tally| {
        for p in first..=last {
            from.add(ply_tally(history, p, defs, key), 1);
        }
    };
    let near = [last, last.saturating_sub(1)]
        .into_iter()
        .filter(|&l| l >= 1)
        .find_map(|l| history.peek_memo(key, l, |t: &Tally| *t))
        .filter(|t| t.first.abs_diff(first) + (last - t.last) <= last + 1 - first);
    let mut t = Tally {
        first,
        last,
        sides: Default::default(),
    };
    match near {
        Some(from) => {
            t.sides = from.sides;
            for p in from.last + 1..=last {
                t.add(ply_tally(history, p, defs, key), 1);
            }
            for p in from.first..first {
                t.add(ply_tally(history, p, defs, key), -1);
            }
            for p in first..from.first {
                t.add(ply_tally(history, p, defs, key), 1);
            }
        }
        None => fresh(&mut t),
    }
    history.memo(key, last, || t);
    t
}
