//! The properties xqr's fuzz targets assert, as plain functions of the fuzzer's bytes.
//!
//! Each `check_*` function reads arbitrary bytes as one kind of input a user or a network can
//! feed xqr, runs the parser or decoder on it, and panics when a property fails: a panic here
//! is a bug found. The fuzz targets in `fuzz/` call these functions under libFuzzer, and the
//! `replay_corpora` test calls them on every committed corpus file with a stable toolchain, so
//! that every input once found keeps being checked.

mod api;
mod arbiter;
mod arbiter_requests;
mod fen;
mod fixture;
mod house;
mod movegen;
mod moves;
mod notation;
mod pgn;
mod plugin;
mod plugin_requests;
mod reference;
mod registry;
mod results;

pub use api::check_api;
pub use arbiter::check_arbiter;
pub use arbiter_requests::check_arbiter_requests;
pub use fen::check_fen;
pub use fixture::check_fixture;
pub use house::check_house;
pub use movegen::check_movegen;
pub use notation::check_notation;
pub use pgn::check_pgn;
pub use plugin::check_plugin;
pub use plugin_requests::check_plugin_requests;
pub use reference::reference_moves;
pub use results::check_results;

/// A property check of one fuzz target: panics when the input breaks a property.
pub type Check = fn(&[u8]);

/// Every check, by the name of its fuzz target and corpus directory.
pub const TARGETS: &[(&str, Check)] = &[
    ("fen", check_fen),
    ("movegen", check_movegen),
    ("notation", check_notation),
    ("pgn", check_pgn),
    ("api", check_api),
    ("house", check_house),
    ("fixture", check_fixture),
    ("results", check_results),
    ("plugin", check_plugin),
    ("plugin_requests", check_plugin_requests),
    ("arbiter", check_arbiter),
    ("arbiter_requests", check_arbiter_requests),
];
