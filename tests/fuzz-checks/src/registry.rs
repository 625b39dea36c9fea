//! The rulesets the host loads by default (static rulesets and shipped overlays, no plugins),
//! built once per process.

use std::sync::OnceLock;

use xqr_core::registry::Registry;
use xqr_host::loading::{load, Sources};

/// The shared registry.
pub fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| load(&Sources::default()).registry)
}
