//! What a piece's leaving its point costs its side: the protection it gave as a root (做根子)
//! and the line it shielded as a pinned piece (被牵子). CXA 2011 counts this cost in two
//! articles; 1999 has neither.
//!
//! - §26.5 "做根子和被牵子捉子，交换后价值相当或得子者，为捉；得不偿失者，为闲": a root or a
//!   pinned piece that captures chases only if what it wins is at least what its leaving loses.
//! - §26.9 "同兵种邀兑，被邀兑方兑子后立即被杀或子力价值受损，邀兑方按捉处理；反之，则按闲
//!   处理": offering an exchange of same-kind pieces is a chase when accepting it costs the
//!   acceptor, which can only happen when the accepting piece is a root or pinned (or guards
//!   against a mate): on its own point an exchange of two pieces of one kind is even.
//!
//! # The reading
//!
//! The capture of the piece on `t` by the piece from `from` wins `g`, the balance of the full
//! exchange on `t` (as for any chase). Its *departure loss* is the most that the opponent, to
//! move after the capture, then wins on some other point `q` beyond what it could win on `q`
//! had the capturer also stayed on `from` (the same position with the capturer placed back
//! there): so only protection and shielding given up count, not lines the capture opens
//! elsewhere. The opponent chooses between going on with the exchange on `t` and taking on
//! `q`, so the net of the capture is `min(g, prize(t) − loss)`, and "价值相当或得子" (even or
//! better) is a net of zero or more. A king's departure is not weighed (a king protecting a piece
//! and capturing is the king's own chase, allowed by §26.1 anyway).
//!
//! # A capturer that lands on a cannon's screen
//!
//! Can the capture lose a bigger piece because the capturer, on the captured piece's point,
//! becomes the screen (炮架) through which the opponent's cannon takes that piece? Only together
//! with its departure: the captured piece stood on `t` before, so every line through `t` has as
//! many pieces on it after the capture as before — except the line the capturer moved along,
//! which lost the capturer's old point. A shot through `t` is therefore new only when the
//! capturer moved along the cannon's line: before, it and the captured piece were the two
//! pieces between the cannon and ours (so the cannon could not shoot); after, it alone is the
//! screen. The comparison above counts that loss (with the capturer back on `from` there are two
//! pieces again), and the reading takes it as §26.5's 被牵子: the capturer held ours safe by
//! standing on the line, just as a piece that shields by blocking does, and capturing along the
//! line gives that up. 1999 counts no such loss (chapter 7 example 4, "尽管红车吃卒要丢马，仍按
//! 红方长捉处理"), and a ruleset may keep §26.5 for roots and blockers only:
//! [`Definitions::screen_landing`](super::Definitions::screen_landing), on for
//! 2011. Off, a loss on a point that the opponent then wins only by cannon shots through `t` is
//! not counted.

use super::exchange::{captures_on, gain, prize};
use super::MaterialValues;
use crate::{Color, Move, Position, Role, Square};

/// A piece the opponent wins because the capturer left its point.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Departure {
    /// Where the abandoned piece stands.
    pub(crate) lost: Square,
    /// Its role.
    pub(crate) role: Role,
    /// How much more the opponent wins there than with the capturer still in place.
    pub(crate) loss: i32,
    /// Whether the capturer was its root (做根子) rather than shielding it (被牵子): with the
    /// capturer in place the opponent could take it, but not profitably.
    pub(crate) root: bool,
}

/// The departure loss of the capture `m` in `pos` (by the side to move): the piece the
/// opponent then wins that the capturer protected or shielded, if any. Every point weighed:
/// what the tests hold [`net_under`] to.
#[cfg(test)]
pub(crate) fn departure_loss(
    pos: &Position,
    m: Move,
    values: &MaterialValues,
    screen: bool,
) -> Option<Departure> {
    worst_departure(pos, m, values, screen, i32::MIN)
}

/// [`departure_loss`], weighing only the points whose piece is worth more than `floor` as a
/// prize: a loss on a point is at most what stands there, since the mover, who loses it, may
/// decline to recapture (`exchange.rs`), and §25.3's floating pawn (1999) lowers a balance only
/// once something has been given back. The worst loss is the same whenever it exceeds `floor`.
fn worst_departure(
    pos: &Position,
    m: Move,
    values: &MaterialValues,
    screen: bool,
    floor: i32,
) -> Option<Departure> {
    let capturer = pos.board().get(m.from)?;
    if capturer.role == Role::King {
        return None;
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    let mover = pos.turn();
    let worth = |q: Square| prize(values, after.board().get(q), q) > floor;
    let king = after.king(mover);
    let mut others = after
        .board()
        .by_color(mover)
        .into_iter()
        .filter(|&q| Some(q) != king);
    // The king is a prize only where rules let it be left attacked (Jieqi, house rules), and
    // then only when the capture leaves it so.
    if !others.any(worth) && !after.is_king_attacked(mover) {
        return None;
    }
    let stayed = after.with_extra(m.from, capturer);
    let kings = [after.king(Color::Red), after.king(Color::Black)];
    let mut worst: Option<Departure> = None;
    let mut seen = crate::SquareSet::EMPTY;
    for x in after.legal_captures() {
        let q = x.to;
        if q == m.to || seen.contains(q) {
            continue;
        }
        seen.insert(q);
        if !worth(q) {
            continue; // what stands there is too little to change the ruling
        }
        if !may_matter(m.from, q, kings) {
            continue; // the exchange on `q` is the same with the capturer back: no loss
        }
        let now = best_gain_on(&after, q, values);
        if now <= 0 || (!screen && only_through(&after, q, m.to)) {
            continue;
        }
        let loss = now - best_gain_on(&stayed, q, values).max(0);
        if loss > 0 && worst.is_none_or(|w| loss > w.loss) {
            let role = after.board().get(q).map_or(Role::Pawn, |o| o.role);
            let root = stayed.can_capture_on(q);
            worst = Some(Departure {
                lost: q,
                role,
                loss,
                root,
            });
        }
    }
    worst
}

/// The net of the capture `m` (winning `g` on its point) once its departure loss is counted,
/// with that loss; `None` when leaving costs nothing. `screen`: whether a loss through a cannon
/// screened by the capturer on its new point counts (see the module notes).
#[cfg(test)]
pub(crate) fn net_after_departure(
    pos: &Position,
    m: Move,
    g: i32,
    values: &MaterialValues,
    screen: bool,
) -> Option<(i32, Departure)> {
    let d = departure_loss(pos, m, values, screen)?;
    let taken = prize(values, pos.board().get(m.to), m.to);
    Some((g.min(taken - d.loss), d))
}

/// [`net_after_departure`] when that net is below `bound`, else `None`: what the articles
/// ask of it (below zero for §26.5 and §26.9, below `g` for what a capture wins).
///
/// The net, `min(g, prize(t) − loss)`, is below `bound` when `g` is and leaving costs
/// anything, or else when the loss exceeds `prize(t) − bound`; so only the points holding more
/// than that are weighed ([`worst_departure`]), and the loss found is the same.
pub(crate) fn net_under(
    pos: &Position,
    m: Move,
    g: i32,
    values: &MaterialValues,
    screen: bool,
    bound: i32,
) -> Option<(i32, Departure)> {
    let taken = prize(values, pos.board().get(m.to), m.to);
    let floor = if g < bound {
        0
    } else {
        taken.saturating_sub(bound)
    };
    let d = worst_departure(pos, m, values, screen, floor)?;
    let net = g.min(taken - d.loss);
    (net < bound).then_some((net, d))
}

/// Whether a piece standing on `from` can change the exchange on `q`: only a piece that could
/// itself capture there, or stand on a capture's path (a line through `q`, a horse's leg, an
/// elephant's eye), or change whether a capture leaves a king safe (a line through a king, a
/// point from which it attacks the king, or a leg next to it). All of these lie on a rank or
/// file through `q` or a king, or within two points of one each way.
fn may_matter(from: Square, q: Square, kings: [Option<Square>; 2]) -> bool {
    let near = |a: Square, b: Square| {
        let (af, ar) = (a.file().index(), a.rank().index());
        let (bf, br) = (b.file().index(), b.rank().index());
        af == bf || ar == br || (af.abs_diff(bf) <= 2 && ar.abs_diff(br) <= 2)
    };
    near(from, q) || kings.into_iter().flatten().any(|k| near(from, k))
}

/// Whether every capture on `q` by the side to move is a cannon's shot with `screen` between
/// the cannon and `q`.
fn only_through(pos: &Position, q: Square, screen: Square) -> bool {
    captures_on(pos, q).all(|c| {
        pos.board()
            .get(c.from)
            .is_some_and(|o| o.role == Role::Cannon)
            && between(c.from, q, screen)
    })
}

/// Whether `s` lies strictly between `a` and `b` on one rank or file.
fn between(a: Square, b: Square, s: Square) -> bool {
    let inside = |x: u8, y: u8, z: u8| x.min(y) < z && z < x.max(y);
    let (af, ar) = (a.file().index(), a.rank().index());
    let (bf, br) = (b.file().index(), b.rank().index());
    let (sf, sr) = (s.file().index(), s.rank().index());
    (af == bf && sf == af && inside(ar, br, sr)) || (ar == br && sr == ar && inside(af, bf, sf))
}

/// The side to move's best balance from capturing on `q` (0 when it has no capture there).
fn best_gain_on(pos: &Position, q: Square, values: &MaterialValues) -> i32 {
    captures_on(pos, q)
        .map(|c| gain(pos, c, values))
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveRules;

    /// Weighing only the points that can matter changes nothing: for every capture of walked
    /// positions, at its gain and at gains around it, with or without the screen reading,
    /// `net_under` is the net over every point whenever that is below the bound.
    #[test]
    fn the_net_under_a_bound_is_the_net_over_every_point() {
        let starts = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
            "2r1k4/9/2c6/9/1N1N5/9/9/9/9/5K3 w - - 0 1",
            "4k4/9/4b4/2R6/2r6/9/2R6/9/9/3K5 w - - 0 1",
        ];
        let v = MaterialValues::STANDARD;
        let mut outweighed = 0;
        for p in crate::walks::walked(&starts, 50, 5) {
            for m in p.legal_captures() {
                let g = gain(&p, m, &v);
                for screen in [true, false] {
                    for g in [g, g - 1, 0, -1, prize(&v, p.board().get(m.to), m.to)] {
                        let all = net_after_departure(&p, m, g, &v, screen);
                        for bound in [0, g, g + 1, i32::MAX] {
                            let expected = all.filter(|(net, _)| *net < bound);
                            assert_eq!(net_under(&p, m, g, &v, screen, bound), expected, "{m}");
                            outweighed += usize::from(bound == 0 && expected.is_some());
                        }
                    }
                }
            }
        }
        assert!(outweighed > 50, "{outweighed}");
    }

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, MoveRules::STANDARD).expect("legal")
    }

    fn mv(s: &str) -> Move {
        s.parse().expect("ICCS")
    }

    fn sq(s: &str) -> Square {
        s.parse().expect("a square")
    }

    /// A root (做根子): the red horse b5 protects the red cannon c7 against the black rook
    /// c9. Taking the unprotected black cannon d6 gives up the cannon c7: even, a chase
    /// (§26.5 "价值相当"); taking the crossed black pawn d4 gives it up for a pawn: 得不偿失.
    #[test]
    fn a_root_that_captures_gives_up_what_it_protects() {
        let p = pos("2r2k3/9/2C6/3c5/1N7/3p5/9/9/9/4K4 w - - 0 1");
        let v = MaterialValues::STANDARD;
        let (net, d) = net_after_departure(&p, mv("b5d6"), 2, &v, true).expect("a root");
        assert_eq!(
            (net, d.lost, d.role, d.loss),
            (0, sq("c7"), Role::Cannon, 2)
        );
        assert!(d.root);
        let (net, d) = net_after_departure(&p, mv("b5d4"), 1, &v, true).expect("a root");
        assert_eq!((net, d.lost), (-1, sq("c7")));
    }

    /// A pinned piece (被牵子): the red horse e5 shields the red cannon e2 from the black rook
    /// e9; the same two captures as above.
    #[test]
    fn a_pinned_piece_that_captures_opens_the_line() {
        let p = pos("3kr4/9/5c3/9/4N4/9/3p5/4C4/9/5K3 w - - 0 1");
        let v = MaterialValues::STANDARD;
        let (net, d) = net_after_departure(&p, mv("e5f7"), 2, &v, true).expect("pinned");
        assert_eq!((net, d.lost, d.loss), (0, sq("e2"), 2));
        assert!(!d.root);
        let (net, _) = net_after_departure(&p, mv("e5d3"), 1, &v, true).expect("pinned");
        assert_eq!(net, -1);
    }

    /// Where a piece standing on its point cannot change an exchange (`may_matter`), the best
    /// balance on that point is the same with it and without it: over the positions of games
    /// walked from the start and an endgame, each capture and each point.
    #[test]
    fn a_piece_far_from_a_point_and_the_kings_changes_nothing_there() {
        let starts = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "2r2k3/9/2C6/3c5/1N7/3p5/9/9/9/4K4 w - - 0 1",
        ];
        let v = MaterialValues::STANDARD;
        let mut compared = 0;
        for p in crate::walks::walked(&starts, 60, 7) {
            for m in p.legal_captures() {
                // A king's departure is not weighed (`departure_loss`).
                let Some(capturer) = p.board().get(m.from).filter(|o| o.role != Role::King) else {
                    continue;
                };
                let mut after = p.clone();
                after.play_unchecked(m);
                let stayed = after.with_extra(m.from, capturer);
                let kings = [after.king(Color::Red), after.king(Color::Black)];
                for q in Square::all().filter(|&q| !may_matter(m.from, q, kings)) {
                    compared += 1;
                    assert_eq!(
                        best_gain_on(&after, q, &v),
                        best_gain_on(&stayed, q, &v),
                        "{m} then {q} in {p:?}"
                    );
                }
            }
        }
        assert!(compared > 1000, "{compared}");
    }

    /// A piece with no duty loses nothing by capturing.
    #[test]
    fn a_free_piece_loses_nothing() {
        let p = pos("2r2k3/9/9/3c5/1N7/3p5/9/9/9/4K4 w - - 0 1");
        let v = MaterialValues::STANDARD;
        assert_eq!(departure_loss(&p, mv("b5d6"), &v, true), None);
    }
}

#[cfg(test)]
mod screen_tests {
    use super::*;
    use crate::law::classify::{chased, ChaseException, Definitions};
    use crate::MoveRules;

    /// Rank 4: the black cannon a4 (protected by the black rook a9), the red rook c4, the
    /// crossed black pawn f4, the red rook h4. The rook c4 and the pawn are the two pieces
    /// between the cannon and the rook h4. The rook c4 taking the pawn along the rank lands on
    /// f4, the cannon's only screen: the cannon then takes the rook h4, and the rook on f4 takes
    /// the cannon back — a pawn and a cannon for a rook (得不偿失). The rook h4 taking the pawn
    /// instead is taken by the cannon over c4, and loses too. The advisors and the elephant
    /// keep the rooks from checking (a check would make the capture good, through_checks.rs).
    const SCREEN: &str = "r2aka3/9/4b4/9/9/c1R2p1R1/9/9/9/3K5 w - - 0 1";

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, MoveRules::STANDARD).expect("legal")
    }

    fn sq(s: &str) -> Square {
        s.parse().expect("a square")
    }

    /// The capture along the cannon's line gives up the shield the rook made there: a loss of
    /// 2 (rook for cannon on h4) against a pawn won, net -1, as a blocking shield (被牵子, not a
    /// root). With the screen case not counted there is no loss.
    #[test]
    fn a_capture_along_a_cannons_line_gives_up_the_shield() {
        let p = pos(SCREEN);
        let v = MaterialValues::STANDARD;
        let m: Move = "c4f4".parse().expect("ICCS");
        let (net, d) = net_after_departure(&p, m, 1, &v, true).expect("a shield");
        assert_eq!(
            (net, d.lost, d.role, d.root),
            (-1, sq("h4"), Role::Rook, false)
        );
        assert_eq!(departure_loss(&p, m, &v, false), None);
    }

    /// 2011 §26.5 (得不偿失) makes the rook's attack on the pawn idle; with the screen case off,
    /// and in 1999 (chapter 7 example 4: a loss elsewhere is not counted), it is a chase.
    #[test]
    fn landing_on_a_cannons_screen_is_outweighed_in_2011() {
        let p = pos(SCREEN);
        let new = Definitions::cxa_2011();
        let f4 = |d: &Definitions| chased(&p, d).into_iter().find(|c| c.target == sq("f4"));
        let t = f4(&new).expect("kept for its note");
        assert!(
            matches!(t.exception, Some(ChaseException::Outweighed { lost, net: -1, root: false, .. }) if lost == sq("h4")),
            "{t:?}"
        );
        let literal = Definitions {
            screen_landing: None,
            ..new
        };
        let t = f4(&literal).expect("a chase");
        assert_eq!((t.by.clone(), t.exception), (vec![sq("c4")], None));
        let t = f4(&Definitions::cxa_1999()).expect("a chase");
        assert_eq!((t.by.clone(), t.exception), (vec![sq("c4")], None));
    }
}
