//! 捉 (chase), the general definition: CXA 1999 §28.3 "凡走子后能夠造成在下一著(包括從下一著開始
//! 運用連續照將或連續交換的手段)吃掉對方某個無根子,稱為"捉"." with §29.1 "捉子的形式可以有:能夠直接
//! 吃子;能夠通過連續照將吃子;能夠通過完整的交換過程得子.", §29.3 "直接或間接被捉的,是有子力價值的
//! 無根子(含:假根子.少根子)." and §29.4 "下一著吃子或得子后,不致被將死."; 2011 §24.3 "凡走子后，
//! 所走動子能直接吃子、與其他子聯合吃子、從下一著開始運用連續"將軍"得子、抽吃子、通過完整互吃交換后
//! 吃掉對方子且得子，上述得子后不致立即（下一著不予考慮）被對方將死的，稱為"捉"。"
//!
//! # The reading
//!
//! [`chased`] lists the opponent pieces of material value (§25.3: not the king, not an uncrossed
//! pawn) that the side to move could win next move: by a legal capture that wins material in
//! the complete exchange on the piece's point ([`ChaseVia::Direct`] when no root recaptures,
//! [`ChaseVia::Exchange`] otherwise), or, failing that, through checks
//! ([`Definitions::chase_through_checks`], `through_checks.rs`, [`ChaseVia::Checks`]); a capture
//! after which the capturer's side is mated at once wins nothing (§29.4). A piece that no
//! attacker wins alone but the attackers win together is chased jointly (联合捉子, 少根,
//! [`ChaseTarget::joint`]). Two pieces of one kind attacking each other offer an exchange, they
//! do not chase (1999 chapter 7 example 3), unless a second attacker makes the exchange win.
//!
//! Under AXF's one-recapture test ([`Definitions::chase_test`]) each capture is tested by
//! `protected.rs` instead: no values, no joint chase, none of the exceptions below.
//!
//! The editions' exceptions are asked of their articles, each in its own module: §26.5
//! (`root_and_pinned.rs`), §26.6 (`pawn_trades.rs`), §26.7 (`pawn_discovered.rs`), §26.9
//! (`costly_offer.rs`), §26.10 (`rook_pair.rs`) and false roots (`false_root.rs`). Whether the
//! chase is new with the move is `new_chase.rs`; whose own chase it is, `own_chase.rs`.
//!
//! What is *not* checked: hidden roots beyond the exchange on the point (a root that appears
//! only after another capture), and gains more than one capture (or the checks) away.

use super::exchange::{captures_on, gain, prize};
use super::floating::Ledger;
use super::mate::mated_after;
use super::protected::OneRecapture;
use super::root_and_pinned::Outweighed;
use super::through_checks::{FirstChecks, OwnCaptures, Search};
use super::{
    check_capture, costly_offer, false_root, pawn_discovered, pawn_trades, rook_pair,
    root_and_pinned, tied_rook, ChaseException, ChaseTarget, ChaseVia, Definitions,
};
use crate::{Position, Role, Square, SquareSet};

/// The opponent pieces the side to move could win next move (1999 §29.1, §29.3, §29.4): pieces
/// of material value that a legal capture wins outright or by a complete exchange, or that a
/// check wins, provided the winning side is not then mated at once.
pub fn chased(pos: &Position, defs: &Definitions) -> Vec<ChaseTarget> {
    chased_with(
        &ChaseSearch::new(&FirstChecks::new(pos), defs, true),
        SquareSet::FULL,
    )
}

/// [`chased`] in the position of `first`, its checking moves shared with the other searches
/// made there (the mate threat's, `mate.rs`).
pub(super) fn chased_from(first: &FirstChecks, defs: &Definitions) -> Vec<ChaseTarget> {
    chased_with(&ChaseSearch::new(first, defs, true), SquareSet::FULL)
}

/// [`chased`] in the position before a move ([`ChaseSearch::before_move`]), of the pieces on
/// `targets` only (those chased after the move).
pub(super) fn chased_before(
    pos: &Position,
    defs: &Definitions,
    targets: SquareSet,
) -> Vec<ChaseTarget> {
    chased_with(
        &ChaseSearch::before_move(&FirstChecks::new(pos), defs),
        targets,
    )
}

/// The pieces on `targets` that `search` finds chased, with AXF's tied rooks.
fn chased_with(search: &ChaseSearch, targets: SquareSet) -> Vec<ChaseTarget> {
    let pos = search.pos;
    let mut out: Vec<ChaseTarget> = (pos.board().by_color(!pos.turn()) & targets)
        .into_iter()
        .filter_map(|t| search.target(t))
        .collect();
    // AXF rule 19: a tied rook is chased whatever its protection (tied_rook.rs).
    tied_rook::add_tied_rooks(pos, search.defs, targets, &mut out);
    out
}

/// The chase search of one position, a piece at a time ([`ChaseSearch::target`]): the legal
/// captures are generated once, for every piece asked about, and the checking moves (for a win
/// through checks) the first time a piece needs them.
pub(super) struct ChaseSearch<'a> {
    pos: &'a Position,
    defs: &'a Definitions,
    /// Whether a win through checks is searched.
    through_checks: bool,
    first: &'a FirstChecks<'a>,
    caps: crate::MoveList,
    /// Whether a capture that wins nothing can still matter (2011 §26.9, §24.16).
    even_matters: bool,
}

impl<'a> ChaseSearch<'a> {
    /// The search in `first`'s position, the win through checks searched or not.
    pub(super) fn new(
        first: &'a FirstChecks<'a>,
        defs: &'a Definitions,
        through_checks: bool,
    ) -> ChaseSearch<'a> {
        let pos = first.position();
        ChaseSearch {
            pos,
            defs,
            through_checks,
            first,
            caps: pos.legal_captures(),
            even_matters: defs.costly_offers.is_some() || false_root::by_duty(defs),
        }
    }

    /// The search in the position before a move, where only the attacks that can keep a chase
    /// from being new matter (`new_chase.rs`): not those an article makes idle, so the win
    /// through checks is not searched when the edition names it a threat (AXF rule 38,
    /// `check_capture.rs`).
    pub(super) fn before_move(first: &'a FirstChecks<'a>, defs: &'a Definitions) -> Self {
        ChaseSearch::new(first, defs, defs.check_capture_threat.is_none())
    }

    /// How the piece on `t` is chased, if it is an opponent piece of material value that the
    /// side to move could win next move (see [`chased`]). AXF's tied rooks (rule 19,
    /// `tied_rook.rs`) are not found here: they are added to a whole list.
    pub(super) fn target(&self, t: Square) -> Option<ChaseTarget> {
        let (pos, defs) = (self.pos, self.defs);
        let occ = pos.board().get(t).filter(|o| o.color == !pos.turn())?;
        if defs.values.of(occ, t) <= 0 {
            return None; // the king and uncrossed pawns are not material (§25.3)
        }
        let mut by = Vec::new();
        let mut via = ChaseVia::Direct;
        let mut wins_alone = false;
        // 2011 §26.7: a pawn capture that gives check by another piece.
        let mut discovers_check = false;
        // 2011 §26.5: captures by roots or pinned pieces that lose more than they win.
        let mut outweighed: Vec<Outweighed> = Vec::new();
        // 2011 §26.9: same-kind offers whose acceptance costs the acceptor.
        let mut costly: Option<(Square, ChaseException)> = None;
        // 2011 §24.16: the false root of a target won as if unprotected.
        let mut false_root: Option<Square> = None;
        // AXF terms "protected": one legal recapture instead of the exchange (protected.rs).
        let mut one_ply = OneRecapture::new(defs);
        for m in self.caps.iter().copied().filter(|m| m.to == t) {
            if let Some(test) = one_ply.as_mut() {
                if test.wins(pos, m) {
                    by.push(m.from);
                }
                continue;
            }
            let mut g = gain(pos, m, &defs.values);
            if g <= 0 && !self.even_matters {
                continue;
            }
            if mutual_same_role(pos, m) && !(g > 0 && rooted_after(pos, m)) {
                // Two pieces of one kind attacking each other offer an exchange (兑) or an
                // offer (献), not a chase: 1999 chapter 7 example 3, "黑方一捉一兑". (Pieces of
                // different kinds never attack each other both ways.) 2011 §26.9: unless
                // accepting costs the acceptor. A rooted piece that the exchange still wins
                // (a second attacker of ours: 少根, 1999 §28.16, §29.1) is chased, not offered.
                if costly.is_none() {
                    costly = costly_offer::cost(pos, m, defs).map(|e| (m.from, e));
                }
                continue;
            }
            // 2011 §24.16: roots that cannot leave their line do not protect.
            let mut false_roots = None;
            if g <= 0 {
                let Some(roots) = false_root::duty_bound_roots(pos, m, defs) else {
                    continue;
                };
                g = prize(&defs.values, Some(occ), t);
                false_roots = Some(roots);
            }
            if mated_after(pos, m) {
                continue; // §29.4
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            let recapture = false_roots.is_none() && next.can_capture_on(t);
            let capturer = pos.board().get(m.from);
            let capturer_value = prize(&defs.values, capturer, m.from);
            if recapture && pawn_trades::no_gain(capturer, occ, defs) {
                continue; // 2011 §26.6: a crossed pawn for anything but a rook gains nothing
            }
            if let Some(o) = root_and_pinned::outweighed(pos, m, g, recapture, defs) {
                outweighed.push(o);
                continue; // 2011 §26.5: 得不偿失
            }
            if false_roots.is_some() {
                false_root = false_roots;
            }
            if recapture {
                via = ChaseVia::Exchange;
            }
            // Won by this attacker alone: no recapture, or the target outweighs the attacker.
            if !recapture || defs.values.of(occ, t) > capturer_value {
                wins_alone = true;
            }
            if pawn_discovered::discovers_check(capturer, &next, m, defs) {
                discovers_check = true;
            }
            by.push(m.from);
        }
        // The captures of `t` already possible, which no check wins anew (through_checks.rs).
        let own = OwnCaptures::new(pos, t, &self.caps, defs);
        let depth = defs.chase_through_checks.checks;
        if by.is_empty() && depth > 0 && self.through_checks {
            let checking = self.first.list();
            let search = Search {
                t,
                defs,
                pawns: true,
                own: &own,
            };
            if let Some(checker) = search.wins(depth, checking, Ledger::default()) {
                via = ChaseVia::Checks;
                by.push(checker);
            }
        }
        let mut exception = None;
        if via == ChaseVia::Checks {
            exception = check_capture::exception(defs); // AXF rule 38: a threat, not a chase
        }
        if let Some(e) = one_ply.and_then(|test| test.exception()) {
            via = ChaseVia::Exchange; // AXF rules 15, 21: a protected rook
            exception = Some(e);
        }
        if let (Some(root), ChaseVia::Direct, false) = (false_root, via, by.is_empty()) {
            exception = Some(ChaseException::FalseRoot { root });
        }
        if by.is_empty() && via != ChaseVia::Checks {
            if let Some((from, e)) = costly {
                by.push(from);
                via = ChaseVia::Exchange;
                exception = Some(e);
            } else if let Some((attackers, how, e)) = root_and_pinned::exception(&outweighed) {
                by.extend(attackers);
                via = how;
                exception = Some(e);
            } else {
                return None;
            }
        }
        // A piece won through checks is not the king's or a pawn's own chase.
        let roles: Vec<Role> = if via == ChaseVia::Checks {
            Vec::new()
        } else {
            by.iter()
                .filter_map(|s| pos.board().get(*s))
                .map(|o| o.role)
                .collect()
        };
        let king_only = !roles.is_empty() && roles.iter().all(|r| *r == Role::King);
        let pawn_only = if via == ChaseVia::Checks {
            // 2011 §26.7: won through checks, but only by a pawn's capture (抽吃).
            pawn_discovered::drawing_capture_only(t, Some(self.first.list()), &own, defs)
        } else {
            !discovers_check && !roles.is_empty() && roles.iter().all(|r| *r == Role::Pawn)
        };
        let joint = via == ChaseVia::Exchange && !wins_alone && exception.is_none();
        if via == ChaseVia::Exchange && exception.is_none() {
            exception = rook_pair::contact(pos, t, defs);
        }
        Some(ChaseTarget {
            target: t,
            role: occ.role,
            by,
            via,
            king_only,
            pawn_only,
            joint,
            exception,
        })
    }
}

/// Whether, after the capture `m`, the captured piece's side can recapture on its point.
fn rooted_after(pos: &Position, m: crate::Move) -> bool {
    let mut next = pos.clone();
    next.play_unchecked(m);
    next.can_capture_on(m.to)
}

/// Whether the target of the capture `m` is of the capturer's role and could itself capture the
/// capturer (same-kind pieces attacking each other).
pub(super) fn mutual_same_role(pos: &Position, m: crate::Move) -> bool {
    let (Some(c), Some(t)) = (pos.board().get(m.from), pos.board().get(m.to)) else {
        return false;
    };
    c.role == t.role && captures_on(&pos.passed(), m.from).any(|r| r.from == m.to)
}

/// The note for a counted chase that no article decided, in `again` (the position after the
/// move, the mover to move again): how the piece would be won.
pub(super) fn note(again: &Position, c: &ChaseTarget, defs: &Definitions) -> String {
    let how = match (c.via, c.joint) {
        (ChaseVia::Direct, _) => "no root can recapture it".to_owned(),
        (ChaseVia::Exchange, true) => format!(
            "its roots are fewer than the attackers, none of which wins it alone: a \
             joint chase (联合捉子) of a piece with too few roots (少根子, {})",
            defs.insufficient_root.as_ref().unwrap_or(&defs.chase)
        ),
        (ChaseVia::Exchange, false) => match weaker_attacker(again, c, defs) {
            Some((s, role)) => format!(
                "the {role} on {s} is worth less, so a complete exchange wins \
                 material even against its root"
            ),
            None => "a complete exchange wins material (false or insufficient root)".to_owned(),
        },
        (ChaseVia::Checks, _) => {
            "a check from there wins it whatever the reply (连续照将吃子)".to_owned()
        }
    };
    format!(
        "chase: {} on {} can be won next move by {}: {how} ({})",
        c.role,
        c.target,
        c.attackers(),
        defs.chase
    )
}

/// The first attacker of `c` in `pos` worth less than the chased piece (not the king): such an
/// attacker wins the piece in a complete exchange even when its root recaptures (1999 §29.1
/// "能够通过完整的交换过程得子", 2011 §24.3).
fn weaker_attacker(pos: &Position, c: &ChaseTarget, defs: &Definitions) -> Option<(Square, Role)> {
    let target = pos.board().get(c.target)?;
    let worth = defs.values.of(target, c.target);
    c.by.iter().find_map(|&s| {
        let o = pos.board().get(s)?;
        (o.role != Role::King && defs.values.of(o, s) < worth).then_some((s, o.role))
    })
}

#[cfg(test)]
mod tests {
    use crate::law::classify::testing::{pos, sq};
    use crate::law::classify::{chased, classify_move, Definitions};
    use crate::law::MoveKind;

    /// Two horses in mutual contact are an exchange offer (1999 chapter 7 example 3), but when a
    /// second attacker makes the exchange win the rooted horse (the black horse g7 is its only
    /// root, the red rook comes to e2), it is a chase (少根, 1999 §28.16, §29.1).
    #[test]
    fn a_mutual_contact_that_a_second_attacker_wins_is_a_chase() {
        let before = pos("3k5/4a4/6n2/4n4/9/5N3/P8/R8/9/5K3 w - - 0 1");
        let mut after = before.clone();
        after.play("a2e2".parse().expect("ICCS")).expect("legal");
        let c = classify_move(&before, &after, &Definitions::cxa_1999());
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("e6")]);
    }

    /// §24.17 joint chase: two horses against a cannon with one root; the first capture alone
    /// is an even exchange, the second horse makes the root's recapture lose. Neither horse
    /// wins it alone.
    #[test]
    fn joint_chase_needs_two_attackers() {
        // Black cannon c7 protected by the black rook c9; red horses b5 and d5 attack c7.
        let p = pos("2r1k4/9/2c6/9/1N1N5/9/9/9/9/5K3 w - - 0 1");
        let d = Definitions::cxa_2011();
        let c = chased(&p, &d);
        let t = c
            .iter()
            .find(|c| c.target == sq("c7"))
            .expect("c7 is chased");
        assert!(t.joint && t.rootless(), "{t:?}");
        assert_eq!(t.by.len(), 2);
        // A horse against a protected rook wins alone: a single chase of a protected rook.
        let p = pos("2r1k4/9/2r6/9/1N7/9/9/9/9/5K3 w - - 0 1");
        let c = chased(&p, &d);
        let t = c
            .iter()
            .find(|c| c.target == sq("c7"))
            .expect("c7 is chased");
        assert!(!t.joint && !t.rootless(), "{t:?}");
    }

    /// §24.17 joint chase of a rook (the case of 2011 §26.8.2): two rooks in contact with a rook
    /// that has one root. Each rook alone is an even exchange (so a rook alone attacking a rook
    /// offers an exchange, 兑), together they win it (少根, §24.15; 1999 §29.3).
    #[test]
    fn two_rooks_jointly_chase_a_rook_with_one_root() {
        // Black rook c5, guarded by the elephant e7 (free to leave the e-file: the red king is on
        // d0); red rooks c3 and c6 on both sides of it.
        let p = pos("4k4/9/4b4/2R6/2r6/9/2R6/9/9/3K5 w - - 0 1");
        for d in [Definitions::cxa_2011(), Definitions::cxa_1999()] {
            let c = chased(&p, &d);
            let t = c
                .iter()
                .find(|c| c.target == sq("c5"))
                .expect("c5 is chased");
            assert!(t.joint && t.rootless() && t.exception.is_none(), "{t:?}");
            assert_eq!(t.by.len(), 2);
        }
        // One red rook (c3) alone: an even exchange, no chase.
        let p = pos("4k4/9/4b4/9/2r6/9/2R6/9/9/3K5 w - - 0 1");
        let c = chased(&p, &Definitions::cxa_2011());
        assert!(!c.iter().any(|c| c.target == sq("c5")), "{c:?}");
        // A second root (the horse d7) makes the two rooks even too: no chase.
        let p = pos("4k4/9/3nb4/2R6/2r6/9/2R6/9/9/3K5 w - - 0 1");
        let c = chased(&p, &Definitions::cxa_2011());
        assert!(!c.iter().any(|c| c.target == sq("c5")), "{c:?}");
    }

    /// A horse chasing a rook its root guards wins it in a complete exchange because it is worth
    /// less (1999 §29.1): the note says so rather than blaming the root.
    #[test]
    fn a_weaker_attacker_is_named_in_the_note() {
        // Black rook c7 guarded by the rook c9; the red horse goes a3-b5.
        let before = pos("2r1k4/9/2r6/9/9/9/N8/9/9/5K3 w - - 0 1");
        let mut after = before.clone();
        after.play("a3b5".parse().expect("ICCS")).expect("legal");
        let c = classify_move(&before, &after, &Definitions::cxa_2011());
        assert_eq!(c.class.targets, vec![sq("c7")], "{:?}", c.class);
        assert!(
            c.class
                .notes
                .iter()
                .any(|n| n.contains("the horse on b5 is worth less")),
            "{:?}",
            c.class.notes
        );
    }
}
