//! 做根子和被牵子捉子 (captures by roots and pinned pieces), CXA 2011 §26.5: "做"根"子和被"牽"子
//! 捉子，交換后價值相當或得子者，為"捉"；得不償失者，為"閑"。" 1999 has no such article: it counts
//! only the exchange on the captured piece's point (chapter 7 example 4, "尽管红车吃卒要丢马，仍按
//! 红方长捉处理").
//!
//! # The reading
//!
//! What a capturer's leaving its point costs (the protection it gave as a root, the line it
//! shielded as a pinned piece, and, with [`Definitions::screen_landing`], the screen it makes
//! for an opponent cannon on the captured point) is weighed in `departure.rs`; this article
//! only applies it. A capture whose net is negative (得不偿失) is not a chase: when every
//! capture of a piece is such, the attack is kept with [`ChaseException::Outweighed`] for its
//! note, and is idle. The same net counts for a win through checks (`through_checks.rs`): a
//! check that spares the capturer's departure makes the capture better.
//!
//! What is *not* checked: a departure cost beyond what the opponent wins at once on one other
//! point (the weighing of `departure.rs`), and a king's departure (the king's own chase).

use super::departure::{net_under, Departure};
use super::{ChaseException, ChaseTarget, ChaseVia, Definitions};
use crate::{Color, Move, Position, Role, Square};

/// A capture by a root or pinned piece that loses more than it wins.
#[derive(Copy, Clone, Debug)]
pub(super) struct Outweighed {
    /// The capturer.
    from: Square,
    /// The net of the capture (negative).
    net: i32,
    /// What its leaving gives up.
    departure: Departure,
    /// Whether the captured piece's side could recapture.
    recapture: bool,
}

/// The capture `m`, winning `g` on its point, when the edition has §26.5 and the capturer's
/// departure makes it lose more than it wins.
pub(super) fn outweighed(
    pos: &Position,
    m: Move,
    g: i32,
    recapture: bool,
    defs: &Definitions,
) -> Option<Outweighed> {
    defs.root_and_pinned_captures.as_ref()?;
    let screen = defs.screen_landing.is_some();
    let (net, departure) = net_under(pos, m, g, &defs.values, screen, 0)?;
    Some(Outweighed {
        from: m.from,
        net,
        departure,
        recapture,
    })
}

/// What the capture `m`, winning `g` on its point, wins once its departure is counted, when
/// the edition has §26.5; otherwise `g`.
pub(super) fn net(pos: &Position, m: Move, g: i32, defs: &Definitions) -> i32 {
    defs.root_and_pinned_captures
        .as_ref()
        .and_then(|_| net_under(pos, m, g, &defs.values, defs.screen_landing.is_some(), g))
        .map_or(g, |(net, _)| net)
}

/// For a piece whose every winning capture is `outweighed` (none when empty): its attackers,
/// how it would have been won, and the exception naming the best of those captures.
pub(super) fn exception(
    outweighed: &[Outweighed],
) -> Option<(Vec<Square>, ChaseVia, ChaseException)> {
    let best = outweighed.iter().max_by_key(|o| o.net)?;
    let via = if best.recapture {
        ChaseVia::Exchange
    } else {
        ChaseVia::Direct
    };
    let d = best.departure;
    Some((
        outweighed.iter().map(|o| o.from).collect(),
        via,
        ChaseException::Outweighed {
            lost: d.lost,
            role: d.role,
            net: best.net,
            root: d.root,
        },
    ))
}

/// The note for an attack [`ChaseException::Outweighed`] made idle.
pub(super) fn note(
    c: &ChaseTarget,
    lost: Square,
    role: Role,
    net: i32,
    root: bool,
    mover: Color,
    defs: &Definitions,
) -> Option<String> {
    let article = defs.root_and_pinned_captures.as_ref()?;
    Some(format!(
        "{} on {} could be taken by {}, but the capturer {} the {role} on {lost}, which {} \
         would then win: the capture loses more than it gains (得不偿失, net {net}), idle \
         ({article})",
        c.role,
        c.target,
        c.attackers(),
        if root {
            "is the root of (做根子)"
        } else {
            "shields (被牵子)"
        },
        !mover,
    ))
}

#[cfg(test)]
mod tests {
    use crate::law::classify::testing::{pos, sq};
    use crate::law::classify::{classify_move, Definitions};
    use crate::law::MoveKind;

    /// 2011 §26.5: the red horse comes to b5, where it protects the red cannon c7 against the
    /// black rook c9 and attacks the crossed black pawn d4. Taking the pawn would give up the
    /// cannon (得不偿失): idle in 2011, a chase of the pawn in 1999. Against a cannon on d6 the
    /// trade is even (价值相当): a chase in both.
    #[test]
    fn a_root_chasing_at_a_loss_is_idle_in_2011() {
        let new = Definitions::cxa_2011();
        let old = Definitions::cxa_1999();
        let play = |fen: &str, defs: &Definitions| {
            let before = pos(fen);
            let mut after = before.clone();
            after.play("a3b5".parse().expect("ICCS")).expect("legal");
            classify_move(&before, &after, defs)
        };
        let pawn = "2r2k3/9/2C6/9/9/3p5/N8/9/9/4K4 w - - 0 1";
        let c = play(pawn, &new);
        assert!(!c.class.has(MoveKind::Chase), "{:?}", c.class);
        assert!(
            c.class
                .notes
                .iter()
                .any(|n| n.contains("§26.5") && n.contains("c7")),
            "{:?}",
            c.class.notes
        );
        let c = play(pawn, &old);
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("d4")]);
        let cannon = "2r2k3/9/2C6/3c5/9/9/N8/9/9/4K4 w - - 0 1";
        for d in [&new, &old] {
            let c = play(cannon, d);
            assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
            assert_eq!(c.class.targets, vec![sq("d6")]);
        }
    }
}
