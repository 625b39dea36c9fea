//! Dynamic plugins loaded for real: the example plugin `club-casual` judges like a static
//! ruleset, and every way a library can be wrong gives a specific error while the other
//! rulesets keep working.
//!
//! The libraries are built by the test itself (see `common/plugin_libraries.rs`).

#[path = "common/plugin_libraries.rs"]
mod plugin_libraries;

use plugin_libraries::libraries;
use std::env::consts::{DLL_PREFIX, DLL_SUFFIX};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use xqr_core::registry::Registry;
use xqr_core::rules::{
    Conduct, GameHistory, GameInput, GameResult, IllegalMoveRuling, JudgeError, JudgeOptions,
    MoveKind, Origin, RepetitionRuling, Ruleset, Termination, Verdict,
};
use xqr_core::standings::{Criterion, EventKind, EventResults, StandingsRules};
use xqr_core::{IllegalMove, Position};
use xqr_host::plugins::{self, PluginError};

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

fn all_plies() -> JudgeOptions {
    JudgeOptions {
        all_plies: true,
        ..JudgeOptions::default()
    }
}

/// Red checks on the d-file (ply 1), Black ignores it (ply 2), Red takes the king (ply 3).
const IGNORED_CHECK: (&str, &str) = ("3k5/9/9/9/9/9/p8/9/4R4/5K3 w - - 0 1", "e1d1 a3a2 d1d9");

/// A rook checks from two files while the king has two points (1999 §26.1 pattern).
const PERPETUAL_CHECK: (&str, &str) = (
    "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
    "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9 e1d1",
);

fn club_plugin() -> Arc<dyn Ruleset> {
    plugins::load_plugin(&libraries().club_casual).expect("club-casual loads")
}

/// The good plugin still loads and judges: run after every failure.
fn good_plugin_still_works() {
    let rs = club_plugin();
    let (fen, moves) = IGNORED_CHECK;
    let v = rs
        .judge(&game(fen, moves), &JudgeOptions::default())
        .unwrap();
    assert_eq!(v.result, GameResult::RedWins);
    assert_eq!(v.termination, Some(Termination::KingCaptured));
}

/// Loads a testkit table through `symbol`, expecting an error.
fn testkit_error(symbol: &str) -> PluginError {
    let path = &libraries().testkit;
    match plugins::load_plugin_with_symbol(path, symbol) {
        Ok(rs) => panic!("{symbol} loaded as {}", rs.meta().id),
        Err(e) => {
            assert_eq!(e.path(), path.as_path());
            assert!(
                e.to_string().contains(&path.display().to_string()),
                "the message names the file: {e}"
            );
            e
        }
    }
}

#[test]
fn club_casual_loads_and_judges_like_a_static_ruleset() {
    let libs = libraries();
    let rs = club_plugin();
    let meta = rs.meta();
    assert_eq!(meta.id, "club-casual");
    assert_eq!(meta.extends.as_deref(), Some("cxa-1999"));
    assert_eq!(
        meta.origin,
        Origin::Plugin {
            path: libs.club_casual.clone()
        }
    );
    assert_eq!(rs.legality().move_rules(), xqr_club_casual::MOVE_RULES);
    assert_eq!(rs.scoring().points(), xqr_club_casual::POINTS);

    let in_process = xqr_club_casual::ClubCasual::new();
    let cxa = xqr_cxa1999::Cxa1999::new();

    // A king capture after an ignored check wins for the capturer, exactly as the same rules
    // judged in-process by the default driver.
    let (fen, moves) = IGNORED_CHECK;
    let v = rs.judge(&game(fen, moves), &all_plies()).unwrap();
    assert_eq!(
        v,
        in_process.judge(&game(fen, moves), &all_plies()).unwrap()
    );
    assert_eq!(v.result.pgn(), "1-0");
    assert_eq!(v.termination, Some(Termination::KingCaptured));
    assert_eq!(v.decided_at_ply, Some(3));
    assert_eq!(v.rule.unwrap().to_string(), "club-casual club sheet 二.4");
    assert_eq!(v.plies.len(), 3);
    // cxa-1999 rejects the record at the ignored check.
    let err = cxa
        .judge(&game(fen, moves), &JudgeOptions::default())
        .unwrap_err();
    assert_eq!(err.ply(), Some(2));

    // A perpetual check loses as under cxa-1999.
    let (fen, moves) = PERPETUAL_CHECK;
    let v: Verdict = rs.judge(&game(fen, moves), &all_plies()).unwrap();
    assert_eq!(
        v,
        in_process.judge(&game(fen, moves), &all_plies()).unwrap()
    );
    let under_1999 = cxa.judge(&game(fen, moves), &all_plies()).unwrap();
    assert_eq!(v.result, under_1999.result);
    assert_eq!(v.result.pgn(), "0-1");
    assert_eq!(v.termination, Some(Termination::PerpetualCheck));
    assert_eq!(v.termination, under_1999.termination);
    assert_eq!(v.decided_at_ply, under_1999.decided_at_ply);
    assert_eq!(v.loop_found, under_1999.loop_found);
    let kinds = |v: &Verdict| {
        v.plies
            .iter()
            .map(|p| (p.ply, p.kinds.clone(), p.targets.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(kinds(&v), kinds(&under_1999));
    assert_eq!(v.rule.unwrap().to_string(), "cxa-1999 §26.1");

    // A bad record is the same input error a static ruleset gives, with its ply.
    let bad = game(IGNORED_CHECK.0, "e1d1 zz");
    let err = rs.judge(&bad, &JudgeOptions::default()).unwrap_err();
    assert_eq!(
        err,
        in_process
            .judge(&bad, &JudgeOptions::default())
            .unwrap_err()
    );
    assert!(matches!(err, JudgeError::BadMove { ply: 2, .. }), "{err:?}");
    let err = rs
        .judge(
            &GameInput {
                fen: Some("not a fen".into()),
                ..GameInput::default()
            },
            &JudgeOptions::default(),
        )
        .unwrap_err();
    assert!(matches!(err, JudgeError::BadFen { .. }), "{err:?}");

    // Legal moves come from the plugin: ignoring the check is among them.
    let pos = Position::from_fen(
        "3k5/9/9/9/9/9/p8/9/3R5/5K3 b - - 0 1",
        rs.legality().move_rules(),
    )
    .unwrap();
    let mut from_plugin: Vec<String> = rs
        .legality()
        .legal_moves(&pos)
        .iter()
        .map(|m| m.to_string())
        .collect();
    let mut static_list: Vec<String> = in_process
        .legality()
        .legal_moves(&pos)
        .iter()
        .map(|m| m.to_string())
        .collect();
    from_plugin.sort();
    static_list.sort();
    assert_eq!(from_plugin, static_list);
    assert!(from_plugin.contains(&"a3a2".to_owned()));
    let concrete = plugins::load_plugin_ruleset(&libs.club_casual).unwrap();
    assert_eq!(concrete.path(), libs.club_casual.as_path());
    assert_eq!(
        concrete.try_legal_moves(&pos).unwrap().len(),
        from_plugin.len()
    );
}

#[test]
fn plugin_components_answer_through_query_calls() {
    let rs = club_plugin();
    let rules = rs.legality().move_rules();
    let history = |fen: &str, moves: &str| {
        let mut h = GameHistory::new(Position::from_fen(fen, rules).unwrap());
        for m in moves.split_whitespace() {
            h.push(m.parse().unwrap()).unwrap();
        }
        h
    };

    let (fen, moves) = IGNORED_CHECK;
    let end = rs.scoring().game_end(&history(fen, moves)).unwrap();
    assert_eq!(end.termination, Termination::KingCaptured);
    assert_eq!(end.ply, 3);
    assert!(rs.scoring().game_end(&history(fen, "e1d1")).is_none());
    let class = rs.repetition().classify(&history(fen, moves), 1);
    assert_eq!(class.kinds.first(), Some(&MoveKind::Check));

    let (fen, moves) = PERPETUAL_CHECK;
    match rs.repetition().rule(&history(fen, moves), None) {
        Some(RepetitionRuling::Decided { end, found }) => {
            assert_eq!(end.termination, Termination::PerpetualCheck);
            assert_eq!(
                (found.red, found.black),
                (Conduct::PerpetualCheck, Conduct::Allowed)
            );
        }
        other => panic!("expected a decided ruling, got {other:?}"),
    }

    let end = rs
        .scoring()
        .recorded_end(GameResult::BlackWins, Some("resign"), 12)
        .unwrap();
    assert_eq!(end.termination, Termination::Resignation);
    assert_eq!(end.rule.to_string(), "cxa-1999 §4.1.9");

    let ruling = rs.legality().illegal_move_ruling(
        &history(fen, ""),
        &IllegalMove::WrongShape {
            role: xqr_core::Role::Rook,
            from: "e1".parse().unwrap(),
            to: "d2".parse().unwrap(),
        },
    );
    assert!(
        matches!(&ruling, IllegalMoveRuling::Loss { rule } if rule.to_string() == "cxa-1999 §4.1.6"),
        "{ruling:?}"
    );
}

#[test]
fn plugins_join_the_registry_and_duplicates_are_reported() {
    let mut registry = Registry::new();
    registry.add(Arc::new(xqr_cxa1999::Cxa1999::new())).unwrap();
    plugins::register(&mut registry, club_plugin()).unwrap();
    assert_eq!(registry.len(), 2);

    // The same plugin again: the registry reports the clash, naming the one already loaded.
    let path = &libraries().club_casual;
    let err = plugins::register(&mut registry, club_plugin()).unwrap_err();
    match &err {
        PluginError::Duplicate { path: p, source } => {
            assert_eq!(p, path);
            assert_eq!(source.id, "club-casual");
            assert_eq!(source.existing_origin, format!("plugin {}", path.display()));
        }
        other => panic!("expected a duplicate, got {other:?}"),
    }
    assert!(err
        .to_string()
        .contains("duplicate ruleset id \"club-casual\""));
    let dup = registry.add(club_plugin()).unwrap_err();
    assert_eq!(dup.id, "club-casual");
    assert_eq!(registry.len(), 2);

    // Both rulesets still judge through the registry.
    let (fen, moves) = PERPETUAL_CHECK;
    for id in ["cxa-1999", "club-casual"] {
        let v = registry
            .get(id)
            .unwrap()
            .judge(&game(fen, moves), &JudgeOptions::default())
            .unwrap();
        assert_eq!(v.ruleset, id);
        assert_eq!(v.termination, Some(Termination::PerpetualCheck));
    }
}

#[test]
fn a_library_without_the_entry_symbol_is_not_a_plugin() {
    let libs = libraries();
    let Err(err) = plugins::load_plugin(&libs.not_a_plugin) else {
        panic!("a library without the entry symbol loaded");
    };
    assert!(
        matches!(&err, PluginError::MissingSymbol { path, symbol, .. }
            if path == &libs.not_a_plugin && symbol == "xqr_plugin_entry"),
        "{err:?}"
    );
    let msg = err.to_string();
    assert!(
        msg.contains(&libs.not_a_plugin.display().to_string()),
        "{msg}"
    );
    assert!(msg.contains("xqr_plugin_entry"), "{msg}");

    let err = testkit_error("xqr_testkit_no_such_symbol");
    assert!(
        matches!(&err, PluginError::MissingSymbol { symbol, .. } if symbol == "xqr_testkit_no_such_symbol"),
        "{err:?}"
    );
    good_plugin_still_works();
}

#[test]
fn load_dir_loads_plugins_and_skips_the_rest() {
    let libs = libraries();
    let dir = libs.target.join("dirs").join("mixed");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let name = |p: &Path| p.file_name().unwrap().to_owned();
    std::fs::copy(&libs.club_casual, dir.join(name(&libs.club_casual))).unwrap();
    std::fs::copy(&libs.not_a_plugin, dir.join(name(&libs.not_a_plugin))).unwrap();
    let garbage = dir.join(format!("{DLL_PREFIX}garbage{DLL_SUFFIX}"));
    std::fs::write(&garbage, "not a shared library").unwrap();
    std::fs::write(dir.join("README.txt"), "ignored").unwrap();

    let (loaded, errors) = plugins::load_dir(&dir);
    let ids: Vec<&str> = loaded.iter().map(|r| r.meta().id.as_str()).collect();
    assert_eq!(ids, ["club-casual"]);
    assert_eq!(errors.len(), 2, "{errors:?}");
    let not_a_plugin = errors
        .iter()
        .find(|e| matches!(e, PluginError::NotAPlugin { .. }))
        .expect("the library without the symbol is reported");
    assert_eq!(not_a_plugin.path(), dir.join(name(&libs.not_a_plugin)));
    assert!(
        not_a_plugin
            .to_string()
            .ends_with("not an xqr plugin (no symbol `xqr_plugin_entry`), skipped"),
        "{not_a_plugin}"
    );
    assert!(
        errors
            .iter()
            .any(|e| matches!(e, PluginError::Open { path, .. } if path == &garbage)),
        "{errors:?}"
    );
    // The plugin loaded from the directory judges.
    let (fen, moves) = IGNORED_CHECK;
    let v = loaded[0]
        .judge(&game(fen, moves), &JudgeOptions::default())
        .unwrap();
    assert_eq!(v.termination, Some(Termination::KingCaptured));

    let (loaded, errors) = plugins::load_dir(&dir.join("no-such-dir"));
    assert!(loaded.is_empty());
    assert!(matches!(errors.as_slice(), [PluginError::Directory { .. }]));
}

#[test]
fn wrong_magic_is_rejected() {
    match testkit_error("xqr_testkit_bad_magic") {
        PluginError::BadMagic {
            expected, found, ..
        } => {
            assert_eq!(expected, xqr_plugin_sdk::MAGIC);
            assert_eq!(found, 0x0BAD_0BAD_0BAD_0BAD);
        }
        other => panic!("{other:?}"),
    }
    good_plugin_still_works();
}

#[test]
fn wrong_abi_version_is_rejected() {
    let e = testkit_error("xqr_testkit_bad_abi");
    assert_eq!(
        e,
        PluginError::AbiVersion {
            path: libraries().testkit.clone(),
            expected: xqr_plugin_sdk::ABI_VERSION,
            found: xqr_plugin_sdk::ABI_VERSION + 1,
        }
    );
    assert!(e
        .to_string()
        .contains("plugin ABI version 2, this host needs ABI version 1"));
    good_plugin_still_works();
}

#[test]
fn a_table_too_small_is_rejected() {
    let e = testkit_error("xqr_testkit_small_struct");
    assert_eq!(
        e,
        PluginError::StructTooSmall {
            path: libraries().testkit.clone(),
            expected: xqr_plugin_sdk::TABLE_SIZE,
            found: 32,
        }
    );
    good_plugin_still_works();
}

#[test]
fn an_unknown_protocol_version_is_rejected() {
    let e = testkit_error("xqr_testkit_bad_protocol");
    assert_eq!(
        e,
        PluginError::ProtocolVersion {
            path: libraries().testkit.clone(),
            expected: xqr_plugin_sdk::PROTOCOL_VERSION,
            found: xqr_plugin_sdk::PROTOCOL_VERSION + 98,
        }
    );
    let found = format!(
        "JSON protocol version {}",
        xqr_plugin_sdk::PROTOCOL_VERSION + 98
    );
    assert!(e.to_string().contains(&found), "{e}");
    good_plugin_still_works();
}

#[test]
fn a_protocol_1_plugin_still_loads() {
    // Version 2 only added a ruling (`draw_pending`) that a version-1 plugin never sends.
    let rs = plugins::load_plugin_with_symbol(&libraries().testkit, "xqr_testkit_protocol_1")
        .expect("a version-1 table loads");
    assert_eq!(rs.meta().id, "testkit-header");
}

/// A plugin older than protocol 3 ends a game at its first claim: a record is judged as played
/// under it through its components, and its own `judge` (which panics in the testkit) is asked
/// only for the first claim.
#[test]
fn an_older_plugin_is_judged_as_played_through_its_components() {
    let rs = plugins::load_plugin_with_symbol(&libraries().testkit, "xqr_testkit_protocol_1")
        .expect("a version-1 table loads");
    let (fen, moves) = PERPETUAL_CHECK;
    let v = rs
        .judge(&game(fen, moves), &JudgeOptions::default())
        .expect("judged by the host's driver");
    assert_eq!(v.result.pgn(), "0-1", "{}", v.explanation);
    assert_eq!(v.rule.expect("cited").to_string(), "cxa-1999 §26.1");
    assert_eq!(v.claims.len(), 1);
    let first = JudgeOptions {
        claim: xqr_core::rules::ClaimPolicy::First,
        ..JudgeOptions::default()
    };
    let err = rs.judge(&game(fen, moves), &first).unwrap_err();
    assert!(
        matches!(&err, JudgeError::Plugin { message, .. } if message.contains("deliberate panic")),
        "{err:?}"
    );
}

#[test]
fn an_invalid_manifest_is_rejected() {
    match testkit_error("xqr_testkit_bad_manifest") {
        PluginError::BadManifest { field, reason, .. } => {
            assert_eq!(field, "id");
            assert!(reason.contains("\"Bad Id\""), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    good_plugin_still_works();
}

#[test]
fn incomplete_tables_are_rejected() {
    assert!(matches!(
        testkit_error("xqr_testkit_null_table"),
        PluginError::BadTable { .. }
    ));
    assert!(matches!(
        testkit_error("xqr_testkit_missing_function"),
        PluginError::MissingFunction {
            function: "judge",
            ..
        }
    ));
    good_plugin_still_works();
}

#[test]
fn a_panicking_plugin_reports_an_error_and_the_process_survives() {
    let rs = plugins::load_plugin(&libraries().testkit).expect("the testkit's entry is valid");
    assert_eq!(rs.meta().id, "testkit-panic");
    let (fen, moves) = PERPETUAL_CHECK;
    for _ in 0..2 {
        let err = rs
            .judge(&game(fen, moves), &JudgeOptions::default())
            .unwrap_err();
        // The panic is said once, in the error, with where it happened.
        match &err {
            JudgeError::Plugin { ruleset, message } => {
                assert_eq!(ruleset, "testkit-panic");
                let prefix = "plugin panicked: testkit: deliberate panic in judge (at ";
                assert!(
                    message.starts_with(prefix) && message.contains("plugin-testkit"),
                    "{message}"
                );
            }
            other => panic!("expected a plugin error, got {other:?}"),
        }
    }
    // The same plugin's other calls still answer, and so do the other rulesets.
    let pos = Position::new();
    assert_eq!(rs.legality().legal_moves(&pos).len(), 44);
    good_plugin_still_works();
}

#[test]
fn search_paths_never_include_the_current_directory_implicitly() {
    let cli = [PathBuf::from("/opt/xqr/plugins"), PathBuf::from("extra")];
    #[cfg(unix)]
    {
        let env = std::ffi::OsStr::new("/usr/lib/xqr::extra:/home/me/xqr:");
        assert_eq!(
            plugins::search_paths_from(&cli, Some(env)),
            [
                PathBuf::from("/opt/xqr/plugins"),
                PathBuf::from("extra"),
                PathBuf::from("/usr/lib/xqr"),
                PathBuf::from("/home/me/xqr"),
            ]
        );
    }
    assert!(plugins::search_paths_from(&[], None).is_empty());
    assert!(plugins::search_paths_from(&[], Some("".as_ref())).is_empty());
    assert_eq!(plugins::search_paths_from(&cli, None), cli);
}

/// A 3/1/0 event where fewer losses and the 1999 小分 disagree: A (three draws) and B (a win
/// over the leader S, two losses) both score 3; T and U, who beat B, score 3 with no loss.
const FEWER_LOSSES_EVENT: &str = "round,red,black,result
1,A,P,1/2-1/2
2,A,Q,1/2-1/2
3,A,R,1/2-1/2
1,B,S,1-0
2,B,T,0-1
3,B,U,0-1
2,S,V,1-0
3,S,W,1-0
";

#[test]
fn club_casual_plugin_ranks_by_the_office_cup() {
    let rs = club_plugin();
    let rules = rs.scoring().standings();
    // The manifest carries the plugin's rules: the office cup's, named as the plugin.
    assert_eq!(rules, StandingsRules::office_cup().named("club-casual"));
    assert_eq!(
        rules,
        xqr_club_casual::ClubCasual::new().scoring().standings()
    );
    let rr = rules.kind(EventKind::RoundRobin).unwrap();
    assert_eq!(rr.criteria, [Criterion::FewerLosses]);
    assert_eq!(rr.rule.to_string(), "office-cup 中国象棋比赛规程 二.3");

    let ev = EventResults::from_csv_str(FEWER_LOSSES_EVENT).unwrap();
    let s = rules.rank(&ev, EventKind::RoundRobin).unwrap();
    assert_eq!(s.ruleset, "club-casual");
    let rank = |p: &str| s.get(p).unwrap().rank;
    assert_eq!((rank("S"), rank("A"), rank("T"), rank("U")), (1, 2, 2, 2));
    assert_eq!(rank("B"), 5);
    assert_eq!(s.tiebreak("B", "losses").unwrap().to_string(), "2");
    // The fallback a manifest without standings would get ranks B second by 小分: the test
    // tells the two apart.
    let fallback = StandingsRules::cxa_1999()
        .with_points(rs.scoring().points())
        .rank(&ev, EventKind::RoundRobin)
        .unwrap();
    assert_eq!(fallback.get("B").unwrap().rank, 2);
}

#[test]
fn xqr_standings_ranks_a_plugin_ruleset_by_its_own_rules() {
    let libs = libraries();
    let dir = libs.target.join("dirs").join("standings");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(
        &libs.club_casual,
        dir.join(libs.club_casual.file_name().unwrap()),
    )
    .unwrap();
    let csv = dir.join("event.csv");
    std::fs::write(&csv, FEWER_LOSSES_EVENT).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_xqr"))
        .arg("--plugin-dir")
        .arg(&dir)
        .args([
            "standings",
            "--ruleset",
            "club-casual",
            "--event",
            "round-robin",
        ])
        .args(["--format", "json"])
        .arg(&csv)
        .env_remove("XQR_PLUGIN_PATH")
        .env_remove("XQR_OVERLAY_PATH")
        .output()
        .expect("run xqr");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = json.as_array().expect("an array of rows");
    let row = |p: &str| rows.iter().find(|r| r["player"] == p).unwrap();
    assert_eq!(row("A")["rank"], 2);
    assert_eq!(row("B")["rank"], 5);
    assert_eq!(row("B")["tiebreaks"]["losses"], "2");
}

/// A club variant of club-casual that lets a perpetual check go (a draw): a law table, which
/// needs a parent that has a repetition law to change.
const LENIENT_CLUB: &str = r#"
id = "club-lenient"
name = "Club, perpetual check allowed"
extends = "club-casual"
rule_source = "house sheet 3: 长将不判负"

[repetition]
perpetual_check = "draw"
"#;

fn overlay_on(
    text: &str,
    parent: Arc<dyn Ruleset>,
) -> Result<Arc<dyn Ruleset>, xqr_house::OverlayError> {
    let path = Path::new("club-lenient.toml");
    let variant = xqr_house::load_str(text, path).expect("the overlay parses");
    xqr_house::build(&variant, parent, path)
}

/// An overlay changes the repetition law of a plugin built on a Spec: the plugin applies the
/// patch to its own law, and the verdict is the one the same overlay gives on the in-process
/// ruleset, citing the variant.
#[test]
fn an_overlay_changes_the_law_of_a_plugin_built_on_a_spec() {
    let (fen, moves) = PERPETUAL_CHECK;
    let plugin = club_plugin();
    let own = plugin.judge(&game(fen, moves), &all_plies()).unwrap();
    assert_eq!(own.result.pgn(), "0-1");
    assert_eq!(own.rule.unwrap().to_string(), "cxa-1999 §26.1");

    let lenient = overlay_on(LENIENT_CLUB, plugin).expect("the plugin takes the law patch");
    let v = lenient.judge(&game(fen, moves), &all_plies()).unwrap();
    assert_eq!(v.result.pgn(), "1/2-1/2", "{}", v.explanation);
    assert_eq!(
        v.rule.as_ref().unwrap().to_string(),
        "club-lenient house sheet 3: 长将不判负"
    );
    assert!(
        v.explanation.contains("club-casual would rule"),
        "{}",
        v.explanation
    );

    let in_process = overlay_on(LENIENT_CLUB, Arc::new(xqr_club_casual::ClubCasual::new()))
        .expect("the in-process parent has a Spec");
    let w = in_process.judge(&game(fen, moves), &all_plies()).unwrap();
    assert_eq!(v, w);
    let claim = xqr_core::rules::ClaimRequest {
        ply: 13,
        by: xqr_core::Color::Black,
        kind: xqr_core::rules::ClaimKind::Repetition,
    };
    assert_eq!(
        lenient.claim(&game(fen, moves), &claim).unwrap(),
        in_process.claim(&game(fen, moves), &claim).unwrap()
    );

    // The plugin's own `judge` call carries the patch too, and judges as the in-process
    // ruleset with the same patch.
    let variant = xqr_house::load_str(LENIENT_CLUB, "club-lenient.toml").unwrap();
    let (patch, cite) = (variant.law_patch(), variant.rule());
    let patched = club_plugin()
        .with_law(&patch, &cite)
        .expect("club-casual takes a law patch")
        .expect("the patch applies");
    let expected = xqr_club_casual::ClubCasual::new()
        .with_law(&patch, &cite)
        .unwrap()
        .unwrap()
        .judge(&game(fen, moves), &all_plies())
        .unwrap();
    let v = patched.judge(&game(fen, moves), &all_plies()).unwrap();
    assert_eq!(v.result.pgn(), "1/2-1/2", "{}", v.explanation);
    assert_eq!(v, expected);
}

/// A `[definitions]` knob reaches the plugin's classifier: a mate threat searched one check
/// deep only (the 1999 law: three) classifies the same plies as in-process.
#[test]
fn a_definitions_knob_reaches_the_plugin_classifier() {
    let text = LENIENT_CLUB.replace(
        "[repetition]\nperpetual_check = \"draw\"",
        "[definitions]\nmate_threat = 1",
    );
    let (fen, moves) = PERPETUAL_CHECK;
    let plugin = overlay_on(&text, club_plugin()).expect("the plugin takes the law patch");
    let in_process = overlay_on(&text, Arc::new(xqr_club_casual::ClubCasual::new())).unwrap();
    assert_eq!(
        plugin.judge(&game(fen, moves), &all_plies()).unwrap(),
        in_process.judge(&game(fen, moves), &all_plies()).unwrap()
    );
}

/// A patch that does not apply is refused by the plugin with the same located error as on a
/// parent with a Spec.
#[test]
fn a_patch_the_plugin_refuses_is_a_located_error() {
    let text = format!("{LENIENT_CLUB}repetitions = 4\n\n[counting]\nprocedure = \"cxa-2011\"\n");
    let on_plugin = overlay_on(&text, club_plugin()).err().expect("refused");
    let in_process = overlay_on(&text, Arc::new(xqr_club_casual::ClubCasual::new()))
        .err()
        .expect("refused");
    assert_eq!(on_plugin.problems(), in_process.problems());
    let p = on_plugin.first();
    assert_eq!(p.key, "repetition.repetitions");
    assert!(p.location.is_some(), "located: {p:?}");
}

/// A plugin of protocol version 3 takes no law patch, whatever its manifest says: the overlay
/// gets the located error of a parent without a Spec.
#[test]
fn a_protocol_3_plugin_takes_no_law_patch() {
    let parent = plugins::load_plugin_with_symbol(&libraries().testkit, "xqr_testkit_protocol_3")
        .expect("a version-3 table loads");
    assert_eq!(parent.meta().id, "testkit-header");
    let text = LENIENT_CLUB.replace("club-casual", "testkit-header");
    let e = overlay_on(&text, parent).err().expect("refused");
    let p = e.first();
    assert_eq!(p.key, "repetition");
    assert_eq!(p.kind, xqr_house::ProblemKind::Unsupported);
    assert!(p.message.contains("not built from a Spec"), "{}", p.message);
    assert_eq!(p.location.map(|l| l.line), Some(7), "{p:?}");
    good_plugin_still_works();
}
