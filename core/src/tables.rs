//! Precomputed geometry: rays, horse and elephant steps with their blocking points.
//!
//! Everything is computed at compile time; lookups replace coordinate arithmetic on the hot paths.

/// Sentinel for "no point".
pub(crate) const NONE: u8 = 0xFF;

/// Orthogonal directions as (file delta, rank delta): north (towards Black), south, east, west.
pub(crate) const ORTHO: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
/// Diagonal directions.
pub(crate) const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

const fn offset(sq: u8, df: i8, dr: i8) -> u8 {
    let f = (sq % 9) as i8 + df;
    let r = (sq / 9) as i8 + dr;
    if f < 0 || f > 8 || r < 0 || r > 9 {
        NONE
    } else {
        (r * 9 + f) as u8
    }
}

/// A ray: the points in one direction, nearest first.
#[derive(Copy, Clone)]
pub(crate) struct Ray {
    pub(crate) len: u8,
    pub(crate) squares: [u8; 9],
}

/// `RAYS[sq][dir]` for the four [`ORTHO`] directions.
pub(crate) static RAYS: [[Ray; 4]; 90] = {
    let mut t = [[Ray {
        len: 0,
        squares: [NONE; 9],
    }; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = ORTHO[d];
            let mut cur = offset(sq as u8, df, dr);
            let mut n = 0;
            while cur != NONE {
                t[sq][d].squares[n] = cur;
                n += 1;
                cur = offset(cur, df, dr);
            }
            t[sq][d].len = n as u8;
            d += 1;
        }
        sq += 1;
    }
    t
};

/// `RAY_MASKS[sq][dir]`: the points of `RAYS[sq][dir]` as a mask of point indices. North and
/// east ([`ORTHO`] 0 and 2) run towards higher indices, south and west towards lower ones.
pub(crate) static RAY_MASKS: [[u128; 4]; 90] = {
    let mut t = [[0u128; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            let ray = &RAYS[sq][d];
            let mut i = 0;
            while i < ray.len as usize {
                t[sq][d] |= 1u128 << ray.squares[i];
                i += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// The nearest point of `points` (a non-empty subset of a ray in [`ORTHO`] direction `dir`)
/// to the ray's origin.
#[inline]
pub(crate) const fn nearest_on_ray(points: u128, dir: usize) -> u8 {
    if dir % 2 == 0 {
        points.trailing_zeros() as u8
    } else {
        (127 - points.leading_zeros()) as u8
    }
}

/// The points of `points` (a subset of a ray in [`ORTHO`] direction `dir`), nearest the ray's
/// origin first: on a line's occupied points, the first piece, the one behind it (a cannon's
/// screen and target) and so on.
#[inline]
pub(crate) fn on_ray(points: u128, dir: usize) -> OnRay {
    OnRay { points, dir }
}

/// The iterator of [`on_ray`].
pub(crate) struct OnRay {
    points: u128,
    dir: usize,
}

impl Iterator for OnRay {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.points == 0 {
            return None;
        }
        let s = nearest_on_ray(self.points, self.dir);
        self.points &= !(1u128 << s);
        Some(s)
    }
}
/// The points of `line` (a ray in [`ORTHO`] direction `dir`) nearer its origin than `s`.
#[inline]
pub(crate) const fn nearer_on_ray(line: u128, s: u8, dir: usize) -> u128 {
    let up_to_s = (2u128 << s) - 1;
    if dir % 2 == 0 {
        line & (up_to_s >> 1)
    } else {
        line & !up_to_s
    }
}

/// A step with the point that must be empty for it (horse leg 马腿, elephant eye 象眼).
#[derive(Copy, Clone)]
pub(crate) struct Step {
    pub(crate) to: u8,
    pub(crate) block: u8,
}

/// Steps of a table entry, at most 8.
#[derive(Copy, Clone)]
pub(crate) struct Steps {
    pub(crate) len: u8,
    pub(crate) steps: [Step; 8],
}

const EMPTY_STEPS: Steps = Steps {
    len: 0,
    steps: [Step {
        to: NONE,
        block: NONE,
    }; 8],
};

const HORSE_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];

/// The leg of a horse jump (df, dr): the orthogonal neighbour in the long direction.
const fn leg_delta(df: i8, dr: i8) -> (i8, i8) {
    if dr == 2 || dr == -2 {
        (0, dr / 2)
    } else {
        (df / 2, 0)
    }
}

/// `HORSE_MOVES[from]`: where a horse on `from` may jump, with the leg point.
pub(crate) static HORSE_MOVES: [Steps; 90] = {
    let mut t = [EMPTY_STEPS; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut i = 0;
        while i < 8 {
            let (df, dr) = HORSE_DELTAS[i];
            let to = offset(sq as u8, df, dr);
            if to != NONE {
                let (lf, lr) = leg_delta(df, dr);
                let n = t[sq].len as usize;
                t[sq].steps[n] = Step {
                    to,
                    block: offset(sq as u8, lf, lr),
                };
                t[sq].len += 1;
            }
            i += 1;
        }
        sq += 1;
    }
    t
};

/// `HORSE_SOURCE_MASKS[target]`: the points from which a horse may attack `target` (the
/// sources of [`HORSE_SOURCES`]), as a mask of point indices.
pub(crate) static HORSE_SOURCE_MASKS: [u128; 90] = {
    let mut t = [0u128; 90];
    let mut sq = 0;
    while sq < 90 {
        let sources = &HORSE_SOURCES[sq];
        let mut i = 0;
        while i < sources.len as usize {
            t[sq] |= 1u128 << sources.steps[i].to;
            i += 1;
        }
        sq += 1;
    }
    t
};

/// `HORSE_SOURCES[target]`: the points from which a horse attacks `target`, with the leg point
/// (in `to` the source, in `block` the leg).
pub(crate) static HORSE_SOURCES: [Steps; 90] = {
    let mut t = [EMPTY_STEPS; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut i = 0;
        while i < 8 {
            let (df, dr) = HORSE_DELTAS[i];
            let from = offset(sq as u8, -df, -dr);
            if from != NONE {
                let (lf, lr) = leg_delta(df, dr);
                let n = t[sq].len as usize;
                t[sq].steps[n] = Step {
                    to: from,
                    block: offset(from, lf, lr),
                };
                t[sq].len += 1;
            }
            i += 1;
        }
        sq += 1;
    }
    t
};

/// `ELEPHANT_MOVES[from]`: two points diagonally, with the eye point between.
/// The table is symmetric, so it also gives the sources attacking a point.
pub(crate) static ELEPHANT_MOVES: [Steps; 90] = {
    let mut t = [EMPTY_STEPS; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut i = 0;
        while i < 4 {
            let (df, dr) = DIAG[i];
            let to = offset(sq as u8, 2 * df, 2 * dr);
            if to != NONE {
                let n = t[sq].len as usize;
                t[sq].steps[n] = Step {
                    to,
                    block: offset(sq as u8, df, dr),
                };
                t[sq].len += 1;
            }
            i += 1;
        }
        sq += 1;
    }
    t
};

/// Up to four neighbouring points.
#[derive(Copy, Clone)]
pub(crate) struct Neighbours {
    pub(crate) len: u8,
    pub(crate) squares: [u8; 4],
}

const fn neighbours(deltas: [(i8, i8); 4]) -> [Neighbours; 90] {
    let mut t = [Neighbours {
        len: 0,
        squares: [NONE; 4],
    }; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut i = 0;
        while i < 4 {
            let (df, dr) = deltas[i];
            let to = offset(sq as u8, df, dr);
            if to != NONE {
                let n = t[sq].len as usize;
                t[sq].squares[n] = to;
                t[sq].len += 1;
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

/// The points within two files and two ranks of a point, the point itself among them, as a
/// mask per point: where a king, advisor, elephant, horse or pawn on it may step.
pub(crate) static AROUND: [u128; 90] = around();

const fn around() -> [u128; 90] {
    let mut t = [0u128; 90];
    let mut s: usize = 0;
    while s < 90 {
        let mut p: usize = 0;
        while p < 90 {
            let (df, dr) = (
                (p % 9) as i32 - (s % 9) as i32,
                (p / 9) as i32 - (s / 9) as i32,
            );
            if df >= -2 && df <= 2 && dr >= -2 && dr <= 2 {
                t[s] |= 1u128 << p;
            }
            p += 1;
        }
        s += 1;
    }
    t
}

/// The points any piece on a point might reach in one move, as a mask per point: its file and
/// rank (kings, rooks, cannons and pawns move along them) and the points within two files and
/// two ranks ([`AROUND`]: advisors, elephants and horses). A superset for every role, face up or
/// hidden, whatever the pieces' areas.
pub(crate) static REACH: [u128; 90] = {
    let around = around();
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        let mut p = 0;
        while p < 90 {
            let line = p % 9 == s % 9 || p / 9 == s / 9;
            if p != s && (line || around[s] & (1u128 << p) != 0) {
                t[s] |= 1u128 << p;
            }
            p += 1;
        }
        s += 1;
    }
    t
};

/// Orthogonal neighbours (king steps).
pub(crate) static ORTHO_NEIGHBOURS: [Neighbours; 90] = neighbours(ORTHO);
/// Diagonal neighbours (advisor steps).
pub(crate) static DIAG_NEIGHBOURS: [Neighbours; 90] = neighbours(DIAG);

#[inline]
pub(crate) const fn same_line(a: u8, b: u8) -> bool {
    a % 9 == b % 9 || a / 9 == b / 9
}

#[inline]
pub(crate) const fn diag_adjacent(a: u8, b: u8) -> bool {
    let df = (a % 9) as i8 - (b % 9) as i8;
    let dr = (a / 9) as i8 - (b / 9) as i8;
    (df == 1 || df == -1) && (dr == 1 || dr == -1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn horse_from_corner() {
        // a0 = 0: jumps to b2 (11) with leg a1 (9), and c1 (11? no: c1 = 9+2 = 11).
        let s = HORSE_MOVES[0];
        assert_eq!(s.len, 2);
        let mut pairs: Vec<(u8, u8)> = s.steps[..2].iter().map(|s| (s.to, s.block)).collect();
        pairs.sort();
        assert_eq!(pairs, vec![(11, 1), (19, 9)]);
    }

    #[test]
    fn sources_mirror_moves() {
        for from in 0..90u8 {
            let m = HORSE_MOVES[from as usize];
            for st in &m.steps[..m.len as usize] {
                let src = HORSE_SOURCES[st.to as usize];
                assert!(src.steps[..src.len as usize]
                    .iter()
                    .any(|s| s.to == from && s.block == st.block));
            }
        }
    }

    #[test]
    fn horse_source_masks_hold_the_sources() {
        for t in 0..90 {
            let src = HORSE_SOURCES[t];
            let mask = src.steps[..src.len as usize]
                .iter()
                .fold(0u128, |m, s| m | 1u128 << s.to);
            assert_eq!(HORSE_SOURCE_MASKS[t], mask, "point {t}");
        }
    }

    #[test]
    fn rays_lengths() {
        assert_eq!(RAYS[0][0].len, 9);
        assert_eq!(RAYS[0][2].len, 8);
        assert_eq!(RAYS[0][1].len, 0);
    }

    /// The masks hold the rays' points, and on every subset of a ray the nearest point and
    /// the points before a point are those the ray lists first.
    #[test]
    fn ray_masks_follow_the_rays() {
        for sq in 0..90 {
            for dir in 0..4 {
                let ray = RAYS[sq][dir];
                let points = &ray.squares[..ray.len as usize];
                let mask = points.iter().fold(0u128, |m, &s| m | 1u128 << s);
                assert_eq!(RAY_MASKS[sq][dir], mask, "point {sq}, direction {dir}");
                // Every other point of the ray occupied, and the ray's own order.
                for start in 0..2 {
                    let subset = points.iter().skip(start).step_by(2);
                    let occupied = subset.clone().fold(0u128, |m, &s| m | 1u128 << s);
                    if let Some(&first) = subset.clone().next() {
                        assert_eq!(nearest_on_ray(occupied, dir), first);
                    }
                    for (i, &s) in points.iter().enumerate() {
                        let nearer = points[..i].iter().fold(0u128, |m, &p| m | 1u128 << p);
                        assert_eq!(nearer_on_ray(mask, s, dir), nearer);
                    }
                }
            }
        }
    }
}
