//! The rulesets a call may use: the static editions and shipped overlays, plus the overlay and
//! plugin directories the call names. Loading reads files and opens libraries, so each set of
//! directories is loaded once per process and shared.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use pyo3::prelude::*;
use xqr_core::registry::Registry;
use xqr_core::rules::Ruleset;
use xqr_host::loading::{load, Sources};

use crate::{error, to_python};

type Key = (Vec<PathBuf>, Vec<PathBuf>);

/// The registry for `overlay_dirs` and `plugin_dirs`, loaded on first use and kept for the
/// life of the process (so that an `Arbiter` may borrow its ruleset). Problems loading a
/// file are Python warnings (`xqr rulesets` prints them on standard error); the rest loads.
pub fn registry(
    py: Python<'_>,
    overlay_dirs: Option<Vec<PathBuf>>,
    plugin_dirs: Option<Vec<PathBuf>>,
) -> PyResult<&'static Registry> {
    static LOADED: OnceLock<Mutex<HashMap<Key, &'static Registry>>> = OnceLock::new();
    let key = (
        overlay_dirs.unwrap_or_default(),
        plugin_dirs.unwrap_or_default(),
    );
    let cache = LOADED.get_or_init(Default::default);
    if let Some(r) = cache
        .lock()
        .map_err(|_| error("registry cache poisoned"))?
        .get(&key)
    {
        return Ok(r);
    }
    let sources = Sources {
        overlay_dirs: key.0.clone(),
        plugin_dirs: key.1.clone(),
        use_environment: true,
    };
    let loaded = py.detach(|| load(&sources));
    for problem in &loaded.problems {
        let warnings = py.import("warnings")?;
        warnings.call_method1("warn", (problem.as_str(),))?;
    }
    let registry: &'static Registry = Box::leak(Box::new(loaded.registry));
    cache
        .lock()
        .map_err(|_| error("registry cache poisoned"))?
        .insert(key, registry);
    Ok(registry)
}

/// The ruleset named `name` (id or alias), or an error listing those loaded.
pub fn find(registry: &Registry, name: &str) -> PyResult<Arc<dyn Ruleset>> {
    registry.get(name).cloned().ok_or_else(|| {
        let ids: Vec<&str> = registry.iter().map(|r| r.meta().id.as_str()).collect();
        error(format!(
            "unknown ruleset {name:?}; loaded: {}",
            ids.join(", ")
        ))
    })
}

/// `xqr.rulesets()`: the loaded rulesets, as `xqr rulesets --format json`.
#[pyfunction]
#[pyo3(signature = (*, overlay_dirs=None, plugin_dirs=None))]
fn rulesets(
    py: Python<'_>,
    overlay_dirs: Option<Vec<PathBuf>>,
    plugin_dirs: Option<Vec<PathBuf>>,
) -> PyResult<Bound<'_, PyAny>> {
    let registry = registry(py, overlay_dirs, plugin_dirs)?;
    to_python(py, &xqr_host::catalog::rows(registry))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rulesets, m)?)
}
