//! Ruleset metadata.

use std::path::PathBuf;

/// Where a ruleset comes from.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Origin {
    /// Compiled in and registered with `inventory`.
    Static,
    /// A TOML overlay file extending another ruleset.
    Overlay {
        /// The file.
        path: PathBuf,
    },
    /// A dynamic plugin (shared library).
    Plugin {
        /// The library.
        path: PathBuf,
    },
}

impl Origin {
    /// `static`, `overlay` or `plugin`.
    pub fn kind(&self) -> &'static str {
        match self {
            Origin::Static => "static",
            Origin::Overlay { .. } => "overlay",
            Origin::Plugin { .. } => "plugin",
        }
    }
}

/// Who a ruleset is and where its rules come from.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RulesetMeta {
    /// Unique id (`cxa-1999`).
    pub id: String,
    /// Human name.
    pub name: String,
    /// Other names accepted by `--ruleset`.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Version of the implementation.
    pub version: String,
    /// The ruleset this one extends, if any.
    #[serde(default)]
    pub extends: Option<String>,
    /// The rulebook it implements (file and edition).
    pub rule_source: String,
    /// The edition (`1999`, `2011 trial`, `house` …).
    pub edition: String,
    /// Where it was loaded from.
    pub origin: Origin,
    /// Free-form facts carried with the ruleset and shown by `xqr rulesets`, not used in
    /// judging: an event's time controls (an Armageddon final's "red_time", "black_time"), its
    /// format … A house variant's `[metadata]` table.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub metadata: std::collections::BTreeMap<String, String>,
}

impl RulesetMeta {
    /// Whether `name` is this ruleset's id or one of its aliases (case-insensitive).
    pub fn answers_to(&self, name: &str) -> bool {
        self.id.eq_ignore_ascii_case(name)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }
}
