//! `xqr serve`'s HTTP API end to end: each endpoint answers as the command line does, and every
//! bad request gets its status and a JSON error while the server goes on.

#[path = "common/mod.rs"]
mod common;
#[path = "common/server.rs"]
mod server;

use base64::Engine as _;
use serde_json::{json, Value};
use server::Server;

const FIGURE_3: &str = "../host/samples/figure-3.pgn";

fn sample(name: &str) -> String {
    std::fs::read_to_string(format!("{}/samples/{name}", env!("CARGO_MANIFEST_DIR")))
        .expect("sample")
}

fn cli_json(args: &[&str]) -> Value {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    serde_json::from_slice(&common::ok(&all).stdout).expect("JSON")
}

/// The first `n` games of a Big5 file of the shared master games, as bytes.
fn big5_games(n: usize) -> (String, Vec<u8>) {
    let path = format!(
        "{}/../../shared/data/games/ccpd/a-league.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).expect("the shared CCPD games");
    let starts: Vec<usize> = bytes
        .windows(6)
        .enumerate()
        .filter(|(i, w)| *w == b"[Game " && (*i == 0 || bytes[i - 1] == b'\n'))
        .map(|(i, _)| i)
        .collect();
    (path, bytes[..starts[n]].to_vec())
}

#[test]
fn rulesets_lists_what_xqr_rulesets_lists() {
    let server = Server::start(&[]);
    let (status, body) = server.call("GET", "/api/rulesets", "");
    assert_eq!(status, 200);
    assert_eq!(body, cli_json(&["rulesets"]));
    let ids: Vec<&str> = body
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    for id in ["cxa-1999", "cxa-2011", "axf", "jieqi"] {
        assert!(ids.contains(&id), "{ids:?}");
    }
}

#[test]
fn judge_of_a_pasted_pgn_is_the_judge_command_s_verdict() {
    let server = Server::start(&[]);
    let (status, body) = server.post(
        "/api/judge",
        &json!({"ruleset": "1999", "pgn": sample("figure-3.pgn"), "all_plies": true}),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"], "*");
    assert_eq!(body["pending"]["must_change"], "red");
    assert_eq!(body["pending"]["rule"], "cxa-1999 §26.4");
    assert_eq!(body["plies"].as_array().unwrap().len(), 12);
    let cli = cli_json(&[
        "judge",
        "--ruleset",
        "1999",
        "--pgn",
        FIGURE_3,
        "--all-plies",
    ]);
    assert_eq!(body, cli);
}

#[test]
fn compare_of_fen_and_moves_is_the_compare_command_s_rows_for_the_rulesets_chosen() {
    let server = Server::start(&[]);
    let fen = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1";
    let moves = "h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9";
    let (status, body) = server.post(
        "/api/compare",
        &json!({"rulesets": ["cxa-2011", "cxa-1999"], "fen": fen, "moves": moves}),
    );
    assert_eq!(status, 200, "{body}");
    let cli = cli_json(&["compare", "--fen", fen, "--moves", moves]);
    let pick = |id: &str| {
        cli.as_array()
            .unwrap()
            .iter()
            .find(|r| r["ruleset"] == id)
            .cloned()
            .unwrap()
    };
    assert_eq!(body, json!([pick("cxa-2011"), pick("cxa-1999")]));
}

#[test]
fn an_uploaded_big5_file_is_read_as_the_judge_command_reads_it() {
    let server = Server::start(&[]);
    let (path, bytes) = big5_games(3);
    let encoded = base64::engine::general_purpose::STANDARD.encode(&bytes);
    let (status, body) = server.post(
        "/api/judge",
        &json!({"ruleset": "cxa-2011", "pgn_base64": encoded, "game": 2}),
    );
    assert_eq!(status, 200, "{body}");
    let cli = cli_json(&[
        "judge",
        "--ruleset",
        "cxa-2011",
        "--pgn",
        &path,
        "--game",
        "2",
    ]);
    assert_eq!(body, cli);

    let (status, game) = server.post("/api/game", &json!({"pgn_base64": encoded, "game": 2}));
    assert_eq!(status, 200, "{game}");
    assert_eq!(game["games"], 3);
    assert!(game["label"]
        .as_str()
        .unwrap()
        .starts_with("uploaded PGN, game 2"));
    assert!(
        !game["tags"]["Red"].as_str().unwrap().is_empty(),
        "{}",
        game["tags"]
    );
}

#[test]
fn game_gives_each_ply_in_three_notations_with_its_position_and_the_legal_moves_at_the_end() {
    let server = Server::start(&[]);
    let (status, body) = server.post("/api/game", &json!({"moves": ["h2e2", "馬8進7"]}));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["games"], 1);
    assert_eq!(
        body["fen"],
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    );
    let plies = body["plies"].as_array().unwrap();
    assert_eq!(plies[0]["iccs"], "h2e2");
    assert_eq!(plies[0]["wxf"], "C2.5");
    assert_eq!(plies[0]["chinese"], "炮二平五");
    assert_eq!(plies[0]["side"], "red");
    assert_eq!(plies[1]["iccs"], "h9g7");
    assert_eq!(plies[1]["side"], "black");
    assert!(
        plies[1]["fen"]
            .as_str()
            .unwrap()
            .starts_with("rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w "),
        "{}",
        plies[1]["fen"]
    );
    let legal = cli_json(&["moves", "--fen", plies[1]["fen"].as_str().unwrap()]);
    let mut expected: Vec<Value> = legal.as_array().unwrap().clone();
    expected.sort_by_key(|m| m.as_str().unwrap().to_owned());
    assert_eq!(body["legal"], Value::Array(expected));
}

#[test]
fn forbidden_names_the_move_red_must_not_repeat_in_figure_3_with_its_article() {
    let server = Server::start(&[]);
    let (status, body) = server.post(
        "/api/forbidden",
        &json!({"rulesets": ["cxa-1999"], "pgn": sample("figure-3.pgn"), "ply": 12}),
    );
    assert_eq!(status, 200, "{body}");
    let row = &body[0];
    assert_eq!(row["ruleset"], "cxa-1999");
    assert_eq!(row["status"]["status"], "ongoing");
    assert_eq!(row["status"]["to_move"], "red");
    let forbidden = row["forbidden"].as_array().unwrap();
    assert_eq!(forbidden.len(), 1, "{forbidden:?}");
    assert_eq!(forbidden[0]["move"], "h6i4");
    assert_eq!(forbidden[0]["rule"], "cxa-1999 §26.4");
    assert_eq!(forbidden[0]["consequence"], "must_change");

    // Before the loop closes nothing is forbidden.
    let (_, early) = server.post(
        "/api/forbidden",
        &json!({"rulesets": ["cxa-1999"], "pgn": sample("figure-3.pgn"), "ply": 2}),
    );
    assert_eq!(early[0]["forbidden"], json!([]));
}

#[test]
fn bad_requests_get_their_status_and_a_json_error_and_the_server_goes_on() {
    let server = Server::start(&["--max-body", "2000"]);
    let cases: Vec<(&str, &str, String, u16, &str)> = vec![
        (
            "POST",
            "/api/judge",
            "{not json".into(),
            400,
            "request body: key must be a string at line 1 column 2",
        ),
        (
            "POST",
            "/api/judge",
            r#"{"ruleset":"1999","movez":"h2e2"}"#.into(),
            400,
            "unknown field `movez`",
        ),
        (
            "POST",
            "/api/judge",
            r#"{"moves":"h2e2"}"#.into(),
            400,
            "\"ruleset\" is missing",
        ),
        (
            "POST",
            "/api/judge",
            r#"{"ruleset":"1998","moves":"h2e2"}"#.into(),
            404,
            "unknown ruleset \"1998\"",
        ),
        (
            "POST",
            "/api/judge",
            r#"{"ruleset":"1999","moves":"h2e2 h2e2"}"#.into(),
            422,
            "ply 2",
        ),
        (
            "POST",
            "/api/judge",
            r#"{"ruleset":"1999","fen":"rnbakabnr/9 w"}"#.into(),
            422,
            "FEN",
        ),
        (
            "POST",
            "/api/judge",
            r#"{"ruleset":"1999","pgn_base64":"%%%"}"#.into(),
            400,
            "\"pgn_base64\"",
        ),
        (
            "POST",
            "/api/game",
            r#"{"pgn":"1. h2e2 h9g7 2. h0h0","moves":"h2e2"}"#.into(),
            400,
            "not both",
        ),
        (
            "POST",
            "/api/game",
            "{\"pgn\":\"[Event \\\"x\\\"]\\n1. h2e2 h9g7\\n2. c3c3\"}".into(),
            422,
            "pasted PGN, game 1 (line 1): ply 3 (line 3, column 4)",
        ),
        (
            "POST",
            "/api/compare",
            r#"{"pgn":"1. h2e2","game":4}"#.into(),
            422,
            "there is no game 4 (the file holds 1)",
        ),
        (
            "POST",
            "/api/forbidden",
            r#"{"moves":"h2e2","ply":3}"#.into(),
            400,
            "\"ply\" is 3",
        ),
        (
            "POST",
            "/api/judge",
            format!(r#"{{"ruleset":"1999","pgn":"{}"}}"#, "x".repeat(3000)),
            413,
            "within 2000 bytes",
        ),
        (
            "GET",
            "/api/judge",
            String::new(),
            405,
            "takes POST, not GET",
        ),
        (
            "POST",
            "/api/rulesets",
            String::new(),
            405,
            "takes GET, not POST",
        ),
        (
            "GET",
            "/api/nothing",
            String::new(),
            404,
            "no such page: /api/nothing",
        ),
    ];
    for (method, path, body, status, message) in cases {
        let (got, answer) = server.call(method, path, &body);
        let error = answer["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{answer}"));
        assert_eq!(got, status, "{method} {path} {body}: {error}");
        assert!(error.contains(message), "{method} {path} {body}: {error}");
    }
    let (status, _) = server.call("GET", "/api/rulesets", "");
    assert_eq!(status, 200);
}

#[test]
fn a_request_whose_body_never_comes_is_abandoned_after_the_time_limit() {
    let server = Server::start(&["--timeout", "1"]);
    let started = std::time::Instant::now();
    let (status, _, body) = server.raw(
        format!(
            "POST /api/judge HTTP/1.1\r\nHost: {}\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{{",
            server.addr
        )
        .as_bytes(),
    );
    assert_eq!(status, 503, "{}", String::from_utf8_lossy(&body));
    let error: Value = serde_json::from_slice(&body).unwrap();
    assert!(error["error"].as_str().unwrap().contains("longer than 1 s"));
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
}

#[test]
fn the_page_and_its_files_are_served_from_the_binary() {
    let server = Server::start(&[]);
    for (path, kind, needle) in [
        ("/", "text/html", "<script"),
        ("/app.js", "text/javascript", "/api/"),
        ("/style.css", "text/css", "{"),
    ] {
        let (status, head, body) = server
            .raw(format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes());
        assert_eq!(status, 200, "{path}");
        assert!(head.to_ascii_lowercase().contains(kind), "{path}: {head}");
        let text = String::from_utf8(body).unwrap();
        assert!(text.contains(needle), "{path}");
        for external in ["http://", "https://", "//cdn"] {
            let offline = text
                .lines()
                .filter(|l| l.contains(external))
                .all(|l| l.contains("www.w3.org"));
            assert!(offline, "{path} refers to {external}");
        }
    }
}
