//! Pieces: a color and a role, and what may stand on a point (possibly face down).

use crate::{Color, Role};
use core::fmt;

/// A piece with a known identity.
///
/// ```
/// use xqr_core::{Color, Piece, Role};
/// let p = Piece::from_char('C').unwrap();
/// assert_eq!(p, Piece::new(Color::Red, Role::Cannon));
/// assert_eq!(p.char(), 'C');
/// ```
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Piece {
    /// The side the piece belongs to.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// A piece of the given color and role.
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// Parses a FEN letter: upper case Red, lower case Black (`H`/`E` accepted).
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// The FEN letter: upper case Red, lower case Black.
    pub fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::Red => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// What stands on a point of the board.
///
/// In standard Xiangqi every occupant is face up (`hidden == false`) and `role` is its identity.
/// In Jieqi (揭棋) a piece may stand face down on a start point; it then moves as the piece that
/// starts on that point (Jieqi rules §2.3, §3.2: 假车, 假马 …), and `role` holds that *movement*
/// role, not its identity, which only the arbiter (or the deal) knows.
///
/// ```
/// use xqr_core::{Color, Occupant, Role};
/// let hidden = Occupant::hidden(Color::Red, Role::Rook);
/// assert!(hidden.hidden);
/// assert_eq!(hidden.fen_char(), 'X');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Occupant {
    /// The side the piece belongs to.
    pub color: Color,
    /// How the piece moves: its identity when face up, its start point's role when hidden.
    pub role: Role,
    /// Whether the piece is face down (暗子, Jieqi only).
    pub hidden: bool,
}

impl Occupant {
    /// A face-up piece.
    #[inline]
    pub const fn revealed(piece: Piece) -> Occupant {
        Occupant {
            color: piece.color,
            role: piece.role,
            hidden: false,
        }
    }

    /// A face-down piece that moves as `movement_role` (the role of its start point).
    #[inline]
    pub const fn hidden(color: Color, movement_role: Role) -> Occupant {
        Occupant {
            color,
            role: movement_role,
            hidden: true,
        }
    }

    /// The piece as it moves (color and movement role).
    #[inline]
    pub const fn piece(self) -> Piece {
        Piece {
            color: self.color,
            role: self.role,
        }
    }

    /// The FEN letter: the piece letter when face up, `X`/`x` when hidden.
    pub fn fen_char(self) -> char {
        if self.hidden {
            self.color.fold('X', 'x')
        } else {
            self.piece().char()
        }
    }

    /// Compact code used by the board (never 0).
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        1 + self.role as u8 + 8 * self.color as u8 + if self.hidden { 16 } else { 0 }
    }

    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<Occupant> {
        if code == 0 {
            return None;
        }
        let c = code - 1;
        let role = Role::ALL[(c & 7) as usize];
        let color = if c & 8 != 0 { Color::Black } else { Color::Red };
        Some(Occupant {
            color,
            role,
            hidden: c & 16 != 0,
        })
    }
}

impl From<Piece> for Occupant {
    fn from(p: Piece) -> Occupant {
        Occupant::revealed(p)
    }
}
