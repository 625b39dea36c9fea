//! Moves.

use crate::{Piece, Square};
use core::fmt;
use core::str::FromStr;

/// A move from one point to another.
///
/// `reveal` is only used in Jieqi: the identity a hidden piece turns out to have when it moves
/// (Jieqi rules §7.5.1; written as a fifth ICCS letter, upper case Red, `a3a4R`). For every other
/// move it is `None`.
///
/// ```
/// use xqr_core::Move;
/// let m: Move = "h2e2".parse().unwrap();
/// assert_eq!(m.to_string(), "h2e2");
/// let r: Move = "a6a5r".parse().unwrap();
/// assert_eq!(r.reveal.unwrap().to_string(), "r");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes (capturing whatever stands there).
    pub to: Square,
    /// The identity revealed by moving a hidden piece (Jieqi), if any.
    pub reveal: Option<Piece>,
}

impl Move {
    /// A plain move.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            reveal: None,
        }
    }

    /// A move of a hidden piece that reveals `piece` (Jieqi).
    #[inline]
    pub const fn with_reveal(from: Square, to: Square, piece: Piece) -> Move {
        Move {
            from,
            to,
            reveal: Some(piece),
        }
    }
}

/// Writes ICCS (`h2e2`), with the revealed piece as a fifth letter when there is one.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(p) = self.reveal {
            write!(f, "{}", p.char())?;
        }
        Ok(())
    }
}

/// Error for a string that is not an ICCS move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid ICCS move {text:?}: {reason}")]
pub struct ParseMoveError {
    /// The text that failed to parse.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

/// Parses ICCS: four characters `h2e2` (either case; `h2-e2` also accepted), optionally
/// followed by a reveal letter (`a3a4R`).
impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = |reason| ParseMoveError {
            text: s.to_owned(),
            reason,
        };
        let t = s.trim();
        let mut chars = ['\0'; 5];
        let mut n = 0;
        for c in t.chars().filter(|&c| c != '-') {
            if n == 5 {
                return Err(err(
                    "expected 4 characters (from, to) and an optional reveal letter",
                ));
            }
            chars[n] = c;
            n += 1;
        }
        let chars = &chars[..n];
        if chars.len() != 4 && chars.len() != 5 {
            return Err(err(
                "expected 4 characters (from, to) and an optional reveal letter",
            ));
        }
        let sq = |a: char, b: char| -> Option<Square> {
            let file = crate::File::from_char(a)?;
            let rank = crate::Rank::new(u8::try_from(b.to_digit(10)?).ok()?)?;
            Some(Square::from_coords(file, rank))
        };
        let from = sq(chars[0], chars[1]).ok_or_else(|| err("bad from-square"))?;
        let to = sq(chars[2], chars[3]).ok_or_else(|| err("bad to-square"))?;
        let reveal = match chars.get(4) {
            None => None,
            Some(&c) => Some(Piece::from_char(c).ok_or_else(|| err("bad reveal letter"))?),
        };
        Ok(Move { from, to, reveal })
    }
}

impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}
