//! `xqr`: the command-line tool of the xqr Xiangqi rules framework.
//!
//! Every command lives in its own module under [`cli`]; this file only parses the command line
//! and turns the outcome into an exit status (0 success, 2 bad input, 1 output failure).

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
