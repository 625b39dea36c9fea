//! Game records (棋谱): Xiangqi PGN in UTF-8, GBK or Big5.
//!
//! [`decode`] turns the bytes of a file into text, detecting the encoding (see [`encoding`] for
//! the heuristic).

pub mod encoding;

pub use encoding::{decode, DecodeError, Encoding};
