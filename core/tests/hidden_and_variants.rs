//! Move-generation knobs: hidden (Jieqi) pieces move as their start point's role, revealed
//! advisors and elephants roam under Jieqi rules, and a king left attacked may be captured.

use xqr_core::fen::JIEQI_START_FEN;
use xqr_core::{perft, Color, IllegalMove, Move, MoveRules, Piece, Position, PositionError, Role};

fn m(s: &str) -> Move {
    s.parse().unwrap()
}

fn moves_from(pos: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|x| x.from.to_string() == from)
        .map(|x| x.to.to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn jieqi_start_moves_like_the_standard_start() {
    // Jieqi §2.3: each hidden piece moves as the piece of its start point.
    let pos = Position::from_fen(JIEQI_START_FEN, MoveRules::JIEQI).unwrap();
    assert_eq!(pos.legal_moves().len(), 44);
    assert_eq!(moves_from(&pos, "a0"), ["a1", "a2"]); // hidden rook (假车)
    assert_eq!(moves_from(&pos, "b0"), ["a2", "c2"]); // hidden horse, d1 blocked by c0
    assert_eq!(moves_from(&pos, "c0"), ["a2", "e2"]); // hidden elephant
    assert_eq!(moves_from(&pos, "d0"), ["e1"]); // hidden advisor: palace diagonal only
    assert_eq!(moves_from(&pos, "a3"), ["a4"]); // hidden pawn: forward only
                                                // b2 cannon captures the hidden horse on b9 over the hidden cannon on b7.
    assert!(moves_from(&pos, "b2").contains(&"b9".to_owned()));
}

#[test]
fn perft_counts_one_child_per_pool_identity() {
    // 43 moves of hidden pieces, each with 6 possible identities (A B N R C P), and the king's
    // move e0-e1: 43 * 6 + 1 = 259.
    let pos = Position::from_fen(JIEQI_START_FEN, MoveRules::JIEQI).unwrap();
    assert_eq!(perft(&pos, 1), 259);
}

#[test]
fn reveals_are_checked_against_the_pool() {
    let pos = Position::from_fen(JIEQI_START_FEN, MoveRules::JIEQI).unwrap();
    assert_eq!(
        pos.check_move(m("a0a1")),
        Err(IllegalMove::RevealMissing {
            from: m("a0a1").from
        })
    );
    assert!(pos.check_move(m("a0a1R")).is_ok());
    assert!(matches!(
        pos.check_move(m("a0a1r")),
        Err(IllegalMove::RevealWrongPiece { .. })
    ));
    assert!(matches!(
        pos.check_move(m("a0a1K")),
        Err(IllegalMove::RevealWrongPiece { .. })
    ));
    assert!(matches!(
        pos.check_move(m("e0e1R")),
        Err(IllegalMove::RevealOfRevealedPiece { .. })
    ));

    let mut p = pos.clone();
    p.play(m("a3a4P")).unwrap();
    assert_eq!(p.pool().count(Color::Red, Role::Pawn), 4);
    let pawn = p.board().get(m("a3a4").to).unwrap();
    assert!(!pawn.hidden);
    assert_eq!(pawn.piece(), Piece::new(Color::Red, Role::Pawn));

    // A pool with no red rooks left: revealing a rook is a located error.
    let fen = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2C2P5a2b2n2r2c2p5 - 0 1";
    let err = Position::from_fen(fen, MoveRules::JIEQI).unwrap_err();
    assert!(err.to_string().contains("hidden pieces but only"), "{err}");
}

#[test]
fn revealed_pieces_move_as_their_identity() {
    // Jieqi §3.2 真士 / 真相: revealed advisors and elephants may leave the palace and cross the
    // river; a revealed pawn on its own half moves forward only.
    let fen = "4k4/9/9/9/4A4/2B6/P8/9/9/4K4 w - - 0 1";
    let jieqi = Position::from_fen(fen, MoveRules::JIEQI).unwrap();
    assert_eq!(moves_from(&jieqi, "e5"), ["d4", "d6", "f4", "f6"]);
    assert_eq!(moves_from(&jieqi, "c4"), ["a2", "a6", "e2", "e6"]);
    assert_eq!(moves_from(&jieqi, "a3"), ["a4"]);
    // Under standard rules the same placement is impossible.
    assert!(matches!(
        Position::from_fen(fen, MoveRules::STANDARD),
        Err(xqr_core::LoadFenError::Position(
            PositionError::UnreachableSquare { .. }
        ))
    ));
}

#[test]
fn king_may_be_left_attacked_and_captured() {
    // A black rook on e8 would check the red king on e0 but for the advisor on e1.
    // Red moves the advisor away: illegal in Xiangqi (leaves the king in check), legal in
    // Jieqi (自毙 §4.4), after which Black captures the king (§3.3).
    let fen = "3k5/4r4/9/9/9/9/9/9/4A4/4K4 w - - 0 1";
    let std = Position::from_fen(fen, MoveRules::STANDARD).unwrap();
    assert!(matches!(
        std.check_move(m("e1d2")),
        Err(IllegalMove::LeavesKingInCheck { .. })
    ));
    let mut jq = Position::from_fen(fen, MoveRules::JIEQI).unwrap();
    jq.play(m("e1d2")).unwrap();
    assert!(jq.legal_moves().contains(&m("e8e0")));
    jq.play(m("e8e0")).unwrap();
    assert_eq!(jq.king(Color::Red), None);
    assert!(jq.legal_moves().is_empty());
    assert!(matches!(
        jq.check_move(m("d2e1")),
        Err(IllegalMove::GameOver { color: Color::Red })
    ));
}

#[test]
fn flying_general() {
    // CXA 1999 §2.2: the kings may not face each other on an open file.
    let fen = "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1";
    let std = Position::from_fen(fen, MoveRules::STANDARD).unwrap();
    assert_eq!(std.check_move(m("e1d2")), Err(IllegalMove::FlyingGeneral));
    // Jieqi §5.1.2: with the kings facing, the side to move may capture the other king.
    let mut jq = Position::from_fen(fen, MoveRules::JIEQI).unwrap();
    jq.play(m("e1d2")).unwrap();
    assert!(jq.legal_moves().contains(&m("e9e0")));
    // A facing position is not a legal standard position.
    assert_eq!(
        Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", MoveRules::STANDARD),
        Err(xqr_core::LoadFenError::Position(PositionError::KingsFacing))
    );
}

#[test]
fn specific_illegal_reasons() {
    let pos = Position::new();
    let e = |s: &str| pos.check_move(m(s)).unwrap_err();
    assert!(matches!(e("e5e4"), IllegalMove::NoPiece { .. }));
    assert!(matches!(e("a6a5"), IllegalMove::NotYourPiece { .. }));
    assert!(matches!(e("a0a3"), IllegalMove::OwnPieceOnTarget { .. }));
    assert!(matches!(e("b0d1"), IllegalMove::HorseLegBlocked { .. }));
    assert!(matches!(
        e("b0b1"),
        IllegalMove::WrongShape {
            role: Role::Horse,
            ..
        }
    ));
    assert!(matches!(
        e("d0d1"),
        IllegalMove::WrongShape {
            role: Role::Advisor,
            ..
        }
    ));
    assert!(matches!(e("b2b7"), IllegalMove::CannonWithoutScreen));
    assert!(matches!(e("a3b3"), IllegalMove::PawnSidewaysBeforeRiver));
    assert!(matches!(e("a3a2"), IllegalMove::PawnBackwards));
    assert!(matches!(e("a0a3"), IllegalMove::OwnPieceOnTarget { .. }));
    assert!(matches!(e("a0a4"), IllegalMove::PathBlocked { .. }));
    assert!(matches!(e("a0a5"), IllegalMove::PathBlocked { .. }));
    assert!(matches!(e("e0e0"), IllegalMove::NullMove { .. }));

    let mid = Position::from_fen(
        "4k4/9/9/9/9/2B6/9/4B4/9/C2AK3n w - - 0 1",
        MoveRules::STANDARD,
    )
    .unwrap();
    let e = |s: &str| mid.check_move(m(s)).unwrap_err();
    assert!(matches!(
        e("c4e6"),
        IllegalMove::ElephantCrossesRiver { .. }
    ));
    assert!(matches!(e("e2c4"), IllegalMove::OwnPieceOnTarget { .. }));
    assert!(matches!(
        e("d0c1"),
        IllegalMove::LeavesPalace {
            role: Role::Advisor,
            ..
        }
    ));
    assert!(mid.check_move(m("e0e1")).is_ok());
    assert!(matches!(
        e("a0i0"),
        IllegalMove::CannonTooManyScreens { screens: 2 }
    ));
    assert!(matches!(
        e("e0f1"),
        IllegalMove::WrongShape {
            role: Role::King,
            ..
        }
    ));
}
