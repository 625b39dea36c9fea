//! Winning a piece through checks (通过连续照将吃子, CXA 1999 §28.3, §29.1; 2011 §24.3 "从下一着
//! 开始运用连续将军得子、抽吃子"), and what such a win must add to the attacks already there.
//!
//! A check (or up to [`Definitions::chase_through_checks`] checks in a row) wins the piece on `t` when,
//! whatever the opponent replies, the checking side then captures it at a gain — counting what
//! the replies won from it (the ledger, so a pawn given with check to win a horse is no gain,
//! 1999 §25.3, chapter 7 example 12) — and is not mated at once (1999 §29.4).
//!
//! # A capture the capturer can already make
//!
//! 1999 §29.2 "“捉”產生于剛走的這著棋，上一著尚不存在" and §27.2 "兵(卒)本身捉吃對方的棋子…按閑
//! 處理": the win through checks is looked for only where no direct capture chases the piece.
//! When the final capture after the check is one the capturer could already make from the same
//! point without the check — the same piece, the same capture, legal and not answered by mate,
//! winning at least as much (under 2011 §26.5 net of what the capturer's leaving costs) — the
//! check adds nothing: the capture is that piece's own attack,
//! whatever the direct-capture rules made of it (a pawn's own capture, idle under 1999 §27.2;
//! two pawns or two horses attacking each other, an exchange offer, chapter 7 example 3). It is
//! not a win through checks. A check that makes such a capture *better* (it drives off a root,
//! or lifts a mate that made the capture fatal) still wins the piece.
//!
//! What is not compared: the other captures a reply to the check allows, which are looked at
//! as usual; and whether the direct capture was the mover's chase already (then no search
//! through checks is made at all).

use super::exchange::{captures_on, gain, gain_after};
use super::floating::{Ledger, Prize};
use super::mate::{mated_after, safe_moves};
use super::{root_and_pinned, Definitions};
use crate::{Move, Position, Role, Square, SquareSet};

/// A capture of the target the side to move can already make (see the module notes).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct OwnCapture {
    from: Square,
    role: Role,
    gain: i32,
}

/// Of the legal `captures` of one target in `pos` (by the side to move), those not answered by
/// mate at once, with what each wins.
fn own_captures(
    pos: &Position,
    captures: impl Iterator<Item = Move>,
    defs: &Definitions,
) -> Vec<OwnCapture> {
    captures
        .filter(|&m| !mated_after(pos, m))
        .filter_map(|m| {
            let g = gain(pos, m, &defs.values);
            // 2011 §26.5: what the capturer's leaving costs is part of what it wins; a check
            // that spares that cost makes the capture better.
            let net = root_and_pinned::net(pos, m, g, defs);
            Some(OwnCapture {
                from: m.from,
                role: pos.board().get(m.from)?.role,
                gain: net,
            })
        })
        .collect()
}

/// The captures of one target already possible ([`own_captures`]), weighed the first time a
/// search asks whether a capture after the checks is one of them: most searches find no
/// winning capture to compare.
#[derive(Debug)]
pub(super) struct OwnCaptures<'a> {
    pos: &'a Position,
    t: Square,
    captures: &'a [Move],
    defs: &'a Definitions,
    found: std::cell::OnceCell<Vec<OwnCapture>>,
}

impl<'a> OwnCaptures<'a> {
    /// The captures of `t` among the legal `captures` of `pos`, not weighed yet.
    pub(super) fn new(
        pos: &'a Position,
        t: Square,
        captures: &'a [Move],
        defs: &'a Definitions,
    ) -> Self {
        OwnCaptures {
            pos,
            t,
            captures,
            defs,
            found: std::cell::OnceCell::new(),
        }
    }

    /// The captures, weighed ([`own_captures`]).
    fn get(&self) -> &[OwnCapture] {
        self.found.get_or_init(|| {
            let t = self.t;
            own_captures(
                self.pos,
                self.captures.iter().copied().filter(|m| m.to == t),
                self.defs,
            )
        })
    }
}

/// What a search for a win through checks looks for.
#[derive(Copy, Clone, Debug)]
pub(super) struct Search<'a> {
    /// The target.
    pub(super) t: Square,
    /// The edition's definitions (values).
    pub(super) defs: &'a Definitions,
    /// Whether a pawn may make the final capture (off: 2011 §26.7, the pawn's drawing capture).
    pub(super) pawns: bool,
    /// The captures of the target already possible before any check ([`own_captures`]).
    pub(super) own: &'a OwnCaptures<'a>,
}

impl Search<'_> {
    /// Whether a check (repeated up to `checks` times) wins the target whatever the reply, given
    /// the checking moves of the position ([`checking_moves`]); returns the point of the piece
    /// giving the first check. `spent` is what the checking side has lost to the replies of
    /// earlier checks: it counts against the final exchange. What a check itself captures is
    /// not counted here: that piece is a target of its own.
    pub(super) fn wins(&self, checks: u8, checking: &[Checking], spent: Ledger) -> Option<Square> {
        if checks == 0 {
            return None;
        }
        let t = self.t;
        let v = &self.defs.values;
        for check in checking {
            if check.m.to == t {
                continue; // direct captures were looked at already
            }
            if check.replies.is_empty() {
                continue; // that is a mate, not a chase
            }
            let wins = check.replies.iter().all(|reply| {
                let (r, after) = (&reply.m, reply.after(&check.next));
                if after.board().get(t).is_none_or(|o| o.color == after.turn()) {
                    return false; // the piece moved away or was traded off
                }
                let ledger = spent.give(Prize::of(v, check.next.board().get(r.to), r.to));
                (reply.capturable(&check.next).contains(t)
                    && captures_on(after, t)
                        .filter(|c| {
                            let role = after.board().get(c.from).map(|o| o.role);
                            self.pawns || role != Some(Role::Pawn)
                        })
                        .any(|c| {
                            let g = gain_after(after, c, v, ledger);
                            g > 0 && !mated_after(after, c) && !self.already(after, c, g)
                        }))
                    || (checks > 1
                        && self
                            .wins(checks - 1, &checking_moves(after), ledger)
                            .is_some())
            });
            if wins {
                return Some(check.m.from);
            }
        }
        None
    }

    /// Whether the capture `c` in `pos`, winning `g`, is one the capturer could already make
    /// before the checks, winning as much.
    fn already(&self, pos: &Position, c: Move, g: i32) -> bool {
        let role = pos.board().get(c.from).map(|o| o.role);
        self.own
            .get()
            .iter()
            .any(|o| o.from == c.from && Some(o.role) == role && o.gain >= g)
    }
}

/// The legal moves of the side to move that give check, with the positions they lead to, in
/// move-generation order.
pub(super) fn checking_moves(pos: &Position) -> Vec<Checking> {
    checking_moves_and_king_taking(pos).0
}

/// [`checking_moves`], and whether a legal move takes the opponent's king (rules that let a
/// king be left attacked).
fn checking_moves_and_king_taking(pos: &Position) -> (Vec<Checking>, bool) {
    let mut checking = Vec::new();
    let mut takes_king = false;
    let king = pos.king(!pos.turn());
    pos.find_check(|m, next| {
        if next.king(next.turn()).is_none() {
            // A move to the king's point; with no king there is nothing to take.
            takes_king |= Some(m.to) == king;
        } else {
            let mut replies = safe_moves(next);
            super::mate::refutations_first(next, &mut replies);
            checking.push(Checking {
                m,
                next: next.clone(),
                replies: replies.into_iter().map(Reply::new).collect(),
            });
        }
        false
    });
    (checking, takes_king)
}

/// The checking moves of one position ([`checking_moves`]), generated the first time they are
/// asked for and shared by the searches made in that position: the mate threat's
/// (`mate.rs`) and the chase's through checks (`chase.rs`).
pub(super) struct FirstChecks<'a> {
    pos: &'a Position,
    found: std::cell::OnceCell<(Vec<Checking>, bool)>,
}

impl<'a> FirstChecks<'a> {
    /// The checking moves of `pos`, not generated yet.
    pub(super) fn new(pos: &'a Position) -> Self {
        FirstChecks {
            pos,
            found: std::cell::OnceCell::new(),
        }
    }

    fn found(&self) -> &(Vec<Checking>, bool) {
        self.found
            .get_or_init(|| checking_moves_and_king_taking(self.pos))
    }

    /// The position.
    pub(super) fn position(&self) -> &'a Position {
        self.pos
    }

    /// The checking moves ([`checking_moves`]).
    pub(super) fn list(&self) -> &[Checking] {
        &self.found().0
    }

    /// Whether a legal move takes the opponent's king (rules that let a king be left attacked).
    pub(super) fn takes_king(&self) -> bool {
        self.found().1
    }
}

/// A checking move of the side to move, with the position after it and every reply that
/// keeps the opponent's king safe, each with the position after it: generated once per
/// position and shared by the searches for every target.
#[derive(Clone, Debug)]
pub(super) struct Checking {
    /// The checking move.
    pub(super) m: Move,
    /// The position after it.
    pub(super) next: Position,
    /// The opponent's safe replies, each with the position after it.
    pub(super) replies: Vec<Reply>,
}

/// A reply to a checking move, with the position after it made the first time a search
/// looks at it: most searches stop at the first reply that refutes the check.
#[derive(Clone, Debug)]
pub(super) struct Reply {
    /// The reply.
    pub(super) m: Move,
    after: std::cell::OnceCell<Position>,
    /// The points where the checking side may then capture (a superset of its legal
    /// captures' points), found once for every target searched.
    capturable: std::cell::OnceCell<SquareSet>,
}

impl Reply {
    fn new(m: Move) -> Reply {
        Reply {
            m,
            after: std::cell::OnceCell::new(),
            capturable: std::cell::OnceCell::new(),
        }
    }

    /// The points where the checking side may capture after the reply ([`Reply::after`]): a
    /// superset of its legal captures' points (the movement rules, not the king's safety),
    /// which the search asks before the legal captures of the target's point.
    fn capturable(&self, next: &Position) -> SquareSet {
        *self
            .capturable
            .get_or_init(|| self.after(next).pseudo_capture_points())
    }

    /// The position after the reply, `next` being the position after the check.
    pub(super) fn after(&self, next: &Position) -> &Position {
        self.after.get_or_init(|| {
            let mut after = next.clone();
            after.play_unchecked(self.m);
            after
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::history::GameHistory;
    use crate::law::classify::{chased, classify, Definitions};
    use crate::law::MoveKind;
    use crate::{MoveRules, Position, Square};

    fn sq(s: &str) -> Square {
        s.parse().expect("a square")
    }

    const PAWNS: &str = "4k4/9/4b4/p8/P3c4/9/9/9/9/4KA3 b - - 0 1";

    /// 1999 §27.2, §29.2: the black pawn a6 can already take the red pawn a5 (the two pawns
    /// attack each other: an exchange offer, chapter 7 example 3). The cannon going to i5, from
    /// where 炮i5-i0 checks over the advisor, adds nothing: whatever Red replies, the capture is
    /// still the pawn's own, so the cannon's moves are idle, as they are without the pawn on a6.
    #[test]
    fn a_capture_a_pawn_can_already_make_is_not_won_by_a_check() {
        let start = Position::from_fen(PAWNS, MoveRules::STANDARD).expect("legal");
        let mut h = GameHistory::new(start);
        for m in ["e5i5", "e0e1", "i5e5", "e1e0", "e5i5"] {
            h.push(m.parse().expect("ICCS")).expect("legal");
        }
        for d in [Definitions::cxa_1999(), Definitions::cxa_2011()] {
            for ply in [1, 5] {
                let c = classify(&h, ply, &d);
                assert_eq!(c.class.heaviest(), MoveKind::Idle, "{:?}", c.class);
            }
            let again = h.position(1).passed();
            assert!(
                !chased(&again, &d).iter().any(|c| c.target == sq("a5")),
                "{:?}",
                chased(&again, &d)
            );
        }
    }
}
