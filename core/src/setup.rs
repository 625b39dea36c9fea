//! An unvalidated position, as read from FEN.

use crate::{Board, Color, Pool};

/// A position as written down, not yet checked for legality.
///
/// Parse one from FEN with [`Setup::from_fen`], then validate it into a
/// [`Position`](crate::Position) with [`Position::from_setup`](crate::Position::from_setup).
///
/// ```
/// use xqr_core::{Color, Setup};
/// let setup = Setup::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 b - - 3 20").unwrap();
/// assert_eq!(setup.turn, Color::Black);
/// assert_eq!(setup.halfmove_clock, 3);
/// assert_eq!(setup.to_fen(), "4k4/9/9/9/9/9/9/9/9/4K4 b - - 3 20");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Piece placement.
    pub board: Board,
    /// Side to move.
    pub turn: Color,
    /// Unrevealed identities (Jieqi); empty for standard Xiangqi.
    pub pool: Pool,
    /// Plies since the last capture (for the natural move limit).
    pub halfmove_clock: u32,
    /// Move number, starting at 1 and incremented after Black moves.
    pub fullmove_number: u32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}

impl Setup {
    /// The standard start position.
    pub fn start() -> Setup {
        Setup {
            board: Board::start(),
            turn: Color::Red,
            pool: Pool::EMPTY,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// A setup with an empty board, Red to move.
    pub fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            ..Setup::start()
        }
    }
}
