//! # xqr-host (library)
//!
//! The parts of the `xqr` host that other code and the tests use directly; the command-line
//! tool itself is the `xqr` binary (`src/main.rs`).
//!
//! - [`loading`]: everything `xqr` loads (static rulesets, plugins, overlays) into one registry;
//! - [`plugins`]: dynamic ruleset plugins (DESIGN.md, "Registration and loading").

#![warn(missing_docs)]

pub mod loading;
pub mod plugins;
