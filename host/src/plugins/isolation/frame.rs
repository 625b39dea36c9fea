//! The framing of the pipes between the host and a plugin process: each message is a 4-byte
//! little-endian length followed by that many bytes.
//!
//! A request is one byte naming the function (`m`eta, `j`udge, `l`egal_moves, `q`uery)
//! followed by the JSON input, passed to the plugin unchanged. A reply is one status byte
//! followed by a body: [`REPLY_OK`] and the plugin's reply bytes (decoded by the host exactly
//! as an in-process reply), or [`REPLY_FAILED`] and a UTF-8 message saying why the call could
//! not be made (an invalid reply buffer). The first reply of a process, before any request,
//! says whether the library loaded: [`Hello`].
//!
//! Lengths are bounded ([`MAX_FRAME`]) so that a process writing garbage cannot make the host
//! allocate without limit.

use super::super::library::Function;
use std::io::{self, Read, Write};

/// The largest message accepted: far above any verdict or request of a real game.
pub(crate) const MAX_FRAME: usize = 1 << 30;

/// Status byte of a reply carrying the plugin's own reply.
pub(crate) const REPLY_OK: u8 = 0;
/// Status byte of a reply saying the call could not be made.
pub(crate) const REPLY_FAILED: u8 = 1;

/// Writes one message.
pub(crate) fn write_frame(w: &mut impl Write, parts: &[&[u8]]) -> io::Result<()> {
    let len: usize = parts.iter().map(|p| p.len()).sum();
    let len = u32::try_from(len)
        .ok()
        .filter(|&l| l as usize <= MAX_FRAME)
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "message too long"))?;
    w.write_all(&len.to_le_bytes())?;
    for p in parts {
        w.write_all(p)?;
    }
    w.flush()
}

/// Reads one message; `Ok(None)` at a clean end of the stream (before a length).
pub(crate) fn read_frame(r: &mut impl Read) -> io::Result<Option<Vec<u8>>> {
    let mut len = [0u8; 4];
    let mut got = 0;
    while got < len.len() {
        match r.read(&mut len[got..]) {
            Ok(0) if got == 0 => return Ok(None),
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    let len = u32::from_le_bytes(len) as usize;
    if len > MAX_FRAME {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a message of {len} bytes announced, more than the {MAX_FRAME} accepted"),
        ));
    }
    let mut body = vec![0u8; len];
    r.read_exact(&mut body)?;
    Ok(Some(body))
}

/// The byte naming `f` in a request.
pub(crate) fn function_code(f: Function) -> u8 {
    match f {
        Function::Meta => b'm',
        Function::Judge => b'j',
        Function::LegalMoves => b'l',
        Function::Query => b'q',
    }
}

/// The function a request byte names.
pub(crate) fn function_of(code: u8) -> Option<Function> {
    [
        Function::Meta,
        Function::Judge,
        Function::LegalMoves,
        Function::Query,
    ]
    .into_iter()
    .find(|&f| function_code(f) == code)
}

/// The first reply of a plugin process: the library loaded (its JSON protocol version), or
/// why not.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Hello {
    /// Loaded and checked; the protocol version of its table.
    Loaded {
        /// The JSON protocol version.
        protocol: u32,
    },
    /// The library lacks the entry symbol (a shared library that is not a plugin).
    MissingSymbol {
        /// The loader's message.
        reason: String,
    },
    /// Any other loading error, as the process reports it (without the file name).
    Failed {
        /// Why.
        reason: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_round_trip_and_lengths_are_bounded() {
        let mut buf = Vec::new();
        write_frame(&mut buf, &[b"j", b"{}"]).unwrap();
        write_frame(&mut buf, &[]).unwrap();
        let mut r = buf.as_slice();
        assert_eq!(read_frame(&mut r).unwrap(), Some(b"j{}".to_vec()));
        assert_eq!(read_frame(&mut r).unwrap(), Some(Vec::new()));
        assert_eq!(read_frame(&mut r).unwrap(), None);

        let huge = u32::MAX.to_le_bytes();
        let err = read_frame(&mut huge.as_slice()).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        let cut = [5u8, 0, 0, 0, b'x'];
        let err = read_frame(&mut cut.as_slice()).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::UnexpectedEof);
        let err = read_frame(&mut [1u8, 0].as_slice()).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::UnexpectedEof);
    }

    #[test]
    fn every_function_has_a_code() {
        for f in [
            Function::Meta,
            Function::Judge,
            Function::LegalMoves,
            Function::Query,
        ] {
            assert_eq!(function_of(function_code(f)), Some(f));
        }
        assert_eq!(function_of(b'x'), None);
    }
}
