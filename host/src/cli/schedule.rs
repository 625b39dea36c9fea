//! `xqr schedule round-robin N`: the round-robin table of cxa-2011 附录一.

use xqr_core::schedule::RoundRobin;

use super::{CliError, Format, Output};

/// Options of `xqr schedule`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The kind of schedule.
    #[command(subcommand)]
    pub kind: Kind,
}

/// The schedules.
#[derive(Debug, clap::Subcommand)]
pub enum Kind {
    /// The round-robin order table (循环赛对局秩序表, cxa-2011 附录一): the number listed first
    /// has Red; with an odd field the number meeting the parenthesised largest number has the
    /// bye. JSON: {"players", "largest", "rounds": [{"round", "pairings": [{"red", "black"}],
    /// "bye"}]}.
    RoundRobin {
        /// Number of players (or teams), at least 2.
        players: u32,
    },
}

#[derive(serde::Serialize)]
struct Json<'a> {
    players: u32,
    largest: u32,
    rule: &'static str,
    rounds: &'a [xqr_core::schedule::ScheduledRound],
}

/// Runs `xqr schedule`.
pub fn run(args: &Args, out: &mut Output) -> Result<(), CliError> {
    match args.kind {
        Kind::RoundRobin { players } => {
            let t = RoundRobin::new(players).map_err(|e| CliError::input(e.to_string()))?;
            match out.format() {
                Format::Json => out.json(&Json {
                    players,
                    largest: t.largest(),
                    rule: "cxa-2011 附录一",
                    rounds: t.rounds(),
                }),
                Format::Text => {
                    out.line(&format!(
                        "Round-robin table for {players} (cxa-2011 附录一): the first number has Red{}",
                        if players % 2 == 1 {
                            format!("; ({}) is absent, its opponent has the bye", t.largest())
                        } else {
                            String::new()
                        }
                    ))?;
                    for l in t.to_string().lines() {
                        out.line(l)?;
                    }
                    Ok(())
                }
            }
        }
    }
}
