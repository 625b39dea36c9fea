//! Results and how games end: the vocabulary every decision uses, below the repetition law and
//! the ruleset framework.

use crate::reference::RuleRef;
use crate::Color;
use core::fmt;

/// The result of a game, written as in PGN (records and verdicts alike).
///
/// ```
/// let r: xqr_core::rules::GameResult = "1/2-1/2".parse().unwrap();
/// assert_eq!(r, xqr_core::rules::GameResult::Draw);
/// assert!("2-0".parse::<xqr_core::rules::GameResult>().is_err());
/// use xqr_core::{rules::GameResult, Color};
/// assert_eq!(GameResult::from_pgn("0-1"), Some(GameResult::BlackWins));
/// assert_eq!(GameResult::win_for(Color::Red).pgn(), "1-0");
/// assert_eq!(GameResult::Draw.winner(), None);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    RedWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: not decided, unfinished or not given.
    #[default]
    Undecided,
}

impl GameResult {
    /// The win for `color`.
    pub const fn win_for(color: Color) -> GameResult {
        match color {
            Color::Red => GameResult::RedWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The PGN form (same as [`GameResult::pgn`]).
    pub const fn as_str(self) -> &'static str {
        self.pgn()
    }

    /// The PGN form: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn pgn(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Undecided => "*",
        }
    }

    /// Parses the PGN form (`½-½` and `0.5-0.5` are accepted for a draw).
    pub fn from_pgn(s: &str) -> Option<GameResult> {
        match s.trim() {
            "1-0" => Some(GameResult::RedWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" | "½-½" | "0.5-0.5" => Some(GameResult::Draw),
            "*" => Some(GameResult::Undecided),
            _ => None,
        }
    }

    /// The winner, if any.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::RedWins => Some(Color::Red),
            GameResult::BlackWins => Some(Color::Black),
            _ => None,
        }
    }

    /// Whether the game is decided (win, loss or draw).
    pub const fn is_decided(self) -> bool {
        !matches!(self, GameResult::Undecided)
    }
}

/// A text that is not a PGN result.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a result (expected 1-0, 0-1, 1/2-1/2 or *)")]
pub struct ParseResultError(pub String);

impl core::str::FromStr for GameResult {
    type Err = ParseResultError;
    fn from_str(s: &str) -> Result<GameResult, ParseResultError> {
        GameResult::from_pgn(s).ok_or_else(|| ParseResultError(s.to_owned()))
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn())
    }
}

impl serde::Serialize for GameResult {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.pgn())
    }
}

impl<'de> serde::Deserialize<'de> for GameResult {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GameResult, D::Error> {
        let s = String::deserialize(d)?;
        GameResult::from_pgn(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown result {s:?}")))
    }
}

/// Why a game ended (snake_case in JSON: `checkmate`, `perpetual_check` …).
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// 将死: in check with no legal move.
    Checkmate,
    /// 困毙: no legal move, not in check (a loss in Xiangqi).
    Stalemate,
    /// The kings faced each other after a move (CXA 1999 §4.1.2).
    FlyingGeneral,
    /// The king was captured (Jieqi, house variants).
    KingCaptured,
    /// 长将: one side checked perpetually.
    PerpetualCheck,
    /// 长捉: one side chased perpetually.
    PerpetualChase,
    /// 长杀: one side threatened mate perpetually.
    PerpetualMateThreat,
    /// Another forbidden repetition (一将一杀, 一将一捉, 一杀一捉 …) not varied.
    ForbiddenRepetition,
    /// A repetition judged a draw (不变作和).
    RepetitionDraw,
    /// The natural move limit (自然限着).
    NaturalLimit,
    /// An illegal move (走棋违反行棋规定 / 自杀).
    IllegalMove,
    /// Resignation (认输), from the record.
    Resignation,
    /// Draw by agreement, from the record.
    AgreedDraw,
    /// Loss on time, from the record.
    TimeForfeit,
    /// A result given by the record without a stated reason.
    RecordedResult,
    /// Any other reason, named by the ruleset.
    #[serde(untagged)]
    Other(String),
}

impl Termination {
    /// The snake_case name used in JSON.
    pub fn name(&self) -> &str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::FlyingGeneral => "flying_general",
            Termination::KingCaptured => "king_captured",
            Termination::PerpetualCheck => "perpetual_check",
            Termination::PerpetualChase => "perpetual_chase",
            Termination::PerpetualMateThreat => "perpetual_mate_threat",
            Termination::ForbiddenRepetition => "forbidden_repetition",
            Termination::RepetitionDraw => "repetition_draw",
            Termination::NaturalLimit => "natural_limit",
            Termination::IllegalMove => "illegal_move",
            Termination::Resignation => "resignation",
            Termination::AgreedDraw => "agreed_draw",
            Termination::TimeForfeit => "time_forfeit",
            Termination::RecordedResult => "recorded_result",
            Termination::Other(s) => s,
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A decided end of a game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameEnd {
    /// The result.
    pub result: GameResult,
    /// Why the game ended.
    pub termination: Termination,
    /// The article that decides it.
    pub rule: RuleRef,
    /// The side that broke a rule, if one did.
    pub offender: Option<Color>,
    /// The ply after which the game was decided (0 = before any move).
    pub ply: u32,
    /// A one-line explanation.
    pub explanation: String,
}
