//! A chase must be new: CXA 1999 §29.2 "“捉”產生于剛走的這著棋,上一著尚不存在."; 2011 §24.3
//! "凡走子后，所走動子能...", §26.1.1 "走動后其他子產生新的"捉""。
//!
//! # The reading
//!
//! The pieces chased after the move ([`chased`](super::chased) with the mover to move again) are compared with
//! those chased before it (the mover to move). A piece already attacked before is not a new
//! chase, unless the earlier attack was the king's or a pawn's own (or made idle by an article)
//! and the attack now counts as the mover's: then other pieces make a new chase ("走动后其他子
//! 产生新的捉", 2011 §26.1.1; 1999 §29.2 "上一着尚不存在"). Two readings extend the comparison
//! across the opponent's check: an attack the opponent's check or mate threat only suspended
//! (从捉到捉, `standing.rs`), and, in 2011, a chase that the answered check gave away
//! (`exposed.rs`). Neither applies to a king's answer to a check (`king_answers_check.rs`).
//!
//! AXF adds two readings: a rook tied down by a horse does not chase that horse by standing
//! still (rule 19, `tied_rook.rs`), its attack left out before and after the move; and a chase
//! the king makes together with other pieces is the king's, unless its move uncovered another
//! piece's attack (rule 28, `own_chase.rs`).
//!
//! An attack an article makes idle now is kept (with its exception) so that notes can say why.

use super::chase::{chased_before, chased_from};
use super::own_chase::{self, counts};
use super::through_checks::FirstChecks;
use super::{after_move, exposed, standing, tied_rook, ChaseTarget, Definitions};
use crate::Position;

/// The chases the move from `before` to `after` makes anew, given `first` (the checking moves
/// of the position after the move, the mover to move again), `previous` (the position before the opponent's last
/// move) and whether the move is a king's answer to a check; the notes for attacks that are
/// not new go to `notes`.
pub(super) fn new_chases(
    previous: Option<&Position>,
    before: &Position,
    after: &Position,
    first: &FirstChecks,
    king_answers: bool,
    defs: &Definitions,
    notes: &mut Vec<String>,
) -> Vec<ChaseTarget> {
    let mover = before.turn();
    let moved = after_move(before, after);
    let again = first.position();
    let mut now = chased_from(first, defs);
    if now.is_empty() {
        // Nothing chased after the move, so nothing chased anew: what was chased before it
        // does not matter (and is not searched).
        return now;
    }
    // Only the pieces chased now can have been chased already.
    let targets = now.iter().map(|c| c.target).collect();
    let mut earlier = chased_before(before, defs, targets);
    // AXF rule 19: a tied rook's standing attack on its horse is no chase (tied_rook.rs).
    let to = moved.map(|m| m.1);
    tied_rook::standing_attacks(before, again, to, &mut now, &mut earlier, defs);
    let mut standing = standing::StandingAttacks::new(previous, before, defs);
    let mut exposure = exposed::Exposure::new(previous, before, after, defs);
    let mut out = Vec::new();
    for c in now {
        // An attack an article made idle before the move does not stop a chase now; one
        // that an article makes idle now is kept for its note.
        // The king's or a pawn's own attack before the move does not stop a chase by
        // other pieces now ("走动后其他子产生新的捉", 2011 §26.1.1; 1999 §29.2 "上一着尚不存在").
        if !c.overruled()
            && earlier.iter().any(|e| {
                e.target == c.target && !e.overruled() && (counts(e, defs) || !counts(&c, defs))
            })
        {
            notes.push(format!(
                "{} on {} was already attacked before this move: not a new chase ({})",
                c.role, c.target, defs.new_chase
            ));
            continue;
        }
        // 从捉到捉 across the opponent's check or mate threat (standing.rs).
        if let Some(how) = (!king_answers).then(|| standing.suspended(&c)).flatten() {
            notes.push(standing::note(&c, how, mover, defs));
            continue;
        }
        // 2011 §26.1.2, §26.3: what the answered check gave away (exposed.rs).
        if let Some(check) = (!king_answers).then(|| exposure.exposed(&c)).flatten() {
            notes.extend(exposed::note(&c, check, defs));
            continue;
        }
        out.push(c);
    }
    // AXF rule 28: the king's chase together with other pieces (own_chase.rs).
    own_chase::with_others(before, again, moved.map(|m| m.0), &mut out, defs, notes);
    out
}
