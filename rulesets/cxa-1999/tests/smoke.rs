//! Quick checks of the 1999 ruleset through its public `judge`; the conformance suite in
//! `tests/` at the workspace root holds the fixtures.

use xqr_core::rules::{Conduct, GameInput, JudgeOptions, MoveKind, Ruleset};

const FIGURE_3: &str =
    "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1";
const FIGURE_3_LOOP: &str = "h6i4 i9h9 i4h6 h9i9";

/// `moves` repeated `n` times.
fn times(moves: &str, n: usize) -> String {
    vec![moves; n].join(" ")
}

fn judge(fen: &str, moves: &str) -> xqr_core::rules::Verdict {
    let rs = xqr_cxa1999::Cxa1999::new();
    let game = GameInput {
        fen: Some(fen.into()),
        moves: moves
            .split_whitespace()
            .map(xqr_core::MoveText::from)
            .collect(),
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
    // §24 "循环反复三次", read as three full cycles: the start position's fourth occurrence.
    let v = judge(FIGURE_3, &times(FIGURE_3_LOOP, 3));
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

    // Two cycles are not yet a repetition.
    let v = judge(FIGURE_3, &times(FIGURE_3_LOOP, 2));
    assert!(v.pending.is_none() && v.claims.is_empty(), "{v:?}");

    // Red repeats the loop once more: it loses (§24.3). The loop is round again after Black's
    // ply 16; Black claims in its own time (§8.5), after Red's next move in the loop.
    let v = judge(FIGURE_3, &times(FIGURE_3_LOOP, 4));
    assert!(v.pending.is_some() && v.claims.is_empty(), "{v:?}");
    assert!(
        v.explanation
            .contains("black could claim 0-1 perpetual_chase (cxa-1999 §24.3) in its own time"),
        "{}",
        v.explanation
    );
    let v = judge(FIGURE_3, &format!("{} h6i4", times(FIGURE_3_LOOP, 4)));
    assert_eq!(v.result.pgn(), "0-1");
    assert_eq!(v.rule.as_ref().unwrap().to_string(), "cxa-1999 §24.3");
    assert_eq!(v.decided_at_ply, Some(17));
    let c: Vec<(u32, u32, &str)> = v
        .claims
        .iter()
        .map(|c| (c.ply, c.until_ply, c.claimant.name()))
        .collect();
    assert_eq!(c, [(17, 17, "black")]);
}

/// 1999 §24 "一方棋手要求裁决": a loss nobody claims does not end the game. Red goes on with
/// the chase after Black could have claimed it (ply 17), then changes (ply 19); the record's
/// own result stands, and the claim is reported.
#[test]
fn a_loss_nobody_claimed_is_reported_and_the_record_stands() {
    let moves = format!("{} h6i4 i9h9 i2i1", times(FIGURE_3_LOOP, 4));
    let rs = xqr_cxa1999::Cxa1999::new();
    let game = GameInput {
        fen: Some(FIGURE_3.into()),
        moves: moves
            .split_whitespace()
            .map(xqr_core::MoveText::from)
            .collect(),
        tags: [("Result".to_owned(), "1/2-1/2".to_owned())].into(),
    };
    let v = rs.judge(&game, &JudgeOptions::default()).unwrap();
    assert_eq!(v.result.pgn(), "1/2-1/2", "{}", v.explanation);
    assert_eq!(v.termination.as_ref().unwrap().name(), "recorded_result");
    let claim = &v.claims[0];
    assert_eq!(
        (claim.ply, claim.until_ply, claim.result.pgn()),
        (17, 17, "0-1")
    );
    assert_eq!(claim.rule.to_string(), "cxa-1999 §24.3");
    assert_eq!(v.unmade_claims().count(), 1);
    // Claimed at the first opportunity, Black wins.
    let first = JudgeOptions {
        claim: xqr_core::rules::ClaimPolicy::First,
        ..JudgeOptions::default()
    };
    let v = rs.judge(&game, &first).unwrap();
    assert_eq!(
        (v.result.pgn(), v.decided_at_ply),
        ("0-1", Some(17)),
        "{}",
        v.explanation
    );
}

/// §26.1: perpetual check loses at once (chapter 7 example 1's pattern: a rook checking from
/// two files while the king has only two points).
#[test]
fn perpetual_check_loses() {
    let v = judge(
        "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
        &format!("{} e1d1", times("e1d1 d9e9 d1e1 e9d9", 3)),
    );
    assert_eq!(v.result.pgn(), "0-1");
    assert_eq!(v.termination.unwrap().name(), "perpetual_check");
    assert_eq!(v.rule.unwrap().to_string(), "cxa-1999 §26.1");
    assert_eq!(v.decided_at_ply, Some(13));
    let l = v.loop_found.unwrap();
    assert_eq!(
        (l.red, l.black),
        (Conduct::PerpetualCheck, Conduct::Allowed)
    );
}

/// An undecided game in the middle of a loop says how far the 1999 count (§24, three full
/// cycles) has got and when the loop is judged.
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
         occurred twice and is judged at its 4th occurrence, at ply 13, if the loop goes on \
         (循环反复三次 read as 3 full cycles (the 4th occurrence of a position), cxa-1999 §24)"
    );
}

/// 1999 §24 "一方棋手要求裁决": Black's claims in the middle of figure 3's loop, each in its own
/// time (after Red's move, §8.5). Before three full cycles it is not heard (§24, the count);
/// once they are complete it gets the order to change (§26.4); once Red has gone round again it
/// wins the game for Black (§24.3). A claim where no position repeats is refused, and so is one
/// made when Red is to move.
#[test]
fn a_claim_is_answered_with_the_ruling_the_order_or_a_refusal() {
    use xqr_core::rules::{ClaimAnswer, ClaimKind, ClaimRequest};
    let rs = xqr_cxa1999::Cxa1999::new();
    let game = GameInput {
        fen: Some(FIGURE_3.into()),
        moves: format!("{} h6i4", times(FIGURE_3_LOOP, 4))
            .split_whitespace()
            .map(xqr_core::MoveText::from)
            .collect(),
        ..GameInput::default()
    };
    let ask = |ply: u32| {
        rs.claim(
            &game,
            &ClaimRequest {
                ply,
                by: xqr_core::Color::Black,
                kind: ClaimKind::Repetition,
            },
        )
        .expect("answered")
    };
    assert!(
        matches!(ask(1), ClaimAnswer::Refused { rule: None, ref explanation } if explanation.contains("has not occurred before")),
        "{:?}",
        ask(1)
    );
    assert!(
        matches!(ask(9), ClaimAnswer::Refused { rule: Some(ref r), .. } if r.to_string() == "cxa-1999 §24"),
        "{:?}",
        ask(9)
    );
    assert!(
        matches!(ask(12), ClaimAnswer::Refused { rule: None, ref explanation } if explanation.contains("own time")),
        "{:?}",
        ask(12)
    );
    match ask(13) {
        ClaimAnswer::Ordered { explanation, .. } => {
            assert!(explanation.starts_with("red must change"), "{explanation}")
        }
        other => panic!("{other:?}"),
    }
    match ask(17) {
        ClaimAnswer::Decided { end, .. } => {
            assert_eq!(end.result.pgn(), "0-1");
            assert_eq!(end.rule.to_string(), "cxa-1999 §24.3");
        }
        other => panic!("{other:?}"),
    }
    let limit = rs
        .claim(
            &game,
            &ClaimRequest {
                ply: 16,
                by: xqr_core::Color::Red,
                kind: ClaimKind::NaturalLimit,
            },
        )
        .expect("answered");
    assert!(matches!(limit, ClaimAnswer::Refused { .. }), "{limit:?}");
}
