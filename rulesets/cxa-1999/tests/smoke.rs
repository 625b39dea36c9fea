//! Quick checks of the 1999 ruleset through its public `judge`; the conformance suite in
//! `tests/` at the workspace root holds the fixtures.

use xqr_core::rules::{Conduct, GameInput, JudgeOptions, MoveKind, Ruleset};

fn judge(fen: &str, moves: &str) -> xqr_core::rules::Verdict {
    let rs = xqr_cxa1999::Cxa1999::new();
    let game = GameInput {
        fen: Some(fen.into()),
        moves: moves.split_whitespace().map(String::from).collect(),
        ..GameInput::default()
    };
    rs.judge(&game, &JudgeOptions::default()).unwrap()
}

/// 1999 chapter 7, example 3 (图三, the one diagram that survives, from the UCCI document):
/// "红方二捉，黑方一捉一兑，红方不变作负". Red's horse retreat discovers the cannon on the
/// unprotected rook; its advance threatens 卧槽 check winning the rook; Black's rook move to h9
/// offers an exchange of rooks (兑), its return chases the cannon.
#[test]
fn figure_three_red_must_change() {
    let v = judge(
        "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1",
        "h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9",
    );
    let l = v.loop_found.as_ref().expect("a loop");
    assert_eq!(
        (l.red, l.black),
        (Conduct::PerpetualChase, Conduct::Allowed)
    );
    let pending = v.pending.as_ref().expect("red must change");
    assert_eq!(pending.must_change, xqr_core::Color::Red);
    assert_eq!(pending.rule.to_string(), "cxa-1999 §26.4");
    let kinds: Vec<MoveKind> = v.plies.iter().take(4).map(|p| p.kinds[0]).collect();
    assert_eq!(
        kinds,
        [
            MoveKind::Chase,
            MoveKind::ExchangeOffer,
            MoveKind::Chase,
            MoveKind::Chase
        ]
    );

    // Red repeats the loop once more: it loses (§24.3).
    let v = judge(
        "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1",
        "h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9",
    );
    assert_eq!(v.result.pgn(), "0-1");
    assert_eq!(v.rule.unwrap().to_string(), "cxa-1999 §24.3");
    assert_eq!(v.decided_at_ply, Some(12));
}

/// §26.1: perpetual check loses at once (chapter 7 example 1's pattern: a rook checking from
/// two files while the king has only two points).
#[test]
fn perpetual_check_loses() {
    let v = judge(
        "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
        "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9",
    );
    assert_eq!(v.result.pgn(), "0-1");
    assert_eq!(v.termination.unwrap().name(), "perpetual_check");
    assert_eq!(v.rule.unwrap().to_string(), "cxa-1999 §26.1");
    assert_eq!(v.decided_at_ply, Some(8));
    let l = v.loop_found.unwrap();
    assert_eq!(
        (l.red, l.black),
        (Conduct::PerpetualCheck, Conduct::Allowed)
    );
}

/// An undecided game in the middle of a loop says how far the 1999 count (§24, three
/// occurrences) has got and when the loop is judged.
#[test]
fn a_loop_under_way_is_explained() {
    let v = judge(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "b0c2 b9c7 c2b0 c7b9 b0c2",
    );
    assert!(v.loop_found.is_none());
    assert_eq!(
        v.explanation,
        "undecided after 5 plies; a loop of 4 plies is under way: the position after ply 5 has \
         occurred twice and is judged at its 3rd occurrence, at ply 9, if the loop goes on \
         (cxa-1999 §24)"
    );
}
