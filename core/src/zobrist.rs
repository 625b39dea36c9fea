//! Zobrist keys for position hashing (repetition detection).

use crate::{Color, Occupant};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// Keys indexed by occupant code (1–32, see `Occupant::code`) and point.
static PIECE_KEYS: [[u64; 90]; 33] = {
    let mut t = [[0u64; 90]; 33];
    let mut state = 0x5851_F42D_4C95_7F2Du64;
    let mut code = 1;
    while code < 33 {
        let mut sq = 0;
        while sq < 90 {
            let (s, v) = splitmix(state);
            state = s;
            t[code][sq] = v;
            sq += 1;
        }
        code += 1;
    }
    t
};

/// Key toggled when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = splitmix(0x1234_5678_9ABC_DEF0).1;

#[inline]
pub(crate) fn piece_key(occ: Occupant, sq: usize) -> u64 {
    PIECE_KEYS[occ.code() as usize][sq]
}

#[inline]
pub(crate) fn piece_key_code(code: u8, sq: usize) -> u64 {
    PIECE_KEYS[code as usize][sq]
}

#[inline]
pub(crate) fn turn_key(turn: Color) -> u64 {
    match turn {
        Color::Red => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}
