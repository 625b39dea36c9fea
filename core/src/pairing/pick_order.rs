//! Who picks first in a score group, and the two rows of cards (2011 附录二 二.2).
//!
//! - "自然形成了要先（少先、平先连后、平先上后等）和要后（多先、平先连先、平先上先等）两种情况，
//!   主持编排者可用编排卡按积分段划分，分别按照多先或少先、连先或连后，以单轮次小号在前、双轮次
//!   大号在前的顺序，即形成相对应的要先行和要后行的两行排序".
//! - "每个积分段……都必须首先确定由谁（只能选择一人）先找对手……（1）高分先编（含上一个积分段
//!   下调者，如下调者仅有一人即为先编者，如超过一人则按以下条款选择）。（2）少先或多先的先编。
//!   ……差值大的先编。如差值相等，则单轮次小号先编，双轮次大号先编。（3）先后走局数相等……时，
//!   有连先或连后的先编。连先或连后有两个或以上时，连走次数多的先编。（4）如先后走、连走局数均
//!   相等，单轮次小号先编，双轮次大号先编。（5）先后走、上先或上后的局数均相等，单轮次小号先编，
//!   双轮次大号先编。"
//!
//! # The reading
//!
//! Each row is ordered by the size of the imbalance (|reds − blacks|), then the length of the
//! run, then the number (odd rounds: smaller first; even rounds: larger first). "单轮次/双轮次"
//! is read as the round being paired.
//!
//! The first picker is chosen by the key: higher score (the floaters from the group above
//! first, (1)), larger imbalance ((2)), longer run ((3)), number order ((4); (5) repeats it).
//! After each pair the next picker is chosen the same way among the players left: the text
//! names one picker per group "to make the pairing unique" and the arbiter's procedure repeats
//! it until the group is paired; that repetition is the reading.

use core::cmp::Reverse;

use super::colours::ColourState;
use crate::standings::Score;

/// What the order needs to know about a player.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry {
    pub score: Score,
    pub state: ColourState,
    pub number: u32,
}

/// The number order of 二.2: in odd rounds smaller numbers first, in even rounds larger.
pub(crate) fn number_key(number: u32, round: u32) -> i64 {
    if round % 2 == 1 {
        i64::from(number)
    } else {
        -i64::from(number)
    }
}

/// The order of a row (要先行 or 要后行): larger imbalance, longer run, number order.
pub(crate) fn row_key(e: &Entry, round: u32) -> (Reverse<i32>, Reverse<i32>, i64) {
    (
        Reverse(e.state.difference.abs()),
        Reverse(e.state.streak.abs()),
        number_key(e.number, round),
    )
}

/// Which rule of 二.2 chose the picker.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PickRule {
    /// 二.2 (1): the only player with the highest score (a floater from above, or alone).
    HigherScore,
    /// 二.2 (2): the largest imbalance of colours.
    Imbalance,
    /// 二.2 (3): the longest run of one colour.
    Run,
    /// 二.2 (4)–(5): the number order.
    NumberOrder,
}

impl PickRule {
    /// The item of the appendix, for explanations.
    pub fn item(self) -> &'static str {
        match self {
            PickRule::HigherScore => "二.2 (1) higher score picks first",
            PickRule::Imbalance => "二.2 (2) larger colour imbalance picks first",
            PickRule::Run => "二.2 (3) longer run picks first",
            PickRule::NumberOrder => "二.2 (4) number order picks first",
        }
    }
}

/// The first picker among `candidates` (indices into `entries`) and the rule that chose him.
pub(crate) fn first_picker(
    entries: &[Entry],
    candidates: impl Iterator<Item = usize> + Clone,
    round: u32,
) -> Option<(usize, PickRule)> {
    let key = |i: usize| {
        let e = &entries[i];
        (
            Reverse(e.score),
            Reverse(e.state.difference.abs()),
            Reverse(e.state.streak.abs()),
            number_key(e.number, round),
        )
    };
    let best = candidates.clone().min_by_key(|&i| key(i))?;
    let k = key(best);
    let tied = |f: &dyn Fn(usize) -> bool| candidates.clone().filter(|&i| f(i)).count() > 1;
    let rule = if !tied(&|i| key(i).0 == k.0) {
        PickRule::HigherScore
    } else if !tied(&|i| (key(i).0, key(i).1) == (k.0, k.1)) {
        PickRule::Imbalance
    } else if !tied(&|i| (key(i).0, key(i).1, key(i).2) == (k.0, k.1, k.2)) {
        PickRule::Run
    } else {
        PickRule::NumberOrder
    };
    Some((best, rule))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color::{Black, Red};

    fn entry(score: i64, colours: &[crate::Color], number: u32) -> Entry {
        Entry {
            score: Score::integer(score),
            state: ColourState::from_games(colours),
            number,
        }
    }

    #[test]
    fn a_floater_from_above_picks_first() {
        let es = [entry(2, &[Red, Red], 1), entry(3, &[Red], 8)];
        assert_eq!(first_picker(&es, 0..2, 3), Some((1, PickRule::HigherScore)));
    }

    #[test]
    fn the_larger_imbalance_picks_first_then_the_longer_run_then_the_number() {
        let es = [
            entry(2, &[Red, Black], 1),
            entry(2, &[Black, Black], 6),
            entry(2, &[Red, Red], 3),
        ];
        // Both 2 apart: odd round, smaller number (3) first.
        assert_eq!(first_picker(&es, 0..3, 3), Some((2, PickRule::NumberOrder)));
        // Even round: larger number (6) first.
        assert_eq!(first_picker(&es, 0..3, 4), Some((1, PickRule::NumberOrder)));
        assert_eq!(
            first_picker(&es, [0usize, 1].into_iter(), 3),
            Some((1, PickRule::Imbalance))
        );
        let runs = [
            entry(2, &[Black, Red], 1),
            entry(2, &[Red, Black, Black, Red, Red, Black], 5),
        ];
        assert_eq!(
            first_picker(&runs, 0..2, 3).map(|p| p.1),
            Some(PickRule::NumberOrder)
        );
        let runs = [
            entry(2, &[Black, Red], 1),
            entry(2, &[Red, Red, Black, Black], 5),
        ];
        assert_eq!(first_picker(&runs, 0..2, 3), Some((1, PickRule::Run)));
    }
}
