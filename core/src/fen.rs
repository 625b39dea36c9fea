//! FEN: the common Xiangqi FEN and its Jieqi dialect.
//!
//! Fields: placement (rank 9 first, Black's side), side to move (`w`/`r` or `b`), then either the
//! unused castling field `-` (standard) or the Jieqi hidden pool (`A2B2N2R2C2P5a2b2n2r2c2p5`),
//! the unused en-passant field `-`, the half-move clock and the move number. Trailing fields may
//! be omitted. Hidden pieces are `X` (Red) and `x` (Black).

use crate::board::start_piece;
use crate::pool::ParsePoolError;
use crate::{Color, File, Occupant, Pool, Rank, Setup, Square};

/// The standard start position in FEN.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// The Jieqi start position: both kings face up, everything else face down.
pub const JIEQI_START_FEN: &str =
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1";

/// Which FEN field an error concerns.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FenField {
    /// Piece placement (field 1).
    Board,
    /// Side to move (field 2).
    Turn,
    /// Castling field or Jieqi pool (field 3).
    Pool,
    /// En-passant field (field 4).
    EnPassant,
    /// Half-move clock (field 5).
    HalfmoveClock,
    /// Move number (field 6).
    FullmoveNumber,
}

/// A FEN string that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Nothing but whitespace.
    #[error("empty FEN")]
    Empty,
    /// The placement does not have 10 ranks.
    #[error("FEN board has {found} ranks separated by '/', expected 10")]
    RankCount {
        /// Ranks found.
        found: usize,
    },
    /// A character that is not a piece letter, `X`/`x` or a digit.
    #[error("FEN board, rank {rank}: unexpected character {found:?} at column {column}")]
    BadChar {
        /// Board rank (9 = Black's back rank, the first FEN row).
        rank: u8,
        /// 1-based character position within the FEN row.
        column: usize,
        /// The character.
        found: char,
    },
    /// A rank describing more than 9 points.
    #[error("FEN board, rank {rank}: describes more than 9 files")]
    RankTooLong {
        /// Board rank.
        rank: u8,
    },
    /// A rank describing fewer than 9 points.
    #[error("FEN board, rank {rank}: describes {files} files, expected 9")]
    RankTooShort {
        /// Board rank.
        rank: u8,
        /// Files described.
        files: u8,
    },
    /// The side-to-move field is not `w`, `r` or `b`.
    #[error("FEN side to move {found:?}: expected 'w' (or 'r') for Red or 'b' for Black")]
    BadTurn {
        /// The field.
        found: String,
    },
    /// The pool field is malformed.
    #[error("FEN pool field {found:?}: {source}")]
    BadPool {
        /// The field.
        found: String,
        /// What is wrong.
        source: ParsePoolError,
    },
    /// The en-passant field is not `-`.
    #[error("FEN field 4 {found:?}: Xiangqi has no en passant, expected '-'")]
    BadEnPassant {
        /// The field.
        found: String,
    },
    /// A counter field is not a number.
    #[error("FEN {field:?} field {found:?}: expected a non-negative integer")]
    BadNumber {
        /// Which counter.
        field: FenField,
        /// The field.
        found: String,
    },
    /// More than six fields.
    #[error("FEN has {found} fields, at most 6 expected")]
    TooManyFields {
        /// Fields found.
        found: usize,
    },
}

impl Setup {
    /// Parses FEN (common or Jieqi dialect). See the [module docs](crate::fen).
    ///
    /// ```
    /// use xqr_core::{fen::FenError, Setup};
    /// assert!(Setup::from_fen(xqr_core::fen::START_FEN).is_ok());
    /// let err = Setup::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKZBNR w").unwrap_err();
    /// assert_eq!(err, FenError::BadChar { rank: 0, column: 6, found: 'Z' });
    /// ```
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        if fields.len() > 6 {
            return Err(FenError::TooManyFields {
                found: fields.len(),
            });
        }
        let mut setup = Setup::empty();
        parse_board(fields[0], &mut setup)?;
        if let Some(t) = fields.get(1) {
            let mut cs = t.chars();
            setup.turn = match (cs.next().and_then(Color::from_char), cs.next()) {
                (Some(c), None) => c,
                _ => {
                    return Err(FenError::BadTurn {
                        found: (*t).to_owned(),
                    })
                }
            };
        }
        if let Some(p) = fields.get(2) {
            setup.pool = p.parse::<Pool>().map_err(|source| FenError::BadPool {
                found: (*p).to_owned(),
                source,
            })?;
        }
        if let Some(e) = fields.get(3) {
            if *e != "-" {
                return Err(FenError::BadEnPassant {
                    found: (*e).to_owned(),
                });
            }
        }
        if let Some(h) = fields.get(4) {
            setup.halfmove_clock = h.parse().map_err(|_| FenError::BadNumber {
                field: FenField::HalfmoveClock,
                found: (*h).to_owned(),
            })?;
        }
        if let Some(n) = fields.get(5) {
            setup.fullmove_number = n.parse().map_err(|_| FenError::BadNumber {
                field: FenField::FullmoveNumber,
                found: (*n).to_owned(),
            })?;
        }
        Ok(setup)
    }

    /// Writes FEN; the pool field appears only when the pool is not empty.
    pub fn to_fen(&self) -> String {
        let mut s = board_fen(&self.board);
        s.push(' ');
        s.push(self.turn.fen_char());
        s.push(' ');
        s.push_str(&self.pool.to_string());
        s.push_str(" - ");
        s.push_str(&self.halfmove_clock.to_string());
        s.push(' ');
        s.push_str(&self.fullmove_number.to_string());
        s
    }
}

fn parse_board(text: &str, setup: &mut Setup) -> Result<(), FenError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 10 {
        return Err(FenError::RankCount { found: rows.len() });
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 9 - i as u8;
        let mut file: u8 = 0;
        for (col, c) in row.chars().enumerate() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(FenError::BadChar {
                        rank,
                        column: col + 1,
                        found: c,
                    });
                }
                file += d as u8;
                if file > 9 {
                    return Err(FenError::RankTooLong { rank });
                }
                continue;
            }
            if file >= 9 {
                return Err(FenError::RankTooLong { rank });
            }
            let sq = Square::from_coords(
                File::new(file).expect("file < 9"),
                Rank::new(rank).expect("rank < 10"),
            );
            let occ = match c {
                'X' | 'x' => {
                    let color = if c == 'X' { Color::Red } else { Color::Black };
                    // The movement role is fixed by the start point; validation rejects
                    // hidden pieces elsewhere, so keep a placeholder role meanwhile.
                    let role = start_piece(sq).map_or(crate::Role::Pawn, |p| p.role);
                    Occupant {
                        color,
                        role,
                        hidden: true,
                    }
                }
                _ => match crate::Piece::from_char(c) {
                    Some(p) => Occupant::revealed(p),
                    None => {
                        return Err(FenError::BadChar {
                            rank,
                            column: col + 1,
                            found: c,
                        })
                    }
                },
            };
            setup.board.set(sq, Some(occ));
            file += 1;
        }
        if file < 9 {
            return Err(FenError::RankTooShort { rank, files: file });
        }
    }
    Ok(())
}

/// Writes the placement field of a board.
pub fn board_fen(board: &crate::Board) -> String {
    let mut s = String::with_capacity(48);
    for rank in (0..10u8).rev() {
        let mut empty = 0;
        for file in 0..9u8 {
            let sq = Square::new(rank * 9 + file).expect("on board");
            match board.get(sq) {
                None => empty += 1,
                Some(o) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push(o.fen_char());
                }
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trip() {
        let s = Setup::from_fen(START_FEN).unwrap();
        assert_eq!(s, Setup::start());
        assert_eq!(s.to_fen(), START_FEN);
    }

    #[test]
    fn jieqi_round_trip() {
        let s = Setup::from_fen(JIEQI_START_FEN).unwrap();
        assert_eq!(s.to_fen(), JIEQI_START_FEN);
        assert_eq!(s.pool, Pool::full());
        assert_eq!(s.board.hidden(Color::Red).count(), 15);
    }

    #[test]
    fn synonyms() {
        let a = Setup::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w")
            .unwrap();
        assert_eq!(a.board, Setup::start().board);
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(Setup::from_fen(""), Err(FenError::Empty));
        assert_eq!(
            Setup::from_fen("9/9"),
            Err(FenError::RankCount { found: 2 })
        );
        assert_eq!(
            Setup::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w"),
            Err(FenError::RankTooShort { rank: 0, files: 8 })
        );
        assert_eq!(
            Setup::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/5/9/P1P1P1P1P/1C5C11/9/RNBAKABNR w"),
            Err(FenError::RankTooShort { rank: 5, files: 5 })
        );
        assert_eq!(
            Setup::from_fen("rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
            Err(FenError::RankTooLong { rank: 9 })
        );
        assert!(matches!(
            Setup::from_fen("9/9/9/9/9/9/9/9/9/9 x"),
            Err(FenError::BadTurn { .. })
        ));
        assert!(matches!(
            Setup::from_fen("9/9/9/9/9/9/9/9/9/9 w Q2"),
            Err(FenError::BadPool { .. })
        ));
        assert!(matches!(
            Setup::from_fen("9/9/9/9/9/9/9/9/9/9 w - - x"),
            Err(FenError::BadNumber {
                field: FenField::HalfmoveClock,
                ..
            })
        ));
    }
}
