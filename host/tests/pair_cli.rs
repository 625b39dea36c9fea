//! End-to-end tests of `xqr pair`: a whole event run round by round through the CSV output,
//! `xqr standings` at the end, and located errors.

mod common;
use common::bad_input as bad;

fn temp_dir(name: &str) -> common::TempDir {
    common::TempDir::new(&format!("pair-{name}"))
}

fn write(dir: &std::path::Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

const PLAYERS: &str = "name,rating,seeded\nLi,2500,yes\nWang,2450,yes\nZhao,2300,\nQian,2200,\nSun,,\nZhou,,\nWu,,\nZheng,,\nFeng,,\n";

#[test]
fn csv_rows_filled_in_feed_the_next_round_and_the_standings() {
    let dir = temp_dir("event");
    let players = write(&dir, "players.csv", PLAYERS);
    let results = write(&dir, "results.csv", "");
    for round in 1..=7u32 {
        let r = round.to_string();
        let o = common::ok(&[
            "pair",
            "--ruleset",
            "cxa-2011",
            "--format",
            "csv",
            "--seed",
            "3",
            "--rounds",
            "7",
            &players,
            &results,
            "--round",
            &r,
        ]);
        let rows = common::stdout(&o);
        if round == 1 {
            assert!(rows.starts_with("round,red,black,result\n"));
        } else {
            assert!(rows.starts_with(&format!("{round},")));
        }
        // Fill in: Red wins on odd boards, Black on even ones, the bye stays empty.
        let mut filled = String::new();
        for (i, line) in rows.lines().enumerate() {
            filled.push_str(line);
            if !line.starts_with("round") && !line.ends_with(",,") {
                filled.push_str(if i % 2 == 1 { "1-0" } else { "0-1" });
            }
            filled.push('\n');
        }
        let mut text = std::fs::read_to_string(&results).unwrap();
        text.push_str(&filled);
        std::fs::write(&results, text).unwrap();
    }
    let table = std::fs::read_to_string(&results).unwrap();
    assert_eq!(
        table.lines().filter(|l| l.ends_with(",,")).count(),
        7,
        "one bye a round"
    );
    common::ok(&["standings", "--ruleset", "cxa-2011", &results]);
}

#[test]
fn json_boards_and_explanations() {
    let dir = temp_dir("json");
    let players = write(&dir, "players.csv", PLAYERS);
    let results = write(&dir, "results.csv", "round,red,black,result\n");
    let o = common::ok(&[
        "pair",
        "--ruleset",
        "cxa-2011",
        "--format",
        "json",
        &players,
        &results,
        "--round",
        "1",
    ]);
    let v = common::json(&o);
    let boards = v.as_array().unwrap();
    assert_eq!(boards.len(), 5);
    assert_eq!(boards[4]["black"], serde_json::Value::Null);
    assert_eq!(boards[0]["board"], 1);
    let o = common::ok(&[
        "pair",
        "--ruleset",
        "cxa-2011",
        "--explain",
        &players,
        &results,
        "--round",
        "1",
    ]);
    assert!(common::stdout(&o).contains("why: numbers 1 and 2 of the first-round table (二.1)"));
}

#[test]
fn bad_input_is_located_by_file_and_line() {
    let dir = temp_dir("bad");
    let players = write(&dir, "players.csv", PLAYERS);
    let unknown = write(
        &dir,
        "unknown.csv",
        "round,red,black,result\n1,Li,Nobody,1-0\n",
    );
    let msg = bad(&[
        "pair",
        "--ruleset",
        "cxa-2011",
        &players,
        &unknown,
        "--round",
        "2",
    ]);
    assert!(
        msg.contains("unknown.csv: line 2: \"Nobody\" is not in the list of players"),
        "{msg}"
    );
    let rematch = write(
        &dir,
        "rematch.csv",
        "round,red,black,result\n1,Li,Wang,1-0\n2,Wang,Li,1-0\n",
    );
    let msg = bad(&[
        "pair",
        "--ruleset",
        "cxa-2011",
        &players,
        &rematch,
        "--round",
        "3",
    ]);
    assert!(
        msg.contains("rematch.csv: line 3: \"Wang\" and \"Li\" already met on line 2"),
        "{msg}"
    );
    let order = write(
        &dir,
        "order.csv",
        "round,red,black,result\n1,Li,Wang,1-0\n3,Zhao,Qian,1-0\n",
    );
    let msg = bad(&[
        "pair",
        "--ruleset",
        "cxa-2011",
        &players,
        &order,
        "--round",
        "4",
    ]);
    assert!(
        msg.contains("order.csv: line 3: round 3 is out of order"),
        "{msg}"
    );
    let late = write(&dir, "late.csv", "round,red,black,result\n1,Li,Wang,1-0\n");
    let msg = bad(&[
        "pair",
        "--ruleset",
        "cxa-2011",
        &players,
        &late,
        "--round",
        "3",
    ]);
    assert!(
        msg.contains("round 3 cannot be paired (next: round 2)"),
        "{msg}"
    );
    let twice = write(&dir, "twice.csv", "name\nLi\nLi\n");
    let msg = bad(&[
        "pair",
        "--ruleset",
        "cxa-2011",
        &twice,
        &late,
        "--round",
        "2",
    ]);
    assert!(
        msg.contains("twice.csv: line 3: \"Li\" is listed twice"),
        "{msg}"
    );
    let msg = bad(&["schedule", "--format", "csv", "round-robin", "4"]);
    assert!(msg.contains("--format csv is only for xqr pair"), "{msg}");
}

#[test]
fn team_rounds_give_the_first_team_red_on_odd_boards_and_feed_the_standings() {
    let dir = temp_dir("teams");
    let players = write(
        &dir,
        "players.csv",
        "name,team\na1,A\na2,A\nb1,B\nb2,B\nc1,C\nc2,C\nd1,D\nd2,D\n",
    );
    let results = write(&dir, "results.csv", "");
    for round in 1..=3u32 {
        let r = round.to_string();
        let o = common::ok(&[
            "pair",
            "--teams",
            "--ruleset",
            "cxa-2011",
            "--format",
            "csv",
            &players,
            &results,
            "--round",
            &r,
        ]);
        let rows = common::stdout(&o);
        let mut filled = String::new();
        for line in rows.lines() {
            let f: Vec<&str> = line.split(',').collect();
            if f[0] == "round" {
                assert_eq!(line, "round,red,black,result,board,red_team,black_team");
                filled.push_str(line);
            } else {
                // Board 1 Red is the first team, board 2 Red the second (§12.3).
                let (board, red_team, black_team) = (f[4], f[5], f[6]);
                assert_eq!(f[3], "");
                assert!(f[1].starts_with(&red_team.to_lowercase()));
                assert!(f[2].starts_with(&black_team.to_lowercase()));
                let result = if board == "1" { "1-0" } else { "1/2-1/2" };
                filled.push_str(&[f[0], f[1], f[2], result, f[4], f[5], f[6]].join(","));
            }
            filled.push('\n');
        }
        let mut text = std::fs::read_to_string(&results).unwrap();
        text.push_str(&filled);
        std::fs::write(&results, text).unwrap();
    }
    let o = common::ok(&["standings", "--ruleset", "cxa-2011", &results]);
    // Four teams over three rounds met once each: the standings see a team round robin.
    assert!(common::stdout(&o).contains("team-round-robin"));
}

#[test]
fn csv_rows_follow_the_columns_of_the_results_file() {
    let dir = temp_dir("columns");
    let players = write(&dir, "players.csv", "name\nA\nB\nC\nD\n");
    let results = write(
        &dir,
        "results.csv",
        "round,red,black,result,red_fouls\n1,A,B,1-0,\n1,D,C,1-0,1\n",
    );
    let o = common::ok(&[
        "pair",
        "--ruleset",
        "cxa-2011",
        "--format",
        "csv",
        &players,
        &results,
        "--round",
        "2",
    ]);
    for line in common::stdout(&o).lines() {
        assert_eq!(line.split(',').count(), 5, "{line}");
    }
}

#[test]
fn explain_names_the_picker_the_form_and_the_groups() {
    let dir = temp_dir("explain");
    let players = write(&dir, "players.csv", "name,number\nA,1\nB,2\nC,3\nD,4\n");
    let results = write(
        &dir,
        "results.csv",
        "round,red,black,result\n1,A,B,1-0\n1,D,C,0-1\n",
    );
    let o = common::ok(&[
        "pair",
        "--ruleset",
        "cxa-2011",
        "--explain",
        &players,
        &results,
        "--round",
        "2",
    ]);
    let text = common::stdout(&o);
    assert!(text.contains("picks first in the 2-point group"), "{text}");
    assert!(text.contains("二.3 (1) 同位"), "{text}");
    assert!(
        text.contains("C has Red: 二.4 (1) fewer reds takes Red"),
        "{text}"
    );
    assert!(
        text.contains("score groups, top down (一.4):\n  2 pts: A, C\n  0 pts: B, D"),
        "{text}"
    );
}
