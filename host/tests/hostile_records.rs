//! Records built to hurt: a repetition hundreds of thousands of plies long, a ten-megabyte
//! line, variations nested two hundred thousand deep, NUL bytes, a FEN tag on every game. Each
//! is read and judged with a located error or a verdict, in time linear in its size.

use std::time::{Duration, Instant};

use xqr_core::record::read_games_from_bytes;
use xqr_core::registry::Registry;
use xqr_core::rules::JudgeOptions;
use xqr_host::record_input::RecordedGame;

/// A record of `plies` plies going round the same four-ply horse loop.
fn looping(plies: usize) -> String {
    let moves = ["h0g2", "h9g7", "g2h0", "g7h9"];
    let body: Vec<&str> = (0..plies).map(|i| moves[i % 4]).collect();
    format!("[Event \"loop\"]\n{} *\n", body.join(" "))
}

fn game(text: &[u8]) -> RecordedGame {
    let (games, _) = read_games_from_bytes(text).expect("decodes");
    RecordedGame::from_raw(&games[0]).expect("reads")
}

/// The fastest of three runs of `f`.
fn fastest(f: impl Fn()) -> Duration {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .expect("three runs")
}

#[test]
fn a_repetition_four_times_longer_takes_about_four_times_longer_to_judge() {
    let registry = Registry::with_static();
    for id in ["cxa-1999", "cxa-2011", "axf"] {
        let rs = registry.get(id).expect("static");
        let judge = |plies: usize| {
            let g = game(looping(plies).as_bytes());
            let v = rs
                .judge(&g.input, &JudgeOptions::default())
                .expect("judged");
            assert_ne!(v.claims.len(), 0, "{id}: the loop can be claimed");
        };
        let short = fastest(|| judge(10_000));
        let long = fastest(|| judge(40_000));
        // Linear is 4×; the quadratic walks this replaced made it 16× and more. The bound is
        // generous for a machine shared with other tests.
        let ratio = long.as_secs_f64() / short.as_secs_f64();
        assert!(
            ratio < 9.0,
            "{id}: 10,000 plies {short:?}, 40,000 plies {long:?}"
        );
    }
}

#[test]
fn a_ten_megabyte_move_gives_a_short_located_error() {
    let text = format!("[Event \"l\"]\n1. h2e2 h9g7 {} *\n", "x".repeat(10_000_000));
    let g = game(text.as_bytes());
    let registry = Registry::with_static();
    let e = registry
        .get("cxa-1999")
        .unwrap()
        .judge(&g.input, &JudgeOptions::default())
        .expect_err("not a move");
    let message = e.to_string();
    assert!(message.len() < 400, "{} bytes", message.len());
    assert!(
        message.starts_with("ply 3: cannot read move \"xxx"),
        "{message}"
    );
    assert!(message.contains("(10000000 bytes)"), "{message}");
    assert_eq!(g.place_of(3), Some((2, 14)));
}

#[test]
fn variations_nested_two_hundred_thousand_deep_are_skipped() {
    let depth = 200_000;
    let text = format!(
        "[Event \"n\"]\n1. h2e2 {}h9g7{} h9g7 {{a comment {{ with a brace}} *\n",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    let g = game(text.as_bytes());
    assert_eq!(g.input.moves, ["h2e2", "h9g7"]);
}

#[test]
fn nul_bytes_are_read_as_text_and_reported_at_their_move() {
    let g = game(b"[Event \"z\x00\"]\n1. h2e2\x00 h9g7 *\n");
    assert_eq!(g.input.tags["Event"], "z\u{0}");
    let registry = Registry::with_static();
    let e = registry
        .get("cxa-1999")
        .unwrap()
        .judge(&g.input, &JudgeOptions::default())
        .expect_err("a NUL in a move");
    assert!(
        e.to_string()
            .starts_with("ply 1: cannot read move \"h2e2\\0\""),
        "{e}"
    );
}

#[test]
fn a_fen_tag_on_every_game_of_a_large_file_is_read_for_each() {
    let one = "[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n1. d0d1 e9e8 *\n\n";
    let text = one.repeat(20_000);
    let (games, _) = read_games_from_bytes(text.as_bytes()).expect("decodes");
    assert_eq!(games.len(), 20_000);
    let registry = Registry::with_static();
    let rs = registry.get("cxa-2011").unwrap();
    for raw in games.iter().step_by(997) {
        let g = RecordedGame::from_raw(raw).expect("reads");
        assert_eq!(
            rs.judge(&g.input, &JudgeOptions::default())
                .unwrap()
                .result
                .pgn(),
            "*"
        );
    }
}
