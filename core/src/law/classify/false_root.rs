//! 假根 (false roots): CXA 2011 §24.16 "形式上是根，實際上不能離線反吃，則稱為"假根"。假根按無根子
//! 處理。"; 1999 §28.16 "形式上是根,實際上起不到充分保護作用,稱為假根或少根.假根子和少根子按無根子
//! 處理."
//!
//! # The readings
//!
//! - [`FalseRoots::ByLegality`] (1999): a root that cannot legally recapture (pinned to its
//!   king) does not protect; the legal move generator already leaves it out of the exchange, so
//!   nothing more is done. Chapter 7 example 4 counts no duties of the root.
//! - [`FalseRoots::ByDuty`] (2011): a root whose every recapture would lose its side more than
//!   it wins, once what it stops protecting or shielding is counted (the §26.5 weighing of
//!   `departure.rs`), "cannot leave its line": the piece it protects counts as unprotected, and
//!   its attacker chases it ([`ChaseException::FalseRoot`], [`ChaseVia::Direct`]).
//!
//! Insufficient roots (少根, 1999 §28.16, 2011 §24.15) are the exchange on the point
//! (`exchange.rs`) and the joint chase ([`ChaseTarget::joint`]).
//!
//! What is *not* checked: a root kept on its line by a duty that the one-point weighing of
//! `departure.rs` does not see (a mate it guards against is seen only through legality).

use super::departure::net_under;
use super::exchange::{captures_on, gain};
#[cfg(doc)]
use super::{ChaseException, ChaseVia};
use super::{ChaseTarget, Definitions};
use crate::{Move, Position, Square};

/// Which roots are false (假根).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum FalseRoots {
    /// 1999 §28.16 read by legality: only a root that cannot legally recapture.
    ByLegality,
    /// 2011 §24.16: also a root that cannot recapture without losing more than it wins.
    ByDuty,
}

/// Whether the edition reads false roots by duty (2011 §24.16).
pub(super) fn by_duty(defs: &Definitions) -> bool {
    defs.false_root.reading == FalseRoots::ByDuty
}

/// 2011 §24.16: the capture `m` is answered by recaptures, but each of them loses the recapturing
/// side more than it wins once what the recapturing piece stops protecting or shielding is
/// counted (its net under the §26.5 reading of `departure.rs` is negative): the roots are false
/// (假根, "不能离线反吃"), returned with the first of them. `None` when some root can recapture
/// at no loss, or when the edition reads false roots by legality only.
pub(super) fn duty_bound_roots(pos: &Position, m: Move, defs: &Definitions) -> Option<Square> {
    if !by_duty(defs) {
        return None;
    }
    let mut next = pos.clone();
    next.play_unchecked(m);
    let mut first = None;
    let screen = defs.screen_landing.is_some();
    for r in captures_on(&next, m.to) {
        let g = gain(&next, r, &defs.values);
        // A recapture that loses nothing net of its departure makes a true root.
        net_under(&next, r, g, &defs.values, screen, 0)?;
        first.get_or_insert(r.from);
    }
    first
}

/// The note for a piece won because its root on `root` is false.
pub(super) fn note(c: &ChaseTarget, root: Square, defs: &Definitions) -> String {
    format!(
        "{} on {} can be won by {}: its root on {root} cannot leave its line to recapture \
         without losing more than it wins (假根, treated as unprotected), a chase ({})",
        c.role,
        c.target,
        c.attackers(),
        defs.false_root.article
    )
}

#[cfg(test)]
mod tests {
    use crate::law::classify::testing::{pos, sq};
    use crate::law::classify::{chased, ChaseException, ChaseVia, Definitions};

    /// 2011 §24.16 false root (假根, "不能离线反吃"): the red horse a5, attacked by the black
    /// cannon a8 (screen: the elephant a7), is protected only by the red rook a2, which is also
    /// the only root of the red rook d2 that the black rook d7 faces. Recapturing on a5 would give
    /// up the rook d2 for a cannon, so the rook a2 cannot leave its line: the horse counts as
    /// unprotected and the cannon chases it. 1999 reads a false root by legality only: an even
    /// exchange, no chase.
    #[test]
    fn a_root_that_cannot_leave_its_line_is_false_in_2011() {
        let p = pos("3k5/c8/b2r5/9/N8/9/9/R2R5/9/5K3 b - - 0 1");
        let new = chased(&p, &Definitions::cxa_2011());
        let a5 = new
            .iter()
            .find(|c| c.target == sq("a5"))
            .expect("a5 is chased");
        assert_eq!(a5.via, ChaseVia::Direct);
        assert_eq!(
            a5.exception,
            Some(ChaseException::FalseRoot { root: sq("a2") })
        );
        assert!(a5.rootless());
        let old = chased(&p, &Definitions::cxa_1999());
        assert!(!old.iter().any(|c| c.target == sq("a5")), "{old:?}");
        // Without the rook d2 to guard, the rook a2 recaptures freely: no chase in 2011 either.
        let p = pos("3k5/c8/b2r5/9/N8/9/9/R8/9/5K3 b - - 0 1");
        let new = chased(&p, &Definitions::cxa_2011());
        assert!(!new.iter().any(|c| c.target == sq("a5")), "{new:?}");
    }
}
