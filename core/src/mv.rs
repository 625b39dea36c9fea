//! Moves.

use crate::{Piece, Square};
use core::fmt;
use core::str::FromStr;

/// A move from one point to another.
///
/// `reveal` and `capture` are only used in Jieqi. `reveal` is the identity a hidden piece turns
/// out to have when it moves (Jieqi rules §7.5.1; written as a fifth ICCS letter, upper case Red,
/// `a3a4R`). `capture` is the identity of a captured hidden piece when the record states it
/// (§7.5.4: only the capturer looks at it, so most records do not; written as the sixth
/// letter, `b2b9Cn`, or as the fifth when the mover was face up, `b2b9n`). For every other move
/// both are `None`.
///
/// ```
/// use xqr_core::Move;
/// let m: Move = "h2e2".parse().unwrap();
/// assert_eq!(m.to_string(), "h2e2");
/// let r: Move = "a6a5r".parse().unwrap();
/// assert_eq!(r.reveal.unwrap().to_string(), "r");
/// let c: Move = "b2b9Cn".parse().unwrap();
/// assert_eq!((c.reveal.unwrap().char(), c.capture.unwrap().char()), ('C', 'n'));
/// assert_eq!(c.to_string(), "b2b9Cn");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes (capturing whatever stands there).
    pub to: Square,
    /// The identity revealed by moving a hidden piece (Jieqi), if any.
    pub reveal: Option<Piece>,
    /// The identity of a captured hidden piece (Jieqi), when the record states it.
    pub capture: Option<Piece>,
}

impl Move {
    /// A plain move.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            reveal: None,
            capture: None,
        }
    }

    /// A move of a hidden piece that reveals `piece` (Jieqi).
    #[inline]
    pub const fn with_reveal(from: Square, to: Square, piece: Piece) -> Move {
        Move {
            from,
            to,
            reveal: Some(piece),
            capture: None,
        }
    }

    /// The same move stating the identity of the hidden piece it captures (Jieqi).
    #[inline]
    pub const fn capturing(self, piece: Piece) -> Move {
        Move {
            capture: Some(piece),
            ..self
        }
    }

    /// The move without the Jieqi identities (what the pieces do on the board).
    #[inline]
    pub const fn bare(self) -> Move {
        Move::new(self.from, self.to)
    }
}

/// Writes ICCS (`h2e2`), with the revealed piece as a fifth letter when there is one and the
/// captured hidden piece's identity after it when the move states it.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(p) = self.reveal {
            write!(f, "{}", p.char())?;
        }
        if let Some(p) = self.capture {
            write!(f, "{}", p.char())?;
        }
        Ok(())
    }
}

/// Error for a string that is not an ICCS move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid ICCS move {}: {reason}", crate::Quoted(.text))]
pub struct ParseMoveError {
    /// The text that failed to parse.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

/// Parses ICCS: four characters `h2e2` (either case; `h2-e2` also accepted), optionally
/// followed by a reveal letter (`a3a4R`) and the captured hidden piece's letter (`b2b9Cn`).
///
/// Without a position a single fifth letter is read as a reveal;
/// [`notation::iccs::parse`](crate::notation::iccs::parse) reads a fifth letter of the
/// opponent's color as the identity of a captured hidden piece (`b2b9n` by a face-up cannon).
impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        Move::read_iccs(s).map_err(|reason| ParseMoveError {
            text: s.to_owned(),
            reason,
        })
    }
}

impl Move {
    /// [`Move::from_str`] with the reason alone on failure: reading every move of a record
    /// tries ICCS first, and a Chinese move should not cost an error's copy of its text.
    pub(crate) fn read_iccs(s: &str) -> Result<Move, &'static str> {
        let t = s.trim();
        const SHAPE: &str = "expected 4 characters (from, to), an optional reveal letter and an optional captured-piece letter";
        let mut chars = ['\0'; 6];
        let mut n = 0;
        for c in t.chars().filter(|&c| c != '-') {
            if n == 6 {
                return Err(SHAPE);
            }
            chars[n] = c;
            n += 1;
        }
        let chars = &chars[..n];
        if n < 4 {
            return Err(SHAPE);
        }
        let sq = |a: char, b: char| -> Option<Square> {
            let file = crate::File::from_char(a)?;
            let rank = crate::Rank::new(u8::try_from(b.to_digit(10)?).ok()?)?;
            Some(Square::from_coords(file, rank))
        };
        let from = sq(chars[0], chars[1]).ok_or("bad from-square")?;
        let to = sq(chars[2], chars[3]).ok_or("bad to-square")?;
        let reveal = match chars.get(4) {
            None => None,
            Some(&c) => Some(Piece::from_char(c).ok_or("bad reveal letter")?),
        };
        let capture = match chars.get(5) {
            None => None,
            Some(&c) => Some(Piece::from_char(c).ok_or("bad captured-piece letter")?),
        };
        Ok(Move {
            from,
            to,
            reveal,
            capture,
        })
    }
}

impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}
