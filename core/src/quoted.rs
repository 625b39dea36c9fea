//! Input text quoted in an error message: whole when it is short, cut when it is long, so that
//! a hostile record (a "move" of ten megabytes) cannot make every message that names it as
//! large as itself.

use std::fmt;

/// The most characters of the text a message shows.
const SHOWN: usize = 48;

/// `text` as a message quotes it: `"h2e2"`, or `"xxxx…" (10000000 bytes)` past [`SHOWN`]
/// characters.
///
/// ```
/// use xqr_core::Quoted;
/// assert_eq!(Quoted("h2e2").to_string(), "\"h2e2\"");
/// let long = "x".repeat(100_000);
/// assert_eq!(Quoted(&long).to_string(), format!("\"{}…\" (100000 bytes)", "x".repeat(48)));
/// ```
#[derive(Copy, Clone, Debug)]
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(SHOWN) {
            None => write!(f, "{:?}", self.0),
            Some((cut, _)) => {
                let shown = format!("{:?}", &self.0[..cut]);
                let open = &shown[..shown.len() - 1];
                write!(f, "{open}…\" ({} bytes)", self.0.len())
            }
        }
    }
}
