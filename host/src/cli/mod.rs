//! Command-line parsing and dispatch.
//!
//! Adding a command is one module: define an `Args` struct deriving [`clap::Args`] and a
//! `run(&Args, &mut Output) -> Result<(), CliError>` function, then add one variant to
//! [`Command`] and one arm to [`Command::run`].

mod arbiter;
mod batch;
mod check_ruleset;
mod claim;
mod convert;
mod deal;
mod diff_editions;
mod game_input;
mod input;
mod judge;
mod moves;
mod output;
mod pair;
mod perft;
mod plugin_host;
mod render;
mod rulesets;
mod schedule;
mod serve;
mod standings;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use xqr_host::loading::Sources;
use xqr_host::plugins::Mode;

pub use output::{report_error, CliError, Format, FormatArg, Output};

/// Executable Xiangqi rulebooks: positions, legal moves, perft and game records.
///
/// Exit status: 0 on success, 2 on bad input (a message on standard error names the file,
/// game, ply or FEN field and the reason), 1 when the output cannot be written.
#[derive(Debug, Parser)]
#[command(name = "xqr", version, propagate_version = true)]
pub struct Cli {
    /// Output format: readable text, or JSON on standard output (nothing else is printed there);
    /// csv for `xqr pair`.
    #[arg(long, global = true, value_enum, default_value_t = FormatArg::Text)]
    pub format: FormatArg,

    /// A directory of ruleset plugins (shared libraries) to load; repeatable. Directories in
    /// the colon-separated `XQR_PLUGIN_PATH` are searched too; the current directory never is,
    /// unless named.
    #[arg(long, global = true, value_name = "DIR")]
    pub plugin_dir: Vec<std::path::PathBuf>,

    /// Where plugins run. `isolated` (the default): each plugin library in processes of its
    /// own, so that a plugin that crashes, aborts, hangs or answers garbage turns the calls it
    /// was making into errors naming its file while everything else goes on; costs a process
    /// start per library and a round trip over a pipe per call. `in-process`: inside xqr, without
    /// plugin processes, but a crashing plugin ends xqr.
    #[arg(long, global = true, value_enum, default_value_t = plugin_host::PluginsArg::Isolated, value_name = "MODE")]
    pub plugins: plugin_host::PluginsArg,

    /// With --plugins isolated, the longest one plugin call (judging a game, loading the
    /// library) may take, in seconds, before its process is killed and the call reported as an
    /// error [default: 10].
    #[arg(long, global = true, value_name = "SECONDS")]
    pub plugin_time_limit: Option<f64>,

    /// A directory of house-variant overlays (`*.toml`) to load besides the shipped ones;
    /// repeatable. Directories in the colon-separated `XQR_OVERLAY_PATH` are read too.
    #[arg(long, global = true, value_name = "DIR")]
    pub overlay_dir: Vec<std::path::PathBuf>,

    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands of `xqr`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Counts the leaves of the legal-move tree (perft) of a position.
    Perft(perft::Args),
    /// Lists the legal moves of a position in ICCS notation.
    Moves(moves::Args),
    /// Rewrites the games of a PGN file in ICCS, WXF or Chinese notation.
    #[command(after_help = convert::AFTER_HELP)]
    Convert(convert::Args),
    /// Lists the loaded rulesets: static, house-variant overlays and plugins.
    Rulesets(rulesets::Args),
    /// Adjudicates a game under one ruleset, with the article behind the ruling and what each
    /// move of the loop did.
    Judge(judge::JudgeArgs),
    /// Adjudicates a game under every loaded ruleset, side by side.
    Compare(judge::CompareArgs),
    /// Answers a claim made during a game (一方棋手要求裁决): the ruling, an order to change,
    /// or a refusal with its article.
    #[command(after_help = claim::AFTER_HELP)]
    Claim(claim::Args),
    /// Checks a house-variant TOML overlay, reporting every problem with its line and key.
    CheckRuleset(check_ruleset::Args),
    /// Ranks an event from its results table by a ruleset's points and tie-breaks.
    #[command(after_help = standings::AFTER_HELP)]
    Standings(standings::Args),
    /// Pairing schedules: the round-robin table.
    Schedule(schedule::Args),
    /// Pairs the next round of a Swiss event by the 定位编排 method (cxa-2011 附录二).
    #[command(after_help = pair::AFTER_HELP)]
    Pair(pair::Args),
    /// Judges every game of PGN files and directories under several rulesets, in parallel:
    /// JSON Lines, one line per game, nothing lost.
    #[command(after_help = batch::AFTER_HELP)]
    Batch(batch::Args),
    /// The games whose outcome differs between two rulesets: a Markdown or HTML report with
    /// each side's ruling and a diagram of the deciding position.
    #[command(after_help = diff_editions::AFTER_HELP)]
    DiffEditions(diff_editions::Args),
    /// Draws a position as an SVG diagram (Chinese piece names, last move marked).
    Render(render::Args),
    /// Deals a Jieqi game (揭棋) reproducibly from a seed and shows what each side sees.
    Deal(deal::Args),
    /// Arbitrates games in progress: JSON Lines requests on standard input (play, undo, status,
    /// the forbidden moves with their articles, claims), one JSON response per line.
    #[command(after_help = arbiter::AFTER_HELP)]
    Arbiter(arbiter::Args),
    /// Serves a web page to compare rule editions on a game, and its HTTP JSON API, on
    /// 127.0.0.1.
    #[command(after_help = serve::AFTER_HELP)]
    Serve(serve::Args),
    /// A plugin process: serves one plugin library to the xqr that started it (internal).
    #[command(hide = true)]
    PluginHost(plugin_host::Args),
}

/// Where rulesets come from and how plugins run.
#[derive(Clone, Debug)]
pub struct Loading {
    /// Plugin and overlay directories.
    pub sources: Sources,
    /// In process or isolated.
    pub plugins: Mode,
}

impl Command {
    /// Runs the command, writing its result to `out`; `sources` says where rulesets come from.
    pub fn run(&self, sources: &Loading, out: &mut Output) -> Result<(), CliError> {
        if out.csv() && !matches!(self, Command::Pair(_)) {
            return Err(CliError::input(
                "--format csv is only for xqr pair; use text or json",
            ));
        }
        match self {
            Command::Perft(args) => perft::run(args, sources, out),
            Command::Moves(args) => moves::run(args, sources, out),
            Command::Convert(args) => convert::run(args, out),
            Command::Rulesets(args) => rulesets::run(args, &registry(sources), out),
            Command::Judge(args) => judge::run_judge(args, &registry(sources), out),
            Command::Compare(args) => judge::run_compare(args, &registry(sources), out),
            Command::Claim(args) => claim::run(args, &registry(sources), out),
            Command::CheckRuleset(args) => check_ruleset::run(args, &registry(sources), out),
            Command::Standings(args) => standings::run(args, &registry(sources), out),
            Command::Schedule(args) => schedule::run(args, out),
            Command::Pair(args) => pair::run(args, &registry(sources), out),
            Command::Batch(args) => batch::run(args, &registry(sources), out),
            Command::DiffEditions(args) => diff_editions::run(args, &registry(sources), out),
            Command::Render(args) => render::run(args, out),
            Command::Deal(args) => deal::run(args, out),
            Command::Arbiter(args) => arbiter::run(args, &registry(sources), out),
            Command::Serve(args) => serve::run(args, registry(sources), out),
            Command::PluginHost(args) => plugin_host::run(args),
        }
    }
}

/// Loads every ruleset, reporting (on standard error) those that fail to load.
fn registry(loading: &Loading) -> xqr_core::registry::Registry {
    let loaded = xqr_host::loading::load_in(&loading.sources, &loading.plugins);
    for p in &loaded.problems {
        output::report_warning(p);
    }
    loaded.registry
}

/// Parses the command line, runs the command and maps the outcome to an exit status.
pub fn main() -> ExitCode {
    // Usage errors (unknown option, missing value, bad number) exit with status 2 inside clap,
    // `--help` and `--version` with status 0.
    let cli = Cli::parse();
    let sources = Sources {
        plugin_dirs: cli.plugin_dir.clone(),
        overlay_dirs: cli.overlay_dir.clone(),
        use_environment: true,
    };
    let mut out = Output::from_arg(cli.format);
    let result = plugin_host::mode(cli.plugins, cli.plugin_time_limit)
        .and_then(|plugins| cli.command.run(&Loading { sources, plugins }, &mut out))
        .and_then(|()| out.flush());
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.report(),
    }
}
