//! Two forbidden sides under CXA 2011 trial §26.8 (via §25.4 "双方均为禁止着法").
//!
//! - §26.8.1: "凡单方长杀、一将一杀、长捉车、长捉无根子、一将（杀）一捉车（无根子）、一捉车一捉
//!   无根子，均需变着。"
//! - §26.8.2: "凡单方长捉车，对方联合捉车，前者变着。"
//! - §26.8.3: "凡单方长捉无根子，对方联合捉无根子，前者变着。"
//! - §26.8.4: "除上述情况外，双方不变作和。"
//!
//! # The reading
//!
//! As [`BothForbidden::Precedence`](super::BothForbidden::Precedence) says: §26.8.2 and
//! §26.8.3 are tried first (a side chasing a rook, or an unprotected piece, with single chases
//! only against one chasing it with joint chases only changes); then §26.8.1 with **单方 read
//! as "one side only"**: when exactly one side's conduct is listed, that side changes;
//! otherwise (both listed, or neither) §26.8.4 draws. Listed: 长杀, 一将一杀, and 长捉 /
//! 一将一捉 / 一杀一捉 whose every chase is of a rook or of an unprotected piece (无根子
//! including false and insufficient roots, §24.15–24.16).
//!
//! A 长捉 that chases rooks on some plies and unprotected pieces on others is pure for neither
//! §26.8.2 nor §26.8.3, and listed for §26.8.1 ("一捉车一捉无根子"). A ply that chases a rook and
//! another piece counts as chasing the rook.
//!
//! Not checked: §26.8.1 names no 长将 (perpetual check loses alone under §25.1 before §26.8 is
//! reached; two perpetual checkers come here and draw by §26.8.4). 1999 has no such article:
//! two forbidden sides draw (§26.3, [`BothForbidden::Draw`](super::BothForbidden::Draw)).

use super::conduct::SideConduct;
use super::ruling::Finding;
use super::RepetitionLaw;
use crate::law::Conduct;
use crate::Color;

impl RepetitionLaw {
    /// 2011 §26.8: both sides forbidden (see
    /// [`BothForbidden::Precedence`](super::BothForbidden::Precedence)).
    pub(super) fn precedence(&self, sides: &[SideConduct; 2]) -> Finding {
        let a = &self.articles;
        let name = |s: &SideConduct| s.describe();
        for c in Color::ALL {
            let (me, them) = (&sides[c.index()], &sides[(!c).index()]);
            let rule = if me.pure_chase(Target::Rook, false) && them.pure_chase(Target::Rook, true)
            {
                Some((a.single_vs_joint_rook, "a rook"))
            } else if me.pure_chase(Target::Rootless, false)
                && them.pure_chase(Target::Rootless, true)
            {
                Some((a.single_vs_joint_rootless, "an unprotected piece"))
            } else {
                None
            };
            if let Some((article, what)) = rule {
                return Finding::MustChange {
                    side: c,
                    article,
                    why: Some(format!(
                        "both sides forbidden: {c} chases {what} with single chases ({}), {} chases one jointly ({}): the single chaser changes",
                        name(me),
                        !c,
                        name(them)
                    )),
                };
            }
        }
        let listed = [sides[0].listed(), sides[1].listed()];
        match listed {
            [true, false] | [false, true] => {
                let c = if listed[0] { Color::Red } else { Color::Black };
                Finding::MustChange {
                    side: c,
                    article: a.listed_must_change,
                    why: Some(format!(
                        "both sides forbidden: only {c}'s conduct ({}) is one that must change; {}'s ({}) is not",
                        name(&sides[c.index()]),
                        !c,
                        name(&sides[(!c).index()])
                    )),
                }
            }
            _ => Finding::Draw {
                article: a.both_forbidden,
                why: format!(
                    "both sides' moves are forbidden (red: {}, black: {}), {}: draw",
                    name(&sides[0]),
                    name(&sides[1]),
                    if listed[0] {
                        "both of the kinds that must change"
                    } else {
                        "neither of the kinds that must change"
                    }
                ),
            },
        }
    }
}

/// The target sorts of §26.8.2 and §26.8.3.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Target {
    Rook,
    Rootless,
}

impl SideConduct {
    /// §26.8.1: whether the conduct is one of those that must change.
    fn listed(&self) -> bool {
        match self.conduct {
            Conduct::PerpetualMateThreat | Conduct::CheckAndMateThreat => true,
            Conduct::PerpetualChase | Conduct::CheckAndChase | Conduct::MateThreatAndChase => {
                !self.chases.protected
            }
            Conduct::PerpetualCheck | Conduct::Allowed => false,
        }
    }

    /// Whether the conduct is 长捉 of `target`s only, all single (or all joint).
    fn pure_chase(&self, target: Target, joint: bool) -> bool {
        let s = &self.chases;
        if self.conduct != Conduct::PerpetualChase || s.protected {
            return false;
        }
        match target {
            Target::Rook => {
                !s.rootless_single
                    && !s.rootless_joint
                    && if joint {
                        s.rook_joint && !s.rook_single
                    } else {
                        s.rook_single && !s.rook_joint
                    }
            }
            Target::Rootless => {
                !s.rook_single
                    && !s.rook_joint
                    && if joint {
                        s.rootless_joint && !s.rootless_single
                    } else {
                        s.rootless_single && !s.rootless_joint
                    }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::conduct::fixtures::*;
    use super::super::ruling::tests::{draw, law, must_change};
    use crate::law::Conduct;
    use crate::Color;

    /// §26.8.2: a single chase of a rook against a joint chase of a rook: the single chaser
    /// changes (whichever color it is).
    #[test]
    fn single_rook_chase_changes_against_joint() {
        let j = law();
        let f = j.rule_on(&[
            side(Conduct::PerpetualChase, ROOK),
            side(Conduct::PerpetualChase, ROOK_JOINT),
        ]);
        assert_eq!(must_change(&f), Some((Color::Red, "§26.8.2")));
        let f = j.rule_on(&[
            side(Conduct::PerpetualChase, ROOK_JOINT),
            side(Conduct::PerpetualChase, ROOK),
        ]);
        assert_eq!(must_change(&f), Some((Color::Black, "§26.8.2")));
    }

    /// §26.8.3: the same for unprotected pieces.
    #[test]
    fn single_rootless_chase_changes_against_joint() {
        let f = law().rule_on(&[
            side(Conduct::PerpetualChase, ROOTLESS_JOINT),
            side(Conduct::PerpetualChase, ROOTLESS),
        ]);
        assert_eq!(must_change(&f), Some((Color::Black, "§26.8.3")));
    }

    /// §26.8.1 read as "one side only": the listed side changes; both listed or neither: draw.
    #[test]
    fn listed_side_changes_alone() {
        let j = law();
        // 长杀 against a chase of a protected piece.
        let f = j.rule_on(&[
            side(Conduct::PerpetualMateThreat, NONE),
            side(Conduct::PerpetualChase, PROTECTED),
        ]);
        assert_eq!(must_change(&f), Some((Color::Red, "§26.8.1")));
        // 一将一捉车 against a chase of a protected piece.
        let f = j.rule_on(&[
            side(Conduct::PerpetualChase, PROTECTED),
            side(Conduct::CheckAndChase, ROOK),
        ]);
        assert_eq!(must_change(&f), Some((Color::Black, "§26.8.1")));
        // Both listed: 长捉车 against 长杀.
        let f = j.rule_on(&[
            side(Conduct::PerpetualChase, ROOK),
            side(Conduct::PerpetualMateThreat, NONE),
        ]);
        assert_eq!(draw(&f), Some("§26.8.4"));
        // Neither listed.
        let f = j.rule_on(&[
            side(Conduct::PerpetualChase, PROTECTED),
            side(Conduct::PerpetualChase, PROTECTED),
        ]);
        assert_eq!(draw(&f), Some("§26.8.4"));
    }
}
