//! `xqr diff-editions A B PATH…`: the games of a corpus whose outcome differs between two
//! rulesets, as a Markdown or HTML report with a diagram of each deciding position.

use std::path::PathBuf;
use std::sync::Arc;

use xqr_core::registry::Registry;
use xqr_host::batch::{corpus, Batch, Item, Line, Summary};
use xqr_host::diff::{game_differs, Report, ReportFormat};

use super::batch::{destination, progress_bar, resolve, with_threads, RunArgs};
use super::{CliError, Format, Output};

/// Extra `--help` text of `xqr diff-editions`.
pub const AFTER_HELP: &str = "\
Two rulesets' outcomes differ when their results differ (1-0, 0-1, 1/2-1/2, *) as played or at \
the first claim (what the first claim that would have succeeded gives), or when one judges the \
game and the other cannot. Each differing game gets a table (result, termination, rule, deciding \
ply, first claim, explanation per ruleset) and an SVG diagram of the board after each side's \
deciding ply (pieces in Chinese characters, the last move marked; one diagram when both decide \
at the same ply; the end of the record for a side that decides nothing). The report ends with \
the counts. With --format json the output is the `xqr batch` lines of the differing games and \
the summary line instead.

Exit status: 0 when at least one game was compared; 2 for an unknown ruleset, the same ruleset \
twice, or when no game at all could be read.";

/// Options of `xqr diff-editions`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The first ruleset (id or alias), the left column.
    #[arg(value_name = "A")]
    pub a: String,

    /// The second ruleset, the right column.
    #[arg(value_name = "B")]
    pub b: String,

    /// PGN files and directories (their `*.pgn` files, recursively).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Write an HTML page instead of Markdown.
    #[arg(long)]
    pub html: bool,

    /// Write the diagrams as SVG files in this directory (created if needed) and link them,
    /// instead of inlining them.
    #[arg(long, value_name = "DIR")]
    pub svg_dir: Option<PathBuf>,

    /// Output file (the report), threads, illegal moves, progress bar.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Runs `xqr diff-editions`.
pub fn run(args: &Args, registry: &Registry, out: &mut Output) -> Result<(), CliError> {
    let rulesets = resolve(registry, &[args.a.clone(), args.b.clone()])?;
    if let Some(dir) = &args.svg_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::input(format!("{}: cannot create: {e}", dir.display())))?;
    }
    let entries = corpus::expand(&args.paths);
    let bar = progress_bar(corpus::total_bytes(&entries), args.run.no_progress);
    let batch = Batch::new(rulesets.clone(), args.run.options()).progress(bar.clone());
    let mut file_out = destination(out, args.run.out.as_ref())?;
    let format = out.format();
    let sink: &mut Output = file_out.as_mut().unwrap_or(out);
    let mut summary = Summary::new(batch.ruleset_ids());
    let start = std::time::Instant::now();

    let threads = match format {
        Format::Json => with_threads(args.run.threads, || {
            let threads = rayon::current_num_threads();
            batch
                .run_entries(&entries, |item| {
                    summary.add(&item);
                    match &item {
                        Item::Game(g) if game_differs(g) => sink.json(&Line::of(&item)),
                        _ => Ok(()),
                    }
                })
                .map(|()| threads)
        })??,
        Format::Text => {
            let report_format = if args.html {
                ReportFormat::Html
            } else {
                ReportFormat::Markdown
            };
            let mut report = Report::new(
                SinkWriter(&mut *sink),
                report_format,
                Arc::clone(&rulesets[0]),
                Arc::clone(&rulesets[1]),
                args.svg_dir.clone(),
            );
            let threads = with_threads(args.run.threads, || {
                let threads = rayon::current_num_threads();
                report.begin(&args.paths)?;
                batch
                    .run_entries(&entries, |item| {
                        summary.add(&item);
                        match &item {
                            Item::Game(g) if game_differs(g) => report.game(g),
                            Item::Error(e) => {
                                bar.suspend(|| super::report_error(&e.to_string()));
                                Ok(())
                            }
                            Item::Game(_) => Ok(()),
                        }
                    })
                    .map(|()| threads)
            })??;
            report.end(&summary)?;
            threads
        }
    };
    bar.finish_and_clear();
    summary.finish(start.elapsed().as_secs_f64(), threads);
    if format == Format::Json {
        sink.json(&Line::Summary(&summary))?;
    }
    sink.flush()?;
    if summary.games == 0 {
        return Err(CliError::input("no game could be read from the inputs"));
    }
    Ok(())
}

/// The report's text goes through the command's output.
struct SinkWriter<'a>(&'a mut Output);

impl std::io::Write for SinkWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.raw().write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.raw().flush()
    }
}
