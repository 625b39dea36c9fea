//! A side's conduct over a loop: what its plies, classified, add up to (CXA 1999 §25.2,
//! §27.2, §27.4; 2011 §24.13–24.14, §26.4), with its chases sorted for the 2011 precedence
//! (§26.8).
//!
//! - 1999 §25.2: "长将、长杀、长捉、一将一杀、一将一捉、一杀一捉等循环重复的攻击手段，统称为
//!   “禁止着法”。" 2011 §24.13: "凡单方面走出长将、长杀、长捉、一将一杀、一将一捉、一杀一捉等
//!   循环重复的攻击性着法，统称为“禁止着法”。" §24.14: "禁止着法以外的均为“允许着法”。"
//! - 1999 §27.2: "兵(卒)本身捉吃对方的棋子(不含将、杀)，按闲处理；如形成相互长打局面，则应按捉
//!   处理。"
//! - 1999 §27.4 / 2011 §26.4: a move with several effects is named by the heaviest ("从重").
//!
//! # The reading
//!
//! A side's conduct ([`Conduct`]) is forbidden when every one of its plies over the loop is an
//! attack (check, mate threat or chase: its heaviest kind, "从重"), and named by the kinds that
//! occur: checks only are 长将, checks and chases 一将一捉, and so on. One idle ply among them
//! makes it allowed (数将一闲, 数捉一闲 …). A side with no ply in the stretch is allowed. Under 1999 §27.2 a pawn's own chase is idle unless both sides keep
//! attacking ([`OwnChase::IdleUnlessMutual`](crate::law::classify::OwnChase::IdleUnlessMutual)):
//! it counts as a chase only when both sides would be forbidden with it.
//!
//! Each side's chasing plies are sorted for §26.8 ([`ChaseSorts`]): per ply, the rook if it
//! chases one, otherwise an unprotected piece if it chases one, otherwise a protected piece;
//! single or joint (§24.17) by whether every such target is chased jointly.
//!
//! Not checked: whether the attacks are "循环重复" in the sense of attacking the same thing each
//! time round: the loop itself is the repetition. Not here: what each ply is
//! ([`classify`](crate::law::classify)), and what the conducts come to (`ruling.rs`,
//! `precedence.rs`).

use super::RepetitionLaw;
use crate::history::GameHistory;
use crate::law::classify::{classify, Classification, Definitions};
use crate::law::{Conduct, LoopReport, MoveKind};
use crate::{Color, Role};

impl RepetitionLaw {
    /// Each side's conduct over plies `first..=last`, with the §26.8 sorting of its chases.
    pub(super) fn conducts(
        &self,
        history: &GameHistory,
        first: u32,
        last: u32,
    ) -> [SideConduct; 2] {
        let classes: Vec<Classification> = (first..=last)
            .map(|p| classify(history, p, &self.definitions))
            .collect();
        let plies_of = |c: Color| -> Vec<&Classification> {
            (first..=last)
                .zip(classes.iter())
                .filter(|(p, _)| history.position(p - 1).turn() == c)
                .map(|(_, k)| k)
                .collect()
        };
        let side =
            |c: Color, pawn_counts: bool| -> Conduct { conduct_of(&plies_of(c), pawn_counts) };
        // 1999 §27.2: a pawn's own chase is idle, unless both sides keep attacking.
        let mutual = self.definitions.pawn_chase.reading
            == crate::law::classify::OwnChase::IdleUnlessMutual
            && side(Color::Red, true).is_forbidden()
            && side(Color::Black, true).is_forbidden();
        Color::ALL.map(|c| SideConduct {
            conduct: side(c, mutual),
            chases: ChaseSorts::of(&plies_of(c), &self.definitions),
        })
    }
}

/// One side's conduct over a loop, with its chases sorted for 2011 §26.8.
#[derive(Clone, Debug)]
pub(super) struct SideConduct {
    pub(super) conduct: Conduct,
    pub(super) chases: ChaseSorts,
}

/// What a side's chasing plies chased (2011 §26.8): for each ply, a rook if it chases one,
/// otherwise an unprotected piece if it chases one, otherwise a protected piece; single or
/// joint (§24.17) by whether every such target is chased jointly.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct ChaseSorts {
    pub(super) rook_single: bool,
    pub(super) rook_joint: bool,
    pub(super) rootless_single: bool,
    pub(super) rootless_joint: bool,
    pub(super) protected: bool,
}

impl ChaseSorts {
    fn of(plies: &[&Classification], defs: &Definitions) -> ChaseSorts {
        let mut s = ChaseSorts::default();
        for k in plies {
            let chased: Vec<_> = k.counted_chases(defs).collect();
            if chased.is_empty() {
                continue;
            }
            let rooks: Vec<_> = chased.iter().filter(|c| c.role == Role::Rook).collect();
            let rootless: Vec<_> = chased.iter().filter(|c| c.rootless()).collect();
            if !rooks.is_empty() {
                if rooks.iter().all(|c| c.joint) {
                    s.rook_joint = true;
                } else {
                    s.rook_single = true;
                }
            } else if !rootless.is_empty() {
                if rootless.iter().all(|c| c.joint) {
                    s.rootless_joint = true;
                } else {
                    s.rootless_single = true;
                }
            } else {
                s.protected = true;
            }
        }
        s
    }
}

impl SideConduct {
    /// The conduct in words, with what it chased: "长捉 (perpetual chase, chasing a rook)".
    pub(super) fn describe(&self) -> String {
        let c = self.conduct;
        let s = &self.chases;
        let mut what = Vec::new();
        if s.rook_single {
            what.push("a rook");
        }
        if s.rook_joint {
            what.push("a rook jointly");
        }
        if s.rootless_single {
            what.push("an unprotected piece");
        }
        if s.rootless_joint {
            what.push("an unprotected piece jointly");
        }
        if s.protected {
            what.push("a protected piece");
        }
        if what.is_empty() {
            format!("{} ({})", c.chinese(), c.english())
        } else {
            format!(
                "{} ({}, chasing {})",
                c.chinese(),
                c.english(),
                what.join(" and ")
            )
        }
    }
}

/// The conduct of one side from its classified plies.
fn conduct_of(plies: &[&Classification], pawn_counts: bool) -> Conduct {
    if plies.is_empty() {
        return Conduct::Allowed;
    }
    let (mut check, mut mate, mut chase) = (false, false, false);
    for k in plies {
        let pawn_chase = pawn_counts && k.chases.iter().any(|c| c.pawn_only && !c.overruled());
        match k.class.heaviest() {
            MoveKind::Check => check = true,
            MoveKind::MateThreat => mate = true,
            MoveKind::Chase => chase = true,
            _ if pawn_chase => chase = true,
            _ => return Conduct::Allowed,
        }
    }
    match (check, mate, chase) {
        (true, false, false) => Conduct::PerpetualCheck,
        (false, true, false) => Conduct::PerpetualMateThreat,
        (false, false, true) => Conduct::PerpetualChase,
        (true, true, false) => Conduct::CheckAndMateThreat,
        (true, _, true) => Conduct::CheckAndChase,
        (false, true, true) => Conduct::MateThreatAndChase,
        (false, false, false) => Conduct::Allowed,
    }
}

/// A loop report over plies `first..=last`.
pub(super) fn report(
    history: &GameHistory,
    first: u32,
    last: u32,
    sides: &[SideConduct; 2],
) -> LoopReport {
    LoopReport {
        first_ply: first,
        last_ply: last,
        repetitions: history.occurrences(last),
        red: sides[0].conduct,
        black: sides[1].conduct,
    }
}

#[cfg(test)]
pub(super) mod fixtures {
    //! Conducts to rule on, for the tests of `ruling.rs` and `precedence.rs`.

    use super::{ChaseSorts, SideConduct};
    use crate::law::Conduct;

    pub(crate) fn side(conduct: Conduct, chases: ChaseSorts) -> SideConduct {
        SideConduct { conduct, chases }
    }

    pub(crate) const ROOK: ChaseSorts = ChaseSorts {
        rook_single: true,
        rook_joint: false,
        rootless_single: false,
        rootless_joint: false,
        protected: false,
    };
    pub(crate) const ROOK_JOINT: ChaseSorts = ChaseSorts {
        rook_single: false,
        rook_joint: true,
        ..ROOK
    };
    pub(crate) const ROOTLESS: ChaseSorts = ChaseSorts {
        rook_single: false,
        rootless_single: true,
        ..ROOK
    };
    pub(crate) const ROOTLESS_JOINT: ChaseSorts = ChaseSorts {
        rook_single: false,
        rootless_joint: true,
        ..ROOK
    };
    pub(crate) const PROTECTED: ChaseSorts = ChaseSorts {
        rook_single: false,
        protected: true,
        ..ROOK
    };
    pub(crate) const NONE: ChaseSorts = ChaseSorts {
        rook_single: false,
        ..ROOK
    };
}
