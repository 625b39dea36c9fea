//! Exchanges on one point, searched with legal moves (so pins, screens and flying generals are
//! respected): the basis of "unprotected" (无根), false and insufficient roots (假根, 少根) and
//! "a complete exchange that wins material" (CXA 1999 §28.16, §29.1, §29.3).

use super::floating::{Ledger, Prize};
use super::MaterialValues;
use crate::{Move, Occupant, Position, Square};

/// How deep an exchange on one point is followed (captures by both sides).
const MAX_EXCHANGE_PLIES: u32 = 10;

/// Value of whatever stands on `sq` as a prize in an exchange: material value, and a decisive
/// value for a king (it can only be taken under rules that allow king capture).
pub(crate) fn prize(values: &MaterialValues, occ: Option<Occupant>, sq: Square) -> i32 {
    Prize::of(values, occ, sq).value()
}

/// Legal captures on `sq` in `pos` (by the side to move).
pub(crate) fn captures_on(pos: &Position, sq: Square) -> impl Iterator<Item = Move> {
    pos.legal_captures_on(sq).into_iter()
}

/// The balance of the exchange on `sq` for the side that began it, where the side to move
/// (`initiator` or not) may capture there or stop, each side playing for its own balance, and
/// `ledger` holds what the initiator has taken and given so far.
fn exchange_balance(
    pos: &Position,
    sq: Square,
    values: &MaterialValues,
    depth: u32,
    ledger: Ledger,
    initiator: bool,
) -> i32 {
    let stop = ledger.balance(values);
    if depth == 0 {
        return stop;
    }
    let mut best = stop;
    for m in captures_on(pos, sq) {
        let p = Prize::of(values, pos.board().get(sq), sq);
        let after = if initiator {
            ledger.take(p)
        } else {
            ledger.give(p)
        };
        let mut next = pos.clone();
        next.play_unchecked(m);
        let v = exchange_balance(&next, sq, values, depth - 1, after, !initiator);
        best = if initiator { best.max(v) } else { best.min(v) };
    }
    best
}

/// The balance for the side to move of the capture `m` followed by the best exchange on its
/// point, counted together with `spent` (what that side has already taken and given, for
/// example in the checks that led to the capture): the §25.3 floating pawn applies to the
/// whole sequence.
pub(crate) fn gain_after(pos: &Position, m: Move, values: &MaterialValues, spent: Ledger) -> i32 {
    let ledger = spent.take(Prize::of(values, pos.board().get(m.to), m.to));
    let mut next = pos.clone();
    next.play_unchecked(m);
    exchange_balance(&next, m.to, values, MAX_EXCHANGE_PLIES - 1, ledger, false)
}

/// The balance for the side to move of the capture `m` followed by the best exchange on its
/// point: the prize taken minus what the opponent then wins back (never counting pawns against
/// pieces as a gain where the values float, 1999 §25.3).
pub(crate) fn gain(pos: &Position, m: Move, values: &MaterialValues) -> i32 {
    gain_after(pos, m, values, Ledger::default())
}
