//! Judging a whole corpus under several rulesets: every game of every file, in parallel
//! (rayon), in bounded memory, in input order, nothing lost.
//!
//! A reader thread reads the files one at a time (see [`corpus`]) and passes games through a
//! bounded channel; the calling thread takes them in chunks, judges each chunk in parallel on
//! the current rayon pool, and hands the results to a sink in input order. Memory holds the text
//! of the file being read and at most three chunks of games, whatever the size of the corpus.
//!
//! Every input becomes one [`Item`]: a [`JudgedGame`] (with, per ruleset, a verdict or the
//! judging error), or an [`InputError`] for a file or game that cannot be read (unreadable or
//! empty file, undecodable bytes, PGN syntax error). A ruleset that panics on a game gives an
//! error for that game and ruleset only.
//!
//! ```
//! use std::sync::Arc;
//! use xqr_core::registry::Registry;
//! use xqr_core::rules::JudgeOptions;
//! use xqr_host::batch::{Batch, Item, Summary};
//! let dir = std::env::temp_dir().join(format!("xqr-batch-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! std::fs::write(dir.join("a.pgn"), "[Result \"1-0\"]\n1. h2e2 h9g7 1-0\n\n1. h2e2 h2e3 *\n").unwrap();
//! let registry = Registry::with_static();
//! let rulesets = vec![Arc::clone(registry.get("cxa-1999").unwrap())];
//! let batch = Batch::new(rulesets, JudgeOptions::default());
//! let mut summary = Summary::new(batch.ruleset_ids());
//! let mut items = Vec::new();
//! batch.run(&[dir.clone()], |item| -> Result<(), ()> {
//!     summary.add(&item);
//!     items.push(item);
//!     Ok(())
//! }).unwrap();
//! assert_eq!(items.len(), 2);
//! assert!(matches!(&items[1], Item::Game(g) if g.verdicts[0].outcome.is_err()));
//! assert_eq!((summary.games, summary.games_with_errors), (2, 1));
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

pub mod corpus;
mod line;
mod summary;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::mpsc::sync_channel;
use std::sync::Arc;

use indicatif::ProgressBar;
use rayon::prelude::*;
use xqr_core::rules::{GameResult, JudgeError, JudgeOptions, Ruleset, Termination, Verdict};

use crate::record_input::RecordedGame;
use corpus::Job;

pub use line::{GameLine, Line, VerdictLine};
pub use summary::{RulesetSummary, Summary};

/// A corpus run: the rulesets, the judging options, the chunk size and a progress bar.
pub struct Batch {
    rulesets: Vec<Arc<dyn Ruleset>>,
    options: JudgeOptions,
    chunk: usize,
    progress: ProgressBar,
}

/// A file or game that could not be read, located as precisely as the problem allows.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct InputError {
    /// The file.
    pub file: PathBuf,
    /// 1-based index of the game in the file, when the problem is one game's.
    pub game: Option<usize>,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// What is wrong.
    #[serde(rename = "error")]
    pub message: String,
}

impl InputError {
    /// A problem with a whole file (or path).
    pub fn file(path: &Path, message: impl Into<String>) -> InputError {
        InputError {
            file: path.to_path_buf(),
            game: None,
            line: None,
            column: None,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let (Some(l), Some(c)) = (self.line, self.column) {
            write!(f, ":{l}:{c}")?;
        } else if let Some(l) = self.line {
            write!(f, ":{l}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Why a ruleset gave no verdict on a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// The ruleset rejected the game (bad FEN, unreadable or illegal move …).
    #[error("{0}")]
    Judge(JudgeError),
    /// The ruleset panicked (a bug in it); the message is the panic's.
    #[error("the ruleset failed unexpectedly (panic): {0}")]
    Panicked(String),
}

impl Failure {
    /// The ply concerned, if any.
    pub fn ply(&self) -> Option<u32> {
        match self {
            Failure::Judge(e) => e.ply(),
            Failure::Panicked(_) => None,
        }
    }
}

/// One ruleset's judgement of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The ruleset id.
    pub ruleset: String,
    /// The verdict, or why there is none.
    pub outcome: Result<Verdict, Failure>,
}

/// A game judged under every ruleset of the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgedGame {
    /// The file it comes from.
    pub file: Arc<Path>,
    /// The game as read.
    pub game: RecordedGame,
    /// One judgement per ruleset, in the order of the run's rulesets.
    pub verdicts: Vec<Judgement>,
}

/// What the run hands to its sink for each input, in input order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A game and its judgements.
    Game(JudgedGame),
    /// A file or game that could not be read.
    Error(InputError),
}

/// Whether a termination is a ruling of the ruleset itself (checkmate, a repetition ruling, the
/// natural limit …) rather than a result it takes from the record (resignation, agreed draw,
/// time forfeit, a bare `Result` tag).
pub fn ruled_by_ruleset(t: &Termination) -> bool {
    !matches!(
        t,
        Termination::Resignation
            | Termination::AgreedDraw
            | Termination::TimeForfeit
            | Termination::RecordedResult
    )
}

impl JudgedGame {
    /// The result the record states (`Result` tag or termination marker), when decided.
    pub fn recorded_result(&self) -> Option<GameResult> {
        self.game
            .input
            .tags
            .get("Result")
            .and_then(|r| GameResult::from_pgn(r))
            .filter(|r| r.is_decided())
    }

    /// Whether the recorded result agrees with the verdict of ruleset number `i`: `None` when
    /// the record states no result, or the ruleset did not decide the game by its own ruling
    /// (no verdict, undecided, pending, or a result taken from the record).
    pub fn agrees_with_record(&self, i: usize) -> Option<bool> {
        let recorded = self.recorded_result()?;
        let v = self.verdicts.get(i)?.outcome.as_ref().ok()?;
        let t = v.termination.as_ref()?;
        (v.result.is_decided() && ruled_by_ruleset(t)).then_some(v.result == recorded)
    }

    /// Whether every ruleset that gave a verdict gave the same result (true with fewer than two
    /// verdicts).
    pub fn rulesets_agree(&self) -> bool {
        let mut results = self
            .verdicts
            .iter()
            .filter_map(|j| j.outcome.as_ref().ok().map(|v| v.result));
        match results.next() {
            Some(first) => results.all(|r| r == first),
            None => true,
        }
    }

    /// Number of move tokens in the record.
    pub fn plies(&self) -> usize {
        self.game.input.moves.len()
    }
}

impl Batch {
    /// Default number of games judged in parallel at once.
    pub const DEFAULT_CHUNK: usize = 64;

    /// A run judging under `rulesets` (in this order) with `options`; no progress bar.
    pub fn new(rulesets: Vec<Arc<dyn Ruleset>>, options: JudgeOptions) -> Batch {
        Batch {
            rulesets,
            options,
            chunk: Self::DEFAULT_CHUNK,
            progress: ProgressBar::hidden(),
        }
    }

    /// Judges `n` games (at least 1) in parallel at once; memory holds at most three chunks.
    pub fn chunk_size(mut self, n: usize) -> Batch {
        self.chunk = n.max(1);
        self
    }

    /// Advances `bar` (its length should be [`corpus::total_bytes`] of the inputs) as the
    /// files are read.
    pub fn progress(mut self, bar: ProgressBar) -> Batch {
        self.progress = bar;
        self
    }

    /// The ids of the rulesets, in order.
    pub fn ruleset_ids(&self) -> Vec<String> {
        self.rulesets.iter().map(|r| r.meta().id.clone()).collect()
    }

    /// Reads every file `paths` name (see [`corpus::expand`]), judges every game, and hands
    /// each [`Item`] to `sink` in input order. Stops at the first error of the sink and returns
    /// it; the reader stops too.
    pub fn run<E>(
        &self,
        paths: &[PathBuf],
        sink: impl FnMut(Item) -> Result<(), E>,
    ) -> Result<(), E> {
        self.run_entries(&corpus::expand(paths), sink)
    }

    /// As [`Batch::run`], over entries already listed by [`corpus::expand`].
    pub fn run_entries<E>(
        &self,
        entries: &[corpus::Entry],
        mut sink: impl FnMut(Item) -> Result<(), E>,
    ) -> Result<(), E> {
        std::thread::scope(|scope| {
            let (tx, rx) = sync_channel::<Job>(2 * self.chunk);
            let progress = &self.progress;
            scope.spawn(move || corpus::produce(entries, tx, progress));
            let mut jobs: Vec<Job> = Vec::with_capacity(self.chunk);
            loop {
                jobs.clear();
                while jobs.len() < self.chunk {
                    match rx.recv() {
                        Ok(job) => jobs.push(job),
                        Err(_) => break,
                    }
                }
                if jobs.is_empty() {
                    return Ok(());
                }
                let items: Vec<Item> = jobs.par_drain(..).map(|job| self.judge(job)).collect();
                for item in items {
                    // On error `rx` is dropped on return, which stops the reader.
                    sink(item)?;
                }
            }
        })
    }

    fn judge(&self, job: Job) -> Item {
        match job {
            Job::Error(e) => Item::Error(e),
            Job::Game { file, game } => {
                let verdicts = self
                    .rulesets
                    .iter()
                    .map(|rs| Judgement {
                        ruleset: rs.meta().id.clone(),
                        outcome: judge_one(rs.as_ref(), &game, &self.options),
                    })
                    .collect();
                Item::Game(JudgedGame {
                    file,
                    game: *game,
                    verdicts,
                })
            }
        }
    }
}

fn judge_one(
    rs: &dyn Ruleset,
    game: &RecordedGame,
    options: &JudgeOptions,
) -> Result<Verdict, Failure> {
    match catch_unwind(AssertUnwindSafe(|| rs.judge(&game.input, options))) {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(Failure::Judge(e)),
        Err(panic) => {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_owned());
            Err(Failure::Panicked(message))
        }
    }
}
