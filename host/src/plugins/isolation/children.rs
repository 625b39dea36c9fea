//! The host's side of plugin processes: starting them, sending each call with its time limit,
//! and replacing those that fail.

use super::frame::{self, Hello, REPLY_FAILED, REPLY_OK};
use super::pipes::{PipeError, Pipes};
use super::{describe_exit, Isolation, GIVE_UP_AFTER};
use crate::plugins::library::Function;
use crate::plugins::PluginError;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The processes of one plugin library.
#[derive(Debug)]
pub(crate) struct Children {
    path: PathBuf,
    symbol: String,
    isolation: Isolation,
    state: Mutex<State>,
    returned: Condvar,
}

#[derive(Debug, Default)]
struct State {
    idle: Vec<Child>,
    /// Processes alive, idle or busy.
    alive: usize,
    /// Per function (a plugin may fail in `judge` only): process failures since its last
    /// success.
    consecutive_failures: [u32; 4],
    /// Per function: why it was disabled, once it is.
    disabled: [Option<String>; 4],
}

/// The index of `f` in the per-function state.
fn index(f: Function) -> usize {
    match f {
        Function::Meta => 0,
        Function::Judge => 1,
        Function::LegalMoves => 2,
        Function::Query => 3,
    }
}

/// One plugin process, and the host's ends of its pipes (see [`Pipes`]): the caller waits
/// for a reply with a deadline, never on a pipe without one.
#[derive(Debug)]
struct Child {
    process: std::process::Child,
    pipes: Pipes,
}

impl Drop for Child {
    fn drop(&mut self) {
        // An idle process ends by itself at the end of its input; one that is failing may not.
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// Why a call failed.
enum Failure {
    /// The process is unusable (dead, stuck or speaking garbage): it is discarded.
    Process(String),
    /// The call could not be made but the process is fine (an invalid reply buffer).
    Call(String),
}

impl Child {
    /// Starts a process for `path` and waits for its report on loading.
    fn start(path: &Path, symbol: &str, isolation: &Isolation) -> Result<(Child, Hello), Failure> {
        let mut process = Command::new(&isolation.program)
            .args(&isolation.args)
            .arg("--symbol")
            .arg(symbol)
            .arg(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| {
                Failure::Process(format!(
                    "cannot start a plugin process ({}): {e}",
                    isolation.program.display()
                ))
            })?;
        let (stdin, stdout) = (process.stdin.take(), process.stdout.take());
        let (Some(stdin), Some(stdout)) = (stdin, stdout) else {
            return Err(Failure::Process("the plugin process has no pipes".into()));
        };
        let pipes = match Pipes::new(stdin, stdout) {
            Ok(pipes) => pipes,
            Err(e) => {
                let _ = process.kill();
                let _ = process.wait();
                return Err(Failure::Process(format!(
                    "cannot set up the pipes of the plugin process: {e}"
                )));
            }
        };
        let mut child = Child { process, pipes };
        let deadline = Instant::now() + isolation.time_limit;
        let body = child.reply(deadline, isolation.time_limit, "while loading")?;
        let hello = serde_json::from_slice(&body).map_err(|e| {
            Failure::Process(format!(
                "the plugin process answered garbage while loading ({e})"
            ))
        })?;
        Ok((child, hello))
    }

    /// Sends one call and waits for its reply, all within `limit`.
    fn call(&mut self, f: Function, input: &[u8], limit: Duration) -> Result<Vec<u8>, Failure> {
        let deadline = Instant::now() + limit;
        let during = format!("during {}", f.name());
        match self.pipes.send(frame::function_code(f), input, deadline) {
            Ok(()) => self.reply(deadline, limit, &during),
            Err(e) => Err(self.failure(e, limit, &during)),
        }
    }

    /// The next reply, by `deadline` (`limit` after the call began); `during` says what the
    /// process was doing.
    fn reply(
        &mut self,
        deadline: Instant,
        limit: Duration,
        during: &str,
    ) -> Result<Vec<u8>, Failure> {
        match self.pipes.receive(deadline) {
            Ok((REPLY_OK, body)) => Ok(body),
            Ok((REPLY_FAILED, body)) => {
                Err(Failure::Call(String::from_utf8_lossy(&body).into_owned()))
            }
            Ok(_) => Err(Failure::Process(format!(
                "the plugin process answered garbage {during} (a reply without status)"
            ))),
            Err(e) => Err(self.failure(e, limit, during)),
        }
    }

    /// What a pipe error means for the process.
    fn failure(&mut self, e: PipeError, limit: Duration, during: &str) -> Failure {
        match e {
            PipeError::Garbage(why) => Failure::Process(format!(
                "the plugin process answered garbage {during} ({why})"
            )),
            PipeError::TooLong => Failure::Call(format!(
                "the request is longer than the {} bytes a message may be",
                frame::MAX_FRAME
            )),
            PipeError::Closed => self.died(during),
            PipeError::TimedOut => {
                let _ = self.process.kill();
                let _ = self.process.wait();
                Failure::Process(format!(
                    "plugin process gave no answer within {} {during} (killed)",
                    seconds(limit)
                ))
            }
        }
    }

    /// The process closed its output: how it ended.
    fn died(&mut self, during: &str) -> Failure {
        // It is ending; give it a moment to, rather than report it alive.
        let deadline = Instant::now() + Duration::from_secs(2);
        let status = loop {
            match self.process.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                _ => break None,
            }
        };
        Failure::Process(match status {
            Some(status) => format!("plugin process {} {during}", describe_exit(status)),
            None => format!("plugin process closed its output {during}"),
        })
    }
}

/// `1.5 s`, `10 s`, `0.2 s`.
fn seconds(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

impl Children {
    /// Starts the first process for the library at `path` (loading it there); the processes
    /// and the JSON protocol version of its table.
    pub(crate) fn start(
        path: &Path,
        symbol: &str,
        isolation: &Isolation,
    ) -> Result<(Children, u32), PluginError> {
        let failed = |reason: String| PluginError::Process {
            path: path.to_path_buf(),
            reason,
        };
        let (child, hello) = match Child::start(path, symbol, isolation) {
            Ok(started) => started,
            Err(Failure::Process(reason) | Failure::Call(reason)) => return Err(failed(reason)),
        };
        let protocol = match hello {
            Hello::Loaded { protocol } => protocol,
            Hello::MissingSymbol { reason } => {
                return Err(PluginError::MissingSymbol {
                    path: path.to_path_buf(),
                    symbol: symbol.to_owned(),
                    reason,
                })
            }
            Hello::Failed { reason } => return Err(failed(reason)),
        };
        let children = Children {
            path: path.to_path_buf(),
            symbol: symbol.to_owned(),
            isolation: isolation.clone(),
            state: Mutex::new(State {
                idle: vec![child],
                alive: 1,
                ..State::default()
            }),
            returned: Condvar::new(),
        };
        Ok((children, protocol))
    }

    /// The library.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves the state consistent: keep going.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Calls `f` in an idle process, or a new one; the raw reply or a message naming the file.
    pub(crate) fn call(&self, f: Function, input: &[u8]) -> Result<Vec<u8>, String> {
        self.call_counting(f, input, true)
    }

    /// [`Children::call`] for a batch of games, whose failure does not count towards
    /// disabling `f`: the host judges those games again one per call, and those calls count,
    /// so a function is disabled after the same failures as without batches.
    pub(crate) fn call_batch(&self, f: Function, input: &[u8]) -> Result<Vec<u8>, String> {
        self.call_counting(f, input, false)
    }

    fn call_counting(&self, f: Function, input: &[u8], counted: bool) -> Result<Vec<u8>, String> {
        let located = |reason: String| format!("{}: {reason}", self.path.display());
        let taken = {
            let mut state = self.lock();
            loop {
                if let Some(reason) = &state.disabled[index(f)] {
                    return Err(located(reason.clone()));
                }
                if let Some(child) = state.idle.pop() {
                    break Some(child);
                }
                if state.alive < self.isolation.processes.max(1) {
                    state.alive += 1;
                    break None;
                }
                state = self.returned.wait(state).unwrap_or_else(|e| e.into_inner());
            }
        };
        let mut child = match taken {
            Some(child) => child,
            None => match Child::start(&self.path, &self.symbol, &self.isolation) {
                Ok((child, Hello::Loaded { .. })) => child,
                Ok((_, Hello::MissingSymbol { reason } | Hello::Failed { reason }))
                | Err(Failure::Process(reason) | Failure::Call(reason)) => {
                    return Err(located(self.failed(
                        f,
                        format!("cannot restart the plugin process: {reason}"),
                        counted,
                    )))
                }
            },
        };
        let outcome = child.call(f, input, self.isolation.time_limit);
        match outcome {
            Ok(reply) => {
                self.give_back(child, Some(f));
                Ok(reply)
            }
            Err(Failure::Call(message)) => {
                self.give_back(child, None);
                Err(message)
            }
            Err(Failure::Process(reason)) => {
                drop(child);
                Err(located(self.failed(f, reason, counted)))
            }
        }
    }

    /// Returns an idle process; `succeeded`: the function it just answered.
    fn give_back(&self, child: Child, succeeded: Option<Function>) {
        let mut state = self.lock();
        if let Some(f) = succeeded {
            state.consecutive_failures[index(f)] = 0;
        }
        state.idle.push(child);
        self.returned.notify_one();
    }

    /// Counts a process lost during `f`; the reason. `f` is disabled if it fails too often
    /// (`counted` failures only).
    fn failed(&self, f: Function, reason: String, counted: bool) -> String {
        let mut state = self.lock();
        let i = index(f);
        state.alive -= 1;
        if !counted {
            self.returned.notify_all();
            return reason;
        }
        state.consecutive_failures[i] += 1;
        if state.consecutive_failures[i] >= GIVE_UP_AFTER && state.disabled[i].is_none() {
            state.disabled[i] = Some(format!(
                "{} disabled after {GIVE_UP_AFTER} consecutive failures of the plugin process \
                 (the last: {reason})",
                f.name()
            ));
        }
        self.returned.notify_all();
        reason
    }
}
