//! The pool of hidden identities (Jieqi): which pieces are still face down or unknown.

use crate::{Color, Piece, Role};
use core::fmt;

/// How many pieces of each role and color are still unrevealed (Jieqi).
///
/// In the Jieqi FEN dialect the pool is the field after the side to move, letters with optional
/// counts: `A2B2N2R2C2P5a2b2n2r2c2p5` for a fresh deal. A captured hidden piece whose identity
/// was never shown publicly stays in the pool. Kings are never in the pool.
///
/// ```
/// use xqr_core::{Color, Pool, Role};
/// let pool: Pool = "A2B2N2R2C2P5a2b2n2r2c2p5".parse().unwrap();
/// assert_eq!(pool.count(Color::Black, Role::Pawn), 5);
/// assert_eq!(pool.total(Color::Red), 15);
/// assert_eq!(pool.to_string(), "A2B2N2R2C2P5a2b2n2r2c2p5");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pool {
    counts: [[u8; 7]; 2],
}

impl Pool {
    /// No hidden identities (standard Xiangqi).
    pub const EMPTY: Pool = Pool {
        counts: [[0; 7]; 2],
    };

    /// The full set of 15 non-king pieces per side: a fresh Jieqi deal (§2.1).
    pub const fn full() -> Pool {
        Pool {
            counts: [[0, 2, 2, 2, 2, 2, 5]; 2],
        }
    }

    /// Count of unrevealed pieces of this color and role.
    #[inline]
    pub const fn count(&self, color: Color, role: Role) -> u8 {
        self.counts[color as usize][role as usize]
    }

    /// Sets a count.
    pub fn set_count(&mut self, color: Color, role: Role, n: u8) {
        self.counts[color.index()][role.index()] = n;
    }

    /// Total unrevealed pieces of `color`.
    pub fn total(&self, color: Color) -> u32 {
        self.counts[color.index()]
            .iter()
            .map(|&n| u32::from(n))
            .sum()
    }

    /// Whether the pool is empty for both sides.
    pub fn is_empty(&self) -> bool {
        self.counts == [[0; 7]; 2]
    }

    /// Takes one `piece` out of the pool; `false` if none is left.
    pub fn take(&mut self, piece: Piece) -> bool {
        let c = &mut self.counts[piece.color.index()][piece.role.index()];
        if *c == 0 {
            false
        } else {
            *c -= 1;
            true
        }
    }

    /// Puts one `piece` back.
    pub fn put(&mut self, piece: Piece) {
        let c = &mut self.counts[piece.color.index()][piece.role.index()];
        *c = c.saturating_add(1);
    }

    /// The distinct pieces of `color` with a non-zero count.
    pub fn distinct(&self, color: Color) -> impl Iterator<Item = Piece> + '_ {
        Role::ALL
            .into_iter()
            .filter(move |r| self.count(color, *r) > 0)
            .map(move |r| Piece::new(color, r))
    }
}

/// Error in a pool field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePoolError {
    /// A character that is neither a piece letter nor a digit.
    #[error("unexpected character {found:?} at position {position} of the pool field")]
    BadChar {
        /// 1-based character position.
        position: usize,
        /// The character.
        found: char,
    },
    /// A count without a preceding piece letter.
    #[error("count at position {position} of the pool field follows no piece letter")]
    CountWithoutPiece {
        /// 1-based character position.
        position: usize,
    },
    /// Kings are never hidden.
    #[error("a king cannot be in the hidden pool (position {position})")]
    King {
        /// 1-based character position.
        position: usize,
    },
    /// A count larger than the number of such pieces a side has.
    #[error("pool lists {count} of {piece}, but a side has only {max}")]
    TooMany {
        /// The piece.
        piece: Piece,
        /// The count given.
        count: u32,
        /// The most possible.
        max: u8,
    },
}

impl core::str::FromStr for Pool {
    type Err = ParsePoolError;
    fn from_str(s: &str) -> Result<Pool, ParsePoolError> {
        let mut pool = Pool::EMPTY;
        if s == "-" {
            return Ok(pool);
        }
        let mut totals = [[0u32; 7]; 2];
        let mut current: Option<(Piece, u32, bool)> = None; // piece, count so far, saw digits
        let mut flush = |cur: Option<(Piece, u32, bool)>| {
            if let Some((p, n, digits)) = cur {
                // Saturating: repeated huge counts must not wrap round to a small one.
                let total = &mut totals[p.color.index()][p.role.index()];
                *total = total.saturating_add(if digits { n } else { 1 });
            }
        };
        for (i, c) in s.chars().enumerate() {
            let position = i + 1;
            if let Some(d) = c.to_digit(10) {
                match current.as_mut() {
                    Some((_, n, digits)) => {
                        *n = n.saturating_mul(10).saturating_add(d);
                        *digits = true;
                    }
                    None => return Err(ParsePoolError::CountWithoutPiece { position }),
                }
            } else if let Some(p) = Piece::from_char(c) {
                if p.role == Role::King {
                    return Err(ParsePoolError::King { position });
                }
                flush(current.take());
                current = Some((p, 0, false));
            } else {
                return Err(ParsePoolError::BadChar { position, found: c });
            }
        }
        flush(current.take());
        for color in Color::ALL {
            for role in Role::ALL {
                let n = totals[color.index()][role.index()];
                if n > u32::from(role.initial_count()) {
                    return Err(ParsePoolError::TooMany {
                        piece: Piece::new(color, role),
                        count: n,
                        max: role.initial_count(),
                    });
                }
                pool.counts[color.index()][role.index()] = n as u8;
            }
        }
        Ok(pool)
    }
}

/// Writes the pool field (`-` when empty), Red first, in the order A B N R C P.
impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        const ORDER: [Role; 6] = [
            Role::Advisor,
            Role::Elephant,
            Role::Horse,
            Role::Rook,
            Role::Cannon,
            Role::Pawn,
        ];
        for color in Color::ALL {
            for role in ORDER {
                let n = self.count(color, role);
                if n > 0 {
                    write!(f, "{}{}", Piece::new(color, role).char(), n)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by fuzzing: counts of one piece that add up past `u32::MAX` overflowed (a panic in
    /// debug builds, a wrapped and possibly accepted total in release builds).
    #[test]
    fn pool_counts_adding_past_the_largest_number_are_too_many() {
        let err = "e4294967295e1".parse::<Pool>().unwrap_err();
        assert!(
            matches!(
                err,
                ParsePoolError::TooMany {
                    count: u32::MAX,
                    ..
                }
            ),
            "{err:?}"
        );
        let many = "e".repeat(300);
        assert!(matches!(
            many.parse::<Pool>(),
            Err(ParsePoolError::TooMany { count: 300, .. })
        ));
    }
}
