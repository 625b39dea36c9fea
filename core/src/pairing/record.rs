//! Each player's card (编排卡) before the round: score, colours, opponents, floats and byes,
//! read from the results of the earlier rounds (2011 附录二 一.5, 一.6, 一.8, 一.9).
//!
//! - 一.5 "轮空者成绩均以胜局计算": a bye scores a win.
//! - 一.6 "已相遇过的对手不再编对": results holding a pair twice are refused.
//! - 一.8 "可暂时先按和局计分进行编排": an unfinished game of the last round counts as a draw.
//! - 一.9 "尽量使所有参赛运动员下调、上调的次数（不含本积分段只有一人必然下调或上调）趋于平衡，
//!   同一运动员下调或上调的次数最多不超过两次".
//!
//! # The reading
//!
//! A player floated down (下调) in a round when his opponent had fewer points before it, up
//! (上调) when more; a float is not counted when the player was alone on his score before that
//! round (the parenthesis of 一.9). Byes are not floats. Forfeits count their points but no
//! colour. Rounds must follow one another from 1 in the file: a row of an earlier round after a
//! later one, a missing round, or an unfinished game before the last round is an error, located
//! by line.

use std::collections::HashMap;

use super::colours::ColourState;
use super::{PairingError, PairingErrorKind, Source};
use crate::outcome::GameResult;
use crate::points::PointScheme;
use crate::standings::{ResultRow, RowResult, Score};
use crate::Color;

/// One player's card before the round being paired.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Card {
    /// Points so far (unfinished games as draws).
    pub score: Score,
    /// Colours of the games played, in round order.
    pub colours: Vec<Color>,
    /// Opponents met (entrant indices).
    pub opponents: Vec<usize>,
    /// Byes had.
    pub byes: u32,
    /// Counted floats down (下调).
    pub downs: u32,
    /// Counted floats up (上调).
    pub ups: u32,
}

impl Card {
    /// The colour record.
    pub fn colour_state(&self) -> ColourState {
        ColourState::from_games(&self.colours)
    }
}

fn err(line: u64, kind: PairingErrorKind) -> PairingError {
    PairingError {
        file: Source::Results,
        line,
        kind,
    }
}

/// Points of `side` for a row's result (a bye is a win, an unfinished game a draw).
fn points(scheme: &PointScheme, result: RowResult, side: Color) -> Score {
    let game = match result {
        RowResult::RedWins | RowResult::RedByForfeit | RowResult::Bye => {
            GameResult::win_for(Color::Red)
        }
        RowResult::BlackWins | RowResult::BlackByForfeit => GameResult::win_for(Color::Black),
        RowResult::Draw | RowResult::Unfinished => GameResult::Draw,
        RowResult::DoubleForfeit => return Score::ZERO,
    };
    Score::from(scheme.for_result(game, side))
}

/// The cards of `names` after `rows`, which must hold rounds 1 to `round − 1`.
pub(crate) fn cards(
    names: &[String],
    rows: &[ResultRow],
    round: u32,
    scheme: &PointScheme,
) -> Result<Vec<Card>, PairingError> {
    let index: HashMap<&str, usize> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let last = rows.iter().map(|r| r.round).max().unwrap_or(0);
    // Rounds in order, none missing.
    let mut expected = 1;
    for r in rows {
        if r.round == expected + 1 {
            expected += 1;
        }
        if r.round != expected {
            return Err(err(
                r.line,
                PairingErrorKind::RoundOutOfOrder {
                    found: r.round,
                    expected,
                },
            ));
        }
    }
    if round != last + 1 {
        return Err(err(
            rows.last().map_or(1, |r| r.line),
            PairingErrorKind::WrongRound {
                asked: round,
                next: last + 1,
            },
        ));
    }
    let id = |r: &ResultRow, name: &str| {
        index
            .get(name)
            .copied()
            .ok_or_else(|| err(r.line, PairingErrorKind::UnknownPlayer(name.to_owned())))
    };
    let mut cards = vec![Card::default(); names.len()];
    let mut met: HashMap<(usize, usize), u64> = HashMap::new();
    let mut before = vec![Score::ZERO; names.len()];
    for (k, r) in rows.iter().enumerate() {
        if k == 0 || rows[k - 1].round != r.round {
            before = cards.iter().map(|c| c.score).collect();
        }
        if r.result == RowResult::Unfinished && r.round != last {
            return Err(err(r.line, PairingErrorKind::UnfinishedEarlier(r.round)));
        }
        let red = id(r, &r.red)?;
        let Some(black_name) = &r.black else {
            cards[red].byes += 1;
            cards[red].score += points(scheme, r.result, Color::Red);
            continue;
        };
        let black = id(r, black_name)?;
        let key = (red.min(black), red.max(black));
        if let Some(&first) = met.get(&key) {
            return Err(err(
                r.line,
                PairingErrorKind::Rematch {
                    red: r.red.clone(),
                    black: black_name.clone(),
                    first_line: first,
                },
            ));
        }
        met.insert(key, r.line);
        for (me, other, side) in [(red, black, Color::Red), (black, red, Color::Black)] {
            let c = &mut cards[me];
            c.score += points(scheme, r.result, side);
            c.opponents.push(other);
            if r.result.played() || r.result == RowResult::Unfinished {
                c.colours.push(side);
            }
        }
        // 一.9 "不含本积分段只有一人必然下调或上调": a player alone on his score before the
        // round floats uncounted.
        let alone = |p: usize| before.iter().filter(|&&s| s == before[p]).count() == 1;
        if before[red] != before[black] {
            let (hi, lo) = if before[red] > before[black] {
                (red, black)
            } else {
                (black, red)
            };
            if !alone(hi) {
                cards[hi].downs += 1;
            }
            if !alone(lo) {
                cards[lo].ups += 1;
            }
        }
    }
    Ok(cards)
}
