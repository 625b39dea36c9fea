//! The PGN reader's cursor: a place in the text, with line and column kept as it moves, and
//! whether the text read so far is all there is.
//!
//! The reader may be given a piece of a file instead of the whole (the streaming reader of
//! [`super::stream`] hands it a window of a file too large to hold). A decision that looked
//! at the end of such a piece (a token, a line or a comment that may go on in the next piece)
//! is marked, and the game being read is read again once more text has come, so that a file
//! read in pieces gives exactly the games of the file read whole.

use core::cell::Cell;

use super::pgn::{SyntaxError, SyntaxErrorKind};

pub(super) fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{FEFF}'
}

/// Whether `s` (a line) starts with a tag pair: `[Name "`.
fn looks_like_tag_line(s: &str) -> bool {
    let s = s.trim_start_matches([' ', '\t']);
    let Some(s) = s.strip_prefix('[') else {
        return false;
    };
    let name_len = s
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    name_len > 0
        && s[name_len..]
            .trim_start_matches([' ', '\t'])
            .starts_with('"')
}

/// A position in the text with line bookkeeping. The column and whether the line is blank so
/// far are kept as the cursor moves: computing them from the line's start made a record on one
/// long line quadratic.
#[derive(Clone, Debug)]
pub(super) struct Cursor<'a> {
    pub(super) text: &'a str,
    pub(super) pos: usize,
    pub(super) line: usize,
    /// Characters since the line's start.
    pub(super) column: usize,
    /// Whether everything since the line's start is space.
    pub(super) blank_so_far: bool,
    /// Whether more text may follow `text` (a piece of a file read in pieces).
    pub(super) partial: bool,
    /// Whether a decision looked at the end of a partial text since this was last cleared.
    pub(super) hit_end: Cell<bool>,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `text`, line 1, which is the whole text.
    pub(super) fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            text,
            pos: 0,
            line: 1,
            column: 0,
            blank_so_far: true,
            partial: false,
            hit_end: Cell::new(false),
        }
    }
}

impl Cursor<'_> {
    /// Notes that a decision depended on the end of the text, if more may follow.
    fn end_seen(&self) {
        if self.partial {
            self.hit_end.set(true);
        }
    }

    pub(super) fn peek(&self) -> Option<char> {
        // Most of a record is ASCII (tags, move numbers, spaces, ICCS): one byte is a character.
        if let Some(&b) = self.text.as_bytes().get(self.pos) {
            if b.is_ascii() {
                return Some(char::from(b));
            }
        }
        let c = self
            .text
            .get(self.pos..)
            .and_then(|rest| rest.chars().next());
        if c.is_none() {
            self.end_seen();
        }
        c
    }

    /// The byte at the cursor: [`Cursor::peek`] for a caller that looks only at ASCII.
    pub(super) fn peek_byte(&self) -> Option<u8> {
        let b = self.text.as_bytes().get(self.pos).copied();
        if b.is_none() {
            self.end_seen();
        }
        b
    }

    pub(super) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 0;
            self.blank_so_far = true;
        } else {
            self.column += 1;
            self.blank_so_far &= is_space(c);
        }
        Some(c)
    }

    /// Moves over the characters up to the first space or `stop` character (or the end):
    /// [`Cursor::bump`] while neither, in one walk. Nothing moved over is a line end or space,
    /// so only the column and the line's blankness change. The `stop` characters are ASCII.
    pub(super) fn skip_word(&mut self, stop: impl Fn(u8) -> bool) {
        let rest = self.text.get(self.pos..).unwrap_or("");
        let bytes = rest.as_bytes();
        let mut used = 0;
        let mut chars = 0;
        while let Some(&b) = bytes.get(used) {
            let len = match b {
                _ if b.is_ascii() => {
                    if b.is_ascii_whitespace() || b == 0x0B || stop(b) {
                        break;
                    }
                    1
                }
                // A CJK ideograph (U+4000..=U+9FFF, three bytes): the pieces and numerals of
                // Chinese moves. None is a space.
                0xE4..=0xE9 => 3,
                // U+F000..=U+FFFF, the full-width digits of Chinese moves among them: three
                // bytes, and only U+FEFF is taken for a space.
                0xEF if bytes.get(used + 1..used + 3) != Some(&[0xBB, 0xBF]) => 3,
                _ => match rest[used..].chars().next() {
                    Some(c) if !is_space(c) => c.len_utf8(),
                    _ => break,
                },
            };
            used += len;
            chars += 1;
        }
        if used == rest.len() {
            self.end_seen();
        }
        if chars > 0 {
            self.pos += used;
            self.column += chars;
            self.blank_so_far = false;
        }
    }

    /// Moves forward `n` bytes (which must end on a character boundary).
    pub(super) fn advance_bytes(&mut self, n: usize) {
        let end = (self.pos + n).min(self.text.len());
        while self.pos < end {
            if self.bump().is_none() {
                break;
            }
        }
    }

    pub(super) fn column(&self) -> usize {
        self.column + 1
    }

    pub(super) fn at_line_start(&self) -> bool {
        self.blank_so_far
    }

    pub(super) fn rest_of_line(&self) -> &str {
        let rest = self.text.get(self.pos..).unwrap_or("");
        match rest.find('\n') {
            Some(end) => &rest[..end],
            None => {
                self.end_seen();
                rest
            }
        }
    }

    pub(super) fn skip_ws(&mut self) {
        loop {
            // The ASCII spaces and line ends between tokens, most of a record's spaces, a byte
            // at a time: what `bump` does to each, without decoding it.
            let bytes = self.text.as_bytes();
            let mut pos = self.pos;
            while let Some(&b) = bytes.get(pos) {
                match b {
                    b' ' | b'\t' | 0x0B | 0x0C | b'\r' => self.column += 1,
                    b'\n' => {
                        self.line += 1;
                        self.column = 0;
                        self.blank_so_far = true;
                    }
                    _ => break,
                }
                pos += 1;
            }
            self.pos = pos;
            // A character that is not a space by its first byte (most are, in Chinese moves)
            // ends the spaces without being decoded. The spaces beyond ASCII start with one
            // of the bytes below.
            if bytes
                .get(pos)
                .is_some_and(|&b| !b.is_ascii() && !matches!(b, 0xC2 | 0xE1..=0xE3 | 0xEF))
            {
                return;
            }
            // Anything else, the end of the text and the other spaces (U+3000, U+FEFF…) as
            // every character is taken.
            match self.peek() {
                Some(c) if !c.is_ascii() && is_space(c) => {
                    self.bump();
                }
                _ => return,
            }
        }
    }

    /// Skips spaces and tabs, not line ends.
    pub(super) fn skip_blanks(&mut self) {
        while self
            .peek()
            .is_some_and(|c| is_space(c) && c != '\n' && c != '\r')
        {
            self.bump();
        }
    }

    /// Skips to the start of the next line.
    pub(super) fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// Skips to the end of the line, stopping before the newline.
    pub(super) fn skip_to_line_end(&mut self) {
        while self.peek().is_some_and(|c| c != '\n') {
            self.bump();
        }
    }

    /// Whether the line after the newline at byte `nl` starts a tag pair.
    fn tag_line_after(&self, nl: usize) -> bool {
        let next = self.text.get(nl + 1..).unwrap_or("");
        if !next.contains('\n') {
            self.end_seen();
        }
        looks_like_tag_line(next)
    }

    /// Reads a quoted tag value after its opening quote, up to the closing quote. A quote not
    /// followed by `]` is taken literally when a `"]` closes the tag later on the line.
    pub(super) fn quoted_value(&mut self) -> Option<String> {
        let mut value = String::new();
        loop {
            // The characters up to the next quote, backslash or line end, taken at once.
            let rest = self.text.get(self.pos..).unwrap_or("");
            let run = rest
                .bytes()
                .position(|b| matches!(b, b'"' | b'\\' | b'\n' | b'\r'))
                .unwrap_or(rest.len());
            if run > 0 {
                let taken = &rest[..run];
                value.push_str(taken);
                self.pos += run;
                self.column += taken.bytes().filter(|&b| b & 0xC0 != 0x80).count();
                if self.blank_so_far {
                    self.blank_so_far = taken.chars().all(is_space);
                }
            }
            match self.peek()? {
                '\n' | '\r' => return None,
                '\\' => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('"' | '\\')) => {
                            value.push(c);
                            self.bump();
                        }
                        _ => value.push('\\'),
                    }
                }
                _ => {
                    // The quote.
                    self.bump();
                    let rest = self.rest_of_line();
                    let closes = rest.trim_start_matches([' ', '\t']).starts_with(']');
                    if closes || !(rest.contains("\"]") || rest.contains("\" ]")) {
                        return Some(value);
                    }
                    value.push('"');
                }
            }
        }
    }

    /// Skips a `{…}` comment starting here. When it is not closed before the end of the text or
    /// a line starting a tag pair, records an error and resumes at the end of the line.
    pub(super) fn comment(&mut self, errors: &mut Vec<SyntaxError>) {
        let (line, column) = (self.line, self.column());
        let open = self.pos;
        let body = self.text.get(open + 1..).unwrap_or("");
        // The first `}`, unless a line starting a tag pair comes before it. The search stops
        // there, so an unclosed comment costs the rest of its game, not the rest of the file.
        let mut close = None;
        let mut decided = false;
        for (i, c) in body.match_indices(['}', '\n']) {
            if c == "}" {
                close = Some(i);
                decided = true;
                break;
            }
            if self.tag_line_after(open + 1 + i) {
                decided = true;
                break;
            }
        }
        if !decided {
            self.end_seen();
        }
        match close {
            Some(end) => self.advance_bytes(1 + end + 1),
            None => {
                errors.push(SyntaxError {
                    line,
                    column,
                    kind: SyntaxErrorKind::UnterminatedComment,
                });
                self.skip_to_line_end();
            }
        }
    }

    /// Skips a `(…)` variation starting here, nested variations and comments included. When it
    /// is not closed before the end of the text or a line starting a tag pair, records an error
    /// and stops before that line.
    pub(super) fn variation(&mut self, errors: &mut Vec<SyntaxError>) {
        let (line, column) = (self.line, self.column());
        let mut depth = 0usize;
        while let Some(c) = self.peek() {
            match c {
                '(' => {
                    depth += 1;
                    self.bump();
                }
                ')' => {
                    self.bump();
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return;
                    }
                }
                '{' => self.comment(errors),
                // A line comment, stopping before its newline so the tag check below runs.
                ';' => self.skip_to_line_end(),
                '\n' => {
                    if self.tag_line_after(self.pos) {
                        break;
                    }
                    self.bump();
                }
                _ => {
                    self.bump();
                }
            }
        }
        errors.push(SyntaxError {
            line,
            column,
            kind: SyntaxErrorKind::UnterminatedVariation,
        });
    }
}
