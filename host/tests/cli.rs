//! End-to-end tests of the `xqr` binary: output formats, exit statuses and error messages.

use std::path::{Path, PathBuf};

mod common;
use common::{bad_input, json, ok, stderr, stdout};

fn sample() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("samples/sample.pgn");
    path.to_str().expect("UTF-8 path").to_owned()
}

/// A file under the system temporary directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, contents: &[u8]) -> TempFile {
        let path = std::env::temp_dir().join(format!("xqr-cli-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).expect("write temp file");
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("UTF-8 path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The shared CCPD corpus file `name` (Big5), beside the repository.
fn ccpd(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data/games/ccpd")
        .join(name)
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

#[test]
fn perft_text() {
    let o = ok(&["perft", "--depth", "3"]);
    let out = stdout(&o);
    assert!(out.starts_with("perft(3) = 79666 nodes in "), "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
    let o = ok(&["perft", "--fen", START, "--depth", "3"]);
    assert!(stdout(&o).starts_with("perft(3) = 79666 nodes"));
}

#[test]
fn perft_json() {
    for args in [
        &["perft", "--depth", "3", "--format", "json"][..],
        &["--format", "json", "perft", "--depth", "3"][..],
    ] {
        let v = json(&ok(args));
        let obj = v.as_object().expect("an object");
        assert_eq!(obj.len(), 2, "{v}");
        assert_eq!(v["nodes"], 79666);
        assert!(v["seconds"].as_f64().is_some_and(|s| s >= 0.0), "{v}");
    }
}

#[test]
fn perft_other_position() {
    // From the shared reference counts (chessprogramming.org, Fairy-Stockfish, wukong-xiangqi).
    let fen = "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1";
    let v = json(&ok(&[
        "perft", "--fen", fen, "--depth", "3", "--format", "json",
    ]));
    assert_eq!(v["nodes"], 8124);
}

#[test]
fn perft_divide() {
    let v = json(&ok(&[
        "perft", "--depth", "2", "--divide", "--format", "json",
    ]));
    assert_eq!(v["nodes"], 1920);
    let d = v["divide"].as_array().expect("divide array");
    assert_eq!(d.len(), 44);
    let sum: u64 = d.iter().map(|e| e["nodes"].as_u64().expect("count")).sum();
    assert_eq!(sum, 1920);
    assert!(d.iter().any(|e| e["move"] == "h2e2"));

    let out = stdout(&ok(&["perft", "--depth", "2", "--divide"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 46, "{out}");
    assert!(lines.iter().any(|l| l.starts_with("h2e2: ")), "{out}");
    assert_eq!(lines[44], "");
    assert!(lines[45].starts_with("perft(2) = 1920 nodes"), "{out}");
}

#[test]
fn perft_depth_zero() {
    assert_eq!(
        json(&ok(&["perft", "--depth", "0", "--format", "json"]))["nodes"],
        1
    );
}

#[test]
fn moves_text_and_json() {
    let text = stdout(&ok(&["moves"]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 44, "{text}");
    assert!(lines.contains(&"h2e2") && lines.contains(&"b0c2"), "{text}");
    assert!(lines.iter().all(|l| l.len() == 4), "{text}");

    let v = json(&ok(&["moves", "--fen", START, "--format", "json"]));
    let arr = v.as_array().expect("an array");
    assert_eq!(arr.len(), 44);
    let json_moves: Vec<&str> = arr.iter().map(|m| m.as_str().expect("a string")).collect();
    assert_eq!(json_moves, lines, "text and JSON list the same moves");
}

#[test]
fn moves_checkmate_is_empty() {
    // Black king e9 checked by the pawn on e8, which it cannot take (the kings would face each
    // other); the rooks on d1 and f1 guard d9 and f9.
    let mate = "4k4/4P4/9/9/9/9/9/9/3R1R3/4K4 b - - 0 1";
    assert_eq!(
        json(&ok(&["moves", "--fen", mate, "--format", "json"])),
        serde_json::json!([])
    );
    assert_eq!(stdout(&ok(&["moves", "--fen", mate])), "");
    let escape = "4k4/4P4/9/9/9/9/9/9/3R5/4K4 b - - 0 1";
    assert_eq!(
        json(&ok(&["moves", "--fen", escape, "--format", "json"])),
        serde_json::json!(["e9f9"])
    );
}

#[test]
fn bad_fen_names_the_field() {
    let err = bad_input(&[
        "moves",
        "--fen",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKZBNR w - - 0 1",
    ]);
    assert!(err.contains("field 1 (piece placement)"), "{err}");
    assert!(err.contains("unexpected character 'Z'"), "{err}");

    let err = bad_input(&[
        "perft",
        "--depth",
        "2",
        "--fen",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1",
        "--format",
        "json",
    ]);
    assert!(err.contains("field 2 (side to move)"), "{err}");

    let err = bad_input(&[
        "perft",
        "--depth",
        "1",
        "--fen",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0",
    ]);
    assert!(err.contains("move number must be at least 1"), "{err}");

    let err = bad_input(&["moves", "--fen", "4k4/9/9/9/9/9/9/9/9/9 w - - 0 1"]);
    assert!(
        err.contains("not a legal position") && err.contains("red has no king"),
        "{err}"
    );
}

#[test]
fn bad_arguments_exit_2() {
    let err = bad_input(&["perft", "--depth", "deep"]);
    assert!(err.contains("--depth"), "{err}");
    let err = bad_input(&["perft"]);
    assert!(err.contains("--depth"), "{err}");
    bad_input(&["moves", "--format", "yaml"]);
    bad_input(&["no-such-command"]);
}

/// The sample game's 43 moves in each notation (checked against the same game in wukong-xiangqi's
/// `xqdb_traditional.pgn` and `xqdb_international.pgn`).
const SAMPLE_ICCS_FIRST: [&str; 4] = ["h2e2", "b9c7", "h0g2", "c9e7"];
const SAMPLE_WXF_FIRST: [&str; 4] = ["C2.5", "H2+3", "H2+3", "E3+5"];
const SAMPLE_CHINESE_FIRST: [&str; 4] = ["炮二平五", "马２进３", "马二进三", "象３进５"];
const SAMPLE_LAST: [&str; 3] = ["e7e8", "R5+1", "车五进一"];

#[test]
fn convert_sample_text() {
    for (to, first, last) in [
        ("iccs", SAMPLE_ICCS_FIRST, SAMPLE_LAST[0]),
        ("wxf", SAMPLE_WXF_FIRST, SAMPLE_LAST[1]),
        ("chinese", SAMPLE_CHINESE_FIRST, SAMPLE_LAST[2]),
    ] {
        let out = stdout(&ok(&["convert", "--pgn", &sample(), "--to", to]));
        assert!(
            out.starts_with("[Event \"World Xiangqi Championships 1997\"]\n"),
            "{out}"
        );
        assert!(
            out.contains("[Source \"wukong-xiangqi by Maksim Korzh"),
            "{out}"
        );
        let first_line = format!("1. {} {}", first[0], first[1]);
        let second_line = format!("2. {} {}", first[2], first[3]);
        assert!(
            out.contains(&format!("\n\n{first_line}\n{second_line}\n")),
            "{to}: {out}"
        );
        assert!(out.ends_with(&format!("\n22. {last}\n*\n")), "{to}: {out}");
        assert_eq!(
            out.lines()
                .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit()))
                .count(),
            22
        );
    }
}

#[test]
fn convert_sample_json() {
    for (to, first, last) in [
        ("iccs", SAMPLE_ICCS_FIRST, SAMPLE_LAST[0]),
        ("wxf", SAMPLE_WXF_FIRST, SAMPLE_LAST[1]),
        ("chinese", SAMPLE_CHINESE_FIRST, SAMPLE_LAST[2]),
    ] {
        let v = json(&ok(&[
            "convert",
            "--pgn",
            &sample(),
            "--to",
            to,
            "--format",
            "json",
        ]));
        let games = v.as_array().expect("an array of games");
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g["game"], 1);
        assert_eq!(g["tags"]["Red"], "LE Thien Vi");
        assert_eq!(g["tags"]["Black"], "BI BingJian");
        assert_eq!(g["result"], "*");
        let moves: Vec<&str> = g["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m.as_str().expect("a string"))
            .collect();
        assert_eq!(moves.len(), 43, "{to}");
        assert_eq!(moves[..4], first, "{to}");
        assert_eq!(moves[42], last, "{to}");
        assert!(g.get("error").is_none());
    }
}

/// Three games: good (ICCS), an illegal fourth ply (a rook jumping its own pawn), good
/// (Chinese notation, with a result).
const MIXED: &str = "[Event \"one\"]\n1. h2e2 h9g7 2. h0g2 *\n\n\
[Event \"two\"]\n1. h2e2 h9g7 2. b0c2 a9a5 3. h0g2 *\n\n\
[Event \"three\"]\n[Result \"0-1\"]\n1. 炮二平五 马８进７ 2. 马二进三 0-1\n";

#[test]
fn convert_keeps_going_after_a_bad_game() {
    let file = TempFile::new("mixed.pgn", MIXED.as_bytes());
    let o = ok(&[
        "convert",
        "--pgn",
        file.path(),
        "--to",
        "wxf",
        "--format",
        "json",
    ]);
    let v = json(&o);
    let games = v.as_array().expect("an array");
    assert_eq!(games.len(), 3, "{v}");

    assert_eq!(games[0]["game"], 1);
    assert_eq!(
        games[0]["moves"],
        serde_json::json!(["C2.5", "H8+7", "H2+3"])
    );

    let bad = &games[1];
    assert_eq!(bad["game"], 2);
    assert_eq!(bad["ply"], 4, "{bad}");
    let msg = bad["error"].as_str().expect("an error message");
    assert!(msg.contains("a9a5") && msg.contains("blocked"), "{msg}");
    assert!(
        bad.get("moves").is_none() && bad.get("tags").is_none(),
        "{bad}"
    );

    assert_eq!(games[2]["game"], 3);
    assert_eq!(games[2]["result"], "0-1");
    assert_eq!(games[2]["tags"]["Event"], "three");
    assert_eq!(
        games[2]["moves"],
        serde_json::json!(["C2.5", "H8+7", "H2+3"])
    );

    // The failure is also reported on stderr, naming the file, game and ply.
    let err = stderr(&o);
    assert!(
        err.contains(file.path()) && err.contains("game 2") && err.contains("ply 4"),
        "{err}"
    );

    // Text: the good games as PGN, the bad one replaced by a comment.
    let o = ok(&["convert", "--pgn", file.path(), "--to", "chinese"]);
    let out = stdout(&o);
    assert!(
        out.contains("[Event \"one\"]\n\n1. 炮二平五 马８进７\n2. 马二进三\n*\n"),
        "{out}"
    );
    assert!(out.contains("{ not converted: game 2 "), "{out}");
    assert!(
        out.contains(
            "[Event \"three\"]\n[Result \"0-1\"]\n\n1. 炮二平五 马８进７\n2. 马二进三\n0-1\n"
        ),
        "{out}"
    );
    assert!(!out.contains("[Event \"two\"]"), "{out}");
    assert!(stderr(&o).contains("ply 4"));
}

#[test]
fn convert_bad_fen_tag_has_no_ply() {
    let text = "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR q - - 0 1\"]\n1. h2e2 *\n\n\
                1. h2e2 *\n";
    let file = TempFile::new("badfen.pgn", text.as_bytes());
    let v = json(&ok(&[
        "convert",
        "--pgn",
        file.path(),
        "--to",
        "iccs",
        "--format",
        "json",
    ]));
    assert_eq!(v[0]["game"], 1);
    assert_eq!(v[0]["ply"], serde_json::Value::Null);
    assert!(
        v[0]["error"].as_str().is_some_and(|e| e.contains("FEN")),
        "{v}"
    );
    assert_eq!(v[1]["moves"], serde_json::json!(["h2e2"]));
}

#[test]
fn convert_unusable_files_exit_2() {
    let missing = std::env::temp_dir().join("xqr-cli-no-such-file.pgn");
    let missing = missing.to_str().expect("UTF-8 path");
    let err = bad_input(&["convert", "--pgn", missing, "--to", "iccs"]);
    assert!(
        err.contains(missing) && err.contains("cannot read"),
        "{err}"
    );

    let empty = TempFile::new("empty.pgn", b"\n\n");
    let err = bad_input(&[
        "convert",
        "--pgn",
        empty.path(),
        "--to",
        "iccs",
        "--format",
        "json",
    ]);
    assert!(
        err.contains(empty.path()) && err.contains("no game"),
        "{err}"
    );

    let all_bad = TempFile::new("allbad.pgn", b"1. h2e3 *\n\n1. h2e2 h2e2 *\n");
    let err = bad_input(&[
        "convert",
        "--pgn",
        all_bad.path(),
        "--to",
        "wxf",
        "--format",
        "json",
    ]);
    assert!(
        err.contains("game 1")
            && err.contains("ply 1")
            && err.contains("game 2")
            && err.contains("ply 2"),
        "{err}"
    );

    let err = bad_input(&["convert", "--pgn", &sample(), "--to", "klingon"]);
    assert!(err.contains("--to"), "{err}");
}

#[test]
fn convert_big5_corpus() {
    // 679 master games in Big5 with traditional Chinese moves (CCPD, CC BY 4.0).
    let path = ccpd("asian-cup.pgn");
    let v = json(&ok(&[
        "convert",
        "--pgn",
        path.to_str().expect("UTF-8 path"),
        "--to",
        "iccs",
        "--format",
        "json",
    ]));
    let games = v.as_array().expect("an array");
    assert_eq!(games.len(), 679);
    let failed: Vec<&serde_json::Value> =
        games.iter().filter(|g| g.get("error").is_some()).collect();
    assert!(failed.is_empty(), "{failed:?}");
    // The first game opens 兵三進一 炮８平７ and Black won.
    assert_eq!(games[0]["moves"][0], "g3g4");
    assert_eq!(games[0]["moves"][1], "h7g7");
    assert_eq!(games[0]["result"], "0-1");
    assert_eq!(games[0]["tags"]["ECCO"], "E16");
}

#[test]
fn convert_help_states_the_exit_status() {
    let out = stdout(&ok(&["convert", "--help"]));
    assert!(
        out.contains("Exit status: 0 when at least one game was converted"),
        "{out}"
    );
    assert!(out.contains("2 when the file cannot be read"), "{out}");
    let out = stdout(&ok(&["--help"]));
    for command in ["perft", "moves", "convert"] {
        assert!(out.contains(command), "{out}");
    }
}
