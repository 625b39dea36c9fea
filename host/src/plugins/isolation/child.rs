//! The plugin process: loads one library and answers the host's requests until its standard
//! input ends.

use super::frame::{self, Hello, REPLY_FAILED, REPLY_OK};
use crate::plugins::library::Table;
use crate::plugins::PluginError;
use std::io::{self, BufReader, BufWriter, Write};
use std::path::Path;

/// Runs a plugin process for the library at `path` through `symbol`: what `xqr plugin-host`
/// does. Returns when the host closes the requests (`Ok`) or the pipes fail.
pub fn serve_plugin_process(path: &Path, symbol: &str) -> io::Result<()> {
    let replies = protocol_output()?;
    // Room for a long game's verdict, so that a reply leaves in one write and the host wakes
    // once to read it.
    let mut replies = BufWriter::with_capacity(64 * 1024, replies);
    #[cfg(unix)]
    watch_parent();
    let table = match Table::open(path, symbol) {
        Ok((table, protocol)) => {
            send_hello(&mut replies, &Hello::Loaded { protocol })?;
            table
        }
        Err(e) => {
            let hello = match e {
                PluginError::MissingSymbol { reason, .. } => Hello::MissingSymbol { reason },
                other => Hello::Failed {
                    reason: without_path(&other.to_string(), path),
                },
            };
            return send_hello(&mut replies, &hello);
        }
    };
    let mut requests = BufReader::new(io::stdin().lock());
    while let Some(request) = frame::read_frame(&mut requests)? {
        let Some((&code, input)) = request.split_first() else {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "empty request"));
        };
        let function = frame::function_of(code).ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("unknown function {code}"),
            )
        })?;
        match table.call(function, input) {
            Ok(bytes) => frame::write_frame(&mut replies, &[&[REPLY_OK], &bytes])?,
            Err(message) => {
                frame::write_frame(&mut replies, &[&[REPLY_FAILED], message.as_bytes()])?
            }
        }
    }
    Ok(())
}

fn send_hello(w: &mut impl Write, hello: &Hello) -> io::Result<()> {
    let json = serde_json::to_vec(hello).map_err(io::Error::from)?;
    frame::write_frame(w, &[&[REPLY_OK], &json])
}

/// A loading error's message without the leading file name, which the host adds back.
fn without_path(message: &str, path: &Path) -> String {
    let prefix = format!("{}: ", path.display());
    message.strip_prefix(&prefix).unwrap_or(message).to_owned()
}

/// The stream the replies go to: the original standard output, which is then pointed at
/// standard error so that whatever the plugin prints cannot be taken for a reply.
#[cfg(unix)]
fn protocol_output() -> io::Result<std::fs::File> {
    use std::os::fd::FromRawFd;
    io::stdout().flush()?;
    // SAFETY: plain descriptor calls on descriptors 1 and 2, which the process owns; the
    // duplicate is owned by the returned file alone.
    unsafe {
        let fd = libc::dup(libc::STDOUT_FILENO);
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        if libc::dup2(libc::STDERR_FILENO, libc::STDOUT_FILENO) < 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(std::fs::File::from_raw_fd(fd))
    }
}

/// Elsewhere the replies share standard output with the plugin.
#[cfg(not(unix))]
fn protocol_output() -> io::Result<io::Stdout> {
    Ok(io::stdout())
}

/// Ends the process when the host dies: a plugin stuck in a call never reads the end of its
/// input, and would otherwise outlive the host.
#[cfg(unix)]
fn watch_parent() {
    // SAFETY: getppid has no preconditions.
    let parent = unsafe { libc::getppid() };
    std::thread::spawn(move || loop {
        std::thread::sleep(std::time::Duration::from_millis(500));
        // SAFETY: as above; `_exit` ends the process without running the plugin's handlers,
        // which may be what is stuck.
        unsafe {
            if libc::getppid() != parent {
                libc::_exit(0);
            }
        }
    });
}
