//! `xqr._native`: the Rust side of the `xqr` Python package. Each call releases the GIL while
//! Rust works; errors are `xqr.XqrError` carrying the message the command line would print
//! (file, game, ply, line and column).
//!
//! - [`registry`]: the rulesets a call may use (static, overlays, plugins), loaded once per set
//!   of directories;
//! - [`game`]: judging, comparing, reading records, legal moves, perft, notation;
//! - [`arbiter`]: a game in progress;
//! - [`batch`]: a corpus judged in bounded memory, as an iterator.

mod arbiter;
mod batch;
mod game;
mod registry;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    _native,
    XqrError,
    PyValueError,
    "Bad input (a FEN, a move, a record, a ruleset name), located as the command line locates it."
);

/// A Python exception for a located message.
pub(crate) fn error(message: impl Into<String>) -> PyErr {
    XqrError::new_err(message.into())
}

/// A serde value as a Python object (dicts, lists, str, int, float, bool, None).
pub(crate) fn to_python<'py, T: serde::Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    pythonize::pythonize(py, value).map_err(|e| error(format!("cannot convert to Python: {e}")))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("XqrError", m.py().get_type::<XqrError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    registry::register(m)?;
    game::register(m)?;
    arbiter::register(m)?;
    batch::register(m)?;
    Ok(())
}
