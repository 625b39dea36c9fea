//! WXF notation (World Xiangqi Federation): a piece letter, its file, a direction and a number,
//! `C2.5`, `H8+7`, `R1-2`.
//!
//! * Letters: `K` king, `A` advisor, `E` elephant (`B` accepted), `H` horse (`N` accepted),
//!   `R` rook, `C` cannon, `P` pawn; either case on input.
//! * Directions: `+` advance, `-` retreat, `.` traverse (`=` accepted, as in the wukong data).
//! * Files 1–9 from the mover's right; advisors, elephants and horses give the file of arrival,
//!   the other pieces moving along their file the number of steps.
//! * Several pieces of a kind on one file (see [`descriptive`](super::descriptive) for when):
//!   `+R+1` / `-C.4` for the front / rear of two (the suffix form `C+.5` is read too), `+P`,
//!   `2P`, `-P` for three pawns, `1P` … `5P` for four or five, and the file after the letter when
//!   two files each hold several pawns (`+P7.6`; `+7.6` is read too).
//! * Full-width forms (`Ｃ２＝５`, `＋Ｒ＋１`) are read and, with [`WxfOptions::FULL_WIDTH`], written.
//! * Jieqi: a move that reveals a hidden piece ends with the revealed piece's letter (`H2+3C`).
//!
//! Its test cases, read and written: `core/tests/data/notation.toml`.
//!
//! ```
//! use xqr_core::notation::wxf;
//! use xqr_core::Position;
//! let pos = Position::new();
//! let m = wxf::parse(&pos, "C2.5").unwrap();
//! assert_eq!(m.to_string(), "h2e2");
//! assert_eq!(wxf::parse(&pos, "Ｃ２＝５"), Ok(m));
//! assert_eq!(wxf::write(&pos, m), "C2.5");
//! assert_eq!(wxf::write_with(&pos, m, &wxf::WxfOptions::FULL_WIDTH), "Ｃ２＝５");
//! ```

use super::descriptive::{Action, Descriptive, Disambiguation, Ordinal, Origin};
use super::NotationError;
use crate::{Move, Position, Role};

/// Half-width (ASCII) or full-width (全角) characters.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Width {
    /// ASCII: `C2.5`.
    #[default]
    Half,
    /// Full-width forms U+FF01–U+FF5E: `Ｃ２．５`.
    Full,
}

/// The sign written for a traverse (平).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Traverse {
    /// `.`, the WXF standard: `C2.5`.
    #[default]
    Dot,
    /// `=`, common in Chinese software and the wukong data: `C2=5`.
    Equals,
}

/// Which letters name the pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Letters {
    /// WXF letters `K A E H R C P`.
    #[default]
    Wxf,
    /// FEN letters `K A B N R C P`.
    Fen,
}

/// How to write WXF.
///
/// ```
/// use xqr_core::notation::wxf::{Letters, Traverse, Width, WxfOptions};
/// assert_eq!(WxfOptions::default(), WxfOptions::ASCII);
/// use xqr_core::notation::descriptive::Disambiguation;
/// let o = WxfOptions {
///     width: Width::Half,
///     traverse: Traverse::Equals,
///     letters: Letters::Fen,
///     disambiguation: Disambiguation::ByMovement,
/// };
/// assert_ne!(o, WxfOptions::FULL_WIDTH);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct WxfOptions {
    /// Half- or full-width characters.
    pub width: Width,
    /// `.` or `=` for a traverse.
    pub traverse: Traverse,
    /// WXF or FEN letters.
    pub letters: Letters,
    /// When to write `+`/`-` for pieces sharing a file.
    pub disambiguation: Disambiguation,
}

impl WxfOptions {
    /// ASCII with WXF letters and `.`: `C2.5`, `+R+1` (the default).
    pub const ASCII: WxfOptions = WxfOptions {
        width: Width::Half,
        traverse: Traverse::Dot,
        letters: Letters::Wxf,
        disambiguation: Disambiguation::ByFile,
    };
    /// Full-width with `＝`, as in the wukong `xqdb_international.pgn`: `Ｃ２＝５`, `＋Ｒ＋１`.
    pub const FULL_WIDTH: WxfOptions = WxfOptions {
        width: Width::Full,
        traverse: Traverse::Equals,
        letters: Letters::Wxf,
        disambiguation: Disambiguation::ByFile,
    };
}

/// A WXF character after folding full-width and dash variants.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Tok {
    Letter(Role),
    Digit(u8),
    Plus,
    Minus,
    Dot,
}

/// Folds full-width forms and typographic dashes to ASCII.
fn fold(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE63}' => '-',
        '\u{FE62}' => '+',
        _ => c,
    }
}

fn role_of_letter(c: char) -> Option<Role> {
    match c.to_ascii_uppercase() {
        'K' => Some(Role::King),
        'A' => Some(Role::Advisor),
        'E' | 'B' => Some(Role::Elephant),
        'H' | 'N' => Some(Role::Horse),
        'R' => Some(Role::Rook),
        'C' => Some(Role::Cannon),
        'P' => Some(Role::Pawn),
        _ => None,
    }
}

fn letter(role: Role, letters: Letters) -> char {
    match (role, letters) {
        (Role::Elephant, Letters::Wxf) => 'E',
        (Role::Horse, Letters::Wxf) => 'H',
        (r, _) => r.char().to_ascii_uppercase(),
    }
}

/// The ordinal a prefix (or suffix) sign or digit stands for.
fn ordinal(t: Tok) -> Option<Ordinal> {
    match t {
        Tok::Plus => Some(Ordinal::Front),
        Tok::Minus => Some(Ordinal::Rear),
        Tok::Dot => Some(Ordinal::Middle),
        Tok::Digit(k) => Some(Ordinal::Nth(k)),
        Tok::Letter(_) => None,
    }
}

/// Reads WXF text into a [`Descriptive`] without looking at a position (syntax only).
///
/// ```
/// use xqr_core::notation::descriptive::{Action, Ordinal, Origin};
/// use xqr_core::notation::wxf;
/// let d = wxf::read("+C-2").unwrap();
/// assert_eq!(d.origin, Origin::Ordinal { ordinal: Ordinal::Front, file: None });
/// assert_eq!((d.action, d.arg), (Action::Retreat, 2));
/// assert_eq!(wxf::read("C+-2"), Ok(d));
/// assert!(wxf::read("C2*5").is_err());
/// ```
pub fn read(text: &str) -> Result<Descriptive, NotationError> {
    let syntax = |reason: String| NotationError::Syntax {
        text: text.to_owned(),
        reason,
    };
    let t = text.trim();
    if t.is_empty() {
        return Err(syntax("empty move".to_owned()));
    }
    let mut toks: Vec<Tok> = Vec::new();
    for c in t.chars() {
        if toks.len() >= 6 {
            return Err(syntax("too long for a WXF move".to_owned()));
        }
        let tok = match fold(c) {
            '+' => Tok::Plus,
            '-' => Tok::Minus,
            '.' | '=' => Tok::Dot,
            d @ '1'..='9' => Tok::Digit(d as u8 - b'0'),
            '0' => {
                return Err(syntax(
                    "0 is neither a file nor a number of steps".to_owned(),
                ))
            }
            l => match role_of_letter(l) {
                Some(r) => Tok::Letter(r),
                None => return Err(syntax(format!("unexpected character {c:?}"))),
            },
        };
        toks.push(tok);
    }
    let mut reveal = None;
    if toks.len() >= 5 {
        if let Some(&Tok::Letter(r)) = toks.last() {
            reveal = Some(r);
            toks.pop();
        }
    }
    let n = toks.len();
    if n < 4 {
        return Err(syntax(
            "expected a piece letter with its file (or +/- for front/rear), a direction +, - or . \
             and a number"
                .to_owned(),
        ));
    }
    let action = match toks[n - 2] {
        Tok::Plus => Action::Advance,
        Tok::Minus => Action::Retreat,
        Tok::Dot => Action::Traverse,
        _ => {
            return Err(syntax(
                "expected a direction +, - or . before the last number".to_owned(),
            ))
        }
    };
    let Tok::Digit(arg) = toks[n - 1] else {
        return Err(syntax("expected a number 1-9 at the end".to_owned()));
    };
    let ord = |o: Tok, file: Option<u8>| ordinal(o).map(|x| Origin::Ordinal { ordinal: x, file });
    let parsed = match toks[..n - 2] {
        [Tok::Letter(r), Tok::Digit(f)] => Some((r, Origin::File(f))),
        // Prefix (`+C`, `2P`) or suffix (`C+`) front/rear.
        [o, Tok::Letter(r)] | [Tok::Letter(r), o @ (Tok::Plus | Tok::Minus)] => {
            ord(o, None).map(|x| (r, x))
        }
        [o, Tok::Letter(r), Tok::Digit(f)]
        | [Tok::Letter(r), o @ (Tok::Plus | Tok::Minus), Tok::Digit(f)] => {
            ord(o, Some(f)).map(|x| (r, x))
        }
        // `+7.6`: the front pawn of file 7.
        [o, Tok::Digit(f)] => ord(o, Some(f)).map(|x| (Role::Pawn, x)),
        _ => None,
    };
    let Some((role, origin)) = parsed else {
        return Err(syntax(
            "expected a piece letter and its file (C2), or front/rear and a letter (+C, C+)"
                .to_owned(),
        ));
    };
    Ok(Descriptive {
        role,
        origin,
        action,
        arg,
        reveal,
    })
}

/// Reads a WXF move (half- or full-width) and returns the legal move it means in `pos`.
///
/// ```
/// use xqr_core::notation::{wxf, NotationError};
/// use xqr_core::Position;
/// let pos = Position::new();
/// assert_eq!(wxf::parse(&pos, "H8+7").unwrap().to_string(), "b0c2");
/// assert!(matches!(wxf::parse(&pos, "H8+5"), Err(NotationError::NoSuchMove { .. })));
/// assert!(matches!(wxf::parse(&pos, "H8+6"), Err(NotationError::Illegal { .. }))); // leg c0 blocked
/// assert!(matches!(wxf::parse(&pos, "R1+3"), Err(NotationError::Illegal { .. })));
/// assert!(matches!(wxf::parse(&pos, "C5.4"), Err(NotationError::NoSuchPiece { .. })));
/// ```
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    read(text)?.resolve_text(pos, text)
}

/// Writes a description in WXF.
///
/// ```
/// use xqr_core::notation::descriptive::{Action, Descriptive, Ordinal, Origin};
/// use xqr_core::notation::wxf::{format_descriptive, WxfOptions};
/// use xqr_core::Role;
/// let d = Descriptive {
///     role: Role::Pawn,
///     origin: Origin::Ordinal { ordinal: Ordinal::Rear, file: Some(7) },
///     action: Action::Traverse,
///     arg: 6,
///     reveal: None,
/// };
/// assert_eq!(format_descriptive(&d, &WxfOptions::ASCII), "-P7.6");
/// assert_eq!(format_descriptive(&d, &WxfOptions::FULL_WIDTH), "－Ｐ７＝６");
/// ```
pub fn format_descriptive(d: &Descriptive, opts: &WxfOptions) -> String {
    let mut s = String::with_capacity(6);
    let digit = |n: u8| char::from_digit(u32::from(n), 10).unwrap_or('?');
    match d.origin {
        Origin::File(f) => {
            s.push(letter(d.role, opts.letters));
            s.push(digit(f));
        }
        Origin::Ordinal { ordinal, file } => {
            s.push(match ordinal {
                Ordinal::Front => '+',
                Ordinal::Rear => '-',
                // Descriptions use 中 only for the middle of three: the second.
                Ordinal::Middle => '2',
                Ordinal::Nth(k) => digit(k),
            });
            s.push(letter(d.role, opts.letters));
            if let Some(f) = file {
                s.push(digit(f));
            }
        }
    }
    s.push(match d.action {
        Action::Advance => '+',
        Action::Retreat => '-',
        Action::Traverse => match opts.traverse {
            Traverse::Dot => '.',
            Traverse::Equals => '=',
        },
    });
    s.push(digit(d.arg));
    if let Some(r) = d.reveal {
        s.push(letter(r, opts.letters));
    }
    match opts.width {
        Width::Half => s,
        Width::Full => s
            .chars()
            .map(|c| match c {
                '!'..='~' => char::from_u32(c as u32 + 0xFEE0).unwrap_or(c),
                _ => c,
            })
            .collect(),
    }
}

/// Writes `m` (a legal move in `pos`) in ASCII WXF.
///
/// A move that cannot be described (no piece on its from-point, a shape the piece never moves
/// in) is written in ICCS instead.
///
/// ```
/// use xqr_core::notation::wxf;
/// use xqr_core::Position;
/// let pos = Position::new();
/// assert_eq!(wxf::write(&pos, "b0c2".parse().unwrap()), "H8+7");
/// ```
pub fn write(pos: &Position, m: Move) -> String {
    write_with(pos, m, &WxfOptions::ASCII)
}

/// Writes `m` (a legal move in `pos`) in WXF with the given options (ICCS if it cannot be
/// described, as for [`write()`]).
///
/// ```
/// use xqr_core::notation::wxf::{write_with, WxfOptions};
/// use xqr_core::Position;
/// let pos = Position::new();
/// assert_eq!(write_with(&pos, "h0g2".parse().unwrap(), &WxfOptions::FULL_WIDTH), "Ｈ２＋３");
/// ```
pub fn write_with(pos: &Position, m: Move, opts: &WxfOptions) -> String {
    match Descriptive::describe_with(pos, m, opts.disambiguation) {
        Some(d) => format_descriptive(&d, opts),
        None => m.to_string(),
    }
}
