//! The registry of rulesets: static ones registered with `inventory`, plus whatever a host adds
//! (TOML overlays, dynamic plugins).

use crate::rules::Ruleset;
use std::sync::Arc;

/// A statically linked ruleset, registered with [`register_ruleset!`](crate::register_ruleset).
pub struct StaticRuleset {
    /// Its id, for diagnostics before it is built.
    pub id: &'static str,
    /// Builds it.
    pub build: fn() -> Arc<dyn Ruleset>,
}

inventory::collect!(StaticRuleset);

/// Registers a ruleset crate's ruleset at link time.
///
/// ```text
/// xqr_core::register_ruleset!("cxa-1999", || std::sync::Arc::new(Cxa1999::new()));
/// ```
///
/// (`rulesets/cxa-1999/src/lib.rs` does exactly this.)
///
/// A host must link the crate (for example `use xqr_cxa1999 as _;`) or the linker may drop it.
#[macro_export]
macro_rules! register_ruleset {
    ($id:expr, $build:expr) => {
        $crate::inventory::submit! {
            $crate::registry::StaticRuleset { id: $id, build: $build }
        }
    };
}

/// The statically registered rulesets, in id order.
pub fn static_rulesets() -> Vec<&'static StaticRuleset> {
    let mut v: Vec<&'static StaticRuleset> = inventory::iter::<StaticRuleset>.into_iter().collect();
    v.sort_by_key(|s| s.id);
    v
}

/// A second ruleset with an id or alias already taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("duplicate ruleset id {id:?}: already provided by {existing_origin}")]
pub struct DuplicateRuleset {
    /// The id (or alias) in conflict.
    pub id: String,
    /// Where the existing one comes from (`static`, an overlay or plugin path).
    pub existing_origin: String,
}

/// The loaded rulesets, looked up by id or alias.
///
/// ```
/// use xqr_core::registry::Registry;
/// let reg = Registry::new();
/// assert!(reg.get("no-such-ruleset").is_none());
/// ```
#[derive(Clone, Default)]
pub struct Registry {
    rulesets: Vec<Arc<dyn Ruleset>>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Registry {
        Registry::default()
    }

    /// A registry holding every statically registered ruleset.
    pub fn with_static() -> Registry {
        let mut r = Registry::new();
        for s in static_rulesets() {
            // Static ids are unique by construction of the workspace; a clash is a build error
            // that the registry test catches, so keep the first.
            let _ = r.add((s.build)());
        }
        r
    }

    /// Adds a ruleset; its id and aliases must not clash with one already present.
    pub fn add(&mut self, rs: Arc<dyn Ruleset>) -> Result<(), DuplicateRuleset> {
        let meta = rs.meta();
        for name in std::iter::once(&meta.id).chain(meta.aliases.iter()) {
            if let Some(existing) = self.get(name) {
                let origin = match &existing.meta().origin {
                    crate::rules::Origin::Static => "a static ruleset".to_owned(),
                    crate::rules::Origin::Overlay { path } => format!("overlay {}", path.display()),
                    crate::rules::Origin::Plugin { path } => format!("plugin {}", path.display()),
                };
                return Err(DuplicateRuleset {
                    id: name.clone(),
                    existing_origin: origin,
                });
            }
        }
        self.rulesets.push(rs);
        Ok(())
    }

    /// The ruleset with this id or alias.
    pub fn get(&self, name: &str) -> Option<&Arc<dyn Ruleset>> {
        self.rulesets.iter().find(|r| r.meta().answers_to(name))
    }

    /// All rulesets, in the order added.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<dyn Ruleset>> {
        self.rulesets.iter()
    }

    /// Number of rulesets.
    pub fn len(&self) -> usize {
        self.rulesets.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.rulesets.is_empty()
    }
}
