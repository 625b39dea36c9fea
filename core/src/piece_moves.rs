//! How each piece moves: the points a piece may go to by its movement rules alone, whether or
//! not the move leaves its own king attacked (pseudo-legal moves).

use crate::attacks::{code_color, code_hidden, code_role};
use crate::tables::{DIAG_NEIGHBOURS, ELEPHANT_MOVES, HORSE_MOVES, ORTHO_NEIGHBOURS, RAYS};
use crate::{Board, MoveRules};

use crate::attacks::{ADVISOR, CANNON, ELEPHANT, HORSE, KING, PAWN, ROOK};

#[inline]
pub(crate) fn in_palace(s: u8, color: usize) -> bool {
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

/// Calls `visit(to)` for every point the piece of `us` on `from` may move to by its movement
/// rules under `rules` (with `captures_only`, only the points holding an enemy piece), in a
/// fixed order.
///
/// A hidden piece (Jieqi) moves as the role of its start point with the standard confinement
/// (Jieqi §3.2).
#[inline(always)]
pub(crate) fn for_each_target(
    board: &Board,
    us: usize,
    rules: &MoveRules,
    from: u8,
    captures_only: bool,
    mut visit: impl FnMut(u8),
) {
    let code = board.code(from);
    let hidden = code_hidden(code);
    // A step onto `to`, unless it holds a piece of ours.
    let mut step = |to: u8| {
        let t = board.code(to);
        if t == 0 {
            if !captures_only {
                visit(to);
            }
        } else if code_color(t) != us {
            visit(to);
        }
    };
    match code_role(code) {
        KING => {
            let n = &ORTHO_NEIGHBOURS[from as usize];
            for &to in &n.squares[..n.len as usize] {
                if in_palace(to, us) {
                    step(to);
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
                        step(s);
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
                    step(to);
                }
            }
        }
        ELEPHANT => {
            let confined = hidden || rules.elephant_confined_to_own_half;
            let n = &ELEPHANT_MOVES[from as usize];
            for st in &n.steps[..n.len as usize] {
                if board.code(st.block) == 0 && (!confined || own_half(st.to, us)) {
                    step(st.to);
                }
            }
        }
        HORSE => {
            let n = &HORSE_MOVES[from as usize];
            for st in &n.steps[..n.len as usize] {
                if board.code(st.block) == 0 {
                    step(st.to);
                }
            }
        }
        ROOK => {
            for ray in &RAYS[from as usize] {
                for &to in &ray.squares[..ray.len as usize] {
                    let t = board.code(to);
                    if t == 0 {
                        if !captures_only {
                            step(to);
                        }
                    } else {
                        step(to);
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
                            step(to);
                        }
                    } else {
                        break;
                    }
                }
                while i < squares.len() {
                    if board.code(squares[i]) != 0 {
                        step(squares[i]);
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
                step(fwd as u8);
            }
            // Sideways only once across the river, wherever the pawn stands (a Jieqi pawn
            // revealed on its own half moves like an uncrossed pawn). Hidden pawns stand on
            // their start points and so never move sideways.
            if !hidden && !own_half(from, us) {
                let f = from % 9;
                if f > 0 {
                    step(from - 1);
                }
                if f < 8 {
                    step(from + 1);
                }
            }
        }
        _ => {}
    }
}
