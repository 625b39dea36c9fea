//! 自斃 (self-destroying check), CXA 2011 §24.18 and §26.3.
//!
//! §24.18: "甲方將軍乙方，以致形成己方的被殺狀態，如乙方應將的著法不屬將、殺或捉，則甲方將軍這著棋稱
//! 為自斃。" §26.3: "一方形成自斃，應由己方負責，不得視為另一方造成；若另一方應將著法產生新的殺法，仍
//! 應按殺判處。" 1999 has no such article.
//!
//! Reading: a move R that answers the check C (the opponent's previous ply) and, by the general
//! definition (§24.2), threatens mate, threatens it only because of C when none of its mating
//! attacks works in the position where C is undone but R is played (the checking piece back on
//! C's origin, what C captured restored, R applied, the mover to move again). An attack is the
//! first checking move of a mate by checks (`mate_threat.checks` deep); "works" means the same
//! move, played there, mates too. Then C is 自斃 and the threat is the checker's own doing: it
//! does not make R a mate threat (杀). When one of them works there too, R made a new 杀法 and
//! stays a mate threat (§26.3, second clause). Comparing attacks rather than the mere existence
//! of a mate: a mate the undone position has by another attack, one the checking piece on its
//! new point stops, is not the threat R makes.

use super::{after_move, mates_with, Definitions};
use crate::law::{MoveKind, PlyClass};
use crate::{Color, Position, Role, Square};

/// The check a reply answered: the opponent's previous ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct AnsweredCheck {
    /// The side that checked.
    pub(super) checker: Color,
    /// The checking move's piece (as it stands after the move).
    pub(super) role: Role,
    /// Where it came from.
    pub(super) from: Square,
    /// Where it went.
    pub(super) to: Square,
}

impl std::fmt::Display for AnsweredCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}'s {} check {}-{}",
            self.checker, self.role, self.from, self.to
        )
    }
}

/// Who a reply's mate threat belongs to, under §24.18 and §26.3.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Attribution {
    /// The threat is gone with the answered check undone: that check was 自斃 (§24.18), the
    /// threat is the checker's responsibility (§26.3, first clause).
    SelfDestroying(AnsweredCheck),
    /// The threat is there with the check undone too: the reply made a new 杀法 (§26.3, second
    /// clause).
    NewMate(AnsweredCheck),
}

/// Whose mate threat the move from `before` to `after` makes, when it answers a check played
/// from `previous` (the position before the opponent's last move) and the edition has §24.18.
///
/// `None` when the article does not apply or the counterfactual position cannot be built
/// ([`undo_check`]); the ordinary classification then stands.
pub(super) fn attribute(
    previous: Option<&Position>,
    before: &Position,
    after: &Position,
    defs: &Definitions,
) -> Option<Attribution> {
    defs.self_destroying_check.as_ref()?;
    let (check, undone) = undo_check(previous, before, after)?;
    // The same attack (the same first checking move of the same piece) mating in both
    // positions is the answer's own 杀法; a mate the undone position has by another attack is
    // not the threat the answer makes: the checking piece on its new point stops it.
    let depth = defs.mate_threat.checks;
    let again = after.passed();
    let undone_moves = undone.legal_moves();
    let new = again
        .legal_moves()
        .into_iter()
        .filter(|m| mates_with(&again, *m, depth))
        .any(|m| {
            undone_moves
                .iter()
                .find(|u| u.from == m.from && u.to == m.to)
                .is_some_and(|u| mates_with(&undone, *u, depth))
        });
    Some(if new {
        Attribution::NewMate(check)
    } else {
        Attribution::SelfDestroying(check)
    })
}

/// The check the move from `before` to `after` answered, and the position with that check
/// undone and the answer played, the mover to move again (the counterpart of `after.passed()`):
/// the checking piece back on its origin, what it captured restored.
///
/// `None` when there is no such position: no earlier position (a record starting with the
/// mover in check) or the mover was not in check; the answer took the checking piece or went
/// to the point it came from; the position is not valid (facing kings, the checker's king
/// attacked with the mover to move), or the answer would leave the mover's own king attacked
/// there (it is not a move of that position).
pub(super) fn undo_check(
    previous: Option<&Position>,
    before: &Position,
    after: &Position,
) -> Option<(AnsweredCheck, Position)> {
    if !before.is_check() {
        return None;
    }
    let previous = previous?;
    let mover = before.turn();
    if previous.turn() == mover {
        return None;
    }
    let (check_from, check_to) = after_move(previous, before)?;
    let (reply_from, reply_to) = after_move(before, after)?;
    if reply_to == check_to || reply_to == check_from {
        return None;
    }
    let mut setup = previous.to_setup();
    setup.board.set(reply_from, None);
    setup.board.set(reply_to, after.board().get(reply_to));
    setup.turn = mover;
    let undone = Position::from_setup(setup, *previous.rules()).ok()?;
    if undone.is_check() {
        return None;
    }
    let check = AnsweredCheck {
        checker: !mover,
        role: before.board().get(check_to)?.role,
        from: check_from,
        to: check_to,
    };
    Some((check, undone))
}

/// Settles a reply whose mate threat was attributed to the self-destroying `check`, once the
/// rest of its classification (chases) is known. §24.18 calls the check 自斃 only "如乙方應將的
/// 著法不屬將、殺或捉": a reply that also chases is not a mere answer, so the check is not
/// 自斃 and the threat counts (杀, the heaviest role, §26.4). A reply that checks never reaches
/// here (a check is classified before any threat).
pub(super) fn settle(
    check: &AnsweredCheck,
    king: Option<Square>,
    defs: &Definitions,
    class: &mut PlyClass,
) {
    let Some(a) = &defs.self_destroying_check else {
        return; // no 自斃 without the article: `attribute` finds none
    };
    if class.has(MoveKind::Chase) {
        class.kinds.insert(0, MoveKind::MateThreat);
        if let Some(k) = king {
            class.targets.insert(0, k);
        }
        class.notes.push(format!(
            "mate threat: it comes from {check}, but the answer also chases, so that check is not \
             自斃 ({a}) and the threat counts ({})",
            defs.mate_threat.article
        ));
    } else {
        class.notes.push(format!(
            "{check} left its own side mated (自斃): with that check undone this answer threatens \
             no mate, so the threat is the checker's own doing, not this move's ({a})"
        ));
    }
}

/// The note for a reply whose mate threat exists with the answered check undone.
pub(super) fn new_mate_note(check: &AnsweredCheck, defs: &Definitions) -> Option<String> {
    let article = defs.self_destroying_check.as_ref()?;
    Some(format!(
        "the threat does not come from {check}: it is there with that check undone too, a new \
         杀法 made by the answer, so still a mate threat ({article})"
    ))
}

#[cfg(test)]
mod tests {
    use crate::history::GameHistory;
    use crate::law::classify::{classify, classify_move, Definitions};
    use crate::law::MoveKind;
    use crate::{MoveRules, Position};

    /// Red's rook g5 guards g2, where the black horse h4 would mate (the red king f0 is held
    /// by the black pawn e1). 车三平五 (g5e5) checks and abandons g2; Black blocks with the
    /// horse c7-e8 (not a king move, so 2011 §26.1.2 does not apply).
    const GUARD: &str = "4k4/9/2n6/C8/6R2/7n1/9/9/4p4/5K3 w - - 0 1";

    fn history(fen: &str, moves: &[&str]) -> GameHistory {
        let start = Position::from_fen(fen, MoveRules::STANDARD).expect("legal");
        let mut h = GameHistory::new(start);
        for m in moves {
            h.push(m.parse().expect("ICCS")).expect("legal");
        }
        h
    }

    fn defs() -> [Definitions; 2] {
        [Definitions::cxa_1999(), Definitions::cxa_2011()]
    }

    /// 2011 §24.18, §26.3: the block's mate threat (马h4-g2) exists only because the rook left
    /// g5; with the check undone the rook takes the horse. 1999 (no such article) calls the
    /// block a mate threat.
    #[test]
    fn self_destroying_check_makes_the_answer_idle_in_2011() {
        let h = history(GUARD, &["g5e5", "c7e8"]);
        let [old, new] = defs();
        let c = classify(&h, 2, &old);
        assert_eq!(c.class.heaviest(), MoveKind::MateThreat, "{:?}", c.class);
        let c = classify(&h, 2, &new);
        assert!(!c.class.has(MoveKind::MateThreat), "{:?}", c.class);
        assert!(
            c.class
                .notes
                .iter()
                .any(|n| n.contains("rook check g5-e5") && n.contains("§24.18, §26.3")),
            "{:?}",
            c.class.notes
        );
        // Without the position before the check the article cannot be applied.
        let c = classify_move(h.position(1), h.position(2), &new);
        assert_eq!(c.class.heaviest(), MoveKind::MateThreat, "{:?}", c.class);
    }

    /// §26.3 "若另一方應將著法產生新的殺法，仍應按殺判處": with a black rook on c9, the horse
    /// leaving c7 opens the c-file, and 车c9-c0 mates whether or not the red rook is back on g5:
    /// a new mate of the answer, a mate threat in both editions.
    #[test]
    fn new_mate_of_the_answer_counts() {
        let h = history(
            "2r1k4/9/2n6/C8/6R2/7n1/9/9/4p4/5K3 w - - 0 1",
            &["g5e5", "c7e8"],
        );
        for d in defs() {
            let c = classify(&h, 2, &d);
            assert_eq!(c.class.heaviest(), MoveKind::MateThreat, "{:?}", c.class);
        }
        let c = classify(&h, 2, &Definitions::cxa_2011());
        assert!(
            c.class.notes.iter().any(|n| n.contains("new 杀法")),
            "{:?}",
            c.class.notes
        );
    }

    /// §24.18 names the check 自斃 only "如乙方應將的著法不屬將、殺或捉": the block that also
    /// uncovers the black rook c9's attack on the unprotected red horse c3 (a chase) is no mere
    /// answer, and its mate threat counts (the heaviest role, §26.4). The horse c3 also keeps the
    /// rook off c0, so the mate is still the one the check left behind.
    #[test]
    fn an_answer_that_chases_keeps_its_mate_threat() {
        let h = history(
            "2r1k4/9/2n6/C8/6R2/7n1/2N6/9/4p4/5K3 w - - 0 1",
            &["g5e5", "c7e8"],
        );
        let c = classify(&h, 2, &Definitions::cxa_2011());
        assert_eq!(c.class.heaviest(), MoveKind::MateThreat, "{:?}", c.class);
        assert!(c.class.has(MoveKind::Chase), "{:?}", c.class);
        assert!(
            c.class.notes.iter().any(|n| n.contains("not 自斃")),
            "{:?}",
            c.class.notes
        );
    }

    /// Where the position with the check undone cannot be built the ordinary classification
    /// stands: the black horse d7 answers 车三平五 by taking the rook on e5 (no position has the
    /// rook back on g5 and the horse on e5), and 马h4-g2 then mates with nothing to stop it.
    #[test]
    fn taking_the_checking_piece_keeps_the_ordinary_classification() {
        let h = history(
            "4k4/9/3n5/C8/6R2/7n1/9/9/4p4/5K3 w - - 0 1",
            &["g5e5", "d7e5"],
        );
        let c = classify(&h, 2, &Definitions::cxa_2011());
        assert_eq!(c.class.heaviest(), MoveKind::MateThreat, "{:?}", c.class);
        assert!(
            !c.class.notes.iter().any(|n| n.contains("§24.18")),
            "{:?}",
            c.class.notes
        );
    }
}
