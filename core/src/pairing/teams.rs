//! Team events (2011 §12.3, §13.2): teams paired as entrants, their players board by board.
//!
//! - §12.3 "积分编排制比赛，按照附录二中的有关条款来确定先后走。团体比赛'先走'的队，其单数台
//!   执红棋先走，双数台则执黑棋后走。"
//! - §11.1 (分台定人制): each team's players play in a fixed board order.
//!
//! # The reading
//!
//! The teams are the entrants of 附录二: a team's card holds its match points (the ruleset's
//! match points, 2011 §13.2, from the game points of its boards) and its colour record, a
//! match counting as Red for the team that was 先走 — the team whose player had Red on the
//! lowest board. A team's players play in the order of the list (the list is the board order of
//! §11.1); a match has as many boards as the smaller lineup. The team given Red by 二.4 is the
//! 先走 team: its players take Red on boards 1, 3, 5 … and Black on 2, 4, 6 …. A bye is a bye
//! for every player of the team. Not done: substitutes (§11.2) and lineups chosen per match
//! (§11.3); the board order of the list is used every round.

use std::collections::BTreeMap;

use super::{
    pair_rows, Entrant, PairedRound, PairingError, PairingErrorKind, PairingRequest, Source,
};
use crate::outcome::GameResult;
use crate::points::PointScheme;
use crate::standings::{ResultRow, RowResult, Score};
use crate::Color;

/// The colour of the 先走 team's player on boards 1..=`boards` (§12.3).
///
/// ```
/// use xqr_core::{pairing::team_board_colours, Color};
/// assert_eq!(team_board_colours(4), [Color::Red, Color::Black, Color::Red, Color::Black]);
/// ```
pub fn team_board_colours(boards: u32) -> Vec<Color> {
    (1..=boards)
        .map(|b| if b % 2 == 1 { Color::Red } else { Color::Black })
        .collect()
}

/// One match of a team round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamMatch {
    /// The 先走 team (index into [`TeamRound::teams`]), or the team with the bye.
    pub first: usize,
    /// The other team; `None` for a bye.
    pub second: Option<usize>,
    /// Board by board: (board, Red player, Black player or `None` for a bye), players as
    /// indices into the list of players.
    pub boards: Vec<(u32, usize, Option<usize>)>,
}

/// A paired team round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRound {
    /// The teams, in order of first appearance in the list.
    pub teams: Vec<String>,
    /// The pairing of the teams (their cards, groups and reasons).
    pub paired: PairedRound,
    /// The matches, in the order of the pairing's boards.
    pub matches: Vec<TeamMatch>,
}

fn err(file: Source, line: u64, kind: PairingErrorKind) -> PairingError {
    PairingError { file, line, kind }
}

/// Pairs the round of a team event: `req.entrants` are the players with their `team`,
/// `req.results` the board results with team columns, `req.points` the points of a game and
/// `match_points` the points of a match.
pub fn pair_team_round(
    req: &PairingRequest<'_>,
    match_points: &PointScheme,
) -> Result<TeamRound, PairingError> {
    let mut teams: Vec<String> = Vec::new();
    let mut lineups: Vec<Vec<usize>> = Vec::new();
    let mut entrants: Vec<Entrant> = Vec::new();
    for (i, p) in req.entrants.iter().enumerate() {
        let Some(team) = &p.team else {
            return Err(err(
                Source::Players,
                p.line,
                PairingErrorKind::BadField(format!(
                    "{:?} has no team: a team event needs one for every player",
                    p.name
                )),
            ));
        };
        let t = match teams.iter().position(|x| x == team) {
            Some(t) => t,
            None => {
                teams.push(team.clone());
                lineups.push(Vec::new());
                entrants.push(Entrant {
                    name: team.clone(),
                    team: None,
                    rating: None,
                    seeded: false,
                    number: None,
                    line: p.line,
                });
                teams.len() - 1
            }
        };
        lineups[t].push(i);
    }
    let rows = match_rows(req, &teams)?;
    let team_req = PairingRequest {
        entrants: &entrants,
        points: *match_points,
        avoid_teammates: false,
        ..req.clone()
    };
    let paired = pair_rows(&team_req, &rows)?;
    let matches = paired
        .boards
        .iter()
        .map(|b| {
            let boards = match b.black {
                None => lineups[b.red]
                    .iter()
                    .enumerate()
                    .map(|(k, &p)| (k as u32 + 1, p, None))
                    .collect(),
                Some(second) => {
                    let (a, z) = (&lineups[b.red], &lineups[second]);
                    (0..a.len().min(z.len()))
                        .map(|k| {
                            let board = k as u32 + 1;
                            if board % 2 == 1 {
                                (board, a[k], Some(z[k]))
                            } else {
                                (board, z[k], Some(a[k]))
                            }
                        })
                        .collect()
                }
            };
            TeamMatch {
                first: b.red,
                second: b.black,
                boards,
            }
        })
        .collect();
    Ok(TeamRound {
        teams,
        paired,
        matches,
    })
}

/// One row per match (or team bye) of the results: Red is the 先走 team, the result the match
/// result by game points, the line the first row of the match.
fn match_rows(req: &PairingRequest<'_>, teams: &[String]) -> Result<Vec<ResultRow>, PairingError> {
    let rows = req.results.rows();
    if !rows.is_empty() && !req.results.is_team_event() {
        return Err(err(
            Source::Results,
            1,
            PairingErrorKind::BadColumn(
                "a team event needs the red_team and black_team columns".to_owned(),
            ),
        ));
    }
    let team_of = |r: &ResultRow, name: &Option<String>| -> Result<Option<usize>, PairingError> {
        match name {
            None => Ok(None),
            Some(n) => teams.iter().position(|t| t == n).map(Some).ok_or_else(|| {
                err(
                    Source::Results,
                    r.line,
                    PairingErrorKind::UnknownPlayer(n.clone()),
                )
            }),
        }
    };
    struct Match {
        line: u64,
        round: u32,
        first: usize,
        second: Option<usize>,
        lowest_board: u32,
        points: [Score; 2],
        unfinished: bool,
    }
    // Keyed by (round, lower team, higher team or none).
    let mut matches: BTreeMap<(u32, usize, Option<usize>), Match> = BTreeMap::new();
    let mut order = Vec::new();
    for (k, r) in rows.iter().enumerate() {
        let red = team_of(r, &r.red_team)?.ok_or_else(|| {
            err(
                Source::Results,
                r.line,
                PairingErrorKind::BadField("no red_team".to_owned()),
            )
        })?;
        let black = team_of(r, &r.black_team)?;
        let key = match black {
            Some(b) => (r.round, red.min(b), Some(red.max(b))),
            None => (r.round, red, None),
        };
        let board = r.board.unwrap_or(k as u32 + 1);
        let m = matches.entry(key).or_insert_with(|| {
            order.push(key);
            Match {
                line: r.line,
                round: r.round,
                first: red,
                second: black,
                lowest_board: board,
                points: [Score::ZERO; 2],
                unfinished: false,
            }
        });
        if board < m.lowest_board {
            m.lowest_board = board;
            m.first = red;
            m.second = black;
        }
        let game = match r.result {
            RowResult::RedWins | RowResult::RedByForfeit | RowResult::Bye => {
                Some(GameResult::win_for(Color::Red))
            }
            RowResult::BlackWins | RowResult::BlackByForfeit => {
                Some(GameResult::win_for(Color::Black))
            }
            RowResult::Draw | RowResult::Unfinished => Some(GameResult::Draw),
            RowResult::DoubleForfeit => None,
        };
        m.unfinished |= r.result == RowResult::Unfinished;
        for (team, side) in [(Some(red), Color::Red), (black, Color::Black)] {
            let Some(team) = team else { continue };
            let slot = usize::from(Some(team) != Some(key.1));
            if let Some(g) = game {
                m.points[slot] += Score::from(req.points.for_result(g, side));
            }
        }
    }
    Ok(order
        .iter()
        .filter_map(|key| matches.get(key))
        .map(|m| {
            let result = match m.second {
                None => RowResult::Bye,
                Some(_) if m.unfinished => RowResult::Unfinished,
                Some(_) => {
                    // points[0] belongs to the lower team index.
                    let (mine, theirs) = if m.first <= m.second.unwrap_or(m.first) {
                        (m.points[0], m.points[1])
                    } else {
                        (m.points[1], m.points[0])
                    };
                    match mine.cmp(&theirs) {
                        core::cmp::Ordering::Greater => RowResult::RedWins,
                        core::cmp::Ordering::Less => RowResult::BlackWins,
                        core::cmp::Ordering::Equal => RowResult::Draw,
                    }
                }
            };
            ResultRow {
                line: m.line,
                round: m.round,
                red: teams[m.first].clone(),
                black: m.second.map(|s| teams[s].clone()),
                result,
                red_fouls: 0,
                black_fouls: 0,
                board: None,
                red_team: None,
                black_team: None,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_team_takes_red_on_odd_boards() {
        let c = team_board_colours(5);
        assert_eq!(c.iter().filter(|&&c| c == Color::Red).count(), 3);
        assert_eq!(c[1], Color::Black);
    }
}
