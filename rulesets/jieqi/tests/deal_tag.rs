//! A deal carried in a record (the `Deal` and `DealSeed` tags): the judge fills in the reveals
//! (§7.5.1) and captured identities (§7.5.4) the moves leave out.

use std::collections::BTreeMap;

use xqr_core::fen::JIEQI_START_FEN;
use xqr_core::rules::{GameInput, IllegalMovePolicy, JudgeError, JudgeOptions, Ruleset, Verdict};
use xqr_core::Move;
use xqr_jieqi::record::{complete_record, DEAL_SEED_TAG, DEAL_TAG};
use xqr_jieqi::{Deal, Jieqi, JieqiGame, JieqiLegality};

const SMALL_FEN: &str = "3k1x3/9/9/9/9/9/9/9/9/X3K4 w Ra - 0 1";
const SMALL_DEAL: &str = "3k1a3/9/9/9/9/9/9/9/9/R3K4";

fn input(fen: Option<&str>, moves: &[String], tags: &[(&str, &str)]) -> GameInput {
    GameInput {
        fen: fen.map(str::to_owned),
        moves: moves.iter().map(xqr_core::MoveText::from).collect(),
        tags: tags
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect::<BTreeMap<_, _>>(),
    }
}

fn words(moves: &str) -> Vec<String> {
    moves.split_whitespace().map(str::to_owned).collect()
}

fn judge(game: &GameInput, policy: IllegalMovePolicy) -> Result<Verdict, JudgeError> {
    let options = JudgeOptions {
        illegal_moves: policy,
        all_plies: true,
        ..JudgeOptions::default()
    };
    Jieqi::new().judge(game, &options)
}

/// A game of up to `plies` plies under the deal of `seed`, chosen deterministically among the
/// moves the deal allows: the annotated record (reveals and captured identities) and the bare
/// one (squares only).
fn seeded_game(seed: u64, plies: usize) -> (Vec<String>, Vec<String>) {
    let mut game = JieqiGame::from_seed(seed);
    for k in 0..plies {
        let pos = game.position().clone();
        if pos.king(pos.turn()).is_none() {
            break;
        }
        // The moves as squares only (the generator lists a hidden piece's move once per
        // identity it may reveal); the game fills in what the deal says.
        let mut moves: Vec<Move> = pos
            .legal_moves()
            .iter()
            .map(|m| Move::new(m.from, m.to))
            .collect();
        moves.dedup();
        if moves.is_empty() {
            break;
        }
        // Captures first, so that hidden pieces get taken.
        let captures: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| pos.board().get(m.to).is_some())
            .collect();
        let pool = if captures.is_empty() {
            &moves
        } else {
            &captures
        };
        game.play(pool[(k * 7 + seed as usize) % pool.len()])
            .unwrap();
    }
    let annotated: Vec<String> = game
        .history()
        .moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    let bare = game
        .history()
        .moves()
        .iter()
        .map(|m| Move::new(m.from, m.to).to_string())
        .collect();
    (annotated, bare)
}

#[test]
fn a_record_with_its_deal_and_bare_moves_is_judged_as_the_annotated_record() {
    for seed in [1, 42, 2024] {
        let (annotated, bare) = seeded_game(seed, 40);
        assert!(
            annotated.iter().any(|m| m.len() == 6),
            "seed {seed}: no hidden piece was captured by a hidden one: {annotated:?}"
        );
        let deal = Deal::from_seed(seed);
        let start = xqr_core::Position::from_fen(JIEQI_START_FEN, xqr_jieqi::MOVE_RULES).unwrap();
        let want = judge(&input(None, &annotated, &[]), IllegalMovePolicy::Reject).unwrap();
        let by_board = input(None, &bare, &[(DEAL_TAG, &deal.placement(&start))]);
        let seed_text = seed.to_string();
        let by_seed = input(Some(JIEQI_START_FEN), &bare, &[(DEAL_SEED_TAG, &seed_text)]);
        for game in [by_board, by_seed] {
            let completed = complete_record(&game, &JieqiLegality).unwrap();
            assert_eq!(completed.moves, annotated, "seed {seed}");
            let got = judge(&game, IllegalMovePolicy::Reject).unwrap();
            assert_eq!(got, want, "seed {seed}");
        }
    }
}

#[test]
fn the_dealt_identity_decides_the_game() {
    // §7.5.1: the hidden rook-point piece on a0 moves as a rook and shows what it was dealt.
    let moves = words("a0a9 d9d8 a9f9 d8d9 f9d9");
    let v = judge(
        &input(Some(SMALL_FEN), &moves, &[(DEAL_TAG, SMALL_DEAL)]),
        IllegalMovePolicy::Reject,
    )
    .unwrap();
    assert_eq!(v.result.pgn(), "1-0");
    assert_eq!(v.rule.unwrap().to_string(), "jieqi §5.1.1");
    assert_eq!(v.decided_at_ply, Some(5));
    let plies: Vec<&str> = v.plies.iter().map(|p| p.mv.as_str()).collect();
    assert_eq!(plies, ["a0a9R", "d9d8", "a9f9a", "d8d9", "f9d9"]);
    // Dealt a horse there, the piece on a9 cannot go to f9 (§7.4.2 under the ruling policy).
    let fen = "3k1x3/9/9/9/9/9/9/9/9/X3K4 w Na - 0 1";
    let horse = input(
        Some(fen),
        &moves,
        &[(DEAL_TAG, "3k1a3/9/9/9/9/9/9/9/9/N3K4")],
    );
    let v = judge(&horse, IllegalMovePolicy::Rule).unwrap();
    assert_eq!(v.result.pgn(), "0-1");
    assert_eq!(v.rule.unwrap().to_string(), "jieqi §7.4.2");
    assert_eq!(v.decided_at_ply, Some(3));
}

#[test]
fn notations_other_than_iccs_get_the_captured_identity() {
    // §9.1 records the reveal (车九进九车) but not what a capture took; the deal supplies it.
    let game = input(
        Some(SMALL_FEN),
        &words("车九进九车 将４进１ 车九平四"),
        &[(DEAL_TAG, SMALL_DEAL)],
    );
    let completed = complete_record(&game, &JieqiLegality).unwrap();
    assert_eq!(completed.moves, ["车九进九车", "将４进１", "a9f9a"]);
}

#[test]
fn a_reveal_that_contradicts_the_deal_is_an_error_at_its_ply() {
    for policy in [IllegalMovePolicy::Reject, IllegalMovePolicy::Rule] {
        let game = input(
            Some(SMALL_FEN),
            &words("a0a8 f9e8n"),
            &[(DEAL_TAG, SMALL_DEAL)],
        );
        match judge(&game, policy).unwrap_err() {
            JudgeError::IllegalMove { ply, text, reason } => {
                assert_eq!((ply, text.as_str()), (2, "f9e8n"));
                assert!(reason.contains("on f9 was dealt a, not n"), "{reason}");
                assert!(reason.contains("tag Deal"), "{reason}");
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_captured_identity_that_contradicts_the_deal_is_an_error_at_its_ply() {
    let seed = "42";
    // Seed 42 deals a pawn on b2 and a pawn on b9: the record says b2 took a horse.
    let game = input(None, &words("h2e2 h9g7 b2b9Pn"), &[(DEAL_SEED_TAG, seed)]);
    match judge(&game, IllegalMovePolicy::Reject).unwrap_err() {
        JudgeError::IllegalMove { ply, text, reason } => {
            assert_eq!((ply, text.as_str()), (3, "b2b9Pn"));
            assert!(
                reason.contains("captured on b9 was dealt p, not n"),
                "{reason}"
            );
            assert!(reason.contains("tag DealSeed"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    // A face-up mover's capture letter (b2b9n) is read as the captured identity too.
    let game = input(
        Some(SMALL_FEN),
        &words("a0a9 d9d8 a9f9r"),
        &[(DEAL_TAG, SMALL_DEAL)],
    );
    let err = judge(&game, IllegalMovePolicy::Reject).unwrap_err();
    assert_eq!(err.ply(), Some(3));
    assert!(err.to_string().contains("dealt a, not r"), "{err}");
}

fn bad_tag(game: &GameInput) -> (String, String) {
    match judge(game, IllegalMovePolicy::Reject).unwrap_err() {
        JudgeError::BadTag { tag, reason, .. } => (tag, reason),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_deal_that_does_not_fit_the_start_is_an_error_naming_the_tag() {
    let moves = words("a0a9");
    // An identity where the position has a face-up piece, or too many rooks for the pool.
    let (tag, reason) = bad_tag(&input(
        Some(SMALL_FEN),
        &moves,
        &[(DEAL_TAG, "3k1a3/9/9/9/9/9/9/9/9/R3R4")],
    ));
    assert_eq!(tag, "Deal");
    assert!(reason.contains("e0"), "{reason}");
    let (tag, reason) = bad_tag(&input(
        Some(SMALL_FEN),
        &moves,
        &[(DEAL_TAG, "3k1r3/9/9/9/9/9/9/9/9/R3K4")],
    ));
    assert_eq!(tag, "Deal");
    assert!(reason.contains("pool"), "{reason}");
    let (tag, _) = bad_tag(&input(Some(SMALL_FEN), &moves, &[(DEAL_TAG, "R3K4")]));
    assert_eq!(tag, "Deal");
    // A seed deals the Jieqi start only.
    let (tag, reason) = bad_tag(&input(Some(SMALL_FEN), &moves, &[(DEAL_SEED_TAG, "42")]));
    assert_eq!(tag, "DealSeed");
    assert!(
        reason.contains("does not fit the start position"),
        "{reason}"
    );
    let (tag, reason) = bad_tag(&input(None, &moves, &[(DEAL_SEED_TAG, "forty-two")]));
    assert_eq!(tag, "DealSeed");
    assert!(reason.contains("not a seed"), "{reason}");
    // Both tags must agree.
    let start = xqr_core::Position::from_fen(JIEQI_START_FEN, xqr_jieqi::MOVE_RULES).unwrap();
    let other = Deal::from_seed(43).placement(&start);
    let (tag, reason) = bad_tag(&input(
        None,
        &moves,
        &[(DEAL_TAG, &other), (DEAL_SEED_TAG, "42")],
    ));
    assert_eq!(tag, "DealSeed");
    assert!(reason.contains("not the Deal tag's"), "{reason}");
    let err = judge(
        &input(
            None,
            &words("h2e2"),
            &[(DEAL_TAG, &other), (DEAL_SEED_TAG, "43")],
        ),
        IllegalMovePolicy::Reject,
    );
    assert!(err.is_ok(), "{err:?}");
}

#[test]
fn a_record_without_a_deal_is_read_as_written() {
    let game = input(None, &words("h2e2"), &[]);
    let completed = complete_record(&game, &JieqiLegality).unwrap();
    assert!(matches!(completed, std::borrow::Cow::Borrowed(_)));
    let err = judge(&game, IllegalMovePolicy::Reject).unwrap_err();
    assert!(err.to_string().contains("must reveal"), "{err}");
}

#[test]
fn moves_after_an_illegal_one_are_left_as_written() {
    // h2's hidden cannon-point piece cannot move like a horse (§7.4.2); the judge rules on the
    // completed move and never reads the rest.
    let game = input(None, &words("h2g4 h9g7"), &[(DEAL_SEED_TAG, "42")]);
    let completed = complete_record(&game, &JieqiLegality).unwrap();
    assert_eq!(completed.moves, ["h2g4B", "h9g7"]);
    let v = judge(&game, IllegalMovePolicy::Rule).unwrap();
    assert_eq!(v.rule.unwrap().to_string(), "jieqi §7.4.2");
    assert_eq!(v.decided_at_ply, Some(1));
}

/// A record that says it is Jieqi only by its deal (bare moves, no FEN, no `Variant` tag) is
/// not judged as standard Xiangqi by an edition that does not play hidden pieces.
#[test]
fn a_deal_tag_alone_makes_a_record_jieqi_for_the_standard_editions() {
    for tag in [DEAL_SEED_TAG, DEAL_TAG] {
        let value = if tag == DEAL_SEED_TAG {
            "42".to_owned()
        } else {
            Deal::from_seed(42).placement(
                &xqr_core::Position::from_fen(JIEQI_START_FEN, xqr_jieqi::MOVE_RULES)
                    .expect("the Jieqi start"),
            )
        };
        let game = input(None, &words("h2e2"), &[(tag, &value)]);
        let err = xqr_cxa1999::Cxa1999::new()
            .judge(&game, &JudgeOptions::default())
            .unwrap_err();
        assert!(
            matches!(&err, JudgeError::Unsupported { .. }),
            "{tag}: {err:?}"
        );
    }
}
