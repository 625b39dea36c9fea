//! The board: what stands on each of the 90 points.

use crate::{Color, Occupant, Piece, Role, Square, SquareSet};
use core::fmt;

/// Piece placement on the 90 points, without side to move or any other state.
///
/// ```
/// use xqr_core::{Board, Color, Role};
/// let board = Board::start();
/// let king = board.get("e0".parse().unwrap()).unwrap();
/// assert_eq!((king.color, king.role), (Color::Red, Role::King));
/// assert_eq!(board.occupied().count(), 32);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; 90],
    by_color: [SquareSet; 2],
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

/// The standard start position's back rank, file a to i.
const BACK_RANK: [Role; 9] = [
    Role::Rook,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::King,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Rook,
];

impl Board {
    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board {
            cells: [0; 90],
            by_color: [SquareSet::EMPTY; 2],
        }
    }

    /// The standard start position.
    pub fn start() -> Board {
        let mut b = Board::empty();
        for sq in Square::all() {
            if let Some(p) = start_piece(sq) {
                b.set(sq, Some(Occupant::revealed(p)));
            }
        }
        b
    }

    /// What stands on `sq`.
    #[inline]
    pub fn get(&self, sq: Square) -> Option<Occupant> {
        Occupant::from_code(self.cells[sq.index()])
    }

    /// Places `occ` on `sq` (or clears it with `None`).
    #[inline]
    pub fn set(&mut self, sq: Square, occ: Option<Occupant>) {
        if let Some(old) = self.get(sq) {
            self.by_color[old.color.index()].remove(sq);
        }
        match occ {
            Some(o) => {
                self.cells[sq.index()] = o.code();
                self.by_color[o.color.index()].insert(sq);
            }
            None => self.cells[sq.index()] = 0,
        }
    }

    /// The occupant code on a point (0 = empty); internal fast path.
    #[inline]
    pub(crate) fn code(&self, sq: u8) -> u8 {
        self.cells[sq as usize]
    }

    /// Moves whatever stands on `from` to `to`, replacing it by `moved`; returns the captured code.
    #[inline]
    pub(crate) fn move_code(&mut self, from: u8, to: u8, moved: u8) -> u8 {
        let captured = self.cells[to as usize];
        let us = ((moved - 1) >> 3 & 1) as usize;
        self.cells[from as usize] = 0;
        self.cells[to as usize] = moved;
        self.by_color[us].0 &= !(1u128 << from);
        self.by_color[us].0 |= 1u128 << to;
        if captured != 0 {
            self.by_color[us ^ 1].0 &= !(1u128 << to);
        }
        captured
    }

    /// Reverses [`Board::move_code`].
    #[inline]
    pub(crate) fn unmove_code(&mut self, from: u8, to: u8, original: u8, captured: u8) {
        let us = ((original - 1) >> 3 & 1) as usize;
        self.cells[from as usize] = original;
        self.cells[to as usize] = captured;
        self.by_color[us].0 |= 1u128 << from;
        self.by_color[us].0 &= !(1u128 << to);
        if captured != 0 {
            self.by_color[us ^ 1].0 |= 1u128 << to;
        }
    }

    /// Points occupied by either side.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        self.by_color[0] | self.by_color[1]
    }

    /// Points occupied by `color`.
    #[inline]
    pub fn by_color(&self, color: Color) -> SquareSet {
        self.by_color[color.index()]
    }

    /// Points occupied by the side of index `side` (0 Red, 1 Black), as a mask of point indices.
    #[inline]
    pub(crate) fn side_mask(&self, side: usize) -> u128 {
        self.by_color[side].0
    }

    /// Points holding a face-up piece of this color and role.
    pub fn pieces(&self, piece: Piece) -> SquareSet {
        let code = Occupant::revealed(piece).code();
        self.by_color(piece.color)
            .iter()
            .filter(|s| self.cells[s.index()] == code)
            .collect()
    }

    /// Points holding hidden pieces of `color`.
    pub fn hidden(&self, color: Color) -> SquareSet {
        self.by_color(color)
            .iter()
            .filter(|s| self.cells[s.index()] > 16)
            .collect()
    }

    /// The point of `color`'s king, if it is on the board (in Jieqi it may have been captured).
    pub fn king(&self, color: Color) -> Option<Square> {
        let code = Occupant::revealed(Piece::new(color, Role::King)).code();
        self.by_color(color)
            .iter()
            .find(|s| self.cells[s.index()] == code)
    }

    /// Iterates over occupied points and their occupants, `a0` first.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Occupant)> + '_ {
        self.occupied()
            .iter()
            .filter_map(move |sq| self.get(sq).map(|o| (sq, o)))
    }

    /// The board rotated 180° with colors swapped (the same position seen from the other side).
    pub fn flipped(&self) -> Board {
        let mut b = Board::empty();
        for (sq, o) in self.iter() {
            let mut o2 = o;
            o2.color = !o.color;
            b.set(sq.flip(), Some(o2));
        }
        b
    }
}

/// The piece on `sq` in the standard start position: also the movement role of a hidden
/// Jieqi piece standing there (Jieqi §2.3).
///
/// ```
/// use xqr_core::{start_piece, Color, Piece, Role};
/// assert_eq!(start_piece("b2".parse().unwrap()), Some(Piece::new(Color::Red, Role::Cannon)));
/// assert_eq!(start_piece("e4".parse().unwrap()), None);
/// ```
pub fn start_piece(sq: Square) -> Option<Piece> {
    let f = sq.file().index() as usize;
    let (color, rel) = if sq.rank().index() <= 4 {
        (Color::Red, sq.rank().index())
    } else {
        (Color::Black, 9 - sq.rank().index())
    };
    let role = match rel {
        0 => BACK_RANK[f],
        2 if f == 1 || f == 7 => Role::Cannon,
        3 if f % 2 == 0 => Role::Pawn,
        _ => return None,
    };
    Some(Piece::new(color, role))
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10u8).rev() {
            write!(f, "{rank} ")?;
            for file in 0..9u8 {
                let sq = Square::new(rank * 9 + file).expect("on board");
                let c = self.get(sq).map_or('.', |o| o.fen_char());
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "  abcdefghi")
    }
}
