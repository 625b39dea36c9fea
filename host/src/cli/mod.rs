//! Command-line parsing and dispatch.
//!
//! Adding a command is one module: define an `Args` struct deriving [`clap::Args`] and a
//! `run(&Args, &mut Output) -> Result<(), CliError>` function, then add one variant to
//! [`Command`] and one arm to [`Command::run`].

mod convert;
mod input;
mod moves;
mod output;
mod perft;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub use output::{report_error, CliError, Format, Output};

/// Executable Xiangqi rulebooks: positions, legal moves, perft and game records.
///
/// Exit status: 0 on success, 2 on bad input (a message on standard error names the file,
/// game, ply or FEN field and the reason), 1 when the output cannot be written.
#[derive(Debug, Parser)]
#[command(name = "xqr", version, propagate_version = true)]
pub struct Cli {
    /// Output format: readable text, or JSON on standard output (nothing else is printed there).
    #[arg(long, global = true, value_enum, default_value_t = Format::Text)]
    pub format: Format,

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
}

impl Command {
    /// Runs the command, writing its result to `out`.
    pub fn run(&self, out: &mut Output) -> Result<(), CliError> {
        match self {
            Command::Perft(args) => perft::run(args, out),
            Command::Moves(args) => moves::run(args, out),
            Command::Convert(args) => convert::run(args, out),
        }
    }
}

/// Parses the command line, runs the command and maps the outcome to an exit status.
pub fn main() -> ExitCode {
    // Usage errors (unknown option, missing value, bad number) exit with status 2 inside clap,
    // `--help` and `--version` with status 0.
    let cli = Cli::parse();
    let mut out = Output::stdout(cli.format);
    let result = cli.command.run(&mut out).and_then(|()| out.flush());
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.report(),
    }
}
