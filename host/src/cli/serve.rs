//! `xqr serve`: the web page and HTTP API of `xqr_host::serve` on a local port.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use xqr_core::registry::Registry;
use xqr_host::serve::{run as serve, Limits};

use super::{CliError, Output};

/// Extra `--help` text of `xqr serve`.
pub const AFTER_HELP: &str = "\
Open the printed address in a browser: paste or upload a PGN (UTF-8, GBK or Big5), or give a \
FEN and moves, or play on the board; the chosen rulesets' verdicts side by side, each ply's \
kinds and targets, the loop, and the forbidden moves of the position shown. \
The API (docs/serve.md): GET /api/rulesets; POST /api/game, /api/judge, /api/compare, \
/api/forbidden with a JSON body. Errors are JSON {\"error\": \"…\"} with a 4xx or 5xx status. \
The first line on standard output is `listening on http://ADDRESS/`.";

/// Options of `xqr serve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The port (0: any free port, printed on start).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,

    /// The address to listen on. Only this machine can reach the default; another address
    /// opens the server to the network, with no authentication.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,

    /// The largest request body, in bytes.
    #[arg(long, default_value_t = Limits::default().max_body)]
    pub max_body: usize,

    /// The longest a request may take, in seconds.
    #[arg(long, default_value_t = Limits::default().timeout.as_secs())]
    pub timeout: u64,

    /// How many requests are judged at once; more get 503 rather than wait.
    #[arg(long, default_value_t = Limits::default().at_once)]
    pub at_once: usize,
}

/// Runs the server until the process is stopped.
pub fn run(args: &Args, registry: Registry, out: &mut Output) -> Result<(), CliError> {
    let limits = Limits {
        max_body: args.max_body,
        timeout: Duration::from_secs(args.timeout.max(1)),
        at_once: args.at_once.max(1),
    };
    let addr = SocketAddr::new(args.host, args.port);
    serve(addr, registry, limits, |bound| {
        // Tests and scripts read the port from this line.
        let _ = writeln!(out.raw(), "listening on http://{bound}/");
        let _ = out.raw().flush();
    })
    .map_err(|e| CliError::input(format!("cannot serve on {addr}: {e}")))
}
