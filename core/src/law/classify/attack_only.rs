//! Whether a move attacks (将, 杀 or 捉: CXA 1999 §28.1–28.3, 2011 §24.1–24.3), without naming
//! what else it does.
//!
//! The 2011 nine-round rule (§23.4, `judge/nine_rounds.rs`) asks of many plies only whether
//! they attack: one that does not settles the side's nine rounds. Classifying such a ply in full
//! names its idle kind too (兑 献 拦 跟 闲, `idle_kinds.rs`) and writes the notes of every
//! article it weighed, which the rule never reads.
//!
//! # The reading
//!
//! [`is_attack`] answers what [`classify_move_with_previous`](super::classify_move_with_previous)
//! makes of the move's heaviest kind, by the same articles: a check (1999 §28.1, 2011 §24.1);
//! otherwise nothing a king's answer to a check creates (2011 §26.1.2, `king_answers_check.rs`);
//! otherwise a new chase that counts (`new_chase.rs`, `own_chase.rs`, less an incidental one at
//! a defensive key point, `defensive.rs`), or a mate threat (`mate.rs`) that is not the answered
//! check's own doing (自斃, 2011 §24.18, `self_destroying.rs`). Only the order differs: the
//! chase is looked for first, so a move that chases is not also searched for a mate threat;
//! and the pieces are weighed one at a time where the editions' readings allow, so that the
//! first piece chased anew (not an advisor or an elephant, which a defensive key point may
//! make incidental) settles it without the others.
//!
//! The tests hold the two answers equal over walked games under every edition's definitions.

use super::chase::ChaseSearch;
use super::new_chase::Newness;
use super::self_destroying::Attribution;
use super::through_checks::FirstChecks;
use super::{
    after_move, defensive, king_answers_check, mate, new_chase, own_chase, self_destroying,
    ChaseTarget, Definitions,
};
use crate::{Position, Role};

/// Whether the move from `before` to `after` is a check, a mate threat or a chase under `defs`,
/// `previous` being the position before the opponent's last move (see
/// [`classify_move_with_previous`](super::classify_move_with_previous)): the same answer as
/// its classification's heaviest kind gives.
pub fn is_attack(
    previous: Option<&Position>,
    before: &Position,
    after: &Position,
    defs: &Definitions,
) -> bool {
    let mover = before.turn();
    let king = after.king(!mover);
    if king.is_some() && after.is_check() {
        return true;
    }
    if king_answers_check::answers(before, after, defs).is_some() {
        return false;
    }
    let again = after.passed();
    let first = FirstChecks::new(&again);
    if chases(previous, before, after, &first, defs) {
        return true;
    }
    king.is_some()
        && mate::mates_by_checks_from(&first, defs.mate_threat.checks)
        && !matches!(
            self_destroying::attribute(previous, before, after, defs),
            Some(Attribution::SelfDestroying(_))
        )
}

/// Whether the move from `before` to `after` makes a new chase that counts (`new_chase.rs`,
/// `own_chase.rs`), less an incidental one at a defensive key point (`defensive.rs`), `first`
/// being the checking moves after the move with the mover to move again.
///
/// Where the editions' readings let a piece's chase be told on its own
/// ([`new_chase::piece_by_piece`]), the pieces are weighed one at a time, and the first that
/// is chased anew, counts and is neither an advisor nor an elephant settles it: only a move
/// whose every such chase is of advisors or elephants can be an incidental chase. Otherwise,
/// and for those, the chases are weighed together as classifying weighs them.
fn chases(
    previous: Option<&Position>,
    before: &Position,
    after: &Position,
    first: &FirstChecks,
    defs: &Definitions,
) -> bool {
    let mut notes = Vec::new();
    let to = after_move(before, after).map(|m| m.1);
    let incidental = |counted: &[&ChaseTarget]| {
        !counted.is_empty()
            && !defensive::incidental_chase(after, to, counted, defs).is_some_and(|i| i.idle)
    };
    if !new_chase::piece_by_piece(defs) {
        let chases = new_chase::new_chases(previous, before, after, first, false, defs, &mut notes);
        let counted: Vec<&ChaseTarget> = chases
            .iter()
            .filter(|c| own_chase::counts(c, defs))
            .collect();
        return incidental(&counted);
    }
    let now = ChaseSearch::new(first, defs, true);
    let first_before = FirstChecks::new(before);
    let mut search_before = None;
    let mut newness = Newness::new(previous, before, after, false, defs);
    let mut guards = Vec::new();
    let again = first.position();
    for t in again.board().by_color(!again.turn()) {
        let Some(c) = now.target(t) else {
            continue;
        };
        if !own_chase::counts(&c, defs) {
            continue;
        }
        let search_before =
            search_before.get_or_insert_with(|| ChaseSearch::before_move(&first_before, defs));
        if newness.not_new(&c, search_before.target(t).as_slice(), &mut notes) {
            continue;
        }
        if !matches!(c.role, Role::Advisor | Role::Elephant) {
            return true;
        }
        guards.push(c);
    }
    incidental(&guards.iter().collect::<Vec<_>>())
}

#[cfg(test)]
mod tests {
    use super::is_attack;
    use crate::law::classify::testing::axf_like;
    use crate::law::classify::{classify_move_with_previous, Definitions};
    use crate::walks::walked;
    use crate::{MoveRules, Position};

    /// Every move from the positions of games walked from the start and from middle games and
    /// endgames, either side to move, with the position before the opponent's last move: `is_attack` answers as the classification's heaviest kind, under the 1999,
    /// 2011 and AXF definitions.
    #[test]
    fn answers_as_the_classification() {
        let starts = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "2r1k4/9/2c6/9/1N1N5/9/9/9/9/5K3 w - - 0 1",
            "3k5/4a4/6n2/4n4/9/5N3/P8/R8/9/5K3 w - - 0 1",
            "r2aka3/9/4b4/9/9/c1R2p1R1/9/9/9/3K5 w - - 0 1",
            "2bak4/4a4/4b4/4C4/2n6/9/9/9/4R4/3K5 w - - 0 1",
        ];
        let positions = walked(&starts, 40, 3);
        let mut attacks = [0usize; 2];
        for defs in [Definitions::cxa_1999(), Definitions::cxa_2011(), axf_like()] {
            // `walked` lists each position of a game and then the same with the other side to
            // move: the position two entries back led, by one move, to the one before this.
            for (i, before) in positions.iter().enumerate() {
                let previous = (i % 2 == 0).then(|| i.checked_sub(2)).flatten();
                let previous = previous.map(|p| &positions[p]);
                for m in before.legal_moves() {
                    let mut after = before.clone();
                    after.play_unchecked(m);
                    let c = classify_move_with_previous(previous, before, &after, &defs);
                    let expected = c.class.heaviest().is_attack();
                    assert_eq!(
                        is_attack(previous, before, &after, &defs),
                        expected,
                        "{m} from {before:?}: {:?}",
                        c.class
                    );
                    attacks[usize::from(expected)] += 1;
                }
            }
        }
        assert!(attacks[0] > 100 && attacks[1] > 100, "{attacks:?}");
    }

    /// 1999 chapter 7 example 15: the rook going to the defensive key point e5 chases only the
    /// elephant e7, incidentally (§27.3): no attack. Without the article it is a chase.
    #[test]
    fn an_incidental_chase_of_an_elephant_is_no_attack() {
        let fen = "4k4/9/4b4/9/3R5/9/9/5K3/r3p4/9 w - - 0 1";
        let before = Position::from_fen(fen, MoveRules::STANDARD).expect("legal");
        let mut key_point = before.clone();
        key_point
            .play("d5e5".parse().expect("ICCS"))
            .expect("legal");
        let mut without = Definitions::cxa_1999();
        without.defensive_key_point = None;
        assert!(!is_attack(
            None,
            &before,
            &key_point,
            &Definitions::cxa_1999()
        ));
        assert!(is_attack(None, &before, &key_point, &without));
    }
}
