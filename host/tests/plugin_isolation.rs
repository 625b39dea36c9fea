//! Plugins in processes of their own: a plugin that dies of a signal, aborts, never answers,
//! crashes while it loads or answers garbage fails its own calls, with its file and the
//! reason, while the batch finishes and every other ruleset's verdicts stand; and the
//! in-process mode still works as before, reporting a panic in one line. Under the live arbiter
//! a plugin that dies during a move makes that request an error.

#[path = "common/mod.rs"]
mod common;
#[path = "common/plugin_libraries.rs"]
mod plugin_libraries;

use common::xqr;
use plugin_libraries::{libraries, plugin_dir};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};
use xqr_core::rules::replay::{Arbiter, Status};
use xqr_core::rules::{GameInput, JudgeError, JudgeOptions, Ruleset};
use xqr_host::plugins::{self, Isolation, PluginError};

/// Six games: the samples, twice.
fn corpus() -> PathBuf {
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut text = String::new();
    for _ in 0..2 {
        for name in ["sample.pgn", "figure-3.pgn", "figure-3-played-on.pgn"] {
            text.push_str(&std::fs::read_to_string(samples.join(name)).unwrap());
            text.push('\n');
        }
    }
    let path = libraries().target.join("isolation-corpus.pgn");
    std::fs::write(&path, text).unwrap();
    path
}

/// `xqr batch` of the corpus under cxa-1999, club-casual and `bad`, with plugins from `dir`;
/// the game lines and standard error.
fn batch(dir: &Path, bad: &str, extra: &[&str]) -> (Vec<Value>, String) {
    let rulesets = format!("cxa-1999,club-casual,{bad}");
    let corpus = corpus();
    let mut args = vec![
        "--plugin-dir",
        dir.to_str().unwrap(),
        "batch",
        "--rulesets",
        &rulesets,
        "--threads",
        "2",
        corpus.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let out = xqr(&args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let games: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] == "game")
        .collect();
    assert_eq!(games.len(), 6, "every game has its line: {games:?}");
    (games, stderr)
}

/// Every game has intact verdicts of cxa-1999 and club-casual, the same as in a run without
/// the bad plugin, and an error naming `library` for `bad`; the errors, in game order.
fn check_isolated(games: &[Value], bad: &str, library: &Path) -> Vec<String> {
    let reference = xqr(&[
        "--plugin-dir",
        libraries().club_casual.parent().unwrap().to_str().unwrap(),
        "batch",
        "--rulesets",
        "cxa-1999,club-casual",
        corpus().to_str().unwrap(),
    ]);
    let reference: Vec<Value> = String::from_utf8(reference.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] == "game")
        .collect();
    let name = library.file_name().unwrap().to_str().unwrap();
    games
        .iter()
        .zip(&reference)
        .map(|(game, good)| {
            for id in ["cxa-1999", "club-casual"] {
                assert_eq!(game["verdicts"][id], good["verdicts"][id], "{id}: {game}");
                assert!(game["verdicts"][id].get("error").is_none(), "{game}");
            }
            let error = game["verdicts"][bad]["error"]
                .as_str()
                .unwrap_or_else(|| panic!("{bad} gives an error: {game}"))
                .to_owned();
            assert!(error.contains(name), "the error names the file: {error}");
            error
        })
        .collect()
}

/// Every failure says how the process ended; after three in a row `judge` is disabled and
/// the later games say so. Games run on two workers in no fixed order, so three or four
/// (two started together) are crashes and the others disabled.
fn check_failures(errors: &[String], reason: &str) {
    let disabled = format!(
        "judge disabled after 3 consecutive failures of the plugin process (the last: {reason})"
    );
    assert!(errors.iter().all(|e| e.contains(reason)), "{errors:?}");
    let crashes = errors.iter().filter(|e| !e.contains(&disabled)).count();
    assert!((3..=4).contains(&crashes), "{errors:?}");
}

#[test]
fn a_segfaulting_plugin_fails_its_games_and_the_batch_goes_on() {
    let libs = libraries();
    let dir = plugin_dir("segfault", &[&libs.club_casual, &libs.segfault]);
    let (games, _) = batch(&dir, "testkit-segfault", &[]);
    let errors = check_isolated(&games, "testkit-segfault", &libs.segfault);
    check_failures(
        &errors,
        "plugin process killed by signal 11 (SIGSEGV) during judge",
    );
}

#[test]
fn an_aborting_plugin_fails_its_games_and_the_batch_goes_on() {
    let libs = libraries();
    let dir = plugin_dir("abort", &[&libs.club_casual, &libs.abort]);
    let (games, _) = batch(&dir, "testkit-abort", &["--plugins", "isolated"]);
    let errors = check_isolated(&games, "testkit-abort", &libs.abort);
    check_failures(
        &errors,
        "plugin process killed by signal 6 (SIGABRT) during judge",
    );
}

#[test]
fn a_hanging_plugin_is_stopped_by_the_time_limit() {
    let libs = libraries();
    let dir = plugin_dir("hang", &[&libs.club_casual, &libs.hang]);
    let start = Instant::now();
    let (games, _) = batch(&dir, "testkit-hang", &["--plugin-time-limit", "0.5"]);
    // Two workers, three time limits before the plugin is disabled: seconds, not minutes.
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "{:?}",
        start.elapsed()
    );
    let errors = check_isolated(&games, "testkit-hang", &libs.hang);
    check_failures(
        &errors,
        "plugin process gave no answer within 0.5 s during judge (killed)",
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_library_that_crashes_while_loading_is_reported_and_the_rest_loads() {
    let libs = libraries();
    let dir = plugin_dir("crash-on-load", &[&libs.club_casual, &libs.crash_on_load]);
    let out = xqr(&["--plugin-dir", dir.to_str().unwrap(), "rulesets"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let library = dir.join(libs.crash_on_load.file_name().unwrap());
    assert!(
        stderr.contains(&format!(
            "xqr: warning: {}: plugin process killed by signal 6 (SIGABRT) while loading",
            library.display()
        )),
        "{stderr}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("club-casual"));
}

/// In process: the batch works as before, and a panic is said once, in its verdict's error,
/// not on standard error with a backtrace.
#[test]
fn in_process_mode_still_works_and_a_panic_is_one_line() {
    let libs = libraries();
    let dir = plugin_dir("in-process", &[&libs.club_casual, &libs.testkit]);
    let out = Command::new(env!("CARGO_BIN_EXE_xqr"))
        .args(["--plugins", "in-process", "--plugin-dir"])
        .arg(&dir)
        .args(["batch", "--rulesets", "cxa-1999,club-casual,testkit-panic"])
        .arg(corpus())
        .env_remove("XQR_PLUGIN_PATH")
        .env_remove("XQR_OVERLAY_PATH")
        .env("RUST_BACKTRACE", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        !stderr.contains("panicked at") && !stderr.contains("backtrace"),
        "the panic is not printed: {stderr}"
    );
    let games: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] == "game")
        .collect();
    assert_eq!(games.len(), 6);
    for game in &games {
        assert!(
            game["verdicts"]["club-casual"]["result"].is_string(),
            "{game}"
        );
        let error = game["verdicts"]["testkit-panic"]["error"].as_str().unwrap();
        assert!(
            error.starts_with(
                "plugin testkit-panic: plugin panicked: testkit: deliberate panic in judge (at "
            ) && !error.contains('\n'),
            "{error}"
        );
    }
}

fn isolation() -> Isolation {
    Isolation::new(env!("CARGO_BIN_EXE_xqr")).with_time_limit(Duration::from_secs(20))
}

fn game() -> GameInput {
    GameInput {
        moves: ["h2e2", "h9g7"].map(xqr_core::MoveText::from).to_vec(),
        ..GameInput::default()
    }
}

/// Through the library API: the crash is the error of its call; the next call starts a new
/// process, which answers; three crashes in a row disable `judge`, and only `judge`.
#[test]
fn a_crashed_plugin_process_is_restarted_then_disabled() {
    let rs = plugins::load_plugin_isolated(&libraries().segfault, &isolation()).unwrap();
    assert_eq!(rs.meta().id, "testkit-segfault");
    let path = libraries().segfault.display().to_string();
    let crash = |err: JudgeError| match err {
        JudgeError::Plugin { message, .. } => message,
        other => panic!("{other:?}"),
    };
    let first = crash(rs.judge(&game(), &JudgeOptions::default()).unwrap_err());
    assert_eq!(
        first,
        format!("{path}: plugin process killed by signal 11 (SIGSEGV) during judge")
    );
    // A new process answers the next call.
    let pos = xqr_core::Position::new();
    assert_eq!(rs.try_legal_moves(&pos).unwrap().len(), 44);
    for _ in 0..3 {
        rs.judge(&game(), &JudgeOptions::default()).unwrap_err();
    }
    let disabled = crash(rs.judge(&game(), &JudgeOptions::default()).unwrap_err());
    assert!(
        disabled.starts_with(&format!(
            "{path}: judge disabled after 3 consecutive failures of the plugin process (the last: "
        )),
        "{disabled}"
    );
    assert_eq!(rs.try_legal_moves(&pos).unwrap().len(), 44);
}

/// The isolated loader reports the same loading errors as the in-process one.
#[test]
fn isolated_loading_reports_the_loaders_errors() {
    let libs = libraries();
    let err = plugins::load_plugin_isolated(&libs.not_a_plugin, &isolation()).unwrap_err();
    assert!(
        matches!(&err, PluginError::MissingSymbol { path, .. } if path == &libs.not_a_plugin),
        "{err:?}"
    );
    let err = plugins::load_plugin_isolated_with_symbol(
        &libs.testkit,
        "xqr_testkit_bad_magic",
        &isolation(),
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .starts_with(&format!("{}: bad magic number", libs.testkit.display())),
        "{err}"
    );
}

/// A plugin process that writes something other than messages is reported, not believed.
#[cfg(unix)]
#[test]
fn a_process_answering_garbage_is_reported() {
    let isolation = Isolation {
        program: "/bin/sh".into(),
        args: vec![
            "-c".into(),
            "printf 'garbage that is not a message'; cat >/dev/null".into(),
            "sh".into(),
        ],
        ..isolation()
    };
    let err = plugins::load_plugin_isolated(&libraries().club_casual, &isolation).unwrap_err();
    assert!(
        matches!(&err, PluginError::Process { reason, .. }
            if reason.starts_with("the plugin process answered garbage while loading")),
        "{err}"
    );
}

/// A good plugin judges the same in both modes.
#[test]
fn a_good_plugin_judges_the_same_isolated() {
    let path = &libraries().club_casual;
    let isolated = plugins::load_plugin_isolated(path, &isolation()).unwrap();
    let in_process = plugins::load_plugin(path).unwrap();
    let options = JudgeOptions::default();
    assert_eq!(
        isolated.judge(&game(), &options).unwrap(),
        in_process.judge(&game(), &options).unwrap()
    );
    assert_eq!(isolated.meta(), in_process.meta());
}

/// Under the live arbiter a plugin is asked per move, through its components: one that dies in
/// such a call (`testkit-segfault`'s game-end test, from the third ply) makes that request an
/// error instead of an answer from the component's fallback. The move is not played, and the
/// next call gets a new process.
#[test]
fn a_plugin_crashing_during_a_move_is_the_arbiters_error() {
    let rs = plugins::load_plugin_isolated(&libraries().segfault, &isolation()).unwrap();
    let mut arbiter = Arbiter::new(&rs, None).unwrap();
    arbiter.play("h2e2").unwrap();
    arbiter.play("h9g7").unwrap();
    let err = arbiter.play("h0g2").unwrap_err().to_string();
    assert!(
        err.starts_with("plugin testkit-segfault: ")
            && err.contains("killed by signal 11 (SIGSEGV) during query"),
        "{err}"
    );
    assert_eq!(arbiter.history().ply_count(), 2);
    assert!(matches!(arbiter.status(), Status::Ongoing { plies: 2, .. }));
    // Below the third ply the restarted process answers again.
    assert_eq!(
        arbiter.undo().map(|m| m.to_string()).as_deref(),
        Some("h9g7")
    );
    arbiter.play("h9g7").unwrap();
    // Listing the forbidden moves plays each move: the crash is the list's error.
    let err = arbiter.forbidden().unwrap_err().to_string();
    assert!(err.contains("SIGSEGV"), "{err}");
}
