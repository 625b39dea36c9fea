//! 走动帅（将）应将 (a king move answering check), CXA 2011 §26.1.2: "走動帥（將）應將而產生的
//! "捉"、"殺"，按"閑"處理；走動其他棋子應將后產生新的"捉" 或"殺"，判"捉"或"殺"。" 1999 has no
//! such article: there a king's own chase is idle anyway (§27.1), but a mate threat it makes
//! counts.
//!
//! # The reading
//!
//! A move that answers a check (the mover is in check before it) and moves the king: the mate
//! threat it makes is idle (`mate.rs`), and so is the chase it makes, whichever pieces would
//! win the chased piece; the notes say so. The second clause, a new chase or mate threat made by
//! another piece's answer, is read in `standing.rs` (what is new), `exposed.rs` and
//! `self_destroying.rs` (what the checker answers for); those readings do not apply to a king's
//! answer, which this article settles.
//!
//! What is *not* checked: whether the king could have answered otherwise.

use super::{after_move, Definitions};
use crate::reference::RuleRef;
use crate::{Position, Role};

/// The article, when the edition has it and the move from `before` to `after` is a king move
/// answering a check.
pub(super) fn answers<'a>(
    before: &Position,
    after: &Position,
    defs: &'a Definitions,
) -> Option<&'a RuleRef> {
    let article = defs.king_answers_check.as_ref()?;
    let king = before.is_check()
        && after_move(before, after)
            .and_then(|(_, to)| after.board().get(to))
            .is_some_and(|o| o.role == Role::King);
    king.then_some(article)
}

/// The note for the mate threat of a king's answer.
pub(super) fn mate_threat_note(article: &RuleRef) -> String {
    format!("the king answers a check: the mate threat it creates is idle ({article})")
}

/// The note for the chase of a king's answer.
pub(super) fn chase_note(article: &RuleRef) -> String {
    format!("the king answers a check: the chase it creates is idle ({article})")
}

#[cfg(test)]
mod tests {
    use crate::law::classify::testing::pos;
    use crate::law::classify::{classify_move, Definitions};
    use crate::law::MoveKind;

    /// 2011 §26.1.2: a king move answering check that creates a mate threat is idle; 1999 has
    /// no such article and calls it a mate threat. The red king leaves the horse's check (f0 to
    /// e0) and so takes the e-file from the black king: 车a2-d2 would then mate.
    #[test]
    fn king_answering_check_is_idle_in_2011() {
        let before = pos("3k5/9/9/9/9/9/9/R5n2/9/5K3 w - - 0 1");
        assert!(before.is_check());
        let mut after = before.clone();
        after.play("f0e0".parse().expect("ICCS")).expect("legal");
        let old = classify_move(&before, &after, &Definitions::cxa_1999());
        assert_eq!(
            old.class.heaviest(),
            MoveKind::MateThreat,
            "{:?}",
            old.class
        );
        let new = classify_move(&before, &after, &Definitions::cxa_2011());
        assert_eq!(new.class.heaviest(), MoveKind::Idle, "{:?}", new.class);
        assert!(new.class.notes.iter().any(|n| n.contains("§26.1.2")));
        // Not answering a check, the same king move is a mate threat under 2011 too.
        let quiet = pos("3k5/9/9/9/9/9/9/R8/9/5K3 w - - 0 1");
        let mut after = quiet.clone();
        after.play("f0e0".parse().expect("ICCS")).expect("legal");
        let c = classify_move(&quiet, &after, &Definitions::cxa_2011());
        assert_eq!(c.class.heaviest(), MoveKind::MateThreat, "{:?}", c.class);
    }
}
