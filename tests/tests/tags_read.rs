//! What a ruleset says of the tags it reads ([`Ruleset::tags_read`]) holds: a ruleset that
//! reads only some judges every fixture and every sample record, with tags of other names
//! added, exactly as it judges them with those tags removed. A host relies on it to send a
//! plugin only the tags it reads.

use std::path::Path;

use xqr_core::record::read_games_from_bytes;
use xqr_core::registry::Registry;
use xqr_core::rules::{GameInput, JudgeOptions, TagsRead, REPLAY_TAGS};
use xqr_host::loading::{load, Sources};
use xqr_host::record_input::RecordedGame;
use xqr_tests::{fixture_files, load as load_fixture, workspace};

/// The static rulesets and the overlays, shipped and of `tests/variants/`.
fn registry() -> Registry {
    let loaded = load(&Sources {
        plugin_dirs: vec![],
        overlay_dirs: vec![xqr_tests::variant_dir()],
        use_environment: false,
    });
    assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
    loaded.registry
}

/// The games of every PGN file in `dir`.
fn records_in(dir: &Path) -> Vec<GameInput> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    let mut games = Vec::new();
    for file in files {
        let bytes = std::fs::read(&file).expect("readable");
        let (raw, _) = read_games_from_bytes(&bytes).expect("decodes");
        games.extend(
            raw.iter()
                .filter_map(|g| RecordedGame::from_raw(g).ok())
                .map(|g| g.input),
        );
    }
    games
}

/// Every fixture's game and every sample record, each with tags that are read by no one (and
/// one that differs from a read one only in case) added.
fn records() -> Vec<(GameInput, JudgeOptions)> {
    let mut out: Vec<(GameInput, JudgeOptions)> = fixture_files()
        .iter()
        .map(|path| load_fixture(path).unwrap_or_else(|e| panic!("{e}")))
        .map(|f| (f.input(), f.options()))
        .collect();
    let samples = records_in(&workspace().join("host").join("samples"))
        .into_iter()
        .chain(records_in(&workspace().join("../shared/data/games/wukong")));
    out.extend(samples.map(|g| (g, JudgeOptions::default())));
    for (game, _) in &mut out {
        for (name, value) in [
            ("Event", "全國個人賽"),
            ("Opening", "中炮對屏風馬"),
            ("result", "0-1"),
            ("", "?"),
        ] {
            game.tags
                .entry(name.to_owned())
                .or_insert_with(|| value.to_owned());
        }
    }
    out
}

#[test]
fn a_ruleset_that_reads_some_tags_judges_records_as_it_judges_them_whole() {
    let registry = registry();
    let records = records();
    assert!(records.len() > 250, "{} records", records.len());
    let mut checked = 0;
    for rs in registry.iter() {
        let TagsRead::Only(names) = rs.tags_read() else {
            continue;
        };
        checked += 1;
        for (game, options) in &records {
            let mut only = game.clone();
            only.tags.retain(|name, _| names.contains(&name.as_str()));
            assert_ne!(only.tags.len(), game.tags.len());
            assert_eq!(
                rs.judge(game, options),
                rs.judge(&only, options),
                "{}: {:?}",
                rs.meta().id,
                game.tags
            );
        }
    }
    // The editions of standard Xiangqi and the overlays on them.
    assert!(checked >= 6, "{checked} rulesets read only some tags");
}

/// The editions say they read the replay's tags; Jieqi, whose hook reads records, all; an
/// overlay what its parent reads.
#[test]
fn which_rulesets_read_which_tags() {
    let registry = registry();
    let read = |id: &str| registry.get(id).expect("loaded").tags_read();
    for id in [
        "cxa-1999",
        "cxa-2011",
        "axf",
        "lenient",
        "cxa-1999-third-occurrence",
    ] {
        assert_eq!(read(id), REPLAY_TAGS, "{id}");
    }
    assert_eq!(read("jieqi"), TagsRead::All);
}

/// Each tag the replay names is one it reads: with it, a game ends otherwise, or is refused.
#[test]
fn each_replay_tag_changes_some_verdict() {
    let registry = registry();
    let rs = registry.get("cxa-1999").expect("static");
    let judged = |tags: &[(&str, &str)]| {
        let game = GameInput {
            fen: None,
            moves: vec!["h2e2".into(), "h9g7".into()],
            tags: tags
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
        };
        rs.judge(&game, &JudgeOptions::default())
    };
    let TagsRead::Only(names) = REPLAY_TAGS else {
        panic!("the replay names its tags")
    };
    let cases: [&[(&str, &str)]; 5] = [
        &[("Result", "1-0")],
        &[("Result", "1-0"), ("Termination", "time forfeit")],
        &[("Variant", "Jieqi")],
        &[("Deal", "x")],
        &[("DealSeed", "1")],
    ];
    let mut seen: Vec<&str> = Vec::new();
    for tags in cases {
        let (last, _) = tags[tags.len() - 1];
        let with = judged(tags);
        let without = judged(&tags[..tags.len() - 1]);
        assert_ne!(with, without, "{last} changes nothing");
        seen.push(last);
    }
    seen.sort_unstable();
    assert_eq!(seen, names);
}
