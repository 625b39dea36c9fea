//! Which bytes a JSON string cannot hold as they are, found eight at a time.
//!
//! JSON (RFC 8259 §7) escapes the quote, the backslash and the control characters below U+0020;
//! `serde_json` writes every other character as it is. A text without those bytes is written
//! between quotes unchanged, and read back by taking the bytes up to the next quote: what a
//! host that writes requests by hand and the SDK that reads them (`canonical.rs`), and the SDK
//! writing verdicts that the host reads back (`verdict_reply.rs`), need over megabytes of short
//! texts, without `serde_json`'s byte-by-byte table.

/// The index of the first byte of `bytes` that a JSON string must escape (`"`, `\` or below
/// 0x20), if any.
///
/// ```
/// use xqr_plugin_sdk::protocol::json_text::first_to_escape;
/// assert_eq!(first_to_escape("炮二平五".as_bytes()), None);
/// assert_eq!(first_to_escape(br#"h2e2","h9g7"#), Some(4));
/// assert_eq!(first_to_escape(b"tab\there"), Some(3));
/// ```
#[inline]
pub fn first_to_escape(bytes: &[u8]) -> Option<usize> {
    let mut at = 0;
    while let Some(w) = bytes.get(at..at + 8) {
        let found = to_escape_in(u64::from_le_bytes(w.try_into().expect("eight bytes")));
        if found != 0 {
            // The lowest byte flagged is exact (see `to_escape_in`); little-endian: the first.
            return Some(at + found.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    bytes[at..]
        .iter()
        .position(|&b| must_escape(b))
        .map(|i| at + i)
}

/// Whether a JSON string must escape some byte of `bytes` ([`first_to_escape`]).
// Inlined into the host's loop over move texts, where it is most of the cost.
#[inline(always)]
pub fn needs_escape(bytes: &[u8]) -> bool {
    let half = |b: &[u8]| u64::from(u32::from_le_bytes(b.try_into().expect("four bytes")));
    let len = bytes.len();
    // Move texts are short (`h2e2` 4 bytes, `炮二平五` 12): their bytes in one word or two,
    // overlapping where the length is not a multiple of the word's.
    let found = match len {
        0..=3 => return bytes.iter().any(|&b| must_escape(b)),
        4..=7 => to_escape_in(half(&bytes[..4]) | half(&bytes[len - 4..]) << 32),
        8..=16 => to_escape_in(word(&bytes[..8])) | to_escape_in(word(&bytes[len - 8..])),
        _ => return needs_escape_long(bytes),
    };
    found != 0
}

/// [`needs_escape`] for a text of more than 16 bytes.
fn needs_escape_long(bytes: &[u8]) -> bool {
    let mut words = bytes.chunks_exact(8);
    let mut found = 0;
    for w in &mut words {
        found |= to_escape_in(word(w));
    }
    // The last bytes, in the word that ends the text (overlapping the one before).
    if !words.remainder().is_empty() {
        found |= to_escape_in(word(&bytes[bytes.len() - 8..]));
    }
    found != 0
}

/// The eight bytes of `b` as a word, the first lowest.
fn word(b: &[u8]) -> u64 {
    u64::from_le_bytes(b.try_into().expect("eight bytes"))
}

/// Whether a JSON string must escape the byte `b`.
fn must_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// The high bit of each byte of `x` that a JSON string must escape, and possibly of bytes above
/// such a byte: the test for a zero byte (`(v - 0x01…) & !v & 0x80…`), applied to `x` with 0x20
/// subtracted and with the quote and the backslash xored out, flags every such byte, never a
/// byte below the lowest of them, and nothing when there is none.
fn to_escape_in(x: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below_space = x.wrapping_sub(ONES * 0x20) & !x;
    let quote = x ^ (ONES * u64::from(b'"'));
    let backslash = x ^ (ONES * u64::from(b'\\'));
    (below_space
        | (quote.wrapping_sub(ONES) & !quote)
        | (backslash.wrapping_sub(ONES) & !backslash))
        & HIGH
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte at every place of texts of 1 to 20 bytes, the others letters, high bytes or
    /// bytes just above the special ones: found where it is, and only the special ones.
    #[test]
    fn each_byte_anywhere_is_found_if_and_only_if_json_escapes_it() {
        for b in 0u8..=255 {
            for len in 1..=20 {
                for at in 0..len {
                    for filler in [b'a', 0x80, 0xff, b'"' + 1, b'\\' + 1, 0x20, 0x21] {
                        let mut bytes = vec![filler; len];
                        bytes[at] = b;
                        let expected = must_escape(b).then_some(at);
                        assert_eq!(first_to_escape(&bytes), expected, "{bytes:?}");
                        assert_eq!(needs_escape(&bytes), expected.is_some(), "{bytes:?}");
                    }
                }
            }
        }
    }

    /// With two special bytes, the first is found.
    #[test]
    fn the_first_of_two_is_found() {
        for len in 2..=20 {
            for first in 0..len {
                for second in first + 1..len {
                    let mut bytes = vec![b'x'; len];
                    bytes[first] = b'\\';
                    bytes[second] = 0;
                    assert_eq!(first_to_escape(&bytes), Some(first));
                    bytes[first] = 0x1f;
                    bytes[second] = b'"';
                    assert_eq!(first_to_escape(&bytes), Some(first));
                }
            }
        }
    }
}
