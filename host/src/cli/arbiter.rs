//! `xqr arbiter`: games in progress driven by JSON Lines on standard input, one response per
//! request on standard output (the live arbiter of `xqr_core::rules::replay::Arbiter`).

use std::collections::BTreeMap;
use std::io::BufRead;

use serde_json::{json, Value};
use xqr_core::registry::Registry;
use xqr_core::rules::replay::Arbiter;
use xqr_core::rules::ClaimKind;
use xqr_core::Color;

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
    let mut games: BTreeMap<String, Arbiter<'_>> = BTreeMap::new();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| CliError::input(format!("standard input: {e}")))?;
        if line.trim().is_empty() {
            continue;
        }
        let (response, quit) = respond(&line, registry, &mut games);
        serde_json::to_writer(out.raw(), &response).map_err(std::io::Error::from)?;
        out.raw().write_all(b"\n")?;
        out.raw().flush()?;
        if quit {
            break;
        }
    }
    Ok(())
}

/// The response to one request line, and whether it ends the session.
fn respond<'r>(
    line: &str,
    registry: &'r Registry,
    games: &mut BTreeMap<String, Arbiter<'r>>,
) -> (Value, bool) {
    let request: Value = match serde_json::from_str(line) {
        Ok(v @ Value::Object(_)) => v,
        Ok(_) => return (error(&Value::Null, "a request is a JSON object"), false),
        Err(e) => return (error(&Value::Null, &format!("not JSON: {e}")), false),
    };
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    let game = match request.get("game") {
        None => "1".to_owned(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(_) => return (error(&id, "\"game\" is a string or a number"), false),
    };
    let Some(cmd) = request.get("cmd").and_then(Value::as_str) else {
        return (error(&id, "missing \"cmd\""), false);
    };
    let text = |key: &str| request.get(key).and_then(Value::as_str);
    let reply = |mut body: Value| {
        body["id"] = id.clone();
        body["game"] = json!(game);
        body
    };
    if cmd == "quit" {
        return (reply(json!({"ok": true})), true);
    }
    if cmd == "new" {
        let Some(name) = text("ruleset") else {
            return (error(&id, "\"new\" needs a \"ruleset\""), false);
        };
        let Some(rs) = registry.get(name) else {
            let known: Vec<String> = registry.iter().map(|r| r.meta().id.clone()).collect();
            return (
                error(
                    &id,
                    &format!("unknown ruleset \"{name}\"; loaded: {}", known.join(", ")),
                ),
                false,
            );
        };
        return match Arbiter::new(rs.as_ref(), text("fen")) {
            Ok(a) => {
                let status = serde_json::to_value(a.status()).unwrap_or(Value::Null);
                games.insert(game.clone(), a);
                (
                    reply(json!({"ok": true, "ruleset": rs.meta().id, "status": status})),
                    false,
                )
            }
            Err(e) => (error(&id, &e.to_string()), false),
        };
    }
    let Some(a) = games.get_mut(&game) else {
        return (
            error(&id, &format!("no game \"{game}\": start one with \"new\"")),
            false,
        );
    };
    let body = match cmd {
        "play" => match text("move") {
            None => return (error(&id, "\"play\" needs a \"move\""), false),
            Some(m) => match a.play(m) {
                Ok(played) => json!({"move": played.to_string(), "status": a.status()}),
                Err(e) => return (error(&id, &e.to_string()), false),
            },
        },
        "undo" => json!({"undone": a.undo().map(|m| m.to_string()), "status": a.status()}),
        "status" => json!({"status": a.status()}),
        "legal" => {
            let mut moves: Vec<String> = a
                .history()
                .last()
                .legal_moves()
                .iter()
                .map(|m| m.to_string())
                .collect();
            moves.sort();
            json!({"legal": moves})
        }
        "forbidden" => json!({"forbidden": a.forbidden()}),
        "claims" => json!({"claims": a.claims()}),
        "claim" => {
            let side = match text("side") {
                Some("red") => Color::Red,
                Some("black") => Color::Black,
                _ => return (error(&id, "\"claim\" needs \"side\": \"red\" or \"black\""), false),
            };
            let kind = match text("kind").unwrap_or("repetition") {
                "repetition" => ClaimKind::Repetition,
                "natural_limit" => ClaimKind::NaturalLimit,
                k => {
                    return (
                        error(&id, &format!("unknown claim kind \"{k}\": repetition or natural_limit")),
                        false,
                    )
                }
            };
            json!({"answer": a.claim(side, kind), "status": a.status()})
        }
        other => {
            return (
                error(
                    &id,
                    &format!("unknown command \"{other}\": new, play, undo, status, legal, forbidden, claims, claim, quit"),
                ),
                false,
            )
        }
    };
    (reply(body), false)
}

/// An error response.
fn error(id: &Value, message: &str) -> Value {
    json!({"id": id, "error": message})
}
