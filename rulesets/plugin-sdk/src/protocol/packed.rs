//! Games packed as lengths and bytes in a `judge` request (protocol version 6).
//!
//! A `judge` request is mostly move texts. In JSON each is a string: its writer tests every
//! byte for what would need an escape, and its reader looks for the closing quote; over CCPD
//! that was the largest part of what a plugin ruleset paid beside the same ruleset built in.
//! A packed request says each text's length instead, so neither side looks at the bytes of a
//! text: the writer copies them and the reader takes them.
//!
//! The layout:
//!
//! - a NUL byte (no JSON text starts with one, so the two forms are told apart by the first
//!   byte);
//! - the header, a JSON object: `{"packed": "game" | "games", "options": JudgeOptions,
//!   "law": LawChange}`, `options` and `law` optional as in the JSON forms. `"game"` is a
//!   request for one game, answered as a request with `game`; `"games"` a batch, answered as a
//!   request with `games` (a list of replies). Unknown fields are ignored;
//! - a NUL byte (the header holds none: JSON escapes it);
//! - the payload: the number of games, the length in bytes of the numbers that follow, those
//!   numbers, then the texts. Every number is an unsigned LEB128 (seven bits a byte, lowest
//!   first, the high bit set on every byte but the last; at most ten bytes). For each game in
//!   order, the numbers are: the FEN's length plus one, or 0 for none; the number of moves and
//!   each move's length; the number of tags and, for each, its name's length and its value's.
//!   The texts are those of every game, in the same order (FEN, moves, then each tag's name and
//!   value), one after the other without separators, and must be UTF-8 as a whole, each text
//!   whole characters.
//!
//! A game may hold two tags of one name: the last is kept, as JSON's reading keeps it. The
//! numbers and the texts must be used up exactly. Anything else (a header that is not such an
//! object, a number that overflows or runs past the numbers, a text that runs past the texts or
//! cuts a character, bytes left over, `"game"` with other than one game) is an error about the
//! request as a whole.

use super::batch::AnyJudgeRequest;
use super::pooled::{with_pool, Pool, PooledGame};
use super::short_copy::copy_short;
use super::LawChange;
use serde::Deserialize;
use std::collections::BTreeMap;
use xqr_core::rules::JudgeOptions;
use xqr_core::MoveText;

/// What a packed request asks: one game or a batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Packed {
    /// One game, answered as a request with `game`.
    Game,
    /// A batch, answered as a request with `games`.
    Games,
}

/// The header of a packed request.
#[derive(Deserialize)]
struct Header {
    packed: Packed,
    #[serde(default)]
    options: JudgeOptions,
    #[serde(default)]
    law: Option<LawChange>,
}

/// Games written into a packed request.
///
/// ```
/// use xqr_core::rules::{GameInput, JudgeOptions};
/// use xqr_plugin_sdk::protocol::packed::{Packed, PackedGames};
/// let game = GameInput { moves: vec!["炮二平五".into(), "h9g7".into()], ..GameInput::default() };
/// let mut packed = PackedGames::default();
/// packed.push(game.fen.as_deref(), &game.moves, &[("Result", "1-0")]);
/// let request = packed.finish(Packed::Game, &JudgeOptions::default(), None).unwrap();
/// assert_eq!(request[0], 0);
/// assert!(request.ends_with("炮二平五h9g7Result1-0".as_bytes()));
/// ```
#[derive(Clone, Debug, Default)]
pub struct PackedGames {
    games: usize,
    numbers: Vec<u8>,
    texts: Vec<u8>,
}

impl PackedGames {
    /// Room for about `games` games of `moves` moves in all.
    pub fn with_capacity(games: usize, moves: usize) -> PackedGames {
        PackedGames {
            games: 0,
            numbers: Vec::with_capacity(4 * games + moves + 16),
            texts: Vec::with_capacity(64 * games + 12 * moves),
        }
    }

    /// Adds a game of this FEN, these moves and these tags (names and values).
    pub fn push(&mut self, fen: Option<&str>, moves: &[MoveText], tags: &[(&str, &str)]) {
        self.games += 1;
        match fen {
            Some(fen) => {
                number(&mut self.numbers, fen.len() as u64 + 1);
                self.texts.extend_from_slice(fen.as_bytes());
            }
            None => number(&mut self.numbers, 0),
        }
        self.push_moves(moves);
        number(&mut self.numbers, tags.len() as u64);
        for (k, v) in tags {
            number(&mut self.numbers, k.len() as u64);
            number(&mut self.numbers, v.len() as u64);
            self.texts.extend_from_slice(k.as_bytes());
            self.texts.extend_from_slice(v.as_bytes());
        }
    }

    /// The number of moves, their lengths and their texts. A request is mostly these: when
    /// every length is one byte (below 128), room is made for all of them at once and each
    /// text copied without a call ([`copy_short`]).
    fn push_moves(&mut self, moves: &[MoveText]) {
        number(&mut self.numbers, moves.len() as u64);
        let (room, longest) = moves.iter().fold((0, 0), |(room, longest), m| {
            (room + m.len(), longest.max(m.len()))
        });
        if longest >= 0x80 {
            for m in moves {
                number(&mut self.numbers, m.len() as u64);
                self.texts.extend_from_slice(m.as_bytes());
            }
            return;
        }
        let (numbers, texts) = (self.numbers.len(), self.texts.len());
        self.numbers.resize(numbers + moves.len(), 0);
        self.texts.resize(texts + room, 0);
        let mut free = &mut self.texts[texts..];
        for (m, length) in moves.iter().zip(&mut self.numbers[numbers..]) {
            let text = m.as_bytes();
            *length = text.len() as u8;
            let (slot, rest) = std::mem::take(&mut free).split_at_mut(text.len());
            copy_short(slot, text);
            free = rest;
        }
    }

    /// The request: the games pushed, asked as `packed`, with `options` and `law`.
    pub fn finish(
        self,
        packed: Packed,
        options: &JudgeOptions,
        law: Option<&LawChange>,
    ) -> serde_json::Result<Vec<u8>> {
        let mut out = Vec::with_capacity(self.numbers.len() + self.texts.len() + 128);
        out.push(0);
        out.extend_from_slice(match packed {
            Packed::Game => br#"{"packed":"game","options":"#,
            Packed::Games => br#"{"packed":"games","options":"#,
        });
        serde_json::to_writer(&mut out, options)?;
        if let Some(law) = law {
            out.extend_from_slice(br#","law":"#);
            serde_json::to_writer(&mut out, law)?;
        }
        out.extend_from_slice(b"}\0");
        number(&mut out, self.games as u64);
        number(&mut out, self.numbers.len() as u64);
        out.extend_from_slice(&self.numbers);
        out.extend_from_slice(&self.texts);
        Ok(out)
    }
}

/// `n` as an unsigned LEB128.
fn number(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push(n as u8 | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// The request in `bytes` if it is packed (its first byte is NUL): the request, or what is
/// wrong with it. `None`: a JSON request.
pub(crate) fn read(bytes: &[u8]) -> Option<Result<AnyJudgeRequest, String>> {
    let rest = bytes.strip_prefix(&[0])?;
    Some(with_pool(|pool| read_in(rest, pool)).map_err(|e| format!("packed request: {e}")))
}

/// [`read`], after the first NUL, in strings and lists of `pool`.
fn read_in(bytes: &[u8], pool: &mut Pool) -> Result<AnyJudgeRequest, String> {
    let end = bytes
        .iter()
        .position(|&b| b == 0)
        .ok_or("no NUL byte ends the header")?;
    // Checked as UTF-8 at once: `serde_json` would check each string of it on its own.
    let header = simdutf8::basic::from_utf8(&bytes[..end])
        .map_err(|_| "the header is not UTF-8".to_owned())?;
    let header: Header = serde_json::from_str(header)
        .map_err(|e| format!("the header is not a packed request's: {e}"))?;
    let mut payload = Numbers {
        bytes: &bytes[end + 1..],
        at: 0,
    };
    let count = payload.next("the number of games")?;
    let length = payload.next("the length of the numbers")?;
    let rest = payload.rest();
    if length > rest.len() as u64 {
        return Err(format!(
            "the numbers are said to be {length} bytes long, but {} bytes are left",
            rest.len()
        ));
    }
    let (numbers, texts) = rest.split_at(length as usize);
    let texts = simdutf8::basic::from_utf8(texts).map_err(|_| "the texts are not UTF-8")?;
    let mut reader = GameReader {
        numbers: Numbers {
            bytes: numbers,
            at: 0,
        },
        texts,
        at: 0,
    };
    // Every game takes three numbers at least: a count beyond them is refused before any room
    // is made for it.
    if count > numbers.len() as u64 / 3 {
        return Err(format!(
            "{count} games cannot be read from {} bytes of numbers",
            numbers.len()
        ));
    }
    let mut games = Vec::with_capacity(count as usize);
    for _ in 0..count {
        games.push(reader.game(pool)?);
    }
    if reader.numbers.at != numbers.len() {
        return Err(format!(
            "{} bytes of numbers are left after the games",
            numbers.len() - reader.numbers.at
        ));
    }
    if reader.at != texts.len() {
        return Err(format!(
            "{} bytes of texts are left after the games",
            texts.len() - reader.at
        ));
    }
    let (game, games) = match header.packed {
        Packed::Games => (None, Some(games)),
        Packed::Game if games.len() == 1 => (games.pop(), None),
        Packed::Game => {
            return Err(format!(
                "a request for one game carries {} games",
                games.len()
            ))
        }
    };
    Ok(AnyJudgeRequest {
        game,
        games,
        options: header.options,
        law: header.law,
    })
}

/// A place in the numbers of a payload.
struct Numbers<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Numbers<'a> {
    /// The next number; `what` names it in the error.
    #[inline]
    fn next(&mut self, what: &str) -> Result<u64, String> {
        // Nearly every number is a move's length: one byte.
        match self.bytes.get(self.at) {
            Some(&b) if b < 0x80 => {
                self.at += 1;
                Ok(u64::from(b))
            }
            _ => self.next_long(what),
        }
    }

    /// [`Numbers::next`] of more than one byte, or the error.
    fn next_long(&mut self, what: &str) -> Result<u64, String> {
        let mut n: u64 = 0;
        for shift in (0..64).step_by(7) {
            let Some(&b) = self.bytes.get(self.at) else {
                return Err(format!("the numbers end inside {what} (byte {})", self.at));
            };
            self.at += 1;
            let bits = u64::from(b & 0x7f);
            if shift == 63 && bits > 1 {
                break;
            }
            n |= bits << shift;
            if b < 0x80 {
                return Ok(n);
            }
        }
        Err(format!(
            "{what} does not fit in 64 bits (byte {})",
            self.at - 1
        ))
    }

    /// The bytes after the place.
    fn rest(&self) -> &'a [u8] {
        &self.bytes[self.at..]
    }
}

/// The games of a payload, read in order.
struct GameReader<'a> {
    numbers: Numbers<'a>,
    texts: &'a str,
    /// The place in `texts`.
    at: usize,
}

impl<'a> GameReader<'a> {
    /// The next text, of the length the next number gives; `what` names it in errors.
    fn text(&mut self, what: &str) -> Result<&'a str, String> {
        let length = self.numbers.next(what)?;
        self.take(length, what)
    }

    /// The next `length` bytes of the texts, whole characters.
    fn take(&mut self, length: u64, what: &str) -> Result<&'a str, String> {
        let start = self.at;
        let text = usize::try_from(length)
            .ok()
            .and_then(|l| self.texts.get(start..start.checked_add(l)?))
            .ok_or_else(|| {
                format!(
                    "{what}, {length} bytes from byte {start} of the texts, runs past their end \
                     or cuts a character"
                )
            })?;
        self.at += text.len();
        Ok(text)
    }

    /// A count of things of at least `each` bytes of numbers each, checked against the
    /// numbers left so that no room is made for more than can be read.
    fn count(&mut self, what: &str, each: usize) -> Result<usize, String> {
        let n = self.numbers.next(what)?;
        let left = (self.numbers.bytes.len() - self.numbers.at) / each;
        usize::try_from(n)
            .ok()
            .filter(|&n| n <= left)
            .ok_or_else(|| format!("{what}, {n}, is more than the numbers left can give"))
    }

    /// The next game.
    fn game(&mut self, pool: &mut Pool) -> Result<PooledGame, String> {
        let fen = match self.numbers.next("a FEN's length")? {
            0 => None,
            n => Some(pool.text(self.take(n - 1, "a FEN")?)),
        };
        let moves_count = self.count("the number of moves", 1)?;
        let mut moves = pool.list();
        moves.reserve(moves_count);
        for _ in 0..moves_count {
            moves.push(MoveText::from(self.text("a move")?));
        }
        let tags_count = self.count("the number of tags", 2)?;
        let mut tags = BTreeMap::new();
        for _ in 0..tags_count {
            let name_length = self.numbers.next("a tag name's length")?;
            let value_length = self.numbers.next("a tag value's length")?;
            let name = self.take(name_length, "a tag name")?;
            let value = self.take(value_length, "a tag value")?;
            // A name given twice keeps its last value, as JSON's reading of a map does.
            tags.insert(pool.text(name), pool.text(value));
        }
        Ok(PooledGame::new(fen, moves, tags))
    }
}

#[cfg(test)]
mod tests;
