//! Everything `xqr` loads, in this order: the static rulesets (linked here so the linker keeps
//! them), dynamic plugins from `--plugin-dir` and `XQR_PLUGIN_PATH`, then house-variant overlays
//! (the shipped ones, then `--overlay-dir` and `XQR_OVERLAY_PATH`), which may extend any of them.
//!
//! A plugin or overlay that fails to load is reported with its file and reason; the others keep
//! working.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use xqr_core::registry::Registry;
use xqr_core::rules::Ruleset;

// Every static ruleset crate, named so that the linker keeps its `inventory` registration.
use xqr_axf as _;
use xqr_cxa1999 as _;
use xqr_cxa2011 as _;
use xqr_jieqi as _;

/// The ids of the statically linked rulesets (a test checks the registry holds exactly these).
pub const STATIC_RULESETS: &[&str] = &["axf", "cxa-1999", "cxa-2011", "jieqi"];

/// The environment variable listing overlay directories (colon-separated).
pub const OVERLAY_PATH_ENV: &str = "XQR_OVERLAY_PATH";

/// Where to look for plugins and overlays besides the shipped ones.
#[derive(Clone, Debug, Default)]
pub struct Sources {
    /// `--plugin-dir` values.
    pub plugin_dirs: Vec<PathBuf>,
    /// `--overlay-dir` values.
    pub overlay_dirs: Vec<PathBuf>,
    /// Whether to read `XQR_PLUGIN_PATH` and `XQR_OVERLAY_PATH`.
    pub use_environment: bool,
}

/// The loaded rulesets and the problems met while loading.
pub struct Loaded {
    /// Every ruleset that loaded.
    pub registry: Registry,
    /// One line per plugin or overlay that did not load (file and reason).
    pub problems: Vec<String>,
}

/// Loads every ruleset `xqr` can see, plugins in process.
pub fn load(sources: &Sources) -> Loaded {
    load_in(sources, &crate::plugins::Mode::InProcess)
}

/// [`load`], running plugins as `mode` says.
pub fn load_in(sources: &Sources, mode: &crate::plugins::Mode) -> Loaded {
    let mut registry = Registry::with_static();
    let mut problems = Vec::new();
    #[cfg(feature = "static-club-casual")]
    add(
        &mut registry,
        Arc::new(xqr_club_casual::ClubCasual::new()),
        &mut problems,
    );

    let plugin_dirs = if sources.use_environment {
        crate::plugins::search_paths(&sources.plugin_dirs)
    } else {
        crate::plugins::search_paths_from(&sources.plugin_dirs, None)
    };
    for dir in plugin_dirs {
        let (loaded, errors) = crate::plugins::load_dir_in(&dir, mode);
        problems.extend(errors.iter().map(|e| e.to_string()));
        for rs in loaded {
            if let Err(e) = crate::plugins::register(&mut registry, rs) {
                problems.push(e.to_string());
            }
        }
    }

    let mut overlays = Vec::new();
    for (path, text) in xqr_house::shipped() {
        match xqr_house::load_str(text, &path) {
            Ok(v) => overlays.push((path, v)),
            Err(e) => problems.push(e.to_string()),
        }
    }
    let mut dirs = sources.overlay_dirs.clone();
    if sources.use_environment {
        if let Some(v) = std::env::var_os(OVERLAY_PATH_ENV) {
            dirs.extend(std::env::split_paths(&v).filter(|d| !d.as_os_str().is_empty()));
        }
    }
    for dir in dirs {
        match overlay_files(&dir) {
            Ok(files) => {
                for path in files {
                    match xqr_house::load_file(&path) {
                        Ok(v) => overlays.push((path, v)),
                        Err(e) => problems.push(e.to_string()),
                    }
                }
            }
            Err(e) => problems.push(format!(
                "{}: cannot read the overlay directory: {e}",
                dir.display()
            )),
        }
    }
    let (built, errors) = xqr_house::resolve_all(overlays, &registry);
    problems.extend(errors.iter().map(|e| e.to_string()));
    for rs in built {
        add(&mut registry, rs, &mut problems);
    }
    Loaded { registry, problems }
}

fn add(registry: &mut Registry, rs: Arc<dyn Ruleset>, problems: &mut Vec<String>) {
    let what = match &rs.meta().origin {
        xqr_core::rules::Origin::Overlay { path } | xqr_core::rules::Origin::Plugin { path } => {
            path.display().to_string()
        }
        xqr_core::rules::Origin::Static => rs.meta().id.clone(),
    };
    if let Err(e) = registry.add(rs) {
        problems.push(format!("{what}: {e}"));
    }
}

/// The `*.toml` files of a directory, sorted.
fn overlay_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml") && p.is_file())
        .collect();
    files.sort();
    Ok(files)
}
