//! Attack queries: who could capture on a point, checks and pins.
//!
//! "Attack" means a pseudo-legal capture: the piece could move to the point by its movement
//! rules if an enemy stood there, whether or not the move would leave its own king attacked.
//! These queries are the building blocks of the per-move classifier (check, chase, protection).

use crate::tables::{
    diag_adjacent, on_ray, same_line, DIAG_NEIGHBOURS, ELEPHANT_MOVES, HORSE_SOURCES,
    HORSE_SOURCE_MASKS, RAYS, RAY_MASKS,
};
use crate::{Board, Color, Position, Role, Square, SquareSet};

// Occupant codes: 1 + role + 8 * color + 16 * hidden.
#[inline]
pub(crate) const fn code_color(code: u8) -> usize {
    ((code - 1) >> 3 & 1) as usize
}
#[inline]
pub(crate) const fn code_role(code: u8) -> u8 {
    (code - 1) & 7
}
#[inline]
pub(crate) const fn code_hidden(code: u8) -> bool {
    code > 16
}

// Role codes of the occupant codes, shared by the board-layer modules.
pub(crate) const KING: u8 = Role::King as u8;
pub(crate) const ADVISOR: u8 = Role::Advisor as u8;
pub(crate) const ELEPHANT: u8 = Role::Elephant as u8;
pub(crate) const HORSE: u8 = Role::Horse as u8;
pub(crate) const ROOK: u8 = Role::Rook as u8;
pub(crate) const CANNON: u8 = Role::Cannon as u8;
pub(crate) const PAWN: u8 = Role::Pawn as u8;

/// Whether a piece of `color` given by `code` moves as `role` (face up or hidden).
#[inline]
fn is(code: u8, color: usize, role: u8) -> bool {
    code != 0 && code_color(code) == color && code_role(code) == role
}

impl Position {
    /// Whether `color`'s king is attacked (in check). False if it has no king.
    #[inline]
    pub fn is_king_attacked(&self, color: Color) -> bool {
        match self.king(color) {
            Some(k) => king_attacked(
                &self.board,
                color.index(),
                k.index() as u8,
                self.rules.roaming(),
            ),
            None => false,
        }
    }

    /// Whether the side to move is in check (将军).
    #[inline]
    pub fn is_check(&self) -> bool {
        self.is_king_attacked(self.turn)
    }

    /// The enemy pieces giving check to the side to move (including a facing king).
    pub fn checkers(&self) -> SquareSet {
        match self.king(self.turn) {
            Some(k) => self.attackers(k, !self.turn),
            None => SquareSet::EMPTY,
        }
    }

    /// Whether the two kings stand on one file with nothing between them (对面笑 / 飞将).
    pub fn kings_facing(&self) -> bool {
        let (Some(r), Some(b)) = (self.king(Color::Red), self.king(Color::Black)) else {
            return false;
        };
        if r.file() != b.file() {
            return false;
        }
        let ray = &RAYS[r.index()][0];
        for &s in &ray.squares[..ray.len as usize] {
            if s as usize == b.index() {
                return true;
            }
            if self.board.code(s) != 0 {
                return false;
            }
        }
        false
    }

    /// Whether any piece of `by` attacks `sq`.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        !self.attackers(sq, by).is_empty()
    }

    /// The pieces of `by` that could capture on `sq` by their movement rules (pseudo-legal:
    /// pins are ignored), on the current board.
    ///
    /// A king attacks the adjacent points of its palace, and the other king along an open file
    /// (flying general). Hidden pieces attack as the role of their start point.
    ///
    /// ```
    /// use xqr_core::{Color, MoveRules, Position};
    /// let pos = Position::from_fen("4k4/9/9/9/9/4c4/9/9/4A4/4K4 w - - 0 1", MoveRules::STANDARD).unwrap();
    /// // The cannon on e4 attacks e0 over the advisor on e1.
    /// let attackers = pos.attackers("e0".parse().unwrap(), Color::Black);
    /// assert_eq!(attackers.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["e4"]);
    /// ```
    pub fn attackers(&self, sq: Square, by: Color) -> SquareSet {
        attackers_on(&self.board, &self.rules, sq, by)
    }

    /// Pieces of `color` that may not leave their point without exposing their own king
    /// (pinned 牵制), including screens whose departure would open a cannon line and a piece
    /// blocking a horse leg. Computed by taking each candidate off the board.
    pub fn pinned(&self, color: Color) -> SquareSet {
        let Some(k) = self.king(color) else {
            return SquareSet::EMPTY;
        };
        let mut out = SquareSet::EMPTY;
        let mut board = self.board.clone();
        for sq in self.board.by_color(color) {
            if sq == k
                || !(same_line(sq.index() as u8, k.index() as u8)
                    || diag_adjacent(sq.index() as u8, k.index() as u8))
            {
                continue;
            }
            let occ = self.board.get(sq);
            board.set(sq, None);
            if king_attacked(&board, color.index(), k.index() as u8, self.rules.roaming()) {
                out.insert(sq);
            }
            board.set(sq, occ);
        }
        out
    }
}

/// Fast check test for the king of `us` standing on `k`.
///
/// `roaming`: face-up advisors and elephants may have left their usual areas and must be
/// looked for too.
#[inline]
pub(crate) fn king_attacked(board: &Board, us: usize, k: u8, roaming: bool) -> bool {
    let them = us ^ 1;
    let theirs = board.side_mask(them);
    let occupied = theirs | board.side_mask(us);
    // Rooks, cannons, and the other king along the file: the nearest piece and the one
    // behind it on each line that holds a piece of theirs.
    for (dir, &line) in RAY_MASKS[k as usize].iter().enumerate() {
        if theirs & line == 0 {
            continue;
        }
        let mut pieces = on_ray(occupied & line, dir);
        let Some(first) = pieces.next() else { continue };
        let c = board.code(first);
        if code_color(c) == them {
            let role = code_role(c);
            if role == ROOK || (role == KING && dir < 2) {
                return true;
            }
        }
        if pieces
            .next()
            .is_some_and(|s| is(board.code(s), them, CANNON))
        {
            return true;
        }
    }
    // Horses.
    if theirs & HORSE_SOURCE_MASKS[k as usize] != 0 {
        let hs = &HORSE_SOURCES[k as usize];
        for st in &hs.steps[..hs.len as usize] {
            if is(board.code(st.to), them, HORSE) && board.code(st.block) == 0 {
                return true;
            }
        }
    }
    // Pawns: from ahead of the king (as the enemy pawn moves towards it) and, once across the
    // river, from the sides.
    if pawn_attacks(board, them, k) {
        return true;
    }
    if roaming
        && (advisor_attacks(board, them, k, false) || elephant_attacks(board, them, k, false))
    {
        return true;
    }
    false
}

/// Whether a pawn of `them` attacks `t`.
#[inline]
pub(crate) fn pawn_attacks(board: &Board, them: usize, t: u8) -> bool {
    // A pawn of `them` moves towards rank 0 if Black, rank 9 if Red; it attacks `t` from the point
    // behind `t` in its direction of travel.
    let behind = if them == 1 {
        t as i16 + 9
    } else {
        t as i16 - 9
    };
    if (0..90).contains(&behind) && is(board.code(behind as u8), them, PAWN) {
        return true;
    }
    let f = t % 9;
    let crossed = |s: u8| if them == 1 { s / 9 <= 4 } else { s / 9 >= 5 };
    if f > 0 {
        let s = t - 1;
        let c = board.code(s);
        if is(c, them, PAWN) && !code_hidden(c) && crossed(s) {
            return true;
        }
    }
    if f < 8 {
        let s = t + 1;
        let c = board.code(s);
        if is(c, them, PAWN) && !code_hidden(c) && crossed(s) {
            return true;
        }
    }
    false
}

/// Whether a face-up pawn of `us` on `s` attacks `t` ([`pawn_attacks`] seen from the pawn):
/// from the point behind `t` in the pawn's direction of travel, or, once across the river,
/// from the side.
pub(crate) fn pawn_attacks_from(us: usize, s: u8, t: u8) -> bool {
    let ahead = if us == 0 { s + 9 } else { s.wrapping_sub(9) };
    let crossed = if us == 0 { s / 9 >= 5 } else { s / 9 <= 4 };
    ahead == t || (crossed && s / 9 == t / 9 && s.abs_diff(t) == 1)
}

/// Whether an advisor of `them` attacks `t`. `confined`: face-up advisors stay in the palace.
fn advisor_attacks(board: &Board, them: usize, t: u8, confined: bool) -> bool {
    let in_palace = Square::new(t)
        .is_some_and(|s| s.in_palace(if them == 0 { Color::Red } else { Color::Black }));
    let n = &DIAG_NEIGHBOURS[t as usize];
    n.squares[..n.len as usize].iter().any(|&s| {
        let c = board.code(s);
        is(c, them, ADVISOR) && (in_palace || (!confined && !code_hidden(c)))
    })
}

/// Whether an elephant of `them` attacks `t`. `confined`: face-up elephants stay on their half.
fn elephant_attacks(board: &Board, them: usize, t: u8, confined: bool) -> bool {
    let own_half = if them == 0 { t / 9 <= 4 } else { t / 9 >= 5 };
    let n = &ELEPHANT_MOVES[t as usize];
    n.steps[..n.len as usize].iter().any(|st| {
        let c = board.code(st.to);
        is(c, them, ELEPHANT)
            && board.code(st.block) == 0
            && (own_half || (!confined && !code_hidden(c)))
    })
}

/// All pieces of `by` attacking `sq` on `board` (see [`Position::attackers`]).
pub(crate) fn attackers_on(
    board: &Board,
    rules: &crate::MoveRules,
    sq: Square,
    by: Color,
) -> SquareSet {
    let t = sq.index() as u8;
    let them = by.index();
    let mut out = SquareSet::EMPTY;
    let target = board.code(t);
    let target_is_enemy_king = target != 0
        && code_color(target) != them
        && code_role(target) == KING
        && !code_hidden(target);
    let theirs = board.side_mask(them);
    let occupied = theirs | board.side_mask(them ^ 1);
    for (dir, &line) in RAY_MASKS[t as usize].iter().enumerate() {
        if theirs & line == 0 {
            continue;
        }
        let mut pieces = on_ray(occupied & line, dir);
        let Some(first) = pieces.next() else { continue };
        let c = board.code(first);
        if code_color(c) == them {
            let role = code_role(c);
            let adjacent = RAYS[t as usize][dir].squares[0] == first;
            let king_step = role == KING && adjacent && sq.in_palace(by);
            let flying = role == KING && dir < 2 && target_is_enemy_king;
            if role == ROOK || king_step || flying {
                out.insert(Square::new_unchecked(first));
            }
        }
        if let Some(second) = pieces.next().filter(|&s| is(board.code(s), them, CANNON)) {
            out.insert(Square::new_unchecked(second));
        }
    }
    if theirs & HORSE_SOURCE_MASKS[t as usize] != 0 {
        let hs = &HORSE_SOURCES[t as usize];
        for st in &hs.steps[..hs.len as usize] {
            if is(board.code(st.to), them, HORSE) && board.code(st.block) == 0 {
                out.insert(Square::new_unchecked(st.to));
            }
        }
    }
    let behind = if them == 1 {
        t as i16 + 9
    } else {
        t as i16 - 9
    };
    if (0..90).contains(&behind) && is(board.code(behind as u8), them, PAWN) {
        out.insert(Square::new_unchecked(behind as u8));
    }
    let crossed = |s: u8| if them == 1 { s / 9 <= 4 } else { s / 9 >= 5 };
    for (ok, s) in [(t % 9 > 0, t.wrapping_sub(1)), (t % 9 < 8, t + 1)] {
        if ok {
            let c = board.code(s);
            if is(c, them, PAWN) && !code_hidden(c) && crossed(s) {
                out.insert(Square::new_unchecked(s));
            }
        }
    }
    let palace = sq.in_palace(by);
    let dn = &DIAG_NEIGHBOURS[t as usize];
    for &s in &dn.squares[..dn.len as usize] {
        let c = board.code(s);
        if is(c, them, ADVISOR)
            && (palace || (!rules.advisor_confined_to_palace && !code_hidden(c)))
        {
            out.insert(Square::new_unchecked(s));
        }
    }
    let own_half = sq.on_own_half(by);
    let es = &ELEPHANT_MOVES[t as usize];
    for st in &es.steps[..es.len as usize] {
        let c = board.code(st.to);
        if is(c, them, ELEPHANT)
            && board.code(st.block) == 0
            && (own_half || (!rules.elephant_confined_to_own_half && !code_hidden(c)))
        {
            out.insert(Square::new_unchecked(st.to));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::walks::walked;

    /// The check test, the attackers of a king and the king guard agree on whether each king
    /// is attacked, after every legal move of walked positions (checks given included).
    #[test]
    fn the_check_test_agrees_with_the_attackers_of_the_king() {
        let starts = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "2r1k4/9/2c6/9/1N1N5/9/9/9/9/5K3 w - - 0 1",
            "4k4/9/4b4/2R6/2r6/9/2R6/9/9/3K5 w - - 0 1",
            "3k5/4P4/9/9/9/9/9/9/4p4/4K4 w - - 0 1",
        ];
        let (mut attacked, mut tested) = (0, 0);
        for p in walked(&starts, 60, 7) {
            for m in p.legal_moves() {
                let mut next = p.clone();
                next.play_unchecked(m);
                for color in crate::Color::ALL {
                    let Some(k) = next.king(color) else { continue };
                    let by_attackers = !next.attackers(k, !color).is_empty();
                    let (us, at) = (color.index(), k.index() as u8);
                    assert_eq!(
                        super::king_attacked(next.board(), us, at, false),
                        by_attackers,
                        "{m} in {p:?}"
                    );
                    let guard = crate::king_guard::KingGuard::new(next.board(), us, at);
                    assert_eq!(guard.in_check, by_attackers, "{m} in {p:?}");
                    tested += 1;
                    attacked += usize::from(by_attackers);
                }
            }
        }
        assert!(
            attacked > 100 && tested > 10 * attacked,
            "{attacked} of {tested}"
        );
    }
}
