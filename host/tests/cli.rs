//! End-to-end tests of the `xqr` binary: output formats, exit statuses and error messages.

use std::process::{Command, Output};

/// Runs `xqr` with `args`.
fn xqr(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xqr"))
        .args(args)
        .output()
        .expect("run xqr")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

/// Runs `xqr` and checks that it exited with status 0.
fn ok(args: &[&str]) -> Output {
    let o = xqr(args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "xqr {args:?} failed: {}",
        stderr(&o)
    );
    o
}

/// Runs `xqr` expecting bad-input status 2, nothing on stdout and a message on stderr.
fn bad_input(args: &[&str]) -> String {
    let o = xqr(args);
    assert_eq!(
        o.status.code(),
        Some(2),
        "xqr {args:?}: stdout {}",
        stdout(&o)
    );
    assert!(
        o.stdout.is_empty(),
        "xqr {args:?} printed on stdout: {}",
        stdout(&o)
    );
    let err = stderr(&o);
    assert!(!err.contains("panicked"), "xqr {args:?} panicked: {err}");
    err
}

/// Parses stdout as exactly one JSON document.
fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", stdout(o)))
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
