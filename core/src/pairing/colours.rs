//! Colours: the card's 先后走 record and who takes Red in a pair (2011 附录二 一.10, 一.11 (3)–(4),
//! 二.4).
//!
//! - 一.10 "同时尽可能地平衡每个运动员先后手次数，其次尽可能地变换运动员上一轮的先后走": balance
//!   the counts first, then alternate with the previous round.
//! - 二.4 "确定先后走的方法（已配对的两个运动员之间）：（1）少先VS多先，少先的先走。（2）平先连后
//!   VS平先连先，连后的先走。（3）平先连后VS连后，连后多的先走。（4）平先连先VS连先，连先少的先走。
//!   （5）平先上后VS连后，连后的先走。"
//! - 一.11 (3) "应尽可能避免运动员多走三先或多走三后、连走三先或连走三后"; (4) after the last
//!   round of an odd-round event "最多相差一先".
//!
//! # The reading
//!
//! A player's state is the difference reds − blacks (多先 > 0, 少先 < 0, 平先 = 0) and the streak
//! (+k: Red in the last k games, 连先 from k = 2, 上先 for k = 1; −k: Black). Only games
//! played over the board count (unfinished ones too); byes and forfeits give no colour, as in
//! the standings' 后走局数.
//!
//! The five cases of 二.4 are one order, read as a rule for every pair: the player with fewer
//! reds than the other takes Red (二.4 (1), which the text states for 少先 against 多先 only, is
//! applied to any two different differences); with equal differences the one with the longer
//! run of Blacks, or the shorter run of Reds, takes Red (二.4 (2)–(5) are all this comparison).
//! Before them comes 一.11 (3)–(4): when only one of the two ways avoids a player three up or
//! three in a row (or, in the last round of an odd-round event, a difference of two), that way is
//! taken, even against 二.4 (1) (a 少先 player with two Reds in a row would otherwise take a
//! third). Two players alike in every respect are not covered by the text; the tie follows
//! 二.2 (4): in odd rounds the smaller number takes Red, in even rounds the larger.
//!
//! Not checked here: whether the pair should exist at all (see `forms`).

use crate::Color;

/// A player's colour record before the round being paired.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ColourState {
    /// Reds minus Blacks (多先 > 0, 少先 < 0).
    pub difference: i32,
    /// +k: Red in each of the last k games; −k: Black in each; 0 before the first game.
    pub streak: i32,
}

impl ColourState {
    /// The state from the colours of the games played, in order.
    pub fn from_games(colours: &[Color]) -> ColourState {
        colours
            .iter()
            .fold(ColourState::default(), |s, &c| s.after(c))
    }

    /// The state after one more game with `colour`.
    pub fn after(self, colour: Color) -> ColourState {
        let (d, s) = match colour {
            Color::Red => (1, if self.streak > 0 { self.streak + 1 } else { 1 }),
            Color::Black => (-1, if self.streak < 0 { self.streak - 1 } else { -1 }),
        };
        ColourState {
            difference: self.difference + d,
            streak: s,
        }
    }

    /// 要先 (wants Red): 少先, or 平先 after Black (平先连后, 平先上后). A player without games
    /// is put in this row too (the text has no row for him).
    pub fn wants_red(self) -> bool {
        self.difference < 0 || (self.difference == 0 && self.streak <= 0)
    }

    /// Three up or three down (多三先, 多三后) or three in a row (连走三先, 连走三后): what
    /// 一.11 (3) asks to avoid.
    pub fn is_unbalanced(self) -> bool {
        self.difference.abs() >= 3 || self.streak.abs() >= 3
    }

    /// Describes the state as on an arbiter's card: 少先2 连后 …
    pub fn card(self) -> String {
        let balance = match self.difference {
            0 => "平先".to_owned(),
            d if d > 0 => format!("多先{d}"),
            d => format!("少先{}", -d),
        };
        let run = match self.streak {
            0 => String::new(),
            1 => "上先".to_owned(),
            -1 => "上后".to_owned(),
            s if s > 0 => format!("连先{s}"),
            s => format!("连后{}", -s),
        };
        if run.is_empty() {
            balance
        } else {
            format!("{balance} {run}")
        }
    }
}

/// Why the player listed first took Red.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ColourRule {
    /// Round 1: the first-round table (二.1).
    FirstRound,
    /// 一.11 (3): the other way would give three up or three in a row.
    AvoidsThree,
    /// 一.11 (4): the last round of an odd-round event; the other way leaves a difference of two.
    LastRoundBalance,
    /// 二.4 (1): fewer reds takes Red.
    FewerReds,
    /// 二.4 (2)–(5): equal counts, the longer run of Blacks (shorter run of Reds) takes Red.
    Alternation,
    /// Alike in every respect: the number order of 二.2 (4).
    NumberOrder,
}

impl ColourRule {
    /// The item of the appendix, for explanations.
    pub fn item(self) -> &'static str {
        match self {
            ColourRule::FirstRound => "二.1 near-number table",
            ColourRule::AvoidsThree => "一.11 (3) no three up or in a row",
            ColourRule::LastRoundBalance => "一.11 (4) last round at most one apart",
            ColourRule::FewerReds => "二.4 (1) fewer reds takes Red",
            ColourRule::Alternation => "二.4 (2)-(5) longer run of Blacks takes Red",
            ColourRule::NumberOrder => {
                "二.2 (4) number order (odd round smaller, even round larger)"
            }
        }
    }
}

/// What the colour allocation needs to know about one player.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Side {
    pub state: ColourState,
    pub number: u32,
}

/// Whether `state` after `colour` breaks 一.11 (3), or in a final odd round 一.11 (4) (a player
/// who could still end at most one apart does not).
pub(crate) fn breaks_balance(state: ColourState, colour: Color, final_round: bool) -> bool {
    let after = state.after(colour);
    after.is_unbalanced()
        || (final_round && state.difference.abs() <= 2 && after.difference.abs() > 1)
}

/// Who of `a` and `b` takes Red in `round`: `(a_takes_red, rule)` (二.4 with 一.11 first).
pub(crate) fn allocate(a: Side, b: Side, round: u32, final_round: bool) -> (bool, ColourRule) {
    let bad = |red: Side, black: Side, last: bool| {
        breaks_balance(red.state, Color::Red, last)
            || breaks_balance(black.state, Color::Black, last)
    };
    // 一.11 (3)–(4) before 二.4: "尽可能避免" is honoured whenever one way avoids it.
    for (last, rule) in [
        (false, ColourRule::AvoidsThree),
        (true, ColourRule::LastRoundBalance),
    ] {
        if last && !final_round {
            continue;
        }
        let (a_red_bad, b_red_bad) = (bad(a, b, last), bad(b, a, last));
        if a_red_bad != b_red_bad {
            return (!a_red_bad, rule);
        }
    }
    // 二.4 (1), read for any two differences: fewer Reds takes Red.
    if a.state.difference != b.state.difference {
        return (
            a.state.difference < b.state.difference,
            ColourRule::FewerReds,
        );
    }
    // 二.4 (2)–(5): more Blacks in a row (fewer Reds in a row) takes Red.
    if a.state.streak != b.state.streak {
        return (a.state.streak < b.state.streak, ColourRule::Alternation);
    }
    // Not in 二.4: alike players follow the number order of 二.2 (4).
    let smaller_first = round % 2 == 1;
    (
        (a.number < b.number) == smaller_first,
        ColourRule::NumberOrder,
    )
}

/// Whether some colour allocation of `a` against `b` keeps both within 一.11 (3) (and (4)).
pub(crate) fn pair_can_balance(a: ColourState, b: ColourState, final_round: bool) -> bool {
    [(a, b), (b, a)].into_iter().any(|(r, k)| {
        !breaks_balance(r, Color::Red, final_round) && !breaks_balance(k, Color::Black, final_round)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, Red};

    fn side(colours: &[Color], number: u32) -> Side {
        Side {
            state: ColourState::from_games(colours),
            number,
        }
    }

    #[test]
    fn fewer_reds_takes_red() {
        // 二.4 (1) 少先VS多先，少先的先走.
        let (a_red, rule) = allocate(side(&[Black], 1), side(&[Red], 2), 2, false);
        assert!(a_red);
        assert_eq!(rule, ColourRule::FewerReds);
    }

    #[test]
    fn the_longer_run_of_blacks_takes_red_between_equal_counts() {
        // 二.4 (2) 平先连后VS平先连先 in its mildest form: 上后 against 上先.
        let (a_red, rule) = allocate(side(&[Red, Black], 1), side(&[Black, Red], 2), 3, false);
        assert!(a_red);
        assert_eq!(rule, ColourRule::Alternation);
        // 二.4 (3) 平先连后VS连后: with two Blacks in a row a third is what 一.11 (3) forbids.
        let (a_red, rule) = allocate(
            side(&[Red, Red, Black, Black], 1),
            side(&[Red, Black], 2),
            5,
            false,
        );
        assert!(a_red);
        assert_eq!(rule, ColourRule::AvoidsThree);
    }

    #[test]
    fn a_third_red_in_a_row_is_avoided_before_counting_reds() {
        // 少先 with two Reds in a row against 平先 with two Blacks: 二.4 (1) would give the
        // first a third Red; 一.11 (3) gives Red to the other.
        let (a_red, rule) = allocate(
            side(&[Black, Black, Black, Red, Red], 1),
            side(&[Red, Red, Black, Black], 2),
            6,
            false,
        );
        assert!(!a_red);
        assert_eq!(rule, ColourRule::AvoidsThree);
    }

    #[test]
    fn alike_players_take_colours_by_number_order() {
        assert_eq!(
            allocate(side(&[Red], 3), side(&[Red], 5), 3, false),
            (true, ColourRule::NumberOrder)
        );
        assert_eq!(
            allocate(side(&[Red], 3), side(&[Red], 5), 2, false),
            (false, ColourRule::NumberOrder)
        );
    }

    #[test]
    fn cards_read_as_an_arbiter_writes_them() {
        assert_eq!(
            ColourState::from_games(&[Red, Black, Black]).card(),
            "少先1 连后2"
        );
        assert_eq!(ColourState::from_games(&[Black, Red]).card(), "平先 上先");
    }
}
