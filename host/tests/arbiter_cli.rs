//! `xqr arbiter`: JSON Lines in, one response per request out, bad lines answered with an error
//! and the session going on.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

/// The validator of a committed schema (`schema/NAME`).
fn validator(name: &str) -> jsonschema::Validator {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../schema")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("the schema is committed");
    let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("the schema compiles")
}

/// The responses of `xqr arbiter` to `lines`, each checked against the protocol's response
/// schema; a line the request schema refuses must get an error.
fn session(lines: &[&str]) -> Vec<Value> {
    let requests = validator("arbiter-request.schema.json");
    let refused: Vec<bool> = lines
        .iter()
        .map(|l| serde_json::from_str::<Value>(l).map_or(true, |v| !requests.is_valid(&v)))
        .collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_xqr"))
        .arg("arbiter")
        .env_remove("XQR_PLUGIN_PATH")
        .env_remove("XQR_OVERLAY_PATH")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xqr runs");
    {
        let stdin = child.stdin.as_mut().expect("stdin");
        for l in lines {
            writeln!(stdin, "{l}").expect("written");
        }
    }
    let out = child.wait_with_output().expect("xqr ends");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let responses = validator("arbiter-response.schema.json");
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).expect("each response is JSON");
            let errors: Vec<String> = responses.iter_errors(&v).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "response {l}: {errors:?}");
            v
        })
        .collect::<Vec<Value>>()
        .into_iter()
        .zip(refused)
        .map(|(v, refused)| {
            assert!(
                !refused || v.get("error").is_some(),
                "a refused request answered: {v}"
            );
            v
        })
        .collect()
}

/// The 1999 rules' chapter 7 example 1 (perpetual check), played to three full cycles: Red's
/// next check is forbidden with its article; bad lines get errors carrying their ids; two games
/// run side by side; `quit` ends the session.
#[test]
fn a_session_answers_every_line() {
    let fen = "3ak4/9/9/9/5R3/9/9/9/4p4/3K5 w - - 0 1";
    let mut lines = vec![format!(
        r#"{{"id":1,"cmd":"new","ruleset":"cxa-1999","fen":"{fen}"}}"#
    )];
    for (i, m) in ["f5e5", "e9f9", "e5f5", "f9e9"]
        .iter()
        .cycle()
        .take(12)
        .enumerate()
    {
        lines.push(format!(r#"{{"id":{},"cmd":"play","move":"{m}"}}"#, 10 + i));
    }
    lines.extend(
        [
            r#"{"id":30,"cmd":"forbidden"}"#,
            "not json",
            r#"{"id":31,"cmd":"play","move":"a0a1"}"#,
            r#"{"id":32,"cmd":"fly"}"#,
            r#"{"id":33,"cmd":"new","ruleset":"axf","game":"b"}"#,
            r#"{"id":34,"cmd":"play","move":"炮二平五","game":"b"}"#,
            r#"{"id":35,"cmd":"status"}"#,
            r#"{"id":38,"cmd":"legal","game":"b"}"#,
            r#"{"id":39,"cmd":"claims"}"#,
            r#"{"id":40,"cmd":"claim","side":"black"}"#,
            r#"{"id":41,"cmd":"undo"}"#,
            r#"{"id":36,"cmd":"quit"}"#,
            r#"{"id":37,"cmd":"status"}"#,
        ]
        .map(str::to_owned),
    );
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let r = session(&refs);
    assert_eq!(
        r.len(),
        1 + 12 + 12,
        "one response per line up to quit: {r:?}"
    );
    assert_eq!(r[0]["ok"], true);
    let forbidden = &r[13]["forbidden"];
    assert_eq!(forbidden[0]["move"], "f5e5", "{forbidden}");
    assert_eq!(forbidden[0]["rule"], "cxa-1999 §26.1");
    assert_eq!(forbidden[0]["consequence"], "loses");
    assert_eq!(r[13]["id"], 30);
    assert!(r[14]["error"].as_str().unwrap().starts_with("not JSON"));
    assert_eq!(r[14]["id"], Value::Null);
    assert!(
        r[15]["error"].as_str().unwrap().contains("a0a1"),
        "{}",
        r[15]
    );
    assert_eq!(r[15]["id"], 31);
    assert!(r[16]["error"].as_str().unwrap().contains("unknown command"));
    assert_eq!(r[17]["ruleset"], "axf");
    assert_eq!(r[18]["move"], "h2e2");
    assert_eq!(r[18]["game"], "b");
    assert_eq!(
        r[19]["status"]["plies"], 12,
        "game 1 is untouched: {}",
        r[19]
    );
    assert_eq!(
        r[20]["legal"].as_array().map(Vec::len),
        Some(45),
        "{}",
        r[20]
    );
    // Game 1 after three full cycles: Red is to move, so Black has no claim yet.
    assert_eq!(r[21]["claims"], serde_json::json!([]));
    assert_eq!(r[22]["answer"]["answer"], "refused", "{}", r[22]);
    assert_eq!(r[23]["undone"], "f9e9");
    assert_eq!(r[24]["ok"], true);
}
