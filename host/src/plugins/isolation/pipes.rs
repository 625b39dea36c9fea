//! The host's ends of one plugin process's pipes: a request is written and its reply read on
//! the calling thread, each step bounded by the call's deadline, so that a process that stops
//! reading or never answers costs its time limit and nothing more.
//!
//! On Unix both ends are non-blocking and the caller waits in `poll` until the deadline: no
//! thread and no hand-over per call. Elsewhere a writer and a reader thread serve the pipes and
//! the caller waits on a channel with the deadline.
//!
//! On Linux both pipes are widened to [`PIPE_ROOM`] bytes, so that a batch's request (a run of
//! up to 64 games, about 110 KB over CCPD) goes in one write and the process wakes once to read
//! it. At the default 64 KiB it went in pieces, each a wake-up of the process and of the host.

use super::frame;

/// Why a request or reply did not get through.
#[derive(Debug)]
pub(crate) enum PipeError {
    /// The deadline passed first.
    TimedOut,
    /// The process closed its end (it is ending or ended).
    Closed,
    /// The bytes are not a message: why (a length over [`frame::MAX_FRAME`], no status).
    Garbage(String),
    /// The request is longer than a message may be ([`frame::MAX_FRAME`]); nothing was sent.
    TooLong,
}

/// The reason given for a message without a status byte.
const NO_STATUS: &str = "a reply without status";

/// The room asked for in each pipe: a run's request with room to spare (8,192 plies of 16
/// bytes and 64 games' tags are about 160 KB), within the 1 MiB a process may ask for by
/// default (`/proc/sys/fs/pipe-max-size`).
#[cfg(target_os = "linux")]
pub(crate) const PIPE_ROOM: usize = 256 * 1024;

#[cfg(unix)]
pub(crate) use unix::Pipes;

#[cfg(not(unix))]
pub(crate) use threads::Pipes;

#[cfg(unix)]
mod unix {
    use super::{frame, PipeError, NO_STATUS};
    use std::io::{self, Read, Write};
    use std::os::fd::AsRawFd;
    use std::process::{ChildStdin, ChildStdout};
    use std::time::Instant;

    /// Non-blocking pipe ends, waited on with `poll`.
    #[derive(Debug)]
    pub(crate) struct Pipes {
        requests: ChildStdin,
        replies: ChildStdout,
        /// What was read; `start..end` is not yet taken as a message.
        read: Vec<u8>,
        start: usize,
        end: usize,
        /// The message being written.
        write: Vec<u8>,
    }

    impl Pipes {
        pub(crate) fn new(requests: ChildStdin, replies: ChildStdout) -> io::Result<Pipes> {
            non_blocking(requests.as_raw_fd())?;
            non_blocking(replies.as_raw_fd())?;
            #[cfg(target_os = "linux")]
            {
                widen(requests.as_raw_fd());
                widen(replies.as_raw_fd());
            }
            Ok(Pipes {
                requests,
                replies,
                read: vec![0; 16 * 1024],
                start: 0,
                end: 0,
                write: Vec::new(),
            })
        }

        /// The room in the request pipe and in the reply pipe.
        #[cfg(all(test, target_os = "linux"))]
        pub(crate) fn room(&self) -> [usize; 2] {
            [self.requests.as_raw_fd(), self.replies.as_raw_fd()].map(|fd| {
                // SAFETY: a plain descriptor query on a descriptor this process owns.
                let room = unsafe { libc::fcntl(fd, libc::F_GETPIPE_SZ) };
                usize::try_from(room).expect("a pipe's size")
            })
        }

        /// Writes one message, `code` and then `body`.
        pub(crate) fn send(
            &mut self,
            code: u8,
            body: &[u8],
            deadline: Instant,
        ) -> Result<(), PipeError> {
            let len = u32::try_from(body.len() + 1)
                .ok()
                .filter(|&l| l as usize <= frame::MAX_FRAME)
                .ok_or(PipeError::TooLong)?;
            // One write for the whole message, so that the process wakes once to read it.
            self.write.clear();
            self.write.extend_from_slice(&len.to_le_bytes());
            self.write.push(code);
            self.write.extend_from_slice(body);
            let mut left = &self.write[..];
            while !left.is_empty() {
                match self.requests.write(left) {
                    Ok(0) => return Err(PipeError::Closed),
                    Ok(n) => left = &left[n..],
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                        wait(self.requests.as_raw_fd(), libc::POLLOUT, deadline)?
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(_) => return Err(PipeError::Closed),
                }
            }
            Ok(())
        }

        /// Reads one message: its first byte and the rest.
        pub(crate) fn receive(&mut self, deadline: Instant) -> Result<(u8, Vec<u8>), PipeError> {
            self.fill(4, deadline)?;
            let at = self.start;
            let head = [
                self.read[at],
                self.read[at + 1],
                self.read[at + 2],
                self.read[at + 3],
            ];
            let len = u32::from_le_bytes(head) as usize;
            if len > frame::MAX_FRAME {
                return Err(PipeError::Garbage(format!(
                    "a message of {len} bytes announced, more than the {} accepted",
                    frame::MAX_FRAME
                )));
            }
            if len == 0 {
                self.take(4);
                return Err(PipeError::Garbage(NO_STATUS.to_owned()));
            }
            self.fill(4 + len, deadline)?;
            let at = self.start;
            let status = self.read[at + 4];
            let body = self.read[at + 5..at + 4 + len].to_vec();
            self.take(4 + len);
            Ok((status, body))
        }

        /// Drops the first `n` bytes held.
        fn take(&mut self, n: usize) {
            self.start += n;
            if self.start == self.end {
                (self.start, self.end) = (0, 0);
            }
        }

        /// Reads until at least `n` bytes are held. With nothing held, waits for the process
        /// first: it has just been sent a request and is working on it.
        fn fill(&mut self, n: usize, deadline: Instant) -> Result<(), PipeError> {
            while self.end - self.start < n {
                if self.start + n > self.read.len() {
                    self.read.copy_within(self.start..self.end, 0);
                    (self.start, self.end) = (0, self.end - self.start);
                    if n > self.read.len() {
                        self.read.resize(n, 0);
                    }
                }
                if self.start == self.end {
                    wait(self.replies.as_raw_fd(), libc::POLLIN, deadline)?;
                }
                match self.replies.read(&mut self.read[self.end..]) {
                    Ok(0) => return Err(PipeError::Closed),
                    Ok(got) => self.end += got,
                    Err(e) => match e.kind() {
                        io::ErrorKind::WouldBlock => {
                            wait(self.replies.as_raw_fd(), libc::POLLIN, deadline)?
                        }
                        io::ErrorKind::Interrupted => {}
                        _ => return Err(PipeError::Closed),
                    },
                }
            }
            Ok(())
        }
    }

    fn non_blocking(fd: i32) -> io::Result<()> {
        // SAFETY: plain descriptor calls on a descriptor this process owns.
        unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFL);
            if flags < 0 || libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) < 0 {
                return Err(io::Error::last_os_error());
            }
        }
        Ok(())
    }

    /// Asks for [`super::PIPE_ROOM`] bytes in the pipe `fd`. A refusal (a user over
    /// `pipe-user-pages-soft`, a lower `pipe-max-size`) leaves the pipe as it was: messages
    /// then take more wake-ups, and nothing else changes.
    #[cfg(target_os = "linux")]
    fn widen(fd: i32) {
        // SAFETY: a plain descriptor call on a descriptor this process owns.
        unsafe { libc::fcntl(fd, libc::F_SETPIPE_SZ, super::PIPE_ROOM as libc::c_int) };
    }

    /// Waits until `fd` is ready for `events` (or closed), or the deadline passes.
    fn wait(fd: i32, events: libc::c_short, deadline: Instant) -> Result<(), PipeError> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(PipeError::TimedOut);
            }
            // Rounded up, so that the wait never ends just before the deadline.
            let ms = left.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32;
            let mut pfd = libc::pollfd {
                fd,
                events,
                revents: 0,
            };
            // SAFETY: one valid pollfd for the duration of the call.
            let n = unsafe { libc::poll(&mut pfd, 1, ms) };
            if n > 0 {
                return Ok(()); // ready, or hung up / failed: the next read or write says which
            }
            if n < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                return Err(PipeError::Closed);
            }
        }
    }
}

#[cfg(not(unix))]
mod threads {
    use super::{frame, PipeError, NO_STATUS};
    use std::io::{self, BufReader, BufWriter};
    use std::process::{ChildStdin, ChildStdout};
    use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
    use std::time::Instant;

    /// Pipes served by a writer and a reader thread.
    #[derive(Debug)]
    pub(crate) struct Pipes {
        requests: Sender<Vec<u8>>,
        replies: Receiver<io::Result<Vec<u8>>>,
    }

    impl Pipes {
        pub(crate) fn new(requests: ChildStdin, replies: ChildStdout) -> io::Result<Pipes> {
            let (to_send, to_write) = mpsc::channel::<Vec<u8>>();
            std::thread::spawn(move || {
                let mut w = BufWriter::new(requests);
                for request in to_write {
                    if frame::write_frame(&mut w, &[&request]).is_err() {
                        break;
                    }
                }
            });
            let (send_reply, received) = mpsc::channel();
            std::thread::spawn(move || {
                let mut r = BufReader::new(replies);
                loop {
                    let reply = match frame::read_frame(&mut r) {
                        Ok(Some(reply)) => Ok(reply),
                        Ok(None) => Err(io::ErrorKind::UnexpectedEof.into()),
                        Err(e) => Err(e),
                    };
                    let end = reply.is_err();
                    if send_reply.send(reply).is_err() || end {
                        break;
                    }
                }
            });
            Ok(Pipes {
                requests: to_send,
                replies: received,
            })
        }

        pub(crate) fn send(
            &mut self,
            code: u8,
            body: &[u8],
            _deadline: Instant,
        ) -> Result<(), PipeError> {
            if body.len() + 1 > frame::MAX_FRAME {
                return Err(PipeError::TooLong);
            }
            let mut request = Vec::with_capacity(body.len() + 1);
            request.push(code);
            request.extend_from_slice(body);
            self.requests.send(request).map_err(|_| PipeError::Closed)
        }

        pub(crate) fn receive(&mut self, deadline: Instant) -> Result<(u8, Vec<u8>), PipeError> {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.replies.recv_timeout(left) {
                Ok(Ok(mut body)) if !body.is_empty() => {
                    let status = body.remove(0);
                    Ok((status, body))
                }
                Ok(Ok(_)) => Err(PipeError::Garbage(NO_STATUS.to_owned())),
                Ok(Err(e)) if e.kind() == io::ErrorKind::InvalidData => {
                    Err(PipeError::Garbage(e.to_string()))
                }
                Ok(Err(_)) | Err(RecvTimeoutError::Disconnected) => Err(PipeError::Closed),
                Err(RecvTimeoutError::Timeout) => Err(PipeError::TimedOut),
            }
        }
    }
}

// On Linux only: elsewhere the pipes keep their default room, and the echo below would fill
// both before the message were sent whole.
#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    /// `cat` as the process: each message comes back as it was sent, its code as the status.
    fn echo() -> (std::process::Child, Pipes) {
        let mut cat = Command::new("cat")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("cat starts");
        let pipes = Pipes::new(cat.stdin.take().unwrap(), cat.stdout.take().unwrap())
            .expect("the pipes are set up");
        (cat, pipes)
    }

    #[test]
    fn a_message_larger_than_a_default_pipe_comes_back_whole() {
        let (mut cat, mut pipes) = echo();
        let body: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        let deadline = Instant::now() + Duration::from_secs(10);
        for code in [b'j', b'q'] {
            pipes.send(code, &body, deadline).expect("sent");
            let (status, back) = pipes.receive(deadline).expect("received");
            assert_eq!((status, back.len()), (code, body.len()));
            assert!(back == body);
        }
        drop(pipes);
        cat.wait().expect("cat ends when its input closes");
    }

    #[test]
    fn the_pipes_hold_a_runs_request() {
        // A system that lets a process ask for less keeps the default room: nothing to check.
        let most = std::fs::read_to_string("/proc/sys/fs/pipe-max-size")
            .ok()
            .and_then(|t| t.trim().parse::<usize>().ok());
        if most.is_some_and(|m| m < PIPE_ROOM) {
            eprintln!("pipe-max-size {most:?} is below {PIPE_ROOM}: not checked");
            return;
        }
        let (mut cat, pipes) = echo();
        for room in pipes.room() {
            assert!(room >= PIPE_ROOM, "{room} bytes");
        }
        drop(pipes);
        cat.wait().expect("cat ends");
    }
}
