//! Perft: counting the leaves of the legal-move tree, the standard test of a move generator.

use crate::Position;

/// Number of leaf nodes of the legal-move tree of depth `depth`.
///
/// A move of a hidden piece (Jieqi) counts one child per distinct identity still in the pool for
/// its side (the possible outcomes of the reveal), or one child if the pool is empty.
///
/// ```
/// use xqr_core::{perft, Position};
/// assert_eq!(perft(&Position::new(), 2), 1920);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_in_place(&mut pos.clone(), depth)
}

/// [`perft`] by playing and taking back each move on one position; the leaves' parents count
/// their legal moves without listing them.
fn perft_in_place(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let has_hidden = !pos.pool.is_empty();
    if depth == 1 && !has_hidden {
        return pos.count_legal_moves() as u64;
    }
    let moves = pos.legal_moves();
    let mut nodes = 0;
    for &m in &moves {
        let hidden = has_hidden && pos.board.get(m.from).is_some_and(|o| o.hidden);
        if hidden {
            let pool = pos.pool;
            for piece in pool.distinct(pos.turn) {
                let m = crate::Move {
                    reveal: Some(piece),
                    ..m
                };
                let undo = pos.make(m);
                nodes += perft_in_place(pos, depth - 1);
                pos.unmake(m, undo);
            }
        } else {
            let undo = pos.make(m);
            nodes += perft_in_place(pos, depth - 1);
            pos.unmake(m, undo);
        }
    }
    nodes
}

/// Perft split by first move: each legal move with the size of its subtree (for debugging a
/// generator against another). A move of a hidden piece (Jieqi) appears once per identity it
/// may reveal, as [`perft`] counts it.
pub fn divide(pos: &Position, depth: u32) -> Vec<(crate::Move, u64)> {
    let mut out = Vec::new();
    for &m in &pos.legal_moves() {
        let hidden = pos.board.get(m.from).is_some_and(|o| o.hidden) && !pos.pool.is_empty();
        let reveals: Vec<Option<crate::Piece>> = if hidden {
            pos.pool.distinct(pos.turn).map(Some).collect()
        } else {
            vec![None]
        };
        for reveal in reveals {
            let m = crate::Move { reveal, ..m };
            let mut child = pos.clone();
            child.play_unchecked(m);
            let n = if depth <= 1 {
                1
            } else {
                perft(&child, depth - 1)
            };
            out.push((m, n));
        }
    }
    out
}
