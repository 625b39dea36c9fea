//! # xqr-host (library)
//!
//! The parts of the `xqr` host that other code and the tests use directly; the command-line
//! tool itself is the `xqr` binary (`src/main.rs`).
//!
//! - [`loading`]: everything `xqr` loads (static rulesets, plugins, overlays) into one registry;
//! - [`plugins`]: dynamic ruleset plugins (`docs/architecture.md`, "Registration and loading");
//! - [`catalog`]: the loaded rulesets as users see them;
//! - [`compare`]: one game judged under several rulesets side by side;
//! - [`record_input`]: a game of a PGN file as the judges read it, with the place of each move;
//! - [`batch`]: judging a whole corpus under several rulesets, in parallel, in bounded memory;
//! - [`diff`]: the games on which two rulesets disagree, as a Markdown or HTML report;
//! - [`diagram`]: SVG board diagrams;
//! - [`serve`]: the HTTP API and web page of `xqr serve`.

#![warn(missing_docs)]

pub mod arbiter_session;
pub mod batch;
pub mod catalog;
pub mod compare;
pub mod diagram;
pub mod diff;
pub mod loading;
pub mod plugins;
pub mod record_input;
pub mod serve;
