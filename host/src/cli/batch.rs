//! `xqr batch`: every game of a corpus judged under several rulesets, as JSON Lines.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use xqr_core::registry::Registry;
use xqr_core::rules::{JudgeOptions, Ruleset};
use xqr_host::batch::{corpus, Batch, Item, Line, Summary};

use super::game_input::IllegalMoves;
use super::{CliError, Format, Output};

/// Extra `--help` text of `xqr batch`: the output lines and the exit status.
pub const AFTER_HELP: &str = "\
Output: JSON Lines (one JSON object per line) on standard output or in --out FILE, in input \
order, one line per game and per file or game that cannot be read; nothing is left out.
  {\"type\":\"game\",\"file\":F,\"game\":N,\"line\":L,\"plies\":P,
   \"tags\":{\"Event\":…,\"Red\":…,\"Black\":…,\"Result\":…},
   \"verdicts\":{\"ID\":{\"result\",\"termination\",\"rule\",\"decided_at_ply\",\"pending\",
                        \"agrees_with_record\",\"claims\",\"first_claim\"}
                  or {\"error\",\"ply\",\"line\",\"column\"}, …},
   \"rulesets_agree\":true|false}
  {\"type\":\"error\",\"file\":F,\"game\":N|null,\"line\":L|null,\"column\":C|null,\"error\":MESSAGE}
Verdicts judge the record as played: a repetition ruling or the natural limit the record plays \
past was a claim nobody made, listed in claims ({\"ply\",\"until_ply\",\"claimant\",\"result\", \
\"termination\",\"rule\"}); first_claim is what the first of them would have given (null: none). \
agrees_with_record is null unless the record states a result and the ruleset decided the game by \
its own ruling (not by taking the record's resignation, agreed draw or result), or the record \
ends while a side must change (it agrees only with that side's loss). The summary \
(counts per termination per ruleset, errors, disagreements, games/s and plies/s) is the last \
line, {\"type\":\"summary\",…}, with --format json, and readable text on standard error otherwise. \
A progress bar is drawn on standard error when it is a terminal.

Exit status: 0 when at least one game was judged (bad games and files are lines of the output); \
2 for an unknown ruleset, or when no game at all could be read.";

/// Options of `xqr batch`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The rulesets (ids or aliases), separated by commas.
    #[arg(long, value_delimiter = ',', required = true, value_name = "ID,ID,…")]
    pub rulesets: Vec<String>,

    /// PGN files (any extension) and directories (their `*.pgn` files, recursively).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Output file, threads, illegal moves, progress bar.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Options `batch` and `diff-editions` share.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// Write the output to this file instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Worker threads (default: one per core; `RAYON_NUM_THREADS` is read too).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,

    /// What an illegal move in a record means: an error of that game (`reject`), or the
    /// edition's ruling (`rule`, e.g. 1999 §4.1.6: the mover loses).
    #[arg(long, value_enum, default_value_t = IllegalMoves::Reject)]
    pub illegal_moves: IllegalMoves,

    /// Never draw the progress bar.
    #[arg(long)]
    pub no_progress: bool,
}

impl RunArgs {
    /// The judging options: as played (the first claim of each verdict is reported beside).
    pub fn options(&self) -> JudgeOptions {
        JudgeOptions {
            illegal_moves: self.illegal_moves.into(),
            ..JudgeOptions::default()
        }
    }
}

/// The rulesets named on the command line, in order, each once.
pub fn resolve(registry: &Registry, names: &[String]) -> Result<Vec<Arc<dyn Ruleset>>, CliError> {
    let mut found: Vec<Arc<dyn Ruleset>> = Vec::new();
    for name in names.iter().map(|n| n.trim()) {
        let rs = super::judge::find(registry, name)?;
        if found.iter().any(|r| r.meta().id == rs.meta().id) {
            return Err(CliError::input(format!(
                "ruleset {} is named twice",
                rs.meta().id
            )));
        }
        found.push(Arc::clone(rs));
    }
    Ok(found)
}

/// A progress bar over `total` bytes on standard error, or a hidden one when standard error is
/// not a terminal or `quiet`.
pub fn progress_bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} {msg} (eta {eta})",
    ) {
        bar.set_style(style);
    }
    bar
}

/// Runs `f` on a pool of `threads` workers (the global pool when `None`).
pub fn with_threads<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> T + Send,
) -> Result<T, CliError> {
    match threads {
        None => Ok(f()),
        Some(0) => Err(CliError::input("--threads must be at least 1")),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map(|pool| pool.install(f))
            .map_err(|e| CliError::input(format!("cannot start {n} threads: {e}"))),
    }
}

/// Where the lines go: standard output, or `--out FILE`.
pub fn destination(out: &mut Output, file: Option<&PathBuf>) -> Result<Option<Output>, CliError> {
    match file {
        None => Ok(None),
        Some(path) => {
            let f = std::fs::File::create(path)
                .map_err(|e| CliError::input(format!("{}: cannot create: {e}", path.display())))?;
            Ok(Some(Output::to_writer(out.format(), Box::new(f))))
        }
    }
}

/// Runs `xqr batch`.
pub fn run(args: &Args, registry: &Registry, out: &mut Output) -> Result<(), CliError> {
    let rulesets = resolve(registry, &args.rulesets)?;
    let entries = corpus::expand(&args.paths);
    let bar = progress_bar(corpus::total_bytes(&entries), args.run.no_progress);
    let batch = Batch::new(rulesets, args.run.options()).progress(bar.clone());
    let mut file_out = destination(out, args.run.out.as_ref())?;
    let format = out.format();
    let lines: &mut Output = file_out.as_mut().unwrap_or(out);
    let mut summary = Summary::new(batch.ruleset_ids());
    let start = Instant::now();
    let threads = with_threads(args.run.threads, || {
        let threads = rayon::current_num_threads();
        batch
            .run_entries(&entries, |item| {
                summary.add(&item);
                if let Item::Error(e) = &item {
                    if format == Format::Text {
                        bar.suspend(|| super::report_error(&e.to_string()));
                    }
                }
                if summary.games % 64 == 0 {
                    bar.set_message(format!("{} games", summary.games));
                }
                lines.json(&Line::of(&item))
            })
            .map(|()| threads)
    })??;
    bar.finish_and_clear();
    summary.finish(start.elapsed().as_secs_f64(), threads);
    match format {
        Format::Json => lines.json(&Line::Summary(&summary))?,
        Format::Text => eprint!("{}", summary.to_text()),
    }
    lines.flush()?;
    if summary.games == 0 {
        return Err(CliError::input("no game could be read from the inputs"));
    }
    Ok(())
}
