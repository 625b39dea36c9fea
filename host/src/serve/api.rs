//! The web API's answers, independent of HTTP: a request body in, a JSON value or an
//! [`ApiError`] with its status out. `docs/serve.md` is the contract.

use serde_json::{json, Value};
use xqr_core::notation::{parse_move, write_move, Notation};
use xqr_core::registry::Registry;
use xqr_core::rules::replay::Arbiter;
use xqr_core::rules::GameHistory;
use xqr_core::rules::{JudgeOptions, Ruleset};
use xqr_core::Position;

use super::request::{Game, Request};
use crate::compare::compare;

/// The endpoints of the API.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Endpoint {
    /// `GET /api/rulesets`.
    Rulesets,
    /// `POST /api/game`: a game read and replayed, a position after each ply.
    Game,
    /// `POST /api/judge`: one ruleset's verdict.
    Judge,
    /// `POST /api/compare`: every chosen ruleset's verdict.
    Compare,
    /// `POST /api/forbidden`: the moves each chosen ruleset forbids now.
    Forbidden,
}

/// A request the API refuses, with the HTTP status that says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// 400 a malformed request, 404 an unknown ruleset, 422 a game that cannot be read.
    pub status: u16,
    /// What is wrong, and where.
    pub message: String,
}

impl ApiError {
    /// A malformed request (400).
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 400,
            message: message.into(),
        }
    }

    /// A game that cannot be read or played (422).
    pub fn unplayable(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 422,
            message: message.into(),
        }
    }
}

/// The answer of `endpoint` to a request `body` (ignored by `GET /api/rulesets`).
pub fn answer(registry: &Registry, endpoint: Endpoint, body: &[u8]) -> Result<Value, ApiError> {
    if endpoint == Endpoint::Rulesets {
        return Ok(json!(crate::catalog::rows(registry)));
    }
    let request = Request::parse(body)?;
    match endpoint {
        Endpoint::Rulesets => unreachable!("answered above"),
        Endpoint::Game => game(registry, &request),
        Endpoint::Judge => judge(registry, &request),
        Endpoint::Compare => compare_all(registry, &request),
        Endpoint::Forbidden => forbidden(registry, &request),
    }
}

/// The ruleset named `name`, or a 404 listing those loaded.
fn find<'a>(registry: &'a Registry, name: &str) -> Result<&'a dyn Ruleset, ApiError> {
    registry.get(name).map(|r| r.as_ref()).ok_or_else(|| {
        let ids: Vec<&str> = registry.iter().map(|r| r.meta().id.as_str()).collect();
        ApiError {
            status: 404,
            message: format!("unknown ruleset {name:?}; loaded: {}", ids.join(", ")),
        }
    })
}

/// The rulesets a request names (`rulesets`, else `ruleset`), or every loaded one.
fn chosen<'a>(
    registry: &'a Registry,
    request: &Request,
) -> Result<Vec<&'a std::sync::Arc<dyn Ruleset>>, ApiError> {
    let names: Vec<&str> = match (&request.rulesets, &request.ruleset) {
        (Some(list), _) => list.iter().map(String::as_str).collect(),
        (None, Some(one)) => vec![one.as_str()],
        (None, None) => return Ok(registry.iter().collect()),
    };
    names
        .into_iter()
        .map(|n| {
            find(registry, n)?;
            Ok(registry.get(n).expect("found above"))
        })
        .collect()
}

fn options(request: &Request) -> JudgeOptions {
    JudgeOptions {
        illegal_moves: request.illegal_moves.unwrap_or_default(),
        all_plies: request.all_plies.unwrap_or(false),
        claim: request.claim.unwrap_or_default(),
    }
}

/// `POST /api/game`: the game's tags, its start and the position after each ply, each move in
/// the three notations, and the legal moves at its end. Replayed under `ruleset` (default: Jieqi
/// for a position with hidden pieces, else the 1999 rules), move legality only: no ruling.
fn game(registry: &Registry, request: &Request) -> Result<Value, ApiError> {
    let game = Game::read(request)?;
    let hidden = game
        .input
        .fen
        .as_deref()
        .is_some_and(|f| f.split(' ').next().unwrap_or("").contains(['X', 'x']));
    let name = request
        .ruleset
        .as_deref()
        .unwrap_or(if hidden { "jieqi" } else { "cxa-1999" });
    let rs = find(registry, name)?;
    let rules = rs.legality().move_rules();
    let start = match &game.input.fen {
        Some(fen) => Position::from_fen(fen, rules)
            .map_err(|e| ApiError::unplayable(format!("{}: FEN: {e}", game.label)))?,
        None => rs.legality().start_position(),
    };
    let mut history = GameHistory::new(start);
    let mut plies = Vec::with_capacity(game.input.moves.len());
    for (i, text) in game.input.moves.iter().enumerate() {
        let before = history.last();
        let side = before.turn();
        let m = parse_move(before, text)
            .map_err(|e| ApiError::unplayable(game.at(i + 1, &format!("{text:?}: {e}"))))?;
        let wxf = write_move(before, m, Notation::Wxf);
        let chinese = write_move(before, m, Notation::Chinese);
        history
            .push(m)
            .map_err(|e| ApiError::unplayable(game.at(i + 1, &format!("{text:?}: {e}"))))?;
        plies.push(json!({
            "ply": i + 1,
            "side": side,
            "iccs": m.to_string(),
            "wxf": wxf,
            "chinese": chinese,
            "fen": history.last().fen(),
        }));
    }
    let mut legal: Vec<String> = rs
        .legality()
        .legal_moves(history.last())
        .iter()
        .map(|m| m.to_string())
        .collect();
    legal.sort();
    Ok(json!({
        "games": game.count,
        "game": game.index,
        "label": game.label,
        "ruleset": rs.meta().id,
        "tags": game.input.tags,
        "fen": history.start().fen(),
        "plies": plies,
        "legal": legal,
    }))
}

/// `POST /api/judge`: `xqr judge --format json`.
fn judge(registry: &Registry, request: &Request) -> Result<Value, ApiError> {
    let Some(name) = &request.ruleset else {
        return Err(ApiError::bad_request(
            "\"ruleset\" is missing: /api/judge judges under one ruleset (/api/compare under several)",
        ));
    };
    let rs = find(registry, name)?;
    let game = Game::read(request)?;
    let verdict = rs
        .judge(&game.input, &options(request))
        .map_err(|e| ApiError::unplayable(game.locate(&e)))?;
    Ok(json!(verdict))
}

/// `POST /api/compare`: `xqr compare --format json`, for the chosen rulesets.
fn compare_all(registry: &Registry, request: &Request) -> Result<Value, ApiError> {
    let rulesets = chosen(registry, request)?;
    let game = Game::read(request)?;
    let rows = compare(rulesets, &game.input, &options(request), |e| game.locate(e));
    Ok(json!(rows))
}

/// `POST /api/forbidden`: for each chosen ruleset, the game's status after the moves given (or
/// the first `ply` plies of the game) and the moves the side to move may not play, as the
/// arbiter's `forbidden` gives them. A ruleset that cannot play the game gets a row with its
/// error.
fn forbidden(registry: &Registry, request: &Request) -> Result<Value, ApiError> {
    let rulesets = chosen(registry, request)?;
    let game = Game::read(request)?;
    let moves = match request.ply {
        None => &game.input.moves[..],
        Some(p) => game.input.moves.get(..p).ok_or_else(|| {
            ApiError::bad_request(format!(
                "\"ply\" is {p} but {} has {} plies",
                game.label,
                game.input.moves.len()
            ))
        })?,
    };
    let rows: Vec<Value> = rulesets
        .into_iter()
        .map(|rs| {
            let id = &rs.meta().id;
            let mut arbiter = match Arbiter::new(rs.as_ref(), game.input.fen.as_deref()) {
                Ok(a) => a,
                Err(e) => return json!({"ruleset": id, "error": game.locate(&e)}),
            };
            for text in moves {
                if let Err(e) = arbiter.play(text) {
                    return json!({"ruleset": id, "error": game.locate(&e)});
                }
            }
            match arbiter.forbidden() {
                Ok(found) => json!({
                    "ruleset": id,
                    "status": arbiter.status(),
                    "forbidden": found,
                }),
                Err(e) => json!({"ruleset": id, "error": game.locate(&e)}),
            }
        })
        .collect();
    Ok(json!(rows))
}
