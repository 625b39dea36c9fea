//! `xqr serve`: a local web page to compare rule editions on a game, and the HTTP JSON API it
//! uses (`docs/serve.md`).
//!
//! - [`api`]: the answers, independent of HTTP;
//! - [`request`]: a request body and the game it names;
//! - [`http`]: routes, limits (body size, time, requests at once) and JSON errors;
//! - the page itself (`assets/`): one HTML file, one script and one style sheet, built into
//!   the binary so that it works offline.

pub mod api;
mod http;
pub mod request;

pub use http::{run, Limits};
