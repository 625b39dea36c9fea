//! End-to-end tests of `xqr batch`, `xqr diff-editions` and `xqr render` on a small corpus
//! written by the tests: good games (UTF-8 and GBK), a game with an illegal move, a PGN syntax
//! error, a file in an encoding xqr does not read, an empty file, and a file that is not PGN.

use std::path::PathBuf;
use std::process::Output;

use serde_json::Value;

mod common;
use common::{ok, stderr, stdout, xqr};

/// Every line of stdout as JSON.
fn json_lines(o: &Output) -> Vec<Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// The figure 3 loop of the 1999 rules (chapter 7, example 3) four times round and one ply more:
/// under cxa-1999 Red must change after ply 12 (three full cycles, §24) and loses when the loop
/// is round again (ply 16), which Black claims in its own time after Red's next move (ply 17,
/// §24.3, §8.5); the lenient overlay's draw can be claimed from ply 12. The record ends in the
/// loop at ply 17.
const FIGURE_3: &str = "[Event \"figure 3 continued\"]\n[Red \"红方\"]\n[Black \"黑方\"]\n\
[FEN \"1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1\"]\n\
[Result \"*\"]\n\
1. 马二退一 车９平８ 2. 马一进二 车８平９ 3. 马二退一 车９平８\n\
4. 马一进二 车８平９ 5. 马二退一 车９平８ 6. 马一进二 车８平９\n\
7. 马二退一 车９平８ 8. 马一进二 车８平９ 9. 马二退一 *\n\n";

/// A mate in one (cxa-1999 §4.1.1) recorded as a Black win.
const MATE_WRONGLY_RECORDED: &str = "[Event \"mate, wrongly recorded\"]\n\
[FEN \"3k5/9/4R4/9/9/9/9/9/9/4K4 w - - 0 1\"]\n[Result \"0-1\"]\n1. e7d7 0-1\n";

/// Game 1: ply 3 (`e2e9`, line 2, column 17) is illegal; game 2: a mate recorded correctly;
/// game 3: a comment never closed (line 10, column 9).
const ILLEGAL: &str = "[Event \"illegal\"]\n1. h2e2 h9g7 2. e2e9 *\n\n\
[Event \"fine\"]\n[Result \"1-0\"]\n[FEN \"3k5/9/4R4/9/9/9/9/9/9/4K4 w - - 0 1\"]\n1. e7d7 1-0\n\n\
[Event \"broken\"]\n1. h2e2 { never closed\n";

/// A directory with the test corpus, removed when dropped.
struct Corpus(PathBuf);

impl Corpus {
    fn new(name: &str) -> Corpus {
        let dir = std::env::temp_dir().join(format!("xqr-corpus-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).expect("create the corpus directory");
        let write = |name: &str, bytes: &[u8]| std::fs::write(dir.join(name), bytes).unwrap();
        write("empty.pgn", b"");
        let (gbk, _, unmappable) = encoding_rs::GBK.encode(
            "[Event \"中炮\"]\n[Red \"许银川\"]\n[Black \"吕钦\"]\n1. 炮二平五 马８进７ *\n",
        );
        assert!(!unmappable);
        write("gbk.pgn", &gbk);
        write(
            "sub/good.pgn",
            format!("{FIGURE_3}{MATE_WRONGLY_RECORDED}").as_bytes(),
        );
        write("illegal.pgn", ILLEGAL.as_bytes());
        // Latin-1: 0xE9 followed by a space is malformed in UTF-8, GBK and Big5 alike.
        write("latin1.pgn", b"[Event \"Caf\xe9 \"]\n1. h2e2 *\n");
        write(
            "notes.txt",
            b"not a PGN file: directories only contribute *.pgn files",
        );
        Corpus(dir)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("UTF-8 path")
    }

    fn file(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }
}

impl Drop for Corpus {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn batch_gives_one_line_per_game_and_located_errors() {
    let corpus = Corpus::new("lines");
    let o = ok(&[
        "batch",
        "--format",
        "json",
        "--rulesets",
        "cxa-1999,lenient",
        corpus.path(),
    ]);
    let lines = json_lines(&o);
    let types: Vec<&str> = lines.iter().map(|l| l["type"].as_str().unwrap()).collect();
    // Files in name order: empty, gbk, illegal (3 games), latin1, sub/good (2 games).
    assert_eq!(
        types,
        ["error", "game", "game", "game", "error", "error", "game", "game", "summary"]
    );

    let empty = &lines[0];
    assert_eq!(empty["file"], corpus.file("empty.pgn"));
    assert_eq!(empty["error"], "no game found");
    assert!(empty["game"].is_null() && empty["line"].is_null());

    let gbk = &lines[1];
    assert_eq!(gbk["file"], corpus.file("gbk.pgn"));
    assert_eq!(
        (gbk["game"].as_u64(), gbk["plies"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(gbk["tags"]["Red"], "许银川");
    assert_eq!(gbk["tags"]["Event"], "中炮");
    assert!(gbk["tags"]["Result"].is_null());
    for id in ["cxa-1999", "lenient"] {
        let v = &gbk["verdicts"][id];
        assert_eq!(v["result"], "*", "{v}");
        assert!(v["termination"].is_null() && v["agrees_with_record"].is_null());
    }

    // The illegal move: no verdict under either ruleset, located at its ply, line and column.
    let illegal = &lines[2];
    assert_eq!(
        (illegal["game"].as_u64(), illegal["line"].as_u64()),
        (Some(1), Some(1))
    );
    for id in ["cxa-1999", "lenient"] {
        let v = &illegal["verdicts"][id];
        assert!(
            v["error"]
                .as_str()
                .unwrap()
                .starts_with("ply 3: illegal move \"e2e9\""),
            "{v}"
        );
        assert_eq!(
            (v["ply"].as_u64(), v["line"].as_u64(), v["column"].as_u64()),
            (Some(3), Some(2), Some(17))
        );
    }

    // The next game of the same file is judged, and agrees with its record.
    let fine = &lines[3];
    assert_eq!(
        (fine["game"].as_u64(), fine["line"].as_u64()),
        (Some(2), Some(4))
    );
    let v = &fine["verdicts"]["cxa-1999"];
    assert_eq!(
        (
            &v["result"],
            &v["termination"],
            &v["rule"],
            &v["decided_at_ply"]
        ),
        (
            &Value::from("1-0"),
            &Value::from("checkmate"),
            &Value::from("cxa-1999 §4.1.1"),
            &Value::from(1)
        )
    );
    assert_eq!(v["agrees_with_record"], true);

    let broken = &lines[4];
    assert_eq!(broken["file"], corpus.file("illegal.pgn"));
    assert_eq!(
        (
            broken["game"].as_u64(),
            broken["line"].as_u64(),
            broken["column"].as_u64()
        ),
        (Some(3), Some(10), Some(9))
    );
    assert!(
        broken["error"].as_str().unwrap().contains("never closed"),
        "{broken}"
    );

    let latin1 = &lines[5];
    assert_eq!(latin1["file"], corpus.file("latin1.pgn"));
    assert_eq!(latin1["line"], 1);
    assert!(latin1["game"].is_null());
    assert!(
        latin1["error"]
            .as_str()
            .unwrap()
            .starts_with("not valid text in any supported encoding"),
        "{latin1}"
    );

    let figure3 = &lines[6];
    assert_eq!(figure3["file"], corpus.file("sub/good.pgn"));
    assert_eq!(figure3["plies"], 17);
    let (a, b) = (
        &figure3["verdicts"]["cxa-1999"],
        &figure3["verdicts"]["lenient"],
    );
    assert_eq!(
        (
            &a["result"],
            &a["termination"],
            &a["rule"],
            &a["decided_at_ply"]
        ),
        (
            &Value::from("0-1"),
            &Value::from("perpetual_chase"),
            &Value::from("cxa-1999 §24.3"),
            &Value::from(17)
        )
    );
    assert_eq!(
        (&b["result"], &b["termination"], &b["decided_at_ply"]),
        (
            &Value::from("1/2-1/2"),
            &Value::from("repetition_draw"),
            &Value::from(17)
        )
    );
    // The record ends in the loop: the claims the verdicts rest on, and the first claims.
    assert_eq!(
        a["claims"],
        serde_json::json!([{"ply": 17, "until_ply": 17, "claimant": "black", "result": "0-1",
            "termination": "perpetual_chase", "rule": "cxa-1999 §24.3"}])
    );
    assert_eq!(b["claims"][0]["ply"], 12);
    assert_eq!(b["claims"][0]["until_ply"], 17);
    assert_eq!(b["claims"][0]["claimant"], "either");
    assert_eq!(
        b["first_claim"],
        serde_json::json!({"result": "1/2-1/2", "termination": "repetition_draw",
            "rule": b["claims"][0]["rule"], "decided_at_ply": 12})
    );
    assert_eq!(a["first_claim"]["decided_at_ply"], 17);
    assert!(lines[1]["verdicts"]["cxa-1999"]["first_claim"].is_null());
    assert!(a["agrees_with_record"].is_null(), "the record says *");
    assert_eq!(figure3["rulesets_agree"], false);

    let mate = &lines[7];
    assert_eq!(mate["verdicts"]["lenient"]["termination"], "checkmate");
    assert_eq!(mate["verdicts"]["cxa-1999"]["agrees_with_record"], false);
    assert_eq!(mate["rulesets_agree"], true);

    let s = &lines[8];
    assert_eq!(
        [
            &s["files"],
            &s["games"],
            &s["input_errors"],
            &s["games_with_errors"],
            &s["disagreements"],
            &s["plies"]
        ],
        [5, 5, 3, 1, 1, 2 + 3 + 1 + 17 + 1]
            .map(Value::from)
            .each_ref()
    );
    let r = &s["rulesets"]["cxa-1999"];
    assert_eq!(
        r["decided"],
        serde_json::json!({"checkmate": 2, "perpetual_chase": 1})
    );
    assert_eq!(
        [
            &r["undecided"],
            &r["pending"],
            &r["errors"],
            &r["agree_with_record"],
            &r["disagree_with_record"]
        ],
        [1, 0, 1, 1, 1].map(Value::from).each_ref()
    );
    assert_eq!(
        s["rulesets"]["lenient"]["decided"],
        serde_json::json!({"checkmate": 2, "repetition_draw": 1})
    );
    assert!(s["games_per_second"].as_f64().unwrap() > 0.0);
}

/// In text mode the lines are the same, the summary and the unreadable inputs go to standard
/// error; `--out` writes the lines to a file; the output does not depend on the thread count.
#[test]
fn batch_text_mode_out_file_and_threads() {
    let corpus = Corpus::new("text");
    let args = ["batch", "--rulesets", "cxa-1999,lenient", corpus.path()];
    let o = ok(&args);
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 8, "{out}");
    assert!(!out.contains("\"summary\""));
    let err = stderr(&o);
    assert!(
        err.contains("5 files, 5 games (24 plies), 3 input errors"),
        "{err}"
    );
    assert!(
        err.contains("cxa-1999: checkmate 2, perpetual_chase 1;"),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "xqr: error: {}:1: not valid text",
            corpus.file("latin1.pgn")
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "xqr: error: {}:10:9: game 3 (line 9)",
            corpus.file("illegal.pgn")
        )),
        "{err}"
    );

    let one = ok(&[&args[..], &["--threads", "1"]].concat());
    assert_eq!(stdout(&one), out);

    let target = std::env::temp_dir().join(format!("xqr-batch-out-{}.jsonl", std::process::id()));
    let target_str = target.to_str().unwrap();
    let o = ok(&[&args[..], &["--out", target_str, "--format", "json"]].concat());
    assert!(o.stdout.is_empty());
    let written = std::fs::read_to_string(&target).unwrap();
    let _ = std::fs::remove_file(&target);
    assert_eq!(written.lines().count(), 9);
    assert_eq!(
        written.lines().take(8).collect::<Vec<_>>().join("\n") + "\n",
        out
    );
    assert!(written
        .lines()
        .last()
        .unwrap()
        .starts_with("{\"type\":\"summary\""));
}

#[test]
fn batch_illegal_moves_rule_gives_the_editions_ruling() {
    let corpus = Corpus::new("rule");
    let o = ok(&[
        "batch",
        "--rulesets",
        "cxa-1999",
        "--illegal-moves",
        "rule",
        &corpus.file("illegal.pgn"),
    ]);
    let lines = json_lines(&o);
    let v = &lines[0]["verdicts"]["cxa-1999"];
    assert_eq!(
        (&v["result"], &v["termination"], &v["decided_at_ply"]),
        (
            &Value::from("0-1"),
            &Value::from("illegal_move"),
            &Value::from(3)
        ),
        "{v}"
    );
}

#[test]
fn batch_bad_invocations() {
    let corpus = Corpus::new("bad");
    let o = xqr(&["batch", "--rulesets", "cxa-1999,nope", corpus.path()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(
        stderr(&o).contains("unknown ruleset \"nope\""),
        "{}",
        stderr(&o)
    );

    let o = xqr(&["batch", "--rulesets", "cxa-1999,1999", corpus.path()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("ruleset cxa-1999 is named twice"),
        "{}",
        stderr(&o)
    );

    // Nothing readable: the error lines are written, and the exit status says so.
    let missing = corpus.file("missing.pgn");
    let o = xqr(&[
        "batch",
        "--rulesets",
        "cxa-1999",
        &corpus.file("empty.pgn"),
        &missing,
    ]);
    assert_eq!(o.status.code(), Some(2));
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["file"], missing);
    assert!(lines[1]["error"]
        .as_str()
        .unwrap()
        .starts_with("cannot read"));
    assert!(stderr(&o).contains("no game could be read from the inputs"));
}

/// The SVG documents embedded in a report, each parsed as XML.
fn svgs(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("<svg") {
        let end = rest[start..].find("</svg>").expect("closed svg") + start + "</svg>".len();
        let svg = &rest[start..end];
        roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("bad SVG ({e}): {svg}"));
        out.push(svg.to_owned());
        rest = &rest[end..];
    }
    out
}

fn piece_at(svg: &str, square: &str) -> Option<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .find(|n| {
            n.attribute("class").is_some_and(|c| c.starts_with("piece"))
                && n.attribute("data-square") == Some(square)
        })
        .map(|n| {
            n.descendants()
                .filter(|t| t.is_text())
                .map(|t| t.text().unwrap())
                .collect()
        })
}

#[test]
fn diff_editions_markdown() {
    let corpus = Corpus::new("diff-md");
    let o = ok(&["diff-editions", "cxa-1999", "lenient", corpus.path()]);
    let md = stdout(&o);
    assert!(
        md.starts_with("# Edition diff: cxa-1999 vs lenient\n"),
        "{md}"
    );
    // Only the figure 3 game differs (the mates agree, the bad games are not compared).
    assert!(md.contains(&format!(
        "## 1. {}, game 1 (line 1)",
        corpus.file("sub/good.pgn")
    )));
    assert!(!md.contains("## 2. "), "{md}");
    assert!(md.contains("| result | 0-1 | 1/2-1/2 |"), "{md}");
    assert!(
        md.contains("| termination | perpetual\\_chase | repetition\\_draw |"),
        "{md}"
    );
    assert!(md.contains("| rule | cxa-1999 §24.3 | lenient "), "{md}");
    assert!(
        md.contains("| deciding ply | 17 (马二退一, h6i4) | 17 (马二退一, h6i4) |"),
        "{md}"
    );
    assert!(
        md.contains("| first claim | 0-1 perpetual\\_chase (cxa-1999 §24.3) after ply 17, by black | 1/2-1/2 repetition\\_draw (lenient "),
        "{md}"
    );
    // Both decide where the record ends: one diagram for both.
    let diagrams = svgs(&md);
    assert_eq!(diagrams.len(), 1, "{md}");
    assert!(md.contains(
        "*Deciding position for cxa-1999 (after ply 17) and lenient (after ply 17); last move 马二退一 (h6i4)*"
    ));
    let svg = &diagrams[0];
    assert_eq!(svg.matches("class=\"piece ").count(), 29);
    assert_eq!(piece_at(svg, "i9").as_deref(), Some("车"));
    assert_eq!(piece_at(svg, "i4").as_deref(), Some("马"));
    assert!(svg.contains("class=\"last-move-from\" data-square=\"h6\""));
    assert!(svg.contains("class=\"last-move-to\" data-square=\"i4\""));
    assert!(
        md.contains(
            "5 games compared in 5 files: the outcome differs in 1; 1 games could not be judged"
        ),
        "{md}"
    );
    // Unreadable inputs are reported on standard error.
    assert!(
        stderr(&o).contains("latin1.pgn:1: not valid text"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn diff_editions_html_svg_dir_and_json() {
    let corpus = Corpus::new("diff-html");
    let good = corpus.file("sub/good.pgn");
    let html = stdout(&ok(&[
        "diff-editions",
        "cxa-1999",
        "lenient",
        "--html",
        &good,
    ]));
    assert!(html.starts_with("<!DOCTYPE html>\n"), "{html}");
    assert!(html.trim_end().ends_with("</html>"));
    assert!(html
        .contains("<tr><th>termination</th><td>perpetual_chase</td><td>repetition_draw</td></tr>"));
    assert_eq!(svgs(&html).len(), 1);

    let dir = corpus.0.join("figures");
    let dir_str = dir.to_str().unwrap();
    let md = stdout(&ok(&[
        "diff-editions",
        "1999",
        "lenient",
        "--svg-dir",
        dir_str,
        &good,
    ]));
    assert!(svgs(&md).is_empty(), "diagrams are linked, not inlined");
    assert!(md.contains(&format!("]({dir_str}/diff-1-1.svg)")), "{md}");
    let file = std::fs::read_to_string(dir.join("diff-1-1.svg")).unwrap();
    assert_eq!(svgs(&file).len(), 1);

    let o = ok(&[
        "diff-editions",
        "cxa-1999",
        "lenient",
        "--format",
        "json",
        &good,
    ]);
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["type"], "game");
    assert_eq!(
        lines[0]["verdicts"]["lenient"]["termination"],
        "repetition_draw"
    );
    assert_eq!(lines[1]["type"], "summary");
    assert_eq!(lines[1]["disagreements"], 1);

    let o = xqr(&["diff-editions", "cxa-1999", "1999", &good]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("named twice"));
}

#[test]
fn render_draws_a_position() {
    let fen = "3k5/9/3R5/9/9/9/9/9/9/4K4 b - - 1 1";
    let o = ok(&[
        "render",
        "--fen",
        fen,
        "--last-move",
        "e7d7",
        "--caption",
        "A & B",
    ]);
    let svg = stdout(&o);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert_eq!(svg.matches("class=\"piece ").count(), 3);
    assert_eq!(piece_at(&svg, "d9").as_deref(), Some("将"));
    assert_eq!(piece_at(&svg, "d7").as_deref(), Some("车"));
    assert_eq!(piece_at(&svg, "e0").as_deref(), Some("帅"));
    assert!(svg.contains("class=\"last-move-to\" data-square=\"d7\""));
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some("A & B"));

    let o = ok(&["render", "--format", "json"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v["svg"].as_str().unwrap().matches("class=\"piece ").count(),
        32
    );

    let bad = |args: &[&str], needle: &str| {
        let o = xqr(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty());
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
    };
    bad(
        &["render", "--fen", fen, "--last-move", "d7e7"],
        "no piece on e7",
    );
    bad(
        &["render", "--fen", fen, "--last-move", "e0d7"],
        "e0 is occupied",
    );
    bad(&["render", "--last-move", "z9"], "--last-move \"z9\"");
    bad(
        &["render", "--fen", "3k5/9/4Z4/9/9/9/9/9/9/4K4 b"],
        "field 1 (piece placement)",
    );
}

/// The conformance fixtures that show a 1999/2011 difference (`tests/fixtures/diff-2011-*.toml`)
/// as one PGN file, each game's Event naming its fixture.
fn difference_fixtures_pgn() -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/fixtures")
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("diff-2011-") && n.ends_with(".toml"))
        })
        .collect();
    names.sort();
    assert!(names.len() >= 8, "difference fixtures: {names:?}");
    let value = |text: &str, key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{key} = \"")))
            .and_then(|v| v.strip_suffix('"'))
            .map(str::to_owned)
    };
    let mut pgn = String::new();
    for path in names {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_stem().unwrap().to_str().unwrap();
        let moves = value(&text, "moves").expect("moves");
        pgn.push_str(&format!("[Event \"{name}\"]\n"));
        if let Some(fen) = value(&text, "fen") {
            pgn.push_str(&format!("[FEN \"{fen}\"]\n"));
        }
        pgn.push_str(&format!("\n{moves} *\n\n"));
    }
    pgn
}

#[test]
fn diff_editions_finds_the_1999_2011_differences_of_the_fixtures() {
    let corpus = Corpus::new("diff-2011");
    let file = corpus.0.join("differences.pgn");
    std::fs::write(&file, difference_fixtures_pgn()).unwrap();
    let file = file.to_str().unwrap();
    let o = ok(&[
        "diff-editions",
        "cxa-1999",
        "cxa-2011",
        "--format",
        "json",
        file,
    ]);
    let lines = json_lines(&o);
    let games: Vec<&Value> = lines.iter().filter(|l| l["type"] == "game").collect();
    let events: Vec<&str> = games
        .iter()
        .map(|g| g["tags"]["Event"].as_str().unwrap_or("?"))
        .collect();
    // 1999 §26.3 draws two forbidden sides; 2011 §26.8.1 makes the listed one change.
    assert!(
        events.contains(&"diff-2011-both-forbidden-one-listed"),
        "{events:?}"
    );
    // 2011 §23.4: nine rounds of attacks without a threefold repetition; 1999 has no such rule.
    assert!(events.contains(&"diff-2011-nine-rounds"), "{events:?}");
    // 2011 §24.18, §26.3: the block answering a self-destroying check is idle, so Black's
    // conduct is allowed and the loop draws; 1999 calls the block a mate threat and Black loses.
    assert!(
        events.contains(&"diff-2011-self-destroying-check"),
        "{events:?}"
    );
    // Both draw (§26.3 / §26.8.4), at different plies: the same outcome is no difference.
    assert!(
        !events.contains(&"diff-2011-both-forbidden-both-listed"),
        "{events:?}"
    );
    // Each differs as played or at its first claim (the fixture records end where the editions
    // part, or go on to where the later one decides).
    let first = |v: &Value| match &v["first_claim"] {
        Value::Null => v["result"].clone(),
        c => c["result"].clone(),
    };
    for g in &games {
        let (a, b) = (&g["verdicts"]["cxa-1999"], &g["verdicts"]["cxa-2011"]);
        assert!(a["result"] != b["result"] || first(a) != first(b), "{g}");
    }
    let summary = lines.last().unwrap();
    assert_eq!(summary["type"], "summary");
    // The summary counts the games whose results differ as played.
    let as_played = games
        .iter()
        .filter(|g| g["verdicts"]["cxa-1999"]["result"] != g["verdicts"]["cxa-2011"]["result"])
        .count();
    assert_eq!(summary["disagreements"], as_played);

    // The Markdown report cites both editions' articles for the §26.8.1 game.
    let md = stdout(&ok(&["diff-editions", "cxa-1999", "cxa-2011", file]));
    assert!(
        md.contains("cxa-1999 §26.3") && md.contains("cxa-2011 §26.8.1"),
        "{md}"
    );
}
