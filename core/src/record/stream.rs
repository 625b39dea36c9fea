//! Reading a game file of any size: the encoding found in a first pass over the bytes, the
//! games read in a second, holding one window of text at a time.
//!
//! [`decode`](super::decode) and [`read_games`](super::read_games) hold a whole file, as bytes
//! and as text; a corpus of small files never notices, a file of hundreds of megabytes does. [`GameStream`] gives exactly the games (and the encoding, or
//! the [`DecodeError`]) that reading the file whole gives, in memory bounded by the largest
//! game: the window grows until it holds the game being read, and what is read is dropped.
//!
//! The first pass runs the detection of [`super::encoding`] over the file piece by piece: the
//! byte order mark, then strict UTF-8, GBK and Big5 side by side, each reading's score summed
//! over the pieces. The second decodes the chosen encoding again, piece by piece, and hands the
//! text to the reader, which reads a game again when its window ended too soon to decide it.

use std::io::{self, Read, Seek, SeekFrom};

use encoding_rs::{Decoder, DecoderResult};

use super::encoding::{furthest, Score, BOMS};
use super::pgn::{GameReader, ReaderPlace};
use super::{DecodeError, Encoding, RawGame};

/// Bytes read from the source at a time.
const PIECE: usize = 64 * 1024;

/// Text the window takes in at least before a game is read again.
const WINDOW: usize = 1024 * 1024;

/// Why a file could not be read as games.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    /// The source could not be read.
    #[error("cannot read: {0}")]
    Io(#[from] io::Error),
    /// No supported encoding decodes the bytes.
    #[error(transparent)]
    Decode(#[from] DecodeError),
}

/// The games of a file of any size, one at a time (see the [module docs](self)).
///
/// ```
/// use std::io::Cursor;
/// use xqr_core::record::{read_games, Encoding, GameStream};
/// let text = "[Event \"一\"]\n1. h2e2 h9g7 1-0\n[Event \"二\"]\n1. c3c4 *\n";
/// let (stream, encoding) = GameStream::open(Cursor::new(text.as_bytes())).unwrap();
/// assert_eq!(encoding, Encoding::Utf8);
/// let games: Vec<_> = stream.map(|g| g.unwrap()).collect();
/// assert_eq!(games, read_games(text));
/// ```
#[derive(Debug)]
pub struct GameStream<R> {
    source: R,
    encoding: Encoding,
    decoder: Decoder,
    bytes: Vec<u8>,
    /// Text taken into the window at least before a game is read again.
    window: usize,
    /// Bytes of the source read so far.
    bytes_read: u64,
    /// Whether every byte of the source is decoded into `text`.
    at_end: bool,
    /// Decoded text; from `consumed` on, the text from the start of the game being read.
    text: String,
    /// Bytes of `text` already read into games.
    consumed: usize,
    /// Where the reader stands at the start of `text`.
    place: ReaderPlace,
    failed: bool,
}

impl<R: Read + Seek> GameStream<R> {
    /// Detects the encoding of `source` from its current position to its end, then gets ready
    /// to read its games from that position.
    pub fn open(source: R) -> Result<(GameStream<R>, Encoding), StreamError> {
        GameStream::open_in_pieces(source, PIECE, WINDOW)
    }

    /// As [`GameStream::open`], reading the source `piece` bytes at a time and taking text into
    /// the window `window` bytes at a time (`open` uses 64 KiB and 1 MiB). Tiny pieces put the
    /// seams of the reading everywhere, which is how the tests check them.
    pub fn open_in_pieces(
        mut source: R,
        piece: usize,
        window: usize,
    ) -> Result<(GameStream<R>, Encoding), StreamError> {
        let piece = piece.max(1);
        let start = source.stream_position()?;
        let (encoding, bom) = detect(&mut source, start, piece)?;
        source.seek(SeekFrom::Start(start + bom as u64))?;
        let stream = GameStream {
            source,
            encoding,
            decoder: encoding.codec().new_decoder_without_bom_handling(),
            bytes: vec![0; piece],
            window: window.max(1),
            bytes_read: bom as u64,
            at_end: false,
            text: String::new(),
            consumed: 0,
            place: ReaderPlace::START,
            failed: false,
        };
        Ok((stream, encoding))
    }
}

impl<R: Read> GameStream<R> {
    /// The encoding the games are read in.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Bytes of the source read so far (for a progress report).
    pub fn bytes_read(&self) -> u64 {
        self.bytes_read
    }

    /// Decodes at least `want` more characters' bytes of the source into `text`, or up to its
    /// end.
    fn fill(&mut self, want: usize) -> io::Result<()> {
        let target = self.text.len() + want;
        while !self.at_end && self.text.len() < target {
            let n = read_some(&mut self.source, &mut self.bytes)?;
            self.bytes_read += n as u64;
            let last = n == 0;
            let mut input = &self.bytes[..n];
            loop {
                let room = self
                    .decoder
                    .max_utf8_buffer_length_without_replacement(input.len())
                    .unwrap_or(input.len() * 3 + 16);
                self.text.reserve(room);
                let (result, used) =
                    self.decoder
                        .decode_to_string_without_replacement(input, &mut self.text, last);
                input = &input[used..];
                match result {
                    DecoderResult::InputEmpty => break,
                    DecoderResult::OutputFull => continue,
                    DecoderResult::Malformed(..) => {
                        return Err(io::Error::new(
                            io::ErrorKind::InvalidData,
                            format!(
                                "the file changed while it was read: it is no longer {} near \
                                 byte {}",
                                self.encoding,
                                self.bytes_read - input.len() as u64
                            ),
                        ));
                    }
                }
            }
            self.at_end = last;
        }
        Ok(())
    }
}

impl<R: Read> Iterator for GameStream<R> {
    type Item = io::Result<RawGame>;

    fn next(&mut self) -> Option<io::Result<RawGame>> {
        if self.failed {
            return None;
        }
        loop {
            let window = &self.text[self.consumed..];
            let mut reader = GameReader::resume(window, self.place, self.at_end);
            let game = if self.at_end {
                reader.next()
            } else {
                reader.next_decided()
            };
            if game.is_some() || self.at_end {
                let (used, place) = reader.place();
                self.consumed += used;
                self.place = place;
                return game.map(Ok);
            }
            // The window ended before the game did. Drop what is read, and take in at least as
            // much again as is left, so that a long game is read again only a logarithmic
            // number of times.
            self.text.drain(..self.consumed);
            self.consumed = 0;
            let want = self.text.len().max(self.window);
            if let Err(e) = self.fill(want) {
                self.failed = true;
                return Some(Err(e));
            }
        }
    }
}

/// Reads into `buf` until it is full or the source ends; the count read.
fn read_some(source: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match source.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// One strict reading of the bytes, checked piece by piece.
struct Reading {
    encoding: Encoding,
    decoder: Decoder,
    /// Bytes taken so far (after any byte order mark).
    taken: usize,
    /// Offset (after any byte order mark) of the first bad byte sequence.
    failed_at: Option<usize>,
    score: Score,
    scratch: String,
}

impl Reading {
    fn new(encoding: Encoding) -> Reading {
        Reading {
            encoding,
            decoder: encoding.codec().new_decoder_without_bom_handling(),
            taken: 0,
            failed_at: None,
            score: Score::default(),
            scratch: String::new(),
        }
    }

    fn feed(&mut self, mut input: &[u8], last: bool, scored: bool) {
        if self.failed_at.is_some() {
            return;
        }
        loop {
            self.scratch.clear();
            let room = self
                .decoder
                .max_utf8_buffer_length_without_replacement(input.len())
                .unwrap_or(input.len() * 3 + 16);
            self.scratch.reserve(room);
            let (result, used) =
                self.decoder
                    .decode_to_string_without_replacement(input, &mut self.scratch, last);
            self.taken += used;
            input = &input[used..];
            if scored {
                self.score.add(Score::of(&self.scratch));
            }
            match result {
                DecoderResult::InputEmpty => return,
                DecoderResult::OutputFull => {}
                DecoderResult::Malformed(bad, after) => {
                    let back = usize::from(bad) + usize::from(after);
                    self.failed_at = Some(self.taken.saturating_sub(back));
                    return;
                }
            }
        }
    }
}

/// The first pass: the encoding of the bytes from `start` and the length of their byte order
/// mark, decided as [`decode`](super::decode) decides it.
fn detect<R: Read + Seek>(
    source: &mut R,
    start: u64,
    piece: usize,
) -> Result<(Encoding, usize), StreamError> {
    // Enough for the longest byte order mark in the first piece.
    let mut buf = vec![0; piece.max(3)];
    let n = read_some(source, &mut buf)?;
    let bom = BOMS
        .iter()
        .find(|(bom, _)| buf[..n].starts_with(bom))
        .map(|&(bom, encoding)| (bom.len(), encoding));
    let mut readings: Vec<Reading> = match bom {
        Some((_, encoding)) => vec![Reading::new(encoding)],
        None => [Encoding::Utf8, Encoding::Gbk, Encoding::Big5]
            .into_iter()
            .map(Reading::new)
            .collect(),
    };
    let mut from = bom.map_or(0, |(len, _)| len);
    let mut len = n;
    loop {
        // `read_some` fills the buffer unless the source ends.
        let last = len < buf.len();
        for reading in &mut readings {
            let scored = matches!(reading.encoding, Encoding::Gbk | Encoding::Big5);
            reading.feed(&buf[from..len], last, scored);
        }
        if last || readings.iter().all(|r| r.failed_at.is_some()) {
            break;
        }
        len = read_some(source, &mut buf)?;
        from = 0;
    }
    let ok = |e: Encoding| {
        readings
            .iter()
            .find(|r| r.encoding == e && r.failed_at.is_none())
    };
    if let Some((len, encoding)) = bom {
        return match readings[0].failed_at {
            None => Ok((encoding, len)),
            Some(at) => Err(decode_error(source, start, vec![(encoding, at + len)])?.into()),
        };
    }
    if ok(Encoding::Utf8).is_some() {
        return Ok((Encoding::Utf8, 0));
    }
    match (ok(Encoding::Gbk), ok(Encoding::Big5)) {
        (Some(g), Some(b)) if b.score.beats(g.score) => Ok((Encoding::Big5, 0)),
        (Some(_), _) => Ok((Encoding::Gbk, 0)),
        (None, Some(_)) => Ok((Encoding::Big5, 0)),
        (None, None) => {
            let attempts = readings
                .iter()
                .map(|r| (r.encoding, r.failed_at.unwrap_or(r.taken)))
                .collect();
            Err(decode_error(source, start, attempts)?.into())
        }
    }
}

/// The [`DecodeError`] for `attempts`, its line counted in a pass over the bytes up to the
/// furthest failure.
fn decode_error<R: Read + Seek>(
    source: &mut R,
    start: u64,
    attempts: Vec<(Encoding, usize)>,
) -> io::Result<DecodeError> {
    let (encoding, offset) = furthest(&attempts);
    source.seek(SeekFrom::Start(start))?;
    let mut line = 1;
    let mut left = offset;
    let mut buf = vec![0; PIECE];
    while left > 0 {
        let n = read_some(source, &mut buf[..PIECE.min(left)])?;
        if n == 0 {
            break;
        }
        line += buf[..n].iter().filter(|&&b| b == b'\n').count();
        left -= n;
    }
    Ok(DecodeError {
        offset,
        line,
        encoding,
        attempts,
    })
}
