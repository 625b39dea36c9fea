//! An event's results as a CSV table (`round,red,black,result` plus optional columns).

use core::fmt;
use std::collections::HashMap;

/// The result written in a row of the results table.
///
/// Forfeits follow cxa-1999 §21.4 and cxa-2011 §20.3: `+` is a win without play, `-` a loss
/// without play. `-/-` is the double forfeit of cxa-1999 §21.3 / cxa-2011 §20.2 (both sides
/// absent, both lose). A bye (`black` empty) is [`RowResult::Bye`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RowResult {
    /// `1-0`: Red won.
    RedWins,
    /// `0-1`: Black won.
    BlackWins,
    /// `1/2-1/2` (also `½-½`): a draw.
    Draw,
    /// `+/-`: Red wins by forfeit, the game was not played.
    RedByForfeit,
    /// `-/+`: Black wins by forfeit, the game was not played.
    BlackByForfeit,
    /// `-/-`: both sides forfeit.
    DoubleForfeit,
    /// No opponent this round (轮空).
    Bye,
    /// Empty result on a game row: the game is still being played. Only
    /// [`EventResults::in_progress_from_csv_str`] accepts it (the pairing of the next round
    /// counts it as a draw, 2011 附录二 一.8); standings reject it.
    Unfinished,
}

impl RowResult {
    /// The notation of the results table.
    pub fn as_str(self) -> &'static str {
        match self {
            RowResult::RedWins => "1-0",
            RowResult::BlackWins => "0-1",
            RowResult::Draw => "1/2-1/2",
            RowResult::RedByForfeit => "+/-",
            RowResult::BlackByForfeit => "-/+",
            RowResult::DoubleForfeit => "-/-",
            RowResult::Bye => "bye",
            RowResult::Unfinished => "",
        }
    }

    /// Whether the game was played over the board.
    pub fn played(self) -> bool {
        matches!(
            self,
            RowResult::RedWins | RowResult::BlackWins | RowResult::Draw
        )
    }

    fn parse_game(s: &str) -> Option<RowResult> {
        Some(match s {
            "1-0" => RowResult::RedWins,
            "0-1" => RowResult::BlackWins,
            "1/2-1/2" | "½-½" | "0.5-0.5" => RowResult::Draw,
            "+/-" | "+/—" => RowResult::RedByForfeit,
            "-/+" | "—/+" => RowResult::BlackByForfeit,
            "-/-" | "—/—" => RowResult::DoubleForfeit,
            _ => return None,
        })
    }
}

/// One row of the results table: a game, a forfeit or a bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultRow {
    /// Line of the CSV file (1-based; the header is line 1).
    pub line: u64,
    /// Round number (1-based).
    pub round: u32,
    /// The Red player (the one with the bye for a bye).
    pub red: String,
    /// The Black player; `None` for a bye.
    pub black: Option<String>,
    /// The result.
    pub result: RowResult,
    /// Fouls (犯规) of Red in this game.
    pub red_fouls: u32,
    /// Fouls of Black in this game.
    pub black_fouls: u32,
    /// Board (台次) of a team match, if given.
    pub board: Option<u32>,
    /// Red's team, for team events.
    pub red_team: Option<String>,
    /// Black's team, for team events.
    pub black_team: Option<String>,
}

/// Where in the CSV file a problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// Line (1-based).
    pub line: u64,
    /// Column (1-based) and its header name, when one column is at fault.
    pub column: Option<(usize, String)>,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some((n, name)) = &self.column {
            write!(f, ", column {n} ({name})")?;
        }
        Ok(())
    }
}

/// What is wrong with a results table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResultsErrorKind {
    /// The CSV itself cannot be read (bad quoting, bad UTF-8, uneven rows …).
    #[error("unreadable CSV: {0}")]
    Csv(String),
    /// A required column is missing from the header.
    #[error("the header has no {0:?} column (required: round,red,black,result)")]
    MissingColumn(&'static str),
    /// The header names a column this table does not have.
    #[error("unknown column {0:?} (known: round, red, black, result, red_fouls, black_fouls, board, red_team, black_team)")]
    UnknownColumn(String),
    /// A column is named twice.
    #[error("column {0:?} appears twice")]
    DuplicateColumn(String),
    /// The table has no rows.
    #[error("no results: the table has a header but no rows")]
    Empty,
    /// A number field does not hold a positive (round, board) or non-negative (fouls) integer.
    #[error("{value:?} is not a {what}")]
    BadNumber {
        /// The text found.
        value: String,
        /// What was expected.
        what: &'static str,
    },
    /// `red` is empty.
    #[error("no player named")]
    MissingPlayer,
    /// The result is not one of the notations.
    #[error("unknown result {0:?}: expected 1-0, 0-1, 1/2-1/2, +/-, -/+ or -/- (empty for a bye)")]
    BadResult(String),
    /// A bye row (`black` empty) with a game result.
    #[error("a bye (black empty) takes no result or \"+\", found {0:?}")]
    ByeWithResult(String),
    /// A game row whose players are the same.
    #[error("{0:?} cannot play against itself")]
    SelfPairing(String),
    /// A player appears twice in one round.
    #[error("{player:?} appears twice in round {round} (also on line {first_line})")]
    TwiceInRound {
        /// The player.
        player: String,
        /// The round.
        round: u32,
        /// The first line naming the player in that round.
        first_line: u64,
    },
    /// Team columns filled on some rows and not on others, or only one side's team given.
    #[error("team columns must be filled on every row of a team event (red_team and black_team, black_team empty only for a bye)")]
    MissingTeam,
    /// A player listed under two teams.
    #[error("{player:?} plays for {team:?} here but for {other:?} on line {other_line}")]
    TeamChanged {
        /// The player.
        player: String,
        /// The team on this line.
        team: String,
        /// The other team.
        other: String,
        /// Where the other team was given.
        other_line: u64,
    },
    /// Two players of the same team paired against each other.
    #[error("both players belong to team {0:?}")]
    SameTeam(String),
}

/// A located problem of a results table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{location}: {kind}")]
pub struct ResultsError {
    /// Where.
    pub location: Location,
    /// What.
    pub kind: ResultsErrorKind,
}

/// Every problem found in a results table (at least one), in line order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultsErrors(pub Vec<ResultsError>);

impl fmt::Display for ResultsErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ResultsErrors {}

/// The results of an event: every row of the table, checked.
///
/// ```
/// use xqr_core::standings::{EventResults, RowResult};
/// let csv = "round,red,black,result\n1,Li,Wang,1-0\n1,Zhao,,\n";
/// let ev = EventResults::from_csv_str(csv).unwrap();
/// assert_eq!(ev.rows()[1].result, RowResult::Bye);
/// let bad = EventResults::from_csv_str("round,red,black,result\n1,Li,Wang,2-0\n").unwrap_err();
/// assert_eq!(bad.to_string(), "line 2, column 4 (result): unknown result \"2-0\": expected 1-0, 0-1, 1/2-1/2, +/-, -/+ or -/- (empty for a bye)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventResults {
    rows: Vec<ResultRow>,
    teams: bool,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
enum Col {
    Round,
    Red,
    Black,
    Result,
    RedFouls,
    BlackFouls,
    Board,
    RedTeam,
    BlackTeam,
}

impl Col {
    const ALL: [Col; 9] = [
        Col::Round,
        Col::Red,
        Col::Black,
        Col::Result,
        Col::RedFouls,
        Col::BlackFouls,
        Col::Board,
        Col::RedTeam,
        Col::BlackTeam,
    ];

    fn name(self) -> &'static str {
        match self {
            Col::Round => "round",
            Col::Red => "red",
            Col::Black => "black",
            Col::Result => "result",
            Col::RedFouls => "red_fouls",
            Col::BlackFouls => "black_fouls",
            Col::Board => "board",
            Col::RedTeam => "red_team",
            Col::BlackTeam => "black_team",
        }
    }
}

struct Header {
    index: HashMap<Col, usize>,
}

impl Header {
    fn get<'r>(&self, rec: &'r csv::StringRecord, col: Col) -> &'r str {
        self.index
            .get(&col)
            .and_then(|&i| rec.get(i))
            .map_or("", str::trim)
    }

    fn at(&self, line: u64, col: Col) -> Location {
        Location {
            line,
            column: self
                .index
                .get(&col)
                .map(|&i| (i + 1, col.name().to_owned())),
        }
    }
}

impl EventResults {
    /// Reads a results table from CSV text; every malformed row is reported with its line and
    /// column.
    pub fn from_csv_str(text: &str) -> Result<EventResults, ResultsErrors> {
        EventResults::from_csv_reader(text.trim_start_matches('\u{feff}').as_bytes())
    }

    /// Reads the results of an event in progress: like [`EventResults::from_csv_str`], but a
    /// game row may leave its result empty ([`RowResult::Unfinished`]) and a table with a
    /// header and no rows (before round 1) is an event without results.
    pub fn in_progress_from_csv_str(text: &str) -> Result<EventResults, ResultsErrors> {
        EventResults::read(text.trim_start_matches('\u{feff}').as_bytes(), true)
    }

    /// Reads a results table from a CSV reader.
    pub fn from_csv_reader<R: std::io::Read>(reader: R) -> Result<EventResults, ResultsErrors> {
        EventResults::read(reader, false)
    }

    fn read<R: std::io::Read>(reader: R, in_progress: bool) -> Result<EventResults, ResultsErrors> {
        let mut rdr = csv::ReaderBuilder::new()
            .has_headers(true)
            .flexible(false)
            .from_reader(reader);
        let csv_err = |e: csv::Error| {
            let line = e.position().map_or(1, |p| p.line());
            ResultsErrors(vec![ResultsError {
                location: Location { line, column: None },
                kind: ResultsErrorKind::Csv(e.to_string()),
            }])
        };
        let header = rdr.headers().map_err(csv_err)?.clone();
        let header = Self::read_header(&header)?;
        let mut rows = Vec::new();
        let mut errors = Vec::new();
        for rec in rdr.records() {
            let rec = rec.map_err(csv_err)?;
            let line = rec.position().map_or(0, |p| p.line());
            if rec.iter().all(|f| f.trim().is_empty()) {
                continue;
            }
            match Self::read_row(&header, &rec, line, in_progress) {
                Ok(row) => rows.push(row),
                Err(mut e) => errors.append(&mut e),
            }
        }
        if errors.is_empty() && rows.is_empty() && !in_progress {
            errors.push(ResultsError {
                location: Location {
                    line: 1,
                    column: None,
                },
                kind: ResultsErrorKind::Empty,
            });
        }
        if !errors.is_empty() {
            return Err(ResultsErrors(errors));
        }
        let teams =
            header.index.contains_key(&Col::RedTeam) || header.index.contains_key(&Col::BlackTeam);
        Self::check_event(&header, &rows, teams)?;
        Ok(EventResults { rows, teams })
    }

    fn read_header(rec: &csv::StringRecord) -> Result<Header, ResultsErrors> {
        let mut index = HashMap::new();
        let mut errors = Vec::new();
        for (i, name) in rec.iter().enumerate() {
            let name = name.trim().trim_start_matches('\u{feff}');
            let at = Location {
                line: 1,
                column: Some((i + 1, name.to_owned())),
            };
            match Col::ALL.iter().find(|c| c.name() == name) {
                Some(&c) if index.insert(c, i).is_some() => errors.push(ResultsError {
                    location: at,
                    kind: ResultsErrorKind::DuplicateColumn(name.to_owned()),
                }),
                Some(_) => {}
                None => errors.push(ResultsError {
                    location: at,
                    kind: ResultsErrorKind::UnknownColumn(name.to_owned()),
                }),
            }
        }
        for c in [Col::Round, Col::Red, Col::Black, Col::Result] {
            if !index.contains_key(&c) {
                errors.push(ResultsError {
                    location: Location {
                        line: 1,
                        column: None,
                    },
                    kind: ResultsErrorKind::MissingColumn(c.name()),
                });
            }
        }
        if errors.is_empty() {
            Ok(Header { index })
        } else {
            Err(ResultsErrors(errors))
        }
    }

    fn read_row(
        h: &Header,
        rec: &csv::StringRecord,
        line: u64,
        in_progress: bool,
    ) -> Result<ResultRow, Vec<ResultsError>> {
        let mut errors = Vec::new();
        let mut err = |col: Col, kind: ResultsErrorKind| {
            errors.push(ResultsError {
                location: h.at(line, col),
                kind,
            })
        };
        let number = |col: Col, positive: bool, err: &mut dyn FnMut(Col, ResultsErrorKind)| {
            let s = h.get(rec, col);
            if s.is_empty() && col != Col::Round {
                return None;
            }
            match s.parse::<u32>() {
                Ok(n) if !positive || n > 0 => Some(n),
                _ => {
                    err(
                        col,
                        ResultsErrorKind::BadNumber {
                            value: s.to_owned(),
                            what: if positive {
                                "positive whole number"
                            } else {
                                "whole number of fouls (0 or more)"
                            },
                        },
                    );
                    None
                }
            }
        };
        let round = number(Col::Round, true, &mut err).unwrap_or(0);
        let red_fouls = number(Col::RedFouls, false, &mut err).unwrap_or(0);
        let black_fouls = number(Col::BlackFouls, false, &mut err).unwrap_or(0);
        let board = number(Col::Board, true, &mut err);
        let red = h.get(rec, Col::Red).to_owned();
        if red.is_empty() {
            err(Col::Red, ResultsErrorKind::MissingPlayer);
        }
        let black = Some(h.get(rec, Col::Black).to_owned()).filter(|b| !b.is_empty());
        let text = h.get(rec, Col::Result);
        let result = match &black {
            None if text.is_empty() || text == "+" => RowResult::Bye,
            None => {
                err(
                    Col::Result,
                    ResultsErrorKind::ByeWithResult(text.to_owned()),
                );
                RowResult::Bye
            }
            Some(b) => {
                if *b == red && !red.is_empty() {
                    err(Col::Black, ResultsErrorKind::SelfPairing(red.clone()));
                }
                if in_progress && text.is_empty() {
                    RowResult::Unfinished
                } else {
                    RowResult::parse_game(text).unwrap_or_else(|| {
                        err(Col::Result, ResultsErrorKind::BadResult(text.to_owned()));
                        RowResult::Draw
                    })
                }
            }
        };
        let opt = |c| Some(h.get(rec, c).to_owned()).filter(|s: &String| !s.is_empty());
        let row = ResultRow {
            line,
            round,
            red,
            black,
            result,
            red_fouls,
            black_fouls,
            board,
            red_team: opt(Col::RedTeam),
            black_team: opt(Col::BlackTeam),
        };
        if errors.is_empty() {
            Ok(row)
        } else {
            Err(errors)
        }
    }

    /// Event-wide checks: nobody twice in a round; team columns complete and consistent.
    fn check_event(h: &Header, rows: &[ResultRow], teams: bool) -> Result<(), ResultsErrors> {
        let mut errors = Vec::new();
        let mut seen: HashMap<(u32, &str), u64> = HashMap::new();
        let mut team_of: HashMap<&str, (&str, u64)> = HashMap::new();
        for r in rows {
            let sides = [
                (Some(&r.red), r.red_team.as_ref(), Col::Red, Col::RedTeam),
                (
                    r.black.as_ref(),
                    r.black_team.as_ref(),
                    Col::Black,
                    Col::BlackTeam,
                ),
            ];
            for (player, team, pcol, tcol) in sides {
                let Some(player) = player else { continue };
                if let Some(&first_line) = seen.get(&(r.round, player.as_str())) {
                    errors.push(ResultsError {
                        location: h.at(r.line, pcol),
                        kind: ResultsErrorKind::TwiceInRound {
                            player: player.clone(),
                            round: r.round,
                            first_line,
                        },
                    });
                } else {
                    seen.insert((r.round, player), r.line);
                }
                if !teams {
                    continue;
                }
                let Some(team) = team else {
                    errors.push(ResultsError {
                        location: h.at(r.line, tcol),
                        kind: ResultsErrorKind::MissingTeam,
                    });
                    continue;
                };
                match team_of.get(player.as_str()) {
                    Some(&(other, other_line)) if other != team => errors.push(ResultsError {
                        location: h.at(r.line, tcol),
                        kind: ResultsErrorKind::TeamChanged {
                            player: player.clone(),
                            team: team.clone(),
                            other: other.to_owned(),
                            other_line,
                        },
                    }),
                    Some(_) => {}
                    None => {
                        team_of.insert(player, (team, r.line));
                    }
                }
            }
            if teams && r.black.is_some() && r.red_team.is_some() && r.red_team == r.black_team {
                errors.push(ResultsError {
                    location: h.at(r.line, Col::BlackTeam),
                    kind: ResultsErrorKind::SameTeam(r.red_team.clone().unwrap_or_default()),
                });
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            errors.sort_by_key(|e| e.location.line);
            Err(ResultsErrors(errors))
        }
    }

    /// The rows, in file order.
    pub fn rows(&self) -> &[ResultRow] {
        &self.rows
    }

    /// Whether the table has team columns (a team event).
    pub fn is_team_event(&self) -> bool {
        self.teams
    }

    /// The number of rounds (the largest round number).
    pub fn rounds(&self) -> u32 {
        self.rows.iter().map(|r| r.round).max().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errs(csv: &str) -> Vec<String> {
        EventResults::from_csv_str(csv)
            .unwrap_err()
            .0
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn reads_every_result_notation() {
        let ev = EventResults::from_csv_str(
            "round,red,black,result,red_fouls\n1,a,b,1-0,\n1,c,d,0-1,1\n2,a,c,1/2-1/2,0\n2,b,d,+/-,\n3,a,d,-/+,\n3,b,c,-/-,\n3,e,,,\n4,e,,+,\n",
        )
        .unwrap();
        let results: Vec<_> = ev.rows().iter().map(|r| r.result.as_str()).collect();
        assert_eq!(
            results,
            ["1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-", "bye", "bye"]
        );
        assert_eq!(ev.rows()[1].red_fouls, 1);
        assert_eq!(ev.rounds(), 4);
        assert!(!ev.is_team_event());
    }

    #[test]
    fn locates_bad_fields() {
        assert_eq!(
            errs("round,red,black,result,black_fouls\n0,a,b,1-0,x\n1,,b,1-0,\n1,c,,1-0,\n1,d,d,1-0,\n"),
            [
                "line 2, column 1 (round): \"0\" is not a positive whole number",
                "line 2, column 5 (black_fouls): \"x\" is not a whole number of fouls (0 or more)",
                "line 3, column 2 (red): no player named",
                "line 4, column 4 (result): a bye (black empty) takes no result or \"+\", found \"1-0\"",
                "line 5, column 3 (black): \"d\" cannot play against itself",
            ]
        );
    }

    #[test]
    fn rejects_bad_headers() {
        assert_eq!(
            errs("round,red,black,colour\n1,a,b,1-0\n"),
            [
                "line 1, column 4 (colour): unknown column \"colour\" (known: round, red, black, result, red_fouls, black_fouls, board, red_team, black_team)",
                "line 1: the header has no \"result\" column (required: round,red,black,result)",
            ]
        );
        assert_eq!(
            errs("round,red,black,result\n"),
            ["line 1: no results: the table has a header but no rows"]
        );
        assert_eq!(
            errs("round,red,black,result\n1,a,b,1-0,extra\n")[0],
            "line 2: unreadable CSV: CSV error: record 1 (line: 2, byte: 23): found record with 5 fields, but the previous record has 4 fields"
        );
    }

    #[test]
    fn an_event_in_progress_may_leave_results_empty() {
        let ev =
            EventResults::in_progress_from_csv_str("round,red,black,result\n1,a,b,\n").unwrap();
        assert_eq!(ev.rows()[0].result, RowResult::Unfinished);
        assert!(
            EventResults::in_progress_from_csv_str("round,red,black,result\n")
                .unwrap()
                .rows()
                .is_empty()
        );
        assert_eq!(
            errs("round,red,black,result\n1,a,b,\n"),
            ["line 2, column 4 (result): unknown result \"\": expected 1-0, 0-1, 1/2-1/2, +/-, -/+ or -/- (empty for a bye)"]
        );
    }

    #[test]
    fn rejects_a_player_twice_in_a_round() {
        assert_eq!(
            errs("round,red,black,result\n1,a,b,1-0\n1,c,a,1-0\n"),
            ["line 3, column 3 (black): \"a\" appears twice in round 1 (also on line 2)"]
        );
    }

    #[test]
    fn checks_team_columns() {
        assert_eq!(
            errs("round,red,black,result,red_team,black_team\n1,a,b,1-0,X,Y\n1,c,d,1-0,X,\n2,a,c,1-0,Y,Z\n2,e,f,1-0,Z,Z\n"),
            [
                "line 3, column 6 (black_team): team columns must be filled on every row of a team event (red_team and black_team, black_team empty only for a bye)",
                "line 4, column 5 (red_team): \"a\" plays for \"Y\" here but for \"X\" on line 2",
                "line 4, column 6 (black_team): \"c\" plays for \"Z\" here but for \"X\" on line 3",
                "line 5, column 6 (black_team): both players belong to team \"Z\"",
            ]
        );
    }
}
