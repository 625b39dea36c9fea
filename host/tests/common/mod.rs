//! Running the `xqr` binary in the end-to-end tests: exit statuses, output and errors.
//!
//! Each test binary uses some of these helpers.
#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs `xqr` with `args`, without the plugin and overlay search paths of the environment.
pub fn xqr(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xqr"))
        .args(args)
        .env_remove("XQR_PLUGIN_PATH")
        .env_remove("XQR_OVERLAY_PATH")
        .output()
        .expect("run xqr")
}

/// Standard output, which must be UTF-8.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

/// Standard error, which must be UTF-8.
pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

/// Runs `xqr` and checks that it exited with status 0 without panicking.
pub fn ok(args: &[&str]) -> Output {
    let o = xqr(args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "xqr {args:?} failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("panicked"), "{err}");
    o
}

/// Runs `xqr` expecting bad-input status 2, nothing on stdout and a message on stderr; returns
/// the message.
pub fn bad_input(args: &[&str]) -> String {
    let o = xqr(args);
    assert_eq!(
        o.status.code(),
        Some(2),
        "xqr {args:?}: stdout {}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert!(
        o.stdout.is_empty(),
        "xqr {args:?} printed on stdout: {}",
        String::from_utf8_lossy(&o.stdout)
    );
    let err = stderr(&o);
    assert!(!err.contains("panicked"), "xqr {args:?} panicked: {err}");
    err
}

/// Parses stdout as exactly one JSON document.
pub fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}",
            String::from_utf8_lossy(&o.stdout)
        )
    })
}

/// A directory of the system's temporary directory for one test, made empty when created and
/// removed with what it holds when dropped, so that test runs leave nothing behind.
pub struct TempDir(std::path::PathBuf);

impl TempDir {
    /// `xqr-NAME-PID` in the temporary directory, empty.
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("xqr-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a temporary directory");
        TempDir(dir)
    }
}

impl std::ops::Deref for TempDir {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
