//! Move notations: ICCS (`h2e2`), WXF (`C2.5`) and Chinese (`炮二平五`).
//!
//! Every notation is read against a position (descriptive notations name a piece, not a point)
//! and every parser returns the legal [`Move`] or a specific [`NotationError`].

pub mod iccs;

use crate::{IllegalMove, Move, Position};

/// A move text that could not be read in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The text is not in any supported notation.
    #[error("{text:?} is not a move in ICCS, WXF or Chinese notation: {reason}")]
    Syntax {
        /// The text.
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// The text is well formed but names no piece of the side to move.
    #[error("{text:?}: no such piece of the side to move")]
    NoSuchPiece {
        /// The text.
        text: String,
    },
    /// The text fits more than one piece.
    #[error("{text:?} is ambiguous: it fits {candidates}")]
    Ambiguous {
        /// The text.
        text: String,
        /// The moves it could mean, in ICCS.
        candidates: String,
    },
    /// The move is well formed but illegal here.
    #[error("{text:?} is illegal: {reason}")]
    Illegal {
        /// The text.
        text: String,
        /// Why.
        reason: IllegalMove,
    },
}

/// Reads a move in any supported notation (ICCS first, then WXF, then Chinese), checks that it is
/// legal in `pos` and returns it.
///
/// ```
/// use xqr_core::{notation, Position};
/// let pos = Position::new();
/// let m = notation::parse_move(&pos, "h2e2").unwrap();
/// assert_eq!(m.to_string(), "h2e2");
/// ```
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    iccs::parse(pos, text)
}
