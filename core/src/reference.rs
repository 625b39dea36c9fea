//! References to rulebook articles: every decision cites one.

use core::fmt;

/// An article of a rulebook, cited by ruleset id: `cxa-1999 §26.4`.
///
/// ```
/// use xqr_core::rules::RuleRef;
/// let r = RuleRef::new("cxa-1999", "§26.4");
/// assert_eq!(r.to_string(), "cxa-1999 §26.4");
/// assert_eq!("cxa-2011 §23.5.1".parse::<RuleRef>().unwrap().article, "§23.5.1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleRef {
    /// The ruleset id (`cxa-1999`, `cxa-2011`, `jieqi`, a house variant's id …).
    pub ruleset: String,
    /// The article, with its section sign (`§26.4`), or a free-form locator.
    pub article: String,
}

impl RuleRef {
    /// A reference to `article` of `ruleset`.
    pub fn new(ruleset: impl Into<String>, article: impl Into<String>) -> RuleRef {
        RuleRef {
            ruleset: ruleset.into(),
            article: article.into(),
        }
    }
}

impl fmt::Display for RuleRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.ruleset, self.article)
    }
}

/// Error for a rule reference without a space between ruleset and article.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid rule reference {0:?}: expected \"<ruleset> <article>\", e.g. \"cxa-1999 §26.4\"")]
pub struct ParseRuleRefError(pub String);

impl core::str::FromStr for RuleRef {
    type Err = ParseRuleRefError;
    fn from_str(s: &str) -> Result<RuleRef, ParseRuleRefError> {
        match s.trim().split_once(' ') {
            Some((r, a)) if !r.is_empty() && !a.trim().is_empty() => Ok(RuleRef::new(r, a.trim())),
            _ => Err(ParseRuleRefError(s.to_owned())),
        }
    }
}

impl serde::Serialize for RuleRef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for RuleRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RuleRef, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
