//! 同兵种邀兑 (same-kind exchange offers), CXA 2011 §26.9: "同兵種邀兌，被邀兌方兌子后立即被殺或
//! 子力價值受損，邀兌方按"捉"處理；反之，則按 "閑"處理。如邀兌之子參與做殺（與其他子配合連續照將），
//! 則按"殺"處理。" 1999 (chapter 7 example 3, "黑方一捉一兑") always calls two pieces of one kind
//! attacking each other an exchange offer (兑).
//!
//! # The reading
//!
//! Two pieces of one kind attacking each other are an offer, not a chase (`chase.rs`), unless
//! accepting costs the acceptor: taking ours leaves it mated by checks within the mate-threat
//! depth where it was not before ("立即被杀"), or loses more than it wins on the point through
//! what its piece stops protecting or shielding ("子力价值受损", the weighing of
//! `departure.rs`). Then the offer is a chase of the offered piece
//! ([`ChaseException::CostlyOffer`]).
//!
//! What is *not* checked: the last sentence (an offering piece that takes part in a mating
//! attack makes a mate threat): the mate threat is found by the general definition (§24.2).

use super::exchange::{captures_on, gain};
use super::mate::mates_by_checks;
use super::{departure::net_under, ChaseException, ChaseTarget, Definitions};
use crate::{Color, Move, Position, Role, Square};

/// 2011 §26.9: whether offering the exchange `m` (our piece on `m.from` and theirs on `m.to`,
/// of one kind, attacking each other) costs the acceptor, when the edition has the article.
pub(super) fn cost(pos: &Position, m: Move, defs: &Definitions) -> Option<ChaseException> {
    defs.costly_offers.as_ref()?;
    let them = pos.passed();
    let accept = captures_on(&them, m.from).find(|x| x.from == m.to)?;
    let mut accepted = them.clone();
    accepted.play_unchecked(accept);
    let depth = defs.mate_threat.checks;
    if mates_by_checks(&accepted, depth) && !mates_by_checks(pos, depth) {
        return Some(ChaseException::CostlyOffer {
            lost: None,
            role: None,
            mated: true,
        });
    }
    let g = gain(&them, accept, &defs.values);
    let screen = defs.screen_landing.is_some();
    let (_, d) = net_under(&them, accept, g, &defs.values, screen, 0)?;
    Some(ChaseException::CostlyOffer {
        lost: Some(d.lost),
        role: Some(d.role),
        mated: false,
    })
}

/// The note for an offer whose acceptance costs the acceptor (`!mover`).
pub(super) fn note(
    c: &ChaseTarget,
    lost: Option<Square>,
    role: Option<Role>,
    mated: bool,
    mover: Color,
    defs: &Definitions,
) -> Option<String> {
    let article = defs.costly_offers.as_ref()?;
    let cost = match (mated, lost, role) {
        (true, _, _) => format!("leaves {} mated by checks (立即被杀)", !mover),
        (false, Some(q), Some(role)) => format!(
            "costs {} the {role} on {q}, which it stops protecting or shielding \
             (子力价值受损)",
            !mover
        ),
        _ => format!("costs {} material (子力价值受损)", !mover),
    };
    Some(format!(
        "offers the {} on {} an exchange with {}; accepting it {cost}: a chase \
         ({article})",
        c.role,
        c.target,
        c.attackers()
    ))
}

#[cfg(test)]
mod tests {
    use crate::law::classify::testing::{pos, sq};
    use crate::law::classify::{classify_move, ChaseException, Definitions};
    use crate::law::MoveKind;

    /// 2011 §26.9: the red horse comes to f4, offering an exchange to the black horse d5 (the
    /// red rook c4 protects f4). The black horse is the only root of the black rook c7, which
    /// the red rook faces: accepting loses the rook for a horse (子力价值受损), so the offer is a
    /// chase in 2011; 1999 calls it an exchange offer (兑). With the red rook on f0 instead,
    /// accepting costs nothing: 兑 in both editions.
    #[test]
    fn a_same_kind_offer_that_costs_the_acceptor_chases_in_2011() {
        let new = Definitions::cxa_2011();
        let old = Definitions::cxa_1999();
        let play = |fen: &str, defs: &Definitions| {
            let before = pos(fen);
            let mut after = before.clone();
            after.play("g2f4".parse().expect("ICCS")).expect("legal");
            classify_move(&before, &after, defs)
        };
        let costly = "4k4/9/2r6/9/3n5/2R6/9/4B1N2/9/3K5 w - - 0 1";
        let c = play(costly, &new);
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("d5")]);
        assert!(
            c.class
                .notes
                .iter()
                .any(|n| n.contains("§26.9") && n.contains("c7")),
            "{:?}",
            c.class.notes
        );
        let c = play(costly, &old);
        assert_eq!(c.class.heaviest(), MoveKind::ExchangeOffer, "{:?}", c.class);
        let free = "4k4/9/2r6/9/3n5/9/9/4B1N2/9/3K1R3 w - - 0 1";
        for d in [&new, &old] {
            let c = play(free, d);
            assert_eq!(c.class.heaviest(), MoveKind::ExchangeOffer, "{:?}", c.class);
        }
    }

    /// 2011 §26.9, "立即被杀": the black horse f6 guards g8, where the red horse h6 would
    /// otherwise mate (the red pawn e7 takes e8 from the king, the advisors hem it in). The
    /// black pawn g6 keeps the horse from f7. The other red horse comes to e4, offering itself
    /// to the black horse: taking it lets 马h6-g8 mate, so the offer is a chase in 2011; 1999
    /// calls it an offer (献).
    #[test]
    fn an_offer_whose_acceptance_is_mated_chases_in_2011() {
        let before = pos("3aka3/9/4P4/5npN1/9/9/2N6/9/9/3K5 w - - 0 1");
        let mut after = before.clone();
        after.play("c3e4".parse().expect("ICCS")).expect("legal");
        let c = classify_move(&before, &after, &Definitions::cxa_2011());
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("f6")]);
        let e = c.chases.iter().find_map(|t| t.exception);
        assert_eq!(
            e,
            Some(ChaseException::CostlyOffer {
                lost: None,
                role: None,
                mated: true
            })
        );
        assert!(c.class.notes.iter().any(|n| n.contains("立即被杀")));
        let c = classify_move(&before, &after, &Definitions::cxa_1999());
        assert!(!c.class.has(MoveKind::Chase), "{:?}", c.class);
    }
}
