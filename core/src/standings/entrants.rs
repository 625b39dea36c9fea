//! From result rows to entrants (players or teams) and their encounters, scored.

use std::collections::{BTreeMap, HashMap};

use super::{EventKind, EventResults, ResultRow, RowResult, Score, StandingsRules};
use crate::outcome::GameResult;
use crate::points::PointScheme;
use crate::Color;

/// Win, draw or loss from one entrant's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    Win,
    Draw,
    Loss,
}

/// One entrant's game (individual events) or match (team events, multi-game pairings).
#[derive(Clone, Debug)]
pub(crate) struct Encounter {
    pub round: u32,
    /// `None` for a bye.
    pub opponent: Option<usize>,
    pub outcome: Outcome,
    /// Points, or match points (场分).
    pub score: Score,
    /// Game points (局分): equal to `score` for a single game.
    pub game_points: Score,
    /// Games won (勝局), forfeits and byes included.
    pub wins: u32,
    /// Games played over the board as Black (后走局数).
    pub black_games: u32,
    /// Games won over the board as Black (后走胜局).
    pub black_wins: u32,
    pub fouls: u32,
}

/// Entrants with their encounters, in order of first appearance.
#[derive(Clone, Debug, Default)]
pub(crate) struct Field {
    pub names: Vec<String>,
    pub encounters: Vec<Vec<Encounter>>,
}

impl Field {
    fn id(&mut self, index: &mut HashMap<String, usize>, name: &str) -> usize {
        *index.entry(name.to_owned()).or_insert_with(|| {
            self.names.push(name.to_owned());
            self.encounters.push(Vec::new());
            self.names.len() - 1
        })
    }

    /// The entrants of `results` ranked as `kind` under `rules`.
    pub fn build(results: &EventResults, kind: EventKind, rules: &StandingsRules) -> Field {
        match kind {
            // The players of a 队员总分制 event are ranked as individuals first.
            EventKind::RoundRobin
            | EventKind::Swiss
            | EventKind::SwissCumulative
            | EventKind::TeamByPlayerRanks => Field::games(results.rows(), &rules.points),
            EventKind::MultiGameRoundRobin => Field::matches(
                results.rows(),
                rules,
                |r| Some(r.red.clone()),
                |r| r.black.clone(),
                false,
            ),
            EventKind::TeamRoundRobin | EventKind::TeamSwiss | EventKind::TeamSwissGamePoints => {
                Field::matches(
                    results.rows(),
                    rules,
                    |r| r.red_team.clone(),
                    |r| r.black_team.clone(),
                    true,
                )
            }
        }
    }

    /// One encounter per game.
    fn games(rows: &[ResultRow], points: &PointScheme) -> Field {
        let mut f = Field::default();
        let mut index = HashMap::new();
        for r in rows {
            let red = f.id(&mut index, &r.red);
            let black = r.black.as_deref().map(|b| f.id(&mut index, b));
            let sides = side_results(r.result);
            let played = r.result.played();
            let enc = |color: Color, opponent, outcome: Outcome, fouls| {
                let score = score_of(points, outcome, color);
                let black_game = u32::from(played && color == Color::Black);
                Encounter {
                    round: r.round,
                    opponent,
                    outcome,
                    score,
                    game_points: score,
                    wins: u32::from(outcome == Outcome::Win),
                    black_games: black_game,
                    black_wins: black_game * u32::from(outcome == Outcome::Win),
                    fouls,
                }
            };
            f.encounters[red].push(enc(Color::Red, black, sides.0, r.red_fouls));
            if let Some(b) = black {
                f.encounters[b].push(enc(Color::Black, Some(red), sides.1, r.black_fouls));
            }
        }
        f
    }

    /// One encounter per match: the games between two teams in a round (team events), or every
    /// game between two players (multi-game round robin), scored in match points by the game
    /// points (1999 §14.2, 2011 §13.2). A bye is a won match worth its rows' game points.
    fn matches(
        rows: &[ResultRow],
        rules: &StandingsRules,
        red_of: impl Fn(&ResultRow) -> Option<String>,
        black_of: impl Fn(&ResultRow) -> Option<String>,
        per_round: bool,
    ) -> Field {
        #[derive(Default)]
        struct Side {
            game_points: Score,
            wins: u32,
            black_games: u32,
            black_wins: u32,
            fouls: u32,
        }
        let mut f = Field::default();
        let mut index = HashMap::new();
        // (round or 0, lower id, higher id or None) -> (first round, side of lower, side of higher)
        /// (round, or 0 for every game of a pairing; lower id; higher id, `None` for a bye).
        type MatchKey = (u32, usize, Option<usize>);
        let mut matches: BTreeMap<MatchKey, (u32, Side, Side)> = BTreeMap::new();
        for r in rows {
            let (Some(red), black) = (red_of(r), black_of(r)) else {
                continue;
            };
            let red = f.id(&mut index, &red);
            let black = black.map(|b| f.id(&mut index, &b));
            let round = if per_round { r.round } else { 0 };
            let (lo, hi, red_is_lo) = match black {
                Some(b) if b < red => (b, Some(red), false),
                b => (red, b, true),
            };
            let entry = matches
                .entry((round, lo, hi))
                .or_insert_with(|| (r.round, Side::default(), Side::default()));
            entry.0 = entry.0.min(r.round);
            let sides = side_results(r.result);
            let played = r.result.played();
            for (color, outcome, fouls) in [
                (Color::Red, sides.0, r.red_fouls),
                (Color::Black, sides.1, r.black_fouls),
            ] {
                let side = if (color == Color::Red) == red_is_lo {
                    &mut entry.1
                } else {
                    &mut entry.2
                };
                side.game_points += score_of(&rules.points, outcome, color);
                side.wins += u32::from(outcome == Outcome::Win);
                side.fouls += fouls;
                let black_game = u32::from(played && color == Color::Black);
                side.black_games += black_game;
                side.black_wins += black_game * u32::from(outcome == Outcome::Win);
            }
        }
        for ((_, lo, hi), (round, a, b)) in matches {
            let outcome = |x: &Side, y: &Side| match x.game_points.cmp(&y.game_points) {
                core::cmp::Ordering::Greater => Outcome::Win,
                core::cmp::Ordering::Equal if hi.is_some() => Outcome::Draw,
                core::cmp::Ordering::Equal => Outcome::Win,
                core::cmp::Ordering::Less => Outcome::Loss,
            };
            let enc = |me: &Side, them: &Side, opponent| {
                let o = outcome(me, them);
                Encounter {
                    round,
                    opponent,
                    outcome: o,
                    // Match points do not depend on colour (1999 §14.2, 2011 §13.2).
                    score: score_of(&rules.match_points, o, Color::Red),
                    game_points: me.game_points,
                    wins: me.wins,
                    black_games: me.black_games,
                    black_wins: me.black_wins,
                    fouls: me.fouls,
                }
            };
            f.encounters[lo].push(enc(&a, &b, hi));
            if let Some(hi) = hi {
                f.encounters[hi].push(enc(&b, &a, Some(lo)));
            }
        }
        for e in &mut f.encounters {
            e.sort_by_key(|x| x.round);
        }
        f
    }

    /// The total score of every entrant, counting rounds up to `round`.
    pub fn totals(&self, round: u32, of: impl Fn(&Encounter) -> Score) -> Vec<Score> {
        self.encounters
            .iter()
            .map(|es| es.iter().filter(|e| e.round <= round).map(&of).sum())
            .collect()
    }
}

/// Red's and Black's outcome of a row (a bye is Red's win).
fn side_results(r: RowResult) -> (Outcome, Outcome) {
    match r {
        RowResult::RedWins | RowResult::RedByForfeit | RowResult::Bye => {
            (Outcome::Win, Outcome::Loss)
        }
        RowResult::BlackWins | RowResult::BlackByForfeit => (Outcome::Loss, Outcome::Win),
        // Only an event in progress has unfinished games; they count as draws (附录二 一.8).
        RowResult::Draw | RowResult::Unfinished => (Outcome::Draw, Outcome::Draw),
        RowResult::DoubleForfeit => (Outcome::Loss, Outcome::Loss),
    }
}

/// Points of `outcome` for `color` under `scheme`.
fn score_of(scheme: &PointScheme, outcome: Outcome, color: Color) -> Score {
    let result = match outcome {
        Outcome::Win => GameResult::win_for(color),
        Outcome::Loss => GameResult::win_for(!color),
        Outcome::Draw => GameResult::Draw,
    };
    Score::from(scheme.for_result(result, color))
}
