//! Dynamic ruleset plugins: finding, loading and checking shared libraries built with
//! [`xqr_plugin_sdk`], and wrapping each as a [`Ruleset`] used exactly like a static one.
//!
//! ```no_run
//! use xqr_core::registry::Registry;
//! use xqr_host::plugins;
//!
//! let mut registry = Registry::with_static();
//! for dir in plugins::search_paths(&[]) {
//!     let (loaded, errors) = plugins::load_dir(&dir);
//!     for rs in loaded {
//!         if let Err(e) = plugins::register(&mut registry, rs) {
//!             eprintln!("{e}");
//!         }
//!     }
//!     for e in errors {
//!         eprintln!("{e}"); // e.g. "…/libfoo.so: not an xqr plugin (no symbol `xqr_plugin_entry`), skipped"
//!     }
//! }
//! ```
//!
//! Loading checks, in order: the library opens; it exports `xqr_plugin_entry`; the table it
//! returns is not null; its magic number, ABI version, size and JSON protocol version are ones
//! this host accepts (see the ABI rules in [`xqr_plugin_sdk`]); every function is present; the
//! manifest returned by `meta` is valid (id `^[a-z0-9][a-z0-9-]*$`, name and version not
//! empty, points multiples of 0.5, standings rules — when given — each kind once and ranked
//! by a primary it can have). Each failure is a specific [`PluginError`] naming the file.
//!
//! Libraries are never unloaded: once opened (even when the checks then fail) a library stays
//! mapped for the life of the process, so no function pointer can outlive its code.
//!
//! Loading a library runs its initialisers: only directories the user names (`--plugin-dir`,
//! `XQR_PLUGIN_PATH`) are searched, never the current directory implicitly.

pub mod isolation;
mod library;
mod ruleset;

pub use isolation::{serve_plugin_process, Isolation};
pub use ruleset::PluginRuleset;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use xqr_core::registry::{DuplicateRuleset, Registry};
use xqr_core::rules::{Origin, Ruleset};
use xqr_plugin_sdk::ENTRY_SYMBOL;

/// The environment variable listing plugin directories, colon-separated (semicolon-separated on
/// Windows, like `PATH`).
pub const PLUGIN_PATH_ENV: &str = "XQR_PLUGIN_PATH";

/// Why a plugin (or a plugin directory) could not be used. Every variant names the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PluginError {
    /// A plugin directory cannot be read.
    #[error("{}: cannot read plugin directory: {reason}", path.display())]
    Directory {
        /// The directory.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The file cannot be loaded as a shared library.
    #[error("{}: cannot load library: {reason}", path.display())]
    Open {
        /// The file.
        path: PathBuf,
        /// The loader's message.
        reason: String,
    },
    /// The library does not export the entry symbol.
    #[error("{}: symbol `{symbol}` not found: {reason}", path.display())]
    MissingSymbol {
        /// The library.
        path: PathBuf,
        /// The symbol looked for.
        symbol: String,
        /// The loader's message.
        reason: String,
    },
    /// A shared library in a plugin directory without the entry symbol: not a plugin.
    #[error("{}: not an xqr plugin (no symbol `{symbol}`), skipped", path.display())]
    NotAPlugin {
        /// The library.
        path: PathBuf,
        /// The symbol looked for.
        symbol: String,
    },
    /// The entry function returned no usable table (null or misaligned).
    #[error("{}: `{symbol}` returned no usable table: {reason}", path.display())]
    BadTable {
        /// The library.
        path: PathBuf,
        /// The entry symbol.
        symbol: String,
        /// Why.
        reason: String,
    },
    /// The table does not start with the xqr magic number.
    #[error("{}: bad magic number {found:#018x}, expected {expected:#018x}: not an xqr plugin table", path.display())]
    BadMagic {
        /// The library.
        path: PathBuf,
        /// [`xqr_plugin_sdk::MAGIC`].
        expected: u64,
        /// What the table holds.
        found: u64,
    },
    /// The plugin was built for another ABI version.
    #[error("{}: plugin ABI version {found}, this host needs ABI version {expected}", path.display())]
    AbiVersion {
        /// The library.
        path: PathBuf,
        /// [`xqr_plugin_sdk::ABI_VERSION`].
        expected: u32,
        /// The plugin's.
        found: u32,
    },
    /// The table is smaller than this host needs.
    #[error("{}: plugin table of {found} bytes, this host needs at least {expected}", path.display())]
    StructTooSmall {
        /// The library.
        path: PathBuf,
        /// [`xqr_plugin_sdk::TABLE_SIZE`].
        expected: u32,
        /// The plugin's `struct_size`.
        found: u32,
    },
    /// The plugin speaks a JSON protocol version this host does not.
    #[error("{}: plugin JSON protocol version {found}, this host speaks version {expected}", path.display())]
    ProtocolVersion {
        /// The library.
        path: PathBuf,
        /// [`xqr_plugin_sdk::PROTOCOL_VERSION`].
        expected: u32,
        /// The plugin's.
        found: u32,
    },
    /// A function pointer of the table is null.
    #[error("{}: the plugin table has no `{function}` function", path.display())]
    MissingFunction {
        /// The library.
        path: PathBuf,
        /// The function.
        function: &'static str,
    },
    /// A call failed (the plugin answered an error, panicked, or answered malformed JSON).
    #[error("{}: `{function}` failed: {message}", path.display())]
    Call {
        /// The library.
        path: PathBuf,
        /// The function.
        function: &'static str,
        /// What went wrong (a panic reads `plugin panicked: <message>`).
        message: String,
    },
    /// The manifest fails validation.
    #[error("{}: invalid manifest: {field}: {reason}", path.display())]
    BadManifest {
        /// The library.
        path: PathBuf,
        /// The field.
        field: String,
        /// Why.
        reason: String,
    },
    /// The plugin process (see [`isolation`]) failed while loading the library: it crashed,
    /// exited, took too long, or the library failed a check it reports in words.
    #[error("{}: {reason}", path.display())]
    Process {
        /// The library.
        path: PathBuf,
        /// Why (`plugin process killed by signal 11 (SIGSEGV) while loading`).
        reason: String,
    },
    /// The plugin's id or an alias is already taken by a loaded ruleset.
    #[error("{}: {source}", path.display())]
    Duplicate {
        /// The library.
        path: PathBuf,
        /// The clash, as the registry reports it.
        source: DuplicateRuleset,
    },
}

impl PluginError {
    /// The file (or directory) concerned.
    pub fn path(&self) -> &Path {
        match self {
            PluginError::Directory { path, .. }
            | PluginError::Open { path, .. }
            | PluginError::MissingSymbol { path, .. }
            | PluginError::NotAPlugin { path, .. }
            | PluginError::BadTable { path, .. }
            | PluginError::BadMagic { path, .. }
            | PluginError::AbiVersion { path, .. }
            | PluginError::StructTooSmall { path, .. }
            | PluginError::ProtocolVersion { path, .. }
            | PluginError::MissingFunction { path, .. }
            | PluginError::Call { path, .. }
            | PluginError::BadManifest { path, .. }
            | PluginError::Process { path, .. }
            | PluginError::Duplicate { path, .. } => path,
        }
    }
}

/// Loads the plugin library at `path` through its `xqr_plugin_entry` symbol.
pub fn load_plugin(path: &Path) -> Result<Arc<dyn Ruleset>, PluginError> {
    load_plugin_with_symbol(path, ENTRY_SYMBOL)
}

/// [`load_plugin`], returning the concrete [`PluginRuleset`] (for
/// [`PluginRuleset::try_legal_moves`] and [`PluginRuleset::path`]).
pub fn load_plugin_ruleset(path: &Path) -> Result<PluginRuleset, PluginError> {
    load_with_symbol(path, ENTRY_SYMBOL)
}

/// [`load_plugin`] through another entry symbol of the same signature. For tests only (the
/// testkit library exports broken tables under other names); hosts use [`load_plugin`].
#[doc(hidden)]
pub fn load_plugin_with_symbol(path: &Path, symbol: &str) -> Result<Arc<dyn Ruleset>, PluginError> {
    load_with_symbol(path, symbol).map(|r| Arc::new(r) as Arc<dyn Ruleset>)
}

/// Where plugins run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// In the host process: fastest, but a plugin that crashes, aborts or hangs takes the host
    /// with it.
    #[default]
    InProcess,
    /// Each in plugin processes (see [`isolation`]).
    Isolated(Isolation),
}

/// Loads the plugin library at `path` in plugin processes (see [`isolation`]): a library that
/// crashes while loading is [`PluginError::Process`], and one that fails a call later fails
/// that call only.
pub fn load_plugin_isolated(
    path: &Path,
    isolation: &Isolation,
) -> Result<PluginRuleset, PluginError> {
    load_plugin_isolated_with_symbol(path, ENTRY_SYMBOL, isolation)
}

/// [`load_plugin_isolated`] through another entry symbol. For tests only, as
/// [`load_plugin_with_symbol`].
#[doc(hidden)]
pub fn load_plugin_isolated_with_symbol(
    path: &Path,
    symbol: &str,
    isolation: &Isolation,
) -> Result<PluginRuleset, PluginError> {
    let (children, protocol) = isolation::Children::start(path, symbol, isolation)?;
    checked(library::Plugin::isolated(children, protocol), path)
}

/// Loads `path` as `mode` says.
pub fn load_plugin_in(path: &Path, mode: &Mode) -> Result<Arc<dyn Ruleset>, PluginError> {
    match mode {
        Mode::InProcess => load_plugin(path),
        Mode::Isolated(isolation) => {
            load_plugin_isolated(path, isolation).map(|r| Arc::new(r) as Arc<dyn Ruleset>)
        }
    }
}

/// Loads and checks a plugin, as the concrete type.
fn load_with_symbol(path: &Path, symbol: &str) -> Result<PluginRuleset, PluginError> {
    checked(library::Plugin::open(path, symbol)?, path)
}

/// Reads and validates the manifest of an opened plugin.
fn checked(plugin: library::Plugin, path: &Path) -> Result<PluginRuleset, PluginError> {
    let manifest = plugin.manifest()?;
    let bad = |e: xqr_plugin_sdk::protocol::ManifestError| PluginError::BadManifest {
        path: path.to_path_buf(),
        field: e.field,
        reason: e.reason,
    };
    manifest.validate().map_err(bad)?;
    let points = manifest.points.to_scheme().map_err(bad)?;
    Ok(PluginRuleset::new(plugin, &manifest, points))
}

/// Whether `path` has the platform's shared-library suffix (`.so`, `.dylib` or `.dll`).
pub fn is_shared_library(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e == std::env::consts::DLL_EXTENSION)
}

/// Loads every shared library (by the platform's suffix) in `dir`, in file-name order.
///
/// Returns the plugins that loaded and an error for each file that did not; a library without
/// the entry symbol gives [`PluginError::NotAPlugin`] ("not an xqr plugin, skipped"). Files with
/// other suffixes are ignored; subdirectories are not searched.
pub fn load_dir(dir: &Path) -> (Vec<Arc<dyn Ruleset>>, Vec<PluginError>) {
    load_dir_in(dir, &Mode::InProcess)
}

/// [`load_dir`], running the plugins as `mode` says.
pub fn load_dir_in(dir: &Path, mode: &Mode) -> (Vec<Arc<dyn Ruleset>>, Vec<PluginError>) {
    let mut loaded = Vec::new();
    let mut errors = Vec::new();
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            errors.push(PluginError::Directory {
                path: dir.to_path_buf(),
                reason: e.to_string(),
            });
            return (loaded, errors);
        }
    };
    let mut files: Vec<PathBuf> = Vec::new();
    for entry in entries {
        match entry {
            Ok(entry) => {
                let path = entry.path();
                if is_shared_library(&path) && path.is_file() {
                    files.push(path);
                }
            }
            Err(e) => errors.push(PluginError::Directory {
                path: dir.to_path_buf(),
                reason: e.to_string(),
            }),
        }
    }
    files.sort();
    for path in files {
        match load_plugin_in(&path, mode) {
            Ok(rs) => loaded.push(rs),
            Err(PluginError::MissingSymbol { path, symbol, .. }) => {
                errors.push(PluginError::NotAPlugin { path, symbol })
            }
            Err(e) => errors.push(e),
        }
    }
    (loaded, errors)
}

/// The plugin directories to search: the `--plugin-dir` values in order, then the entries of
/// `XQR_PLUGIN_PATH`. Empty entries are dropped (they never mean the current directory) and
/// repeated directories are searched once.
pub fn search_paths(cli_dirs: &[PathBuf]) -> Vec<PathBuf> {
    search_paths_from(cli_dirs, std::env::var_os(PLUGIN_PATH_ENV).as_deref())
}

/// [`search_paths`] with the value of `XQR_PLUGIN_PATH` given.
///
/// ```
/// use std::path::PathBuf;
/// use xqr_host::plugins::search_paths_from;
/// let dirs = search_paths_from(&[PathBuf::from("cli")], Some("/a::/b:cli".as_ref()));
/// # #[cfg(unix)]
/// assert_eq!(dirs, [PathBuf::from("cli"), PathBuf::from("/a"), PathBuf::from("/b")]);
/// assert!(search_paths_from(&[], Some("".as_ref())).is_empty());
/// ```
pub fn search_paths_from(cli_dirs: &[PathBuf], env: Option<&OsStr>) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    let from_env = env.map(|v| std::env::split_paths(v).collect::<Vec<_>>());
    for dir in cli_dirs
        .iter()
        .cloned()
        .chain(from_env.into_iter().flatten())
    {
        if !dir.as_os_str().is_empty() && !out.contains(&dir) {
            out.push(dir);
        }
    }
    out
}

/// Loads every plugin of every directory of [`search_paths`]`(cli_dirs)`.
pub fn load_all(cli_dirs: &[PathBuf]) -> (Vec<Arc<dyn Ruleset>>, Vec<PluginError>) {
    let mut loaded = Vec::new();
    let mut errors = Vec::new();
    for dir in search_paths(cli_dirs) {
        let (l, e) = load_dir(&dir);
        loaded.extend(l);
        errors.extend(e);
    }
    (loaded, errors)
}

/// Adds a loaded ruleset to `registry`; a clash of id or alias is
/// [`PluginError::Duplicate`] naming the plugin's file (the registry keeps the ruleset it had).
pub fn register(registry: &mut Registry, ruleset: Arc<dyn Ruleset>) -> Result<(), PluginError> {
    let path = match &ruleset.meta().origin {
        Origin::Plugin { path } | Origin::Overlay { path } => path.clone(),
        Origin::Static => PathBuf::from(format!("<static ruleset {}>", ruleset.meta().id)),
    };
    registry
        .add(ruleset)
        .map_err(|source| PluginError::Duplicate { path, source })
}
