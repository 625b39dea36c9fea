//! Judging a whole corpus under several rulesets: every game of every file, in parallel
//! (rayon), in bounded memory, in input order, nothing lost.
//!
//! A reader thread reads the files one at a time (see [`corpus`]) and passes games through a
//! bounded channel; the calling thread takes them in chunks, judges each chunk in parallel on
//! the current rayon pool (a game per task, or for a plugin in its own process a run of games
//! per call: [`tasks`]), and hands the results to a sink in input order. Memory holds the text
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
mod tasks;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::mpsc::sync_channel;
use std::sync::Arc;

use indicatif::ProgressBar;
use xqr_core::rules::{
    GameInput, GameResult, JudgeError, JudgeOptions, Ruleset, Termination, Verdict,
};

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

    /// Whether the recorded result agrees with the verdict of ruleset number `i`, judged as
    /// played: `None` when the record states no result, or the ruleset did not decide the game
    /// by its own ruling (no verdict, undecided, or a result taken from the record). A record
    /// that ends while a side must change agrees when that side lost, and not otherwise (a draw
    /// agreed, or a win of the side that had to change).
    pub fn agrees_with_record(&self, i: usize) -> Option<bool> {
        let recorded = self.recorded_result()?;
        let v = self.verdicts.get(i)?.outcome.as_ref().ok()?;
        if let Some(p) = &v.pending {
            return Some(recorded == GameResult::win_for(!p.must_change));
        }
        let t = v.termination.as_ref()?;
        (v.result.is_decided() && ruled_by_ruleset(t)).then_some(v.result == recorded)
    }

    /// Whether ruleset number `i` lists a claim nobody made (the record went on past it).
    pub fn has_unmade_claim(&self, i: usize) -> bool {
        self.verdicts
            .get(i)
            .and_then(|j| j.outcome.as_ref().ok())
            .is_some_and(|v| v.unmade_claims().next().is_some())
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
                for item in self.judge(&mut jobs) {
                    // On error `rx` is dropped on return, which stops the reader.
                    sink(item)?;
                }
            }
        })
    }

    /// The items of `jobs`, in order, every game judged under every ruleset (see [`tasks`]).
    fn judge(&self, jobs: &mut Vec<Job>) -> Vec<Item> {
        let games: Vec<&GameInput> = jobs
            .iter()
            .filter_map(|job| match job {
                Job::Game { game, .. } => Some(&game.input),
                Job::Error(_) => None,
            })
            .collect();
        let mut judged = tasks::judge_games(&self.rulesets, &self.options, &games).into_iter();
        jobs.drain(..)
            .map(|job| match job {
                Job::Error(e) => Item::Error(e),
                Job::Game { file, game } => {
                    let outcomes = judged.next().unwrap_or_default();
                    let verdicts = self
                        .rulesets
                        .iter()
                        .zip(outcomes)
                        .map(|(rs, outcome)| Judgement {
                            ruleset: rs.meta().id.clone(),
                            outcome,
                        })
                        .collect();
                    Item::Game(JudgedGame {
                        file,
                        game: *game,
                        verdicts,
                    })
                }
            })
            .collect()
    }
}

/// A judgement as a corpus run reports it.
fn outcome(judged: Result<Verdict, JudgeError>) -> Result<Verdict, Failure> {
    judged.map_err(Failure::Judge)
}

fn judge_one(
    rs: &dyn Ruleset,
    game: &GameInput,
    options: &JudgeOptions,
) -> Result<Verdict, Failure> {
    match catch_unwind(AssertUnwindSafe(|| rs.judge(game, options))) {
        Ok(judged) => outcome(judged),
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

#[cfg(test)]
mod tests {
    use super::*;
    use xqr_core::rules::{
        GameInput, MoveLegality, PieceVisibility, RepetitionJudge, RulesetMeta, Scoring,
    };
    use xqr_cxa1999::Cxa1999;

    /// cxa-1999 under another id, panicking on games tagged `Panic`: a buggy ruleset.
    struct Panicky {
        inner: Cxa1999,
        meta: RulesetMeta,
    }

    impl Panicky {
        fn new() -> Panicky {
            let inner = Cxa1999::new();
            let meta = RulesetMeta {
                id: "panicky".to_owned(),
                ..inner.meta().clone()
            };
            Panicky { inner, meta }
        }
    }

    impl Ruleset for Panicky {
        fn meta(&self) -> &RulesetMeta {
            &self.meta
        }
        fn legality(&self) -> &dyn MoveLegality {
            self.inner.legality()
        }
        fn visibility(&self) -> &dyn PieceVisibility {
            self.inner.visibility()
        }
        fn repetition(&self) -> &dyn RepetitionJudge {
            self.inner.repetition()
        }
        fn scoring(&self) -> &dyn Scoring {
            self.inner.scoring()
        }
        fn judge(&self, game: &GameInput, options: &JudgeOptions) -> Result<Verdict, JudgeError> {
            if game.tags.contains_key("Panic") {
                panic!("boom");
            }
            self.inner.judge(game, options)
        }
    }

    /// A temporary directory with `files`, removed when dropped.
    struct Dir(PathBuf);

    impl Dir {
        fn new(name: &str, files: &[(&str, String)]) -> Dir {
            let dir = std::env::temp_dir().join(format!("xqr-batch-{}-{name}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            for (file, text) in files {
                std::fs::write(dir.join(file), text).unwrap();
            }
            Dir(dir)
        }
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn collect(batch: &Batch, dir: &Dir) -> Vec<Item> {
        let mut items = Vec::new();
        batch
            .run(std::slice::from_ref(&dir.0), |item| -> Result<(), ()> {
                items.push(item);
                Ok(())
            })
            .unwrap();
        items
    }

    #[test]
    fn a_panicking_ruleset_fails_that_game_and_ruleset_only() {
        let dir = Dir::new(
            "panic",
            &[(
                "a.pgn",
                "[Panic \"yes\"]\n1. h2e2 *\n\n[Event \"calm\"]\n1. h2e2 *\n".to_owned(),
            )],
        );
        let rulesets: Vec<Arc<dyn Ruleset>> =
            vec![Arc::new(Panicky::new()), Arc::new(Cxa1999::new())];
        let items = collect(&Batch::new(rulesets, JudgeOptions::default()), &dir);
        let games: Vec<&JudgedGame> = items
            .iter()
            .map(|i| match i {
                Item::Game(g) => g,
                Item::Error(e) => panic!("{e}"),
            })
            .collect();
        assert_eq!(games.len(), 2);
        assert_eq!(
            games[0].verdicts[0].outcome,
            Err(Failure::Panicked("boom".to_owned()))
        );
        assert!(games[0].verdicts[1].outcome.is_ok());
        assert!(games[1].verdicts.iter().all(|j| j.outcome.is_ok()));
    }

    /// Many games through small chunks on several threads come out in file order, every one.
    #[test]
    fn order_is_kept_across_chunks_and_threads() {
        let game = |i: usize| format!("[Event \"{i}\"]\n1. h2e2 h9g7 2. h0g2 *\n\n");
        let dir = Dir::new(
            "order",
            &[
                ("a.pgn", (1..=150).map(game).collect()),
                ("b.pgn", (151..=200).map(game).collect()),
            ],
        );
        let batch =
            Batch::new(vec![Arc::new(Cxa1999::new())], JudgeOptions::default()).chunk_size(7);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        let items = pool.install(|| collect(&batch, &dir));
        let events: Vec<String> = items
            .iter()
            .map(|i| match i {
                Item::Game(g) => g.game.input.tags["Event"].clone(),
                Item::Error(e) => panic!("{e}"),
            })
            .collect();
        let expected: Vec<String> = (1..=200).map(|i| i.to_string()).collect();
        assert_eq!(events, expected);
    }

    /// A sink that fails stops the run (and the reader) at once, with the sink's error.
    #[test]
    fn a_failing_sink_stops_the_run() {
        let text: String = (0..500).map(|_| "1. h2e2 h9g7 *\n\n").collect();
        let dir = Dir::new("sink", &[("a.pgn", text)]);
        let batch =
            Batch::new(vec![Arc::new(Cxa1999::new())], JudgeOptions::default()).chunk_size(4);
        let mut seen = 0;
        let result = batch.run(std::slice::from_ref(&dir.0), |_| {
            seen += 1;
            if seen == 3 {
                Err("closed")
            } else {
                Ok(())
            }
        });
        assert_eq!((result, seen), (Err("closed"), 3));
    }

    #[test]
    fn agreement_with_the_record() {
        let dir = Dir::new(
            "agree",
            &[(
                "a.pgn",
                // Mate in one recorded as a win for each side, then a resignation.
                "[FEN \"3k5/9/4R4/9/9/9/9/9/9/4K4 w - - 0 1\"]\n1. e7d7 1-0\n\n\
                 [FEN \"3k5/9/4R4/9/9/9/9/9/9/4K4 w - - 0 1\"]\n1. e7d7 0-1\n\n\
                 [Result \"0-1\"]\n1. h2e2 h9g7\n"
                    .to_owned(),
            )],
        );
        let batch = Batch::new(vec![Arc::new(Cxa1999::new())], JudgeOptions::default());
        let agreement: Vec<Option<bool>> = collect(&batch, &dir)
            .iter()
            .map(|i| match i {
                Item::Game(g) => g.agrees_with_record(0),
                Item::Error(e) => panic!("{e}"),
            })
            .collect();
        // The third is decided by the record itself: nothing to compare.
        assert_eq!(agreement, [Some(true), Some(false), None]);
    }
}
