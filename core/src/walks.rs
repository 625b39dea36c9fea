//! Positions for the board layer's tests: games walked from given starts by a fixed rule, each
//! position with either side to move.

use crate::{MoveRules, Position};

/// Walks a game from each FEN of `starts` under the standard rules, playing at ply `n` the
/// `(n * step)`-th legal move (modulo their number), for at most `plies` plies; returns every
/// position met before a move, as it stands and with the other side to move.
pub(crate) fn walked(starts: &[&str], plies: usize, step: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for fen in starts {
        let mut pos = Position::from_fen(fen, MoveRules::STANDARD).expect("legal");
        for ply in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            out.push(pos.clone());
            out.push(pos.passed());
            pos.play_unchecked(moves[(ply * step) % moves.len()]);
        }
    }
    out
}
