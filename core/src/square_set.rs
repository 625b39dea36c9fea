//! A set of points as a 90-bit mask.

use crate::Square;
use core::fmt;

/// A set of points, stored as bits of a `u128` (bit `i` is [`Square::index`] `i`).
///
/// ```
/// use xqr_core::{Square, SquareSet};
/// let mut set = SquareSet::EMPTY;
/// set.insert("e0".parse().unwrap());
/// set.insert("a9".parse().unwrap());
/// let names: Vec<String> = set.iter().map(|s| s.to_string()).collect();
/// assert_eq!(names, ["e0", "a9"]);
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(pub u128);

impl SquareSet {
    /// No points.
    pub const EMPTY: SquareSet = SquareSet(0);
    /// All 90 points.
    pub const FULL: SquareSet = SquareSet((1u128 << 90) - 1);

    /// The set holding one point.
    #[inline]
    pub const fn from_square(sq: Square) -> SquareSet {
        SquareSet(1u128 << sq.index())
    }

    /// Whether the set holds `sq`.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1u128 << sq.index()) != 0
    }

    /// Adds a point.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.index();
    }

    /// Removes a point.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.index());
    }

    /// Number of points.
    #[inline]
    pub const fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest-index point, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// Iterates the points in index order.
    #[inline]
    pub fn iter(self) -> SquareSetIter {
        SquareSetIter(self.0)
    }
}

impl core::ops::BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, o: SquareSet) -> SquareSet {
        SquareSet(self.0 | o.0)
    }
}

impl core::ops::BitAnd for SquareSet {
    type Output = SquareSet;
    fn bitand(self, o: SquareSet) -> SquareSet {
        SquareSet(self.0 & o.0)
    }
}

impl core::ops::BitOrAssign for SquareSet {
    fn bitor_assign(&mut self, o: SquareSet) {
        self.0 |= o.0;
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut s = SquareSet::EMPTY;
        for sq in iter {
            s.insert(sq);
        }
        s
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;
    fn into_iter(self) -> SquareSetIter {
        self.iter()
    }
}

/// Iterator over a [`SquareSet`].
#[derive(Clone)]
pub struct SquareSetIter(u128);

impl Iterator for SquareSetIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square::new_unchecked(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareSetIter {}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.to_string()))
            .finish()
    }
}
