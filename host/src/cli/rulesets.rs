//! `xqr rulesets`: the loaded rulesets and where they come from.

use xqr_core::registry::Registry;

use super::{CliError, Format, Output};

/// Options of `xqr rulesets` (none).
#[derive(Debug, clap::Args)]
pub struct Args {}

#[derive(serde::Serialize)]
struct Row<'a> {
    id: &'a str,
    name: &'a str,
    aliases: &'a [String],
    origin: &'static str,
    path: Option<String>,
    extends: Option<&'a str>,
    rule_source: &'a str,
    edition: &'a str,
    version: &'a str,
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    metadata: &'a std::collections::BTreeMap<String, String>,
}

/// Runs `xqr rulesets`.
pub fn run(_args: &Args, registry: &Registry, out: &mut Output) -> Result<(), CliError> {
    let rows: Vec<Row> = registry
        .iter()
        .map(|r| {
            let m = r.meta();
            let path = match &m.origin {
                xqr_core::rules::Origin::Static => None,
                xqr_core::rules::Origin::Overlay { path }
                | xqr_core::rules::Origin::Plugin { path } => Some(path.display().to_string()),
            };
            Row {
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
        .collect();
    match out.format() {
        Format::Json => out.json(&rows),
        Format::Text => {
            for r in &rows {
                let extends = r
                    .extends
                    .map_or(String::new(), |e| format!(", extends {e}"));
                let path = r.path.as_ref().map_or(String::new(), |p| format!(" {p}"));
                out.line(&format!(
                    "{:<18} {} ({}{path}{extends})",
                    r.id, r.name, r.origin
                ))?;
                out.line(&format!("{:<18} source: {}", "", r.rule_source))?;
                for (k, v) in r.metadata {
                    out.line(&format!("{:<18} {k}: {v}", ""))?;
                }
            }
            Ok(())
        }
    }
}
