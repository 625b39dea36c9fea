//! A validated position: the board, the side to move and everything needed to continue play.

use crate::fen::FenError;
use crate::{
    board::start_piece, zobrist, Board, Color, KingSafety, Move, MoveRules, Occupant, Piece, Pool,
    Role, Setup, Square,
};

/// A legal position under some [`MoveRules`].
///
/// Built from a [`Setup`] by [`Position::from_setup`], which checks it (kings present and in their
/// palaces, hidden pieces on start points, piece counts, the side not to move not in check …).
/// Moves are generated with [`Position::legal_moves`] and played with [`Position::play`]
/// (checked) or [`Position::play_unchecked`]; positions are small, so copy-make
/// (`let next = pos.clone(); next.play_unchecked(m)`) is cheap, and [`Position::make`] /
/// [`Position::unmake`] update in place.
///
/// ```
/// use xqr_core::{Move, Position};
/// let mut pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 44);
/// pos.play("h2e2".parse().unwrap()).unwrap();
/// assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) rules: MoveRules,
    pub(crate) pool: Pool,
    pub(crate) hash: u64,
    pub(crate) kings: [u8; 2],
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
}

/// Why a [`Setup`] is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A side has no king.
    #[error("{color} has no king")]
    MissingKing {
        /// The side.
        color: Color,
    },
    /// A side has more than one king.
    #[error("{color} has {count} kings")]
    TooManyKings {
        /// The side.
        color: Color,
        /// How many.
        count: usize,
    },
    /// A king outside its palace (CXA 1999 §2.1: the king stays in the palace).
    #[error("{color} king on {square} is outside its palace")]
    KingOutsidePalace {
        /// The side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// A piece on a point it can never reach under these rules.
    #[error("{piece} on {square}: a {role} can never stand there", role = piece.role)]
    UnreachableSquare {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// A hidden piece away from the start points of its side (Jieqi §2.3).
    #[error("hidden {color} piece on {square}, which is not a {color} start point")]
    HiddenOffStartPoint {
        /// The side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// More pieces of a kind (on the board and in the pool) than a side owns.
    #[error("{color} has {count} of role {role} (board and pool), at most {max} exist")]
    TooManyPieces {
        /// The side.
        color: Color,
        /// The role.
        role: Role,
        /// Counted.
        count: u32,
        /// The most a side has.
        max: u8,
    },
    /// More hidden pieces on the board than identities in the pool.
    #[error("{color} has {hidden} hidden pieces but only {pool} identities in the pool")]
    PoolTooSmall {
        /// The side.
        color: Color,
        /// Hidden pieces on the board.
        hidden: usize,
        /// Identities in the pool.
        pool: u32,
    },
    /// The kings face each other on an open file (飞将), with the mover's king not allowed to
    /// be left attacked.
    #[error("the kings face each other on an open file (flying general)")]
    KingsFacing,
    /// The side that is not to move is in check: the last move was illegal.
    #[error("{color} is not to move but is in check")]
    OpponentInCheck {
        /// The side in check.
        color: Color,
    },
    /// The move number is zero.
    #[error("move number must be at least 1")]
    ZeroFullmoveNumber,
}

/// A FEN that could not be read or does not describe a legal position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadFenError {
    /// The text is not FEN.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// The FEN describes an impossible position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

const NO_KING: u8 = 0xFF;

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The standard start position under standard rules.
    pub fn new() -> Position {
        Position::from_setup(Setup::start(), MoveRules::STANDARD).expect("start position is legal")
    }

    /// Parses and validates a FEN under `rules`.
    ///
    /// ```
    /// use xqr_core::{MoveRules, Position, PositionError, LoadFenError};
    /// let err = Position::from_fen("4k4/9/9/9/9/9/9/9/9/9 w", MoveRules::STANDARD).unwrap_err();
    /// assert!(matches!(err, LoadFenError::Position(PositionError::MissingKing { .. })));
    /// ```
    pub fn from_fen(fen: &str, rules: MoveRules) -> Result<Position, LoadFenError> {
        Ok(Position::from_setup(Setup::from_fen(fen)?, rules)?)
    }

    /// Validates a setup under `rules`.
    pub fn from_setup(setup: Setup, rules: MoveRules) -> Result<Position, PositionError> {
        let Setup {
            mut board,
            turn,
            pool,
            halfmove_clock,
            fullmove_number,
        } = setup;
        if fullmove_number == 0 {
            return Err(PositionError::ZeroFullmoveNumber);
        }
        let mut kings = [NO_KING; 2];
        let mut counts = [[0u32; 7]; 2];
        let strict = !rules.roaming();
        for color in Color::ALL {
            let mut hidden = 0usize;
            for sq in board.by_color(color) {
                let occ = board.get(sq).expect("occupied");
                if occ.hidden {
                    match start_piece(sq) {
                        Some(p) if p.color == color && p.role != Role::King => {
                            // Normalise the movement role to the start point's.
                            board.set(sq, Some(Occupant::hidden(color, p.role)));
                        }
                        _ => return Err(PositionError::HiddenOffStartPoint { color, square: sq }),
                    }
                    hidden += 1;
                    continue;
                }
                counts[color.index()][occ.role.index()] += 1;
                let piece = occ.piece();
                match occ.role {
                    Role::King => {
                        if !sq.in_palace(color) {
                            return Err(PositionError::KingOutsidePalace { color, square: sq });
                        }
                        kings[color.index()] = sq.index() as u8;
                    }
                    // A pawn never goes back; before the river it only stands on its own file.
                    // In Jieqi a pawn is revealed wherever its hidden piece went, so only the
                    // strict (standard) rules check pawns.
                    Role::Advisor | Role::Elephant | Role::Pawn => {
                        let reachable = match occ.role {
                            Role::Advisor => {
                                !rules.advisor_confined_to_palace || advisor_point(sq, color)
                            }
                            Role::Elephant => {
                                !rules.elephant_confined_to_own_half || elephant_point(sq, color)
                            }
                            _ => !strict || pawn_point(sq, color),
                        };
                        if !reachable {
                            return Err(PositionError::UnreachableSquare { piece, square: sq });
                        }
                    }
                    _ => {}
                }
            }
            let king_count = counts[color.index()][0] as usize;
            if king_count == 0 {
                return Err(PositionError::MissingKing { color });
            }
            if king_count > 1 {
                return Err(PositionError::TooManyKings {
                    color,
                    count: king_count,
                });
            }
            let in_pool = pool.total(color);
            if (hidden as u32) > in_pool {
                return Err(PositionError::PoolTooSmall {
                    color,
                    hidden,
                    pool: in_pool,
                });
            }
            for role in Role::ALL {
                let n = counts[color.index()][role.index()] + u32::from(pool.count(color, role));
                if n > u32::from(role.initial_count()) {
                    return Err(PositionError::TooManyPieces {
                        color,
                        role,
                        count: n,
                        max: role.initial_count(),
                    });
                }
            }
        }
        let mut pos = Position {
            board,
            turn,
            rules,
            pool,
            hash: 0,
            kings,
            halfmove_clock,
            fullmove_number,
        };
        pos.hash = pos.compute_hash();
        if rules.king_safety == KingSafety::MustNotBeLeftAttacked {
            if pos.kings_facing() {
                return Err(PositionError::KingsFacing);
            }
            if pos.is_king_attacked(!turn) {
                return Err(PositionError::OpponentInCheck { color: !turn });
            }
        }
        Ok(pos)
    }

    /// The position as an unvalidated setup.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            pool: self.pool,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    /// FEN of the position (Jieqi dialect when the pool is not empty).
    pub fn fen(&self) -> String {
        self.to_setup().to_fen()
    }

    /// Piece placement.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The move rules this position is played under.
    #[inline]
    pub fn rules(&self) -> &MoveRules {
        &self.rules
    }

    /// Unrevealed identities (Jieqi).
    #[inline]
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    /// Plies since the last capture.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// Move number (starts at 1, incremented after Black's move).
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Zobrist hash of placement and side to move: equal positions in the sense of the
    /// repetition rules (same pieces on the same points, same side to move) have equal hashes.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The point of `color`'s king (`None` after it was captured, Jieqi only).
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        Square::new(self.kings[color.index()])
    }

    fn compute_hash(&self) -> u64 {
        let mut h = zobrist::turn_key(self.turn);
        for (sq, occ) in self.board.iter() {
            h ^= zobrist::piece_key(occ, sq.index());
        }
        h
    }

    /// Plays a move after checking it; on error the position is unchanged.
    ///
    /// A hidden piece's move must name the revealed piece, and the pool must hold it.
    pub fn play(&mut self, m: Move) -> Result<(), crate::IllegalMove> {
        self.check_move(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays a move known to be legal (for instance from [`Position::legal_moves`]).
    ///
    /// Playing an illegal move does not panic but leaves a position that may break the
    /// invariants of [`Position::from_setup`]. A hidden piece moved without a reveal is turned
    /// face up as the role of its start point.
    pub fn play_unchecked(&mut self, m: Move) {
        self.make(m);
    }

    /// Plays `m` in place and returns what [`Position::unmake`] needs to take it back.
    pub fn make(&mut self, m: Move) -> Undo {
        let from = m.from.index() as u8;
        let to = m.to.index() as u8;
        let original = self.board.code(from);
        let undo = Undo {
            captured: self.board.code(to),
            original,
            hash: self.hash,
            halfmove_clock: self.halfmove_clock,
            kings: self.kings,
            pool: self.pool,
        };
        let Some(occ) = Occupant::from_code(original) else {
            // Nothing to move: only the side to move changes.
            self.switch_turn();
            return undo;
        };
        let moved = if occ.hidden {
            let piece = m.reveal.unwrap_or(occ.piece());
            self.pool.take(Piece::new(occ.color, piece.role));
            Occupant::revealed(Piece::new(occ.color, piece.role))
        } else {
            occ
        };
        let moved_code = moved.code();
        let captured = self.board.move_code(from, to, moved_code);
        self.hash ^= zobrist::piece_key_code(original, from as usize)
            ^ zobrist::piece_key_code(moved_code, to as usize);
        if captured != 0 {
            self.hash ^= zobrist::piece_key_code(captured, to as usize);
            self.halfmove_clock = 0;
            let cap = Occupant::from_code(captured).expect("non-zero code");
            if cap.hidden {
                // A record that states the captured hidden piece's identity (Jieqi §7.5.4, the
                // capturer looks at it) accounts for it; otherwise it stays in the pool.
                if let Some(p) = m.capture {
                    self.pool.take(Piece::new(cap.color, p.role));
                }
            }
            if cap.role == Role::King && !cap.hidden {
                self.kings[cap.color.index()] = NO_KING;
            }
        } else {
            // A start's clock is read from its FEN, whatever its size.
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        if moved.role == Role::King {
            self.kings[moved.color.index()] = to;
        }
        self.switch_turn();
        undo
    }

    /// Takes back `m`, played by [`Position::make`] which returned `undo`.
    pub fn unmake(&mut self, m: Move, undo: Undo) {
        self.turn = !self.turn;
        if self.turn == Color::Black {
            self.fullmove_number -= 1;
        }
        if undo.original != 0 {
            self.board.unmove_code(
                m.from.index() as u8,
                m.to.index() as u8,
                undo.original,
                undo.captured,
            );
        }
        self.hash = undo.hash;
        self.halfmove_clock = undo.halfmove_clock;
        self.kings = undo.kings;
        self.pool = undo.pool;
    }

    fn switch_turn(&mut self) {
        if self.turn == Color::Black {
            self.fullmove_number += 1;
        }
        self.turn = !self.turn;
        self.hash ^= zobrist::BLACK_TO_MOVE;
    }

    /// The same placement with the other side to move (a "null move").
    ///
    /// The repetition law asks what the mover could do if it moved again (CXA 1999 §28.2 杀,
    /// §28.3 捉); this is that position. The move number and half-move clock are kept.
    ///
    /// ```
    /// use xqr_core::{Color, Position};
    /// let p = Position::new().passed();
    /// assert_eq!(p.turn(), Color::Black);
    /// assert_ne!(p.hash(), Position::new().hash());
    /// ```
    pub fn passed(&self) -> Position {
        let mut p = self.clone();
        p.turn = !self.turn;
        p.hash ^= zobrist::BLACK_TO_MOVE;
        p
    }

    /// The position with `occ` (not a king) placed on `sq` as well, for counterfactual
    /// questions such as "what would this piece still protect had it stayed" (2011 §26.5,
    /// §26.9). The result may break piece counts, so it is never shown to users.
    pub(crate) fn with_extra(&self, sq: Square, occ: Occupant) -> Position {
        debug_assert!(occ.role != Role::King);
        let mut p = self.clone();
        if let Some(old) = p.board.get(sq) {
            p.hash ^= zobrist::piece_key(old, sq.index());
        }
        p.board.set(sq, Some(occ));
        p.hash ^= zobrist::piece_key(occ, sq.index());
        debug_assert_eq!(p.hash, p.compute_hash());
        p
    }

    /// The position with colors swapped and the board rotated (useful for symmetry tests).
    pub fn flipped(&self) -> Position {
        let mut p = self.clone();
        p.board = self.board.flipped();
        p.turn = !self.turn;
        let mut pool = Pool::EMPTY;
        for c in Color::ALL {
            for r in Role::ALL {
                pool.set_count(!c, r, self.pool.count(c, r));
            }
        }
        p.pool = pool;
        for c in Color::ALL {
            p.kings[(!c).index()] = self.king(c).map_or(NO_KING, |s| s.flip().index() as u8);
        }
        p.hash = p.compute_hash();
        p
    }
}

/// What [`Position::unmake`] needs to restore a position.
#[derive(Copy, Clone, Debug)]
pub struct Undo {
    captured: u8,
    original: u8,
    hash: u64,
    halfmove_clock: u32,
    kings: [u8; 2],
    pool: Pool,
}

impl Undo {
    /// What the move captured, if anything.
    pub fn captured(&self) -> Option<Occupant> {
        Occupant::from_code(self.captured)
    }
}

/// Points an advisor can reach inside its palace (the four corners and the centre).
fn advisor_point(sq: Square, color: Color) -> bool {
    let f = sq.file().index();
    let r = sq.rank().relative_to(color);
    sq.in_palace(color) && (f + r) % 2 == 1
}

/// The seven points an elephant can reach on its own half.
fn elephant_point(sq: Square, color: Color) -> bool {
    let f = sq.file().index();
    let r = sq.rank().relative_to(color);
    matches!((f, r), (2 | 6, 0 | 4) | (0 | 4 | 8, 2))
}

/// Points a pawn can stand on: its own file before the river, anywhere ahead past it.
fn pawn_point(sq: Square, color: Color) -> bool {
    let r = sq.rank().relative_to(color);
    match r {
        0..=2 => false,
        3 | 4 => sq.file().index() % 2 == 0,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placement_tables() {
        let a: Vec<String> = Square::all()
            .filter(|s| advisor_point(*s, Color::Red))
            .map(|s| s.to_string())
            .collect();
        assert_eq!(a, ["d0", "f0", "e1", "d2", "f2"]);
        let e: Vec<String> = Square::all()
            .filter(|s| elephant_point(*s, Color::Black))
            .map(|s| s.to_string())
            .collect();
        assert_eq!(e, ["c5", "g5", "a7", "e7", "i7", "c9", "g9"]);
    }

    /// A piece placed on an empty or an occupied point: the hash is the one computed from the
    /// whole board, as for any position.
    #[test]
    fn a_piece_placed_keeps_the_hash_of_the_board() {
        let start = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            MoveRules::STANDARD,
        )
        .expect("legal");
        let rook = Occupant::revealed(Piece::from_char('R').expect("a piece"));
        let hidden = Occupant::hidden(Color::Black, Role::Horse);
        for occ in [rook, hidden] {
            for point in ["e4", "b7", "a9"] {
                let p = start.with_extra(point.parse().expect("a square"), occ);
                assert_eq!(p.hash(), p.compute_hash(), "{point}");
                assert_ne!(p.hash(), start.hash(), "{point}");
            }
        }
    }
}
