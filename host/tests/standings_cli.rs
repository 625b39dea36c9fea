//! End-to-end tests of `xqr standings` and `xqr schedule round-robin`.

use std::path::PathBuf;

mod common;
use common::bad_input as bad;

/// Runs `xqr` expecting status 0; returns stdout.
fn ok(args: &[&str]) -> String {
    common::stdout(&common::ok(args))
}

fn event(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../core/tests/events")
        .join(name)
        .display()
        .to_string()
}

/// A directory holding the file `name` with `text`, and the file's path.
fn temp_csv(name: &str, text: &str) -> (common::TempDir, String) {
    let dir = common::TempDir::new(&format!("standings-{name}"));
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    let path = p.display().to_string();
    (dir, path)
}

#[test]
fn json_rows_in_rank_order_with_exact_decimals() {
    let out = ok(&[
        "standings",
        "--ruleset",
        "cxa-1999",
        "--format",
        "json",
        &event("round-robin-6.csv"),
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 6);
    assert_eq!(
        rows[2],
        serde_json::json!({"rank": 3, "player": "C", "points": "2.5",
            "tiebreaks": {"sonneborn_berger": "6.25", "wins": "2", "head_to_head": "0.5", "fouls": "0"}})
    );
    assert_eq!(rows[3]["rank"], 3);
    assert_eq!(rows[4]["rank"], 5);
    // Tie-breaks keep the article's order.
    let first = out.split('}').next().unwrap();
    let at = |k: &str| first.find(&format!("\"{k}\"")).unwrap();
    assert!(at("sonneborn_berger") < at("wins") && at("wins") < at("head_to_head"));
    assert!(at("head_to_head") < at("fouls"));
}

#[test]
fn text_table_has_every_tiebreak_column() {
    let out = ok(&[
        "standings",
        "--ruleset",
        "cxa-1999",
        &event("round-robin-6.csv"),
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "cxa-1999: round-robin event ranked by cxa-1999 §15.1 (points win 1 / draw 0.5 Red, 0.5 Black / loss 0, cxa-1999 §14.1)"
    );
    assert_eq!(
        lines[1],
        "rank  player  points  sonneborn_berger  wins  head_to_head  fouls"
    );
    assert_eq!(
        lines[4],
        "   3  C          2.5              6.25     2           0.5      0"
    );
    assert!(lines
        .last()
        .unwrap()
        .starts_with("tie-breaks in order: sonneborn_berger = 小分"));
}

/// A house variant ranks with its parent's tie-breaks and its own points.
#[test]
fn overlay_uses_parent_rules_with_its_points() {
    let dir = common::TempDir::new("standings-overlay");
    std::fs::write(
        dir.join("three.toml"),
        "id = \"three-one-zero\"\nname = \"3/1/0\"\nextends = \"cxa-1999\"\nrule_source = \"cxa-2011 §13.3\"\n[scoring]\nwin = 3\ndraw_red = 1\ndraw_black = 1\n",
    )
    .unwrap();
    let out = ok(&[
        "--overlay-dir",
        dir.to_str().unwrap(),
        "standings",
        "--ruleset",
        "three-one-zero",
        "--format",
        "json",
        &event("round-robin-6.csv"),
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // A: 3 wins = 9; 小分 = B 9 + E 6 + F 6.
    assert_eq!(v[0]["player"], "A");
    assert_eq!(v[0]["points"], "9");
    assert_eq!(v[0]["tiebreaks"]["sonneborn_berger"], "21");
    // C: 2 wins and a draw = 7, D the same: still tied under the 1999 order.
    assert_eq!(
        (v[2]["rank"].as_u64(), v[3]["rank"].as_u64()),
        (Some(3), Some(3))
    );
}

#[test]
fn bad_rows_are_located() {
    let (_dir, p) = temp_csv(
        "bad.csv",
        "round,red,black,result\n1,A,B,1-0\nx,C,D,1-0\n2,A,C,2-0\n",
    );
    let err = bad(&["standings", "--ruleset", "cxa-1999", &p]);
    assert!(
        err.contains(&format!(
            "{p}: line 3, column 1 (round): \"x\" is not a positive whole number"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "{p}: line 4, column 4 (result): unknown result \"2-0\""
        )),
        "{err}"
    );
}

#[test]
fn unknown_ruleset_and_unranked_kind_are_clear_errors() {
    let p = event("round-robin-6.csv");
    let err = bad(&["standings", "--ruleset", "no-such", &p]);
    assert!(
        err.contains("unknown ruleset \"no-such\"; loaded: axf, cxa-1999"),
        "{err}"
    );
    let err = bad(&[
        "standings",
        "--ruleset",
        "cxa-1999",
        "--event",
        "swiss-cumulative",
        &p,
    ]);
    assert!(
        err.contains("cxa-1999 prescribes no standings for a swiss-cumulative event (it ranks: round-robin, swiss, team-round-robin, team-swiss, team-by-player-ranks)"),
        "{err}"
    );
    let err = bad(&[
        "standings",
        "--ruleset",
        "cxa-1999",
        "--event",
        "team-swiss",
        &p,
    ]);
    assert!(
        err.contains("a team-swiss event needs red_team and black_team columns"),
        "{err}"
    );
    let err = bad(&[
        "standings",
        "--ruleset",
        "cxa-1999",
        "--event",
        "knockout",
        &p,
    ]);
    assert!(err.contains("unknown event kind \"knockout\""), "{err}");
}

#[test]
fn schedule_round_robin_text_and_json() {
    assert_eq!(
        ok(&["schedule", "round-robin", "4"]),
        "Round-robin table for 4 (cxa-2011 附录一): the first number has Red\nRound 1: 1-(4) 2-3\nRound 2: (4)-3 1-2\nRound 3: 2-(4) 3-1\n"
    );
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["schedule", "round-robin", "3", "--format", "json"])).unwrap();
    assert_eq!(v["largest"], 4);
    assert_eq!(
        v["rounds"][0],
        serde_json::json!({"round": 1, "pairings": [{"red": 2, "black": 3}], "bye": 1})
    );
    let err = bad(&["schedule", "round-robin", "1"]);
    assert!(
        err.contains("a round robin needs at least 2 players, got 1"),
        "{err}"
    );
}
