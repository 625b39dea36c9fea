//! Plugins run in child processes, so that a plugin that crashes, aborts, exits, loops or
//! answers garbage costs the calls it was making and nothing else.
//!
//! **Process model.** A plugin process is the `xqr` binary itself started with a hidden
//! command (`xqr plugin-host FILE`): it loads the library (running its initialisers and
//! checking its table, as [`super::load_plugin`] does in process), reports the outcome, then
//! answers requests one at a time by calling the library's functions. The host keeps up to
//! one process per worker thread for each library ([`Isolation::processes`]) and starts them
//! as calls need them, so a batch judges in parallel as it does in process.
//!
//! **Protocol.** Length-prefixed messages over the process's standard input and output (see
//! [`frame`]), written and read by the calling thread with the call's deadline (see
//! [`pipes`]); the JSON of each request and reply is exactly the one the C ABI carries, so the
//! host decodes and checks a reply the same way in both modes. The plugin process moves its
//! standard output onto standard error before it loads the library, so that a plugin that
//! prints cannot corrupt the messages; standard error is the host's.
//!
//! **Failures.** Each call has a time limit ([`Isolation::time_limit`]). A process that dies
//! (a signal, an exit), gives no answer in time (it is killed) or writes something that is not
//! a message is reported as the error of that call, naming the file, the reason and the
//! function (`…/libfoo.so: plugin process killed by signal 11 (SIGSEGV) during judge`), and
//! discarded: the next call starts a new process. After [`GIVE_UP_AFTER`] consecutive such
//! failures of one function (`judge`, say: a plugin may fail there only) that function is
//! disabled: its calls fail at once, quoting the last failure, instead of paying a start (or a
//! time limit) per call for a library that fails every time.

mod child;
mod children;
pub(crate) mod frame;
mod pipes;

pub use child::serve_plugin_process;
pub(crate) use children::Children;

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

/// Consecutive process failures (crash, exit, time limit, garbage) of one function after
/// which that function of the plugin is disabled for the rest of the run.
pub const GIVE_UP_AFTER: u32 = 3;

/// The default time limit of one call.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(10);

/// How to start plugin processes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Isolation {
    /// The program to start: an `xqr` binary.
    pub program: PathBuf,
    /// The arguments before the library's path and symbol (`["plugin-host"]` for `xqr`).
    pub args: Vec<OsString>,
    /// The longest a call (loading included) may take before its process is killed.
    pub time_limit: Duration,
    /// The most processes kept per library (at least 1): calls beyond wait for one.
    pub processes: usize,
}

impl Isolation {
    /// Plugin processes started as `program plugin-host …`, with the default time limit and one
    /// process per available core.
    pub fn new(program: impl Into<PathBuf>) -> Isolation {
        Isolation {
            program: program.into(),
            args: vec!["plugin-host".into()],
            time_limit: DEFAULT_TIME_LIMIT,
            processes: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }

    /// The same, with another time limit per call.
    pub fn with_time_limit(self, time_limit: Duration) -> Isolation {
        Isolation { time_limit, ..self }
    }
}

/// How a process ended, in words: `killed by signal 11 (SIGSEGV)`, `exited with status 3`.
pub(crate) fn describe_exit(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return match signal_name(signal) {
                Some(name) => format!("killed by signal {signal} ({name})"),
                None => format!("killed by signal {signal}"),
            };
        }
    }
    match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => format!("ended ({status})"),
    }
}

#[cfg(unix)]
fn signal_name(signal: i32) -> Option<&'static str> {
    Some(match signal {
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGILL => "SIGILL",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGTRAP => "SIGTRAP",
        _ => return None,
    })
}
