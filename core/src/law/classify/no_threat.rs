//! A move that threatens nothing: what the definitions of the attacks ask for, read backwards
//! (CXA 1999 §28.1–28.3, §29.1; 2011 §24.1–24.3; AXF rules 12, 19, 38).
//!
//! - 将 (check), 1999 §28.1 / 2011 §24.1: the move attacks the king.
//! - 杀 (mate threat), 1999 §28.2 "凡走子企圖在下一著照將或連續照將,將死對方者"; 2011 §24.2
//!   "凡走子企圖下一著將軍或連續將軍以將死對方者": the mate is by checks, starting with one.
//! - 捉 (chase), 1999 §29.1, 2011 §24.3: the mover could win the piece next move, by a capture
//!   (outright or by exchange) or through a check (AXF rule 38's threat through checks
//!   too); AXF rule 19's tied rook is chased by a capture as well.
//!
//! # The reading
//!
//! A move that gives no check, after which the mover, to move again, has no legal capture
//! and no legal checking move, is none of the attacks: a mate threat needs a first check (or
//! the king's capture), a chase a capture or a check, so every search of the classifier starts
//! from nothing ([`mates_by_checks`](super::mates_by_checks) from the checking moves,
//! `chase.rs` from the captures and the checking moves). It costs a move generation; where it
//! answers, those searches are short as well, so the repetition law asks them instead (the
//! 2011 nine-round rule asked this first, and paid more than it spared).

use crate::Position;

/// Whether the move from `before` to `after` is certainly none of the attacks (check, mate
/// threat, chase) under any definitions: it gives no check, and with another move the mover
/// would have no legal capture and no legal checking move. `false` says nothing.
pub fn threatens_nothing(before: &Position, after: &Position) -> bool {
    if after.is_check() || after.king(!before.turn()).is_none() {
        return false;
    }
    let again = after.passed();
    if !again.legal_captures().is_empty() {
        return false;
    }
    !again.find_check(|_, _| true)
}

#[cfg(test)]
mod tests {
    use super::threatens_nothing;
    use crate::history::played as history;
    use crate::history::GameHistory;
    use crate::law::classify::{classify, Definitions};

    /// Every ply said to threaten nothing is classified as no attack, under each edition's
    /// definitions.
    fn agrees(h: &GameHistory) -> usize {
        let mut said = 0;
        for defs in [Definitions::cxa_1999(), Definitions::cxa_2011()] {
            for p in 1..=h.ply_count() {
                if threatens_nothing(h.position(p - 1), h.position(p)) {
                    said += 1;
                    let k = classify(h, p, &defs);
                    assert!(!k.class.heaviest().is_attack(), "ply {p}: {:?}", k.class);
                }
            }
        }
        said
    }

    /// A horse stepping about far from everything threatens nothing, and is idle.
    #[test]
    fn a_horse_far_from_everything_threatens_nothing() {
        let h = history("4k4/9/9/9/9/9/9/9/9/N2K5 w - - 0 1", "a0b2 e9f9 b2a0 f9e9");
        assert!(threatens_nothing(h.position(0), h.position(1)));
        assert_eq!(agrees(&h), 8);
    }

    /// Opening plies: whatever is said of them agrees with the classifier.
    #[test]
    fn what_is_said_of_an_opening_agrees_with_the_classifier() {
        let h = history(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 g6g5 c3c4 b7b3 g3g4 g5g4 e2e6 g7e6",
        );
        agrees(&h);
    }

    /// After 1. h2e2 the cannon on b2 could take the horse on b9 over the cannon on b7: a
    /// capture to come. A check is never nothing.
    #[test]
    fn a_capture_to_come_or_a_check_is_not_nothing() {
        let h = history(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "h2e2",
        );
        assert!(!threatens_nothing(h.position(0), h.position(1)));
        let h = history("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "a0a9");
        assert!(h.last().is_check());
        assert!(!threatens_nothing(h.position(0), h.position(1)));
    }
}
