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
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    let has_hidden = !pos.pool.is_empty();
    if depth == 1 && !has_hidden {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &m in &moves {
        let hidden = has_hidden && pos.board.get(m.from).is_some_and(|o| o.hidden);
        if hidden {
            for piece in pos.pool.distinct(pos.turn) {
                let mut child = pos.clone();
                child.play_unchecked(crate::Move {
                    reveal: Some(piece),
                    ..m
                });
                nodes += perft(&child, depth - 1);
            }
        } else {
            let mut child = pos.clone();
            child.play_unchecked(m);
            nodes += perft(&child, depth - 1);
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
