//! # xqr-core
//!
//! The core of xqr, a framework of executable Xiangqi (Chinese chess) rulebooks: the board and
//! its vocabulary ([`Color`], [`Role`], [`Piece`], [`Square`], [`Move`]), FEN in the common and
//! Jieqi dialects ([`Setup`] for what was written, [`Position`] for what was validated), legal move
//! generation parameterised by [`MoveRules`], attack and pin queries, Zobrist hashing, perft,
//! notations (ICCS, WXF, Chinese) and game records (PGN in UTF-8, GBK or Big5).
//!
//! ```
//! use xqr_core::{perft, Position};
//! let pos = Position::new();
//! assert_eq!(perft(&pos, 3), 79_666);
//! ```

#![warn(missing_docs)]

mod attacks;
mod board;
mod check_points;
mod color;
pub mod fen;
mod history;
mod illegal;
mod king_guard;
pub mod law;
mod memo;
mod move_rules;
mod move_text;
mod movegen;
mod mv;
pub mod notation;
mod outcome;
pub mod pairing;
mod perft;
mod piece;
mod piece_moves;
mod points;
mod pool;
mod position;
mod quoted;
pub mod record;
mod reference;
pub mod registry;
mod role;
pub mod rules;
pub mod schedule;
mod seeded;
mod setup;
mod square;
mod square_set;
pub mod standings;
mod tables;
#[cfg(test)]
mod walks;
mod zobrist;

pub use board::{start_piece, Board};
pub use color::Color;
pub use illegal::IllegalMove;
pub use move_rules::{KingSafety, MoveRules};
pub use move_text::MoveText;
pub use movegen::MoveList;
pub use mv::{Move, ParseMoveError};
pub use perft::{divide, perft};
pub use piece::{Occupant, Piece};
pub use pool::{ParsePoolError, Pool};
pub use position::{LoadFenError, Position, PositionError, Undo};
pub use quoted::Quoted;
pub use role::Role;
pub use seeded::SeededDraw;
pub use setup::Setup;
pub use square::{File, ParseSquareError, Rank, Square};
pub use square_set::{SquareSet, SquareSetIter};

#[doc(hidden)]
pub use inventory;
