//! Chinese notation (中文纵线记谱): piece, file, direction, number, `炮二平五`, `马８进７`.
//!
//! Four characters a move (CXA 1999 §7.5): the piece (车, 马 …), the file it stands on, the
//! direction (进 advance, 退 retreat, 平 traverse, each side counting from its own side) and the
//! file of arrival or the number of steps. Red counts files and steps in Chinese numerals
//! (一 … 九), Black in Arabic digits (full-width `１` … `９` or half-width). 进/退 of advisors,
//! elephants and horses give the file of arrival; of kings, rooks, cannons and pawns moving
//! straight, the number of steps.
//!
//! Several pieces of a kind on one file (see [`descriptive`](super::descriptive)): 前/后 for
//! two (`前车进一`, `后炮平四`), 前/中/后 for three pawns (`中兵进一`), 一/二/三/四/五 from the front
//! for four or five (`二兵平三`). When two files each hold several pawns the file number replaces
//! the piece name (`前七平六`, `后３平４`); `前兵七平六` is read too, as is the suffix form `车前进一`.
//! Official records (and the wukong data) write 前/后 whenever two pieces share a file; the CCPD
//! records only when the other piece could make the move too ([`ChineseOptions::CCPD`], see
//! [`Disambiguation`]).
//!
//! Jieqi (揭棋) records add a fifth character, the piece a hidden piece turns out to be
//! (Jieqi trial rules §9.1: `马二进三炮`); the first character names the hidden piece by the
//! role of its start point. The JieqiBox forms are read too: `马二进三翻炮` (翻, turned over)
//! for the reveal, and a trailing `吃马` (captured a horse) for the identity of the piece
//! captured, which a record of a captured hidden piece may state (§7.5.4).
//!
//! Input is lenient: simplified and traditional characters, common variants (砲, 包, 傌, 俥,
//! 帅/帥, 将/將, 仕/士, 相/象, 兵/卒 for either side, 车/車, 马/馬, 进/進, 后/後) and numerals in
//! any of the three forms for either side.
//!
//! Its test cases, read and written: `core/tests/data/notation.toml`.
//!
//! ```
//! use xqr_core::notation::chinese::{self, ChineseOptions};
//! use xqr_core::Position;
//! let mut pos = Position::new();
//! let m = chinese::parse(&pos, "炮二平五").unwrap();
//! assert_eq!(m.to_string(), "h2e2");
//! pos.play(m).unwrap();
//! let reply = chinese::parse(&pos, "馬８進７").unwrap();
//! assert_eq!(chinese::write(&pos, reply), "马８进７");
//! assert_eq!(chinese::write_with(&pos, reply, &ChineseOptions::TRADITIONAL), "馬８進７");
//! ```

use super::descriptive::{Action, Descriptive, Disambiguation, Ordinal, Origin};
use super::NotationError;
use crate::{Color, Move, Position, Role};
use arrayvec::ArrayVec;
use smallvec::SmallVec;

/// Which characters to write.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Script {
    /// Simplified (简体): 帅 仕 相 马 车 炮 兵 / 将 士 象 马 车 炮 卒, 进 退 平, 前 中 后.
    #[default]
    Simplified,
    /// Traditional (繁體): 帥 仕 相 馬 車 炮 兵 / 將 士 象 馬 車 炮 卒, 進 退 平, 前 中 後.
    Traditional,
}

/// How Black's files and steps are written (Red's are always Chinese numerals).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum BlackDigits {
    /// Full-width `１` … `９` (`马８进７`), the usual form in Chinese text.
    #[default]
    FullWidth,
    /// ASCII `1` … `9` (`马8进7`).
    HalfWidth,
}

/// How to write Chinese notation.
///
/// ```
/// use xqr_core::notation::chinese::{BlackDigits, ChineseOptions, Script};
/// assert_eq!(ChineseOptions::default(), ChineseOptions::SIMPLIFIED);
/// let ascii_black = ChineseOptions { black_digits: BlackDigits::HalfWidth, ..ChineseOptions::SIMPLIFIED };
/// assert_ne!(ascii_black, ChineseOptions::SIMPLIFIED);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ChineseOptions {
    /// Simplified or traditional characters.
    pub script: Script,
    /// Black's digits.
    pub black_digits: BlackDigits,
    /// When to write 前/后 for pieces sharing a file.
    pub disambiguation: Disambiguation,
}

impl ChineseOptions {
    /// Simplified characters, Black in full-width digits: `炮二平五 马８进７` (the default).
    pub const SIMPLIFIED: ChineseOptions = ChineseOptions {
        script: Script::Simplified,
        black_digits: BlackDigits::FullWidth,
        disambiguation: Disambiguation::ByFile,
    };
    /// Traditional characters, Black in full-width digits: `炮二平五 馬８進７`.
    pub const TRADITIONAL: ChineseOptions = ChineseOptions {
        script: Script::Traditional,
        black_digits: BlackDigits::FullWidth,
        disambiguation: Disambiguation::ByFile,
    };
    /// As the CCPD (Big5) records write: traditional characters, Black in full-width digits,
    /// 前/後 only when the plain form would fit two legal moves (`車七退三` with the front rook
    /// on file 七 blocked).
    pub const CCPD: ChineseOptions = ChineseOptions {
        script: Script::Traditional,
        black_digits: BlackDigits::FullWidth,
        disambiguation: Disambiguation::ByMovement,
    };
}

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FULL_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const HALF_DIGITS: [char; 9] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/// Piece names by script, color and role index.
const NAMES: [[[char; 7]; 2]; 2] = [
    [
        ['帅', '仕', '相', '马', '车', '炮', '兵'],
        ['将', '士', '象', '马', '车', '炮', '卒'],
    ],
    [
        ['帥', '仕', '相', '馬', '車', '炮', '兵'],
        ['將', '士', '象', '馬', '車', '炮', '卒'],
    ],
];

/// The name of a piece of `role` and `color` in `script`.
///
/// ```
/// use xqr_core::notation::chinese::{piece_name, Script};
/// use xqr_core::{Color, Role};
/// assert_eq!(piece_name(Role::Rook, Color::Red, Script::Traditional), '車');
/// assert_eq!(piece_name(Role::Pawn, Color::Black, Script::Simplified), '卒');
/// ```
pub fn piece_name(role: Role, color: Color, script: Script) -> char {
    let s = match script {
        Script::Simplified => 0,
        Script::Traditional => 1,
    };
    NAMES[s][color.index()][role.index()]
}

/// The role a piece character names (any script, either side, common variants).
///
/// ```
/// use xqr_core::notation::chinese::role_of_char;
/// use xqr_core::Role;
/// assert_eq!(role_of_char('砲'), Some(Role::Cannon));
/// assert_eq!(role_of_char('傌'), Some(Role::Horse));
/// assert_eq!(role_of_char('进'), None);
/// ```
pub fn role_of_char(c: char) -> Option<Role> {
    Some(match c {
        '帅' | '帥' | '将' | '將' => Role::King,
        '仕' | '士' => Role::Advisor,
        '相' | '象' => Role::Elephant,
        '马' | '馬' | '傌' => Role::Horse,
        '车' | '車' | '俥' | '伡' => Role::Rook,
        '炮' | '砲' | '包' => Role::Cannon,
        '兵' | '卒' => Role::Pawn,
        _ => return None,
    })
}

/// A number character in any of the three forms (一, `１`, `1`), 1–9: what [`tok_of_char`]
/// reads as a number, kept as the tests' statement of it.
#[cfg(test)]
fn number_of_char(c: char) -> Option<u8> {
    Some(match c {
        '1'..='9' => c as u8 - b'0',
        '１'..='９' => (u32::from(c) - u32::from('０')) as u8,
        '一' => 1,
        '二' => 2,
        '三' => 3,
        '四' => 4,
        '五' => 5,
        '六' => 6,
        '七' => 7,
        '八' => 8,
        '九' => 9,
        _ => return None,
    })
}

/// A number (1–9) as written by `color`.
fn number(n: u8, color: Color, opts: &ChineseOptions) -> char {
    let set = match (color, opts.black_digits) {
        (Color::Red, _) => &RED_NUMERALS,
        (Color::Black, BlackDigits::FullWidth) => &FULL_DIGITS,
        (Color::Black, BlackDigits::HalfWidth) => &HALF_DIGITS,
    };
    usize::from(n)
        .checked_sub(1)
        .and_then(|i| set.get(i))
        .copied()
        .unwrap_or('?')
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Tok {
    Piece(Role),
    Num(u8),
    Dir(Action),
    Pos(Ordinal),
}

/// The token a character of a move is: a piece ([`role_of_char`]), a number (1–9 in any of
/// its three forms: 一, `１`, `1`), a direction or a place among several.
///
/// Every character of every move of a record is read here, so the ideographs are looked up in
/// a table by a hash that gives each its own slot ([`CJK_SLOTS`]), one comparison instead of a
/// `match`'s search of about fifty characters; the test below holds the two equal over every
/// character.
fn tok_of_char(c: char) -> Option<Tok> {
    let code = u32::from(c);
    if let Some(n) = code.checked_sub(u32::from('1')).filter(|&d| d < 9) {
        return Some(Tok::Num(n as u8 + 1));
    }
    if let Some(n) = code.checked_sub(u32::from('１')).filter(|&d| d < 9) {
        return Some(Tok::Num(n as u8 + 1));
    }
    let slot = cjk_slot(code);
    if CJK_SLOTS.chars[slot] == code {
        CJK_SLOTS.toks[slot]
    } else {
        None
    }
}

/// The ideographs of moves and their tokens.
const CJK_TOKENS: [(char, Tok); 37] = [
    ('帅', Tok::Piece(Role::King)),
    ('帥', Tok::Piece(Role::King)),
    ('将', Tok::Piece(Role::King)),
    ('將', Tok::Piece(Role::King)),
    ('仕', Tok::Piece(Role::Advisor)),
    ('士', Tok::Piece(Role::Advisor)),
    ('相', Tok::Piece(Role::Elephant)),
    ('象', Tok::Piece(Role::Elephant)),
    ('马', Tok::Piece(Role::Horse)),
    ('馬', Tok::Piece(Role::Horse)),
    ('傌', Tok::Piece(Role::Horse)),
    ('车', Tok::Piece(Role::Rook)),
    ('車', Tok::Piece(Role::Rook)),
    ('俥', Tok::Piece(Role::Rook)),
    ('伡', Tok::Piece(Role::Rook)),
    ('炮', Tok::Piece(Role::Cannon)),
    ('砲', Tok::Piece(Role::Cannon)),
    ('包', Tok::Piece(Role::Cannon)),
    ('兵', Tok::Piece(Role::Pawn)),
    ('卒', Tok::Piece(Role::Pawn)),
    ('一', Tok::Num(1)),
    ('二', Tok::Num(2)),
    ('三', Tok::Num(3)),
    ('四', Tok::Num(4)),
    ('五', Tok::Num(5)),
    ('六', Tok::Num(6)),
    ('七', Tok::Num(7)),
    ('八', Tok::Num(8)),
    ('九', Tok::Num(9)),
    ('进', Tok::Dir(Action::Advance)),
    ('進', Tok::Dir(Action::Advance)),
    ('退', Tok::Dir(Action::Retreat)),
    ('平', Tok::Dir(Action::Traverse)),
    ('前', Tok::Pos(Ordinal::Front)),
    ('中', Tok::Pos(Ordinal::Middle)),
    ('后', Tok::Pos(Ordinal::Rear)),
    ('後', Tok::Pos(Ordinal::Rear)),
];

/// [`CJK_TOKENS`] by [`cjk_slot`]: a slot holds the character hashed there (0 for none) and
/// its token.
struct CjkSlots {
    chars: [u32; 64],
    toks: [Option<Tok>; 64],
}

/// The slot of a character: the top six bits of its code times a multiplier found, by trying
/// multipliers, to give each of [`CJK_TOKENS`] a slot of its own (the build fails otherwise).
const fn cjk_slot(code: u32) -> usize {
    (code.wrapping_mul(0xE12B_8D23) >> 26) as usize
}

static CJK_SLOTS: CjkSlots = {
    let mut slots = CjkSlots {
        chars: [0; 64],
        toks: [None; 64],
    };
    let mut i = 0;
    while i < CJK_TOKENS.len() {
        let (c, tok) = CJK_TOKENS[i];
        let slot = cjk_slot(c as u32);
        assert!(slots.chars[slot] == 0, "two characters share a slot");
        slots.chars[slot] = c as u32;
        slots.toks[slot] = Some(tok);
        i += 1;
    }
    slots
};

fn ordinal(t: Tok) -> Option<Ordinal> {
    match t {
        Tok::Pos(o) => Some(o),
        Tok::Num(k) => Some(Ordinal::Nth(k)),
        _ => None,
    }
}

/// Reads Chinese notation into a [`Descriptive`] without looking at a position (syntax only).
///
/// ```
/// use xqr_core::notation::chinese;
/// use xqr_core::notation::descriptive::{Action, Ordinal, Origin};
/// use xqr_core::Role;
/// let d = chinese::read("後炮平四").unwrap();
/// assert_eq!(d.role, Role::Cannon);
/// assert_eq!(d.origin, Origin::Ordinal { ordinal: Ordinal::Rear, file: None });
/// assert_eq!((d.action, d.arg), (Action::Traverse, 4));
/// assert_eq!(chinese::read("马二进三炮").unwrap().reveal, Some(Role::Cannon));
/// assert!(chinese::read("炮二平").is_err());
/// ```
pub fn read(text: &str) -> Result<Descriptive, NotationError> {
    read_jieqi(text).map(|(d, _)| d)
}

/// Reads Chinese notation and the JieqiBox suffixes: the description (with a `翻炮` reveal
/// folded into [`Descriptive::reveal`]) and the role named by a trailing `吃马`, if any.
///
/// ```
/// use xqr_core::notation::chinese;
/// use xqr_core::Role;
/// let (d, captured) = chinese::read_jieqi("炮八进七翻车吃马").unwrap();
/// assert_eq!((d.reveal, captured), (Some(Role::Rook), Some(Role::Horse)));
/// assert_eq!(chinese::read_jieqi("马二进三炮").unwrap().1, None);
/// assert!(chinese::read_jieqi("马二进三翻").is_err());
/// ```
pub fn read_jieqi(text: &str) -> Result<(Descriptive, Option<Role>), NotationError> {
    read_jieqi_trimmed(text.trim(), text)
}

/// The tokens of `trimmed` if each of its characters is one and there are at most six: a
/// move without the JieqiBox suffixes, read without collecting its characters first.
fn plain_tokens(trimmed: &str) -> Option<ArrayVec<Tok, 6>> {
    let mut toks = ArrayVec::new();
    for c in trimmed.chars() {
        toks.try_push(tok_of_char(c)?).ok()?;
    }
    Some(toks)
}

/// The tokens of `trimmed` once its `翻X` and `吃Y` suffixes are taken off, with the role `吃`
/// names and whether `翻` marked the reveal; errors quote `text`.
fn marked_tokens(
    trimmed: &str,
    text: &str,
) -> Result<(ArrayVec<Tok, 6>, Option<Role>, bool), NotationError> {
    let syntax = |reason: String| NotationError::Syntax {
        text: text.to_owned(),
        reason,
    };
    // A move is a handful of characters: read them without allocating.
    let mut t: SmallVec<[char; 16]> = trimmed.chars().collect();
    let mut captured = None;
    // `翻X` (reveal) then `吃Y` (captured identity) at the end, each optional.
    let mut reveal_marked = false;
    for _ in 0..2 {
        let n = t.len();
        if n < 2 {
            break;
        }
        let (last, marker) = (t[n - 1], t[n - 2]);
        match marker {
            '吃' | '喫' if captured.is_none() => {
                captured = Some(role_of_char(last).ok_or_else(|| {
                    syntax(format!("吃 must be followed by a piece name, not {last:?}"))
                })?);
                t.truncate(n - 2);
            }
            '翻' if !reveal_marked => {
                if role_of_char(last).is_none() {
                    return Err(syntax(format!(
                        "翻 must be followed by a piece name, not {last:?}"
                    )));
                }
                reveal_marked = true;
                // Keep the piece name: it is the fifth character of the §9.1 form.
                t.remove(n - 2);
            }
            _ => break,
        }
    }
    if t.iter().any(|c| matches!(c, '翻' | '吃' | '喫')) {
        return Err(syntax(
            "翻 and 吃 come at the end, each followed by a piece name (马二进三翻炮吃马)"
                .to_owned(),
        ));
    }
    if t.is_empty() {
        return Err(syntax("empty move".to_owned()));
    }
    let mut toks: ArrayVec<Tok, 6> = ArrayVec::new();
    for &c in &t {
        if toks.is_full() {
            return Err(syntax("too long for a Chinese move".to_owned()));
        }
        let Some(tok) = tok_of_char(c) else {
            return Err(syntax(format!("unexpected character {c:?}")));
        };
        toks.push(tok);
    }
    Ok((toks, captured, reveal_marked))
}

/// [`read_jieqi`] of `trimmed`, `text` without its surrounding spaces; errors quote `text`.
fn read_jieqi_trimmed(
    trimmed: &str,
    text: &str,
) -> Result<(Descriptive, Option<Role>), NotationError> {
    let syntax = |reason: String| NotationError::Syntax {
        text: text.to_owned(),
        reason,
    };
    // Nearly every move of a record is plain (no 翻 or 吃): its characters are read in one
    // pass. The others, and whatever is wrong, are read by `marked_tokens`, which says what.
    let (mut toks, captured, reveal_marked) = match plain_tokens(trimmed) {
        Some(toks) if !toks.is_empty() => (toks, None, false),
        _ => marked_tokens(trimmed, text)?,
    };
    let mut reveal = None;
    if toks.len() >= 5 {
        if let Some(&Tok::Piece(r)) = toks.last() {
            reveal = Some(r);
            toks.pop();
        }
    }
    let n = toks.len();
    if n < 4 {
        return Err(syntax(
            "expected four characters: piece, file, direction (进/退/平) and number".to_owned(),
        ));
    }
    let (Tok::Dir(action), Tok::Num(arg)) = (toks[n - 2], toks[n - 1]) else {
        return Err(syntax(
            "expected a direction 进, 退 or 平 followed by a number at the end".to_owned(),
        ));
    };
    let ord = |o: Tok, file: Option<u8>| ordinal(o).map(|x| Origin::Ordinal { ordinal: x, file });
    let parsed = match toks[..n - 2] {
        [Tok::Piece(r), Tok::Num(f)] => Some((r, Origin::File(f))),
        // 前车, 二兵; 车前.
        [o, Tok::Piece(r)] | [Tok::Piece(r), o @ Tok::Pos(_)] => ord(o, None).map(|x| (r, x)),
        // 前兵七 (explicit file).
        [o, Tok::Piece(r), Tok::Num(f)] => ord(o, Some(f)).map(|x| (r, x)),
        // 前七: the front pawn of file 七.
        [o, Tok::Num(f)] => ord(o, Some(f)).map(|x| (Role::Pawn, x)),
        _ => None,
    };
    let Some((role, origin)) = parsed else {
        return Err(syntax(
            "expected a piece and its file (炮二), or 前/中/后 and a piece (前车)".to_owned(),
        ));
    };
    if reveal_marked && reveal.is_none() {
        return Err(syntax(
            "翻 names the revealed piece of a four-character move".to_owned(),
        ));
    }
    Ok((
        Descriptive {
            role,
            origin,
            action,
            arg,
            reveal,
        },
        captured,
    ))
}

/// Reads a move in Chinese notation and returns the legal move it means in `pos`.
///
/// ```
/// use xqr_core::notation::{chinese, NotationError};
/// use xqr_core::Position;
/// let pos = Position::new();
/// assert_eq!(chinese::parse(&pos, "马二进三").unwrap().to_string(), "h0g2");
/// assert_eq!(chinese::parse(&pos, "傌2進3").unwrap().to_string(), "h0g2");
/// assert!(matches!(chinese::parse(&pos, "马二平三"), Err(NotationError::NoSuchMove { .. })));
/// assert!(matches!(chinese::parse(&pos, "车一进五"), Err(NotationError::Illegal { .. })));
/// assert!(matches!(chinese::parse(&pos, "前车进一"), Err(NotationError::NoSuchPiece { .. })));
/// assert!(matches!(chinese::parse(&pos, "车一走一"), Err(NotationError::Syntax { .. })));
/// ```
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    parse_trimmed(pos, text.trim(), text)
}

/// [`parse`] of `trimmed`, `text` without its surrounding spaces (which the caller has found
/// already); errors quote `text`.
pub(crate) fn parse_trimmed(
    pos: &Position,
    trimmed: &str,
    text: &str,
) -> Result<Move, NotationError> {
    let (d, captured) = read_jieqi_trimmed(trimmed, text)?;
    let m = d.resolve_text(pos, text)?;
    let Some(role) = captured else {
        return Ok(m);
    };
    let m = m.capturing(crate::Piece::new(!pos.turn(), role));
    pos.check_move(m).map_err(|reason| NotationError::Illegal {
        text: text.to_owned(),
        reason,
    })?;
    Ok(super::normalize_capture(pos, m))
}

/// Writes a description for a move of `color`.
///
/// ```
/// use xqr_core::notation::chinese::{format_descriptive, ChineseOptions};
/// use xqr_core::notation::descriptive::{Action, Descriptive, Ordinal, Origin};
/// use xqr_core::{Color, Role};
/// let d = Descriptive {
///     role: Role::Rook,
///     origin: Origin::Ordinal { ordinal: Ordinal::Front, file: None },
///     action: Action::Advance,
///     arg: 1,
///     reveal: None,
/// };
/// assert_eq!(format_descriptive(&d, Color::Red, &ChineseOptions::SIMPLIFIED), "前车进一");
/// assert_eq!(format_descriptive(&d, Color::Black, &ChineseOptions::TRADITIONAL), "前車進１");
/// ```
pub fn format_descriptive(d: &Descriptive, color: Color, opts: &ChineseOptions) -> String {
    let trad = opts.script == Script::Traditional;
    let name = |r: Role| piece_name(r, color, opts.script);
    let mut s = String::with_capacity(18);
    match d.origin {
        Origin::File(f) => {
            s.push(name(d.role));
            s.push(number(f, color, opts));
        }
        Origin::Ordinal { ordinal, file } => {
            s.push(match ordinal {
                Ordinal::Front => '前',
                Ordinal::Middle => '中',
                Ordinal::Rear if trad => '後',
                Ordinal::Rear => '后',
                Ordinal::Nth(k) => usize::from(k)
                    .checked_sub(1)
                    .and_then(|i| RED_NUMERALS.get(i))
                    .copied()
                    .unwrap_or('?'),
            });
            match file {
                Some(f) if d.role == Role::Pawn => s.push(number(f, color, opts)),
                Some(f) => {
                    s.push(name(d.role));
                    s.push(number(f, color, opts));
                }
                None => s.push(name(d.role)),
            }
        }
    }
    s.push(match d.action {
        Action::Advance if trad => '進',
        Action::Advance => '进',
        Action::Retreat => '退',
        Action::Traverse => '平',
    });
    s.push(number(d.arg, color, opts));
    if let Some(r) = d.reveal {
        s.push(name(r));
    }
    s
}

/// Writes `m` (a legal move in `pos`) in simplified Chinese with Black in full-width digits.
///
/// A move that cannot be described (no piece on its from-point, a shape the piece never moves
/// in) is written in ICCS instead.
///
/// ```
/// use xqr_core::notation::chinese;
/// use xqr_core::Position;
/// let pos = Position::new();
/// assert_eq!(chinese::write(&pos, "h2e2".parse().unwrap()), "炮二平五");
/// ```
pub fn write(pos: &Position, m: Move) -> String {
    write_with(pos, m, &ChineseOptions::SIMPLIFIED)
}

/// Writes `m` (a legal move in `pos`) with the given options (ICCS if it cannot be described,
/// as for [`write()`]).
///
/// ```
/// use xqr_core::notation::chinese::{write_with, ChineseOptions};
/// use xqr_core::Position;
/// let pos = Position::new();
/// assert_eq!(write_with(&pos, "b0c2".parse().unwrap(), &ChineseOptions::TRADITIONAL), "馬八進七");
/// ```
pub fn write_with(pos: &Position, m: Move, opts: &ChineseOptions) -> String {
    let color = pos.board().get(m.from).map_or(pos.turn(), |o| o.color);
    match Descriptive::describe_with(pos, m, opts.disambiguation) {
        Some(d) => format_descriptive(&d, color, opts),
        None => m.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_in_all_three_forms_and_nothing_else() {
        let by_search = |c: char| {
            [RED_NUMERALS, FULL_DIGITS, HALF_DIGITS]
                .iter()
                .find_map(|set| set.iter().position(|&d| d == c))
                .map(|i| i as u8 + 1)
        };
        for c in (0..0x3_0000).filter_map(char::from_u32) {
            assert_eq!(number_of_char(c), by_search(c), "{c:?}");
        }
    }

    #[test]
    fn a_character_is_a_piece_then_a_number_then_a_direction_or_place() {
        let in_turn = |c: char| {
            if let Some(r) = role_of_char(c) {
                return Some(Tok::Piece(r));
            }
            if let Some(n) = number_of_char(c) {
                return Some(Tok::Num(n));
            }
            Some(match c {
                '进' | '進' => Tok::Dir(Action::Advance),
                '退' => Tok::Dir(Action::Retreat),
                '平' => Tok::Dir(Action::Traverse),
                '前' => Tok::Pos(Ordinal::Front),
                '中' => Tok::Pos(Ordinal::Middle),
                '后' | '後' => Tok::Pos(Ordinal::Rear),
                _ => return None,
            })
        };
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            assert_eq!(tok_of_char(c), in_turn(c), "{c:?}");
        }
    }
}
