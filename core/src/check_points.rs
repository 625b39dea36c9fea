//! Which moves give check, told from the board before the move: what lets the searches for
//! checks (the mate threat's, a win through checks, the mate answering a capture) make only
//! the moves that check, instead of every legal move.
//!
//! A check to the king on `k` is, after the move, one of:
//! - a rook, cannon, pawn or the other king attacking it along its file or rank (a pawn from
//!   the next point, the king face to face);
//! - a horse on one of the eight points a horse attacks it from, its leg (a diagonal
//!   neighbour of `k`) free.
//!
//! Advisors and elephants never reach the other palace under the standard movement rules.
//! When the king is not attacked before the move, only what the move changes can attack it
//! after: the lines through `k` that the move leaves or reaches, a horse's leg it leaves, and
//! the piece it moves. [`CheckPoints::gives_check`] looks at exactly those, with the moved piece
//! on its new point and its old point empty, and answers as the board after the move would.
//!
//! No answer is given where this does not hold or is not known: rules letting advisors or
//! elephants roam, hidden pieces (their moves are not their faces'), the opponent's king
//! missing or attacked already.

use crate::attacks::{
    code_color, code_hidden, code_role, pawn_attacks_from, CANNON, HORSE, KING, PAWN, ROOK,
};
use crate::piece_moves::for_each_target;
use crate::tables::{nearer_on_ray, nearest_on_ray, on_ray, AROUND, HORSE_SOURCES, RAY_MASKS};
use crate::{Board, Color, KingSafety, Move, MoveList, Position, Square};

/// The opponent's king and the points around it that a move must touch to give check or take
/// the king (see the module notes).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct CheckPoints {
    /// The opponent's king.
    king: u8,
    /// The king's file and rank: a move reaching or leaving one may check along it.
    lines: u128,
    /// The four diagonal neighbours: a move leaving one may free a horse's leg.
    legs: u128,
    /// The eight points a horse attacks the king from.
    horse: u128,
    /// The lines and the horse points: a move reaching none of them attacks the king only by
    /// what it uncovers.
    near: u128,
}

impl CheckPoints {
    /// Whether the pseudo-legal move from `from` to `to` in `pos` (whose check points these
    /// are) gives check or takes the king: whether, after it, a piece of the mover attacks the
    /// opponent's king.
    #[inline]
    fn gives_check(&self, pos: &Position, from: u8, to: u8) -> bool {
        let (left, reached) = (1u128 << from, 1u128 << to);
        if left & (self.lines | self.legs) == 0 && reached & self.near == 0 {
            return false;
        }
        self.gives_check_nearby(pos, from, to)
    }

    /// The pseudo-legal moves of the side to move in `pos` that give check or take the king
    /// ([`CheckPoints::gives_check`]), in move-generation order: the pieces in point order,
    /// each piece's moves in the order it generates them.
    ///
    /// A rook or cannon off the king's file and rank checks only by reaching one of them, and
    /// each of its four rays meets them at one point at most (its file the king's rank, its
    /// rank the king's file): only those points are looked at, where the generator would walk
    /// every point of the rays.
    pub(crate) fn checking_moves(&self, pos: &Position) -> MoveList {
        let board = pos.board();
        let us = pos.turn().index();
        let occupied = board.side_mask(0) | board.side_mask(1);
        let mut out = MoveList::new();
        for sq in board.by_color(pos.turn()) {
            let from = sq.index() as u8;
            let role = code_role(board.code(from));
            let left = 1u128 << from;
            if left & self.lines != 0 {
                // A piece on one of the king's rays: whether leaving it uncovers an attack
                // along it is the same for every move off the ray, so it is asked once.
                let k = self.king as usize;
                let (dir, ray) = (0..4)
                    .map(|d| (d, RAY_MASKS[k][d]))
                    .find(|(_, ray)| ray & left != 0)
                    .expect("a point of the king's lines lies on one of its rays");
                let uncovers = After::left(board, us).attacks_along(occupied & !left & ray, dir);
                for_each_target(board, us, pos.rules(), from, false, |to| {
                    let reached = 1u128 << to;
                    let checks = if reached & ray == 0 && (uncovers || reached & self.near == 0) {
                        // Off the ray, only what leaving it uncovers or reaching the king's
                        // lines or horse points adds can check.
                        uncovers
                    } else {
                        self.gives_check(pos, from, to)
                    };
                    if checks {
                        out.push(Move::new(sq, Square::new_unchecked(to)));
                    }
                });
                continue;
            }
            let mut visit = |to: u8| {
                if self.gives_check(pos, from, to) {
                    out.push(Move::new(sq, Square::new_unchecked(to)));
                }
            };
            if !(role == ROOK || role == CANNON) {
                // The other pieces step at most two files and two ranks: one off the king's
                // lines and horse legs, with no point of the king's lines or horse points
                // that near, gives no check by any move, so its moves are not generated.
                if left & self.legs != 0 || AROUND[from as usize] & self.near != 0 {
                    for_each_target(board, us, pos.rules(), from, false, visit);
                }
                continue;
            }
            for (dir, &ray) in RAY_MASKS[from as usize].iter().enumerate() {
                if ray & self.lines == 0 {
                    continue;
                }
                let to = nearest_on_ray(ray & self.lines, dir);
                let screens = (nearer_on_ray(ray, to, dir) & occupied).count_ones();
                let there = board.code(to);
                let theirs = there != 0 && code_color(there) != us;
                let reached = match (role, there) {
                    (ROOK, _) => screens == 0 && (there == 0 || theirs),
                    (_, 0) => screens == 0,
                    _ => screens == 1 && theirs,
                };
                if reached {
                    visit(to);
                }
            }
        }
        out
    }

    /// [`CheckPoints::gives_check`] of the move from `from` to `to`, which leaves or reaches a
    /// point around the king: most moves do neither, and are answered without this.
    #[inline(never)]
    fn gives_check_nearby(&self, pos: &Position, from: u8, to: u8) -> bool {
        let (left, reached) = (1u128 << from, 1u128 << to);
        let k = self.king;
        if to == k {
            return true;
        }
        let board = pos.board();
        let mover = board.code(from);
        let us = code_color(mover);
        let occupied = (board.side_mask(0) | board.side_mask(1)) & !left | reached;
        let after = After {
            board,
            to,
            mover,
            us,
        };
        // Along the file and the rank: only the lines the move leaves or reaches change.
        let lines = RAY_MASKS[k as usize].iter().enumerate();
        for (dir, &line) in lines {
            if (left | reached) & line != 0 && after.attacks_along(occupied & line, dir) {
                return true;
            }
        }
        let sources = &HORSE_SOURCES[k as usize];
        let sources = &sources.steps[..sources.len as usize];
        let role = code_role(mover);
        // A horse reaching a point it attacks the king from, its leg free.
        let horse_checks = || {
            sources
                .iter()
                .any(|st| st.to == to && occupied & (1u128 << st.block) == 0)
        };
        if (role == HORSE && reached & self.horse != 0 && horse_checks())
            || (role == PAWN && pawn_attacks_from(us, to, k))
        {
            return true;
        }
        // A horse's leg left free.
        left & self.legs != 0
            && sources
                .iter()
                .any(|st| st.block == from && face_up(board.code(st.to), us, HORSE))
    }
}

/// The board after a move, seen through the board before it: the moved piece on `to`.
struct After<'a> {
    board: &'a Board,
    to: u8,
    mover: u8,
    us: usize,
}

impl<'a> After<'a> {
    /// The board with a piece of `us` taken off, none put down: the occupied points given to
    /// [`After::attacks_along`] say which.
    fn left(board: &'a Board, us: usize) -> After<'a> {
        After {
            board,
            to: crate::tables::NONE,
            mover: 0,
            us,
        }
    }

    /// The occupant code of `s` after the move (`s` occupied after it).
    fn code(&self, s: u8) -> u8 {
        if s == self.to {
            self.mover
        } else {
            self.board.code(s)
        }
    }

    /// Whether a piece of the mover attacks the king along the ray `dir` from it, `pieces`
    /// being the ray's occupied points after the move: a rook or the king (on the file) as the
    /// nearest piece, a cannon as the one behind it.
    fn attacks_along(&self, pieces: u128, dir: usize) -> bool {
        let mut on = on_ray(pieces, dir);
        let Some(first) = on.next() else {
            return false;
        };
        let c = self.code(first);
        // The other king along the file: kings facing (对面笑, CXA 1999 §2.2), which
        // `king_attacked` counts as an attack, so that a move allowing it is illegal.
        if face_up(c, self.us, ROOK) || (dir < 2 && face_up(c, self.us, KING)) {
            return true;
        }
        on.next()
            .is_some_and(|s| face_up(self.code(s), self.us, CANNON))
    }
}

/// Whether the occupant `code` is a face-up piece of side `us` and role `role`.
fn face_up(code: u8, us: usize, role: u8) -> bool {
    code != 0 && !code_hidden(code) && code_color(code) == us && code_role(code) == role
}

impl Position {
    /// The check points of the side to move ([`CheckPoints`]), or `None` when any move may
    /// check (see the module notes).
    pub(crate) fn check_points(&self) -> Option<CheckPoints> {
        let them = !self.turn();
        let k = self.king(them)?;
        if self.rules().roaming()
            || !self.board().hidden(Color::Red).is_empty()
            || !self.board().hidden(Color::Black).is_empty()
            || self.is_king_attacked(them)
        {
            return None;
        }
        let [lines, legs, horse] = TABLES[k.index()];
        Some(CheckPoints {
            king: k.index() as u8,
            lines,
            legs,
            horse,
            near: lines | horse,
        })
    }
}

impl Position {
    /// Makes in turn, in a copy of this position, each legal move of the side to move that
    /// gives check or takes the opponent's king, in move-generation order, and hands it to
    /// `visit` with the position after it (taken back afterwards); stops at the first move
    /// `visit` returns `true` for, and says whether there was one.
    ///
    /// Only the moves the check points say check are made ([`CheckPoints::checking_moves`]),
    /// and whether such a move leaves the mover's king safe is asked then: the same moves as
    /// making every legal move and keeping those that check, without generating most of the
    /// sliders' moves or making the many that give no check. Without check points every
    /// pseudo-legal move is made and asked.
    pub(crate) fn find_check(&self, mut visit: impl FnMut(Move, &mut Position) -> bool) -> bool {
        let us = self.turn();
        if self.king(us).is_none() {
            return false;
        }
        let points = self.check_points();
        let told = points.is_some();
        let moves = points.map_or_else(|| self.pseudo_legal_moves(), |p| p.checking_moves(self));
        let must_keep_king_safe = self.rules().king_safety == KingSafety::MustNotBeLeftAttacked;
        let mut next = self.clone();
        for m in moves {
            let undo = next.make(m);
            let checks = told || next.king(!us).is_none() || next.is_check();
            debug_assert!(
                checks == (next.king(!us).is_none() || next.is_check()),
                "{m}"
            );
            let found = checks
                && !(must_keep_king_safe && next.is_king_attacked(us))
                && visit(m, &mut next);
            next.unmake(m, undo);
            if found {
                return true;
            }
        }
        false
    }
}

/// Per king point: its file and rank, its diagonal neighbours and its horse points, as masks
/// of point indices.
static TABLES: [[u128; 3]; 90] = tables();

const fn tables() -> [[u128; 3]; 90] {
    let mut table = [[0u128; 3]; 90];
    let mut k: usize = 0;
    while k < 90 {
        let (kf, kr) = ((k % 9) as i32, (k / 9) as i32);
        let mut s: i32 = 0;
        while s < 90 {
            let (df, dr) = ((s % 9 - kf).abs(), (s / 9 - kr).abs());
            let bit = 1u128 << s;
            if df == 0 || dr == 0 {
                table[k][0] |= bit;
            } else if df == 1 && dr == 1 {
                table[k][1] |= bit;
            } else if (df == 1 && dr == 2) || (df == 2 && dr == 1) {
                table[k][2] |= bit;
            }
            s += 1;
        }
        k += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use crate::walks::walked;
    use crate::{KingSafety, Position};

    /// The check points say of every pseudo-legal move (legal or not) whether it gives check
    /// or takes the king, as the board after it does, and list those moves in order, over the
    /// positions of games played from the start, from middle games and from endgames (pawns
    /// and horses at the palace, cannons with screens, kings on one file), either side to
    /// move, under the standard rules and under rules that let a king be left attacked.
    #[test]
    fn the_check_points_tell_every_check() {
        let starts = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "3k5/4a4/6n2/4n4/9/5N3/P8/R8/9/5K3 w - - 0 1",
            "2r1k4/9/2c6/9/1N1N5/9/9/9/9/5K3 w - - 0 1",
            "4k4/9/4b4/2R6/2r6/9/2R6/9/9/3K5 w - - 0 1",
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
            "2bak4/4a4/4b4/4C4/2n6/9/9/9/4R4/3K5 w - - 0 1",
            "3k5/9/2P1P4/4N4/9/9/9/4C4/4A4/3AK4 w - - 0 1",
            "4k4/4a4/9/2CNcN3/9/9/4p4/9/3nA4/4K1c2 w - - 0 1",
            "3ak4/4a4/9/9/9/9/9/9/9/4K4 w - - 0 1",
        ];
        let loose = crate::MoveRules {
            king_safety: KingSafety::MayBeLeftAttacked,
            ..crate::MoveRules::STANDARD
        };
        let (mut checks, mut moves) = (0, 0);
        for p in walked(&starts, 60, 7) {
            for rules in [*p.rules(), loose] {
                let Ok(p) = Position::from_setup(p.to_setup(), rules) else {
                    continue;
                };
                let Some(points) = p.check_points() else {
                    continue;
                };
                let mut checking = Vec::new();
                for m in p.pseudo_legal_moves() {
                    let mut next = p.clone();
                    next.play_unchecked(m);
                    let checks_now = next.king(next.turn()).is_none() || next.is_check();
                    let (from, to) = (m.from.index() as u8, m.to.index() as u8);
                    assert_eq!(points.gives_check(&p, from, to), checks_now, "{m} in {p:?}");
                    if checks_now {
                        checking.push(m);
                    }
                    moves += 1;
                }
                // Listed without walking the sliders' rays, in the generator's order.
                assert_eq!(points.checking_moves(&p).to_vec(), checking, "{p:?}");
                checks += checking.len();
            }
        }
        assert!(
            checks > 500 && moves > 10 * checks,
            "{checks} checks of {moves} moves"
        );
    }

    /// The moves `find_check` visits are the legal moves that check or take the king, in
    /// move-generation order, each with the position after it, under the standard rules and
    /// under rules that let a king be left attacked (where a king can be taken).
    #[test]
    fn find_check_visits_the_legal_checks_in_order() {
        let starts = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "3k5/4a4/6n2/4n4/9/5N3/P8/R8/9/5K3 w - - 0 1",
            "2r1k4/9/2c6/9/1N1N5/9/9/9/9/5K3 w - - 0 1",
            "2bak4/4a4/4b4/4C4/2n6/9/9/9/4R4/3K5 w - - 0 1",
        ];
        let loose = crate::MoveRules {
            king_safety: crate::KingSafety::MayBeLeftAttacked,
            ..crate::MoveRules::STANDARD
        };
        let mut seen = 0;
        for p in walked(&starts, 60, 7) {
            for rules in [*p.rules(), loose] {
                let Ok(p) = crate::Position::from_setup(p.to_setup(), rules) else {
                    continue;
                };
                let mut expected = Vec::new();
                for m in p.legal_moves() {
                    let mut next = p.clone();
                    next.play_unchecked(m);
                    if next.king(next.turn()).is_none() || next.is_check() {
                        expected.push((m, next));
                    }
                }
                let mut visited = Vec::new();
                assert!(!p.find_check(|m, next| {
                    visited.push((m, next.clone()));
                    false
                }));
                assert_eq!(visited.len(), expected.len(), "{p:?}");
                for ((m, next), (e, after)) in visited.iter().zip(&expected) {
                    assert_eq!((m, next.hash()), (e, after.hash()), "{p:?}");
                }
                seen += visited.len();
                // Stopping at the first visit.
                let mut count = 0;
                let found = p.find_check(|_, _| {
                    count += 1;
                    true
                });
                assert_eq!((found, count), (!expected.is_empty(), usize::from(found)));
            }
        }
        assert!(seen > 100, "{seen}");
    }
}
