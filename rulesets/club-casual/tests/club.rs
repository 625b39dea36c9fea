//! The club rules judged in-process, and the exported table called without loading a library.

use xqr_core::rules::{GameInput, JudgeError, JudgeOptions, Ruleset, Termination, Verdict};
use xqr_core::{MoveRules, Position};
use xqr_plugin_sdk::protocol::{decode_reply, PluginManifest, Query, WireHistory};
use xqr_plugin_sdk::{XqrBuffer, XqrPluginTable, ABI_VERSION, MAGIC, PROTOCOL_VERSION, TABLE_SIZE};

fn game(fen: &str, moves: &str) -> GameInput {
    GameInput {
        fen: Some(fen.into()),
        moves: moves
            .split_whitespace()
            .map(xqr_core::MoveText::from)
            .collect(),
        ..GameInput::default()
    }
}

fn judge(rs: &dyn Ruleset, fen: &str, moves: &str) -> Result<Verdict, JudgeError> {
    rs.judge(&game(fen, moves), &JudgeOptions::default())
}

/// Red checks on the d-file; Black's pawn a3 is its only other piece.
const IGNORED_CHECK: &str = "3k5/9/9/9/9/9/p8/9/4R4/5K3 w - - 0 1";

#[test]
fn ignoring_check_is_legal_and_the_king_may_be_taken() {
    let rs = xqr_club_casual::ClubCasual::new();
    let v = judge(&rs, IGNORED_CHECK, "e1d1 a3a2 d1d9").unwrap();
    assert_eq!(v.result.pgn(), "1-0");
    assert_eq!(v.termination, Some(Termination::KingCaptured));
    assert_eq!(v.winner, Some(xqr_core::Color::Red));
    assert_eq!(v.rule.unwrap().to_string(), "club-casual club sheet 二.4");
    assert_eq!(v.decided_at_ply, Some(3));

    // Until Red takes, the game goes on.
    let v = judge(&rs, IGNORED_CHECK, "e1d1 a3a2").unwrap();
    assert_eq!(v.result.pgn(), "*");

    // Under 1999 the same record is wrong at ply 2.
    let err = judge(&xqr_cxa1999::Cxa1999::new(), IGNORED_CHECK, "e1d1 a3a2").unwrap_err();
    assert_eq!(err.ply(), Some(2));
}

#[test]
fn checkmate_and_perpetual_check_as_in_1999() {
    let rs = xqr_club_casual::ClubCasual::new();
    // Every black move leaves the king to be taken: mate, as under 1999 §4.1.1.
    let v = judge(&rs, "3k5/9/4R4/9/9/9/9/9/9/4K4 w - - 0 1", "e7d7").unwrap();
    assert_eq!(v.result.pgn(), "1-0");
    assert_eq!(v.termination, Some(Termination::Checkmate));
    assert_eq!(v.rule.unwrap().to_string(), "cxa-1999 §4.1.1");

    // Perpetual check loses (1999 §26.1), under this ruleset's id.
    // Three full cycles and one more check: Black claims in its own time (1999 §24, §8.5).
    let moves = "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9 e1d1";
    let fen = "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1";
    let club = judge(&rs, fen, moves).unwrap();
    let cxa = judge(&xqr_cxa1999::Cxa1999::new(), fen, moves).unwrap();
    assert_eq!(club.result, cxa.result);
    assert_eq!(club.termination, Some(Termination::PerpetualCheck));
    assert_eq!(club.decided_at_ply, cxa.decided_at_ply);
    assert_eq!(club.rule.unwrap().to_string(), "cxa-1999 §26.1");
}

#[test]
fn moves_may_leave_the_king_attacked() {
    let rs = xqr_club_casual::ClubCasual::new();
    assert_eq!(rs.meta().extends.as_deref(), Some("cxa-1999"));
    assert_eq!(rs.scoring().points().win.to_string(), "3");
    assert_eq!(rs.scoring().points().draw_red.to_string(), "1");
    let pos = Position::from_fen(
        "3k5/9/9/9/9/9/p8/9/3R5/5K3 b - - 0 1",
        rs.legality().move_rules(),
    )
    .unwrap();
    let club = rs.legality().legal_moves(&pos).len();
    let standard = Position::from_fen(&pos.fen(), MoveRules::STANDARD)
        .unwrap()
        .legal_moves()
        .len();
    assert!(
        club > standard,
        "{club} moves vs {standard} under the standard rules"
    );
}

extern "C" {
    // Exported by `xqr_plugin!` in the crate under test (linked as an rlib).
    fn xqr_plugin_entry() -> *const XqrPluginTable;
}

/// Calls `f` of the table with `input` and decodes the reply.
fn call<T: serde::de::DeserializeOwned>(
    table: &XqrPluginTable,
    f: xqr_plugin_sdk::XqrCallFn,
    input: &str,
) -> Result<T, xqr_plugin_sdk::protocol::ReplyError> {
    // SAFETY: `input` is valid for the call; the buffer returned is read, then freed once by
    // the same table.
    unsafe {
        let buf = f(input.as_ptr(), input.len());
        let out = read(table, buf);
        decode_reply(&out)
    }
}

/// Copies and frees a returned buffer.
///
/// # Safety
///
/// `buf` was returned by `table` and is not used again.
unsafe fn read(table: &XqrPluginTable, buf: XqrBuffer) -> Vec<u8> {
    // SAFETY: the plugin returns `len` readable bytes at `ptr`.
    let out = unsafe { std::slice::from_raw_parts(buf.ptr, buf.len) }.to_vec();
    // SAFETY: given back once, unchanged.
    unsafe { (table.free_buffer.unwrap())(buf) };
    out
}

#[test]
fn the_exported_table_answers_in_process() {
    // SAFETY: the macro's entry returns a pointer to a static table.
    let table = unsafe { &*xqr_plugin_entry() };
    assert_eq!(table.magic, MAGIC);
    assert_eq!(table.abi_version, ABI_VERSION);
    assert_eq!(table.struct_size, TABLE_SIZE);
    assert_eq!(table.protocol_version, PROTOCOL_VERSION);

    // SAFETY: `meta` returns a buffer of this table.
    let meta = unsafe { read(table, (table.meta.unwrap())()) };
    let manifest: PluginManifest = decode_reply(&meta).unwrap();
    assert_eq!(manifest.id, "club-casual");
    assert!(manifest.validate().is_ok());

    let req = serde_json::json!({"game": game(IGNORED_CHECK, "e1d1 a3a2 d1d9"), "options": {}});
    let v: Verdict = call(table, table.judge.unwrap(), &req.to_string()).unwrap();
    assert_eq!(v.termination, Some(Termination::KingCaptured));

    let moves: Vec<String> = call(
        table,
        table.legal_moves.unwrap(),
        r#"{"fen": "3k5/9/9/9/9/9/p8/9/3R5/5K3 b - - 0 1"}"#,
    )
    .unwrap();
    assert!(moves.contains(&"a3a2".to_owned()), "{moves:?}");

    let q = Query::GameEnd {
        history: WireHistory {
            fen: IGNORED_CHECK.into(),
            moves: vec!["e1d1".into(), "a3a2".into(), "d1d9".into()],
        },
    };
    let end: Option<xqr_core::rules::GameEnd> = call(
        table,
        table.query.unwrap(),
        &serde_json::to_string(&q).unwrap(),
    )
    .unwrap();
    assert_eq!(end.unwrap().termination, Termination::KingCaptured);

    // Bad input comes back as an error reply, never a panic.
    let err = call::<Verdict>(table, table.judge.unwrap(), "not json").unwrap_err();
    assert!(err.to_string().contains("bad request"), "{err}");
    let bad_move = serde_json::json!({"game": game(IGNORED_CHECK, "e1d1 zz"), "options": {}});
    match call::<Verdict>(table, table.judge.unwrap(), &bad_move.to_string()) {
        Err(xqr_plugin_sdk::protocol::ReplyError::Plugin { judge_error, .. }) => {
            assert_eq!(judge_error.and_then(|e| e.ply()), Some(2))
        }
        other => panic!("expected an error reply, got {other:?}"),
    }
    // SAFETY: a null input with length 0 is the empty input.
    let empty = unsafe { read(table, (table.legal_moves.unwrap())(std::ptr::null(), 0)) };
    assert!(decode_reply::<Vec<String>>(&empty).is_err());
}
