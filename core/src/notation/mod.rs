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
///
/// New variants may be added (the enum is `#[non_exhaustive]`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotationError {
    /// The text is not in any supported notation.
    #[error("{} is not a move in ICCS, WXF or Chinese notation: {reason}", crate::Quoted(.text))]
    Syntax {
        /// The text.
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// The text is well formed but names no piece of the side to move.
    #[error("{}: no such piece of the side to move", crate::Quoted(.text))]
    NoSuchPiece {
        /// The text.
        text: String,
    },
    /// The text fits more than one piece.
    #[error("{} is ambiguous: it fits {candidates}", crate::Quoted(.text))]
    Ambiguous {
        /// The text.
        text: String,
        /// The moves it could mean, in ICCS.
        candidates: String,
    },
    /// The text names a piece of the side to move, but no such piece can move that way
    /// (`马二平三`: a horse never moves sideways; `车一进九` would leave the board).
    #[error("{}: {reason}", crate::Quoted(.text))]
    NoSuchMove {
        /// The text.
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// The move is well formed but illegal here.
    #[error("{} is illegal: {reason}", crate::Quoted(.text))]
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
        if Move::read_iccs(text).is_ok() {
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
    // A text whose first character is in U+4000..=U+9FFF (CJK ideographs, and the Yijing
    // hexagrams; led by the bytes 0xE4..=0xE9 in UTF-8: no space, ASCII or WXF character among
    // them) is read as Chinese at once.
    if matches!(text.as_bytes().first(), Some(0xE4..=0xE9)) {
        return chinese::parse_trimmed(pos, text.trim_end(), text);
    }
    let t = text.trim();
    // ICCS is ASCII: a move in Chinese characters is not read as ICCS first.
    if t.is_ascii() && Move::read_iccs(t).is_ok() {
        return iccs::parse(pos, t);
    }
    if looks_chinese(t) {
        return chinese::parse_trimmed(pos, t, text);
    }
    match wxf::parse(pos, text) {
        Err(NotationError::Syntax { .. }) if looks_iccs(t) => iccs::parse(pos, t),
        result => result,
    }
}

/// `m`, legal in `pos`, without a stated captured identity when the captured piece is face up
/// (the identity is on the board for everyone to see).
pub(crate) fn normalize_capture(pos: &Position, m: Move) -> Move {
    match m.capture {
        Some(_) if pos.board().get(m.to).is_some_and(|o| !o.hidden) => Move { capture: None, ..m },
        _ => m,
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

#[cfg(test)]
mod tests {
    use super::chinese::{BlackDigits, ChineseOptions};
    use super::descriptive::{Descriptive, Disambiguation};
    use super::wxf::{Letters, Traverse, Width, WxfOptions};
    use super::*;
    use crate::{MoveRules, Piece, Role};
    use proptest::prelude::*;

    proptest! {
        /// ICCS is read from ASCII only, so a text with any other character is not tried as
        /// ICCS (`parse_move`): whatever else it holds, it is not an ICCS move.
        #[test]
        fn iccs_is_never_read_from_text_beyond_ascii(
            before in "[a-iA-I0-9 -]{0,5}",
            odd in "[^\\x00-\\x7f]",
            after in "[a-iA-I0-9krnbaecp -]{0,5}",
        ) {
            let text = format!("{before}{odd}{after}");
            prop_assert!(Move::read_iccs(&text).is_err(), "{text}");
        }
    }

    /// Start points of the playouts: the standard start, stacked pawns on one and on two files
    /// for either side, four pawns on a file, and a fresh Jieqi deal.
    const STARTS: [(&str, bool); 6] = [
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", false),
        ("rnbakabnr/9/1c5c1/2P1P4/2P1P4/4P4/9/1C5C1/9/RNBAKABNR w - - 0 1", false),
        ("rnbakabnr/9/1c5c1/9/4p4/2p1p4/2p1p4/1C5C1/9/RNBAKABNR b - - 0 1", false),
        ("3k5/4P4/4P4/4P4/4P4/9/9/9/r8/R4K3 w - - 0 1", false),
        ("2bak4/9/4c4/2P1P1P2/2P1P4/9/9/4C4/R8/4K4 w - - 0 1", false),
        (
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1",
            true,
        ),
    ];

    /// Every written form the round trip covers.
    type Writer = Box<dyn Fn(&Position, Move) -> String>;

    fn forms() -> Vec<(&'static str, Writer)> {
        let by_movement = Disambiguation::ByMovement;
        let wxf_fen = WxfOptions {
            width: Width::Half,
            traverse: Traverse::Equals,
            letters: Letters::Fen,
            disambiguation: by_movement,
        };
        let half = ChineseOptions {
            black_digits: BlackDigits::HalfWidth,
            ..ChineseOptions::SIMPLIFIED
        };
        vec![
            ("iccs", Box::new(|p, m| write_move(p, m, Notation::Iccs))),
            ("wxf", Box::new(|p, m| write_move(p, m, Notation::Wxf))),
            (
                "wxf full",
                Box::new(|p, m| wxf::write_with(p, m, &WxfOptions::FULL_WIDTH)),
            ),
            (
                "wxf fen",
                Box::new(move |p, m| wxf::write_with(p, m, &wxf_fen)),
            ),
            (
                "chinese",
                Box::new(|p, m| write_move(p, m, Notation::Chinese)),
            ),
            (
                "traditional",
                Box::new(|p, m| chinese::write_with(p, m, &ChineseOptions::TRADITIONAL)),
            ),
            (
                "ccpd",
                Box::new(|p, m| chinese::write_with(p, m, &ChineseOptions::CCPD)),
            ),
            (
                "half",
                Box::new(move |p, m| chinese::write_with(p, m, &half)),
            ),
        ]
    }

    /// The legal moves of `pos`, hidden pieces given a reveal picked by `pick`.
    fn moves_with_reveals(pos: &Position, pick: usize) -> Vec<Move> {
        let color = pos.turn();
        let reveals: Vec<Piece> = pos
            .pool()
            .distinct(color)
            .filter(|p| p.role != Role::King)
            .collect();
        pos.legal_moves()
            .into_iter()
            .chain(pos.pseudo_legal_moves())
            .map(|m| {
                let hidden = pos.board().get(m.from).is_some_and(|o| o.hidden);
                match reveals.get(pick % reveals.len().max(1)) {
                    Some(&p) if hidden => Move {
                        reveal: Some(p),
                        ..m
                    },
                    _ => m,
                }
            })
            .filter(|&m| pos.is_legal(m))
            .collect::<std::collections::BTreeSet<Move>>()
            .into_iter()
            .collect()
    }

    fn check_round_trip(pos: &Position, pick: usize) -> Result<(), TestCaseError> {
        let forms = forms();
        for m in moves_with_reveals(pos, pick) {
            let d = Descriptive::describe(pos, m);
            prop_assert!(d.is_some(), "{m} in {}", pos.fen());
            prop_assert_eq!(
                d.map(|d| d.resolve(pos)),
                Some(Ok(m)),
                "{} in {}",
                m,
                pos.fen()
            );
            for (name, write) in &forms {
                let text = write(pos, m);
                prop_assert_eq!(
                    parse_move(pos, &text),
                    Ok(m),
                    "{} {} in {}",
                    name,
                    text,
                    pos.fen()
                );
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        #[test]
        fn written_moves_parse_back(
            start in 0..STARTS.len(),
            choices in prop::collection::vec(any::<u16>(), 0..120),
        ) {
            let (fen, jieqi) = STARTS[start];
            let rules = if jieqi { MoveRules::JIEQI } else { MoveRules::STANDARD };
            let mut pos = Position::from_fen(fen, rules).unwrap();
            for (ply, &c) in choices.iter().enumerate() {
                let moves = moves_with_reveals(&pos, usize::from(c >> 8));
                if moves.is_empty() {
                    break;
                }
                if ply % 2 == 0 {
                    check_round_trip(&pos, usize::from(c))?;
                }
                pos.play(moves[usize::from(c) % moves.len()]).unwrap();
            }
            check_round_trip(&pos, 0)?;
        }
    }

    /// Characters of every notation, to reach deep into the parsers.
    const ALPHABET: &[char] = &[
        'a', 'e', 'h', 'i', '0', '1', '2', '5', '9', '+', '-', '.', '=', 'C', 'H', 'P', 'R', 'K',
        'A', 'E', 'B', 'N', 'Ｃ', '２', '＝', '＋', '－', '炮', '马', '馬', '车', '兵', '卒', '帅',
        '将', '仕', '相', '一', '二', '五', '九', '１', '８', '进', '進', '退', '平', '前', '中',
        '后', '後', ' ', '　', '−', '🐎',
    ];

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

        #[test]
        fn parse_move_never_panics(text in "\\PC*", start in 0..STARTS.len()) {
            let (fen, jieqi) = STARTS[start];
            let rules = if jieqi { MoveRules::JIEQI } else { MoveRules::STANDARD };
            let pos = Position::from_fen(fen, rules).unwrap();
            let _ = parse_move(&pos, &text);
            let _ = Notation::detect(&text);
        }

        /// A text that starts with an ideograph is read as Chinese at once: as it is read when a
        /// space before it sends it through the detection of its notation.
        #[test]
        fn chinese_read_at_once_reads_as_detected(
            first in prop::sample::select(&['炮', '马', '車', '前', '后', '二', '兵'][..]),
            chars in prop::collection::vec(prop::sample::select(ALPHABET), 0..7),
            start in 0..STARTS.len(),
        ) {
            let text: String = core::iter::once(first).chain(chars).collect();
            let (fen, jieqi) = STARTS[start];
            let rules = if jieqi { MoveRules::JIEQI } else { MoveRules::STANDARD };
            let pos = Position::from_fen(fen, rules).unwrap();
            let kind = |e: NotationError| core::mem::discriminant(&e);
            prop_assert_eq!(
                parse_move(&pos, &text).map_err(kind),
                parse_move(&pos, &format!(" {text}")).map_err(kind),
                "{}", text
            );
        }

        #[test]
        fn parse_move_never_panics_on_notation_characters(
            chars in prop::collection::vec(prop::sample::select(ALPHABET), 0..8),
            start in 0..STARTS.len(),
        ) {
            let text: String = chars.into_iter().collect();
            let (fen, jieqi) = STARTS[start];
            let rules = if jieqi { MoveRules::JIEQI } else { MoveRules::STANDARD };
            let pos = Position::from_fen(fen, rules).unwrap();
            if let Ok(m) = parse_move(&pos, &text) {
                prop_assert!(pos.is_legal(m), "{text} gave illegal {m}");
            }
            let _ = wxf::read(&text);
            let _ = chinese::read(&text);
        }
    }

    #[test]
    fn detection_and_errors() {
        let pos = Position::new();
        assert!(matches!(
            parse_move(&pos, ""),
            Err(NotationError::Syntax { .. })
        ));
        assert!(matches!(
            parse_move(&pos, "   "),
            Err(NotationError::Syntax { .. })
        ));
        assert!(matches!(
            parse_move(&pos, "h2e9"),
            Err(NotationError::Illegal { .. })
        ));
        assert!(matches!(
            parse_move(&pos, "h2x2"),
            Err(NotationError::Syntax { .. })
        ));
        assert_eq!(parse_move(&pos, "C2−1").unwrap().to_string(), "h2h1");
        assert_eq!(parse_move(&pos, "C2.5").unwrap().to_string(), "h2e2");
        assert_eq!(
            parse_move(&pos, "H2−3"),
            Err(NotationError::NoSuchMove {
                text: "H2−3".into(),
                reason: "no horse of the side to move can make that move".into(),
            })
        );
        assert_eq!(parse_move(&pos, " 炮二平五 ").unwrap().to_string(), "h2e2");
        assert_eq!(Notation::detect("前车进一"), Some(Notation::Chinese));
        assert_eq!(Notation::detect("+R+1"), Some(Notation::Wxf));
        assert_eq!(Notation::detect("炮二"), None);
        // A hidden piece's move written with or without its reveal (Jieqi).
        let jieqi = Position::from_fen(STARTS[5].0, MoveRules::JIEQI).unwrap();
        assert_eq!(parse_move(&jieqi, "h0g2N").unwrap().to_string(), "h0g2N");
        assert_eq!(
            parse_move(&jieqi, "马二进三马").unwrap().to_string(),
            "h0g2N"
        );
        assert_eq!(parse_move(&jieqi, "H2+3N").unwrap().to_string(), "h0g2N");
        // Writing a move whose from-point is empty falls back to ICCS.
        let empty: Move = "e4e5".parse().unwrap();
        assert_eq!(write_move(&pos, empty, Notation::Chinese), "e4e5");
        assert_eq!(write_move(&pos, empty, Notation::Wxf), "e4e5");
    }
}
