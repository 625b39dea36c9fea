//! Positions reached by fuzz-chosen moves from a fuzz-chosen start, shared by the move
//! generation and notation checks.
//!
//! The input is `FEN '\n' RULES CHOICES…`, or `RULES CHOICES…` from the standard start when it
//! holds no line break. `RULES` picks the three knobs of [`MoveRules`] from its low bits;
//! each choice byte picks a legal move, and for a hidden piece the next byte picks the
//! identity it reveals from the pool.

use xqr_core::{KingSafety, Move, MoveRules, Piece, Position};

/// The longest walk, so that one input stays fast.
const MAX_PLIES: usize = 200;

/// The rules picked by the low three bits of `byte`.
pub fn rules_of(byte: u8) -> MoveRules {
    MoveRules {
        advisor_confined_to_palace: byte & 1 == 0,
        elephant_confined_to_own_half: byte & 2 == 0,
        king_safety: if byte & 4 == 0 {
            KingSafety::MustNotBeLeftAttacked
        } else {
            KingSafety::MayBeLeftAttacked
        },
    }
}

/// The start position and the choice bytes of `data`, or `None` when the FEN is not a legal
/// position under the chosen rules.
pub fn start(data: &[u8]) -> Option<(Position, &[u8])> {
    let (fen, rest) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (Some(std::str::from_utf8(&data[..i]).ok()?), &data[i + 1..]),
        None => (None, data),
    };
    let (rules, choices) = match rest.split_first() {
        Some((&b, choices)) => (rules_of(b), choices),
        None => (MoveRules::STANDARD, rest),
    };
    let pos = match fen {
        Some(fen) => Position::from_fen(fen, rules).ok()?,
        None => Position::from_setup(xqr_core::Setup::start(), rules).ok()?,
    };
    Some((pos, choices))
}

/// Calls `visit` on the start position and after every chosen move, with the move chosen
/// there (none at the end of the walk); stops when the side to move has no legal move.
pub fn walk(data: &[u8], mut visit: impl FnMut(&Position, Option<Move>)) {
    let Some((mut pos, choices)) = start(data) else {
        return;
    };
    let mut bytes = choices.iter().copied();
    for _ in 0..MAX_PLIES {
        let legal = pos.legal_moves();
        let chosen = match (legal.is_empty(), bytes.next()) {
            (false, Some(b)) => {
                let m = legal[usize::from(b) % legal.len()];
                Some(with_reveal(&pos, m, bytes.next().unwrap_or(0)))
            }
            _ => None,
        };
        visit(&pos, chosen);
        let Some(m) = chosen else { return };
        if let Err(e) = pos.play(m) {
            panic!("generated move {m} refused in {}: {e}", pos.fen());
        }
    }
    visit(&pos, None);
}

/// `m` with a reveal picked by `pick` when it moves a hidden piece.
pub fn with_reveal(pos: &Position, m: Move, pick: u8) -> Move {
    if !pos.board().get(m.from).is_some_and(|o| o.hidden) {
        return m;
    }
    let reveals: Vec<Piece> = pos.pool().distinct(pos.turn()).collect();
    match reveals.get(usize::from(pick) % reveals.len().max(1)) {
        Some(&p) => Move::with_reveal(m.from, m.to, p),
        None => m,
    }
}
