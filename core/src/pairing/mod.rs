//! Swiss pairing by the 定位编排 method (积分编排制定位编排法, cxa-2011 附录二).
//!
//! An arbiter pairs each round with one card per player (编排卡). The modules follow the
//! appendix:
//!
//! - `players`: the list (`name`, optional `team`, `rating`, `seeded`, `number`);
//! - `round`: a round from the cards — the field, the groups, the boards and their colours;
//! - `numbers`: the numbers (序号): given, drawn, or read back from round 1;
//! - `explain`: why each board is as it is (`--explain`);
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
mod explain;
mod first_round;
mod forms;
mod groups;
mod matching;
mod numbers;
mod pick_order;
mod players;
mod record;
mod round;
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

use round::pair_rows;

use crate::points::PointScheme;
use crate::standings::{EventResults, Score};

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

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Source::Players => "players",
            Source::Results => "results",
        })
    }
}
