//! Which enemy piece a side chases over a loop, each piece followed as it moves: the identity
//! behind AXF's perpetual chase ([`ChaseConduct::SameTarget`](super::ChaseConduct::SameTarget)).
//!
//! The AXF rules, as the English translation drafts put them (paraphrased):
//!
//! - terms, "perpetual X": every move of one side in a cycle that returns to the same position
//!   is an X; the attacking side keeps attacking and the other each time moves the piece away
//!   or resolves the chase with another piece.
//! - rule 12: one check one chase, or several checks and one chase, is a draw (D13: the checks
//!   break the chase).
//! - rule 16: one cannon alternately chasing two rooks, or two cannons chasing two rooks, may
//!   be drawn (D26–28).
//! - rule 32: one piece chasing two or more pieces in turn is a draw; so are two pieces taking
//!   turns to chase two or more pieces (D76–80).
//! - rule 33: two or more pieces may not take turns perpetually chasing the same piece (D81–82).
//!
//! # The reading
//!
//! What is perpetual is the *victim*, not the attacker. A piece chased after the side's first
//! ply of the loop is followed through every later move: a move that starts on its square
//! carries it along, a move that ends on its square captures it and ends it. A piece of the
//! same kind that later stands where it stood is another piece; a piece that moves away and
//! comes back is the same one. The side chases that piece perpetually when, so followed, it is
//! among the pieces chased after every one of the side's plies ([`chased_after_every_ply`]);
//! which of the side's pieces attack it does not matter (rule 33), and one piece or two chasing
//! two victims in turn chase none perpetually (rules 16, 32). What a ply chases, on a checking
//! or mate-threatening ply as on any other, is the classifier's counted chases, read by
//! `conduct.rs`, which names the conduct from what is found here.
//!
//! Not checked: how each chase would win the piece (directly, by exchange, by a second
//! attacker: rule 35 is the classifier's protection test), and whether the victim tries to
//! escape (Appendix B is the classifier's new-chase test). Pieces are followed by their moves
//! only; a hidden piece (Jieqi) is followed the same way whatever it turns out to be.

use crate::history::GameHistory;
use crate::{Role, Square};

/// An enemy piece chased after every one of a side's plies over a loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ChasedPiece {
    /// Its role, as it stands after the side's last ply.
    pub(super) role: Role,
    /// Where it stood after each of the side's plies, in order.
    pub(super) squares: Vec<Square>,
}

impl ChasedPiece {
    /// "the cannon on b7" (where it stands after the side's last ply); a piece that moved also
    /// names the other squares it was chased on, in the order first reached: "the rook on a6,
    /// followed from b6".
    pub(super) fn describe(&self) -> String {
        let Some(&last) = self.squares.last() else {
            return format!("the {}", self.role);
        };
        let earlier: Vec<String> = dedup(&self.squares)
            .into_iter()
            .filter(|s| *s != last)
            .map(|s| s.to_string())
            .collect();
        if earlier.is_empty() {
            format!("the {} on {last}", self.role)
        } else {
            format!(
                "the {} on {last}, followed from {}",
                self.role,
                earlier.join(", ")
            )
        }
    }
}

/// The enemy pieces chased after every one of a side's `plies` (each the ply's number and the
/// squares of the pieces it chases, as they stand after it, in the order played): the pieces
/// chased after the first, followed through the moves since ([`follow`]) and kept while they
/// are among those chased after each later ply. None when `plies` is empty.
pub(super) fn chased_after_every_ply(
    history: &GameHistory,
    plies: &[(u32, Vec<Square>)],
) -> Vec<ChasedPiece> {
    let Some(((first, targets), later)) = plies.split_first() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    'pieces: for &start in dedup(targets).iter() {
        let mut squares = vec![start];
        let (mut at, mut since) = (start, *first);
        for (ply, chased) in later {
            match follow(history, at, since, *ply) {
                Some(now) if chased.contains(&now) => at = now,
                _ => continue 'pieces,
            }
            squares.push(at);
            since = *ply;
        }
        let Some(piece) = history.position(since).board().get(at) else {
            continue;
        };
        out.push(ChasedPiece {
            role: piece.role,
            squares,
        });
    }
    out
}

/// Where the piece standing on `square` after ply `from` stands after ply `to` (`from` ≤ `to`),
/// followed through the moves in between; `None` if one of them captured it.
pub(super) fn follow(history: &GameHistory, square: Square, from: u32, to: u32) -> Option<Square> {
    let mut at = square;
    for ply in from + 1..=to {
        let m = history.move_at(ply)?;
        if m.from == at {
            at = m.to;
        } else if m.to == at {
            return None; // captured: whatever stands here later is another piece
        }
    }
    Some(at)
}

/// The squares of `targets`, each once, in order.
fn dedup(targets: &[Square]) -> Vec<Square> {
    let mut out: Vec<Square> = Vec::new();
    for t in targets {
        if !out.contains(t) {
            out.push(*t);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::played as history;
    use crate::law::classify::{classify, Definitions};

    fn sq(s: &str) -> Square {
        s.parse().expect("a square")
    }

    /// The plies `first..=last` whose mover is the mover of ply `first`, each with the pieces
    /// it chases (CXA 1999's classifier: the chases below are the same under AXF's).
    fn chases(h: &GameHistory, first: u32, last: u32) -> Vec<(u32, Vec<Square>)> {
        let defs = Definitions::cxa_1999();
        (first..=last)
            .step_by(2)
            .map(|p| {
                let k = classify(h, p, &defs);
                (p, k.counted_chases(&defs).map(|c| c.target).collect())
            })
            .collect()
    }

    /// FSF 1164: Red's pawn shuttles a5/b5, uncovering a cannon on the black rook each time;
    /// the rook shuttles a6/b6 and hits the cannon b0 and the cannon a0 in turn.
    const FSF_1164: &str = "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w - - 0 1";
    const FSF_1164_MOVES: &str = "a4a5 a6b6 a5b5 b6a6 b5a5 a6b6 a5b5 b6a6 b5a5";

    /// FSF 1164, Red (plies 3–9 of the loop 2–9): the one black rook is chased after every
    /// move, on b6 and a6 in turn, followed as it moves (rule 15, with rule 33's changing
    /// attackers: the cannons a0 and b0 by turns).
    #[test]
    fn a_rook_followed_as_it_moves_is_chased_after_every_move() {
        let h = history(FSF_1164, FSF_1164_MOVES);
        let chased = chased_after_every_ply(&h, &chases(&h, 3, 9));
        assert_eq!(
            chased,
            vec![ChasedPiece {
                role: Role::Rook,
                squares: vec![sq("b6"), sq("a6"), sq("b6"), sq("a6")],
            }]
        );
        assert_eq!(chased[0].describe(), "the rook on a6, followed from b6");
    }

    /// FSF 1164, Black (plies 2–8): the rook's replies hit the cannon b0 and the cannon a0 in
    /// turn, one piece on two (rule 32): no piece is chased after every move.
    #[test]
    fn a_rook_hitting_two_cannons_in_turn_chases_neither_perpetually() {
        let h = history(FSF_1164, FSF_1164_MOVES);
        let plies = chases(&h, 2, 8);
        assert_eq!(plies[0].1, vec![sq("b0")]);
        assert_eq!(plies[1].1, vec![sq("a0")]);
        assert_eq!(chased_after_every_ply(&h, &plies), vec![]);
    }

    /// FSF 1215: Red's rook f8 shuttles f8/f6 and after every move the rook d8 (or f8) hits the
    /// cannons a8 and i8, which never move; Black's advisor shuttles and a cannon hits the rook
    /// d8 after every move. Both sides chase the same pieces throughout: a mutual chase.
    #[test]
    fn pieces_that_stand_still_are_chased_after_every_move_by_both_sides() {
        let h = history(
            "4ka3/c2R1R2c/4b4/9/9/9/9/9/9/4K4 w - - 0 1",
            "f8f6 f9e8 f6f8 e8f9 f8f6 f9e8 f6f8 e8f9",
        );
        let red: Vec<String> = chased_after_every_ply(&h, &chases(&h, 1, 7))
            .iter()
            .map(ChasedPiece::describe)
            .collect();
        assert_eq!(red, ["the cannon on a8", "the cannon on i8"]);
        let black: Vec<String> = chased_after_every_ply(&h, &chases(&h, 2, 8))
            .iter()
            .map(ChasedPiece::describe)
            .collect();
        assert_eq!(black, ["the rook on d8"]);
    }

    /// AXF D26 (rule 16), constructed: `C2=1 r9=8 / C1=9 r1=2 / C9=2 r8=9 / C2=8 r2=1 / C8=1`.
    /// One red cannon on rank 2 goes round the files i, a, h, b, hitting the black rook on the
    /// a/b files and the one on the h/i files in turn (the crossed pawns on rank 5 its screens).
    #[test]
    fn one_cannon_alternately_chasing_two_rooks_chases_neither_perpetually() {
        let h = history(
            "3k5/9/r7r/9/PP5PP/9/9/7C1/9/2BAKAB2 w - - 0 1",
            "h2i2 i7h7 i2a2 a7b7 a2h2 h7i7 h2b2 b7a7 b2i2 i7h7 i2a2 a7b7 a2h2 h7i7 h2b2 b7a7 b2i2",
        );
        let plies = chases(&h, 3, 17);
        assert!(plies.iter().all(|(_, t)| t.len() == 1), "{plies:?}");
        assert_eq!(chased_after_every_ply(&h, &plies), vec![]);
    }

    /// Rule 33, constructed: the black cannon on the i-file goes round i7, i5, i6 and the red
    /// rooks on the h- and g-files take turns to step onto its rank (the g-rook only while the
    /// h-rook is off it). One piece chased after every move by two pieces in turn: perpetual.
    #[test]
    fn two_rooks_taking_turns_on_one_cannon_chase_it_perpetually() {
        let turn = "h5h7 i7i5 g6g5 i5i6 h7h6 i6i7 g5g7 i7i5 h6h5 i5i6 g7g6 i6i7";
        let h = history(
            "3aka3/9/8c/6R2/7R1/9/9/9/9/3K5 w - - 0 1",
            &format!("{turn} {turn}"),
        );
        let chased = chased_after_every_ply(&h, &chases(&h, 1, 23));
        assert_eq!(chased.len(), 1);
        assert_eq!(chased[0].role, Role::Cannon);
        assert_eq!(
            chased[0].describe(),
            "the cannon on i6, followed from i7, i5"
        );
    }

    /// Black's rook a7 steps to a8 and the rook b7 takes its place on a7: a chase of "a7" after
    /// ply 1 and after ply 5 is of two rooks, not one; the rook followed to a8 is the same.
    #[test]
    fn a_piece_of_the_same_kind_on_the_square_is_another_piece() {
        let h = history(
            "4k4/9/rr7/9/9/9/9/9/9/3K5 w - - 0 1",
            "d0d1 a7a8 d1d0 b7a7 d0d1",
        );
        assert_eq!(follow(&h, sq("a7"), 1, 5), Some(sq("a8")));
        assert_eq!(follow(&h, sq("b7"), 1, 5), Some(sq("a7")));
        let same_square = [
            (1, vec![sq("a7")]),
            (3, vec![sq("a8")]),
            (5, vec![sq("a7")]),
        ];
        assert_eq!(chased_after_every_ply(&h, &same_square), vec![]);
        let followed = [
            (1, vec![sq("a7")]),
            (3, vec![sq("a8")]),
            (5, vec![sq("a8")]),
        ];
        assert_eq!(
            chased_after_every_ply(&h, &followed)[0].describe(),
            "the rook on a8, followed from a7"
        );
    }

    /// Red's rook takes the black rook a7 and the rook b7 takes back on a7: the piece chased on
    /// a7 after ply 1 is gone, and the one on a7 after ply 5 is the recapturing rook.
    #[test]
    fn a_captured_piece_is_not_followed_further() {
        let h = history(
            "4k4/9/rr7/9/9/9/9/9/9/R2K5 w - - 0 1",
            "d0d1 e9e8 a0a7 b7a7 d1d0",
        );
        assert_eq!(follow(&h, sq("a7"), 1, 5), None);
        assert_eq!(follow(&h, sq("b7"), 1, 5), Some(sq("a7")));
        let plies = [(1, vec![sq("a7")]), (5, vec![sq("a7")])];
        assert_eq!(chased_after_every_ply(&h, &plies), vec![]);
    }
}
