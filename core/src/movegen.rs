//! Legal move generation, parameterised by [`MoveRules`](crate::MoveRules).

use crate::attacks::{code_color, code_hidden, code_role, king_attacked};
use crate::tables::{
    diag_adjacent, same_line, DIAG_NEIGHBOURS, ELEPHANT_MOVES, HORSE_MOVES, ORTHO_NEIGHBOURS, RAYS,
};
use crate::{Board, KingSafety, Move, Position, Role, Square};

/// A list of moves on the stack. No position has more than 128 pseudo-legal moves
/// (at most 2×17 rook, 2×17 cannon, 2×8 horse, 5×3 pawn, 2×4 advisor, 2×4 elephant, 4 king).
pub type MoveList = arrayvec::ArrayVec<Move, 128>;

const KING: u8 = Role::King as u8;
const ADVISOR: u8 = Role::Advisor as u8;
const ELEPHANT: u8 = Role::Elephant as u8;
const HORSE: u8 = Role::Horse as u8;
const ROOK: u8 = Role::Rook as u8;
const CANNON: u8 = Role::Cannon as u8;
const PAWN: u8 = Role::Pawn as u8;

#[inline]
fn mv(from: u8, to: u8) -> Move {
    Move::new(Square::new_unchecked(from), Square::new_unchecked(to))
}

#[inline]
fn in_palace(s: u8, color: usize) -> bool {
    let f = s % 9;
    let r = s / 9;
    (3..=5).contains(&f) && if color == 0 { r <= 2 } else { r >= 7 }
}

#[inline]
fn own_half(s: u8, color: usize) -> bool {
    if color == 0 {
        s / 9 <= 4
    } else {
        s / 9 >= 5
    }
}

impl Position {
    /// All legal moves of the side to move.
    ///
    /// Moves of hidden pieces (Jieqi) are listed once each with `reveal: None`; the identity is
    /// chosen when the move is played (see [`Position::play`]).
    ///
    /// ```
    /// use xqr_core::{MoveRules, Position};
    /// // The advisor on e1 stands between the kings: every advisor move would let them face.
    /// let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", MoveRules::STANDARD).unwrap();
    /// assert!(pos.legal_moves().iter().all(|m| m.from.to_string() != "e1"));
    /// assert_eq!(pos.legal_moves().len(), 2); // the king steps to d0 or f0
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, false);
        list
    }

    /// Legal captures of the side to move.
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, true);
        list
    }

    /// Moves that follow the pieces' movement rules, ignoring whether the mover's king is left
    /// attacked. Under [`KingSafety::MayBeLeftAttacked`] these are exactly the legal moves.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        gen_pseudo(
            &self.board,
            self.turn.index(),
            &self.rules,
            &mut list,
            false,
        );
        list
    }

    /// Number of legal moves (faster than collecting them when only the count matters).
    pub fn count_legal_moves(&self) -> usize {
        let mut list = MoveList::new();
        self.generate(&mut list, false);
        list.len()
    }

    /// Whether the side to move has no legal move (checkmated or stalemated, 困毙).
    ///
    /// Stops at the first legal move found, so it is much cheaper than counting them; judges
    /// ask it after every ply.
    pub fn has_no_legal_moves(&self) -> bool {
        let us = self.turn.index();
        if self.kings[us] == 0xFF {
            return true;
        }
        let mut list = MoveList::new();
        gen_pseudo(&self.board, us, &self.rules, &mut list, false);
        if self.rules.king_safety == KingSafety::MayBeLeftAttacked {
            return list.is_empty();
        }
        let k = self.kings[us];
        let roaming = self.rules.roaming();
        let in_check = king_attacked(&self.board, us, k, roaming);
        let mut board = self.board.clone();
        !list.iter().any(|m| {
            let (from, to) = (m.from.index() as u8, m.to.index() as u8);
            (!in_check
                && from != k
                && !same_line(from, k)
                && !diag_adjacent(from, k)
                && !same_line(to, k))
                || leaves_king_safe(&mut board, us, k, from, to, roaming)
        })
    }

    /// Whether the side to move has a legal capture on `sq`: as
    /// `legal_captures().iter().any(|m| m.to == sq)`, found from the attackers of the point
    /// instead of every capture on the board (the repetition law asks it for every capture it
    /// weighs: can the piece be taken back?). Positions with hidden pieces (Jieqi) take the
    /// general path.
    pub fn can_capture_on(&self, sq: Square) -> bool {
        let us = self.turn;
        if self.kings[us.index()] == 0xFF {
            return false;
        }
        if !self.board.hidden(us).is_empty() || !self.board.hidden(!us).is_empty() {
            return self.legal_captures().iter().any(|m| m.to == sq);
        }
        if self.board.get(sq).is_none_or(|o| o.color == us) {
            return false;
        }
        let attackers = self.attackers(sq, us);
        if self.rules.king_safety == KingSafety::MayBeLeftAttacked {
            return !attackers.is_empty();
        }
        let k = self.kings[us.index()];
        let roaming = self.rules.roaming();
        let mut board = self.board.clone();
        let to = sq.index() as u8;
        attackers.iter().any(|from| {
            leaves_king_safe(&mut board, us.index(), k, from.index() as u8, to, roaming)
        })
    }

    /// Whether the side to move is checkmated (将死): in check with no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.has_no_legal_moves()
    }

    /// Whether the side to move is stalemated (困毙): not in check, no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.has_no_legal_moves()
    }

    /// Whether `m` is legal here (for a hidden piece, with or without a reveal; a reveal must be
    /// in the pool).
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_move(m).is_ok()
    }

    fn generate(&self, list: &mut MoveList, captures_only: bool) {
        let us = self.turn.index();
        if self.kings[us] == 0xFF {
            return; // king captured (Jieqi): the game is over
        }
        gen_pseudo(&self.board, us, &self.rules, list, captures_only);
        if self.rules.king_safety == KingSafety::MayBeLeftAttacked {
            return;
        }
        let k = self.kings[us];
        let roaming = self.rules.roaming();
        let in_check = king_attacked(&self.board, us, k, roaming);
        let mut board = self.board.clone();
        list.retain(|m| {
            let from = m.from.index() as u8;
            let to = m.to.index() as u8;
            // A move can only expose its own king through a line or a horse leg / elephant eye
            // next to the king, or by putting a screen on a cannon line.
            if !in_check
                && from != k
                && !same_line(from, k)
                && !diag_adjacent(from, k)
                && !same_line(to, k)
            {
                return true;
            }
            leaves_king_safe(&mut board, us, k, from, to, roaming)
        });
    }
}

/// Plays `from→to` on `board`, tests the king of `us` (on `k` unless it moved), and takes the
/// move back.
#[inline]
pub(crate) fn leaves_king_safe(
    board: &mut Board,
    us: usize,
    k: u8,
    from: u8,
    to: u8,
    roaming: bool,
) -> bool {
    let original = board.code(from);
    let captured = board.move_code(from, to, original);
    let king = if from == k { to } else { k };
    let safe = !king_attacked(board, us, king, roaming);
    board.unmove_code(from, to, original, captured);
    safe
}

/// Pseudo-legal move generation for side `us`.
pub(crate) fn gen_pseudo(
    board: &Board,
    us: usize,
    rules: &crate::MoveRules,
    list: &mut MoveList,
    captures_only: bool,
) {
    let own = board.by_color(if us == 0 {
        crate::Color::Red
    } else {
        crate::Color::Black
    });
    // `push` adds from→to unless `to` holds a piece of ours.
    macro_rules! push {
        ($from:expr, $to:expr) => {{
            let t = board.code($to);
            if t == 0 {
                if !captures_only {
                    list.push(mv($from, $to));
                }
            } else if code_color(t) != us {
                list.push(mv($from, $to));
            }
        }};
    }
    for sq in own {
        let from = sq.index() as u8;
        let code = board.code(from);
        let hidden = code_hidden(code);
        match code_role(code) {
            KING => {
                let n = &ORTHO_NEIGHBOURS[from as usize];
                for &to in &n.squares[..n.len as usize] {
                    if in_palace(to, us) {
                        push!(from, to);
                    }
                }
                // Flying general: the king may capture the enemy king on an open file. In
                // standard Xiangqi this never arises in a legal position; in Jieqi it is how a
                // player punishes facing kings (Jieqi §5.1.2).
                let dir = if us == 0 { 0 } else { 1 };
                let ray = &RAYS[from as usize][dir];
                for &s in &ray.squares[..ray.len as usize] {
                    let c = board.code(s);
                    if c != 0 {
                        if code_color(c) != us && code_role(c) == KING && !code_hidden(c) {
                            list.push(mv(from, s));
                        }
                        break;
                    }
                }
            }
            ADVISOR => {
                let confined = hidden || rules.advisor_confined_to_palace;
                let n = &DIAG_NEIGHBOURS[from as usize];
                for &to in &n.squares[..n.len as usize] {
                    if !confined || in_palace(to, us) {
                        push!(from, to);
                    }
                }
            }
            ELEPHANT => {
                let confined = hidden || rules.elephant_confined_to_own_half;
                let n = &ELEPHANT_MOVES[from as usize];
                for st in &n.steps[..n.len as usize] {
                    if board.code(st.block) == 0 && (!confined || own_half(st.to, us)) {
                        push!(from, st.to);
                    }
                }
            }
            HORSE => {
                let n = &HORSE_MOVES[from as usize];
                for st in &n.steps[..n.len as usize] {
                    if board.code(st.block) == 0 {
                        push!(from, st.to);
                    }
                }
            }
            ROOK => {
                for ray in &RAYS[from as usize] {
                    for &to in &ray.squares[..ray.len as usize] {
                        let t = board.code(to);
                        if t == 0 {
                            if !captures_only {
                                list.push(mv(from, to));
                            }
                        } else {
                            if code_color(t) != us {
                                list.push(mv(from, to));
                            }
                            break;
                        }
                    }
                }
            }
            CANNON => {
                for ray in &RAYS[from as usize] {
                    let squares = &ray.squares[..ray.len as usize];
                    let mut i = 0;
                    while i < squares.len() {
                        let to = squares[i];
                        i += 1;
                        if board.code(to) == 0 {
                            if !captures_only {
                                list.push(mv(from, to));
                            }
                        } else {
                            break;
                        }
                    }
                    while i < squares.len() {
                        let t = board.code(squares[i]);
                        if t != 0 {
                            if code_color(t) != us {
                                list.push(mv(from, squares[i]));
                            }
                            break;
                        }
                        i += 1;
                    }
                }
            }
            PAWN => {
                let fwd = if us == 0 {
                    from as i16 + 9
                } else {
                    from as i16 - 9
                };
                if (0..90).contains(&fwd) {
                    push!(from, fwd as u8);
                }
                // Sideways only once across the river, wherever the pawn stands (a Jieqi pawn
                // revealed on its own half moves like an uncrossed pawn). Hidden pawns stand on
                // their start points and so never move sideways.
                if !hidden && !own_half(from, us) {
                    let f = from % 9;
                    if f > 0 {
                        push!(from, from - 1);
                    }
                    if f < 8 {
                        push!(from, from + 1);
                    }
                }
            }
            _ => {}
        }
    }
}
