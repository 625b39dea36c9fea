//! Whether a set of players can be paired at all without rematches (一.6): the question behind
//! 拆对 (二.3 (4)) — a group is paired so that the groups below it can still be paired — and
//! behind the checks of 一.11 (1)–(2).
//!
//! Not a rule of the appendix but the arbiter's look ahead when a low group "遇困难号" (meets a
//! difficult number): a depth-first search that tries the player with the fewest possible
//! opponents first and remembers the sets that cannot be paired.

use std::collections::HashSet;

/// Players as a set of small indices (up to [`Set::CAPACITY`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Set([u64; 4]);

impl Set {
    /// The largest index plus one.
    pub const CAPACITY: usize = 256;

    /// The empty set.
    pub const EMPTY: Set = Set([0; 4]);

    /// Adds `i`.
    pub fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Removes `i`.
    pub fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// Whether `i` is in.
    pub fn contains(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    /// How many are in.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether none is in.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The members, smallest first.
    pub fn iter(&self) -> impl Iterator<Item = usize> + Clone + '_ {
        (0..4).flat_map(move |w| {
            let word = self.0[w];
            (0..64)
                .filter(move |b| word & (1 << b) != 0)
                .map(move |b| w * 64 + b)
        })
    }
}

impl FromIterator<usize> for Set {
    fn from_iter<T: IntoIterator<Item = usize>>(iter: T) -> Self {
        let mut s = Set::EMPTY;
        for i in iter {
            s.insert(i);
        }
        s
    }
}

/// Whether every player of `players` can be given an opponent in `players` that `can_meet`
/// allows; `budget` bounds the nodes visited (`None` when exhausted).
pub fn can_pair_all(
    players: Set,
    can_meet: &dyn Fn(usize, usize) -> bool,
    budget: &mut u64,
) -> Option<bool> {
    let mut failed = HashSet::new();
    search(players, can_meet, budget, &mut failed)
}

fn search(
    left: Set,
    can_meet: &dyn Fn(usize, usize) -> bool,
    budget: &mut u64,
    failed: &mut HashSet<Set>,
) -> Option<bool> {
    if left.is_empty() {
        return Some(true);
    }
    if left.len() % 2 == 1 || failed.contains(&left) {
        return Some(false);
    }
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    // The player with the fewest possible opponents first.
    let mut best: Option<(usize, Vec<usize>)> = None;
    for p in left.iter() {
        let options: Vec<usize> = left.iter().filter(|&q| q != p && can_meet(p, q)).collect();
        if options.is_empty() {
            failed.insert(left);
            return Some(false);
        }
        if best.as_ref().is_none_or(|(_, o)| options.len() < o.len()) {
            best = Some((p, options));
        }
    }
    let (p, options) = best?;
    for q in options {
        let mut rest = left;
        rest.remove(p);
        rest.remove(q);
        if search(rest, can_meet, budget, failed)? {
            return Some(true);
        }
    }
    failed.insert(left);
    Some(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_whose_members_all_met_cannot_be_paired() {
        let all: Set = (0..4).collect();
        let mut budget = 1000;
        assert_eq!(can_pair_all(all, &|_, _| true, &mut budget), Some(true));
        // 0 has met everyone but 1, and so has 2.
        let meet = |a: usize, b: usize| {
            matches!(
                (a.min(b), a.max(b)),
                (0, 1) | (1, 2) | (2, 3) | (0, 3) | (1, 3)
            )
        };
        let meet = |a: usize, b: usize| {
            meet(a, b) && (a.min(b), a.max(b)) != (0, 3) && (a.min(b), a.max(b)) != (2, 3)
        };
        assert_eq!(can_pair_all(all, &meet, &mut budget), Some(false));
    }
}
