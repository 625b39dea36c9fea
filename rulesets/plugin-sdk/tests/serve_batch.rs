//! Batch `judge` requests (protocol version 5) on the plugin side: one reply per game, in
//! order, each the reply that game alone gets; a panic on one game is that game's error only.
//! Packed requests (protocol version 6) get the replies of the same requests in JSON.

use xqr_core::rules::{GameInput, JudgeError, JudgeOptions, Ruleset, Verdict};
use xqr_cxa1999::Cxa1999;
use xqr_plugin_sdk::protocol::packed::{Packed, PackedGames};
use xqr_plugin_sdk::protocol::{decode_batch_reply, decode_reply, JudgeBatchRequest, ReplyError};
use xqr_plugin_sdk::{serve, XqrBuffer};

/// The 1999 rules, panicking on a game tagged `Panic`.
struct PanicOnTag(Cxa1999);

impl Ruleset for PanicOnTag {
    fn meta(&self) -> &xqr_core::rules::RulesetMeta {
        self.0.meta()
    }
    fn legality(&self) -> &dyn xqr_core::rules::MoveLegality {
        self.0.legality()
    }
    fn visibility(&self) -> &dyn xqr_core::rules::PieceVisibility {
        self.0.visibility()
    }
    fn repetition(&self) -> &dyn xqr_core::rules::RepetitionJudge {
        self.0.repetition()
    }
    fn scoring(&self) -> &dyn xqr_core::rules::Scoring {
        self.0.scoring()
    }
    fn judge(&self, game: &GameInput, options: &JudgeOptions) -> Result<Verdict, JudgeError> {
        if game.tags.contains_key("Panic") {
            panic!("boom on a tagged game");
        }
        self.0.judge(game, options)
    }
}

fn ruleset() -> &'static dyn Ruleset {
    static R: std::sync::OnceLock<PanicOnTag> = std::sync::OnceLock::new();
    R.get_or_init(|| PanicOnTag(Cxa1999::new()))
}

fn call(input: &[u8]) -> Vec<u8> {
    // SAFETY: `input` is readable for the call.
    let buf: XqrBuffer = unsafe { serve::judge(ruleset, input.as_ptr(), input.len()) };
    // SAFETY: the buffer comes from `serve` in this same binary.
    unsafe { buf.into_vec() }
}

fn game(moves: &str, tags: &[(&str, &str)]) -> GameInput {
    GameInput {
        fen: None,
        moves: moves
            .split_whitespace()
            .map(xqr_core::MoveText::from)
            .collect(),
        tags: tags
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

/// The reply to `game` alone.
fn single(game: &GameInput) -> Vec<u8> {
    let input = serde_json::json!({"game": game, "options": JudgeOptions::default()});
    call(&serde_json::to_vec(&input).unwrap())
}

#[test]
fn each_game_of_a_batch_gets_the_reply_it_gets_alone() {
    let games = vec![
        game("h2e2 h9g7", &[("Result", "*")]),
        game("h2e2 a9a5", &[]), // a rook move the rook cannot make: a judge error at ply 2
        game("h2e2", &[("Panic", "yes")]),
        game("c3c4 c6c5 h2e2", &[]),
    ];
    let request = JudgeBatchRequest {
        games: games.clone(),
        ..JudgeBatchRequest::default()
    };
    let reply = call(&serde_json::to_vec(&request).unwrap());
    let replies = decode_batch_reply::<Verdict>(&reply).unwrap();
    assert_eq!(replies.len(), games.len());
    for (game, batched) in games.iter().zip(&replies) {
        assert_eq!(batched, &decode_reply::<Verdict>(&single(game)), "{game:?}");
    }
    assert!(replies[0].is_ok() && replies[3].is_ok());
    match &replies[1] {
        Err(ReplyError::Plugin {
            judge_error: Some(e),
            ..
        }) => assert_eq!(e.ply(), Some(2)),
        other => panic!("expected a judge error, got {other:?}"),
    }
    match &replies[2] {
        Err(ReplyError::Plugin { message, .. }) => {
            assert!(
                message.starts_with("plugin panicked: boom on a tagged game"),
                "{message}"
            )
        }
        other => panic!("expected the panic as that game's error, got {other:?}"),
    }
}

#[test]
fn a_request_with_game_and_games_is_refused() {
    let reply = call(br#"{"game": {}, "games": [{}]}"#);
    let e = decode_reply::<Verdict>(&reply).unwrap_err();
    assert!(e.to_string().contains("not both"), "{e}");
}

#[test]
fn a_request_without_a_game_gets_the_single_request_error() {
    let e = decode_reply::<Verdict>(&call(br#"{"options": {}}"#)).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("bad request: missing field `game`"),
        "{e}"
    );
}

#[test]
fn a_bad_law_patch_fails_the_whole_batch() {
    let input = br#"{"games": [{}, {}], "law": {"patch": {"repetition": {"no_such_key": "draw"}},
        "ruleset": "x", "article": "y"}}"#;
    let e = decode_batch_reply::<Verdict>(&call(input)).unwrap_err();
    assert!(matches!(e, ReplyError::Plugin { .. }), "{e:?}");
}

/// The games of `games`, packed (protocol version 6).
fn packed(games: &[GameInput], as_one: bool) -> Vec<u8> {
    let mut p = PackedGames::default();
    for g in games {
        let tags: Vec<(&str, &str)> = g.tags.iter().map(|(k, v)| (&**k, &**v)).collect();
        p.push(g.fen.as_deref(), &g.moves, &tags);
    }
    let kind = if as_one { Packed::Game } else { Packed::Games };
    p.finish(kind, &JudgeOptions::default(), None).unwrap()
}

#[test]
fn packed_games_get_the_replies_of_the_same_games_in_json() {
    let games = vec![
        game("h2e2 h9g7", &[("Result", "1-0")]),
        game("h2e2 a9a5", &[]),
        game("h2e2", &[("Panic", "yes")]),
        game("炮二平五 馬８進７ 馬二進三", &[("Event", "全國個人賽")]),
    ];
    for g in &games {
        assert_eq!(
            call(&packed(std::slice::from_ref(g), true)),
            single(g),
            "{g:?}"
        );
    }
    let request = JudgeBatchRequest {
        games: games.clone(),
        ..JudgeBatchRequest::default()
    };
    let json = call(&serde_json::to_vec(&request).unwrap());
    assert_eq!(call(&packed(&games, false)), json);
    assert_eq!(decode_batch_reply::<Verdict>(&json).unwrap().len(), 4);
}

#[test]
fn a_malformed_packed_request_gets_one_error_saying_what_is_wrong() {
    let mut bytes = packed(&[game("h2e2 h9g7", &[])], false);
    bytes.pop();
    let e = decode_batch_reply::<Verdict>(&call(&bytes)).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("bad request: packed request: a move, 4 bytes from byte 4"),
        "{e}"
    );
}
