//! `xqr.Arbiter`: a game in progress under one ruleset, as `xqr arbiter` drives it: play, undo,
//! status, legal moves, the forbidden moves with their articles, claims.

use pyo3::prelude::*;
use xqr_core::rules::replay::Arbiter as Session;
use xqr_core::rules::ClaimKind;
use xqr_core::Color;

use crate::registry::{find, registry};
use crate::{error, to_python};

/// A game in progress. The session borrows its ruleset from a registry kept for the life of the
/// process, so a Python object can hold it.
#[pyclass(module = "xqr", unsendable)]
struct Arbiter {
    session: Session<'static>,
    ruleset: String,
}

#[pymethods]
impl Arbiter {
    /// `Arbiter(ruleset, fen=None, *, overlay_dirs=None, plugin_dirs=None)`.
    #[new]
    #[pyo3(signature = (ruleset, fen=None, *, overlay_dirs=None, plugin_dirs=None))]
    fn new(
        py: Python<'_>,
        ruleset: &str,
        fen: Option<&str>,
        overlay_dirs: Option<Vec<std::path::PathBuf>>,
        plugin_dirs: Option<Vec<std::path::PathBuf>>,
    ) -> PyResult<Arbiter> {
        let registry = registry(py, overlay_dirs, plugin_dirs)?;
        let id = find(registry, ruleset)?.meta().id.clone();
        let rs = registry.get(&id).ok_or_else(|| error("ruleset vanished"))?;
        let session = Session::new(rs.as_ref(), fen).map_err(|e| error(e.to_string()))?;
        Ok(Arbiter {
            session,
            ruleset: id,
        })
    }

    /// The ruleset's id.
    #[getter]
    fn ruleset(&self) -> &str {
        &self.ruleset
    }

    /// Plays a move (ICCS, WXF or Chinese); returns it in ICCS.
    fn play(&mut self, py: Python<'_>, mv: &str) -> PyResult<String> {
        let session = &mut self.session;
        py.detach(|| session.play(mv))
            .map(|m| m.to_string())
            .map_err(|e| error(e.to_string()))
    }

    /// Takes back the last move; returns it, or None at the start.
    fn undo(&mut self) -> Option<String> {
        self.session.undo().map(|m| m.to_string())
    }

    /// `{"status": "ongoing", "to_move", "plies", "obligation"?}` or
    /// `{"status": "decided", "end": {...}}`.
    fn status<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.session.status())
    }

    /// The legal moves of the side to move, in ICCS, sorted.
    fn legal(&self) -> Vec<String> {
        let history = self.session.history();
        let mut moves: Vec<String> = self
            .session
            .ruleset()
            .legality()
            .legal_moves(history.last())
            .iter()
            .map(|m| m.to_string())
            .collect();
        moves.sort();
        moves
    }

    /// The moves the side to move may not play now, each with its consequence, article,
    /// explanation and loop.
    fn forbidden<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let session = &mut self.session;
        let found = py
            .detach(|| session.forbidden())
            .map_err(|e| error(e.to_string()))?;
        to_python(py, &found)
    }

    /// The claims that would succeed now.
    fn claims<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.session.claims())
    }

    /// A claim by `side` (`"red"` or `"black"`) of `kind` (`"repetition"` or
    /// `"natural_limit"`), answered; a claim heard ends the game.
    #[pyo3(signature = (side, kind="repetition"))]
    fn claim<'py>(
        &mut self,
        py: Python<'py>,
        side: &str,
        kind: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let side = match side {
            "red" => Color::Red,
            "black" => Color::Black,
            other => {
                return Err(error(format!(
                    "side is \"red\" or \"black\", not {other:?}"
                )))
            }
        };
        let kind = match kind {
            "repetition" => ClaimKind::Repetition,
            "natural_limit" => ClaimKind::NaturalLimit,
            other => {
                return Err(error(format!(
                    "kind is \"repetition\" or \"natural_limit\", not {other:?}"
                )))
            }
        };
        let answer = self
            .session
            .claim(side, kind)
            .map_err(|e| error(e.to_string()))?;
        to_python(py, &answer)
    }

    /// The FEN of the position now.
    #[getter]
    fn fen(&self) -> String {
        self.session.history().last().fen()
    }

    fn __repr__(&self) -> String {
        format!(
            "Arbiter({:?}, plies={})",
            self.ruleset,
            self.session.history().ply_count()
        )
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Arbiter>()
}
