//! `docs/real-games.md`: the CCPD corpus of master games (`../shared/data/games/ccpd`) judged as
//! played under cxa-1999 and cxa-2011, and under the other reading of the 1999 count
//! (`tests/variants/cxa-1999-third-occurrence.toml`).
//!
//! The figures of the document are generated here and pinned: the test fails when the document
//! is stale (regenerate with `XQR_UPDATE_DOCS=1 cargo test -p xqr-tests --test real_games`) and
//! when a game disagrees with its record without a hand classification in
//! `tests/real-games/ccpd-disagreements.toml`, or a classified game no longer disagrees.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;

use xqr_core::notation::parse_move;
use xqr_core::rules::{GameHistory, GameInput, JudgeOptions, Ruleset, Verdict};
use xqr_core::{MoveRules, Position};
use xqr_host::batch::{Batch, Item, JudgedGame};
use xqr_host::loading::{load, Sources};
use xqr_tests::{check_generated, variant_dir, workspace};

const BEGIN: &str = "<!-- BEGIN GENERATED: real-games figures (tests/tests/real_games.rs) -->";
const END: &str = "<!-- END GENERATED -->";

/// The editions, then the other reading of the 1999 count.
const RULESETS: [&str; 4] = ["cxa-1999", "cxa-2011", "axf", "cxa-1999-third-occurrence"];
/// The editions whose disagreements are classified by hand.
const CLASSIFIED: [&str; 3] = ["cxa-1999", "cxa-2011", "axf"];

/// A hand classification of a disagreement.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Classified {
    file: String,
    game: usize,
    rulesets: Vec<String>,
    category: Category,
    note: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
enum Category {
    ClaimNotMade,
    DrawAgreedWhileObliged,
    OtherRules,
    Reading,
    Bug,
    RecordError,
}

impl Category {
    fn name(self) -> &'static str {
        match self {
            Category::ClaimNotMade => "claim not made",
            Category::DrawAgreedWhileObliged => "draw agreed while a side had to change",
            Category::OtherRules => "other rules",
            Category::Reading => "reading",
            Category::Bug => "bug",
            Category::RecordError => "record error",
        }
    }
}

#[derive(serde::Deserialize)]
struct ClassifiedFile {
    game: Vec<Classified>,
}

/// One judged game, reduced to what the document shows.
struct Row {
    file: String,
    index: usize,
    event: String,
    plies: usize,
    recorded: String,
    ends_in_loop: bool,
    /// How many times the last position has occurred (1: no repetition).
    occurrences: u32,
    /// Per ruleset (in [`RULESETS`] order): the verdict and whether it agrees with the record.
    verdicts: Vec<(Verdict, Option<bool>)>,
}

fn ccpd() -> PathBuf {
    workspace().join("../shared/data/games/ccpd")
}

fn rulesets() -> Vec<Arc<dyn Ruleset>> {
    let loaded = load(&Sources {
        plugin_dirs: Vec::new(),
        overlay_dirs: vec![variant_dir()],
        use_environment: false,
    });
    assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
    RULESETS
        .iter()
        .map(|id| Arc::clone(loaded.registry.get(id).expect("loaded")))
        .collect()
}

/// How many times the record's last position has occurred (since the last capture): more than
/// once when the game ends in a repeated cycle.
fn occurrences_at_the_end(input: &GameInput) -> u32 {
    let start = match &input.fen {
        Some(fen) => Position::from_fen(fen, MoveRules::STANDARD).expect("a CCPD FEN"),
        None => Position::new(),
    };
    let mut h = GameHistory::new(start);
    for text in &input.moves {
        let m = parse_move(h.last(), text).expect("a CCPD game replays");
        h.push_unchecked(m);
    }
    h.occurrences(h.ply_count())
}

fn rows() -> Vec<Row> {
    let batch = Batch::new(rulesets(), JudgeOptions::default());
    let mut rows = Vec::new();
    let mut sink = |item: Item| -> Result<(), ()> {
        let Item::Game(g) = item else {
            panic!("CCPD reads without errors: {item:?}")
        };
        rows.push(row(&g));
        Ok(())
    };
    batch
        .run(&[ccpd()], &mut sink)
        .expect("the sink never fails");
    rows
}

fn row(g: &JudgedGame) -> Row {
    let tag = |t: &str| g.game.input.tags.get(t).cloned().unwrap_or_default();
    let occurrences = occurrences_at_the_end(&g.game.input);
    Row {
        file: g
            .file
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default(),
        index: g.game.index,
        event: tag("Event"),
        plies: g.plies(),
        recorded: tag("Result"),
        ends_in_loop: occurrences > 1,
        occurrences,
        verdicts: g
            .verdicts
            .iter()
            .enumerate()
            .map(|(i, j)| {
                let v = j.outcome.clone().expect("every CCPD game is judged");
                (v, g.agrees_with_record(i))
            })
            .collect(),
    }
}

/// How a verdict as played treats a game that ends in a repeated cycle.
fn at_the_end(v: &Verdict) -> &'static str {
    if v.claims.iter().any(|c| v.rests_on(c)) {
        "claimed"
    } else if v.pending.is_some() {
        "pending"
    } else {
        "under way"
    }
}

fn classified() -> Vec<Classified> {
    let path = workspace().join("tests/real-games/ccpd-disagreements.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    toml::from_str::<ClassifiedFile>(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .game
}

fn pct(n: usize, of: usize) -> String {
    if of == 0 {
        "-".to_owned()
    } else {
        format!("{:.1} %", 100.0 * n as f64 / of as f64)
    }
}

/// The generated part of the document.
fn figures(rows: &[Row], classes: &[Classified]) -> String {
    let mut s = String::new();
    let files: BTreeSet<&str> = rows.iter().map(|r| r.file.as_str()).collect();
    let loops: Vec<&Row> = rows.iter().filter(|r| r.ends_in_loop).collect();
    let _ = writeln!(
        s,
        "\n{} games ({} plies); {} end in a repeated cycle (their last position occurred before, \
         with no capture since).\n",
        rows.len(),
        rows.iter().map(|r| r.plies).sum::<usize>(),
        loops.len()
    );

    // Where the records stop: the occurrences of the last position, by recorded result.
    let _ = writeln!(
        s,
        "### Where the loops stop
"
    );
    let _ = writeln!(
        s,
        "Games that end in a repeated cycle, by the number of times their last position has \
         occurred and by recorded result. The third occurrence comes after two cycles, the \
         fourth after three.\n"
    );
    let _ = writeln!(
        s,
        "| file | occurrences | 1-0 | 0-1 | 1/2-1/2 | other | games |"
    );
    let _ = writeln!(s, "|---|---|---|---|---|---|---|");
    for file in files.iter().copied().chain(["all"]) {
        for n in [2u32, 3, 4, 5] {
            let these: Vec<&&Row> = loops
                .iter()
                .filter(|r| file == "all" || r.file == file)
                .filter(|r| {
                    if n == 5 {
                        r.occurrences >= 5
                    } else {
                        r.occurrences == n
                    }
                })
                .collect();
            let with = |res: &str| these.iter().filter(|r| r.recorded == res).count();
            let other = these.len() - with("1-0") - with("0-1") - with("1/2-1/2");
            let label = if n == 5 {
                "5 or more".to_owned()
            } else {
                n.to_string()
            };
            let _ = writeln!(
                s,
                "| {file} | {label} | {} | {} | {} | {other} | {} |",
                with("1-0"),
                with("0-1"),
                with("1/2-1/2"),
                these.len()
            );
        }
    }

    // Games ending in a loop: what each ruleset makes of them, and agreement.
    let _ = writeln!(s, "\n### Games that end in a repeated cycle\n");
    let _ = writeln!(
        s,
        "| ruleset | file | games | claimed at the end | pending at the end | loop under way | agree | differ | agreement |"
    );
    let _ = writeln!(s, "|---|---|---|---|---|---|---|---|---|");
    for (i, id) in RULESETS.iter().enumerate() {
        for file in files.iter().copied().chain(["all"]) {
            let these: Vec<&&Row> = loops
                .iter()
                .filter(|r| file == "all" || r.file == file)
                .collect();
            let count = |what: &str| {
                these
                    .iter()
                    .filter(|r| at_the_end(&r.verdicts[i].0) == what)
                    .count()
            };
            let agree = these
                .iter()
                .filter(|r| r.verdicts[i].1 == Some(true))
                .count();
            let differ = these
                .iter()
                .filter(|r| r.verdicts[i].1 == Some(false))
                .count();
            let _ = writeln!(
                s,
                "| `{id}` | {file} | {} | {} | {} | {} | {agree} | {differ} | {} |",
                these.len(),
                count("claimed"),
                count("pending"),
                count("under way"),
                pct(agree, agree + differ)
            );
        }
    }

    // Agreement over every game a ruleset rules on by itself.
    let _ = writeln!(s, "\n### Every game the ruleset rules on\n");
    let _ = writeln!(
        s,
        "| ruleset | agree | differ | agreement | games with a claim nobody made | of which a win the claimant did not get |"
    );
    let _ = writeln!(s, "|---|---|---|---|---|---|");
    for (i, id) in RULESETS.iter().enumerate() {
        let agree = rows
            .iter()
            .filter(|r| r.verdicts[i].1 == Some(true))
            .count();
        let differ = rows
            .iter()
            .filter(|r| r.verdicts[i].1 == Some(false))
            .count();
        let unmade = rows
            .iter()
            .filter(|r| r.verdicts[i].0.unmade_claims().next().is_some())
            .count();
        let lost_win = rows
            .iter()
            .filter(|r| {
                r.verdicts[i].0.unmade_claims().any(|c| {
                    c.result.is_decided()
                        && c.result.winner().is_some()
                        && c.result.pgn() != r.recorded
                })
            })
            .count();
        let _ = writeln!(
            s,
            "| `{id}` | {agree} | {differ} | {} | {unmade} | {lost_win} |",
            pct(agree, agree + differ)
        );
    }

    // Claims nobody made, by kind and file.
    let _ = writeln!(s, "\n### Claims nobody made, by kind\n");
    let _ = writeln!(s, "| ruleset | file | termination | claims | games |");
    let _ = writeln!(s, "|---|---|---|---|---|");
    for (i, id) in RULESETS.iter().enumerate() {
        let mut by: BTreeMap<(&str, String), (usize, BTreeSet<usize>)> = BTreeMap::new();
        for r in rows {
            for c in r.verdicts[i].0.unmade_claims() {
                let e = by
                    .entry((r.file.as_str(), c.termination.to_string()))
                    .or_default();
                e.0 += 1;
                e.1.insert(r.index);
            }
        }
        for ((file, t), (n, games)) in by {
            let _ = writeln!(s, "| `{id}` | {file} | {t} | {n} | {} |", games.len());
        }
    }

    // Every disagreement, classified.
    let _ = writeln!(s, "\n### Every disagreement, classified by hand\n");
    let _ = writeln!(
        s,
        "| game | event | plies | recorded | rulesets: verdict as played | category | why |"
    );
    let _ = writeln!(s, "|---|---|---|---|---|---|---|");
    for c in classes {
        let r = rows
            .iter()
            .find(|r| r.file == c.file && r.index == c.game)
            .expect("a classified game exists");
        let verdicts: Vec<String> = CLASSIFIED
            .iter()
            .filter(|id| c.rulesets.iter().any(|x| x == *id))
            .map(|id| {
                let i = RULESETS.iter().position(|x| x == id).expect("known");
                let v = &r.verdicts[i].0;
                let what = match (&v.termination, &v.pending) {
                    (Some(t), _) => format!("{} {t} ({})", v.result, rule(v)),
                    (None, Some(p)) => format!("{} must change ({})", p.must_change, p.rule),
                    (None, None) => "undecided".to_owned(),
                };
                format!("`{id}`: {what}")
            })
            .collect();
        let _ = writeln!(
            s,
            "| {} {} | {} | {} | {} | {} | {} | {} |",
            c.file,
            c.game,
            cell(&r.event),
            r.plies,
            r.recorded,
            verdicts.join("; "),
            c.category.name(),
            cell(&c.note)
        );
    }
    let mut per: BTreeMap<(&str, Category), usize> = BTreeMap::new();
    for c in classes {
        for id in &c.rulesets {
            *per.entry((id.as_str(), c.category)).or_default() += 1;
        }
    }
    let _ = writeln!(s, "\n| ruleset | category | games |\n|---|---|---|");
    for ((id, cat), n) in per {
        let _ = writeln!(s, "| `{id}` | {} | {n} |", cat.name());
    }
    s
}

fn rule(v: &Verdict) -> String {
    v.rule.as_ref().map_or("-".to_owned(), |r| r.to_string())
}

/// Text safe in a Markdown table cell.
fn cell(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "\\|")
}

#[test]
fn ccpd_judged_as_played_matches_the_document_and_its_classification() {
    let rows = rows();
    let classes = classified();
    // Every disagreement under the editions is classified, and only those.
    for id in CLASSIFIED {
        let i = RULESETS.iter().position(|x| *x == id).expect("known");
        let found: BTreeSet<(String, usize)> = rows
            .iter()
            .filter(|r| r.verdicts[i].1 == Some(false))
            .map(|r| (r.file.clone(), r.index))
            .collect();
        let listed: BTreeSet<(String, usize)> = classes
            .iter()
            .filter(|c| c.rulesets.iter().any(|x| x == id))
            .map(|c| (c.file.clone(), c.game))
            .collect();
        assert_eq!(
            found, listed,
            "{id}: the games that disagree with their record are not the classified ones \
             (tests/real-games/ccpd-disagreements.toml)"
        );
    }
    check_generated(
        "docs/real-games.md",
        BEGIN,
        END,
        &figures(&rows, &classes),
        "cargo test -p xqr-tests --test real_games",
    );
}
