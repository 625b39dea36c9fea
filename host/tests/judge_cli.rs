//! End-to-end tests of `xqr rulesets`, `judge`, `compare` and `check-ruleset`: the JSON contract
//! of `docs/architecture.md` ("JSON contracts"), text output, global options and errors.

use std::path::PathBuf;

mod common;
use common::{json, ok, stdout as text, xqr};

/// The path of a file of `host/samples/`.
fn sample(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("samples")
        .join(name)
        .display()
        .to_string()
}

fn figure3() -> String {
    sample("figure-3.pgn")
}

const FIG3_FEN: &str =
    "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1";
const FIG3_MOVES: &str = "h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9";

fn played_on() -> String {
    sample("figure-3-played-on.pgn")
}

#[test]
fn rulesets_lists_static_and_overlays() {
    let v = json(&ok(&["rulesets", "--format", "json"]));
    let rows = v.as_array().expect("array");
    let find = |id: &str| {
        rows.iter()
            .find(|r| r["id"] == id)
            .unwrap_or_else(|| panic!("{id} missing: {v}"))
    };
    assert_eq!(find("cxa-1999")["origin"], "static");
    assert_eq!(find("lenient")["origin"], "overlay");
    assert_eq!(find("lenient")["extends"], "cxa-1999");
    assert!(find("quick-limit")["rule_source"]
        .as_str()
        .is_some_and(|s| s.contains("30")));
    // The Armageddon final's time odds travel as metadata (club-and-local-rules-collection.txt).
    assert_eq!(find("armageddon")["extends"], "cxa-2011");
    assert_eq!(
        find("armageddon")["metadata"]["black_time"],
        "10 min + 10 s per move"
    );
    assert!(find("cxa-1999").get("metadata").is_none());
    let t = text(&ok(&["rulesets"]));
    assert!(t.contains("cxa-1999") && t.contains("(static)"), "{t}");
    assert!(t.contains("red_time: 20 min + 10 s per move"), "{t}");
}

#[test]
fn judge_json_follows_the_contract() {
    let v = json(&ok(&[
        "judge",
        "--ruleset",
        "cxa-1999",
        "--pgn",
        &figure3(),
        "--format",
        "json",
    ]));
    let keys: Vec<&str> = v
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    for k in [
        "ruleset",
        "result",
        "termination",
        "winner",
        "offender",
        "rule",
        "decided_at_ply",
        "pending",
        "plies",
        "claims",
    ] {
        assert!(keys.contains(&k), "missing {k} in {v}");
    }
    assert_eq!(v["ruleset"], "cxa-1999");
    assert_eq!(v["result"], "*");
    assert_eq!(v["termination"], serde_json::Value::Null);
    assert_eq!(v["pending"]["must_change"], "red");
    assert_eq!(v["pending"]["rule"], "cxa-1999 §26.4");
    assert_eq!(v["loop"]["red"], "perpetual_chase");
    let plies = v["plies"].as_array().expect("plies");
    assert_eq!(plies.len(), 12);
    assert_eq!(v["claims"], serde_json::json!([]));
    assert_eq!(plies[0]["ply"], 1);
    assert_eq!(plies[0]["move"], "h6i4");
    assert_eq!(plies[0]["kinds"], serde_json::json!(["chase"]));
    assert_eq!(plies[0]["targets"], serde_json::json!(["i9"]));
    assert_eq!(plies[1]["kinds"], serde_json::json!(["exchange_offer"]));
}

#[test]
fn judge_text_explains_the_loop() {
    let t = text(&ok(&[
        "judge",
        "--ruleset",
        "1999",
        "--fen",
        FIG3_FEN,
        "--moves",
        FIG3_MOVES,
    ]));
    assert!(
        t.contains("pending: red must change  [cxa-1999 §26.4]"),
        "{t}"
    );
    assert!(t.contains("red: 长捉 (perpetual_chase)"), "{t}");
    assert!(t.contains("no root can recapture it"), "{t}");
    assert!(t.contains("兑"), "{t}");
}

#[test]
fn judge_decides_a_perpetual_check() {
    let v = json(&ok(&[
        "judge",
        "--ruleset",
        "cxa-1999",
        "--fen",
        "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
        "--moves",
        "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9 e1d1",
        "--format",
        "json",
    ]));
    assert_eq!(v["result"], "0-1");
    assert_eq!(v["termination"], "perpetual_check");
    assert_eq!(v["winner"], "black");
    assert_eq!(v["offender"], "red");
    assert_eq!(v["rule"], "cxa-1999 §26.1");
    assert_eq!(v["decided_at_ply"], 13);
    assert_eq!(v["claims"][0]["ply"], 13);
    assert_eq!(v["claims"][0]["claimant"], "black");
}

/// The main job's sample: figure 3 played on past the claims. Judged as played the recorded
/// draw stands and each claim nobody made is listed; `--claim first` ends the game at the first.
#[test]
fn claims_nobody_made_are_listed_and_first_claim_judges_what_if() {
    let v = json(&ok(&[
        "judge",
        "--ruleset",
        "cxa-1999",
        "--pgn",
        &played_on(),
        "--format",
        "json",
    ]));
    assert_eq!(v["result"], "1/2-1/2");
    assert_eq!(v["termination"], "recorded_result");
    assert_eq!(
        v["claims"],
        serde_json::json!([{
            "ply": 17, "until_ply": 17, "claimant": "black", "result": "0-1",
            "termination": "perpetual_chase", "rule": "cxa-1999 §24.3", "offender": "red",
            "explanation": v["claims"][0]["explanation"], "loop": v["claims"][0]["loop"]
        }])
    );
    let t = text(&ok(&["judge", "--ruleset", "1999", "--pgn", &played_on()]));
    assert!(
        t.contains("after ply 17: black could claim 0-1 perpetual_chase  [cxa-1999 §24.3]  (not claimed: the record went on)"),
        "{t}"
    );
    let v = json(&ok(&[
        "judge",
        "--ruleset",
        "cxa-1999",
        "--pgn",
        &played_on(),
        "--claim",
        "first",
        "--format",
        "json",
    ]));
    assert_eq!(
        (&v["result"], &v["decided_at_ply"]),
        (&"0-1".into(), &17.into())
    );

    let t = text(&ok(&["compare", "--pgn", &played_on()]));
    assert!(t.lines().next().unwrap().ends_with("first claim"), "{t}");
    assert!(
        t.lines().any(|l| l.starts_with("cxa-2011")
            && l.contains("1/2-1/2")
            && l.ends_with("0-1 perpetual_chase after ply 13")),
        "{t}"
    );
    assert!(
        t.contains("claims nobody made (the record went on past them):\n  axf: after ply 8 (until ply 18), either side could claim 1/2-1/2 repetition_draw [axf rule 5]\n  cxa-1999: after ply 17, black could claim 0-1 perpetual_chase [cxa-1999 §24.3]"),
        "{t}"
    );
}

#[test]
fn compare_shows_every_ruleset() {
    let v = json(&ok(&["compare", "--pgn", &figure3(), "--format", "json"]));
    let rows = v.as_array().expect("array");
    let by = |id: &str| {
        rows.iter()
            .find(|r| r["ruleset"] == id)
            .unwrap_or_else(|| panic!("{id}: {v}"))
    };
    assert_eq!(by("cxa-1999")["pending"]["must_change"], "red");
    assert_eq!(by("lenient")["result"], "1/2-1/2");
    let t = text(&ok(&["compare", "--pgn", &figure3()]));
    let header = t.lines().next().unwrap_or_default();
    assert!(
        header.starts_with("ruleset") && header.contains("article"),
        "{t}"
    );
    assert!(
        t.lines()
            .any(|l| l.starts_with("lenient") && l.contains("1/2-1/2")),
        "{t}"
    );
}

#[test]
fn illegal_moves_are_errors_or_rulings() {
    let o = xqr(&[
        "judge",
        "--ruleset",
        "cxa-1999",
        "--moves",
        "h2e2 h9g7 e2e9",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("ply 3") && err.contains("e2e9"), "{err}");
    let v = json(&ok(&[
        "judge",
        "--ruleset",
        "cxa-1999",
        "--fen",
        "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1",
        "--moves",
        "e1d2",
        "--illegal-moves",
        "rule",
        "--format",
        "json",
    ]));
    assert_eq!(v["result"], "0-1");
    assert_eq!(v["rule"], "cxa-1999 §4.1.2");
}

#[test]
fn unknown_ruleset_and_bad_pgn_are_input_errors() {
    let o = xqr(&["judge", "--ruleset", "cxa-1998", "--moves", "h2e2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown ruleset"));
    let o = xqr(&[
        "judge",
        "--ruleset",
        "cxa-1999",
        "--pgn",
        &figure3(),
        "--game",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no game 2"));
}

#[test]
fn global_options_before_or_after_the_command() {
    let missing = std::env::temp_dir().join("xqr-no-such-plugin-dir");
    let m = missing.display().to_string();
    let before = xqr(&["--plugin-dir", &m, "rulesets", "--format", "json"]);
    let after = xqr(&["rulesets", "--plugin-dir", &m, "--format", "json"]);
    for o in [&before, &after] {
        assert_eq!(o.status.code(), Some(0));
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("xqr-no-such-plugin-dir"),
            "the bad directory is reported"
        );
        assert!(json(o)
            .as_array()
            .is_some_and(|a| a.iter().any(|r| r["id"] == "cxa-1999")));
    }
}

#[test]
fn overlay_dir_adds_a_variant_and_check_ruleset_locates_problems() {
    let dir = std::env::temp_dir().join(format!("xqr-overlays-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let good = dir.join("forty.toml");
    std::fs::write(
        &good,
        "id = \"forty\"\nname = \"Forty moves\"\nextends = \"cxa-1999\"\nrule_source = \"test\"\n\n[natural_limit]\nmoves = 40\n",
    )
    .expect("write");
    let d = dir.display().to_string();
    let v = json(&ok(&["--overlay-dir", &d, "rulesets", "--format", "json"]));
    assert!(
        v.as_array().is_some_and(|a| a
            .iter()
            .any(|r| r["id"] == "forty" && r["origin"] == "overlay")),
        "{v}"
    );
    let t = text(&ok(&["check-ruleset", &good.display().to_string()]));
    assert!(t.contains("ok"), "{t}");

    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "id = \"bad\"\nname = \"Bad\"\nextends = \"cxa-1999\"\nrule_source = \"test\"\n[repetition]\nperpetual_chasse = \"draw\"\n").expect("write");
    let o = xqr(&["check-ruleset", &bad.display().to_string()]);
    assert_eq!(o.status.code(), Some(2));
    let out = text(&o);
    assert!(
        out.contains("bad.toml:6:1: repetition.perpetual_chasse"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn jieqi_sample() -> String {
    sample("jieqi-king-capture.pgn")
}

#[test]
fn judge_and_compare_a_jieqi_record() {
    // Reveals, captured identities (b2b9Nr, 吃卒), a 自毙 and the king capture (jieqi §5.1.1).
    let v = json(&ok(&[
        "judge",
        "--ruleset",
        "jieqi",
        "--pgn",
        &jieqi_sample(),
        "--format",
        "json",
    ]));
    assert_eq!(v["result"], "1-0");
    assert_eq!(v["termination"], "king_captured");
    assert_eq!(v["rule"], "jieqi §5.1.1");
    assert_eq!(v["decided_at_ply"], 9);
    // Standard editions say they cannot judge it; the Jieqi rulesets do.
    let rows = json(&ok(&[
        "compare",
        "--pgn",
        &jieqi_sample(),
        "--format",
        "json",
    ]));
    let row = |id: &str| {
        rows.as_array()
            .unwrap()
            .iter()
            .find(|r| r["ruleset"] == id)
            .unwrap_or_else(|| panic!("no row for {id}: {rows}"))
            .clone()
    };
    assert_eq!(row("cxa-1999")["unsupported"], true);
    assert!(row("cxa-1999")["error"].as_str().unwrap().contains("Jieqi"));
    assert_eq!(row("jieqi")["result"], "1-0");
    assert_eq!(row("jieqi-hk")["result"], "1-0");
    let t = text(&ok(&["compare", "--pgn", &jieqi_sample()]));
    assert!(t.contains("cannot judge"), "{t}");
}

#[test]
fn a_jieqi_reveal_the_pool_cannot_supply_is_located() {
    let o = xqr(&[
        "judge",
        "--ruleset",
        "jieqi",
        "--fen",
        "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1",
        "--moves",
        "h2e2C h9g7n b2b1C c6c5p a0a1C",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("ply 5") && err.contains("pool"), "{err}");
}

#[test]
fn deal_is_reproducible_and_views_hide_the_deal() {
    let a = json(&ok(&["deal", "--seed", "42", "--format", "json"]));
    let b = json(&ok(&["deal", "--seed", "42", "--format", "json"]));
    assert_eq!(a, b);
    let c = json(&ok(&["deal", "--seed", "43", "--format", "json"]));
    assert_ne!(a["deal"], c["deal"]);
    let views = a["views"].as_array().unwrap();
    let observers: Vec<&str> = views
        .iter()
        .map(|v| v["observer"].as_str().unwrap())
        .collect();
    assert_eq!(observers, ["red", "black", "spectator", "arbiter"]);
    for v in &views[..3] {
        assert_eq!(v["known"].as_array().unwrap().len(), 0);
        assert_eq!(v["pool"], "A2B2N2R2C2P5a2b2n2r2c2p5");
    }
    assert_eq!(views[3]["known"].as_array().unwrap().len(), 30);
    // Play under the deal: b2's hidden cannon takes b9; only Red (and the arbiter) learn what
    // it took.
    let p = json(&ok(&[
        "deal", "--seed", "42", "--moves", "b2b9", "--format", "json",
    ]));
    let captured = |i: usize| p["views"][i]["captured"][0]["piece"].clone();
    assert!(captured(0).is_object(), "{p}");
    assert!(captured(1).is_null());
    assert!(captured(2).is_null());
    assert!(captured(3).is_object());
    // A round of boards, and text output.
    let round = json(&ok(&[
        "deal", "--seed", "7", "--boards", "3", "--format", "json",
    ]));
    assert_eq!(round.as_array().unwrap().len(), 3);
    assert_eq!(round[1]["seed"], 8);
    let t = text(&ok(&["deal", "--seed", "42"]));
    assert!(t.contains("arbiter sees") && t.contains("red sees"), "{t}");
    let bad = xqr(&["deal", "--seed", "1", "--moves", "a0a5"]);
    assert_eq!(bad.status.code(), Some(2));
}

/// `xqr claim`: the arbiter's answer to a claim during figure 3 played on, as text and JSON.
#[test]
fn claim_answers_with_the_ruling_the_order_or_a_refusal() {
    let path = played_on();
    let ask = |ply: &str, extra: &[&str]| {
        let mut args = vec![
            "claim",
            "--ruleset",
            "cxa-1999",
            "--pgn",
            &path,
            "--by",
            "black",
            "--ply",
            ply,
        ];
        args.extend_from_slice(extra);
        ok(&args)
    };
    let t = text(&ask("9", &[]));
    assert!(t.contains("refused  [cxa-1999 §24]"), "{t}");
    let t = text(&ask("13", &[]));
    assert!(t.contains("ordered  [cxa-1999 §26.4]"), "{t}");
    let t = text(&ask("16", &[]));
    assert!(t.contains("in its own time"), "{t}");
    let v = json(&ask("17", &["--format", "json"]));
    assert_eq!(v["answer"], "decided");
    assert_eq!(v["ply"], 17);
    assert_eq!(v["by"], "black");
    assert_eq!(v["end"]["result"], "0-1");
    assert_eq!(v["end"]["rule"], "cxa-1999 §24.3");
    let v = json(&ask("21", &["--kind", "natural-limit", "--format", "json"]));
    assert_eq!(v["answer"], "refused");
    let o = xqr(&[
        "claim",
        "--ruleset",
        "cxa-1999",
        "--pgn",
        &played_on(),
        "--by",
        "black",
        "--ply",
        "40",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("the record has only 21 plies"),
        "{o:?}"
    );
}
