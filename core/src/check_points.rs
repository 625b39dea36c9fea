//! The points a move must touch to give check: what lets the searches for checks (the mate
//! threat's, a win through checks, the mate answering a capture) play only the moves that may
//! check, instead of every legal move.
//!
//! A check to the king on `k` is, after the move, one of:
//! - a rook, cannon, pawn or the other king attacking it along its file or rank (a pawn from
//!   the next point, the king face to face): the attacker, or what stands between, changed
//!   on that file or rank;
//! - a horse on one of the eight points a horse attacks it from, its leg (a diagonal
//!   neighbour of `k`) free.
//!
//! Advisors and elephants never reach the other palace under the standard movement rules.
//! So a move may check only if it
//! - reaches the king's file or rank (attacking along it, or standing between as a cannon's
//!   screen, or taking the king);
//! - leaves the king's file or rank, or a diagonal neighbour (uncovering an attack, taking a
//!   cannon's screen away, freeing a horse's leg);
//! - is a horse's, reaching one of the eight horse points.
//!
//! No filter is given where this does not hold or is not known: rules letting advisors or
//! elephants roam, hidden pieces (their moves are not their faces'), the opponent's king
//! missing or attacked already.

use crate::attacks::{code_hidden, code_role, HORSE};
use crate::{Color, KingSafety, Move, Position};

/// The points a move of the side to move must touch to give check or take the king (see the
/// module notes).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct CheckPoints {
    /// The king's file and rank: a move reaching one of them may check.
    reach: u128,
    /// The file, the rank and the four diagonal neighbours: a move leaving one may check.
    leave: u128,
    /// The eight points a horse attacks the king from: a horse reaching one may check.
    horse: u128,
}

impl CheckPoints {
    /// Whether `m`, a legal move in `pos` (whose check points these are), may give check or
    /// take the king.
    #[inline]
    pub(crate) fn may_check(&self, pos: &Position, m: Move) -> bool {
        let (from, to) = (1u128 << m.from.index(), 1u128 << m.to.index());
        if to & self.reach != 0 || from & self.leave != 0 {
            return true;
        }
        to & self.horse != 0 && {
            let code = pos.board().code(m.from.index() as u8);
            code != 0 && !code_hidden(code) && code_role(code) == HORSE
        }
    }
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
            reach: lines,
            leave: lines | legs,
            horse,
        })
    }
}

impl Position {
    /// Makes in turn, in a copy of this position, each legal move of the side to move that
    /// gives check or takes the opponent's king, in move-generation order, and hands it to
    /// `visit` with the position after it (taken back afterwards); stops at the first move
    /// `visit` returns `true` for, and says whether there was one.
    ///
    /// Only the moves the check points keep are made, and whether a move leaves the mover's
    /// king safe is asked once it is seen to check: the same moves as making every legal move
    /// the points keep, without testing the legality of the many that give no check.
    pub(crate) fn find_check(&self, mut visit: impl FnMut(Move, &mut Position) -> bool) -> bool {
        let us = self.turn();
        if self.king(us).is_none() {
            return false;
        }
        let points = self.check_points();
        let must_keep_king_safe = self.rules().king_safety == KingSafety::MustNotBeLeftAttacked;
        let mut next = self.clone();
        for m in self.pseudo_legal_moves() {
            if !may_check(points.as_ref(), self, m) {
                continue;
            }
            let undo = next.make(m);
            let checks = next.king(!us).is_none() || next.is_check();
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

/// [`CheckPoints::may_check`] where there are check points, else `true`.
#[inline]
pub(crate) fn may_check(points: Option<&CheckPoints>, pos: &Position, m: Move) -> bool {
    points.is_none_or(|p| p.may_check(pos, m))
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

    /// Every legal move that gives check (or takes the king) is one the check points keep,
    /// over the positions of games played from the start, from middle games and from endgames,
    /// either side to move; and the points keep fewer moves than they drop.
    #[test]
    fn every_check_is_kept_by_the_check_points() {
        let starts = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "3k5/4a4/6n2/4n4/9/5N3/P8/R8/9/5K3 w - - 0 1",
            "2r1k4/9/2c6/9/1N1N5/9/9/9/9/5K3 w - - 0 1",
            "4k4/9/4b4/2R6/2r6/9/2R6/9/9/3K5 w - - 0 1",
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
            "2bak4/4a4/4b4/4C4/2n6/9/9/9/4R4/3K5 w - - 0 1",
        ];
        let (mut checks, mut kept, mut dropped) = (0, 0, 0);
        for p in walked(&starts, 60, 7) {
            let Some(points) = p.check_points() else {
                continue;
            };
            for m in p.legal_moves() {
                let mut next = p.clone();
                next.play_unchecked(m);
                let may = points.may_check(&p, m);
                if next.is_check() || next.king(next.turn()).is_none() {
                    checks += 1;
                    assert!(may, "{m} in {p:?}");
                }
                if may {
                    kept += 1;
                } else {
                    dropped += 1;
                }
            }
        }
        assert!(checks > 100, "{checks}");
        assert!(dropped > kept, "{kept} kept, {dropped} dropped");
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
