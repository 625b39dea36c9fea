//! `xqr rulesets`: the loaded rulesets and where they come from.

use xqr_core::registry::Registry;

use super::{CliError, Format, Output};

/// Options of `xqr rulesets` (none).
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `xqr rulesets`.
pub fn run(_args: &Args, registry: &Registry, out: &mut Output) -> Result<(), CliError> {
    let rows = xqr_host::catalog::rows(registry);
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
