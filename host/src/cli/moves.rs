//! `xqr moves`: the legal moves of a position, in ICCS.

use super::{input, CliError, Format, Output};

/// Options of `xqr moves`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position, in FEN (default: the start position of `--ruleset`, else the standard one).
    #[arg(long)]
    pub fen: Option<String>,

    /// List the moves this ruleset allows (id or alias; default: standard Xiangqi).
    #[arg(long)]
    pub ruleset: Option<String>,
}

/// Runs `xqr moves`: text prints one move per line, JSON an array of strings; both sorted.
pub fn run(args: &Args, sources: &super::Loading, out: &mut Output) -> Result<(), CliError> {
    let mut moves: Vec<String> = match &args.ruleset {
        None => input::position(args.fen.as_deref())?
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect(),
        Some(name) => {
            let registry = super::registry(sources);
            let rs = super::judge::find(&registry, name)?;
            let pos = match args.fen.as_deref() {
                Some(fen) => input::position_under(Some(fen), rs.legality().move_rules())?,
                None => rs.legality().start_position(),
            };
            rs.legality()
                .legal_moves(&pos)
                .iter()
                .map(|m| m.to_string())
                .collect()
        }
    };
    moves.sort();
    match out.format() {
        Format::Json => out.json(&moves),
        Format::Text => moves.iter().try_for_each(|m| out.line(m)),
    }
}
