//! Movement (§2.3, §3.2), game ends (§3.3, §4.3, §4.4, §5.1, §5.2.3), repetition (§24–§29),
//! records (§9.1) and perft under the Jieqi trial rules.

use xqr_core::fen::JIEQI_START_FEN;
use xqr_core::rules::{GameInput, IllegalMovePolicy, JudgeError, JudgeOptions, Ruleset, Verdict};
use xqr_core::{divide, perft, Move, Position};
use xqr_jieqi::{Jieqi, MOVE_RULES};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, MOVE_RULES).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn targets(p: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from.to_string() == from)
        .map(|m| m.to.to_string())
        .collect();
    v.sort();
    v
}

fn play(p: &mut Position, m: &str) {
    let m = xqr_core::notation::parse_move(p, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    p.play(m).unwrap();
}

fn judge(fen: Option<&str>, moves: &str) -> Result<Verdict, JudgeError> {
    judge_with(fen, moves, IllegalMovePolicy::Reject)
}

fn judge_with(
    fen: Option<&str>,
    moves: &str,
    policy: IllegalMovePolicy,
) -> Result<Verdict, JudgeError> {
    let game = GameInput {
        fen: fen.map(str::to_owned),
        moves: moves
            .split_whitespace()
            .map(xqr_core::MoveText::from)
            .collect(),
        ..GameInput::default()
    };
    let options = JudgeOptions {
        illegal_moves: policy,
        ..JudgeOptions::default()
    };
    Jieqi::new().judge(&game, &options)
}

fn rule(v: &Verdict) -> String {
    v.rule.as_ref().map(|r| r.to_string()).unwrap_or_default()
}

#[test]
fn hidden_pieces_move_as_their_start_point() {
    // §2.3.3, §3.2: 假车, 假马, 假相, 假士, 假炮, 假兵 at the Jieqi start.
    let p = pos(JIEQI_START_FEN);
    assert_eq!(targets(&p, "a0"), ["a1", "a2"]); // 假车
    assert_eq!(targets(&p, "b0"), ["a2", "c2"]); // 假马
    assert_eq!(targets(&p, "c0"), ["a2", "e2"]); // 假相
    assert_eq!(targets(&p, "d0"), ["e1"]); // 假士: palace diagonal only
    assert_eq!(targets(&p, "e0"), ["e1"]); // the king
    assert_eq!(targets(&p, "a3"), ["a4"]); // 假兵: forward only
    let cannon = targets(&p, "b2");
    assert!(cannon.contains(&"b9".to_owned()) && cannon.contains(&"b1".to_owned()));
    // A hidden advisor in the palace corner reaches only the centre; a hidden elephant stays
    // on its own half even with the river crossing open (假相 has no 真相 rights).
    let p = pos("4k4/9/9/9/9/9/9/9/9/2X1KX3 w A2 - 0 1");
    assert_eq!(targets(&p, "f0"), ["e1"]);
    let p = pos("4k4/9/9/9/9/9/9/9/9/2X1K4 w B - 0 1");
    assert_eq!(targets(&p, "c0"), ["a2", "e2"]);
}

#[test]
fn revealed_advisors_and_elephants_roam() {
    // §3.2 真士: may leave the palace and cross the river.
    let p = pos("4k4/9/9/9/9/9/9/4A4/9/3K5 w - - 0 1");
    assert_eq!(targets(&p, "e2"), ["d1", "d3", "f1", "f3"]);
    let p = pos("4k4/9/9/9/4A4/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(targets(&p, "e5"), ["d4", "d6", "f4", "f6"]);
    // §3.2 真相: may cross the river; the eye still blocks (塞象眼).
    let p = pos("4k4/9/9/9/9/2B6/9/9/9/3K5 w - - 0 1");
    assert_eq!(targets(&p, "c4"), ["a2", "a6", "e2", "e6"]);
    let p = pos("4k4/9/9/9/3p5/2B6/9/9/9/3K5 w - - 0 1");
    assert_eq!(targets(&p, "c4"), ["a2", "a6", "e2"]);
    // The standard rules reject these placements outright.
    assert!(Position::from_fen(
        "4k4/9/9/9/4A4/9/9/9/9/3K5 w - - 0 1",
        xqr_core::MoveRules::STANDARD
    )
    .is_err());
}

#[test]
fn a_pawn_revealed_on_its_own_back_rank_moves_forward_only() {
    // §3.2 真兵: before the river one step forward; a pawn revealed anywhere obeys it.
    let mut p = pos("3k5/9/9/9/9/9/9/9/9/X3K4 w P - 0 1");
    play(&mut p, "a0b0P");
    play(&mut p, "d9e9");
    assert_eq!(targets(&p, "b0"), ["b1"]);
    // Across the river it steps sideways too, never back.
    let p = pos("3k5/9/9/9/P8/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(targets(&p, "a5"), ["a6", "b5"]);
    let p = pos("3k5/9/9/9/9/P8/9/9/9/4K4 w - - 0 1");
    assert_eq!(targets(&p, "a4"), ["a5"]);
}

#[test]
fn a_move_reveals_the_piece_and_it_then_moves_as_what_it_is() {
    // §7.5.1: moved, a hidden piece turns face up and from then on moves as its identity.
    let mut p = pos(JIEQI_START_FEN);
    play(&mut p, "b0c2R"); // a hidden horse's jump, revealed a rook
    play(&mut p, "a6a5p");
    let t = targets(&p, "c2");
    assert!(
        t.contains(&"d2".to_owned()) && t.contains(&"c1".to_owned()),
        "{t:?}"
    );
    assert!(!t.contains(&"b4".to_owned()), "a rook does not jump: {t:?}");
}

#[test]
fn capturing_the_king_wins() {
    // §4.3 (not answering a check), §5.1.1.
    let v = judge(
        Some("3k5/9/9/9/9/9/p8/9/4R4/5K3 w - - 0 1"),
        "e1d1 a3a2 d1d9",
    )
    .unwrap();
    assert_eq!(v.result.pgn(), "1-0");
    assert_eq!(v.termination.as_ref().unwrap().name(), "king_captured");
    assert_eq!(rule(&v), "jieqi §5.1.1");
    assert_eq!(v.decided_at_ply, Some(3));
    assert!(v.explanation.contains("§4.3"), "{}", v.explanation);
}

#[test]
fn self_exposure_is_legal_and_loses_the_king() {
    // §4.4 自毙: Black's horse leaves the d-file open to Red's rook.
    let v = judge(
        Some("3k5/3n5/9/9/9/9/9/9/3R5/5K3 w - - 0 1"),
        "f0f1 d8c6 d1d9",
    )
    .unwrap();
    assert_eq!(v.result.pgn(), "1-0");
    assert_eq!(rule(&v), "jieqi §5.1.1");
    assert!(v.explanation.contains("自毙"), "{}", v.explanation);
}

#[test]
fn facing_kings_let_the_side_to_move_capture() {
    // §5.1.2: Red's advisor leaves the file; Black's king takes Red's across it.
    let v = judge(Some("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"), "e1d2 e9e0").unwrap();
    assert_eq!(v.result.pgn(), "0-1");
    assert_eq!(rule(&v), "jieqi §5.1.2");
    // Facing kings are no illegal position here: the game goes on until someone captures.
    let v = judge(Some("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"), "e1d2").unwrap();
    assert_eq!(v.result.pgn(), "*");
}

#[test]
fn natural_limit_draws_after_sixty_moves_without_capture() {
    // §5.2.3: 60 回合 without a capture.
    let v = judge(Some("3k5/9/9/9/9/9/9/9/9/4K4 w - - 119 80"), "e0f0").unwrap();
    assert_eq!(v.result.pgn(), "1/2-1/2");
    assert_eq!(rule(&v), "jieqi §5.2.3");
    let v = judge(Some("3k5/9/9/9/9/9/9/9/9/4K4 w - - 117 80"), "e0f0").unwrap();
    assert_eq!(v.result.pgn(), "*");
}

#[test]
fn perpetual_check_loses_under_the_copied_1999_law() {
    // §24.1, §26.1: the trial rules' 棋例 are the 1999 articles with the same numbers, and
    // their §24 count: three full cycles.
    let v = judge(
        Some("3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1"),
        "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9 e1d1",
    )
    .unwrap();
    assert_eq!(v.result.pgn(), "0-1");
    assert_eq!(v.termination.as_ref().unwrap().name(), "perpetual_check");
    assert_eq!(rule(&v), "jieqi §26.1");
}

#[test]
fn records_with_reveals_are_judged() {
    // ICCS with reveal letters, a captured identity (b2b9Cn) and Chinese five-character moves
    // (§9.1) mixed with the JieqiBox forms, from the Jieqi start.
    let record = "h2e2C h9g7n b2b9Nr c6c5p 马八进七翻车 a6a5p 炮五进四吃卒";
    let v = judge(None, record).unwrap();
    assert_eq!(v.result.pgn(), "*", "{}", v.explanation);
    assert_eq!(v.explanation, "undecided after 7 plies");
    // What the forms mean, ply by ply.
    let mut p = pos(JIEQI_START_FEN);
    let mut read = Vec::new();
    for text in record.split_whitespace() {
        let m = xqr_core::notation::parse_move(&p, text).unwrap();
        read.push(m.to_string());
        p.play(m).unwrap();
    }
    assert_eq!(
        read,
        ["h2e2C", "h9g7n", "b2b9Nr", "c6c5p", "b0c2R", "a6a5p", "e2e6p"]
    );
    // b9's rook and e6's pawn are accounted for: Black's pool lost them with the reveals.
    assert_eq!(p.pool().to_string(), "A2B2N1R1C1P5a2b2n1r1c2p2");
}

#[test]
fn a_reveal_the_pool_cannot_supply_is_a_located_error() {
    // Red has two cannons: a third revealed cannon is impossible.
    for policy in [IllegalMovePolicy::Reject, IllegalMovePolicy::Rule] {
        let err = judge_with(None, "h2e2C h9g7n b2b1C c6c5p a0a1C", policy).unwrap_err();
        match &err {
            JudgeError::IllegalMove { ply, text, reason } => {
                assert_eq!((*ply, text.as_str()), (5, "a0a1C"));
                assert!(reason.contains("none is left in the pool"), "{reason}");
            }
            other => panic!("{other:?}"),
        }
    }
    // A captured identity counts too: both black rooks accounted for, a third is an error.
    let err = judge(None, "b2b9Cr a6a5r h2h9Cr").unwrap_err();
    assert!(
        matches!(err, JudgeError::IllegalMove { ply: 3, .. }),
        "{err:?}"
    );
    // A hidden piece moved without saying what it is cannot be judged.
    let err = judge(None, "h2e2").unwrap_err();
    assert!(err.to_string().contains("must reveal"), "{err}");
}

#[test]
fn an_impossible_move_loses_when_ruled() {
    // §7.4.2: a hidden horse cannot go straight.
    let v = judge_with(None, "b0b1N", IllegalMovePolicy::Rule).unwrap();
    assert_eq!(v.result.pgn(), "0-1");
    assert_eq!(rule(&v), "jieqi §7.4.2");
}

#[test]
fn standard_editions_refuse_jieqi_games() {
    let game = GameInput {
        fen: Some(JIEQI_START_FEN.to_owned()),
        moves: vec!["h2e2C".into()],
        ..GameInput::default()
    };
    let err = xqr_cxa1999::Cxa1999::new()
        .judge(&game, &JudgeOptions::default())
        .unwrap_err();
    assert!(matches!(err, JudgeError::Unsupported { .. }), "{err:?}");
    // A standard FEN is a Jieqi position with every piece face up (endgame studies).
    let v = judge(Some(xqr_core::fen::START_FEN), "h2e2 h9g7").unwrap();
    assert_eq!(v.result.pgn(), "*");
}

#[test]
fn perft_counts_one_child_per_distinct_pool_identity() {
    // A hidden rook-point piece on a0 (12 moves: a1–a9, b0–d0), the king on e0 (d0, f0, e1).
    // Pool {R}: 12 × 1 + 3 = 15; pool {R, R}: still one distinct identity; pool {R, P}: 12 × 2 + 3.
    assert_eq!(perft(&pos("3k5/9/9/9/9/9/9/9/9/X3K4 w R - 0 1"), 1), 15);
    assert_eq!(perft(&pos("3k5/9/9/9/9/9/9/9/9/X3K4 w R2 - 0 1"), 1), 15);
    let p = pos("3k5/9/9/9/9/9/9/9/9/X3K4 w RP - 0 1");
    assert_eq!(perft(&p, 1), 27);
    // Depth 2: Black's king has e9 and d8 after every Red move (nothing Red moves reaches d8,
    // e9 or the d-file), plus d9xd0 when Red's king steps to d0 and the kings face (§5.1.2):
    // 24 × 2 + (3 + 2 + 2) = 55.
    assert_eq!(perft(&p, 2), 55);
    // Black: a hidden pawn on a6 (forward only) and the king's three steps.
    assert_eq!(perft(&pos("4k4/9/9/x8/9/9/9/9/9/3K5 b p - 0 1"), 1), 4);
    assert_eq!(perft(&pos("4k4/9/9/x8/9/9/9/9/9/3K5 b pr - 0 1"), 1), 5);
    // divide lists each reveal as its own first move and agrees with perft.
    let d = divide(&p, 2);
    assert_eq!(d.len(), 27);
    assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), 55);
    assert!(d
        .iter()
        .any(|(m, _)| *m == "a0a9P".parse::<Move>().unwrap()));
    // The Jieqi start: 43 hidden-piece moves × 6 identities + the king's e0-e1.
    assert_eq!(perft(&pos(JIEQI_START_FEN), 1), 259);
}
