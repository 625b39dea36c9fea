//! End-to-end tests of a Jieqi deal carried in a record: `xqr deal --pgn` writes one, `judge`
//! and `compare` read it (jieqi §7.5.1, §7.5.4: the reveals and captured identities come from
//! the deal).

mod common;
use common::{bad_input, json, ok, stdout as text};

/// A temporary file holding `contents`, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, contents: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("xqr-deal-cli-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).expect("write the record");
        TempFile(path)
    }

    fn path(&self) -> String {
        self.0.display().to_string()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

const MOVES: &str = "h2e2 h9g7 b2b9 g7g8 e2g4";

#[test]
fn a_record_written_by_deal_is_judged_as_the_game_played_under_the_deal() {
    let pgn = text(&ok(&["deal", "--seed", "42", "--moves", MOVES, "--pgn"]));
    assert!(pgn.contains("[DealSeed \"42\"]"), "{pgn}");
    assert!(
        pgn.contains("[Deal \"cpbbknprp/9/1r5n1/a1p1a1p1c/9/9/C1A1N1C1P/1P5B1/9/RARPKBPPN\"]"),
        "{pgn}"
    );
    assert!(
        pgn.contains("1. h2e2 h9g7\n2. b2b9 g7g8\n3. e2g4\n*"),
        "{pgn}"
    );
    let file = TempFile::new("seed-42.pgn", &pgn);
    // The moves `deal` plays, reveals and captured identities filled in from the deal.
    let played = json(&ok(&[
        "deal", "--seed", "42", "--moves", MOVES, "--format", "json",
    ]));
    let annotated: Vec<&str> = played["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(annotated, ["h2e2B", "h9g7r", "b2b9Pp", "g7g8", "e2g4"]);
    let from_record = json(&ok(&[
        "judge",
        "--ruleset",
        "jieqi",
        "--pgn",
        &file.path(),
        "--all-plies",
        "--format",
        "json",
    ]));
    let from_moves = json(&ok(&[
        "judge",
        "--ruleset",
        "jieqi",
        "--moves",
        &annotated.join(" "),
        "--all-plies",
        "--format",
        "json",
    ]));
    assert_eq!(from_record, from_moves);
    // House variants built on jieqi read the deal too; standard editions refuse the game.
    let rows = json(&ok(&["compare", "--pgn", &file.path(), "--format", "json"]));
    for row in rows.as_array().unwrap() {
        let id = row["ruleset"].as_str().unwrap();
        if id.starts_with("jieqi") {
            assert_eq!(row["result"], "*", "{id}: {row}");
        } else {
            assert_eq!(row["unsupported"], true, "{id}: {row}");
        }
    }
}

#[test]
fn a_record_contradicting_its_deal_is_located() {
    let pgn = text(&ok(&["deal", "--seed", "42", "--moves", MOVES, "--pgn"]));
    let wrong = TempFile::new("wrong-reveal.pgn", &pgn.replace("2. b2b9 ", "2. b2b9Pn "));
    let err = bad_input(&["judge", "--ruleset", "jieqi", "--pgn", &wrong.path()]);
    assert!(
        err.contains("line 9, column 4") && err.contains("ply 3"),
        "{err}"
    );
    assert!(err.contains("captured on b9 was dealt p, not n"), "{err}");
    let bad = TempFile::new("bad-deal.pgn", &pgn.replace("RARPKBPPN\"]", "RARPKBPPP\"]"));
    let err = bad_input(&["judge", "--ruleset", "jieqi", "--pgn", &bad.path()]);
    assert!(err.contains("tag Deal") && err.contains("pool"), "{err}");
}

#[test]
fn deal_writes_pgn_only_as_text() {
    let err = bad_input(&["deal", "--seed", "1", "--pgn", "--format", "json"]);
    assert!(err.contains("--pgn"), "{err}");
    let round = text(&ok(&["deal", "--seed", "7", "--boards", "2", "--pgn"]));
    assert_eq!(round.matches("[DealSeed").count(), 2, "{round}");
    assert!(round.contains("[DealSeed \"8\"]"), "{round}");
}
