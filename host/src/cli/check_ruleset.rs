//! `xqr check-ruleset FILE`: validates a house-variant overlay, reporting every problem with its
//! line and key path (`FILE:LINE:COL: key.path: message`).

use std::path::PathBuf;

use xqr_core::registry::Registry;

use super::{CliError, Format, Output};

/// Options of `xqr check-ruleset`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The overlay (TOML).
    pub file: PathBuf,
}

/// Runs `xqr check-ruleset`: prints `ok` (or `[]` in JSON) when the overlay is valid against the
/// loaded rulesets; otherwise every problem, and exit status 2.
pub fn run(args: &Args, registry: &Registry, out: &mut Output) -> Result<(), CliError> {
    let shown = args.file.display();
    let bytes = std::fs::read(&args.file)
        .map_err(|e| CliError::input(format!("{shown}: cannot read: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        CliError::input(format!(
            "{shown}: not UTF-8 (byte {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    let problems = xqr_house::check_against(&text, &args.file, registry);
    match out.format() {
        Format::Json => out.json(&problems)?,
        Format::Text => {
            if problems.is_empty() {
                out.line(&format!("{shown}: ok"))?;
            }
            for p in &problems {
                out.line(&p.to_string())?;
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        out.flush()?;
        Err(CliError::input(format!(
            "{shown}: {} problem(s)",
            problems.len()
        )))
    }
}
