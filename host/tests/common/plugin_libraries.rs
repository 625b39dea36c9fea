//! The plugin libraries of the tests, built by the tests themselves (`cargo build -p
//! xqr-club-casual` and the testkit's examples) into `target/plugin-build`, once per test
//! binary; cargo makes that a no-op when they are up to date.

#![allow(dead_code)]
use std::env::consts::{DLL_PREFIX, DLL_SUFFIX};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The libraries under test.
pub struct Libraries {
    pub club_casual: PathBuf,
    /// Ruleset `testkit-panic` and the broken tables.
    pub testkit: PathBuf,
    pub segfault: PathBuf,
    pub abort: PathBuf,
    pub hang: PathBuf,
    /// Ruleset `testkit-selective`, misbehaving on tagged games, and its protocol-4 table.
    pub selective: PathBuf,
    pub crash_on_load: PathBuf,
    pub not_a_plugin: PathBuf,
    /// Where they were built; tests make their plugin directories under it.
    pub target: PathBuf,
}

/// The testkit's plugin libraries (examples of the testkit crate).
const TESTKIT_EXAMPLES: &[&str] = &[
    "testkit_panic",
    "testkit_segfault",
    "testkit_abort",
    "testkit_hang",
    "testkit_selective",
    "testkit_crash_on_load",
    "not_a_plugin",
];

pub fn libraries() -> &'static Libraries {
    static LIBS: OnceLock<Libraries> = OnceLock::new();
    LIBS.get_or_init(build_libraries)
}

fn build_libraries() -> Libraries {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("host/ is inside the workspace");
    let target = workspace.join("target").join("plugin-build");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut build = Command::new(cargo);
    build.current_dir(workspace).args([
        "build",
        "-p",
        "xqr-club-casual",
        "-p",
        "xqr-plugin-testkit",
        "--lib",
    ]);
    for example in TESTKIT_EXAMPLES {
        build.args(["--example", example]);
    }
    let out = build
        .args([
            // The plugins only judge short games here: unoptimised dependencies and no debug
            // info keep a cold build of this dedicated target dir well under a minute.
            "--config",
            "profile.dev.package.\"*\".opt-level=0",
            "--config",
            "profile.dev.debug=0",
            "--target-dir",
        ])
        .arg(&target)
        .output()
        .expect("run cargo to build the plugins");
    assert!(
        out.status.success(),
        "building the plugins failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let debug = target.join("debug");
    let examples = debug.join("examples");
    let lib = |dir: &Path, name: &str| dir.join(format!("{DLL_PREFIX}{name}{DLL_SUFFIX}"));
    let libs = Libraries {
        club_casual: lib(&debug, "xqr_club_casual"),
        testkit: lib(&examples, "testkit_panic"),
        segfault: lib(&examples, "testkit_segfault"),
        abort: lib(&examples, "testkit_abort"),
        hang: lib(&examples, "testkit_hang"),
        selective: lib(&examples, "testkit_selective"),
        crash_on_load: lib(&examples, "testkit_crash_on_load"),
        not_a_plugin: lib(&examples, "not_a_plugin"),
        target,
    };
    for p in [
        &libs.club_casual,
        &libs.testkit,
        &libs.segfault,
        &libs.abort,
        &libs.hang,
        &libs.selective,
        &libs.crash_on_load,
        &libs.not_a_plugin,
    ] {
        assert!(p.is_file(), "{} was not built", p.display());
    }
    libs
}

/// A fresh plugin directory `name` holding copies of `libraries`.
pub fn plugin_dir(name: &str, libraries: &[&Path]) -> PathBuf {
    let dir = self::libraries().target.join("dirs").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for lib in libraries {
        std::fs::copy(lib, dir.join(lib.file_name().unwrap())).unwrap();
    }
    dir
}
