//! The game a `judge`, `compare` or `claim` reads: `--fen` + `--moves`, or `--pgn FILE
//! [--game N]`; and how `judge` and `compare` judge it.

use std::path::PathBuf;

use xqr_core::rules::{ClaimPolicy, GameInput, IllegalMovePolicy, JudgeOptions};
use xqr_host::record_input::PickedGame;

use super::CliError;

/// Options naming a game.
#[derive(Debug, clap::Args)]
pub struct GameArgs {
    /// Start position in FEN (default: the ruleset's start position).
    #[arg(long, conflicts_with = "pgn")]
    pub fen: Option<String>,

    /// Moves, separated by spaces: ICCS (`h2e2`), or WXF or Chinese notation.
    #[arg(long, conflicts_with = "pgn", allow_hyphen_values = true)]
    pub moves: Option<String>,

    /// A PGN file (UTF-8, GBK or Big5); its FEN, Result and Termination tags are used, and
    /// under Jieqi rulesets a deal in its Deal or DealSeed tag.
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,

    /// Which game of the PGN file (1-based).
    #[arg(long, default_value_t = 1, requires = "pgn")]
    pub game: usize,
}

/// How `judge` and `compare` judge the game.
#[derive(Debug, clap::Args)]
pub struct JudgingArgs {
    /// What an illegal move in the record means: an input error (`reject`), or the
    /// edition's ruling (`rule`, e.g. 1999 §4.1.6: the mover loses).
    #[arg(long, value_enum, default_value_t = IllegalMoves::Reject)]
    pub illegal_moves: IllegalMoves,

    /// Classify every ply in the output, not only those of the loop a ruling rests on.
    #[arg(long)]
    pub all_plies: bool,

    /// How the record is judged: as played (`as-played`: a claim nobody made is listed and
    /// judging goes on to the record's end), or up to its first successful claim (`first`:
    /// "what if they had claimed").
    #[arg(long, value_enum, default_value_t = Claims::AsPlayed)]
    pub claim: Claims,
}

/// `--claim`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Claims {
    /// The record as played.
    AsPlayed,
    /// Up to the first successful claim.
    First,
}

impl From<Claims> for ClaimPolicy {
    fn from(c: Claims) -> ClaimPolicy {
        match c {
            Claims::AsPlayed => ClaimPolicy::AsPlayed,
            Claims::First => ClaimPolicy::First,
        }
    }
}

/// `--illegal-moves`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum IllegalMoves {
    /// An input error naming the ply and the reason.
    Reject,
    /// The edition's ruling.
    Rule,
}

impl From<IllegalMoves> for IllegalMovePolicy {
    fn from(i: IllegalMoves) -> IllegalMovePolicy {
        match i {
            IllegalMoves::Reject => IllegalMovePolicy::Reject,
            IllegalMoves::Rule => IllegalMovePolicy::Rule,
        }
    }
}

impl JudgingArgs {
    /// The judging options.
    pub fn options(&self) -> JudgeOptions {
        JudgeOptions {
            illegal_moves: self.illegal_moves.into(),
            all_plies: self.all_plies,
            claim: self.claim.into(),
        }
    }
}

impl GameArgs {
    /// The game and where it came from.
    pub fn game(&self) -> Result<Source, CliError> {
        let Some(path) = &self.pgn else {
            let moves = self.moves.as_deref().unwrap_or("");
            let input = GameInput {
                fen: self.fen.clone(),
                moves: moves
                    .split_whitespace()
                    .map(xqr_core::MoveText::from)
                    .collect(),
                ..GameInput::default()
            };
            return Ok(Source {
                input,
                label: "--moves".to_owned(),
                lines: Vec::new(),
            });
        };
        let shown = path.display();
        let bytes = std::fs::read(path)
            .map_err(|e| CliError::input(format!("{shown}: cannot read: {e}")))?;
        let picked =
            PickedGame::read(&bytes, self.game, &shown.to_string()).map_err(CliError::input)?;
        let (game, label) = (picked.game, picked.label);
        Ok(Source {
            input: game.input,
            label,
            lines: game.places,
        })
    }
}

/// A game to judge and where it came from.
pub struct Source {
    /// The game.
    pub input: GameInput,
    /// Where it came from (`--moves`, or the file and game).
    pub label: String,
    /// Line and column of each move in the file (empty for `--moves`).
    pub lines: Vec<(usize, usize)>,
}

impl Source {
    /// An input error for a game that could not be judged, located at its ply and line.
    pub fn error(&self, e: &xqr_core::rules::JudgeError) -> CliError {
        let at = e
            .ply()
            .and_then(|p| self.lines.get(p as usize - 1))
            .map(|(l, c)| format!(" (line {l}, column {c})"))
            .unwrap_or_default();
        CliError::input(format!("{}{at}: {e}", self.label))
    }
}
