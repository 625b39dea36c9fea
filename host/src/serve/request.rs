//! The body of a web API request, and the game it names: a PGN pasted as text or uploaded as
//! bytes in any encoding the record reader supports (base64), or a FEN and moves.

use base64::Engine as _;
use xqr_core::rules::{ClaimPolicy, GameInput, IllegalMovePolicy, JudgeError};
use xqr_core::MoveText;

use super::api::ApiError;
use crate::record_input::PickedGame;

/// A request body. Unknown fields are refused, so that a misspelt option is an error rather
/// than silently ignored.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// One ruleset (`/api/judge`; `/api/game` replays under it).
    pub ruleset: Option<String>,
    /// Several rulesets (`/api/compare`, `/api/forbidden`; default: every loaded one).
    pub rulesets: Option<Vec<String>>,
    /// A PGN file's text.
    pub pgn: Option<String>,
    /// A PGN file's bytes, base64: UTF-8, GBK or Big5, detected as `xqr judge --pgn` does.
    pub pgn_base64: Option<String>,
    /// Which game of the PGN (1-based, default 1).
    pub game: Option<usize>,
    /// The start position, when no PGN is given.
    pub fen: Option<String>,
    /// The moves, when no PGN is given: a list, or one string separated by spaces.
    pub moves: Option<Moves>,
    /// `/api/forbidden`: judge after the first `ply` plies only.
    pub ply: Option<usize>,
    /// Classify every ply, not only the loop's.
    pub all_plies: Option<bool>,
    /// `as_played` or `first`.
    pub claim: Option<ClaimPolicy>,
    /// `reject` or `rule`.
    pub illegal_moves: Option<IllegalMovePolicy>,
}

/// The moves of a request.
#[derive(Debug, serde::Deserialize)]
#[serde(untagged)]
pub enum Moves {
    /// `["h2e2", "h9g7"]`.
    List(Vec<String>),
    /// `"h2e2 h9g7"`.
    Text(String),
}

impl Request {
    /// Parses a body; a malformed one is a 400 naming the line and column.
    pub fn parse(body: &[u8]) -> Result<Request, ApiError> {
        if body.iter().all(u8::is_ascii_whitespace) {
            return Ok(Request::default());
        }
        serde_json::from_slice(body)
            .map_err(|e| ApiError::bad_request(format!("request body: {e}")))
    }
}

/// The game a request names, and how to locate an error in it.
pub struct Game {
    /// The game.
    pub input: GameInput,
    /// Where it came from: `pasted PGN, game 2 (line 14)`, `uploaded PGN, …` or `moves`.
    pub label: String,
    /// Its index in the PGN (1 for moves).
    pub index: usize,
    /// How many games the PGN holds (1 for moves).
    pub count: usize,
    /// Line and column of each move in the PGN (empty for moves).
    places: Vec<(usize, usize)>,
}

impl Game {
    /// Reads the game of a request.
    pub fn read(request: &Request) -> Result<Game, ApiError> {
        let given_moves = request.fen.is_some() || request.moves.is_some();
        let (bytes, source) = match (&request.pgn, &request.pgn_base64) {
            (Some(_), Some(_)) => {
                return Err(ApiError::bad_request(
                    "give \"pgn\" or \"pgn_base64\", not both",
                ))
            }
            (Some(text), None) => (text.clone().into_bytes(), "pasted PGN"),
            (None, Some(b64)) => {
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(b64.trim())
                    .map_err(|e| ApiError::bad_request(format!("\"pgn_base64\": {e}")))?;
                (bytes, "uploaded PGN")
            }
            (None, None) => return Ok(Game::from_moves(request)),
        };
        if given_moves {
            return Err(ApiError::bad_request(
                "give a PGN or \"fen\" and \"moves\", not both",
            ));
        }
        let index = request.game.unwrap_or(1);
        let picked = PickedGame::read(&bytes, index, source).map_err(ApiError::unplayable)?;
        Ok(Game {
            input: picked.game.input,
            label: picked.label,
            index,
            count: picked.count,
            places: picked.game.places,
        })
    }

    fn from_moves(request: &Request) -> Game {
        let moves = match &request.moves {
            None => Vec::new(),
            Some(Moves::List(list)) => list.iter().map(MoveText::from).collect(),
            Some(Moves::Text(text)) => text.split_whitespace().map(MoveText::from).collect(),
        };
        Game {
            input: GameInput {
                fen: request.fen.clone(),
                moves,
                ..GameInput::default()
            },
            label: "moves".to_owned(),
            index: 1,
            count: 1,
            places: Vec::new(),
        }
    }

    /// A message about ply `ply` (1-based), with its line and column in the PGN.
    pub fn at(&self, ply: usize, message: &str) -> String {
        let place = self
            .places
            .get(ply.wrapping_sub(1))
            .map(|(l, c)| format!(" (line {l}, column {c})"))
            .unwrap_or_default();
        format!("{}: ply {ply}{place}: {message}", self.label)
    }

    /// A judge error, located in the game.
    pub fn locate(&self, e: &JudgeError) -> String {
        let place = e
            .ply()
            .and_then(|p| self.places.get((p as usize).wrapping_sub(1)))
            .map(|(l, c)| format!(" (line {l}, column {c})"))
            .unwrap_or_default();
        format!("{}{place}: {e}", self.label)
    }
}
