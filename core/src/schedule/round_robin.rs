//! 循环赛对局秩序表 (cxa-2011 附录一): the round-robin table built by the appendix's rule.

use core::fmt;

/// One game of a round: `red` is the number listed first (执红先走, 2011 §12.1, 附录一 使用说明).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Pairing {
    /// Plays Red.
    pub red: u32,
    /// Plays Black.
    pub black: u32,
}

/// One round of the table.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ScheduledRound {
    /// Round number, from 1.
    pub round: u32,
    /// The games in the appendix's order (the pairing of the "largest number" first).
    pub pairings: Vec<Pairing>,
    /// With an odd number of players, the one paired with the absent largest number (轮空).
    pub bye: Option<u32>,
}

/// Why no table can be built.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundRobinError {
    /// Fewer than two players.
    #[error("a round robin needs at least 2 players, got {0}")]
    TooFew(u32),
    /// More players than a table is built for.
    #[error("a round robin of {0} players is too large (at most {max})", max = RoundRobin::MAX_PLAYERS)]
    TooMany(u32),
}

/// The round-robin table of cxa-2011 附录一 (编排方法) for `n` players numbered 1 to n.
///
/// 1. The "largest number" is `n`, or `n + 1` when `n` is odd (a phantom: whoever meets it
///    has the bye); there are largest − 1 rounds.
/// 2. Round 1: first against last, closing in (首尾相对，依次靠攏): 1–L, 2–(L−1) …; with an
///    odd field player 1 has the bye.
/// 3. The largest number has Red in round 2 and alternates from there (so Black in odd
///    rounds) and is always listed first.
/// 4. From round 2 the largest number meets the number in the last place of the previous
///    round's table; the others meet their neighbours across the previous round's pairs
///    (上轮跨邻相遇), keeping their order (前后顺序依然: the earlier one has Red), pairing from
///    the back to the front (从后往前配对).
///
/// The appendix's table for 3 or 4 players: round 1 `1-(4) 2-3`, round 2 `(4)-3 1-2`,
/// round 3 `2-(4) 3-1`.
///
/// ```
/// use xqr_core::schedule::RoundRobin;
/// let t = RoundRobin::new(4).unwrap();
/// assert_eq!(t.to_string(), "Round 1: 1-(4) 2-3\nRound 2: (4)-3 1-2\nRound 3: 2-(4) 3-1\n");
/// let odd = RoundRobin::new(3).unwrap();
/// assert_eq!(odd.rounds()[0].bye, Some(1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundRobin {
    players: u32,
    largest: u32,
    rounds: Vec<ScheduledRound>,
}

impl RoundRobin {
    /// The largest field a table is built for (the appendix prints tables up to 20; the rule
    /// carries on, this bound only keeps output sizes sane).
    pub const MAX_PLAYERS: u32 = 1000;

    /// The table for `players` players.
    pub fn new(players: u32) -> Result<RoundRobin, RoundRobinError> {
        if players < 2 {
            return Err(RoundRobinError::TooFew(players));
        }
        if players > Self::MAX_PLAYERS {
            return Err(RoundRobinError::TooMany(players));
        }
        let largest = players + players % 2;
        // Each round as the table's sequence of numbers, pair by pair (red, black).
        let mut table: Vec<(u32, u32)> = (1..=largest / 2).map(|i| (i, largest + 1 - i)).collect();
        let mut tables = vec![table.clone()];
        for round in 2..largest {
            let flat: Vec<u32> = table.iter().flat_map(|&(a, b)| [a, b]).collect();
            let last = *flat.last().expect("at least one pair");
            let rest: Vec<u32> = flat
                .iter()
                .copied()
                .filter(|&x| x != largest && x != last)
                .collect();
            let mut next = Vec::with_capacity(table.len());
            next.push(if round % 2 == 0 {
                (largest, last)
            } else {
                (last, largest)
            });
            next.extend(rest.chunks(2).rev().map(|c| (c[0], c[1])));
            tables.push(next.clone());
            table = next;
        }
        let rounds = tables
            .into_iter()
            .zip(1..)
            .map(|(t, round)| {
                let mut bye = None;
                let pairings = t
                    .into_iter()
                    .filter_map(|(red, black)| {
                        if largest != players && (red == largest || black == largest) {
                            bye = Some(red.min(black));
                            None
                        } else {
                            Some(Pairing { red, black })
                        }
                    })
                    .collect();
                ScheduledRound {
                    round,
                    pairings,
                    bye,
                }
            })
            .collect();
        Ok(RoundRobin {
            players,
            largest,
            rounds,
        })
    }

    /// The number of players.
    pub fn players(&self) -> u32 {
        self.players
    }

    /// The largest number (最大号): the players, or one more when odd.
    pub fn largest(&self) -> u32 {
        self.largest
    }

    /// The rounds.
    pub fn rounds(&self) -> &[ScheduledRound] {
        &self.rounds
    }
}

/// The appendix's notation: the largest number in parentheses, `(8)` standing for the bye in
/// an odd field.
impl fmt::Display for RoundRobin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let num = |x: u32| {
            if x == self.largest {
                format!("({x})")
            } else {
                x.to_string()
            }
        };
        for r in &self.rounds {
            write!(f, "Round {}:", r.round)?;
            let lead = r.bye.map(|b| {
                if r.round % 2 == 0 {
                    (self.largest, b)
                } else {
                    (b, self.largest)
                }
            });
            for (red, black) in lead
                .into_iter()
                .chain(r.pairings.iter().map(|p| (p.red, p.black)))
            {
                write!(f, " {}-{}", num(red), num(black))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashSet;

    /// The appendix: "3或4人对局秩序是：第1轮次1-（4）、2-3；第2轮次（4）-3、1-2；第3轮次2-（4）、3-1".
    #[test]
    fn matches_the_appendix_table_for_three_and_four() {
        let four = RoundRobin::new(4).unwrap();
        let got: Vec<Vec<(u32, u32)>> = four
            .rounds()
            .iter()
            .map(|r| r.pairings.iter().map(|p| (p.red, p.black)).collect())
            .collect();
        assert_eq!(
            got,
            [
                vec![(1, 4), (2, 3)],
                vec![(4, 3), (1, 2)],
                vec![(2, 4), (3, 1)]
            ]
        );
        let three = RoundRobin::new(3).unwrap();
        assert_eq!(
            three.to_string(),
            "Round 1: 1-(4) 2-3\nRound 2: (4)-3 1-2\nRound 3: 2-(4) 3-1\n"
        );
        let byes: Vec<_> = three.rounds().iter().map(|r| r.bye).collect();
        assert_eq!(byes, [Some(1), Some(3), Some(2)]);
        assert!(three.rounds().iter().all(|r| r.pairings.len() == 1));
    }

    /// Rule 4 worked by hand for six: round 1 `1-6 2-5 3-4` (flattened 1 6 2 5 3 4): 6 meets
    /// the last, 4, with Red; the rest 1 2 5 3 pair from the back: 5-3, 1-2.
    #[test]
    fn six_players_by_hand() {
        let t = RoundRobin::new(6).unwrap().to_string();
        assert_eq!(
            t,
            "Round 1: 1-(6) 2-5 3-4\nRound 2: (6)-4 5-3 1-2\nRound 3: 2-(6) 3-1 4-5\nRound 4: (6)-5 1-4 2-3\nRound 5: 3-(6) 4-2 5-1\n"
        );
    }

    #[test]
    fn rejects_tiny_and_huge_fields() {
        assert_eq!(RoundRobin::new(1), Err(RoundRobinError::TooFew(1)));
        assert_eq!(RoundRobin::new(0), Err(RoundRobinError::TooFew(0)));
        assert_eq!(RoundRobin::new(1001), Err(RoundRobinError::TooMany(1001)));
    }

    proptest! {
        #[test]
        fn every_pair_meets_once_with_balanced_colours(n in 2u32..=20) {
            let t = RoundRobin::new(n).unwrap();
            let largest = n + n % 2;
            prop_assert_eq!(t.rounds().len() as u32, largest - 1);
            let mut met = HashSet::new();
            let mut reds = vec![0i32; n as usize + 1];
            let mut blacks = vec![0i32; n as usize + 1];
            for r in t.rounds() {
                let mut seen = HashSet::new();
                for p in &r.pairings {
                    prop_assert!(p.red != p.black && p.red <= n && p.black <= n);
                    prop_assert!(seen.insert(p.red) && seen.insert(p.black));
                    prop_assert!(met.insert((p.red.min(p.black), p.red.max(p.black))));
                    reds[p.red as usize] += 1;
                    blacks[p.black as usize] += 1;
                }
                if let Some(b) = r.bye {
                    prop_assert!(seen.insert(b));
                }
                // Everyone plays or has the bye, every round.
                prop_assert_eq!(seen.len() as u32, n);
                prop_assert_eq!(r.bye.is_some(), n % 2 == 1);
            }
            prop_assert_eq!(met.len() as u32, n * (n - 1) / 2);
            for p in 1..=n as usize {
                // Even field: n-1 games, colours differ by one; odd field: n-1 games (even),
                // colours equal.
                prop_assert!((reds[p] - blacks[p]).abs() <= 1, "player {} red {} black {}", p, reds[p], blacks[p]);
            }
            // Each odd-field player has exactly one bye.
            if n % 2 == 1 {
                let byes: HashSet<u32> = t.rounds().iter().filter_map(|r| r.bye).collect();
                prop_assert_eq!(byes.len() as u32, n);
            }
        }
    }
}
