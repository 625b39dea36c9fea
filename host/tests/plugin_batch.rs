//! Several games per `judge` call (protocol version 5): a batch gives every game what it gets
//! alone; a plugin of version 4 is still sent one game per call; and a game that crashes,
//! aborts, hangs or panics the plugin inside a batch gets the error, alone, while every other
//! game of the batch gets its verdict.

#[path = "common/mod.rs"]
mod common;
#[path = "common/plugin_libraries.rs"]
mod plugin_libraries;

use common::xqr;
use plugin_libraries::{libraries, plugin_dir};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::Duration;
use xqr_core::rules::{GameInput, JudgeError, JudgeOptions, Ruleset};
use xqr_host::plugins::{self, Isolation};

fn isolation() -> Isolation {
    Isolation::new(env!("CARGO_BIN_EXE_xqr")).with_time_limit(Duration::from_secs(20))
}

fn game(moves: &str, misbehaviour: Option<&str>) -> GameInput {
    GameInput {
        moves: moves
            .split_whitespace()
            .map(xqr_core::MoveText::from)
            .collect(),
        tags: misbehaviour
            .map(|m| ("Testkit".to_owned(), m.to_owned()))
            .into_iter()
            .collect(),
        ..GameInput::default()
    }
}

/// Five games: openings, a bad move at ply 2 and an empty record.
fn games() -> Vec<GameInput> {
    vec![
        game("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h6 c6c5", None),
        game("h2e2 a9a5", None),
        game("c3c4 c6c5 b2c2", None),
        game("", None),
        game("h2e2 h7e7 h0g2 h9g7", None),
    ]
}

#[test]
fn a_batch_gives_each_game_what_it_gets_alone() {
    let path = &libraries().club_casual;
    let options = JudgeOptions::default();
    let games = games();
    let refs: Vec<&GameInput> = games.iter().collect();
    let static_rules = xqr_club_casual::ClubCasual::new();
    let alone: Vec<_> = games
        .iter()
        .map(|g| static_rules.judge(g, &options))
        .collect();
    assert!(alone[1].is_err() && alone[0].is_ok());
    let isolated = plugins::load_plugin_isolated(path, &isolation()).unwrap();
    let in_process = plugins::load_plugin(path).unwrap();
    // A corpus run groups games only for the plugin in its own process, but both answer a
    // batch.
    assert!(
        isolated.judges_in_batches(),
        "club-casual is a protocol-5 plugin"
    );
    assert!(!in_process.judges_in_batches());
    for rs in [&isolated as &dyn Ruleset, in_process.as_ref()] {
        assert_eq!(rs.judge_batch(&refs, &options), alone);
    }
}

#[test]
fn a_protocol_4_plugin_is_judged_one_game_per_call() {
    let path = &libraries().selective;
    let symbol = "xqr_testkit_selective_protocol_4";
    let isolated = plugins::load_plugin_isolated_with_symbol(path, symbol, &isolation()).unwrap();
    let in_process = plugins::load_plugin_with_symbol(path, symbol).unwrap();
    let games = games();
    let refs: Vec<&GameInput> = games.iter().collect();
    let options = JudgeOptions::default();
    for rs in [&isolated as &dyn Ruleset, in_process.as_ref()] {
        assert!(!rs.judges_in_batches());
        let judged = rs.judge_batch(&refs, &options);
        // The table refuses a batch request: had one been sent, every game would say so.
        for (g, j) in games.iter().zip(&judged) {
            assert_eq!(j, &rs.judge(g, &options), "{g:?}");
        }
        assert!(judged[0].is_ok() && judged[2].is_ok());
        assert!(
            matches!(&judged[1], Err(e) if e.ply() == Some(2)),
            "{judged:?}"
        );
    }
}

#[test]
fn a_crash_inside_a_batch_is_the_error_of_that_game_only() {
    let rs = plugins::load_plugin_isolated(&libraries().selective, &isolation()).unwrap();
    let mut games = games();
    games.insert(2, game("h2e2 h9g7", Some("segfault")));
    let refs: Vec<&GameInput> = games.iter().collect();
    let options = JudgeOptions::default();
    let judged = rs.judge_batch(&refs, &options);
    assert_eq!(judged.len(), games.len());
    match &judged[2] {
        Err(JudgeError::Plugin { message, .. }) => assert!(
            message.ends_with("plugin process killed by signal 11 (SIGSEGV) during judge"),
            "{message}"
        ),
        other => panic!("the crash is that game's error: {other:?}"),
    }
    let fine = xqr_cxa1999::Cxa1999::new();
    for (i, (g, j)) in games
        .iter()
        .zip(&judged)
        .enumerate()
        .filter(|(i, _)| *i != 2)
    {
        let expected = fine.judge(g, &options).map(|mut v| {
            v.ruleset = "testkit-selective".to_owned();
            v
        });
        assert_eq!(j, &expected, "game {i}");
    }
}

/// A corpus of good games with bad ones among them, each bad game tagged with how it breaks
/// the plugin; the same corpus without the tags.
fn corpus(name: &str, bad: &[(usize, &str)]) -> (PathBuf, PathBuf) {
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut records: Vec<String> = Vec::new();
    for _ in 0..3 {
        for file in ["sample.pgn", "figure-3.pgn", "figure-3-played-on.pgn"] {
            let text = std::fs::read_to_string(samples.join(file)).unwrap();
            records.push(text.trim().to_owned());
        }
    }
    let dir = libraries().target.join("batch-corpora");
    std::fs::create_dir_all(&dir).unwrap();
    let clean = dir.join(format!("{name}-clean.pgn"));
    std::fs::write(&clean, records.join("\n\n") + "\n").unwrap();
    for &(i, how) in bad {
        records[i] = format!("[Testkit \"{how}\"]\n{}", records[i]);
    }
    let tagged = dir.join(format!("{name}.pgn"));
    std::fs::write(&tagged, records.join("\n\n") + "\n").unwrap();
    (tagged, clean)
}

/// The game lines of `xqr batch` under testkit-selective.
fn batch(dir: &Path, corpus: &Path, extra: &[&str]) -> Vec<Value> {
    let mut args = vec![
        "--plugin-dir",
        dir.to_str().unwrap(),
        "--plugin-time-limit",
        "2",
    ];
    args.extend_from_slice(&["batch", "--rulesets", "testkit-selective"]);
    args.extend_from_slice(extra);
    args.push(corpus.to_str().unwrap());
    let out = xqr(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] == "game")
        .collect()
}

#[test]
fn bad_games_inside_batches_fail_alone_and_the_others_get_their_verdicts() {
    let dir = plugin_dir("batch-selective", &[&libraries().selective]);
    let bad = [(1, "segfault"), (3, "panic"), (4, "abort"), (7, "hang")];
    let (tagged, clean) = corpus("selective", &bad);
    let reference = batch(&dir, &clean, &["--threads", "1"]);
    assert_eq!(reference.len(), 9);
    for threads in ["1", "2"] {
        let games = batch(&dir, &tagged, &["--threads", threads]);
        assert_eq!(games.len(), reference.len());
        for (i, (game, good)) in games.iter().zip(&reference).enumerate() {
            let verdict = &game["verdicts"]["testkit-selective"];
            let expected_error = match bad.iter().find(|(b, _)| *b == i).map(|(_, how)| *how) {
                None => {
                    assert_eq!(
                        verdict, &good["verdicts"]["testkit-selective"],
                        "game {i}, {threads} threads"
                    );
                    assert!(verdict["result"].is_string(), "{verdict}");
                    continue;
                }
                Some("segfault") => "plugin process killed by signal 11 (SIGSEGV) during judge",
                Some("abort") => "plugin process killed by signal 6 (SIGABRT) during judge",
                Some("hang") => "plugin process gave no answer within 2 s during judge (killed)",
                Some(_) => "plugin panicked: testkit: deliberate panic on a tagged game (at ",
            };
            let error = verdict["error"].as_str().unwrap_or_default();
            assert!(
                error.contains(expected_error),
                "game {i}, {threads} threads: {error:?}"
            );
        }
    }
}
