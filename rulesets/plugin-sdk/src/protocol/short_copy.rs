//! Copying a short text, a move's, without a call.
//!
//! The request writers copy hundreds of thousands of move texts of 4 to 12 bytes over a
//! corpus (the host's JSON writer, and [`super::packed`]). A copy of a length known only at run
//! time is a call to `memcpy`, which costs more than the copy of so few bytes.

/// `src` into `dst`, of the same length: a text of 4 to 16 bytes (a move's) in two overlapping
/// copies of a fixed size, which need no call to `memcpy`; any other length as usual.
///
/// ```
/// use xqr_plugin_sdk::protocol::short_copy::copy_short;
/// for text in ["", "h", "h2e2", "炮二平五", "a text longer than sixteen bytes"] {
///     let mut dst = vec![0; text.len()];
///     copy_short(&mut dst, text.as_bytes());
///     assert_eq!(dst, text.as_bytes());
/// }
/// ```
#[inline(always)]
pub fn copy_short(dst: &mut [u8], src: &[u8]) {
    let len = src.len();
    match len {
        4..=7 => {
            dst[..4].copy_from_slice(&src[..4]);
            dst[len - 4..].copy_from_slice(&src[len - 4..]);
        }
        8..=16 => {
            dst[..8].copy_from_slice(&src[..8]);
            dst[len - 8..].copy_from_slice(&src[len - 8..]);
        }
        _ => dst.copy_from_slice(src),
    }
}
