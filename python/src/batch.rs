//! `xqr.batch(paths, rulesets)`: a corpus judged as `xqr batch` judges it, yielded line by line
//! (the game and error lines of `xqr batch --format json`, as dicts) without holding the corpus
//! in memory: the run goes on in a thread of its own, a bounded channel ahead of the reader.

use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Mutex;
use std::thread::JoinHandle;

use pyo3::prelude::*;
use xqr_host::batch::corpus::Entry;
use xqr_host::batch::{Batch, Line};

use crate::registry::{find, registry};
use crate::{error, to_python};

/// Lines waiting in the channel before the run waits for the reader.
const AHEAD: usize = 256;

/// The iterator `batch` returns.
#[pyclass(module = "xqr")]
struct BatchLines {
    lines: Mutex<Receiver<serde_json::Value>>,
    run: Mutex<Option<JoinHandle<()>>>,
}

#[pymethods]
impl BatchLines {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let next = py.detach(|| match self.lines.lock() {
            Ok(rx) => rx.recv().ok(),
            Err(_) => None,
        });
        match next {
            Some(line) => to_python(py, &line).map(Some),
            None => {
                if let Some(run) = self.run.lock().ok().and_then(|mut r| r.take()) {
                    if run.join().is_err() {
                        return Err(error("the batch run failed inside xqr (a bug)"));
                    }
                }
                Ok(None)
            }
        }
    }
}

/// `xqr.batch(paths, rulesets, *, claim="as_played", threads=None, overlay_dirs=None,
/// plugin_dirs=None)`: every game of the PGN files and directories `paths` judged under
/// `rulesets`, one dict per game (`{"type": "game", ...}`) or per file or game that could not
/// be read (`{"type": "error", ...}`), in input order.
#[pyfunction]
#[pyo3(signature = (paths, rulesets, *, claim="as_played", threads=None, overlay_dirs=None,
    plugin_dirs=None))]
fn batch(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    rulesets: Vec<String>,
    claim: &str,
    threads: Option<usize>,
    overlay_dirs: Option<Vec<PathBuf>>,
    plugin_dirs: Option<Vec<PathBuf>>,
) -> PyResult<BatchLines> {
    let registry = registry(py, overlay_dirs, plugin_dirs)?;
    let chosen = rulesets
        .iter()
        .map(|n| find(registry, n))
        .collect::<PyResult<Vec<_>>>()?;
    if chosen.is_empty() {
        return Err(error("rulesets is empty: name at least one"));
    }
    let claim = crate::game::claim_policy(claim)?;
    let options = xqr_core::rules::JudgeOptions {
        claim,
        ..Default::default()
    };
    let pool = match threads {
        None => None,
        Some(n) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n.max(1))
                .build()
                .map_err(|e| error(format!("threads: {e}")))?,
        ),
    };
    let (tx, rx) = sync_channel(AHEAD);
    let run = std::thread::spawn(move || {
        let batch = Batch::new(chosen, options);
        let go = || {
            // A send fails when the iterator is dropped: the run stops.
            let _ = batch.run(&paths, |item| {
                let line = serde_json::to_value(Line::of(&item)).unwrap_or_default();
                tx.send(line)
            });
        };
        match &pool {
            Some(pool) => pool.install(go),
            None => go(),
        }
    });
    Ok(BatchLines {
        lines: Mutex::new(rx),
        run: Mutex::new(Some(run)),
    })
}

/// `xqr.corpus_files(paths)`: the files `batch` would read for `paths`, in its order: each
/// `{"path", "bytes"}`, or `{"path", "error"}` for a path that gives no file to read (which
/// `batch` reports as an error line). Used to cut a corpus into partitions.
#[pyfunction]
fn corpus_files(py: Python<'_>, paths: Vec<PathBuf>) -> PyResult<Bound<'_, PyAny>> {
    let entries: Vec<serde_json::Value> = py
        .detach(|| xqr_host::batch::corpus::expand(&paths))
        .into_iter()
        .map(|e| match e {
            Entry::File(path, bytes) => {
                serde_json::json!({"path": path.display().to_string(), "bytes": bytes})
            }
            Entry::Problem(p) => serde_json::json!({
                "path": p.file.display().to_string(),
                "error": p.message,
            }),
        })
        .collect();
    to_python(py, &entries)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<BatchLines>()?;
    m.add_function(wrap_pyfunction!(corpus_files, m)?)?;
    m.add_function(wrap_pyfunction!(batch, m)?)
}
