//! `xqr moves`: the legal moves of a position, in ICCS.

use super::{input, CliError, Format, Output};

/// Options of `xqr moves`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position, in FEN (default: the standard start position).
    #[arg(long)]
    pub fen: Option<String>,
}

/// Runs `xqr moves`: text prints one move per line, JSON an array of strings; both sorted.
pub fn run(args: &Args, out: &mut Output) -> Result<(), CliError> {
    let pos = input::position(args.fen.as_deref())?;
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    match out.format() {
        Format::Json => out.json(&moves),
        Format::Text => moves.iter().try_for_each(|m| out.line(m)),
    }
}
