//! The requests of `xqr arbiter`: games in progress under the live
//! [`Arbiter`], driven by JSON request lines, one JSON response per request.
//!
//! A session holds any number of games by name (`"game"`, default `"1"`). A request that cannot
//! be answered (not JSON, an unknown command, ruleset or game, an illegal move, a plugin that
//! failed during the call) gets `{"id", "error"}` and the session goes on; the command line
//! documents the commands (`xqr arbiter --help`).

use std::collections::BTreeMap;

use serde_json::{json, Value};
use xqr_core::registry::Registry;
use xqr_core::rules::replay::Arbiter;
use xqr_core::rules::ClaimKind;
use xqr_core::Color;

/// The games of one session, under the rulesets of a registry.
pub struct Session<'r> {
    registry: &'r Registry,
    games: BTreeMap<String, Arbiter<'r>>,
}

impl<'r> Session<'r> {
    /// A session without games.
    pub fn new(registry: &'r Registry) -> Session<'r> {
        Session {
            registry,
            games: BTreeMap::new(),
        }
    }

    /// The names of the games in progress.
    pub fn games(&self) -> impl Iterator<Item = &str> {
        self.games.keys().map(String::as_str)
    }

    /// The response to one request line, and whether it ends the session.
    ///
    /// ```
    /// use xqr_host::arbiter_session::Session;
    /// let registry = xqr_host::loading::load(&Default::default()).registry;
    /// let mut session = Session::new(&registry);
    /// let (started, _) = session.respond(r#"{"id":1,"cmd":"new","ruleset":"cxa-1999"}"#);
    /// assert_eq!(started["ok"], true);
    /// let (played, _) = session.respond(r#"{"id":2,"cmd":"play","move":"h2e2"}"#);
    /// assert_eq!((played["id"].as_i64(), played["move"].as_str()), (Some(2), Some("h2e2")));
    /// let (refused, quit) = session.respond("not json");
    /// assert!(refused["error"].as_str().unwrap().starts_with("not JSON") && !quit);
    /// ```
    pub fn respond(&mut self, line: &str) -> (Value, bool) {
        respond(line, self.registry, &mut self.games)
    }
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
        "forbidden" => match a.forbidden() {
            Ok(found) => json!({"forbidden": found}),
            Err(e) => return (error(&id, &e.to_string()), false),
        },
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
            match a.claim(side, kind) {
                Ok(answer) => json!({"answer": answer, "status": a.status()}),
                Err(e) => return (error(&id, &e.to_string()), false),
            }
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
