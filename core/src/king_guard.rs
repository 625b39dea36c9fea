//! What a move must respect to keep its own king safe, found once per position instead of
//! playing and testing every move.
//!
//! Under the standard confinement (advisors in their palace, elephants on their own half) only
//! rooks, cannons, horses, pawns and the other king can attack a king. A move that is not a king
//! move, made while not in check, can then expose its own king in three ways only:
//!
//! - by leaving a line between the king and an enemy rook, or the file between the two kings
//!   (flying general, CXA 1999 §2.1): the piece is the only one between them;
//! - by leaving a cannon line (CXA 1999 §2.5: a cannon captures over exactly one screen): the
//!   piece is one of exactly two between the king and an enemy cannon, or by arriving on an empty
//!   line between the king and an enemy cannon, becoming its screen;
//! - by leaving a horse leg (马腿, CXA 1999 §2.4): the piece stands on the leg of an enemy horse's
//!   jump onto the king.
//!
//! Captures change nothing more: the capturing piece takes the captured piece's place as a
//! blocker. The pieces that may expose the king by leaving are *pinned* here; the empty points
//! between the king and an unscreened enemy cannon are *screen points*, where no piece may arrive.
//! Moves of pinned pieces and king moves still need the play-and-test of
//! [`leaves_king_safe`](crate::movegen::leaves_king_safe).
//!
//! In check, a move other than the king's must answer every check, so in particular each one
//! it answers: by taking the checking piece, by arriving between it and the king (a block, or
//! a second screen before a cannon), by arriving on the leg of a checking horse, or by taking
//! away a cannon's only screen. A move that does none of these for any checking piece is
//! illegal without playing it; the others are played and tested.

use crate::attacks::{code_color, code_role, pawn_attacks, CANNON, HORSE, KING, ROOK};
use crate::tables::{
    nearer_on_ray, on_ray, HORSE_SOURCES, HORSE_SOURCE_MASKS, NONE, ORTHO_NEIGHBOURS, RAY_MASKS,
    REACH,
};

/// The threats to one king, as bit masks of point indices.
#[derive(Copy, Clone, Debug)]
pub(crate) struct KingGuard {
    /// Whether the king is attacked now.
    pub(crate) in_check: bool,
    /// Own pieces whose departure may expose the king (meaningful when not in check).
    pub(crate) pinned: u128,
    /// Empty points where an arriving piece would become the screen of an enemy cannon aimed
    /// at the king (meaningful when not in check).
    pub(crate) screen_points: u128,
    /// In check: the points where a piece other than the king, arriving, may answer a check
    /// (the checking pieces, the points between a line checker and the king, the legs of
    /// checking horses).
    answer_to: u128,
    /// In check: the points a piece may leave to answer a check (a checking cannon's screen).
    answer_from: u128,
}

impl KingGuard {
    /// The guard of the king of `us` standing on `k` of `board`, under rules that keep face-up
    /// advisors and elephants in their standard areas (hidden ones always stay there).
    #[inline]
    pub(crate) fn new(board: &crate::Board, us: usize, k: u8) -> KingGuard {
        let them = us ^ 1;
        let mut guard = KingGuard {
            in_check: false,
            pinned: 0,
            screen_points: 0,
            answer_to: 0,
            answer_from: 0,
        };
        let theirs = board.side_mask(them);
        let occupied = theirs | board.side_mask(us);
        for (dir, &line) in RAY_MASKS[k as usize].iter().enumerate() {
            // Every threat along a line comes from a piece of theirs on it.
            if theirs & line == 0 {
                continue;
            }
            // The first three occupied points along the ray.
            let mut found = [NONE; 3];
            let mut codes = [0u8; 3];
            let mut n = 0;
            for s in on_ray(occupied & line, dir).take(3) {
                found[n] = s;
                codes[n] = board.code(s);
                n += 1;
            }
            let enemy = |i: usize, role: u8| {
                i < n && code_color(codes[i]) == them && code_role(codes[i]) == role
            };
            // A rook, or the other king along the file (dir 0 and 1 are the file directions).
            let line_piece = |i: usize| enemy(i, ROOK) || (dir < 2 && enemy(i, KING));
            if line_piece(0) || enemy(1, CANNON) {
                guard.in_check = true;
                // Everything up to the farther checker: blocks, captures, and the screen.
                let last = if enemy(1, CANNON) { found[1] } else { found[0] };
                guard.answer_to |= nearer_on_ray(line, last, dir) | (1u128 << last);
                if enemy(1, CANNON) {
                    guard.answer_from |= 1u128 << found[0];
                }
                continue;
            }
            if n >= 2 && code_color(codes[0]) == us && line_piece(1) {
                guard.pinned |= 1u128 << found[0];
            }
            if enemy(2, CANNON) {
                for i in 0..2 {
                    if code_color(codes[i]) == us {
                        guard.pinned |= 1u128 << found[i];
                    }
                }
            }
            if enemy(0, CANNON) {
                guard.screen_points |= nearer_on_ray(line, found[0], dir);
            }
        }
        if theirs & HORSE_SOURCE_MASKS[k as usize] != 0 {
            let sources = &HORSE_SOURCES[k as usize];
            for st in &sources.steps[..sources.len as usize] {
                let c = board.code(st.to);
                if c != 0 && code_color(c) == them && code_role(c) == HORSE {
                    let leg = board.code(st.block);
                    if leg == 0 {
                        guard.in_check = true;
                        guard.answer_to |= (1u128 << st.to) | (1u128 << st.block);
                    } else if code_color(leg) == us {
                        guard.pinned |= 1u128 << st.block;
                    }
                }
            }
        }
        if pawn_attacks(board, them, k) {
            guard.in_check = true;
            // A checking pawn stands next to the king, on its file or its rank.
            let near = &ORTHO_NEIGHBOURS[k as usize];
            for &s in &near.squares[..near.len as usize] {
                guard.answer_to |= 1u128 << s;
            }
        }
        guard
    }

    /// In check: whether a piece other than the king standing on `from` may answer a check,
    /// standing on a checking cannon's screen or able to reach a point where arriving may
    /// answer one ([`REACH`], a superset for every role). A piece that may not has no legal
    /// move, without generating any. Always true when not in check.
    #[inline]
    pub(crate) fn may_answer_from(&self, from: u8) -> bool {
        !self.in_check
            || self.answer_from & (1u128 << from) != 0
            || self.answer_to & REACH[from as usize] != 0
    }

    /// Whether a move from `from` to `to` by a piece other than the king is legal without
    /// playing it, or `None` when only playing and testing it can tell.
    #[inline]
    pub(crate) fn quick_verdict(&self, from: u8, to: u8) -> Option<bool> {
        if self.in_check {
            let answers =
                self.answer_to & (1u128 << to) != 0 || self.answer_from & (1u128 << from) != 0;
            (!answers).then_some(false)
        } else if self.pinned & (1u128 << from) != 0 {
            None
        } else {
            Some(self.screen_points & (1u128 << to) == 0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MoveRules, Position, Square};

    /// The guard of the side to move, with its pins and screen points as point names.
    fn guard(fen: &str) -> (bool, Vec<String>, Vec<String>) {
        let pos = Position::from_fen(fen, MoveRules::STANDARD).unwrap();
        let us = pos.turn().index();
        let g = KingGuard::new(pos.board(), us, pos.kings[us]);
        let names = |mask: u128| {
            Square::all()
                .filter(|s| mask & (1u128 << s.index()) != 0)
                .map(|s| s.to_string())
                .collect()
        };
        (g.in_check, names(g.pinned), names(g.screen_points))
    }

    #[test]
    fn a_lone_blocker_before_a_rook_is_pinned() {
        let (check, pinned, screens) = guard("4k4/9/9/9/9/4r4/9/9/4R4/4K4 w - - 0 1");
        assert!(!check);
        assert_eq!(pinned, ["e1"]);
        assert!(screens.is_empty());
    }

    #[test]
    fn both_screens_of_a_cannon_are_pinned() {
        let (check, pinned, _) = guard("4k4/9/9/9/4c4/9/4N4/9/4A4/4K4 w - - 0 1");
        assert!(!check);
        assert_eq!(pinned, ["e1", "e3"]);
    }

    #[test]
    fn the_open_line_to_a_cannon_is_made_of_screen_points() {
        let (check, pinned, screens) = guard("4k4/9/9/9/4c4/9/9/9/9/4K4 w - - 0 1");
        assert!(!check);
        assert!(pinned.is_empty());
        assert_eq!(screens, ["e1", "e2", "e3", "e4"]);
    }

    #[test]
    fn a_piece_on_a_horse_leg_is_pinned() {
        let (check, pinned, _) = guard("5k3/9/9/9/9/9/9/9/2nR5/4K4 w - - 0 1");
        assert!(!check);
        assert_eq!(pinned, ["d1"]);
    }

    #[test]
    fn the_lone_piece_between_the_kings_is_pinned() {
        let (check, pinned, _) = guard("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1");
        assert!(!check);
        assert_eq!(pinned, ["e1"]);
    }

    #[test]
    fn checks_by_rook_cannon_horse_and_pawn_are_seen() {
        for fen in [
            "4k4/9/9/9/9/4r4/9/9/9/4K4 w - - 0 1",
            "4k4/9/9/9/4c4/9/4N4/9/9/4K4 w - - 0 1",
            "5k3/9/9/9/9/9/9/9/2n6/4K4 w - - 0 1",
            "4k4/9/9/9/9/9/9/9/4p4/4K4 w - - 0 1",
        ] {
            assert!(guard(fen).0, "{fen}");
        }
    }

    /// In check, the moves of pieces other than the king that answer no check are refused at
    /// once; the ones left to play and test include every legal one. A cannon's check is
    /// answered by its screen leaving, a second screen, or taking the cannon; a rook's that is
    /// also a cannon's screen (a double check along one file) by a block before the rook.
    #[test]
    fn in_check_only_answers_are_left_to_test() {
        let answers = |fen: &str| {
            let pos = Position::from_fen(fen, MoveRules::STANDARD).unwrap();
            let us = pos.turn().index();
            let g = KingGuard::new(pos.board(), us, pos.kings[us]);
            assert!(g.in_check, "{fen}");
            let mut pseudo = crate::MoveList::new();
            crate::movegen::gen_pseudo(pos.board(), us, &pos.rules, &mut pseudo, false);
            let open: Vec<String> = pseudo
                .into_iter()
                .filter(|m| m.from.index() as u8 != pos.kings[us])
                .filter(|m| {
                    g.quick_verdict(m.from.index() as u8, m.to.index() as u8)
                        .is_none()
                })
                .map(|m| m.to_string())
                .collect();
            for m in pos.legal_moves() {
                if m.from.index() as u8 != pos.kings[us] {
                    assert!(open.contains(&m.to_string()), "{m} in {fen}");
                }
            }
            open
        };
        // Red king e0, knight screen e2, black cannon e6; red rook a3 can block on e3.
        let open = answers("4k4/9/9/4c4/9/9/R8/4N4/9/4K4 w - - 0 1");
        assert!(open.iter().any(|m| m == "e2c3"), "{open:?}");
        assert!(open.iter().any(|m| m == "a3e3"), "{open:?}");
        assert!(!open.iter().any(|m| m == "a3a4"), "{open:?}");
        // The black rook e2 checks and screens the cannon e6: e1 answers both.
        let open = answers("4k4/9/9/4c4/9/9/9/4r4/R8/4K4 w - - 0 1");
        assert!(open.iter().any(|m| m == "a1e1"), "{open:?}");
        assert!(!open.iter().any(|m| m == "a1a2"), "{open:?}");
    }
}
