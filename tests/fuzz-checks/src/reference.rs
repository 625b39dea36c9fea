//! A slow reference move generator, written from the rules alone (CXA 1999 §2–3; Jieqi §3.2 for
//! hidden pieces), to compare with the tuned generator of `xqr_core`.
//!
//! It shares nothing with the tuned generator but the board: no tables, no pins, no incremental
//! king tracking. Pseudo-legal moves follow each piece's movement; a move is legal when, under
//! [`KingSafety::MustNotBeLeftAttacked`], it leaves neither the mover's king capturable nor the
//! kings facing on an open file.

use std::collections::BTreeSet;

use xqr_core::{Board, Color, KingSafety, MoveRules, Occupant, Position, Role, Square};

/// The legal moves of `pos` as `(from, to)` pairs.
pub fn reference_moves(pos: &Position) -> BTreeSet<(Square, Square)> {
    let us = pos.turn();
    let board = pos.board();
    if find_king(board, us).is_none() {
        return BTreeSet::new();
    }
    let pseudo = pseudo_moves(board, us, pos.rules());
    if pos.rules().king_safety == KingSafety::MayBeLeftAttacked {
        return pseudo;
    }
    pseudo
        .into_iter()
        .filter(|&(from, to)| {
            let mut after = board.clone();
            let piece = after.get(from);
            after.set(from, None);
            after.set(to, piece);
            !king_exposed(&after, us, pos.rules())
        })
        .collect()
}

fn find_king(board: &Board, color: Color) -> Option<Square> {
    Square::all().find(|&sq| {
        board.get(sq)
            == Some(Occupant {
                color,
                role: Role::King,
                hidden: false,
            })
    })
}

/// Whether `color`'s king can be captured by an enemy piece or faces the enemy king.
fn king_exposed(board: &Board, color: Color, rules: &MoveRules) -> bool {
    let Some(king) = find_king(board, color) else {
        return true;
    };
    if let Some(other) = find_king(board, !color) {
        if other.file() == king.file() && between(board, king, other) == 0 {
            return true;
        }
    }
    pseudo_moves(board, !color, rules)
        .iter()
        .any(|&(_, to)| to == king)
}

/// Number of pieces strictly between two points of one line.
fn between(board: &Board, a: Square, b: Square) -> usize {
    let (af, ar) = coords(a);
    let (bf, br) = coords(b);
    let (df, dr) = ((bf - af).signum(), (br - ar).signum());
    let mut n = 0;
    let (mut f, mut r) = (af + df, ar + dr);
    while (f, r) != (bf, br) {
        if board.get(at(f, r).expect("between two points")).is_some() {
            n += 1;
        }
        f += df;
        r += dr;
    }
    n
}

fn coords(sq: Square) -> (i32, i32) {
    (i32::from(sq.file().index()), i32::from(sq.rank().index()))
}

fn at(file: i32, rank: i32) -> Option<Square> {
    if (0..9).contains(&file) && (0..10).contains(&rank) {
        Square::new((rank * 9 + file) as u8)
    } else {
        None
    }
}

fn in_palace(file: i32, rank: i32, color: Color) -> bool {
    (3..=5).contains(&file)
        && match color {
            Color::Red => (0..=2).contains(&rank),
            Color::Black => (7..=9).contains(&rank),
        }
}

fn own_half(rank: i32, color: Color) -> bool {
    match color {
        Color::Red => rank <= 4,
        Color::Black => rank >= 5,
    }
}

/// Every move of `color`'s pieces by their movement rules, ignoring the own king's safety.
fn pseudo_moves(board: &Board, color: Color, rules: &MoveRules) -> BTreeSet<(Square, Square)> {
    let mut moves = BTreeSet::new();
    let forward = if color == Color::Red { 1 } else { -1 };
    for from in Square::all() {
        let Some(occ) = board.get(from) else { continue };
        if occ.color != color {
            continue;
        }
        let (f, r) = coords(from);
        // A target is fine when it is on the board and holds no piece of ours.
        let mut add = |file: i32, rank: i32| {
            if let Some(to) = at(file, rank) {
                if board.get(to).is_none_or(|o| o.color != color) {
                    moves.insert((from, to));
                }
            }
        };
        let empty = |file: i32, rank: i32| at(file, rank).is_some_and(|s| board.get(s).is_none());
        match occ.role {
            Role::King => {
                for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    if in_palace(f + df, r + dr, color) {
                        add(f + df, r + dr);
                    }
                }
                // Flying general: the first piece up the file is the enemy king.
                let mut rank = r + forward;
                while let Some(sq) = at(f, rank) {
                    if let Some(o) = board.get(sq) {
                        if o.color != color && o.role == Role::King && !o.hidden {
                            moves.insert((from, sq));
                        }
                        break;
                    }
                    rank += forward;
                }
            }
            Role::Advisor => {
                let confined = occ.hidden || rules.advisor_confined_to_palace;
                for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    if !confined || in_palace(f + df, r + dr, color) {
                        add(f + df, r + dr);
                    }
                }
            }
            Role::Elephant => {
                let confined = occ.hidden || rules.elephant_confined_to_own_half;
                for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let eye_open = empty(f + df, r + dr);
                    if eye_open && (!confined || own_half(r + 2 * dr, color)) {
                        add(f + 2 * df, r + 2 * dr);
                    }
                }
            }
            Role::Horse => {
                for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    if !empty(f + df, r + dr) {
                        continue;
                    }
                    // Two steps along the leg's direction, one across.
                    let (sf, sr) = (dr.abs(), df.abs());
                    add(f + 2 * df + sf, r + 2 * dr + sr);
                    add(f + 2 * df - sf, r + 2 * dr - sr);
                }
            }
            Role::Rook | Role::Cannon => {
                for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let mut screens = 0;
                    let (mut file, mut rank) = (f + df, r + dr);
                    while let Some(sq) = at(file, rank) {
                        match board.get(sq) {
                            None if screens == 0 => {
                                moves.insert((from, sq));
                            }
                            None => {}
                            Some(o) => {
                                let captures = match occ.role {
                                    Role::Rook => screens == 0,
                                    _ => screens == 1,
                                };
                                if captures {
                                    if o.color != color {
                                        moves.insert((from, sq));
                                    }
                                    break;
                                }
                                screens += 1;
                                if occ.role == Role::Rook {
                                    break;
                                }
                            }
                        }
                        file += df;
                        rank += dr;
                    }
                }
            }
            Role::Pawn => {
                add(f, r + forward);
                if !own_half(r, color) {
                    add(f + 1, r);
                    add(f - 1, r);
                }
            }
        }
    }
    moves
}
