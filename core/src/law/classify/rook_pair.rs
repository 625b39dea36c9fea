//! 车马同时与马（车炮同时与炮）产生接触 (a rook and a horse against a horse, a rook and a
//! cannon against a cannon), CXA 2011 §26.10: "車馬同時與馬（車炮同時與炮）產生接觸，兌和捉的判斷：
//! 26.10.1 被接觸的馬（炮）"無根"，則車方為 "捉"。 26.10.2 被接觸的馬（炮）有根，且主動接受邀兌后
//! 其"根"無損失，為"兌"。如車方增加其他參與子力并產生新的兌兼捉，判"捉"。" 1999 has no such
//! article: the rook and the piece against one root are a (joint) chase by the general definition.
//!
//! # The reading
//!
//! The contact: our rook attacks the horse (cannon), and a piece of ours of its kind attacks it
//! and is attacked back by it.
//!
//! - §26.10.1: the contacted piece has no root (or a false one): the general definition already
//!   finds the chase; the article is cited beside it ([`unrooted_note`]).
//! - §26.10.2, first sentence: it has a root (a piece that could recapture after our rook took
//!   it), and after it takes our piece of its kind none of its roots can be won: an exchange
//!   (兑), idle ([`ChaseException::RookPairExchange`]); the move is then named 兑.
//! - Second sentence: a further piece of ours attacks it too: exchange and chase (兑兼捉), a
//!   chase ([`ChaseException::RookPairReinforced`]).
//!
//! What is *not* checked: roots that could be won only beyond one capture after the exchange.

use super::chase::mutual_same_role;
use super::exchange::{captures_on, gain};
use super::{ChaseException, ChaseTarget, ChaseVia, Definitions};
use crate::law::{MoveKind, PlyClass};
use crate::{Move, Position, Role, Square};

/// 2011 §26.10.2: the piece on `t`, a horse or cannon with a root, is in contact with a rook and
/// with a piece of its own kind that it attacks back (the side to move attacks it); if it takes
/// that piece (accepting the exchange) and then no capture wins one of its roots, the contact
/// is an exchange ([`ChaseException::RookPairExchange`]), unless a further piece of ours attacks
/// it too (the second sentence, "如车方增加其他参与子力并产生新的兑兼捉，判捉":
/// [`ChaseException::RookPairReinforced`]). Its roots are the pieces that could recapture on `t`
/// after the rook took it. `None` when the edition has no such article.
pub(super) fn contact(pos: &Position, t: Square, defs: &Definitions) -> Option<ChaseException> {
    defs.rook_pair_contact.as_ref()?;
    let occ = pos.board().get(t)?;
    if !matches!(occ.role, Role::Horse | Role::Cannon) {
        return None;
    }
    let role_at = |s: Square| pos.board().get(s).map(|o| o.role);
    let captures: Vec<Move> = captures_on(pos, t).collect();
    let rook = captures
        .iter()
        .find(|m| role_at(m.from) == Some(Role::Rook))?;
    let ours = captures
        .iter()
        .find(|m| role_at(m.from) == Some(occ.role) && mutual_same_role(pos, **m))?;
    let mut taken = pos.clone();
    taken.play_unchecked(*rook);
    let roots: Vec<Square> = captures_on(&taken, t).map(|m| m.from).collect();
    if roots.is_empty() {
        return None;
    }
    let them = pos.passed();
    let accept = captures_on(&them, ours.from).find(|m| m.from == t)?;
    let mut accepted = them.clone();
    accepted.play_unchecked(accept);
    let kept = roots
        .iter()
        .all(|&r| captures_on(&accepted, r).all(|m| gain(&accepted, m, &defs.values) <= 0));
    if !kept {
        return None;
    }
    let further = captures
        .iter()
        .any(|m| m.from != rook.from && m.from != ours.from);
    Some(if further {
        ChaseException::RookPairReinforced
    } else {
        ChaseException::RookPairExchange
    })
}

/// 2011 §26.10.1: the chased piece, a horse or cannon won outright (no root, or a false root),
/// is attacked by one of our rooks and attacks back a piece of ours of its own kind that
/// attacks it too: that rook and that piece.
fn unrooted(pos: &Position, c: &ChaseTarget) -> Option<(Square, Square)> {
    if !matches!(c.role, Role::Horse | Role::Cannon) {
        return None;
    }
    let role_at = |s: Square| pos.board().get(s).map(|o| o.role);
    let rook =
        c.by.iter()
            .copied()
            .find(|&s| role_at(s) == Some(Role::Rook))?;
    let ours = captures_on(pos, c.target)
        .find(|&m| role_at(m.from) == Some(c.role) && mutual_same_role(pos, m))?;
    Some((rook, ours.from))
}

/// The note citing §26.10.1 beside a counted chase of an unrooted horse (cannon) by the rook
/// pair, in `again` (the position after the move, the mover to move again).
pub(super) fn unrooted_note(
    again: &Position,
    c: &ChaseTarget,
    defs: &Definitions,
) -> Option<String> {
    let article = defs.rook_pair_unrooted.as_ref()?;
    if c.via != ChaseVia::Direct {
        return None;
    }
    let (rook, ours) = unrooted(again, c)?;
    Some(format!(
        "the rook on {rook} and the {} on {ours} in contact with the {} on {}, \
         which has no root: the rook's side chases ({article})",
        c.role, c.role, c.target
    ))
}

/// The note for a contact that §26.10.2 makes an exchange.
pub(super) fn exchange_note(c: &ChaseTarget, defs: &Definitions) -> Option<String> {
    let article = defs.rook_pair_contact.as_ref()?;
    Some(format!(
        "the rook and the {} of ours ({}) in contact with the {} on {}, which has a root and \
         keeps it after taking ours: an exchange (兑), idle ({article})",
        c.role,
        c.attackers(),
        c.role,
        c.target
    ))
}

/// The note for a contact that a further piece makes a chase (§26.10.2, second sentence).
pub(super) fn reinforced_note(c: &ChaseTarget, defs: &Definitions) -> Option<String> {
    let article = defs.rook_pair_contact.as_ref()?;
    Some(format!(
        "a further piece joins the rook and the {} against the {} on {} ({}): exchange \
         and chase (兑兼捉), a chase ({article})",
        c.role,
        c.role,
        c.target,
        c.attackers()
    ))
}

/// Names a move that makes nothing heavier an exchange offer (兑) when one of its `chases` is a
/// rook pair's contact that §26.10.2 calls an exchange; whether it did.
pub(super) fn exchange_kind(chases: &[ChaseTarget], class: &mut PlyClass) -> bool {
    let pair = chases
        .iter()
        .find(|c| c.exception == Some(ChaseException::RookPairExchange));
    if let Some(c) = pair {
        class.kinds.push(MoveKind::ExchangeOffer);
        class.targets.push(c.target);
    }
    pair.is_some()
}

#[cfg(test)]
mod tests {
    use crate::law::classify::testing::{pos, sq};
    use crate::law::classify::{chased, classify_move, ChaseException, Definitions};
    use crate::law::MoveKind;

    /// 2011 §26.10 (rook and horse in contact with a horse): the red horse d4 and the black
    /// horse e6 attack each other; the red rook comes to e2 behind it (the pawn a3 keeps it
    /// from checking along the a-file). §26.10.1: the contacted horse without a root, the
    /// rook's side chases (both editions). §26.10.2: with a root (the black rook e9, which the
    /// king protects), taking the red horse costs Black nothing, so it is an exchange (兑),
    /// idle in 2011; 1999 counts the rook and horse against one root as a chase.
    #[test]
    fn rook_and_horse_against_a_horse() {
        let play = |fen: &str, defs: &Definitions| {
            let before = pos(fen);
            let mut after = before.clone();
            after.play("a2e2".parse().expect("ICCS")).expect("legal");
            classify_move(&before, &after, defs)
        };
        let new = Definitions::cxa_2011();
        let old = Definitions::cxa_1999();
        let rootless = "3k5/9/9/4n4/9/3N5/P8/R8/9/5K3 w - - 0 1";
        for d in [&new, &old] {
            let c = play(rootless, d);
            assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
            assert_eq!(c.class.targets, vec![sq("e6")]);
            // Only 2011 has an article to cite for it.
            let cited = c.class.notes.iter().any(|n| n.contains("§26.10.1"));
            assert_eq!(cited, std::ptr::eq(d, &new), "{:?}", c.class.notes);
        }
        let rooted = "3kr4/9/9/4n4/9/3N5/P8/R8/9/5K3 w - - 0 1";
        let c = play(rooted, &new);
        assert_eq!(c.class.heaviest(), MoveKind::ExchangeOffer, "{:?}", c.class);
        assert!(
            c.class.notes.iter().any(|n| n.contains("§26.10.2")),
            "{:?}",
            c.class.notes
        );
        let c = play(rooted, &old);
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
    }

    /// 2011 §26.10.1 with cannons: the red cannon h6 and the black cannon e6 attack each other
    /// over the black pawn g6, and the red rook comes to e2; nothing protects e6 (the black
    /// rook e9 of the rooted version is gone). A chase in both editions; 2011 cites §26.10.1.
    #[test]
    fn rook_and_cannon_against_an_unrooted_cannon() {
        let before = pos("2b2k3/9/3n5/4c1pC1/9/9/9/3R5/9/3K5 w - - 0 1");
        let mut after = before.clone();
        after.play("d2e2".parse().expect("ICCS")).expect("legal");
        for (d, cites) in [
            (Definitions::cxa_2011(), true),
            (Definitions::cxa_1999(), false),
        ] {
            let c = classify_move(&before, &after, &d);
            assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
            assert_eq!(c.class.targets, vec![sq("e6")]);
            let cited = c.class.notes.iter().any(|n| n.contains("§26.10.1"));
            assert_eq!(cited, cites, "{:?}", c.class.notes);
        }
    }

    /// 2011 §26.10.2, second sentence: the rook e2 and the horse d4 against the black horse e6
    /// (rooted by the rook e9) are an exchange, idle in 2011; a second red horse coming to f4
    /// adds a participating piece: exchange and chase (兑兼捉), a new chase. In 1999 the rook and
    /// horse already chased e6, so the third piece makes nothing new.
    #[test]
    fn a_further_piece_against_the_rook_pair_contact_chases() {
        let before = pos("3kr4/9/9/4n4/9/3N5/9/4R1N2/9/5K3 w - - 0 1");
        let new = Definitions::cxa_2011();
        let old = Definitions::cxa_1999();
        let pair = chased(&before, &new);
        let e6 = pair.iter().find(|c| c.target == sq("e6")).expect("kept");
        assert_eq!(e6.exception, Some(ChaseException::RookPairExchange));
        let mut after = before.clone();
        after.play("g2f4".parse().expect("ICCS")).expect("legal");
        let c = classify_move(&before, &after, &new);
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("e6")]);
        assert!(
            c.class
                .notes
                .iter()
                .any(|n| n.contains("兑兼捉") && n.contains("§26.10.2")),
            "{:?}",
            c.class.notes
        );
        let c = classify_move(&before, &after, &old);
        assert!(!c.class.has(MoveKind::Chase), "{:?}", c.class);
    }
}
