//! Swiss pairing by the 定位编排 method (积分编排制定位编排法, cxa-2011 附录二).
//!
//! An arbiter pairs each round with one card per player (编排卡). The modules follow the
//! appendix:
//!
//! - `players`: the list (`name`, optional `team`, `rating`, `seeded`, `number`);
//! - `record`: each card before the round — score, colours, opponents, floats, byes (一.5,
//!   一.6, 一.8, 一.9);
//! - `first_round`: the draw and the first-round tables (二.1: 近号, 首尾, 对半交叉);
//! - `pick_order`: the two rows and who picks first (二.2);
//! - `forms`: pairing one score group (二.3: 同位, 错位, 通行, 拆对, 下调; 一.10);
//! - `groups`: the score groups from the top down, floaters and the bye (一.4, 一.5);
//! - `colours`: who takes Red (二.4, 一.11 (3)–(4));
//! - `matching`: whether a set of players can still be paired without rematches;
//! - `teams`: team events, teams paired as entrants, the first team Red on odd boards
//!   (2011 §12.3).
//!
//! Not in this copy of the rules, so not implemented: the "拆对编排方法" that 二.3 (4) refers
//! to (its reading is in `forms`), and the knock-out tables of 附录三 (2011 §10.4 names them; the
//! text ends with 附录二).
//!
//! ```
//! use xqr_core::pairing::{pair_round, read_players, PairingRequest};
//! use xqr_core::standings::EventResults;
//! let players = read_players("name\nA\nB\nC\nD\n").unwrap();
//! let results = EventResults::in_progress_from_csv_str("round,red,black,result\n").unwrap();
//! let round1 = pair_round(&PairingRequest::new(&players, &results, 1)).unwrap();
//! assert_eq!(round1.boards.len(), 2);
//! ```

mod colours;
mod first_round;
mod forms;
mod groups;
mod matching;
mod pick_order;
mod players;
mod record;
mod teams;

pub use colours::{ColourRule, ColourState};
pub use first_round::{draw_numbers, DrawEntry, FirstRoundMethod};
pub use forms::Form;
pub use matching::{can_pair_all, Set};
pub use pick_order::PickRule;
pub use players::{read_players, Entrant};
pub use record::Card;
pub use teams::{pair_team_round, team_board_colours, TeamMatch, TeamRound};

use core::fmt;

use colours::{allocate, Side};
use groups::{pair_field, Field, Stuck};
use pick_order::Entry;

use crate::points::PointScheme;
use crate::standings::{EventResults, ResultRow, RowResult, Score};

/// Which input file a problem is in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The list of players.
    Players,
    /// The results so far.
    Results,
}

/// What is wrong with the input, or why the round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingErrorKind {
    /// The CSV cannot be read.
    #[error("unreadable CSV: {0}")]
    Csv(String),
    /// A bad header.
    #[error("{0}")]
    BadColumn(String),
    /// A bad field.
    #[error("{0}")]
    BadField(String),
    /// A player listed twice.
    #[error("{name:?} is listed twice (also on line {first_line})")]
    ListedTwice {
        /// The name.
        name: String,
        /// The first line.
        first_line: u64,
    },
    /// A number given twice, or outside 1..=n.
    #[error("number {0} is given twice or is larger than the number of players")]
    BadNumber(u32),
    /// Fewer than two players.
    #[error("a Swiss event needs at least 2 players, the list has {0}")]
    TooFew(usize),
    /// More players than the search handles.
    #[error("at most 255 players can be paired, the list has {0}")]
    TooMany(usize),
    /// A name in the results that the list does not have.
    #[error("{0:?} is not in the list of players")]
    UnknownPlayer(String),
    /// Two players paired twice (一.6).
    #[error("{red:?} and {black:?} already met on line {first_line} (一.6: no rematches)")]
    Rematch {
        /// Red of this row.
        red: String,
        /// Black of this row.
        black: String,
        /// The earlier game.
        first_line: u64,
    },
    /// A row of a round after a later round, or a round missing.
    #[error("round {found} is out of order: round {expected} or {} was expected here", expected + 1)]
    RoundOutOfOrder {
        /// The round of the row.
        found: u32,
        /// The round of the rows before it.
        expected: u32,
    },
    /// The round asked for is not the next one.
    #[error("the results end with round {}, so round {asked} cannot be paired (next: round {next})", next - 1)]
    WrongRound {
        /// The round asked for.
        asked: u32,
        /// The next round.
        next: u32,
    },
    /// An unfinished game before the last round.
    #[error(
        "a game of round {0} has no result; only the last round may have unfinished games (一.8)"
    )]
    UnfinishedEarlier(u32),
    /// No pairing avoids a rematch.
    #[error("round {0} cannot be paired: every pairing repeats a game (一.6)")]
    NoPairing(u32),
    /// The search gave up (a pathological field).
    #[error("round {0}: the pairing search gave up")]
    Exhausted(u32),
}

/// A located problem: the file, its line (1 for the header or the file as a whole), what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct PairingError {
    /// Which file.
    pub file: Source,
    /// Line (1-based).
    pub line: u64,
    /// What.
    pub kind: PairingErrorKind,
}

/// What is paired: the list, the results so far and the round.
#[derive(Clone, Debug)]
pub struct PairingRequest<'a> {
    /// The players.
    pub entrants: &'a [Entrant],
    /// The results of rounds 1 to `round − 1` (unfinished games of the last allowed).
    pub results: &'a EventResults,
    /// The round to pair.
    pub round: u32,
    /// The number of rounds of the event, if known (一.11 (4) in its last round).
    pub rounds: Option<u32>,
    /// Points per result (score groups).
    pub points: PointScheme,
    /// How round 1 is paired, and how its numbers are read back later.
    pub first_round: FirstRoundMethod,
    /// The seed of the draw of numbers (round 1).
    pub seed: u64,
    /// Keep players of one team (单位) apart from round 2 on, as a supplementary rule may ask
    /// (一.7: "原则上不回避配对。如某轮需回避，应在赛前补充规定中说明"). Round 1 follows the
    /// table of the draw.
    pub avoid_teammates: bool,
}

impl<'a> PairingRequest<'a> {
    /// A request with 2011 points (§13.1), near-number first round and seed 0.
    pub fn new(entrants: &'a [Entrant], results: &'a EventResults, round: u32) -> Self {
        PairingRequest {
            entrants,
            results,
            round,
            rounds: None,
            points: PointScheme::TWO_ONE_ZERO,
            first_round: FirstRoundMethod::NearNumber,
            seed: 0,
            avoid_teammates: false,
        }
    }
}

/// One board of the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Board number, from 1; the bye comes last.
    pub board: u32,
    /// Plays Red (has the bye when `black` is `None`).
    pub red: usize,
    /// Plays Black; `None` for a bye.
    pub black: Option<usize>,
    /// Index of the score group that made the pair in [`PairedRound::groups`].
    pub group: usize,
    /// Who picked (二.2), after round 1.
    pub picker: Option<usize>,
    /// Which rule made him the picker.
    pub pick_rule: Option<PickRule>,
    /// The form of the pair (二.3), after round 1.
    pub form: Option<Form>,
    /// Why Red is Red.
    pub colour_rule: Option<ColourRule>,
}

/// One score group as paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupReport {
    /// The score of its own players.
    pub score: Score,
    /// Floaters from above, then its own players.
    pub members: Vec<usize>,
    /// The floaters from above (下调 into this group).
    pub incoming: Vec<usize>,
    /// Its players sent down (下调).
    pub floated_down: Vec<usize>,
    /// Whether pairs were broken and made again (拆对).
    pub rebuilt: bool,
    /// The wishes given up, if any: colours within 一.11 (3), floaters without an earlier float.
    pub relaxed: Vec<&'static str>,
}

/// A paired round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairedRound {
    /// The round.
    pub round: u32,
    /// Each entrant's number (序号).
    pub numbers: Vec<u32>,
    /// Each entrant's card before the round.
    pub cards: Vec<Card>,
    /// The boards, games first, the bye last.
    pub boards: Vec<Board>,
    /// The score groups, top down (one group for round 1).
    pub groups: Vec<GroupReport>,
}

/// Pairs the round of `req`.
pub fn pair_round(req: &PairingRequest<'_>) -> Result<PairedRound, PairingError> {
    pair_rows(req, req.results.rows())
}

/// Pairs the round of `req` after `rows` (the results, or a team event's matches).
pub(crate) fn pair_rows(
    req: &PairingRequest<'_>,
    rows: &[ResultRow],
) -> Result<PairedRound, PairingError> {
    let n = req.entrants.len();
    let whole = |kind| PairingError {
        file: Source::Players,
        line: 1,
        kind,
    };
    if n < 2 {
        return Err(whole(PairingErrorKind::TooFew(n)));
    }
    if n >= Set::CAPACITY {
        return Err(whole(PairingErrorKind::TooMany(n)));
    }
    let names: Vec<String> = req.entrants.iter().map(|e| e.name.clone()).collect();
    let cards = record::cards(&names, rows, req.round, &req.points)?;
    let numbers = numbers(req, rows)?;
    if req.round == 1 {
        return Ok(first_round(req, numbers, cards));
    }
    let mut entries: Vec<Entry> = (0..n)
        .map(|i| Entry {
            score: cards[i].score,
            state: cards[i].colour_state(),
            number: numbers[i],
        })
        .collect();
    let mut met: Vec<Set> = cards
        .iter()
        .map(|c| c.opponents.iter().copied().collect())
        .collect();
    if req.avoid_teammates {
        for (p, a) in req.entrants.iter().enumerate() {
            for (q, b) in req.entrants.iter().enumerate() {
                if p != q && a.team.is_some() && a.team == b.team {
                    met[p].insert(q);
                }
            }
        }
    }
    let phantom = (n % 2 == 1).then_some(n);
    if phantom.is_some() {
        entries.push(Entry {
            score: Score::integer(-1),
            state: ColourState::default(),
            number: n as u32 + 1,
        });
        met.push(Set::EMPTY);
    }
    let mut field = Field {
        entries,
        met,
        downs: cards.iter().map(|c| c.downs).chain([0]).collect(),
        ups: cards.iter().map(|c| c.ups).chain([0]).collect(),
        alone: (0..=n)
            .map(|p| p < n && cards.iter().filter(|c| c.score == cards[p].score).count() == 1)
            .collect(),
        phantom,
        round: req.round,
        final_round: req.rounds == Some(req.round) && req.round % 2 == 1,
    };
    let stuck = |s: Stuck| {
        whole(match s {
            Stuck::NoPairing => PairingErrorKind::NoPairing(req.round),
            Stuck::Exhausted => PairingErrorKind::Exhausted(req.round),
        })
    };
    let groups = match phantom {
        None => pair_field(&field).map_err(stuck)?,
        Some(x) => {
            // 一.5: the bye to the lowest score, a player without a bye first; then (not in the
            // text) a second bye in the lowest score; then anyone without a bye; then anyone.
            let lowest = cards.iter().map(|c| c.score).min().unwrap_or(Score::ZERO);
            let mut outcome = Err(Stuck::NoPairing);
            for (lowest_only, first_bye) in
                [(true, true), (true, false), (false, true), (false, false)]
            {
                let barred: Set = (0..n)
                    .filter(|&p| {
                        (lowest_only && cards[p].score != lowest)
                            || (first_bye && cards[p].byes > 0)
                    })
                    .collect();
                for p in 0..n {
                    if barred.contains(p) {
                        field.met[p].insert(x);
                    } else {
                        field.met[p].remove(x);
                    }
                }
                field.met[x] = barred;
                outcome = pair_field(&field);
                if !matches!(outcome, Err(Stuck::NoPairing)) {
                    break;
                }
            }
            outcome.map_err(stuck)?
        }
    };
    let mut boards = Vec::new();
    let mut bye = None;
    let mut reports = Vec::new();
    for (gi, g) in groups.iter().enumerate() {
        for m in &g.solved.pairs {
            if Some(m.partner) == phantom || Some(m.picker) == phantom {
                let player = if Some(m.partner) == phantom {
                    m.picker
                } else {
                    m.partner
                };
                bye = Some(Board {
                    board: 0,
                    red: player,
                    black: None,
                    group: gi,
                    picker: Some(m.picker),
                    pick_rule: Some(m.rule),
                    form: Some(Form::Bye),
                    colour_rule: None,
                });
                continue;
            }
            let side = |p: usize| Side {
                state: field.entries[p].state,
                number: field.entries[p].number,
            };
            let (picker_red, rule) = allocate(
                side(m.picker),
                side(m.partner),
                req.round,
                field.final_round,
            );
            let (red, black) = if picker_red {
                (m.picker, m.partner)
            } else {
                (m.partner, m.picker)
            };
            boards.push(Board {
                board: 0,
                red,
                black: Some(black),
                group: gi,
                picker: Some(m.picker),
                pick_rule: Some(m.rule),
                form: Some(m.form),
                colour_rule: Some(rule),
            });
        }
        let mut relaxed = Vec::new();
        match g.pass.colours {
            forms::ColourWish::Balanced => {}
            forms::ColourWish::NoThree if !field.final_round => {}
            forms::ColourWish::NoThree => relaxed.push("colours at most one apart (一.11 (4))"),
            forms::ColourWish::Any => relaxed.push("no three up or in a row (一.11 (3))"),
        }
        if g.pass.float_limit > 1 && !g.solved.floaters.is_empty() {
            relaxed.push("only residents who never floated down float (一.9, 一.4)");
        }
        if g.pass.float_limit > 2 {
            relaxed.push("at most two floats (一.9)");
        }
        reports.push(GroupReport {
            score: g.score,
            members: g
                .members
                .iter()
                .copied()
                .filter(|&p| Some(p) != phantom)
                .collect(),
            incoming: g.incoming.clone(),
            floated_down: g.solved.floaters.clone(),
            rebuilt: g.solved.rebuilt,
            relaxed,
        });
    }
    boards.extend(bye);
    for (i, b) in boards.iter_mut().enumerate() {
        b.board = i as u32 + 1;
    }
    Ok(PairedRound {
        round: req.round,
        numbers,
        cards,
        boards,
        groups: reports,
    })
}

/// Round 1 from the table of the method.
fn first_round(req: &PairingRequest<'_>, numbers: Vec<u32>, cards: Vec<Card>) -> PairedRound {
    let n = numbers.len();
    let mut by_number = vec![0; n + 1];
    for (i, &k) in numbers.iter().enumerate() {
        by_number[k as usize] = i;
    }
    let (games, bye) = req.first_round.table(n as u32);
    let mut boards: Vec<Board> = games
        .iter()
        .map(|&(r, b)| (by_number[r as usize], Some(by_number[b as usize])))
        .chain(bye.map(|x| (by_number[x as usize], None)))
        .enumerate()
        .map(|(i, (red, black))| Board {
            board: i as u32 + 1,
            red,
            black,
            group: 0,
            picker: None,
            pick_rule: None,
            form: black.is_none().then_some(Form::Bye),
            colour_rule: black.is_some().then_some(ColourRule::FirstRound),
        })
        .collect();
    boards.sort_by_key(|b| b.board);
    PairedRound {
        round: 1,
        numbers,
        cards,
        boards,
        groups: vec![GroupReport {
            score: Score::ZERO,
            members: (0..n).collect(),
            incoming: Vec::new(),
            floated_down: Vec::new(),
            rebuilt: false,
            relaxed: Vec::new(),
        }],
    }
}

/// The entrants' numbers: given in the list, drawn (round 1), or read back from round 1 of the
/// results (game rows in file order are the boards of the first-round table; a player absent
/// from round 1 takes the smallest number left, in list order).
fn numbers(req: &PairingRequest<'_>, rows: &[ResultRow]) -> Result<Vec<u32>, PairingError> {
    let n = req.entrants.len();
    if req.entrants.iter().all(|e| e.number.is_some()) {
        let mut used = vec![false; n + 1];
        let mut out = Vec::new();
        for e in req.entrants {
            let k = e.number.unwrap_or(0);
            if k as usize > n || used[k as usize] {
                return Err(PairingError {
                    file: Source::Players,
                    line: e.line,
                    kind: PairingErrorKind::BadNumber(k),
                });
            }
            used[k as usize] = true;
            out.push(k);
        }
        return Ok(out);
    }
    if let Some(e) = req.entrants.iter().find(|e| e.number.is_none()) {
        if req.entrants.iter().any(|e| e.number.is_some()) {
            return Err(PairingError {
                file: Source::Players,
                line: e.line,
                kind: PairingErrorKind::BadField(format!(
                    "{:?} has no number: give a number to every player or to none",
                    e.name
                )),
            });
        }
    }
    if req.round == 1 {
        let draw: Vec<DrawEntry> = req
            .entrants
            .iter()
            .map(|e| DrawEntry {
                seeded: e.seeded,
                rating: e.rating,
            })
            .collect();
        return Ok(draw_numbers(&draw, req.seed));
    }
    let (games, bye) = req.first_round.table(n as u32);
    let index = |name: &str| req.entrants.iter().position(|e| e.name == name);
    let mut numbers: Vec<Option<u32>> = vec![None; n];
    let mut used = vec![false; n + 2];
    let mut k = 0;
    for r in rows.iter().filter(|r| r.round == 1) {
        let given: Vec<(Option<usize>, u32)> = match (&r.black, r.result) {
            (None, _) | (_, RowResult::Bye) => {
                bye.map(|x| vec![(index(&r.red), x)]).unwrap_or_default()
            }
            (Some(b), _) => {
                let g = games.get(k).copied();
                k += 1;
                g.map(|(red, black)| vec![(index(&r.red), red), (index(b), black)])
                    .unwrap_or_default()
            }
        };
        for (p, x) in given {
            if let Some(p) = p {
                if numbers[p].is_none() && !used[x as usize] {
                    numbers[p] = Some(x);
                    used[x as usize] = true;
                }
            }
        }
    }
    let mut free = (1..=n as u32).filter(|&x| !used[x as usize]);
    Ok(numbers
        .into_iter()
        .map(|x| x.or_else(|| free.next()).unwrap_or(0))
        .collect())
}

impl PairedRound {
    /// Why the board is as it is, in words (`--explain`).
    pub fn explain(&self, board: &Board, names: &[String]) -> String {
        let name = |p: usize| names.get(p).map_or("?", String::as_str);
        let card = |p: usize| {
            let c = &self.cards[p];
            format!(
                "{} no.{} {} pts {}",
                name(p),
                self.numbers[p],
                c.score,
                c.colour_state().card()
            )
        };
        let Some(black) = board.black else {
            if self.round == 1 {
                return format!(
                    "{} has the largest number, {}, left out of the first-round table: the bye (二.1, 一.5), scored as a win",
                    name(board.red),
                    self.numbers[board.red]
                );
            }
            return format!(
                "{} has the bye: the last left in the lowest group (一.5), scored as a win",
                card(board.red)
            );
        };
        if self.round == 1 {
            return format!(
                "numbers {} and {} of the first-round table (二.1); the number listed first has Red",
                self.numbers[board.red], self.numbers[black]
            );
        }
        let g = &self.groups[board.group];
        let mut parts = Vec::new();
        if let (Some(p), Some(rule)) = (board.picker, board.pick_rule) {
            let other = if p == board.red { black } else { board.red };
            parts.push(format!(
                "{} picks first in the {}-point group ({})",
                card(p),
                g.score,
                rule.item()
            ));
            if let Some(form) = board.form {
                parts.push(format!("takes {} ({})", card(other), form.item()));
            }
            for q in [p, other] {
                if g.incoming.contains(&q) {
                    parts.push(format!(
                        "{} floated down from a higher group (二.3 (5) 下调)",
                        name(q)
                    ));
                }
            }
        }
        if let Some(rule) = board.colour_rule {
            parts.push(format!("{} has Red: {}", name(board.red), rule.item()));
        }
        if g.rebuilt {
            parts.push("pairs of this group were broken and made again (二.3 (4) 拆对)".to_owned());
        }
        for r in &g.relaxed {
            parts.push(format!("gave up: {r}"));
        }
        parts.join("; ")
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Source::Players => "players",
            Source::Results => "results",
        })
    }
}
