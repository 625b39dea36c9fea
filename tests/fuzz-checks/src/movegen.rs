//! Legal move generation against the reference generator, on positions reached by fuzz-chosen
//! moves.

use std::collections::BTreeSet;

use xqr_core::{KingSafety, Move, Position, Square};

use crate::moves::{walk, with_reveal};
use crate::reference::reference_moves;

/// Every generated move is legal and every legal move is generated (compared with
/// [`reference_moves`] and with `is_legal` on every from→to of the mover's pieces); every
/// generated move plays, unmakes back to the same position, and, under standard rules, leaves
/// a position that validates again with the same hash.
pub fn check_movegen(data: &[u8]) {
    walk(data, |pos, chosen| {
        let generated: BTreeSet<(Square, Square)> =
            pos.legal_moves().iter().map(|m| (m.from, m.to)).collect();
        assert_eq!(
            pos.legal_moves().len(),
            generated.len(),
            "duplicate moves in {}",
            pos.fen()
        );
        let reference = reference_moves(pos);
        assert_eq!(
            generated,
            reference,
            "generated (left) against reference (right) in {} under {:?}",
            pos.fen(),
            pos.rules()
        );
        assert_eq!(pos.count_legal_moves(), reference.len(), "{}", pos.fen());
        assert_eq!(
            pos.has_no_legal_moves(),
            reference.is_empty(),
            "{}",
            pos.fen()
        );
        let captures: BTreeSet<(Square, Square)> = pos
            .legal_captures()
            .iter()
            .map(|m| (m.from, m.to))
            .collect();
        let reference_captures: BTreeSet<(Square, Square)> = reference
            .iter()
            .copied()
            .filter(|&(_, to)| pos.board().get(to).is_some())
            .collect();
        assert_eq!(captures, reference_captures, "captures in {}", pos.fen());
        for from in pos.board().by_color(pos.turn()) {
            for to in Square::all() {
                // A hidden piece names the identity it reveals (the first the pool holds).
                let m = with_reveal(pos, Move::new(from, to), 0);
                assert_eq!(
                    pos.is_legal(m),
                    reference.contains(&(from, to)),
                    "is_legal({from}{to}) in {}",
                    pos.fen()
                );
            }
        }
        if let Some(m) = chosen {
            check_play(pos, m);
        }
    });
}

/// Playing `m` and taking it back, and the position after it.
fn check_play(pos: &Position, m: Move) {
    let mut made = pos.clone();
    let undo = made.make(m);
    let mut played = pos.clone();
    played.play(m).expect("a generated move plays");
    assert_eq!(
        made,
        played,
        "make and play differ for {m} in {}",
        pos.fen()
    );
    made.unmake(m, undo);
    assert_eq!(&made, pos, "unmake of {m} in {}", pos.fen());
    let standard = pos.rules().king_safety == KingSafety::MustNotBeLeftAttacked;
    if standard && pos.pool().is_empty() {
        let again = Position::from_setup(played.to_setup(), *pos.rules())
            .unwrap_or_else(|e| panic!("{m} in {} leaves an invalid position: {e}", pos.fen()));
        assert_eq!(again, played, "{m} in {}: hash or state drifted", pos.fen());
    }
}
