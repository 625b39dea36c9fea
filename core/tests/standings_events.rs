//! Hand-computed events (tests/events/*.md explain each number) ranked under cxa-1999 and
//! cxa-2011: every rank and every tie-break value must match.

use std::path::PathBuf;

use xqr_core::standings::{EventKind, EventResults, Standings, StandingsRules};

fn events_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/events")
}

fn load(name: &str) -> EventResults {
    let text = std::fs::read_to_string(events_dir().join(name)).unwrap();
    EventResults::from_csv_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The standings as the `.expected` files write them.
fn render(s: &Standings) -> String {
    let mut out = String::from("rank,player,points");
    for c in &s.columns {
        out.push(',');
        out.push_str(&c.key);
    }
    out.push('\n');
    for r in &s.rows {
        out.push_str(&format!("{},{},{}", r.rank, r.player, r.points));
        for v in &r.tiebreaks {
            out.push_str(&format!(",{v}"));
        }
        out.push('\n');
    }
    out
}

fn expected(name: &str) -> String {
    std::fs::read_to_string(events_dir().join(name))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect()
}

fn check(csv: &str, rules: &StandingsRules, kind: EventKind, expected_file: &str) -> Standings {
    let ev = load(csv);
    assert_eq!(EventKind::infer(&ev).is_team(), kind.is_team());
    let s = rules.rank(&ev, kind).unwrap();
    assert_eq!(render(&s), expected(expected_file), "{expected_file}");
    s
}

#[test]
fn six_player_round_robin_under_1999() {
    let ev = load("round-robin-6.csv");
    assert_eq!(EventKind::infer(&ev), EventKind::RoundRobin);
    let s = check(
        "round-robin-6.csv",
        &StandingsRules::cxa_1999(),
        EventKind::RoundRobin,
        "round-robin-6.cxa-1999.expected",
    );
    assert_eq!(s.rule.to_string(), "cxa-1999 §15.1");
}

#[test]
fn six_player_round_robin_under_2011() {
    let s = check(
        "round-robin-6.csv",
        &StandingsRules::cxa_2011(),
        EventKind::RoundRobin,
        "round-robin-6.cxa-2011.expected",
    );
    assert_eq!(s.rule.to_string(), "cxa-2011 §14.1");
}

/// Where the editions differ: 1999 leaves C and D tied on 3rd; 2011's 对局时后走 puts D ahead.
#[test]
fn six_player_round_robin_differences() {
    let ev = load("round-robin-6.csv");
    let s99 = StandingsRules::cxa_1999()
        .rank(&ev, EventKind::RoundRobin)
        .unwrap();
    let s11 = StandingsRules::cxa_2011()
        .rank(&ev, EventKind::RoundRobin)
        .unwrap();
    let differ: Vec<(&str, u32, u32)> = s99
        .rows
        .iter()
        .filter_map(|r| {
            let r11 = s11.get(&r.player).unwrap().rank;
            (r.rank != r11).then_some((r.player.as_str(), r.rank, r11))
        })
        .collect();
    assert_eq!(differ, [("C", 3, 4)]);
}

#[test]
fn eight_player_swiss_under_1999() {
    let ev = load("swiss-8.csv");
    assert_eq!(EventKind::infer(&ev), EventKind::Swiss);
    let s = check(
        "swiss-8.csv",
        &StandingsRules::cxa_1999(),
        EventKind::Swiss,
        "swiss-8.cxa-1999.expected",
    );
    assert_eq!(s.rule.to_string(), "cxa-1999 §15.2");
}

#[test]
fn eight_player_swiss_under_2011() {
    let s = check(
        "swiss-8.csv",
        &StandingsRules::cxa_2011(),
        EventKind::Swiss,
        "swiss-8.cxa-2011.expected",
    );
    assert_eq!(s.rule.to_string(), "cxa-2011 §14.3.1");
    let s = check(
        "swiss-8.csv",
        &StandingsRules::cxa_2011(),
        EventKind::SwissCumulative,
        "swiss-8.cxa-2011-cumulative.expected",
    );
    assert_eq!(s.rule.to_string(), "cxa-2011 §14.3.2");
}

/// Where the editions differ on the Swiss: 1999 leaves B and D tied first; 2011's 后走局数
/// ranks D second.
#[test]
fn eight_player_swiss_differences() {
    let ev = load("swiss-8.csv");
    let s99 = StandingsRules::cxa_1999()
        .rank(&ev, EventKind::Swiss)
        .unwrap();
    let s11 = StandingsRules::cxa_2011()
        .rank(&ev, EventKind::Swiss)
        .unwrap();
    let differ: Vec<(&str, u32, u32)> = s99
        .rows
        .iter()
        .filter_map(|r| {
            let r11 = s11.get(&r.player).unwrap().rank;
            (r.rank != r11).then_some((r.player.as_str(), r.rank, r11))
        })
        .collect();
    assert_eq!(differ, [("D", 1, 2)]);
}
