//! The two sides.

use core::fmt;
use core::ops::Not;

/// A side: Red (红, moves first, written in upper case) or Black (黑).
///
/// ```
/// use xqr_core::Color;
/// assert_eq!(!Color::Red, Color::Black);
/// assert_eq!(Color::from_char('b'), Some(Color::Black));
/// ```
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// 红方, the side that moves first; its pieces stand on ranks 0–4.
    Red = 0,
    /// 黑方; its pieces stand on ranks 5–9.
    Black = 1,
}

impl Color {
    /// Both colors, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// Index usable for arrays (`Red` = 0, `Black` = 1).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Parses the FEN side-to-move letter: `w` or `r` for Red, `b` for Black.
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'w' | 'r' | 'W' | 'R' => Some(Color::Red),
            'b' | 'B' => Some(Color::Black),
            _ => None,
        }
    }

    /// The FEN side-to-move letter (`w` for Red, `b` for Black).
    pub const fn fen_char(self) -> char {
        match self {
            Color::Red => 'w',
            Color::Black => 'b',
        }
    }

    /// The lower-case English name (`"red"` or `"black"`).
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }

    /// Selects one of two values by color.
    #[inline]
    pub fn fold<T>(self, red: T, black: T) -> T {
        match self {
            Color::Red => red,
            Color::Black => black,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
