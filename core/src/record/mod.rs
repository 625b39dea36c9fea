//! Game records (棋谱): Xiangqi PGN in UTF-8, GBK or Big5, read and written.
//!
//! Reading is two steps, so that one bad game never hides the others:
//!
//! 1. [`decode`] turns the bytes of a file into text, detecting the encoding (see
//!    [`encoding`] for the heuristic), and [`read_games`] splits the text into [`RawGame`]s:
//!    tags, move tokens with their lines, termination marker. This never fails; syntax problems
//!    stay with their game.
//! 2. [`RawGame::replay`] checks a raw game under some [`MoveRules`](crate::MoveRules): the
//!    `FEN` tag, then every move token, read in any supported notation (ICCS, WXF, Chinese) by
//!    [`notation::parse_move`](crate::notation::parse_move). It gives a [`Game`] of legal moves
//!    or a [`RecordError`] naming the game, ply, token, line and reason.
//!
//! [`write_pgn`] writes a game back.
//!
//! ```
//! use xqr_core::record::{read_games_from_bytes, Encoding, GameResult};
//! use xqr_core::MoveRules;
//! let text = "[Event \"例局\"]\n[Result \"1-0\"]\n1. h2e2 h9g7 2. h0g2 i9h9 1-0\n\n\
//!             [Event \"壞局\"]\n1. h2e2 h2e3 *\n";
//! let (bytes, _, _) = encoding_rs::GBK.encode(text);
//! let (games, encoding) = read_games_from_bytes(&bytes).unwrap();
//! assert_eq!(encoding, Encoding::Gbk);
//! let game = games[0].replay(MoveRules::STANDARD).unwrap();
//! assert_eq!((game.tag("Event"), game.moves().len(), game.result()), (Some("例局"), 4, GameResult::RedWins));
//! let err = games[1].replay(MoveRules::STANDARD).unwrap_err();
//! assert_eq!(err.to_string(), "game 2 (line 5): ply 2, move \"h2e3\" at line 6, column 9: \
//!                              \"h2e3\" is illegal: no piece on h2");
//! ```

mod byte_score;
mod cursor;
pub mod encoding;
mod game;
mod pgn;
mod stream;
mod write;

pub use encoding::{decode, DecodeError, Encoding};
pub use game::{Game, GameResult, ParseResultError, Positions};
pub use pgn::{
    read_games, GameReader, MoveToken, RawGame, RawTag, RecordError, RecordErrorKind, SyntaxError,
    SyntaxErrorKind,
};
pub use stream::{GameStream, StreamError};
pub use write::{write_pgn, write_pgn_games};

/// Decodes a file (see [`decode`]) and reads its games (see [`read_games`]).
///
/// ```
/// use xqr_core::record::{read_games_from_bytes, Encoding};
/// let (games, encoding) = read_games_from_bytes(b"1. h2e2 h9g7 *").unwrap();
/// assert_eq!((games.len(), encoding), (1, Encoding::Utf8));
/// assert!(read_games_from_bytes(b"\xff\xfe\xff\xff\x00\xd8").is_err());
/// ```
pub fn read_games_from_bytes(bytes: &[u8]) -> Result<(Vec<RawGame>, Encoding), DecodeError> {
    let (text, encoding) = decode(bytes)?;
    Ok((read_games(&text), encoding))
}

impl Game {
    /// Reads and replays the first game of a PGN text.
    ///
    /// ```
    /// use xqr_core::record::Game;
    /// use xqr_core::MoveRules;
    /// let game = Game::from_pgn("1. h2e2 h9g7", MoveRules::STANDARD).unwrap();
    /// assert_eq!(game.moves().len(), 2);
    /// assert!(Game::from_pgn("  ", MoveRules::STANDARD).is_err());
    /// ```
    pub fn from_pgn(text: &str, rules: crate::MoveRules) -> Result<Game, RecordError> {
        match GameReader::new(text).next() {
            Some(raw) => raw.replay(rules),
            None => Err(RecordError {
                game: 1,
                game_line: 1,
                kind: Box::new(RecordErrorKind::NoGame),
            }),
        }
    }
}

#[cfg(test)]
mod tests;
