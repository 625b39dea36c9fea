//! Where plugins run (`--plugins`, `--plugin-time-limit`), and the hidden `xqr plugin-host`
//! command that is a plugin process.

use std::path::PathBuf;
use std::time::Duration;

use xqr_host::plugins::{Isolation, Mode};

use super::CliError;

/// Values of `--plugins`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PluginsArg {
    /// Each plugin library in processes of its own: a plugin that crashes, aborts, hangs or
    /// answers garbage fails its own calls only.
    Isolated,
    /// Plugins inside this process: no plugin processes, but a crashing plugin ends xqr.
    InProcess,
}

/// How plugins run, from the command line. Isolation starts this same executable as the
/// plugin process.
pub fn mode(plugins: PluginsArg, time_limit: Option<f64>) -> Result<Mode, CliError> {
    if plugins == PluginsArg::InProcess {
        return Ok(Mode::InProcess);
    }
    let program = std::env::current_exe().map_err(|e| {
        CliError::input(format!(
            "cannot find the xqr executable to start plugin processes ({e}); \
             use --plugins in-process"
        ))
    })?;
    let mut isolation = Isolation::new(program);
    if let Some(seconds) = time_limit {
        let limit = Duration::try_from_secs_f64(seconds)
            .ok()
            .filter(|d| !d.is_zero())
            .ok_or_else(|| {
                CliError::input(format!(
                    "--plugin-time-limit {seconds}: expected a positive number of seconds"
                ))
            })?;
        isolation = isolation.with_time_limit(limit);
    }
    Ok(Mode::Isolated(isolation))
}

/// Options of `xqr plugin-host`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The entry symbol.
    #[arg(long, default_value = xqr_plugin_sdk::ENTRY_SYMBOL)]
    pub symbol: String,

    /// The plugin library.
    pub library: PathBuf,
}

/// Serves one plugin library to the xqr process that started this one, over standard input
/// and output, until standard input ends.
pub fn run(args: &Args) -> Result<(), CliError> {
    xqr_host::plugins::serve_plugin_process(&args.library, &args.symbol)
        .map_err(|e| CliError::input(format!("{}: plugin process: {e}", args.library.display())))
}
