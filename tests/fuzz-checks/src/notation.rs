//! Notations: every legal move, written in every notation and form, reads back as itself; any
//! text read as a move is a legal move.

use xqr_core::notation::chinese::{self, BlackDigits, ChineseOptions};
use xqr_core::notation::descriptive::Disambiguation;
use xqr_core::notation::wxf::{self, Letters, Traverse, Width, WxfOptions};
use xqr_core::notation::{parse_move, write_move, Notation};
use xqr_core::{Move, Position};

use crate::moves::{walk, with_reveal};

/// Walks the moves chosen by `data` (see [`crate::moves`]); in every position reached, every
/// legal move (a hidden piece's with a reveal) is written in every form and read back.
pub fn check_notation(data: &[u8]) {
    let mut pick = 0u8;
    walk(data, |pos, chosen| {
        pick = pick.wrapping_add(1);
        for m in pos.legal_moves() {
            round_trip(pos, with_reveal(pos, m, pick));
        }
        if let Some(m) = chosen {
            round_trip(pos, m);
        }
    });
    if let Some(text) = data.split(|&b| b == b'\n').nth(1) {
        if let Ok(text) = std::str::from_utf8(text) {
            check_text(&Position::new(), text);
        }
    }
}

/// Any text that reads as a move in `pos` is legal there and reads the same after writing.
pub fn check_text(pos: &Position, text: &str) {
    if let Ok(m) = parse_move(pos, text) {
        assert!(
            pos.is_legal(m),
            "{text:?} read as illegal {m} in {}",
            pos.fen()
        );
        round_trip(pos, m);
    }
}

/// `m`, legal in `pos`, written in every form reads back as `m`.
pub fn round_trip(pos: &Position, m: Move) {
    for (form, text) in written(pos, m) {
        assert_eq!(
            parse_move(pos, &text),
            Ok(m),
            "{m} written in {form} as {text:?} in {}",
            pos.fen()
        );
    }
}

/// `m` in every notation and option set.
fn written(pos: &Position, m: Move) -> Vec<(&'static str, String)> {
    let wxf_fen = WxfOptions {
        width: Width::Half,
        traverse: Traverse::Equals,
        letters: Letters::Fen,
        disambiguation: Disambiguation::ByMovement,
    };
    let half = ChineseOptions {
        black_digits: BlackDigits::HalfWidth,
        ..ChineseOptions::SIMPLIFIED
    };
    vec![
        ("iccs", write_move(pos, m, Notation::Iccs)),
        ("wxf", write_move(pos, m, Notation::Wxf)),
        (
            "wxf full width",
            wxf::write_with(pos, m, &WxfOptions::FULL_WIDTH),
        ),
        ("wxf fen letters", wxf::write_with(pos, m, &wxf_fen)),
        ("chinese", write_move(pos, m, Notation::Chinese)),
        (
            "traditional",
            chinese::write_with(pos, m, &ChineseOptions::TRADITIONAL),
        ),
        ("ccpd", chinese::write_with(pos, m, &ChineseOptions::CCPD)),
        ("half-width black", chinese::write_with(pos, m, &half)),
    ]
}
