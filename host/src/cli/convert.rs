//! `xqr convert`: the games of a PGN file rewritten in another move notation.

use std::path::PathBuf;

use serde::ser::{Serialize, SerializeMap, Serializer};
use xqr_core::notation::{write_move, Notation};
use xqr_core::record::{read_games_from_bytes, write_pgn, Game, RecordError};
use xqr_core::MoveRules;

use super::{CliError, Format, Output};

/// Extra `--help` text of `xqr convert`: output formats and exit status.
pub const AFTER_HELP: &str = "\
Output: text writes each game as PGN (tags as read, moves in the chosen notation, one move \
pair per line, the termination marker); a game that cannot be converted is replaced by a PGN \
comment giving the reason. JSON writes one array with one object per game, in file order: \
{\"game\": i, \"tags\": {...}, \"result\": \"1-0\", \"moves\": [...]} or, for a game that \
cannot be converted, {\"game\": i, \"error\": \"...\", \"ply\": p} (ply is null when the error \
is not about a move, for instance a bad FEN tag).

Exit status: 0 when at least one game was converted, even if others failed (each failure is \
reported in the output and on standard error); 2 when the file cannot be read or decoded, holds \
no game, or no game of it could be converted.";

/// Options of `xqr convert`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The PGN file (UTF-8, GBK or Big5, detected; one or more games).
    #[arg(long, value_name = "FILE")]
    pub pgn: PathBuf,

    /// The notation to write the moves in.
    #[arg(long, value_enum)]
    pub to: Target,
}

/// A notation `convert` can write.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// ICCS coordinates: `h2e2`.
    Iccs,
    /// WXF: `C2.5`.
    Wxf,
    /// Chinese: `炮二平五`, `马８进７`.
    Chinese,
}

impl From<Target> for Notation {
    fn from(t: Target) -> Notation {
        match t {
            Target::Iccs => Notation::Iccs,
            Target::Wxf => Notation::Wxf,
            Target::Chinese => Notation::Chinese,
        }
    }
}

/// One game of the file, converted or not.
enum Converted {
    /// The game replayed: its tags, result and moves in the target notation.
    Game {
        index: usize,
        game: Box<Game>,
        moves: Vec<String>,
    },
    /// The game could not be replayed.
    Failed { error: RecordError },
}

/// Tags in file order as a JSON object (the first of duplicate names wins).
struct Tags<'a>(&'a [(String, String)]);

impl Serialize for Tags<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seen: Vec<&str> = Vec::new();
        let mut map = s.serialize_map(None)?;
        for (name, value) in self.0 {
            if !seen.contains(&name.as_str()) {
                seen.push(name);
                map.serialize_entry(name, value)?;
            }
        }
        map.end()
    }
}

impl Serialize for Converted {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        match self {
            Converted::Game { index, game, moves } => {
                map.serialize_entry("game", index)?;
                map.serialize_entry("tags", &Tags(game.tags()))?;
                map.serialize_entry("result", game.result().as_str())?;
                map.serialize_entry("moves", moves)?;
            }
            Converted::Failed { error } => {
                map.serialize_entry("game", &error.game)?;
                map.serialize_entry("error", &error.to_string())?;
                map.serialize_entry("ply", &error.ply())?;
            }
        }
        map.end()
    }
}

/// Runs `xqr convert`.
pub fn run(args: &Args, out: &mut Output) -> Result<(), CliError> {
    let file = args.pgn.display();
    let bytes = std::fs::read(&args.pgn)
        .map_err(|e| CliError::input(format!("cannot read {file}: {e}")))?;
    let (raw_games, _encoding) =
        read_games_from_bytes(&bytes).map_err(|e| CliError::input(format!("{file}: {e}")))?;
    if raw_games.is_empty() {
        return Err(CliError::input(format!("{file}: no game found")));
    }
    let notation = Notation::from(args.to);
    let converted: Vec<Converted> = raw_games
        .iter()
        .map(|raw| match raw.replay(MoveRules::STANDARD) {
            Ok(game) => {
                let moves = game
                    .positions()
                    .zip(game.moves())
                    .map(|(pos, &m)| write_move(&pos, m, notation))
                    .collect();
                Converted::Game {
                    index: raw.index(),
                    game: Box::new(game),
                    moves,
                }
            }
            Err(error) => Converted::Failed { error },
        })
        .collect();

    let failures: Vec<&RecordError> = converted
        .iter()
        .filter_map(|c| match c {
            Converted::Failed { error } => Some(error),
            Converted::Game { .. } => None,
        })
        .collect();
    if failures.len() == converted.len() {
        let reasons: Vec<String> = failures.iter().map(|e| format!("{file}: {e}")).collect();
        return Err(CliError::input(format!(
            "no game of {file} could be converted:\n{}",
            reasons.join("\n")
        )));
    }

    match out.format() {
        Format::Json => out.json(&converted)?,
        Format::Text => {
            for (i, c) in converted.iter().enumerate() {
                if i > 0 {
                    out.line("")?;
                }
                match c {
                    Converted::Game { game, .. } => {
                        out.text(&format!("{}\n", write_pgn(game, args.to.into()).trim_end()))?
                    }
                    Converted::Failed { error } => out.line(&format!(
                        "{{ {} }}",
                        comment_safe(&format!("not converted: {error}"))
                    ))?,
                }
            }
        }
    }
    for e in failures {
        super::report_error(&format!("{file}: {e}"));
    }
    Ok(())
}

/// Text that can stand inside a PGN `{…}` comment.
fn comment_safe(text: &str) -> String {
    text.replace('{', "(").replace('}', ")")
}
