//! Move notations: ICCS (`h2e2`), WXF (`C2.5`) and Chinese (`炮二平五`).
//!
//! Every notation is read against a position (descriptive notations name a piece, not a point)
//! and every parser returns the legal [`Move`] or a specific [`NotationError`].

pub mod chinese;
pub mod descriptive;
pub mod iccs;
pub mod wxf;

use crate::{IllegalMove, Move, Position};

/// A move text that could not be read in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The text is not in any supported notation.
    #[error("{text:?} is not a move in ICCS, WXF or Chinese notation: {reason}")]
    Syntax {
        /// The text.
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// The text is well formed but names no piece of the side to move.
    #[error("{text:?}: no such piece of the side to move")]
    NoSuchPiece {
        /// The text.
        text: String,
    },
    /// The text fits more than one piece.
    #[error("{text:?} is ambiguous: it fits {candidates}")]
    Ambiguous {
        /// The text.
        text: String,
        /// The moves it could mean, in ICCS.
        candidates: String,
    },
    /// The text names a piece of the side to move, but no such piece can move that way
    /// (`马二平三`: a horse never moves sideways; `车一进九` would leave the board).
    #[error("{text:?}: {reason}")]
    NoSuchMove {
        /// The text.
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// The move is well formed but illegal here.
    #[error("{text:?} is illegal: {reason}")]
    Illegal {
        /// The text.
        text: String,
        /// Why.
        reason: IllegalMove,
    },
}

/// A move notation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// ICCS coordinates, `h2e2` ([`iccs`]).
    Iccs,
    /// WXF, `C2.5` ([`wxf`]).
    Wxf,
    /// Chinese, `炮二平五` ([`chinese`]).
    Chinese,
}

impl Notation {
    /// The notation whose syntax `text` has, if any (the position is not consulted, so the
    /// move may still be illegal).
    ///
    /// ```
    /// use xqr_core::notation::Notation;
    /// assert_eq!(Notation::detect("h2e2"), Some(Notation::Iccs));
    /// assert_eq!(Notation::detect("Ｃ２＝５"), Some(Notation::Wxf));
    /// assert_eq!(Notation::detect("馬８進７"), Some(Notation::Chinese));
    /// assert_eq!(Notation::detect("hello"), None);
    /// ```
    pub fn detect(text: &str) -> Option<Notation> {
        if text.trim().parse::<Move>().is_ok() {
            Some(Notation::Iccs)
        } else if wxf::read(text).is_ok() {
            Some(Notation::Wxf)
        } else if chinese::read(text).is_ok() {
            Some(Notation::Chinese)
        } else {
            None
        }
    }
}

/// Whether `text` holds characters that only Chinese notation uses (anything beyond ASCII,
/// its full-width forms and dashes).
fn looks_chinese(text: &str) -> bool {
    text.chars().any(|c| !c.is_whitespace() && !wxf_char(c))
}

fn wxf_char(c: char) -> bool {
    c.is_ascii()
        || ('\u{FF01}'..='\u{FF5E}').contains(&c)
        || matches!(
            c,
            '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE62}' | '\u{FE63}'
        )
}

/// Reads a move in any supported notation (ICCS, WXF or Chinese, recognised by their
/// characters), checks that it is legal in `pos` and returns it.
///
/// ```
/// use xqr_core::notation::{self, NotationError};
/// use xqr_core::Position;
/// let pos = Position::new();
/// let m = notation::parse_move(&pos, "h2e2").unwrap();
/// assert_eq!(m.to_string(), "h2e2");
/// assert_eq!(notation::parse_move(&pos, "C2.5"), Ok(m));
/// assert_eq!(notation::parse_move(&pos, "Ｃ２＝５"), Ok(m));
/// assert_eq!(notation::parse_move(&pos, "炮二平五"), Ok(m));
/// assert!(matches!(notation::parse_move(&pos, "炮二平二"), Err(NotationError::NoSuchMove { .. })));
/// assert!(matches!(notation::parse_move(&pos, "hello"), Err(NotationError::Syntax { .. })));
/// ```
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let t = text.trim();
    if t.parse::<Move>().is_ok() {
        return iccs::parse(pos, t);
    }
    if looks_chinese(t) {
        return chinese::parse(pos, text);
    }
    match wxf::parse(pos, text) {
        Err(NotationError::Syntax { .. }) if looks_iccs(t) => iccs::parse(pos, t),
        result => result,
    }
}

/// Whether `text` starts like an ICCS move (a file letter a–i and a rank digit).
fn looks_iccs(text: &str) -> bool {
    let mut chars = text.chars();
    matches!(
        (chars.next(), chars.next()),
        (Some('a'..='i' | 'A'..='I'), Some('0'..='9'))
    )
}

/// Writes `m`, a legal move in `pos`, in `notation` with its default options: ICCS lower case
/// (`h2e2`), ASCII WXF (`C2.5`), simplified Chinese with Black in full-width digits
/// (`炮二平五`, `马８进７`). Use [`wxf::write_with`] and [`chinese::write_with`] for other forms.
///
/// Descriptive notations need the piece on `m.from`; a move that cannot be described (no piece
/// there, or a shape that piece never moves in) is written in ICCS.
///
/// ```
/// use xqr_core::notation::{write_move, Notation};
/// use xqr_core::Position;
/// let pos = Position::new();
/// let m = "h2e2".parse().unwrap();
/// assert_eq!(write_move(&pos, m, Notation::Iccs), "h2e2");
/// assert_eq!(write_move(&pos, m, Notation::Wxf), "C2.5");
/// assert_eq!(write_move(&pos, m, Notation::Chinese), "炮二平五");
/// ```
pub fn write_move(pos: &Position, m: Move, notation: Notation) -> String {
    match notation {
        Notation::Iccs => iccs::write(m),
        Notation::Wxf => wxf::write(pos, m),
        Notation::Chinese => chinese::write(pos, m),
    }
}
