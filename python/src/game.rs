//! Games one at a time: `judge`, `compare`, `read_pgn`, `legal_moves`, `perft`, `convert`.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use xqr_core::notation::{parse_move, write_move, Notation};
use xqr_core::record::read_games_from_bytes;
use xqr_core::rules::{ClaimPolicy, GameInput, IllegalMovePolicy, JudgeOptions, Ruleset};
use xqr_core::{MoveRules, MoveText, Position};
use xqr_host::compare::compare as compare_rows;
use xqr_host::record_input::{PickedGame, RecordedGame};

use crate::registry::{find, registry};
use crate::{error, to_python};

/// The game a call names: a PGN file or text and a game number, or a FEN and moves.
struct Source {
    input: GameInput,
    picked: Option<PickedGame>,
}

impl Source {
    fn read(
        fen: Option<String>,
        moves: Option<&Bound<'_, PyAny>>,
        pgn: Option<PathBuf>,
        pgn_text: Option<&Bound<'_, PyAny>>,
        game: usize,
    ) -> PyResult<Source> {
        let from_record = pgn.is_some() || pgn_text.is_some();
        if from_record && (fen.is_some() || moves.is_some()) {
            return Err(error("give pgn (or pgn_text) or fen and moves, not both"));
        }
        let (bytes, source) = match (pgn, pgn_text) {
            (Some(_), Some(_)) => return Err(error("give pgn or pgn_text, not both")),
            (Some(path), None) => {
                let shown = path.display().to_string();
                let bytes = std::fs::read(&path)
                    .map_err(|e| error(format!("{shown}: cannot read: {e}")))?;
                (bytes, shown)
            }
            (None, Some(text)) => (text_bytes(text)?, "pgn_text".to_owned()),
            (None, None) => {
                return Ok(Source {
                    input: GameInput {
                        fen,
                        moves: move_list(moves)?,
                        ..GameInput::default()
                    },
                    picked: None,
                })
            }
        };
        let picked = PickedGame::read(&bytes, game, &source).map_err(error)?;
        Ok(Source {
            input: picked.game.input.clone(),
            picked: Some(picked),
        })
    }

    fn locate(&self, e: &xqr_core::rules::JudgeError) -> String {
        match &self.picked {
            Some(p) => p.locate(e),
            None => format!("moves: {e}"),
        }
    }
}

/// A `str` or `bytes` argument as bytes.
fn text_bytes(value: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(s.to_cow()?.as_bytes().to_vec());
    }
    if let Ok(b) = value.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    Err(error("pgn_text is str or bytes"))
}

/// Moves given as one string separated by spaces, or as a sequence of strings.
fn move_list(moves: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<MoveText>> {
    let Some(moves) = moves else {
        return Ok(Vec::new());
    };
    if let Ok(s) = moves.cast::<PyString>() {
        return Ok(s.to_cow()?.split_whitespace().map(MoveText::from).collect());
    }
    moves
        .extract::<Vec<String>>()
        .map(|list| list.into_iter().map(MoveText::from).collect())
        .map_err(|_| error("moves is a str separated by spaces or a list of str"))
}

/// `claim="as_played" | "first"`.
pub(crate) fn claim_policy(claim: &str) -> PyResult<ClaimPolicy> {
    match claim {
        "as_played" => Ok(ClaimPolicy::AsPlayed),
        "first" => Ok(ClaimPolicy::First),
        other => Err(error(format!(
            "claim is \"as_played\" or \"first\", not {other:?}"
        ))),
    }
}

fn options(claim: &str, illegal_moves: &str, all_plies: bool) -> PyResult<JudgeOptions> {
    let claim = claim_policy(claim)?;
    let illegal_moves = match illegal_moves {
        "reject" => IllegalMovePolicy::Reject,
        "rule" => IllegalMovePolicy::Rule,
        other => {
            return Err(error(format!(
                "illegal_moves is \"reject\" or \"rule\", not {other:?}"
            )))
        }
    };
    Ok(JudgeOptions {
        illegal_moves,
        all_plies,
        claim,
    })
}

/// `xqr.judge(ruleset, ...)`: the verdict of `xqr judge --format json`, as a dict.
#[pyfunction]
#[pyo3(signature = (ruleset, fen=None, moves=None, *, pgn=None, pgn_text=None, game=1,
    claim="as_played", illegal_moves="reject", all_plies=false, overlay_dirs=None,
    plugin_dirs=None))]
#[allow(clippy::too_many_arguments)]
fn judge<'py>(
    py: Python<'py>,
    ruleset: &str,
    fen: Option<String>,
    moves: Option<&Bound<'py, PyAny>>,
    pgn: Option<PathBuf>,
    pgn_text: Option<&Bound<'py, PyAny>>,
    game: usize,
    claim: &str,
    illegal_moves: &str,
    all_plies: bool,
    overlay_dirs: Option<Vec<PathBuf>>,
    plugin_dirs: Option<Vec<PathBuf>>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = options(claim, illegal_moves, all_plies)?;
    let registry = registry(py, overlay_dirs, plugin_dirs)?;
    let rs = find(registry, ruleset)?;
    let source = Source::read(fen, moves, pgn, pgn_text, game)?;
    let verdict = py
        .detach(|| rs.judge(&source.input, &options))
        .map_err(|e| error(source.locate(&e)))?;
    to_python(py, &verdict)
}

/// `xqr.compare(...)`: one row per ruleset, as `xqr compare --format json`.
#[pyfunction]
#[pyo3(signature = (fen=None, moves=None, *, pgn=None, pgn_text=None, game=1, rulesets=None,
    claim="as_played", illegal_moves="reject", all_plies=false, overlay_dirs=None,
    plugin_dirs=None))]
#[allow(clippy::too_many_arguments)]
fn compare<'py>(
    py: Python<'py>,
    fen: Option<String>,
    moves: Option<&Bound<'py, PyAny>>,
    pgn: Option<PathBuf>,
    pgn_text: Option<&Bound<'py, PyAny>>,
    game: usize,
    rulesets: Option<Vec<String>>,
    claim: &str,
    illegal_moves: &str,
    all_plies: bool,
    overlay_dirs: Option<Vec<PathBuf>>,
    plugin_dirs: Option<Vec<PathBuf>>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = options(claim, illegal_moves, all_plies)?;
    let registry = registry(py, overlay_dirs, plugin_dirs)?;
    let chosen = match rulesets {
        None => registry.iter().cloned().collect(),
        Some(names) => names
            .iter()
            .map(|n| find(registry, n))
            .collect::<PyResult<Vec<_>>>()?,
    };
    let source = Source::read(fen, moves, pgn, pgn_text, game)?;
    let rows = py.detach(|| compare_rows(&chosen, &source.input, &options, |e| source.locate(e)));
    to_python(py, &rows)
}

/// A game of a record as `read_pgn` yields it.
#[derive(serde::Serialize)]
struct ReadGame {
    game: usize,
    line: usize,
    tags: std::collections::BTreeMap<String, String>,
    fen: Option<String>,
    moves: Vec<MoveText>,
    error: Option<String>,
}

/// `xqr.read_pgn(path)`: the games of a PGN file (UTF-8, GBK or Big5), each a dict with its
/// number, line, tags, FEN, moves as written, and `error` (a syntax error, located) or None.
#[pyfunction]
fn read_pgn(py: Python<'_>, path: PathBuf) -> PyResult<Bound<'_, PyAny>> {
    let shown = path.display().to_string();
    let games = py.detach(|| {
        let bytes = std::fs::read(&path).map_err(|e| format!("{shown}: cannot read: {e}"))?;
        let (raws, _) = read_games_from_bytes(&bytes).map_err(|e| format!("{shown}: {e}"))?;
        Ok::<_, String>(
            raws.iter()
                .map(|raw| match RecordedGame::from_raw(raw) {
                    Ok(g) => ReadGame {
                        game: g.index,
                        line: g.line,
                        tags: g.input.tags,
                        fen: g.input.fen,
                        moves: g.input.moves,
                        error: None,
                    },
                    Err(e) => ReadGame {
                        game: raw.index(),
                        line: raw.line(),
                        tags: raw
                            .tags()
                            .iter()
                            .map(|t| (t.name.clone(), t.value.clone()))
                            .collect(),
                        fen: raw.tag("FEN").map(str::to_owned),
                        moves: Vec::new(),
                        error: Some(format!(
                            "{shown}, game {} (line {}): {e}",
                            raw.index(),
                            raw.line()
                        )),
                    },
                })
                .collect::<Vec<_>>(),
        )
    });
    to_python(py, &games.map_err(error)?)
}

/// A position under the move rules of `ruleset` (the standard rules without one), and the
/// ruleset.
fn position(
    py: Python<'_>,
    fen: Option<&str>,
    ruleset: Option<&str>,
) -> PyResult<(Position, Option<Arc<dyn Ruleset>>)> {
    let rs = match ruleset {
        None => None,
        Some(name) => Some(find(registry(py, None, None)?, name)?),
    };
    let (rules, start) = match &rs {
        None => (MoveRules::STANDARD, None),
        Some(rs) => (
            rs.legality().move_rules(),
            Some(rs.legality().start_position()),
        ),
    };
    let pos = match (fen, start) {
        (Some(fen), _) => {
            Position::from_fen(fen, rules).map_err(|e| error(format!("bad FEN {fen:?}: {e}")))?
        }
        (None, Some(start)) => start,
        (None, None) => Position::new(),
    };
    Ok((pos, rs))
}

/// `xqr.legal_moves(fen=None, ruleset=None)`: the legal moves in ICCS, sorted.
#[pyfunction]
#[pyo3(signature = (fen=None, *, ruleset=None))]
fn legal_moves(py: Python<'_>, fen: Option<&str>, ruleset: Option<&str>) -> PyResult<Vec<String>> {
    let (pos, rs) = position(py, fen, ruleset)?;
    let legal = match &rs {
        Some(rs) => rs.legality().legal_moves(&pos),
        None => pos.legal_moves(),
    };
    let mut moves: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
    moves.sort();
    Ok(moves)
}

/// `xqr.perft(depth, fen=None)`: the leaves of the legal-move tree.
#[pyfunction]
#[pyo3(signature = (depth, fen=None, *, ruleset=None))]
fn perft(py: Python<'_>, depth: u32, fen: Option<&str>, ruleset: Option<&str>) -> PyResult<u64> {
    let (pos, _) = position(py, fen, ruleset)?;
    Ok(py.detach(|| xqr_core::perft(&pos, depth)))
}

/// `xqr.convert(moves, to, fen=None)`: moves (any notation) rewritten in `iccs`, `wxf` or
/// `chinese`.
#[pyfunction]
#[pyo3(signature = (moves, to, fen=None))]
fn convert<'py>(
    py: Python<'py>,
    moves: &Bound<'py, PyAny>,
    to: &str,
    fen: Option<&str>,
) -> PyResult<Vec<String>> {
    let notation = match to {
        "iccs" => Notation::Iccs,
        "wxf" => Notation::Wxf,
        "chinese" => Notation::Chinese,
        other => {
            return Err(error(format!(
                "to is \"iccs\", \"wxf\" or \"chinese\", not {other:?}"
            )))
        }
    };
    let (mut pos, _) = position(py, fen, None)?;
    let mut out = Vec::new();
    for (i, text) in move_list(Some(moves))?.iter().enumerate() {
        let m = parse_move(&pos, text)
            .map_err(|e| error(format!("moves: ply {}: {text:?}: {e}", i + 1)))?;
        out.push(write_move(&pos, m, notation));
        pos.play(m)
            .map_err(|e| error(format!("moves: ply {}: {text:?}: {e}", i + 1)))?;
    }
    Ok(out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(judge, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(read_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    Ok(())
}
