//! The tied rook: AXF rule 19 "A Rook that cannot move because of an enemy Knight (it is tied
//! down) may not be perpetually chased, whether that Knight is protected or not" (D39–41), with
//! the explanation shared by D39–41: "Black's Rook attacks the loose Red Knight but never moves,
//! so it is not chasing; every Red move attacks the Rook: Red must change".
//!
//! # What "tied down" is
//!
//! A rook is *tied down* by an enemy horse when it stands on that horse's leg point (马腿) on the
//! horse's way to the rook's own king: with the rook taken off the board, the horse would give
//! check ([`tying_horse`]). Every move of the rook then leaves its king in check except the
//! capture of the horse itself, so "cannot move" is read as "cannot leave its point except by
//! taking the horse that ties it", and "whether that Knight is protected or not" as saying
//! that this way out does not untie it: a loose horse could be taken, a protected one only at
//! the price of the rook. The tie is a horse-leg pin (蹩马腿牵制) against the king, and it holds
//! whichever side is to move.
//!
//! That is the geometry of every position the rule is known by. D39's list (`R8+2 g6+5 / R8-3
//! g5-6 / R8+3 g6+5 / R8-2 g5-6`) fits Fairy-Stockfish's variant of it (FSF test.py 1193): the
//! black rook f8 stands on the leg of the red horse g8 on its way to the king e9, the advisor
//! shuttles f9/e8 beside the king, and the red rook on the b-file attacks f8 along rank 8 or
//! uncovers the cannon a8 through the advisor. FSF 1195 is the same with colours and sides
//! changed (the red rook d1 on the leg of the black horse c1 on its way to the king e0).
//!
//! Not read as tied: a rook on the leg of a horse whose way leads to another piece or to a
//! mating point (the rook can move there, at a price: rule 19 says "cannot"), a rook pinned to
//! its king by a rook or cannon (rule 37, whose text and diagrams were not retrieved), and a
//! rook confined to a line by a cannon (rule 27, D63–66: its confinement needs a predicate of
//! its own).
//!
//! # The reading
//!
//! With [`Definitions::tied_rook`] set (AXF; `None` in both CXA editions, which nothing here
//! touches):
//!
//! 1. **The tied rook is a qualifying target** for any attacker, whatever its own protection
//!    ([`ChaseException::TiedRook`], a chase): every legal capture of it chases it, unless the
//!    capturer is mated at once (as for every chase). Its attackers are found like any other's;
//!    only the protection test is waived. A rook attacking it does not offer an exchange (rule
//!    24's sacrifice): the tied rook cannot take back, its only legal moves take the horse,
//!    which the legal-move test of mutual same-kind attacks sees already.
//! 2. **Its standing attack on the horse that ties it is no chase** (D39–41, "never moves, so
//!    it is not chasing"), even when the horse's protection comes and goes with the moves of
//!    other pieces, as in FSF 1193 (Black's advisor blocks and unblocks the horse's protectors)
//!    and 1195 (Red's advisor does). The attack is *standing* when the rook is tied down by
//!    that horse before and after the mover's move and did not move itself. It is left out of
//!    the pieces attacking the horse, both after the move and before it (so that another
//!    piece's new attack on the horse is still new); when it is the horse's only attacker, the
//!    attack is kept, idle, for its note ([`ChaseException::TiedRookAttack`]).
//!
//! # Appendix A against D39
//!
//! Appendix A rules that a stationary Red rook chases a Black horse whose protection the Red
//! pawn's moves keep removing; D39–41 rule that a stationary Black rook does not chase a Red
//! horse whose protection the Black advisor's moves keep removing (FSF 1193). Who moves does not
//! separate them: in both a third piece of the attacker's side takes the victim's protection
//! away. What separates them is the rule the diagrams illustrate: D39's rook is tied down by the
//! very horse it attacks, Appendix A's is free. So the chase test keeps its newly-winnable
//! comparison (`new_chase.rs`: a piece that loses its protection is newly chased, Appendix A),
//! and only the tied rook's attack on its horse is exempt (clause 2). The engine's alternative,
//! counting only new attacks, gets D39 right and Appendix A wrong.

use super::mate::mated_after;
use super::{ChaseException, ChaseTarget, ChaseVia, Definitions};
use crate::attacks::attackers_on;
use crate::{Position, Role, Square, SquareSet};

/// The enemy horse that ties down the rook on `r` in `pos` (the module notes): the rook stands
/// on the leg point of that horse on its way to the rook's own king. `None` when no rook stands
/// on `r` or it is not tied down.
pub(super) fn tying_horse(pos: &Position, r: Square) -> Option<Square> {
    let rook = pos.board().get(r).filter(|o| o.role == Role::Rook)?;
    let king = pos.king(rook.color)?;
    let attacking = attackers_on(pos.board(), pos.rules(), king, !rook.color);
    let mut without = pos.board().clone();
    without.set(r, None);
    attackers_on(&without, pos.rules(), king, !rook.color)
        .iter()
        .find(|&s| !attacking.contains(s) && without.get(s).is_some_and(|o| o.role == Role::Horse))
}

/// Clause 1: adds to `out` (the pieces the side to move in `pos` chases, as [`chased`] found
/// them) the enemy rooks tied down by a horse of the side to move that it could take but that
/// the chase test passed over for their protection, among the pieces on `targets`.
///
/// [`chased`]: super::chased
pub(super) fn add_tied_rooks(
    pos: &Position,
    defs: &Definitions,
    targets: SquareSet,
    out: &mut Vec<ChaseTarget>,
) {
    if defs.tied_rook.is_none() {
        return;
    }
    let them = !pos.turn();
    let mut caps = None;
    for t in pos.board().by_color(them) & targets {
        if out.iter().any(|c| c.target == t) {
            continue;
        }
        let Some(horse) = tying_horse(pos, t) else {
            continue;
        };
        let caps = caps.get_or_insert_with(|| pos.legal_captures());
        let by: Vec<Square> = caps
            .iter()
            .filter(|m| m.to == t && !mated_after(pos, **m))
            .map(|m| m.from)
            .collect();
        if by.is_empty() {
            continue;
        }
        let mut c = ChaseTarget {
            target: t,
            role: Role::Rook,
            by,
            // It was passed over for its protection: it has a root.
            via: ChaseVia::Exchange,
            king_only: false,
            pawn_only: false,
            joint: false,
            exception: Some(ChaseException::TiedRook { horse }),
        };
        own_attackers(pos, &mut c);
        let at = out
            .iter()
            .position(|o| o.target.index() > t.index())
            .unwrap_or(out.len());
        out.insert(at, c);
    }
}

/// Clause 2: in `now` (the chases after the move, found in `again`) and `earlier` (those before
/// it, found in `before`), leaves out the attacks on a horse by a rook it ties down before and
/// after the move that did not move (`to` is where the mover's piece went); an attack made by
/// such a rook alone is kept idle.
pub(super) fn standing_attacks(
    before: &Position,
    again: &Position,
    to: Option<Square>,
    now: &mut [ChaseTarget],
    earlier: &mut [ChaseTarget],
    defs: &Definitions,
) {
    if defs.tied_rook.is_none() {
        return;
    }
    let standing = |r: Square, horse: Square| {
        Some(r) != to
            && tying_horse(before, r) == Some(horse)
            && tying_horse(again, r) == Some(horse)
    };
    for (pos, list) in [(again, now), (before, earlier)] {
        for c in list.iter_mut() {
            if c.role != Role::Horse || c.via == ChaseVia::Checks || c.overruled() {
                continue;
            }
            let (tied, others): (Vec<Square>, Vec<Square>) =
                c.by.iter().partition(|&&r| standing(r, c.target));
            let Some(&rook) = tied.first() else {
                continue;
            };
            if others.is_empty() {
                c.exception = Some(ChaseException::TiedRookAttack { rook });
            } else {
                c.by = others;
                own_attackers(pos, c);
            }
        }
    }
}

/// Sets whether only the king, or only pawns, attack in `c` (its attackers standing in `pos`).
fn own_attackers(pos: &Position, c: &mut ChaseTarget) {
    let roles: Vec<Role> =
        c.by.iter()
            .filter_map(|s| pos.board().get(*s))
            .map(|o| o.role)
            .collect();
    c.king_only = !roles.is_empty() && roles.iter().all(|r| *r == Role::King);
    c.pawn_only = !roles.is_empty() && roles.iter().all(|r| *r == Role::Pawn);
}

/// The note for a tied rook chased whatever its protection (clause 1).
pub(super) fn target_note(c: &ChaseTarget, horse: Square, defs: &Definitions) -> String {
    format!(
        "chase: rook on {} can be won next move by {}: it is tied down by the horse on {horse} \
         (it cannot leave its point without exposing its king to the horse), so it is chased \
         whatever its protection ({})",
        c.target,
        c.attackers(),
        defs.tied_rook.as_ref().unwrap_or(&defs.chase)
    )
}

/// The note for a tied rook's standing attack on the horse that ties it (clause 2).
pub(super) fn attack_note(c: &ChaseTarget, rook: Square, defs: &Definitions) -> String {
    format!(
        "the rook on {rook} attacks the horse on {} that ties it down, without moving: a tied \
         rook does not chase its horse, protected or not (idle, {})",
        c.target,
        defs.tied_rook.as_ref().unwrap_or(&defs.chase)
    )
}

#[cfg(test)]
mod tests {
    use super::tying_horse;
    use crate::law::classify::testing::{axf_like, pos, sq};
    use crate::law::classify::{chased, classify_move, ChaseException, Definitions};
    use crate::law::MoveKind;
    use crate::Position;

    /// `before` with the ICCS move `m` played.
    fn after(before: &Position, m: &str) -> Position {
        let mut p = before.clone();
        p.play(m.parse().expect("ICCS")).expect("legal");
        p
    }

    /// FSF 1193 after Red's b6b8: the black rook f8 stands on the leg of the red horse g8 on
    /// its way to the king e9; the red rook b8 and the cannon a8 (over b8) protect the horse.
    const FSF_1193: &str = "2baka1r1/CR3rN2/9/2p1p4/9/9/4P4/9/4A4/4KA3 b - - 0 1";

    /// The same with the black king on d9 (and no advisor there): the rook f8 is free.
    const FREE_ROOK: &str = "2bk1a1r1/CR3rN2/9/2p1p4/9/9/4P4/9/4A4/4KA3 b - - 0 1";

    /// The tie is the horse-leg pin against the king (FSF 1193, 1195): a rook on a leg point
    /// whose way leads elsewhere is free.
    #[test]
    fn a_rook_on_the_leg_to_its_king_is_tied() {
        let p = pos(FSF_1193);
        assert_eq!(tying_horse(&p, sq("f8")), Some(sq("g8")));
        assert_eq!(tying_horse(&p, sq("b8")), None);
        assert_eq!(tying_horse(&p, sq("g8")), None, "a horse is no rook");
        // FSF 1195: the red rook d1 on the leg of the black horse c1 on its way to e0.
        let p = pos("5k3/9/9/9/9/9/7r1/9/2nRA3c/4K4 w - - 0 1");
        assert_eq!(tying_horse(&p, sq("d1")), Some(sq("c1")));
        // The black king on d9: the leg f8 leads the horse to e9, which is empty.
        assert_eq!(tying_horse(&pos(FREE_ROOK), sq("f8")), None);
    }

    /// FSF 1193 (D39's setting), Black's f9e8: the advisor blocks the red rook b8's line and
    /// gives the cannon a8 a second screen, so the horse g8 loses both its protectors. The
    /// black rook f8, tied down by that horse, attacks it without moving: no chase (rule 19,
    /// D39 "never moves, so it is not chasing"). Under CXA 1999 the horse is newly winnable, a
    /// chase.
    #[test]
    fn fsf_1193_a_tied_rook_does_not_chase_its_horse() {
        let before = pos(FSF_1193);
        let after = after(&before, "f9e8");
        let c = classify_move(&before, &after, &axf_like());
        // Idle: the advisor blocks the rook b8 (拦).
        assert_eq!(c.class.heaviest(), MoveKind::Block, "{:?}", c.class);
        let g8 = c
            .chases
            .iter()
            .find(|c| c.target == sq("g8"))
            .expect("kept");
        assert_eq!(
            g8.exception,
            Some(ChaseException::TiedRookAttack { rook: sq("f8") })
        );
        assert!(
            c.class
                .notes
                .iter()
                .any(|n| n.contains("ties it down") && n.contains("axf rule 19")),
            "{:?}",
            c.class.notes
        );
        let c = classify_move(&before, &after, &Definitions::cxa_1999());
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("g8")]);
    }

    /// FSF 1193, Red's b8b9 (the advisor on e8): the cannon a8 now attacks the tied rook f8
    /// through the advisor, a chase (D39 "every Red move attacks the Rook").
    #[test]
    fn fsf_1193_every_red_move_chases_the_tied_rook() {
        let before = pos("2bak2r1/CR2arN2/9/2p1p4/9/9/4P4/9/4A4/4KA3 w - - 0 1");
        let after = after(&before, "b8b9");
        let c = classify_move(&before, &after, &axf_like());
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert!(c.class.targets.contains(&sq("f8")), "{:?}", c.class);
    }

    /// FSF 1195, Red's e1f0: the advisor leaves e1, the black cannon i1 loses its screen and
    /// the horse c1 its protection. The red rook d1, tied down by c1, attacks it without
    /// moving: no chase. Black's h3h1 then attacks the tied rook along the first rank: a chase.
    #[test]
    fn fsf_1195_the_tied_red_rook_does_not_chase_but_is_chased() {
        let d = axf_like();
        let start = pos("5k3/9/9/9/9/9/7r1/9/2nRA3c/4K4 w - - 0 1");
        let red = after(&start, "e1f0");
        let c = classify_move(&start, &red, &d);
        assert_eq!(c.class.heaviest(), MoveKind::Idle, "{:?}", c.class);
        let black = after(&red, "h3h1");
        let c = classify_move(&red, &black, &d);
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("d1")]);
        // CXA 1999: the horse c1, newly unprotected, is chased.
        let c = classify_move(&start, &red, &Definitions::cxa_1999());
        assert_eq!(c.class.targets, vec![sq("c1")], "{:?}", c.class);
    }

    /// D39 constructed on FSF 1193's setting, without the cannon and with the tied rook f8
    /// protected by the black horse g6: the red rook coming to b8 chases it all the same (rule
    /// 19: a tied rook may not be perpetually chased, and it cannot take back, so this is no
    /// offer of rooks). Under CXA 1999 rook against protected rook is even: no chase.
    #[test]
    fn d39_a_protected_tied_rook_is_chased_by_a_rook() {
        let before = pos("2baka1r1/5rN2/9/1Rp1p1n2/9/9/4P4/9/4A4/4KA3 w - - 0 1");
        let after = after(&before, "b6b8");
        let c = classify_move(&before, &after, &axf_like());
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("f8")]);
        let f8 = &c.chases[0];
        assert_eq!(
            f8.exception,
            Some(ChaseException::TiedRook { horse: sq("g8") })
        );
        assert_eq!(f8.by, vec![sq("b8")]);
        assert!(
            c.class
                .notes
                .iter()
                .any(|n| n.contains("tied down by the horse on g8") && n.contains("rule 19")),
            "{:?}",
            c.class.notes
        );
        let found = chased(&after.passed(), &axf_like());
        assert!(found.iter().any(|c| c.target == sq("f8")), "{found:?}");
        let c = classify_move(&before, &after, &Definitions::cxa_1999());
        assert_ne!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
    }

    /// Appendix A against D39: FSF 1193's shuttle with the black king on d9, so that the rook
    /// f8 is free. The advisor's move takes the horse's protection away and the stationary free
    /// rook's attack is a new chase (Appendix A: "the stationary Red Rook is chasing").
    #[test]
    fn appendix_a_a_free_stationary_rook_chases_a_horse_losing_its_protection() {
        let before = pos(FREE_ROOK);
        let after = after(&before, "f9e8");
        let c = classify_move(&before, &after, &axf_like());
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("g8")]);
    }

    /// The tied rook's standing attack does not hide another piece's: the black rook h9 comes
    /// to h8 beside the loose horse g8, which the tied rook f8 has attacked all along. Under
    /// rule 19 the rook h8 makes a new chase; under CXA 1999 the horse was already attacked.
    #[test]
    fn a_new_attack_beside_the_tied_rooks_is_a_chase() {
        let before = pos("2bak2r1/4arN2/9/1Rp1p4/9/9/4P4/9/4A4/4KA3 b - - 0 1");
        let after = after(&before, "h9h8");
        let c = classify_move(&before, &after, &axf_like());
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        let g8 = c.chases.iter().find(|c| c.target == sq("g8")).expect("g8");
        assert_eq!((g8.by.clone(), g8.exception), (vec![sq("h8")], None));
        let c = classify_move(&before, &after, &Definitions::cxa_1999());
        assert_eq!(c.class.heaviest(), MoveKind::Idle, "{:?}", c.class);
    }
}
