//! The arbiter of a game in progress (`xqr_core::rules::replay::Arbiter`) under the shipped
//! editions: moves played and taken back, the status, the claims, and the moves the side to
//! move may not play.

use xqr_core::rules::replay::{Arbiter, ForbiddenConsequence, Status};
use xqr_core::rules::{ClaimAnswer, ClaimKind, Ruleset};
use xqr_core::Color;
use xqr_host::loading::{load, Sources};

fn ruleset(id: &str) -> std::sync::Arc<dyn Ruleset> {
    let loaded = load(&Sources::default());
    std::sync::Arc::clone(loaded.registry.get(id).expect("a shipped ruleset"))
}

/// The 1999 rules' chapter 7 example 1: the rook checks on the e- and f-files, the king steps
/// between e9 and f9 (tests/fixtures/ch7-ex1-perpetual-check-only-rook-moves.toml).
const CH7_EX1: &str = "3ak4/9/9/9/5R3/9/9/9/4p4/3K5 w - - 0 1";
const LOOP: [&str; 4] = ["f5e5", "e9f9", "e5f5", "f9e9"];

/// Plays the loop `n` plies into a new game under `rs`.
fn played(rs: &dyn Ruleset, n: usize) -> Arbiter<'_> {
    let mut a = Arbiter::new(rs, Some(CH7_EX1)).expect("a legal position");
    for i in 0..n {
        a.play(LOOP[i % 4]).expect("legal");
    }
    a
}

/// 1999 §26.1: after three full cycles (twelve plies) Red's next check would be claimed as a
/// perpetual check at once: the arbiter forbids it, citing the article, and forbids nothing else.
#[test]
fn perpetual_check_is_forbidden_before_it_is_played_under_1999() {
    let rs = ruleset("cxa-1999");
    let mut a = played(rs.as_ref(), 12);
    let forbidden = a.forbidden().unwrap();
    let checks: Vec<_> = forbidden.iter().map(|f| f.mv.to_string()).collect();
    assert_eq!(checks, ["f5e5"], "{forbidden:?}");
    assert_eq!(forbidden[0].consequence, ForbiddenConsequence::Loses);
    assert_eq!(forbidden[0].rule.to_string(), "cxa-1999 §26.1");
    assert!(forbidden[0].loop_found.is_some());
    // Asking changed nothing.
    assert_eq!(a.history().ply_count(), 12);
    assert!(matches!(a.status(), Status::Ongoing { plies: 12, .. }));
    // Earlier in the loop nothing is forbidden yet.
    let mut early = played(rs.as_ref(), 4);
    assert!(early.forbidden().unwrap().is_empty());
}

/// AXF rule 3: at the third occurrence Red is told to change, so the check that completes it is
/// listed as an order to change, not a loss.
#[test]
fn under_axf_the_check_that_completes_the_count_brings_an_order() {
    let rs = ruleset("axf");
    let mut a = played(rs.as_ref(), 8);
    let forbidden = a.forbidden().unwrap();
    assert_eq!(forbidden.len(), 1, "{forbidden:?}");
    assert_eq!(forbidden[0].mv.to_string(), "f5e5");
    assert_eq!(forbidden[0].consequence, ForbiddenConsequence::MustChange);
    assert_eq!(forbidden[0].rule.to_string(), "axf Section 2.4");
}

/// A move taken back leaves the game as it was; a claim that decides ends the game, and taking
/// back the last move takes the claim back with it.
#[test]
fn undo_and_claims() {
    let rs = ruleset("cxa-1999");
    let mut a = played(rs.as_ref(), 12);
    let before = a.status();
    a.play("f5e5")
        .expect("legal: the rules forbid it, the board does not");
    // Black may now claim the win.
    let claims = a.claims();
    assert_eq!(claims.len(), 1, "{claims:?}");
    assert_eq!(claims[0].result.pgn(), "0-1");
    let answer = a.claim(Color::Black, ClaimKind::Repetition).unwrap();
    assert!(matches!(answer, ClaimAnswer::Decided { .. }), "{answer:?}");
    assert!(matches!(a.status(), Status::Decided { .. }));
    assert!(a.play("e9f9").is_err(), "no move after the end");
    assert_eq!(a.undo().map(|m| m.to_string()), Some("f5e5".to_owned()));
    assert_eq!(a.status(), before);
    // A claim by the side that just moved is refused (its own time only).
    a.play("f5e5").expect("legal");
    let answer = a.claim(Color::Red, ClaimKind::Repetition).unwrap();
    assert!(matches!(answer, ClaimAnswer::Refused { .. }), "{answer:?}");
    assert!(matches!(a.status(), Status::Ongoing { .. }));
}

/// Bad input is an error with its reason, and changes nothing.
#[test]
fn an_illegal_move_is_refused() {
    let rs = ruleset("cxa-1999");
    let mut a = played(rs.as_ref(), 1);
    let e = a.play("a0a1").expect_err("no piece on a0");
    assert!(e.to_string().contains("a0a1"), "{e}");
    assert_eq!(a.history().ply_count(), 1);
    assert!(Arbiter::new(rs.as_ref(), Some("not a fen")).is_err());
}

/// The 1999 rules' figure 3: after four times round the loop, Red's horse move that goes round
/// again is forbidden (§24.3: Red had to change), and only it, among 52 legal moves.
#[test]
fn figure_3_forbids_the_horse_move_that_goes_round_again() {
    let rs = ruleset("cxa-1999");
    let fen = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1";
    let mut a = Arbiter::new(rs.as_ref(), Some(fen)).expect("legal");
    for m in ["马二退一", "车９平８", "马一进二", "车８平９"]
        .iter()
        .cycle()
        .take(16)
    {
        a.play(m).expect("legal");
    }
    assert_eq!(a.history().last().legal_moves().len(), 52);
    let forbidden = a.forbidden().unwrap();
    assert_eq!(forbidden.len(), 1, "{forbidden:?}");
    assert_eq!(forbidden[0].mv.to_string(), "h6i4");
    assert_eq!(forbidden[0].consequence, ForbiddenConsequence::Loses);
    assert_eq!(forbidden[0].rule.to_string(), "cxa-1999 §24.3");
}
