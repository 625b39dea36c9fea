//! `xqr arbiter`: games in progress driven by JSON Lines on standard input, one response per
//! request on standard output (the live arbiter of `xqr_core::rules::replay::Arbiter`).

use std::io::BufRead;

use xqr_core::registry::Registry;

use xqr_host::arbiter_session::Session;

use super::{CliError, Output};

/// Extra `--help` text of `xqr arbiter`.
pub const AFTER_HELP: &str = "\
One JSON request per line on standard input, one JSON response per line on standard output, \
carrying the request's \"id\" (and its \"game\", default \"1\": several games at once). \
Commands: {\"cmd\":\"new\",\"ruleset\":\"cxa-1999\",\"fen\":\"…\"} (fen optional), \
{\"cmd\":\"play\",\"move\":\"h6i4\"} (ICCS, WXF or Chinese), {\"cmd\":\"undo\"}, \
{\"cmd\":\"status\"}, {\"cmd\":\"legal\"}, {\"cmd\":\"forbidden\"} (the moves the side to move may \
not play, each with its article, explanation, consequence loses or must_change, and loop), \
{\"cmd\":\"claims\"} (the claims that would succeed now), \
{\"cmd\":\"claim\",\"side\":\"black\",\"kind\":\"repetition\"|\"natural_limit\"}, {\"cmd\":\"quit\"}. \
A bad line (not JSON, an unknown command or game, an illegal move) gets {\"id\":…,\"error\":\"…\"} \
and the session goes on. End of input ends the session.";

/// Options of `xqr arbiter`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs the session: reads requests from standard input until `quit` or its end.
pub fn run(_args: &Args, registry: &Registry, out: &mut Output) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    let mut session = Session::new(registry);
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| CliError::input(format!("standard input: {e}")))?;
        if line.trim().is_empty() {
            continue;
        }
        let (response, quit) = session.respond(&line);
        serde_json::to_writer(out.raw(), &response).map_err(std::io::Error::from)?;
        out.raw().write_all(b"\n")?;
        out.raw().flush()?;
        if quit {
            break;
        }
    }
    Ok(())
}
