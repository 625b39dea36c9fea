//! The 2011 ruleset through its public `judge`: event-level illegal moves (§4.1.3, §4.1.8,
//! §8.1.8), points (§13.1, §13.3), the nine-round rule's bounds (§23.4), the pending draw
//! (§23.5.2.1) and the registry.

use xqr_core::rules::{
    GameInput, GameResult, IllegalMovePolicy, JudgeOptions, Ruleset, Termination, Verdict,
};
use xqr_core::Color;
use xqr_cxa2011::{Cxa2011, EventLevel, Points2011, Settings};

fn judge(rs: &Cxa2011, fen: &str, moves: &str) -> Verdict {
    let game = GameInput {
        fen: Some(fen.into()),
        moves: moves
            .split_whitespace()
            .map(xqr_core::MoveText::from)
            .collect(),
        ..GameInput::default()
    };
    let options = JudgeOptions {
        illegal_moves: IllegalMovePolicy::Rule,
        ..JudgeOptions::default()
    };
    rs.judge(&game, &options).expect("judged")
}

const KINGS_AND_ROOK: &str = "4k4/9/9/9/9/9/9/9/4A4/3RK4 w - - 0 1";

/// §3.4 自杀 (the advisor leaves the file and the kings face) loses at every event level
/// (§4.1.3); a wrong-shape move loses at a national event (§4.1.8) and is a foul to replay at a
/// provincial one (§8.1.8).
#[test]
fn illegal_moves_by_event_level() {
    let national = Cxa2011::new();
    let provincial = Cxa2011::with_settings(Settings {
        event_level: EventLevel::Provincial,
        ..Settings::default()
    });
    for rs in [&national, &provincial] {
        let v = judge(rs, KINGS_AND_ROOK, "e1f2");
        assert_eq!(v.result, GameResult::BlackWins, "{v:?}");
        assert_eq!(v.rule.unwrap().to_string(), "cxa-2011 §4.1.3");
    }
    // The rook jumps like a horse: not 自杀, a breach of the move rules (§2.2).
    let v = judge(&national, KINGS_AND_ROOK, "d0e2");
    assert_eq!(v.result, GameResult::BlackWins, "{v:?}");
    assert_eq!(v.termination, Some(Termination::IllegalMove));
    assert_eq!(v.rule.unwrap().to_string(), "cxa-2011 §4.1.8");
    let v = judge(&provincial, KINGS_AND_ROOK, "d0e2");
    assert_eq!(v.result, GameResult::Undecided, "{v:?}");
    assert_eq!(v.termination, Some(Termination::IllegalMove));
    assert_eq!(v.offender, Some(Color::Red));
    assert_eq!(v.rule.unwrap().to_string(), "cxa-2011 §8.1.8");
}

/// §13.1 2/1/0 by default; §13.3's alternatives as settings.
#[test]
fn points() {
    let p = Cxa2011::new().scoring().points();
    assert_eq!(
        p.for_result(GameResult::RedWins, Color::Red).to_string(),
        "2"
    );
    assert_eq!(
        p.for_result(GameResult::Draw, Color::Black).to_string(),
        "1"
    );
    assert_eq!(
        p.for_result(GameResult::RedWins, Color::Black).to_string(),
        "0"
    );
    let three = |points| {
        Cxa2011::with_settings(Settings {
            points,
            ..Settings::default()
        })
        .scoring()
        .points()
    };
    let p = three(Points2011::ThreeOneZero);
    assert_eq!(
        p.for_result(GameResult::BlackWins, Color::Black)
            .to_string(),
        "3"
    );
    assert_eq!(p.for_result(GameResult::Draw, Color::Red).to_string(), "1");
    let p = three(Points2011::ThreeZeroBlackDrawTwo);
    assert_eq!(p.for_result(GameResult::Draw, Color::Red).to_string(), "1");
    assert_eq!(
        p.for_result(GameResult::Draw, Color::Black).to_string(),
        "2"
    );
    assert_eq!(
        p.for_result(GameResult::RedWins, Color::Red).to_string(),
        "3"
    );
}

/// §23.4 needs three or more points: a perpetual check on two points is an ordinary loop,
/// judged by the count (pending at ply 10, claimed by Black in its own time after Red's next
/// check, §16.3), not by nine rounds; with no capture for nine rounds of quiet
/// moves nothing is ruled.
#[test]
fn nine_rounds_need_attacks_on_three_points() {
    let rs = Cxa2011::new();
    let v = judge(
        &rs,
        "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
        "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1",
    );
    assert_eq!(v.rule.unwrap().to_string(), "cxa-2011 §23.5.1");
    assert_eq!(v.decided_at_ply, Some(11));
    // Twenty quiet plies without a capture and without a repeated position: undecided.
    let v = judge(
        &rs,
        "5k3/9/9/6p1p/9/9/P1P6/9/9/3K5 w - - 0 1",
        "a3a4 i6i5 a4a5 i5i4 a5a6 i4i3 a6a7 i3i2 a7a8 i2i1 c3c4 g6g5 c4c5 g5g4 c5c6 g4g3 c6c7 g3g2 c7c8 g2g1",
    );
    assert_eq!(v.result, GameResult::Undecided, "{v:?}");
    assert!(v.loop_found.is_none());
}

/// §23.5.2.1: a loop both sides play with allowed moves is drawn two rounds after its pending
/// position (ply 10 here, counting the move before the record, §23.2), not at once as in 1999
/// §24.2. In between the ruling is a pending draw, reported with its due ply; a change before
/// then averts it, and the verdict says who changed.
#[test]
fn a_draw_is_pending_for_two_rounds() {
    use xqr_core::rules::{GameHistory, RepetitionRuling};
    let rs = Cxa2011::new();
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let shuffle = "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9 b0c2 b9c7";
    let plies: Vec<&str> = shuffle.split_whitespace().collect();

    // The component: nothing before ply 10, a pending draw due at 14 from then on, the draw at 14.
    let mut history =
        GameHistory::new(xqr_core::Position::from_fen(start, rs.legality().move_rules()).unwrap());
    let mut ruling: Option<RepetitionRuling> = None;
    for (i, text) in plies.iter().enumerate() {
        let ply = i as u32 + 1;
        let m = xqr_core::notation::parse_move(history.last(), text).unwrap();
        history.push_unchecked(m);
        let now = rs.repetition().rule(&history, ruling.as_ref());
        match (ply, &now) {
            (..=9, None) => {}
            (
                10..=13,
                Some(RepetitionRuling::DrawPending {
                    rule,
                    since_ply,
                    due_ply,
                    explanation,
                    ..
                }),
            ) => {
                assert_eq!(rule.to_string(), "cxa-2011 §25.2");
                assert_eq!((*since_ply, *due_ply), (10, 14));
                assert!(explanation.contains("§23.5.2.1"), "{explanation}");
            }
            (14, Some(RepetitionRuling::Decided { end, .. })) => {
                assert_eq!(end.result, GameResult::Draw);
                assert_eq!(end.ply, 14);
            }
            _ => panic!("ply {ply}: {now:?}"),
        }
        ruling = now;
    }

    // Before the pending position, the verdict says when it comes (§23.1–23.3).
    let v = judge(&rs, start, &plies[..8].join(" "));
    assert_eq!(v.result, GameResult::Undecided);
    assert!(
        v.explanation.ends_with(
            "its pending position (待判局面) comes at ply 10, three times round, if it goes on (cxa-2011 §23.1–23.3)"
        ),
        "{}",
        v.explanation
    );

    // The verdict of a record that ends while the draw is pending.
    let v = judge(&rs, start, &plies[..12].join(" "));
    assert_eq!(v.result, GameResult::Undecided);
    assert!(v.pending.is_none(), "no side must change");
    assert!(v.loop_found.is_some(), "the loop is shown");
    assert!(
        v.explanation
            .starts_with("draw pending under cxa-2011 §25.2 from ply 10, due at ply 14"),
        "{}",
        v.explanation
    );
    // A change at ply 13 averts it.
    let changed = format!("{} h2e2", plies[..12].join(" "));
    let v = judge(&rs, start, &changed);
    assert_eq!(v.result, GameResult::Undecided);
    assert!(
        v.explanation.ends_with(
            "was pending from ply 10, due at ply 14 if neither side changed; red changed at ply 13"
        ),
        "{}",
        v.explanation
    );
}

/// The registry holds the ruleset under its id and aliases.
#[test]
fn registered() {
    let reg = xqr_core::registry::Registry::with_static();
    for name in ["cxa-2011", "2011", "cxa2011"] {
        let rs = reg
            .get(name)
            .unwrap_or_else(|| panic!("{name} is not registered"));
        assert_eq!(rs.meta().id, "cxa-2011");
    }
}

/// §23.3 "双方重复局面不足三次，裁判不予受理": a claim before the pending position is refused,
/// citing the count; at the pending position a single perpetual check loses at once (§23.5.1),
/// and a perpetual chase gets the order to change within two rounds (§23.5.2).
#[test]
fn fewer_than_three_repetitions_are_not_heard() {
    use xqr_core::rules::{ClaimAnswer, ClaimKind, ClaimRequest};
    let rs = Cxa2011::new();
    let game = |moves: &str| GameInput {
        fen: Some("3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1".into()),
        moves: moves
            .split_whitespace()
            .map(xqr_core::MoveText::from)
            .collect(),
        ..GameInput::default()
    };
    let check = game("e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1");
    let ask = |ply: u32| {
        rs.claim(
            &check,
            &ClaimRequest {
                ply,
                by: Color::Black,
                kind: ClaimKind::Repetition,
            },
        )
        .expect("answered")
    };
    match ask(9) {
        ClaimAnswer::Refused { rule, explanation } => {
            assert_eq!(rule.expect("cited").to_string(), "cxa-2011 §23.1–23.3");
            assert!(explanation.contains("pending position"), "{explanation}");
        }
        other => panic!("{other:?}"),
    }
    // After ply 10 the pending position is there, but Red is to move: Black claims after Red's
    // next check, in its own time (§16.3).
    assert!(matches!(ask(10), ClaimAnswer::Refused { rule: None, .. }));
    match ask(11) {
        ClaimAnswer::Decided { end, .. } => {
            assert_eq!(end.result, GameResult::BlackWins);
            assert_eq!(end.rule.to_string(), "cxa-2011 §23.5.1");
        }
        other => panic!("{other:?}"),
    }
    // A ply the record does not reach is bad input.
    assert!(rs
        .claim(
            &check,
            &ClaimRequest {
                ply: 12,
                by: Color::Black,
                kind: ClaimKind::Repetition,
            },
        )
        .is_err());
}
