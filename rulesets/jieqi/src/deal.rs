//! The deal: which identity lies face down on each hidden point (what the arbiter knows).

use xqr_core::{start_piece, Board, Color, Occupant, Piece, Position, Role, SeededDraw, Square};

/// The identities of a position's hidden pieces (Jieqi §2.1, §6: shuffled face down onto the
/// start points; only the arbiter, or nobody, knows them).
///
/// A hidden piece never moves without being revealed (§7.5.1), so a deal stays valid for the
/// whole game: the identity of the hidden piece on a point is always the one dealt there.
///
/// Text form: the arbiter's board, a FEN placement field with each hidden point holding the
/// letter of its identity (see [`Deal::placement`]).
///
/// ```
/// use xqr_jieqi::Deal;
/// use xqr_core::{fen::JIEQI_START_FEN, MoveRules, Position};
/// let deal = Deal::from_seed(7);
/// assert_eq!(deal, Deal::from_seed(7)); // reproducible
/// assert_ne!(deal, Deal::from_seed(8));
/// let start = Position::from_fen(JIEQI_START_FEN, MoveRules::JIEQI).unwrap();
/// let text = deal.placement(&start);
/// assert_eq!(Deal::parse(&text, &start).unwrap(), deal);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    identities: [Option<Piece>; 90],
}

/// A deal that cannot be read or does not fit its position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// The text is not a FEN placement field.
    #[error("deal {text:?}: {reason}")]
    Syntax {
        /// The text.
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// A hidden point of the position has no identity in the deal, or one of the other color.
    #[error("the hidden {color} piece on {square} is dealt {found}")]
    WrongIdentity {
        /// The point.
        square: Square,
        /// Its side.
        color: Color,
        /// What the deal has there (`nothing`, or a letter).
        found: String,
    },
    /// The deal disagrees with a face-up piece or an empty point of the position.
    #[error("the deal has {found} on {square}, where the position has {expected}")]
    Mismatch {
        /// The point.
        square: Square,
        /// What the deal has there.
        found: String,
        /// What the position has there.
        expected: String,
    },
    /// The deal gives a side more of a kind than its pool holds.
    #[error("the deal has {count} hidden {piece} but the pool holds {pool}")]
    NotInPool {
        /// The identity.
        piece: Piece,
        /// How many the deal places face down.
        count: u32,
        /// How many the pool holds.
        pool: u8,
    },
}

/// The identities of one side before the shuffle, in a fixed order (§1.2: 车、马、炮、相、士各两个，
/// 兵五个).
fn identities(color: Color) -> [Piece; 15] {
    use Role::*;
    [
        Advisor, Advisor, Elephant, Elephant, Horse, Horse, Rook, Rook, Cannon, Cannon, Pawn, Pawn,
        Pawn, Pawn, Pawn,
    ]
    .map(|r| Piece::new(color, r))
}

/// The 15 start points of `color` other than the king's, `a0` first (the order the shuffle fills).
fn start_points(color: Color) -> impl Iterator<Item = Square> {
    Square::all().filter(move |&sq| {
        start_piece(sq).is_some_and(|p| p.color == color && p.role != Role::King)
    })
}

impl Deal {
    /// A deal with no identities (nothing hidden).
    pub const fn empty() -> Deal {
        Deal {
            identities: [None; 90],
        }
    }

    /// The fresh deal of seed `seed`: each side's 15 pieces shuffled onto its 15 start points
    /// (§2.1, §6.1), Red first.
    ///
    /// The same seed gives the same deal on every platform and in every version of this crate
    /// ([`SeededDraw`]: each side's pieces shuffled in turn, Red first).
    pub fn from_seed(seed: u64) -> Deal {
        let mut draw = SeededDraw::new(seed);
        let mut deal = Deal::empty();
        for color in Color::ALL {
            let mut pieces = identities(color);
            draw.shuffle(&mut pieces);
            for (sq, p) in start_points(color).zip(pieces) {
                deal.identities[sq.index()] = Some(p);
            }
        }
        deal
    }

    /// The identity dealt on `sq`, if any.
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.identities[sq.index()]
    }

    /// Deals `piece` on `sq` (or clears it).
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.identities[sq.index()] = piece;
    }

    /// The dealt identities of the points that are hidden in `pos`, `a0` first.
    pub fn hidden_in(&self, pos: &Position) -> Vec<(Square, Piece)> {
        pos.board()
            .iter()
            .filter(|(_, o)| o.hidden)
            .filter_map(|(sq, _)| self.get(sq).map(|p| (sq, p)))
            .collect()
    }

    /// Checks that the deal fits `pos`: an identity of the right color on every hidden point,
    /// no identity elsewhere, and no more of a kind than the pool holds.
    pub fn check(&self, pos: &Position) -> Result<(), DealError> {
        let mut counts = [[0u32; 7]; 2];
        for sq in Square::all() {
            let occ = pos.board().get(sq);
            match (occ, self.get(sq)) {
                (Some(o), Some(p)) if o.hidden && p.color == o.color && p.role != Role::King => {
                    counts[p.color.index()][p.role.index()] += 1;
                }
                (Some(o), found) if o.hidden => {
                    return Err(DealError::WrongIdentity {
                        square: sq,
                        color: o.color,
                        found: found.map_or("nothing".to_owned(), |p| p.to_string()),
                    })
                }
                (_, None) => {}
                (occ, Some(p)) => {
                    return Err(DealError::Mismatch {
                        square: sq,
                        found: p.to_string(),
                        expected: occ.map_or("an empty point".to_owned(), |o| {
                            format!("a face-up {}", o.piece())
                        }),
                    })
                }
            }
        }
        for color in Color::ALL {
            for role in Role::ALL {
                let count = counts[color.index()][role.index()];
                let pool = pos.pool().count(color, role);
                if count > u32::from(pool) {
                    return Err(DealError::NotInPool {
                        piece: Piece::new(color, role),
                        count,
                        pool,
                    });
                }
            }
        }
        Ok(())
    }

    /// The arbiter's board: `pos` with every hidden piece shown as its dealt identity.
    pub fn arbiter_board(&self, pos: &Position) -> Board {
        let mut board = pos.board().clone();
        for (sq, p) in self.hidden_in(pos) {
            board.set(sq, Some(Occupant::revealed(p)));
        }
        board
    }

    /// The deal an arbiter's board of `start` shows ([`Deal::arbiter_board`]): the piece on each
    /// point hidden in `start`. Nothing is checked; [`Deal::check`] says whether it fits.
    pub fn from_arbiter_board(board: &Board, start: &Position) -> Deal {
        let mut deal = Deal {
            identities: [None; 90],
        };
        for (sq, o) in start.board().iter() {
            if o.hidden {
                deal.set(sq, board.get(sq).map(|p| p.piece()));
            }
        }
        deal
    }

    /// The text form: the placement field of the arbiter's board of `pos`.
    pub fn placement(&self, pos: &Position) -> String {
        xqr_core::fen::board_fen(&self.arbiter_board(pos))
    }

    /// Reads a deal for `pos` from the placement field of the arbiter's board (the position's
    /// placement with each `X`/`x` replaced by the letter of its identity) and checks it.
    ///
    /// ```
    /// use xqr_jieqi::{Deal, DealError};
    /// use xqr_core::{MoveRules, Position};
    /// let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/XXXXK4 w R2NA - 0 1", MoveRules::JIEQI).unwrap();
    /// let deal = Deal::parse("4k4/9/9/9/9/9/9/9/9/RNARK4", &pos).unwrap();
    /// assert_eq!(deal.get("b0".parse().unwrap()).unwrap().to_string(), "N");
    /// assert!(matches!(
    ///     Deal::parse("4k4/9/9/9/9/9/9/9/9/RNRRK4", &pos),
    ///     Err(DealError::NotInPool { .. })
    /// ));
    /// ```
    pub fn parse(text: &str, pos: &Position) -> Result<Deal, DealError> {
        let syntax = |reason: String| DealError::Syntax {
            text: text.to_owned(),
            reason,
        };
        let field = text.split_whitespace().next().unwrap_or_default();
        let setup = xqr_core::Setup::from_fen(field).map_err(|e| syntax(e.to_string()))?;
        let mut deal = Deal::empty();
        for sq in Square::all() {
            let shown = setup.board.get(sq);
            let actual = pos.board().get(sq);
            match (actual, shown) {
                (Some(a), Some(s)) if a.hidden && !s.hidden => deal.set(sq, Some(s.piece())),
                (Some(a), Some(s)) if a == s => {}
                (None, None) => {}
                (Some(a), None) if a.hidden => {
                    return Err(DealError::WrongIdentity {
                        square: sq,
                        color: a.color,
                        found: "nothing".to_owned(),
                    })
                }
                (actual, shown) => {
                    return Err(DealError::Mismatch {
                        square: sq,
                        found: shown
                            .map_or("an empty point".to_owned(), |o| o.fen_char().to_string()),
                        expected: actual.map_or("an empty point".to_owned(), |o| {
                            if o.hidden {
                                format!("a hidden {} piece", o.color)
                            } else {
                                format!("a face-up {}", o.piece())
                            }
                        }),
                    })
                }
            }
        }
        deal.check(pos)?;
        Ok(deal)
    }
}
