//! The plugin side of the calls, without a library: panics become error replies, bad input
//! becomes error replies, and reasons cross the wire unchanged.

use xqr_core::rules::{GameInput, JudgeError, JudgeOptions, Ruleset, Verdict};
use xqr_core::{IllegalMove, Position};
use xqr_cxa1999::Cxa1999;
use xqr_plugin_sdk::protocol::{decode_reply, ReplyError, WireIllegalMove};
use xqr_plugin_sdk::{serve, XqrBuffer};

/// The 1999 rules with a `judge` that panics.
struct Panicky(Cxa1999);

impl Ruleset for Panicky {
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
    fn judge(&self, _: &GameInput, _: &JudgeOptions) -> Result<Verdict, JudgeError> {
        panic!("boom at {}", 42)
    }
}

fn panicky() -> &'static dyn Ruleset {
    static R: std::sync::OnceLock<Panicky> = std::sync::OnceLock::new();
    R.get_or_init(|| Panicky(Cxa1999::new()))
}

fn reply(buf: XqrBuffer) -> Vec<u8> {
    // SAFETY: the buffer comes from `serve` in this same binary.
    unsafe { buf.into_vec() }
}

#[test]
fn a_panic_comes_back_as_an_error() {
    let input = br#"{"game": {"moves": []}, "options": {}}"#;
    // SAFETY: `input` is readable for the call.
    let out = reply(unsafe { serve::judge(panicky, input.as_ptr(), input.len()) });
    match decode_reply::<Verdict>(&out) {
        Err(ReplyError::Plugin { message, .. }) => {
            // Said once, where it happened, in the reply (the hook prints nothing).
            assert!(
                message.starts_with("plugin panicked: boom at 42 (at ")
                    && message.contains("serve.rs:"),
                "{message}"
            )
        }
        other => panic!("expected the panic as an error, got {other:?}"),
    }
    // The ruleset still answers afterwards.
    let input = br#"{"fen": "5k3/9/9/9/9/9/9/9/9/3K5 w - - 0 1"}"#;
    // SAFETY: as above.
    let out = reply(unsafe { serve::legal_moves(panicky, input.as_ptr(), input.len()) });
    assert_eq!(decode_reply::<Vec<String>>(&out).unwrap().len(), 2);
}

#[test]
fn a_constructor_that_panics_is_an_error() {
    let out = reply(serve::meta(|| panic!("cannot build")));
    let message = decode_reply::<serde_json::Value>(&out)
        .unwrap_err()
        .to_string();
    assert!(
        message.starts_with("plugin panicked: cannot build (at "),
        "{message}"
    );
}

#[test]
fn bad_requests_are_errors() {
    for input in [
        &b"{"[..],
        b"[]",
        b"{\"fen\": 3}",
        b"{\"fen\": \"not a fen\"}",
    ] {
        // SAFETY: `input` is readable for the call.
        let out = reply(unsafe { serve::legal_moves(panicky, input.as_ptr(), input.len()) });
        assert!(matches!(
            decode_reply::<Vec<String>>(&out),
            Err(ReplyError::Plugin { .. })
        ));
    }
    // A null pointer with a length is refused, not read.
    // SAFETY: the pointer is null, which `serve` checks before reading.
    let out = reply(unsafe { serve::query(panicky, std::ptr::null(), 5) });
    assert!(decode_reply::<serde_json::Value>(&out).is_err());
    // A query whose history cannot be replayed.
    let q = br#"{"query": "game_end", "history": {"fen": "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "moves": ["a0a1"]}}"#;
    // SAFETY: as above.
    let out = reply(unsafe { serve::query(panicky, q.as_ptr(), q.len()) });
    let err = decode_reply::<serde_json::Value>(&out)
        .unwrap_err()
        .to_string();
    assert!(err.contains("ply 1"), "{err}");
}

#[test]
fn illegal_move_reasons_cross_the_wire_unchanged() {
    let pos = Position::new();
    let mut reasons: Vec<IllegalMove> = ["b0d1", "a3a2", "b2b7", "e0e2", "c0e2", "a0a0", "e3e4"]
        .iter()
        .filter_map(|m| pos.check_move(m.parse().unwrap()).err())
        .collect();
    reasons.push(IllegalMove::LeavesKingInCheck {
        color: xqr_core::Color::Red,
        attackers: ["e9".parse().unwrap(), "h2".parse().unwrap()]
            .into_iter()
            .collect(),
    });
    assert!(reasons.len() >= 6);
    for r in reasons {
        let json = serde_json::to_string(&WireIllegalMove::from(&r)).unwrap();
        let back: WireIllegalMove = serde_json::from_str(&json).unwrap();
        assert_eq!(IllegalMove::from(back), r, "{json}");
    }
}

fn cxa1999() -> &'static dyn Ruleset {
    static R: std::sync::OnceLock<Cxa1999> = std::sync::OnceLock::new();
    R.get_or_init(Cxa1999::new)
}

/// A rook checks from two files while the king has two points (1999 §26.1): Red loses.
const PERPETUAL_CHECK: &str = r#""game": {"fen": "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1", "moves": ["e1d1", "d9e9", "d1e1", "e9d9", "e1d1", "d9e9", "d1e1", "e9d9", "e1d1", "d9e9", "d1e1", "e9d9", "e1d1"]}, "options": {}"#;

fn judge_with(rs: fn() -> &'static dyn Ruleset, law: &str) -> Result<Verdict, ReplyError> {
    let input = format!("{{{PERPETUAL_CHECK}{law}}}");
    // SAFETY: `input` is readable for the call.
    decode_reply(&reply(unsafe {
        serve::judge(rs, input.as_ptr(), input.len())
    }))
}

#[test]
fn a_law_patch_applies_to_the_served_ruleset_spec() {
    let own = judge_with(cxa1999, "").unwrap();
    assert_eq!(own.result.pgn(), "0-1");
    assert_eq!(own.rule.unwrap().to_string(), "cxa-1999 §26.1");
    let law = r#", "law": {"patch": {"repetition": {"perpetual_check": "draw"}}, "ruleset": "lenient", "article": "club sheet"}"#;
    let patched = judge_with(cxa1999, law).unwrap();
    assert_eq!(patched.result.pgn(), "1/2-1/2", "{}", patched.explanation);
    // The manifest says the ruleset takes a patch: it is built on a Spec.
    let manifest: xqr_plugin_sdk::protocol::PluginManifest =
        decode_reply(&reply(serve::meta(cxa1999))).unwrap();
    assert!(manifest.accepts_law_patch);
}

#[test]
fn a_law_patch_that_does_not_apply_comes_back_as_a_patch_error() {
    let law = r#", "law": {"patch": {"counting": {"procedure": "cxa-2011", "repetitions": 4}}, "ruleset": "x", "article": "y"}"#;
    match judge_with(cxa1999, law) {
        Err(ReplyError::Plugin {
            patch_error: Some(e),
            ..
        }) => {
            assert_eq!(e.key, "counting.repetitions");
            assert!(e.message.contains("cxa-2011 §23.2"), "{}", e.message);
        }
        other => panic!("expected a patch error, got {other:?}"),
    }
    let input = r#"{"query": "check_law", "law": {"patch": {"repetition": {"perpetual_chase": "loses", "forbidden": ["perpetual_check"]}}, "ruleset": "x", "article": "y"}}"#;
    // SAFETY: `input` is readable for the call.
    let out = reply(unsafe { serve::query(cxa1999, input.as_ptr(), input.len()) });
    match decode_reply::<Option<()>>(&out) {
        Err(ReplyError::Plugin {
            patch_error: Some(e),
            ..
        }) => assert_eq!(e.key, "repetition.perpetual_chase"),
        other => panic!("expected a patch error, got {other:?}"),
    }
}

#[test]
fn a_ruleset_without_a_spec_rejects_a_law_patch() {
    let manifest: xqr_plugin_sdk::protocol::PluginManifest =
        decode_reply(&reply(serve::meta(panicky))).unwrap();
    assert!(!manifest.accepts_law_patch);
    let law = r#", "law": {"patch": {"repetition": {"perpetual_check": "draw"}}, "ruleset": "x", "article": "y"}"#;
    match judge_with(panicky, law) {
        Err(ReplyError::Plugin {
            message,
            patch_error: None,
            ..
        }) => assert!(message.contains("not built from a Spec"), "{message}"),
        other => panic!("expected an error, got {other:?}"),
    }
    for query in [
        r#"{"query": "check_law", "law": {"patch": {"definitions": {"mate_threat": 2}}, "ruleset": "x", "article": "y"}}"#,
        r#"{"query": "repetition", "history": {"fen": "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1", "moves": ["e1d1"]}, "law": {"patch": {"definitions": {"mate_threat": 2}}, "ruleset": "x", "article": "y"}}"#,
    ] {
        // SAFETY: `query` is readable for the call.
        let out = reply(unsafe { serve::query(panicky, query.as_ptr(), query.len()) });
        match decode_reply::<serde_json::Value>(&out) {
            Err(ReplyError::Plugin { message, .. }) => {
                assert!(message.contains("not built from a Spec"), "{message}")
            }
            other => panic!("expected an error, got {other:?}"),
        }
    }
}
