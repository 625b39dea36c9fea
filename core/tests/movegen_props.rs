//! Property tests of the move generator against a slow, obviously-correct reference written
//! with plain coordinates, plus make/unmake, hash and FEN consistency along random playouts.

use proptest::prelude::*;
use std::collections::BTreeSet;
use xqr_core::{
    Board, Color, KingSafety, Move, MoveRules, Occupant, Piece, Position, Role, Setup, Square,
};

fn sq(f: i32, r: i32) -> Option<Square> {
    if (0..9).contains(&f) && (0..10).contains(&r) {
        Square::new((r * 9 + f) as u8)
    } else {
        None
    }
}

fn fr(s: Square) -> (i32, i32) {
    (i32::from(s.file().index()), i32::from(s.rank().index()))
}

fn in_palace(s: Square, c: Color) -> bool {
    let (f, r) = fr(s);
    (3..=5).contains(&f) && if c == Color::Red { r <= 2 } else { r >= 7 }
}

fn own_half(s: Square, c: Color) -> bool {
    let (_, r) = fr(s);
    if c == Color::Red {
        r <= 4
    } else {
        r >= 5
    }
}

/// Whether `o` standing on `from` could move to `to` by its movement rules on `board`
/// (ignoring what stands on `to`, except that the cannon needs a target to jump).
fn reach(board: &Board, rules: &MoveRules, o: Occupant, from: Square, to: Square) -> bool {
    reach_as(board, rules, o, from, to, board.get(to).is_some())
}

/// As [`reach`], with `capture` saying whether the move is a capture (for cannons).
fn reach_as(
    board: &Board,
    rules: &MoveRules,
    o: Occupant,
    from: Square,
    to: Square,
    capture: bool,
) -> bool {
    let (f0, r0) = fr(from);
    let (f1, r1) = fr(to);
    let (df, dr) = (f1 - f0, r1 - r0);
    let empty = |f: i32, r: i32| board.get(sq(f, r).unwrap()).is_none();
    let between = || -> usize {
        let n = df.abs().max(dr.abs());
        (1..n)
            .filter(|i| !empty(f0 + i * df.signum(), r0 + i * dr.signum()))
            .count()
    };
    match o.role {
        Role::King => {
            if df == 0
                && board
                    .get(to)
                    .is_some_and(|t| t.role == Role::King && !t.hidden && t.color != o.color)
            {
                return between() == 0;
            }
            df.abs() + dr.abs() == 1 && in_palace(to, o.color)
        }
        Role::Advisor => {
            df.abs() == 1
                && dr.abs() == 1
                && (!(o.hidden || rules.advisor_confined_to_palace) || in_palace(to, o.color))
        }
        Role::Elephant => {
            df.abs() == 2
                && dr.abs() == 2
                && empty(f0 + df / 2, r0 + dr / 2)
                && (!(o.hidden || rules.elephant_confined_to_own_half) || own_half(to, o.color))
        }
        Role::Horse => match (df.abs(), dr.abs()) {
            (1, 2) => empty(f0, r0 + dr / 2),
            (2, 1) => empty(f0 + df / 2, r0),
            _ => false,
        },
        Role::Rook => (df == 0) != (dr == 0) && between() == 0,
        Role::Cannon => {
            (df == 0) != (dr == 0)
                && if capture {
                    between() == 1
                } else {
                    between() == 0
                }
        }
        Role::Pawn => {
            let fwd = if o.color == Color::Red { 1 } else { -1 };
            (df == 0 && dr == fwd)
                || (dr == 0 && df.abs() == 1 && !o.hidden && !own_half(from, o.color))
        }
    }
}

fn king_of(board: &Board, c: Color) -> Option<Square> {
    Square::all().find(|&s| {
        board
            .get(s)
            .is_some_and(|o| o.color == c && o.role == Role::King && !o.hidden)
    })
}

fn attacked(board: &Board, rules: &MoveRules, target: Square, by: Color) -> bool {
    Square::all().any(|s| {
        board
            .get(s)
            .is_some_and(|o| o.color == by && reach(board, rules, o, s, target))
    })
}

fn reference_moves(pos: &Position) -> BTreeSet<(Square, Square)> {
    let board = pos.board();
    let rules = pos.rules();
    let us = pos.turn();
    let mut out = BTreeSet::new();
    if king_of(board, us).is_none() {
        return out;
    }
    for from in Square::all() {
        let Some(o) = board.get(from) else { continue };
        if o.color != us {
            continue;
        }
        for to in Square::all() {
            if to == from || board.get(to).is_some_and(|t| t.color == us) {
                continue;
            }
            if !reach(board, rules, o, from, to) {
                continue;
            }
            if rules.king_safety == KingSafety::MustNotBeLeftAttacked {
                let mut b = board.clone();
                b.set(from, None);
                b.set(to, Some(Occupant { hidden: false, ..o }));
                let k = king_of(&b, us).expect("own king");
                if attacked(&b, rules, k, !us) {
                    continue;
                }
            }
            out.insert((from, to));
        }
    }
    out
}

fn generated(pos: &Position) -> BTreeSet<(Square, Square)> {
    pos.legal_moves().iter().map(|m| (m.from, m.to)).collect()
}

fn check_position(pos: &Position) {
    let gen = generated(pos);
    assert_eq!(
        gen.len(),
        pos.legal_moves().len(),
        "duplicates in {}",
        pos.fen()
    );
    assert_eq!(
        gen,
        reference_moves(pos),
        "move sets differ in {}",
        pos.fen()
    );
    // Counting and the no-move test skip what listing skips (pieces that cannot answer a
    // check): they agree with the list.
    assert_eq!(pos.count_legal_moves(), gen.len(), "count in {}", pos.fen());
    assert_eq!(
        pos.has_no_legal_moves(),
        gen.is_empty(),
        "no move in {}",
        pos.fen()
    );
    // check_move agrees with the generator on every from/to pair.
    for from in Square::all() {
        for to in Square::all() {
            let m = Move::new(from, to);
            let hidden = pos.board().get(from).is_some_and(|o| o.hidden);
            if hidden {
                continue; // reveals are checked in the Jieqi tests
            }
            assert_eq!(
                pos.check_move(m).is_ok(),
                gen.contains(&(from, to)),
                "check_move({m}) in {}",
                pos.fen()
            );
        }
    }
    // Attack queries agree with the reference.
    for s in Square::all() {
        for by in Color::ALL {
            let fast = pos.attackers(s, by);
            let slow: Vec<Square> = Square::all()
                .filter(|&a| {
                    pos.board().get(a).is_some_and(|o| {
                        o.color == by && reach_as(pos.board(), pos.rules(), o, a, s, true)
                    })
                })
                .filter(|&a| {
                    // The reference counts a king "reaching" any point along an open file only
                    // for the enemy king; `reach` already encodes that.
                    a != s
                })
                .collect();
            let fast: Vec<Square> = fast.iter().collect();
            assert_eq!(fast, slow, "attackers of {s} by {by} in {}", pos.fen());
        }
    }
    let in_check = pos
        .king(pos.turn())
        .is_some_and(|k| attacked(pos.board(), pos.rules(), k, !pos.turn()));
    assert_eq!(pos.is_check(), in_check, "is_check in {}", pos.fen());
    // The fast test for a capture on one point agrees with the captures generated.
    let captures = pos.legal_captures();
    for i in 0..90 {
        let to = Square::new(i).unwrap();
        assert_eq!(
            pos.can_capture_on(to),
            captures.iter().any(|m| m.to == to),
            "can_capture_on({to}) in {}",
            pos.fen()
        );
    }
}

/// Plays `choices` as indices into the legal move list, checking every position on the way.
fn playout(start: Position, choices: &[u16], check_all: bool) {
    let mut pos = start;
    for &c in choices {
        if check_all {
            check_position(&pos);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.king(pos.turn()).is_none() {
            break;
        }
        let m = moves[c as usize % moves.len()];
        // make/unmake restores everything; copy-make agrees with make.
        let before = pos.clone();
        let undo = pos.make(m);
        let after = pos.clone();
        pos.unmake(m, undo);
        assert_eq!(pos, before, "unmake of {m}");
        let mut copy = before.clone();
        copy.play(m).unwrap();
        assert_eq!(copy, after);
        pos = after;
        // Hash and FEN round trip.
        let reparsed = Position::from_fen(&pos.fen(), *pos.rules());
        if pos.rules().king_safety == KingSafety::MustNotBeLeftAttacked
            || pos.king(pos.turn()).is_some()
        {
            if let Ok(re) = reparsed {
                assert_eq!(re.hash(), pos.hash(), "hash after {m}: {}", pos.fen());
                assert_eq!(re.fen(), pos.fen());
            } else if pos.rules().king_safety == KingSafety::MustNotBeLeftAttacked {
                panic!(
                    "FEN of a legal position does not reload: {} ({:?})",
                    pos.fen(),
                    reparsed
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn standard_playouts_match_reference(choices in prop::collection::vec(any::<u16>(), 1..120)) {
        playout(Position::new(), &choices, true);
    }

    #[test]
    fn long_playouts_stay_consistent(choices in prop::collection::vec(any::<u16>(), 100..400)) {
        playout(Position::new(), &choices, false);
    }

    #[test]
    fn jieqi_rules_playouts_match_reference(choices in prop::collection::vec(any::<u16>(), 1..80)) {
        // Standard start position played under Jieqi move rules: roaming advisors and elephants,
        // moves leaving the king attacked allowed, king capture possible.
        let pos = Position::from_setup(Setup::start(), MoveRules::JIEQI).unwrap();
        playout(pos, &choices, true);
    }

    #[test]
    fn random_sparse_positions(pieces in prop::collection::vec((0u8..90, 0usize..14), 0..14), red_king in 0usize..9, black_king in 0usize..9, black in any::<bool>()) {
        let palace = |c: Color, i: usize| {
            let f = 3 + (i % 3) as u8;
            let r = (i / 3) as u8;
            Square::new(if c == Color::Red { r * 9 + f } else { (9 - r) * 9 + f }).unwrap()
        };
        let mut setup = Setup::empty();
        setup.turn = if black { Color::Black } else { Color::Red };
        setup.board.set(palace(Color::Red, red_king), Some(Occupant::revealed(Piece::new(Color::Red, Role::King))));
        setup.board.set(palace(Color::Black, black_king), Some(Occupant::revealed(Piece::new(Color::Black, Role::King))));
        for (s, k) in pieces {
            let s = Square::new(s).unwrap();
            if setup.board.get(s).is_some() { continue; }
            let color = if k < 7 { Color::Red } else { Color::Black };
            let role = Role::ALL[k % 7];
            if role == Role::King { continue; }
            setup.board.set(s, Some(Occupant::revealed(Piece::new(color, role))));
        }
        for rules in [MoveRules::STANDARD, MoveRules::JIEQI] {
            if let Ok(pos) = Position::from_setup(setup.clone(), rules) {
                check_position(&pos);
                playout(pos, &[7, 3, 11, 2, 5], true);
            }
        }
    }

    #[test]
    fn fen_parser_never_panics(s in "\\PC*") {
        let _ = Setup::from_fen(&s);
        let _ = Position::from_fen(&s, MoveRules::STANDARD);
    }

    #[test]
    fn fen_like_strings_never_panic(s in "[rnbakcpRNBAKCPxXhe1-9/]{0,100} [wrb] [-A-Za-z0-9]{0,12} - [0-9]{1,3} [0-9]{1,3}") {
        let _ = Position::from_fen(&s, MoveRules::STANDARD);
        let _ = Position::from_fen(&s, MoveRules::JIEQI);
    }
}
