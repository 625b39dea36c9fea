//! Files, ranks and the 90 points of the board.

use crate::Color;
use core::fmt;
use core::str::FromStr;

/// A file (column), `a`–`i` from Red's left (index 0–8).
///
/// Red counts files 1–9 from its right (file `i` is Red's 1), Black from its right
/// (file `a` is Black's 1); see [`File::from_side_number`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct File(u8);

impl File {
    /// Number of files.
    pub const COUNT: usize = 9;

    /// The file with the given index (0 = `a` … 8 = `i`).
    #[inline]
    pub const fn new(index: u8) -> Option<File> {
        if index < 9 {
            Some(File(index))
        } else {
            None
        }
    }

    /// Index 0–8.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The letter `a`–`i`.
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// Parses `a`–`i` (either case).
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='i' => Some(File(c as u8 - b'a')),
            'A'..='I' => Some(File(c as u8 - b'A')),
            _ => None,
        }
    }

    /// The file as numbered by `side` in WXF and Chinese notation (1–9, counted from that side's right).
    ///
    /// ```
    /// use xqr_core::{Color, File};
    /// assert_eq!(File::from_char('i').unwrap().side_number(Color::Red), 1);
    /// assert_eq!(File::from_char('a').unwrap().side_number(Color::Black), 1);
    /// ```
    pub const fn side_number(self, side: Color) -> u8 {
        match side {
            Color::Red => 9 - self.0,
            Color::Black => self.0 + 1,
        }
    }

    /// The file that `side` calls number `n` (1–9).
    pub const fn from_side_number(n: u8, side: Color) -> Option<File> {
        if n < 1 || n > 9 {
            return None;
        }
        Some(match side {
            Color::Red => File(9 - n),
            Color::Black => File(n - 1),
        })
    }
}

/// A rank (row), 0–9 from Red's side: Red's back rank is 0, Black's is 9.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    /// Number of ranks.
    pub const COUNT: usize = 10;

    /// The rank with the given index (0–9).
    #[inline]
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 10 {
            Some(Rank(index))
        } else {
            None
        }
    }

    /// Index 0–9.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The digit `0`–`9`.
    pub const fn char(self) -> char {
        (b'0' + self.0) as char
    }

    /// Whether this rank lies on `side`'s own half (before the river 河界).
    #[inline]
    pub const fn is_own_half(self, side: Color) -> bool {
        match side {
            Color::Red => self.0 <= 4,
            Color::Black => self.0 >= 5,
        }
    }

    /// The rank counted from `side`'s back rank (0 = own back rank).
    #[inline]
    pub const fn relative_to(self, side: Color) -> u8 {
        match side {
            Color::Red => self.0,
            Color::Black => 9 - self.0,
        }
    }
}

/// One of the 90 points (intersections) of the board.
///
/// Named in ICCS style: file letter `a`–`i` from Red's left, rank digit `0`–`9` from Red's side.
///
/// ```
/// use xqr_core::Square;
/// let sq: Square = "h2".parse().unwrap();
/// assert_eq!(sq.file().char(), 'h');
/// assert_eq!(sq.rank().index(), 2);
/// assert_eq!(sq.to_string(), "h2");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Number of points.
    pub const COUNT: usize = 90;

    /// The point on the given file and rank.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 9 + file.0)
    }

    /// The point with the given index (`rank * 9 + file`, 0–89).
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 90 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// # Safety-free precondition
    /// `index < 90`; checked in debug builds.
    #[inline]
    pub(crate) const fn new_unchecked(index: u8) -> Square {
        debug_assert!(index < 90);
        Square(index)
    }

    /// Index `rank * 9 + file` (0–89).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file.
    #[inline]
    pub const fn file(self) -> File {
        File(self.0 % 9)
    }

    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 / 9)
    }

    /// The point with file and rank offsets applied, if it is on the board.
    pub const fn offset(self, dfile: i8, drank: i8) -> Option<Square> {
        let f = (self.0 % 9) as i8 + dfile;
        let r = (self.0 / 9) as i8 + drank;
        if f < 0 || f > 8 || r < 0 || r > 9 {
            None
        } else {
            Some(Square((r * 9 + f) as u8))
        }
    }

    /// The same point seen from the other side (rotated 180°).
    #[inline]
    pub const fn flip(self) -> Square {
        Square(89 - self.0)
    }

    /// Whether the point lies in `side`'s palace (九宫: files d–f, that side's three back ranks).
    #[inline]
    pub const fn in_palace(self, side: Color) -> bool {
        let f = self.0 % 9;
        let r = self.0 / 9;
        f >= 3
            && f <= 5
            && match side {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }

    /// Whether the point lies on `side`'s own half of the board.
    #[inline]
    pub const fn on_own_half(self, side: Color) -> bool {
        self.rank().is_own_half(side)
    }

    /// Iterates over all 90 points, `a0` first, rank by rank.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator + Clone {
        (0..90u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// Error for a string that is not a point name like `e0`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid square {0:?}: expected a file a-i followed by a rank 0-9")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => {
                let file = File::from_char(f).ok_or_else(|| ParseSquareError(s.to_owned()))?;
                let rank = r
                    .to_digit(10)
                    .and_then(|d| Rank::new(d as u8))
                    .ok_or_else(|| ParseSquareError(s.to_owned()))?;
                Ok(Square::from_coords(file, rank))
            }
            _ => Err(ParseSquareError(s.to_owned())),
        }
    }
}

impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
