//! A running `xqr serve` for the end-to-end tests of the web API and page, and a plain
//! HTTP/1.1 client good enough to talk to it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// `xqr serve --port 0 …`, stopped when dropped.
pub struct Server {
    child: Child,
    /// The address it listens on.
    pub addr: SocketAddr,
}

impl Server {
    /// Starts the server with extra `args` and waits for its `listening on` line.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_xqr"))
            .args(["serve", "--port", "0"])
            .args(args)
            .env_remove("XQR_PLUGIN_PATH")
            .env_remove("XQR_OVERLAY_PATH")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start xqr serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("read the address");
        let addr = line
            .trim()
            .strip_prefix("listening on http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .parse()
            .expect("an address");
        Server { child, addr }
    }

    /// The page's address.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Sends raw bytes and returns the status, the headers and the body.
    pub fn raw(&self, request: &[u8]) -> (u16, String, Vec<u8>) {
        let mut s = TcpStream::connect(self.addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(60))).ok();
        s.write_all(request).expect("send");
        let mut answer = Vec::new();
        s.read_to_end(&mut answer).expect("read the answer");
        let split = answer
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a header block");
        let head = String::from_utf8_lossy(&answer[..split]).into_owned();
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|c| c.parse().ok())
            .expect("a status");
        (status, head, answer[split + 4..].to_vec())
    }

    /// A request with a body; returns the status and the JSON answer.
    pub fn call(&self, method: &str, path: &str, body: &str) -> (u16, serde_json::Value) {
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        let (status, head, body) = self.raw(request.as_bytes());
        assert!(
            head.to_ascii_lowercase()
                .contains("content-type: application/json"),
            "{head}"
        );
        let value = serde_json::from_slice(&body).unwrap_or_else(|e| {
            panic!("{e}: {}", String::from_utf8_lossy(&body));
        });
        (status, value)
    }

    /// `POST path` with a JSON value.
    pub fn post(&self, path: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
        self.call("POST", path, &body.to_string())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
