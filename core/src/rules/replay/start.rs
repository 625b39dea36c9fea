//! A record's start position read from its FEN, the last one read kept per thread.
//!
//! A corpus's games nearly all give the same FEN tag (the standard start), and reading a FEN
//! and checking the position it sets up costs as much as reading a dozen moves. The position
//! depends only on the FEN text and the move rules, so the one read last on a thread is kept
//! with both and given again when both match.

use std::cell::RefCell;

use crate::{LoadFenError, MoveRules, Position};

thread_local! {
    static LAST: RefCell<Option<(String, MoveRules, Position)>> = const { RefCell::new(None) };
}

/// [`Position::from_fen`] of `fen` under `rules`: the position read last on this thread when
/// it was read from the same text under the same rules.
pub(super) fn position_from_fen(fen: &str, rules: MoveRules) -> Result<Position, LoadFenError> {
    let kept = LAST.with(|last| match &*last.borrow() {
        Some((text, r, position)) if text == fen && *r == rules => Some(position.clone()),
        _ => None,
    });
    if let Some(position) = kept {
        return Ok(position);
    }
    let position = Position::from_fen(fen, rules)?;
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        match &mut *last {
            Some((text, r, kept)) => {
                text.clear();
                text.push_str(fen);
                *r = rules;
                kept.clone_from(&position);
            }
            None => *last = Some((fen.to_owned(), rules, position.clone())),
        }
    });
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::position_from_fen;
    use crate::{MoveRules, Position};

    /// The kept position is given only for the same text under the same rules; a FEN that
    /// cannot be read is refused every time and keeps nothing.
    #[test]
    fn the_position_read_last_is_given_for_the_same_fen_and_rules_only() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        let endgame = "4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1";
        let rules = [MoveRules::STANDARD, MoveRules::JIEQI];
        for fen in [start, start, endgame, start, "not a fen", start, endgame] {
            for r in rules {
                let read = position_from_fen(fen, r);
                assert_eq!(read, Position::from_fen(fen, r), "{fen} {r:?}");
                if let Ok(p) = read {
                    assert_eq!(*p.rules(), r);
                }
            }
        }
    }
}
