//! The loaded rulesets as users see them: id, name, aliases and where each comes from (the rows
//! of `xqr rulesets --format json` and of the web API's `GET /api/rulesets`).

use std::collections::BTreeMap;

use xqr_core::registry::Registry;
use xqr_core::rules::Origin;

/// One loaded ruleset.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RulesetRow<'a> {
    /// Its id.
    pub id: &'a str,
    /// Its name.
    pub name: &'a str,
    /// Other names it answers to.
    pub aliases: &'a [String],
    /// `static`, `overlay` or `plugin`.
    pub origin: &'static str,
    /// The overlay or plugin file, for those.
    pub path: Option<String>,
    /// The ruleset an overlay extends.
    pub extends: Option<&'a str>,
    /// The rulebook it implements.
    pub rule_source: &'a str,
    /// The rulebook's edition.
    pub edition: &'a str,
    /// The crate's or file's version.
    pub version: &'a str,
    /// Further facts the ruleset states about itself.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub metadata: &'a BTreeMap<String, String>,
}

/// Every loaded ruleset, in the registry's order.
pub fn rows(registry: &Registry) -> Vec<RulesetRow<'_>> {
    registry
        .iter()
        .map(|r| {
            let m = r.meta();
            let path = match &m.origin {
                Origin::Static => None,
                Origin::Overlay { path } | Origin::Plugin { path } => {
                    Some(path.display().to_string())
                }
            };
            RulesetRow {
                id: &m.id,
                name: &m.name,
                aliases: &m.aliases,
                origin: m.origin.kind(),
                path,
                extends: m.extends.as_deref(),
                rule_source: &m.rule_source,
                edition: &m.edition,
                version: &m.version,
                metadata: &m.metadata,
            }
        })
        .collect()
}
