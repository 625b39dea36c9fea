//! Exchanges on one point, searched with legal moves (so pins, screens and flying generals are
//! respected): the basis of "unprotected" (无根), false and insufficient roots (假根, 少根) and
//! "a complete exchange that wins material" (CXA 1999 §28.16, §29.1, §29.3).

use super::MaterialValues;
use crate::{Move, Occupant, Position, Role, Square};

/// How deep an exchange on one point is followed (captures by both sides).
const MAX_EXCHANGE_PLIES: u32 = 10;

/// Value of whatever stands on `sq` as a prize in an exchange: material value, and a decisive
/// value for a king (it can only be taken under rules that allow king capture).
pub(crate) fn prize(values: &MaterialValues, occ: Option<Occupant>, sq: Square) -> i32 {
    match occ {
        None => 0,
        Some(o) if o.role == Role::King => 1000,
        Some(o) => values.of(o, sq),
    }
}

/// Legal captures on `sq` in `pos` (by the side to move).
pub(crate) fn captures_on(pos: &Position, sq: Square) -> impl Iterator<Item = Move> {
    let list = pos.legal_captures();
    list.into_iter().filter(move |m| m.to == sq)
}

/// The best balance the side to move can reach by capturing on `sq` and then alternating
/// captures there, where each side may stop: never negative.
pub(crate) fn exchange_value(
    pos: &Position,
    sq: Square,
    values: &MaterialValues,
    depth: u32,
) -> i32 {
    if depth == 0 {
        return 0;
    }
    let mut best = 0;
    for m in captures_on(pos, sq) {
        best = best.max(capture_gain(pos, m, values, depth));
    }
    best
}

/// The balance for the side to move of the capture `m` followed by the best exchange on its
/// point: the prize taken minus what the opponent then wins back.
pub(crate) fn capture_gain(pos: &Position, m: Move, values: &MaterialValues, depth: u32) -> i32 {
    let taken = prize(values, pos.board().get(m.to), m.to);
    let mut next = pos.clone();
    next.play_unchecked(m);
    taken - exchange_value(&next, m.to, values, depth.saturating_sub(1))
}

/// [`capture_gain`] with the default depth.
pub(crate) fn gain(pos: &Position, m: Move, values: &MaterialValues) -> i32 {
    capture_gain(pos, m, values, MAX_EXCHANGE_PLIES)
}
