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
use super::own_chase::{self, counts, OwnChase};
use super::through_checks::FirstChecks;
use super::{after_move, exposed, standing, tied_rook, ChaseTarget, Definitions};
use crate::{Color, Position};

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
    let mut newness = Newness::new(previous, before, after, king_answers, defs);
    let mut out = Vec::new();
    for c in now {
        if !newness.not_new(&c, &earlier, notes) {
            out.push(c);
        }
    }
    // AXF rule 28: the king's chase together with other pieces (own_chase.rs).
    own_chase::with_others(before, again, moved.map(|m| m.0), &mut out, defs, notes);
    out
}

/// Whether the chases a move makes anew can be told a piece at a time: each piece chased after
/// the move against the same piece's attacks before it ([`Newness`]). Not under AXF's readings
/// that weigh a move's chases together: a rook tied down by a horse (rule 19, `tied_rook.rs`)
/// and the king's or a pawn's chase together with other pieces (rule 28, `own_chase.rs`).
pub(super) fn piece_by_piece(defs: &Definitions) -> bool {
    defs.tied_rook.is_none()
        && [defs.king_chase.reading, defs.pawn_chase.reading]
            .iter()
            .all(|r| *r != OwnChase::IdleWithOthers)
}

/// What keeps a piece chased after a move from being chased anew, asked a piece at a time (see
/// the module notes): an attack on it before the move that counted as much, an attack the
/// opponent's check or mate threat only suspended (`standing.rs`), a chase the answered check
/// gave away (`exposed.rs`).
pub(super) struct Newness<'a> {
    mover: Color,
    king_answers: bool,
    defs: &'a Definitions,
    standing: standing::StandingAttacks<'a>,
    exposure: exposed::Exposure<'a>,
}

impl<'a> Newness<'a> {
    /// For the move from `before` to `after`, `previous` being the position before the
    /// opponent's last move, and whether the move is a king's answer to a check.
    pub(super) fn new(
        previous: Option<&'a Position>,
        before: &'a Position,
        after: &'a Position,
        king_answers: bool,
        defs: &'a Definitions,
    ) -> Newness<'a> {
        Newness {
            mover: before.turn(),
            king_answers,
            defs,
            standing: standing::StandingAttacks::new(previous, before, defs),
            exposure: exposed::Exposure::new(previous, before, after, defs),
        }
    }

    /// Whether `c`, chased after the move, is not chased anew, `earlier` holding what was
    /// chased before the move (at least on `c`'s point); the note saying why goes to `notes`.
    pub(super) fn not_new(
        &mut self,
        c: &ChaseTarget,
        earlier: &[ChaseTarget],
        notes: &mut Vec<String>,
    ) -> bool {
        let defs = self.defs;
        // An attack an article made idle before the move does not stop a chase now; one
        // that an article makes idle now is kept for its note.
        // The king's or a pawn's own attack before the move does not stop a chase by
        // other pieces now ("走动后其他子产生新的捉", 2011 §26.1.1; 1999 §29.2 "上一着尚不存在").
        if !c.overruled()
            && earlier.iter().any(|e| {
                e.target == c.target && !e.overruled() && (counts(e, defs) || !counts(c, defs))
            })
        {
            notes.push(format!(
                "{} on {} was already attacked before this move: not a new chase ({})",
                c.role, c.target, defs.new_chase
            ));
            return true;
        }
        if self.king_answers {
            return false;
        }
        // 从捉到捉 across the opponent's check or mate threat (standing.rs).
        if let Some(how) = self.standing.suspended(c) {
            notes.push(standing::note(c, how, self.mover, defs));
            return true;
        }
        // 2011 §26.1.2, §26.3: what the answered check gave away (exposed.rs).
        if let Some(check) = self.exposure.exposed(c) {
            notes.extend(exposed::note(c, check, defs));
            return true;
        }
        false
    }
}
