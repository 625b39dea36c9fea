//! A place in JSON text of one exact layout, read without `serde_json`.
//!
//! The SDK reads its commonest messages in the very layout their writer gives them: the host's
//! requests (`canonical.rs`) and plain verdict replies (`verdict_reply.rs`). A reading steps
//! over the literal text between the values and takes strings free of escapes as they are;
//! anything else makes it give up (`None`), and its caller leaves the message to `serde_json`.

use super::json_text::first_to_escape;

/// A place in a message.
#[derive(Clone)]
pub(super) struct Reader<'a> {
    pub(super) text: &'a str,
    pub(super) at: usize,
}

impl<'a> Reader<'a> {
    /// The start of `text`.
    pub(super) fn new(text: &'a str) -> Reader<'a> {
        Reader { text, at: 0 }
    }

    /// The text from the place on.
    pub(super) fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    /// Steps over `len` bytes, which the caller has read from [`Reader::rest`].
    pub(super) fn skip(&mut self, len: usize) {
        self.at += len;
    }

    /// Steps over `lit` if the text goes on with it.
    pub(super) fn eat(&mut self, lit: &str) -> bool {
        let found = self.text.as_bytes()[self.at..].starts_with(lit.as_bytes());
        if found {
            self.at += lit.len();
        }
        found
    }

    /// Steps over `lit`, which must come next.
    pub(super) fn want(&mut self, lit: &str) -> Option<()> {
        self.eat(lit).then_some(())
    }

    /// A string without escapes, without its quotes.
    pub(super) fn string(&mut self) -> Option<&'a str> {
        let bytes = self.text.as_bytes();
        if bytes.get(self.at) != Some(&b'"') {
            return None;
        }
        let start = self.at + 1;
        let end = start + first_to_escape(&bytes[start..])?;
        if bytes[end] != b'"' {
            return None;
        }
        self.at = end + 1;
        // Cut at ASCII quotes: on character boundaries.
        self.text.get(start..end)
    }
}
