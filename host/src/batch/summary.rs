//! The counts at the end of a corpus run.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use super::{Item, JudgedGame};

/// Counts over a corpus run: add every [`Item`], then [`Summary::finish`] with the time taken.
///
/// As the last line of `xqr batch --format json`: `{"type":"summary", "files", "games",
/// "games_with_errors", "input_errors", "plies", "disagreements", "rulesets": {ID: {"decided":
/// {TERMINATION: n, …}, "undecided", "pending", "errors", "agree_with_record",
/// "disagree_with_record", "games_with_unmade_claims", "first_claim_differs"}}, "threads",
/// "seconds", "games_per_second", "plies_per_second", "plies_per_second_per_thread"}`.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    /// Files read (including those that could not be read).
    pub files: u64,
    /// Game lines (games judged, whether or not every ruleset gave a verdict).
    pub games: u64,
    /// Games on which at least one ruleset gave no verdict.
    pub games_with_errors: u64,
    /// Error lines: files or games that could not be read.
    pub input_errors: u64,
    /// Move tokens in the games judged.
    pub plies: u64,
    /// Games on which two rulesets gave different results.
    pub disagreements: u64,
    /// Per ruleset, in the run's order.
    #[serde(serialize_with = "by_id")]
    pub rulesets: Vec<RulesetSummary>,
    /// Worker threads of the run.
    pub threads: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games per second.
    pub games_per_second: f64,
    /// Plies per second.
    pub plies_per_second: f64,
    /// Plies per second divided by the number of threads.
    pub plies_per_second_per_thread: f64,
    #[serde(skip)]
    last_file: Option<PathBuf>,
}

/// One ruleset's counts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RulesetSummary {
    /// The ruleset id.
    #[serde(skip)]
    pub id: String,
    /// Decided games by termination (`checkmate`, `perpetual_chase`, `resignation` …).
    pub decided: BTreeMap<String, u64>,
    /// Undecided games with no open obligation.
    pub undecided: u64,
    /// Undecided games with an open obligation to change (pending).
    pub pending: u64,
    /// Games this ruleset could not judge.
    pub errors: u64,
    /// Games it decided by its own ruling with the recorded result.
    pub agree_with_record: u64,
    /// Games it decided by its own ruling against the recorded result.
    pub disagree_with_record: u64,
    /// Games where a claim would have succeeded and the record went on.
    pub games_with_unmade_claims: u64,
    /// Games whose first claim would have given another result than the record as played.
    pub first_claim_differs: u64,
}

fn by_id<S: Serializer>(rulesets: &[RulesetSummary], s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(rulesets.len()))?;
    for r in rulesets {
        map.serialize_entry(&r.id, r)?;
    }
    map.end()
}

impl Summary {
    /// An empty summary for these rulesets.
    pub fn new(ids: Vec<String>) -> Summary {
        Summary {
            rulesets: ids
                .into_iter()
                .map(|id| RulesetSummary {
                    id,
                    ..RulesetSummary::default()
                })
                .collect(),
            ..Summary::default()
        }
    }

    /// Counts one item (items of one file come together, so files are counted as they change).
    pub fn add(&mut self, item: &Item) {
        let file = match item {
            Item::Game(g) => &*g.file,
            Item::Error(e) => e.file.as_path(),
        };
        if self.last_file.as_deref() != Some(file) {
            self.files += 1;
            self.last_file = Some(file.to_path_buf());
        }
        match item {
            Item::Error(_) => self.input_errors += 1,
            Item::Game(g) => self.add_game(g),
        }
    }

    fn add_game(&mut self, g: &JudgedGame) {
        self.games += 1;
        self.plies += g.plies() as u64;
        if !g.rulesets_agree() {
            self.disagreements += 1;
        }
        if g.verdicts.iter().any(|j| j.outcome.is_err()) {
            self.games_with_errors += 1;
        }
        for (i, (j, r)) in g.verdicts.iter().zip(&mut self.rulesets).enumerate() {
            match &j.outcome {
                Err(_) => r.errors += 1,
                Ok(v) => match &v.termination {
                    Some(t) => *r.decided.entry(t.name().to_owned()).or_default() += 1,
                    None if v.pending.is_some() => r.pending += 1,
                    None => r.undecided += 1,
                },
            }
            match g.agrees_with_record(i) {
                Some(true) => r.agree_with_record += 1,
                Some(false) => r.disagree_with_record += 1,
                None => {}
            }
            if g.has_unmade_claim(i) {
                r.games_with_unmade_claims += 1;
            }
            if let Ok(v) = &j.outcome {
                if v.first_claim().is_some_and(|c| c.result != v.result) {
                    r.first_claim_differs += 1;
                }
            }
        }
    }

    /// Records the time taken and the number of threads, and computes the rates.
    pub fn finish(&mut self, seconds: f64, threads: usize) {
        self.seconds = seconds;
        self.threads = threads;
        if seconds > 0.0 {
            self.games_per_second = self.games as f64 / seconds;
            self.plies_per_second = self.plies as f64 / seconds;
            self.plies_per_second_per_thread = self.plies_per_second / threads.max(1) as f64;
        }
    }

    /// The readable form (what `xqr batch` prints on standard error in text mode).
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} files, {} games ({} plies), {} input errors, {} games with a ruleset error, \
             {} games where the rulesets disagree",
            self.files,
            self.games,
            self.plies,
            self.input_errors,
            self.games_with_errors,
            self.disagreements
        );
        for r in &self.rulesets {
            let decided: Vec<String> = r.decided.iter().map(|(t, n)| format!("{t} {n}")).collect();
            let _ = writeln!(
                s,
                "{}: {}; undecided {}, pending {}, errors {}; against the record: agrees {}, differs {}; \
                 claims nobody made in {} games, a first claim would end {} games otherwise",
                r.id,
                if decided.is_empty() {
                    "nothing decided".to_owned()
                } else {
                    decided.join(", ")
                },
                r.undecided,
                r.pending,
                r.errors,
                r.agree_with_record,
                r.disagree_with_record,
                r.games_with_unmade_claims,
                r.first_claim_differs
            );
        }
        let _ = writeln!(
            s,
            "{:.2} s on {} threads: {:.0} games/s, {:.0} plies/s ({:.0} plies/s per thread)",
            self.seconds,
            self.threads,
            self.games_per_second,
            self.plies_per_second,
            self.plies_per_second_per_thread
        );
        s
    }
}
