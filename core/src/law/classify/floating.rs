//! 过河兵(卒)价值浮动 (CXA 1999 §25.3): "過河兵（卒）價值浮動，一兵換取數子或一子換取數兵均不算得子"
//! — a crossed pawn's value floats: giving pawns to win pieces, or pieces to win pawns, is not a
//! gain of material.
//!
//! # The reading
//!
//! The material a side wins and loses over a sequence of captures (an exchange on one point,
//! possibly after checks whose replies won material from it, 1999 §28.3 "連續照將或連續交換")
//! is kept in a [`Ledger`]. With [`MaterialValues::floating_crossed_pawn`] on, a sequence in which one
//! side loses only crossed pawns and the other only pieces (rook, horse, cannon, advisor,
//! elephant) is no gain for either: its balance is 0. Any other sequence is valued by the
//! fixed scale. So a crossed pawn given to win a horse or a rook is not a gain (1999 chapter 7
//! example 12: "過河兵子力價值浮動，不存在得子"), a pawn taken for nothing still is, and a pawn
//! plus a horse for a rook is valued normally (the article speaks of pawns against pieces).
//! A king captured (rules allowing it) is always decisive.

use super::MaterialValues;
use crate::{Occupant, Role, Square};

/// What a captured piece counts as in a ledger.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Prize {
    /// Nothing of value (an empty point, an uncrossed pawn).
    Nothing,
    /// A crossed pawn, worth this much on the fixed scale.
    CrossedPawn(i32),
    /// A piece (rook, horse, cannon, advisor, elephant), worth this much.
    Piece(i32),
    /// A king (only capturable under rules allowing it): decisive.
    King,
}

/// The value a king counts for in a balance: more than all the material on the board.
const KING_PRIZE: i32 = 1000;

impl Prize {
    /// What `occ` on `sq` counts as.
    pub(crate) fn of(values: &MaterialValues, occ: Option<Occupant>, sq: Square) -> Prize {
        let Some(o) = occ else {
            return Prize::Nothing;
        };
        match (o.role, values.of(o, sq)) {
            (Role::King, _) => Prize::King,
            (_, v) if v <= 0 => Prize::Nothing,
            (Role::Pawn, v) => Prize::CrossedPawn(v),
            (_, v) => Prize::Piece(v),
        }
    }

    /// Its value on the fixed scale.
    pub(crate) fn value(self) -> i32 {
        match self {
            Prize::Nothing => 0,
            Prize::CrossedPawn(v) | Prize::Piece(v) => v,
            Prize::King => KING_PRIZE,
        }
    }
}

/// One side's material won and lost over a sequence of captures.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Ledger {
    taken: Tally,
    given: Tally,
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Tally {
    value: i32,
    pawns: u8,
    pieces: u8,
    kings: u8,
}

impl Tally {
    fn add(mut self, p: Prize) -> Tally {
        self.value += p.value();
        match p {
            Prize::Nothing => {}
            Prize::CrossedPawn(_) => self.pawns += 1,
            Prize::Piece(_) => self.pieces += 1,
            Prize::King => self.kings += 1,
        }
        self
    }
}

impl Ledger {
    /// The ledger after the side also takes `p`.
    pub(crate) fn take(self, p: Prize) -> Ledger {
        Ledger {
            taken: self.taken.add(p),
            ..self
        }
    }

    /// The ledger after the side also loses `p`.
    pub(crate) fn give(self, p: Prize) -> Ledger {
        Ledger {
            given: self.given.add(p),
            ..self
        }
    }

    /// The side's material balance: what it took minus what it lost, except that pawns against
    /// pieces balance to 0 when `values` float the crossed pawn (1999 §25.3).
    pub(crate) fn balance(&self, values: &MaterialValues) -> i32 {
        let (t, g) = (self.taken, self.given);
        let raw = t.value - g.value;
        if !values.floating_crossed_pawn || t.kings > 0 || g.kings > 0 {
            return raw;
        }
        let pawns_for_pieces = t.pawns == 0 && t.pieces > 0 && g.pawns > 0 && g.pieces == 0;
        let pieces_for_pawns = t.pawns > 0 && t.pieces == 0 && g.pawns == 0 && g.pieces > 0;
        if pawns_for_pieces || pieces_for_pawns {
            0
        } else {
            raw
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FLOATING: MaterialValues = MaterialValues::CXA_1999;
    const FIXED: MaterialValues = MaterialValues::STANDARD;

    fn ledger(taken: &[Prize], given: &[Prize]) -> Ledger {
        let l = taken.iter().fold(Ledger::default(), |l, p| l.take(*p));
        given.iter().fold(l, |l, p| l.give(*p))
    }

    const PAWN: Prize = Prize::CrossedPawn(1);
    const HORSE: Prize = Prize::Piece(2);
    const ROOK: Prize = Prize::Piece(4);
    const ADVISOR: Prize = Prize::Piece(1);

    #[test]
    fn a_pawn_for_pieces_is_no_gain() {
        // Chapter 7 example 12: a crossed pawn given to win a horse or a rook.
        assert_eq!(ledger(&[HORSE], &[PAWN]).balance(&FLOATING), 0);
        assert_eq!(ledger(&[ROOK], &[PAWN]).balance(&FLOATING), 0);
        assert_eq!(ledger(&[ROOK, HORSE], &[PAWN]).balance(&FLOATING), 0);
        // ... and the other way round, a piece given for pawns.
        assert_eq!(ledger(&[PAWN, PAWN], &[ADVISOR]).balance(&FLOATING), 0);
        // Seen from the other side as well.
        assert_eq!(ledger(&[PAWN], &[HORSE]).balance(&FLOATING), 0);
    }

    #[test]
    fn other_balances_use_the_fixed_scale() {
        assert_eq!(ledger(&[PAWN], &[]).balance(&FLOATING), 1);
        assert_eq!(ledger(&[HORSE], &[]).balance(&FLOATING), 2);
        assert_eq!(ledger(&[PAWN], &[PAWN]).balance(&FLOATING), 0);
        assert_eq!(ledger(&[ROOK], &[HORSE]).balance(&FLOATING), 2);
        // Pawn and horse for a rook: not pawns against pieces alone.
        assert_eq!(ledger(&[ROOK], &[PAWN, HORSE]).balance(&FLOATING), 1);
        // A king taken is decisive whatever was given for it.
        assert!(ledger(&[Prize::King], &[PAWN]).balance(&FLOATING) > 100);
        // Without the floating value, a pawn for a horse gains 1.
        assert_eq!(ledger(&[HORSE], &[PAWN]).balance(&FIXED), 1);
    }

    fn pos(fen: &str) -> crate::Position {
        crate::Position::from_fen(fen, crate::MoveRules::STANDARD).expect("legal")
    }

    fn defs(values: MaterialValues) -> crate::law::classify::Definitions {
        crate::law::classify::Definitions {
            values,
            ..crate::law::classify::Definitions::cxa_1999()
        }
    }

    #[test]
    fn a_pawn_taking_a_protected_horse_gains_nothing() {
        // The red pawn on e5 can take the black horse on e6, which the black rook on a6 protects
        // along rank 6: a pawn for a horse.
        let p = pos("3k5/9/9/r3n4/4P4/9/9/9/9/4K4 w - - 0 1");
        let m = "e5e6".parse().expect("ICCS");
        assert_eq!(super::super::exchange::gain(&p, m, &FIXED), 1);
        assert_eq!(super::super::exchange::gain(&p, m, &FLOATING), 0);
    }

    #[test]
    fn a_pawn_given_with_check_to_win_a_horse_is_no_chase() {
        // Chapter 7 example 12 as constructed in tests/fixtures: 车一进四 backs the pawn, which
        // threatens 兵三平四 check; after 将6平5 the pawn takes the horse and the king takes it.
        let before = pos("9/5k3/4n1P2/9/9/9/4r3R/9/9/3K5 w - - 0 1");
        let mut after = before.clone();
        after.play("i3i7".parse().expect("ICCS")).expect("legal");
        let fixed = crate::law::classify::classify_move(&before, &after, &defs(FIXED));
        assert_eq!(fixed.class.heaviest(), crate::law::MoveKind::Chase);
        assert_eq!(fixed.class.targets, vec!["e7".parse().expect("square")]);
        let floating = crate::law::classify::classify_move(&before, &after, &defs(FLOATING));
        assert!(
            !floating.class.has(crate::law::MoveKind::Chase),
            "{:?}",
            floating.class
        );
    }

    #[test]
    fn a_pawn_given_with_check_to_win_a_rook_is_no_chase() {
        // The other half of the example: 车一退四, threatening 兵三进一 check, 马5退7 taking the
        // pawn, and the red rook taking the black rook on f3. The rooks attack each other, so
        // the red rook can take the black one without the check: the check adds nothing
        // (through_checks.rs), and even on the fixed scale the move only offers an exchange.
        let before = pos("9/5k3/4n1P1R/9/9/9/5r3/9/9/3K5 w - - 0 1");
        let mut after = before.clone();
        after.play("i7i3".parse().expect("ICCS")).expect("legal");
        let fixed = crate::law::classify::classify_move(&before, &after, &defs(FIXED));
        assert!(
            !fixed.class.has(crate::law::MoveKind::Chase),
            "{:?}",
            fixed.class
        );
        let floating = crate::law::classify::classify_move(&before, &after, &defs(FLOATING));
        assert!(
            !floating.class.has(crate::law::MoveKind::Chase),
            "{:?}",
            floating.class
        );
    }
}
