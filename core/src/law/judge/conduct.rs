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
//! makes it allowed (数将一闲, 数捉一闲 …). A side with no ply in the stretch is allowed. Under
//! 1999 §27.2 a pawn's own chase is idle unless both sides keep attacking
//! ([`OwnChase::IdleUnlessMutual`](crate::law::classify::OwnChase::IdleUnlessMutual)): it
//! counts as a chase only when both sides would be forbidden with it.
//!
//! That is [`ChaseConduct::HeaviestKind`], the CXA reading. Under
//! [`ChaseConduct::SameTarget`] (AXF rules 12, 16, 32, 33, Section 2.5) a perpetual chase is
//! of one piece: 长将 when every ply checks; otherwise 长捉 when one enemy piece, followed as it
//! moves (`identity.rs`), is among the counted chases of every ply, on checking and
//! mate-threatening plies too (FSF 1168); otherwise named by the kinds as above, except that
//! chases of different pieces in turn are no perpetual chase (allowed), and a check that
//! chases nothing breaks the chase (一将一捉, rule 12).
//!
//! Each side's chasing plies are sorted for §26.8 ([`ChaseSorts`]): per ply, the rook if it
//! chases one, otherwise an unprotected piece if it chases one, otherwise a protected piece;
//! single or joint (§24.17) by whether every such target is chased jointly.
//!
//! Not checked under [`ChaseConduct::HeaviestKind`]: whether the attacks are "循环重复" in the
//! sense of attacking the same thing each time round: the loop itself is the repetition. Not
//! here: what each ply is ([`classify`](crate::law::classify)), and what the conducts come to
//! (`ruling.rs`, `precedence.rs`).

use super::identity::{self, ChasedPiece};
use super::tally::{tally, SideTally};
use super::{ChaseConduct, RepetitionLaw};
use crate::history::GameHistory;
use crate::law::classify::{classify_keyed, Classification, Definitions, OwnChase};
use crate::law::{Conduct, LoopReport, MoveKind};
use crate::{Color, Role, Square};

impl RepetitionLaw {
    /// Each side's conduct over plies `first..=last`, with the §26.8 sorting of its chases.
    pub(super) fn conducts(
        &self,
        history: &GameHistory,
        first: u32,
        last: u32,
    ) -> [SideConduct; 2] {
        if self.table.chase_conduct == ChaseConduct::SameTarget
            && self.definitions.pawn_chase.reading != OwnChase::IdleUnlessMutual
        {
            return Color::ALL.map(|c| self.same_target_side(history, first, last, c));
        }
        if self.table.chase_conduct == ChaseConduct::HeaviestKind {
            return self.heaviest_kind_sides(history, first, last);
        }
        let classes: Vec<Classification> = (first..=last)
            .map(|p| classify_keyed(history, p, &self.definitions, self.definitions_key()))
            .collect();
        let plies_of = |c: Color| -> Vec<(u32, &Classification)> {
            (first..=last)
                .zip(classes.iter())
                .filter(|(p, _)| history.position(p - 1).turn() == c)
                .collect()
        };
        let side = |c: Color, pawn_counts: bool| -> (Conduct, Option<SameTargetChases>) {
            let plies = plies_of(c);
            match self.table.chase_conduct {
                ChaseConduct::HeaviestKind => (conduct_of(&kinds(&plies), pawn_counts), None),
                ChaseConduct::SameTarget => {
                    let (conduct, mut chased) =
                        same_target(history, &plies, &self.definitions, pawn_counts);
                    chased.article = self.same_target_rule().to_string();
                    (conduct, Some(chased))
                }
            }
        };
        // 1999 §27.2: a pawn's own chase is idle, unless both sides keep attacking.
        let mutual = self.definitions.pawn_chase.reading
            == crate::law::classify::OwnChase::IdleUnlessMutual
            && side(Color::Red, true).0.is_forbidden()
            && side(Color::Black, true).0.is_forbidden();
        Color::ALL.map(|c| {
            let (conduct, same_target) = side(c, mutual);
            SideConduct {
                conduct,
                chases: ChaseSorts::of(&kinds(&plies_of(c)), &self.definitions),
                same_target,
            }
        })
    }
}

impl RepetitionLaw {
    /// Each side's conduct over plies `first..=last` under [`ChaseConduct::HeaviestKind`],
    /// from its plies counted by kind (`tally.rs`): as [`conduct_of`] and [`ChaseSorts::of`]
    /// read them one by one.
    fn heaviest_kind_sides(
        &self,
        history: &GameHistory,
        first: u32,
        last: u32,
    ) -> [SideConduct; 2] {
        let defs = &self.definitions;
        let t = tally(history, first, last, defs, self.definitions_key());
        // 1999 §27.2: a pawn's own chase is idle, unless both sides keep attacking.
        let mutual = defs.pawn_chase.reading == OwnChase::IdleUnlessMutual
            && t.sides
                .iter()
                .all(|s| conduct_counted(s, true).is_forbidden());
        Color::ALL.map(|c| {
            let s = &t.sides[c.index()];
            SideConduct {
                conduct: conduct_counted(s, mutual),
                chases: ChaseSorts {
                    rook_single: s.rook_single > 0,
                    rook_joint: s.rook_joint > 0,
                    rootless_single: s.rootless_single > 0,
                    rootless_joint: s.rootless_joint > 0,
                    protected: s.protected > 0,
                },
                same_target: None,
            }
        })
    }

    /// One side's conduct under [`ChaseConduct::SameTarget`] (with no 1999 §27.2 pawn rule,
    /// which needs both sides): a side with an idle ply is allowed whatever its other plies are
    /// (数捉一闲 …), so its plies are classified one by one until one is idle; only a side
    /// attacking on every ply has all its plies classified and its chased pieces followed.
    fn same_target_side(
        &self,
        history: &GameHistory,
        first: u32,
        last: u32,
        side: Color,
    ) -> SideConduct {
        let (defs, key) = (&self.definitions, self.definitions_key());
        let mine = (first..=last).filter(|p| history.position(p - 1).turn() == side);
        let mut classes = Vec::new();
        for p in mine {
            let k = classify_keyed(history, p, defs, key);
            if conduct_of(&[&k], false) == Conduct::Allowed {
                return SideConduct {
                    conduct: Conduct::Allowed,
                    chases: ChaseSorts::default(),
                    same_target: Some(SameTargetChases {
                        article: self.cite(self.articles.same_target).to_string(),
                        ..SameTargetChases::default()
                    }),
                };
            }
            classes.push((p, k));
        }
        let plies: Vec<(u32, &Classification)> = classes.iter().map(|(p, k)| (*p, k)).collect();
        let (conduct, mut chased) = same_target(history, &plies, defs, false);
        chased.article = self.cite(self.articles.same_target).to_string();
        SideConduct {
            conduct,
            chases: ChaseSorts::of(&kinds(&plies), defs),
            same_target: Some(chased),
        }
    }
}

/// One side's conduct over a loop, with its chases sorted for 2011 §26.8.
#[derive(Clone, Debug)]
pub(super) struct SideConduct {
    pub(super) conduct: Conduct,
    pub(super) chases: ChaseSorts,
    /// What it chased under [`ChaseConduct::SameTarget`]; `None` under
    /// [`ChaseConduct::HeaviestKind`].
    pub(super) same_target: Option<SameTargetChases>,
}

/// What a side chased over a loop under [`ChaseConduct::SameTarget`] (AXF rules 16, 32, 33).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct SameTargetChases {
    /// The enemy pieces chased after every one of its plies, each followed as it moved.
    pub(super) pieces: Vec<ChasedPiece>,
    /// Whether every ply chased something but no one piece was chased after every ply (one
    /// piece, or two, chasing several in turn): no perpetual chase.
    pub(super) in_turn: bool,
    /// The article of the reading, as cited (`axf rules 16, 32, 33`).
    pub(super) article: String,
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
    /// The conduct in words, with what it chased: "长捉 (perpetual chase, chasing a rook)", or
    /// under [`ChaseConduct::SameTarget`] the pieces themselves: "长捉 (perpetual chase, chasing
    /// the cannon on b7)".
    pub(super) fn describe(&self) -> String {
        let c = self.conduct;
        let what = match &self.same_target {
            Some(t) => t.words(c),
            None => self.chases.words(),
        };
        match what {
            Some(w) => format!("{} ({}, {w})", c.chinese(), c.english()),
            None => format!("{} ({})", c.chinese(), c.english()),
        }
    }

    /// The conduct as a ruling names it: under [`ChaseConduct::SameTarget`] with the pieces
    /// chased ([`SideConduct::describe`]), so that a ruling on identity says which piece;
    /// under [`ChaseConduct::HeaviestKind`] the conduct alone, as the CXA 1999 rulings put it
    /// ("长捉 (perpetual chase)").
    pub(super) fn named(&self) -> String {
        match self.same_target {
            Some(_) => self.describe(),
            None => format!("{} ({})", self.conduct.chinese(), self.conduct.english()),
        }
    }
}

impl ChaseSorts {
    /// What was chased, in words: "chasing a rook and a protected piece"; `None` for nothing.
    fn words(&self) -> Option<String> {
        let mut what = Vec::new();
        if self.rook_single {
            what.push("a rook");
        }
        if self.rook_joint {
            what.push("a rook jointly");
        }
        if self.rootless_single {
            what.push("an unprotected piece");
        }
        if self.rootless_joint {
            what.push("an unprotected piece jointly");
        }
        if self.protected {
            what.push("a protected piece");
        }
        (!what.is_empty()).then(|| format!("chasing {}", what.join(" and ")))
    }
}

impl SameTargetChases {
    /// What the conduct `c` chased, in words: the pieces of a perpetual chase ("chasing the
    /// cannon on b7"), or the chases in turn that make none; `None` otherwise.
    fn words(&self, c: Conduct) -> Option<String> {
        match c {
            Conduct::PerpetualChase if !self.pieces.is_empty() => {
                let pieces: Vec<String> = self.pieces.iter().map(ChasedPiece::describe).collect();
                Some(format!(
                    "chasing {}; {}",
                    pieces.join(" and "),
                    self.article
                ))
            }
            Conduct::Allowed if self.in_turn => Some(format!(
                "chasing different pieces in turn, none after every move; {}",
                self.article
            )),
            _ => None,
        }
    }
}

/// A side's conduct under [`ChaseConduct::SameTarget`] (AXF), from its plies in order: 长将
/// when every ply checks; 长捉 when one enemy piece, followed as it moves, is chased after every
/// ply, whatever else the plies are (a ply that also checks or threatens mate keeps the chase:
/// FSF 1168, Section 2.5); otherwise named by the kinds as under [`conduct_of`], except that
/// chases with no one piece chased after every ply make no perpetual chase (rules 16, 32), and
/// a check that chases nothing breaks the chase (rule 12, D13: 一将一捉).
fn same_target(
    history: &GameHistory,
    plies: &[(u32, &Classification)],
    defs: &Definitions,
    pawn_counts: bool,
) -> (Conduct, SameTargetChases) {
    let chased: Vec<(u32, Vec<Square>)> = plies
        .iter()
        .map(|(p, k)| (*p, chased_by(k, defs, pawn_counts)))
        .collect();
    let pieces = identity::chased_after_every_ply(history, &chased);
    let by_kind = conduct_of(&kinds(plies), pawn_counts);
    let conduct = match by_kind {
        Conduct::PerpetualCheck => Conduct::PerpetualCheck,
        _ if !pieces.is_empty() => Conduct::PerpetualChase,
        Conduct::PerpetualChase => Conduct::Allowed,
        c => c,
    };
    let in_turn = by_kind == Conduct::PerpetualChase && pieces.is_empty();
    let article = String::new(); // the law's citation, set by the caller
    (
        conduct,
        SameTargetChases {
            pieces,
            in_turn,
            article,
        },
    )
}

/// The squares of the pieces a ply chases, on any ply: its counted chases, and a pawn's own
/// when they count (1999 §27.2, both sides attacking).
fn chased_by(k: &Classification, defs: &Definitions, pawn_counts: bool) -> Vec<Square> {
    let pawns = k
        .chases
        .iter()
        .filter(|c| pawn_counts && c.pawn_only && !c.overruled());
    k.counted_chases(defs)
        .chain(pawns)
        .map(|c| c.target)
        .collect()
}

/// The classifications of `plies`.
fn kinds<'a>(plies: &[(u32, &'a Classification)]) -> Vec<&'a Classification> {
    plies.iter().map(|(_, k)| *k).collect()
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
    conduct_of_kinds(check, mate, chase)
}

/// The conduct of one side from its plies counted by kind: as [`conduct_of`] reads them one
/// by one (an idle ply, or a pawn's own chase when it does not count, makes it allowed).
fn conduct_counted(s: &SideTally, pawn_counts: bool) -> Conduct {
    if s.plies == 0 || s.idle > 0 || (s.pawn_chases > 0 && !pawn_counts) {
        return Conduct::Allowed;
    }
    let chase = s.chases > 0 || s.pawn_chases > 0;
    conduct_of_kinds(s.checks > 0, s.mate_threats > 0, chase)
}

/// The conduct of a side none of whose plies is idle, from the kinds its plies show: checks,
/// mate threats, chases.
fn conduct_of_kinds(check: bool, mate: bool, chase: bool) -> Conduct {
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
        SideConduct {
            conduct,
            chases,
            same_target: None,
        }
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

#[cfg(test)]
mod tests {
    use super::super::ruling::tests::{axf_law, draw, must_change};
    use super::super::ruling::Finding;
    use super::*;
    use crate::history::played as history;
    use crate::law::classify::{ChaseTarget, ChaseVia};
    use crate::law::PlyClass;

    /// FSF 1164 (AXF rules 15, 32): Red's pawn shuttles a5/b5 and a cannon hits the black
    /// rook after every move; the rook shuttles a6/b6 and hits the cannon b0 and the cannon a0
    /// in turn. Red chases one rook perpetually and must change; Black chases two cannons in
    /// turn, which is allowed. Read by the heaviest kind (CXA), both chase: a draw.
    #[test]
    fn a_rook_chased_every_move_against_two_cannons_chased_in_turn() {
        let h = history(
            "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w - - 0 1",
            "a4a5 a6b6 a5b5 b6a6 b5a5 a6b6 a5b5 b6a6 b5a5",
        );
        let j = axf_law();
        let sides = j.conducts(&h, 2, 9);
        assert_eq!(
            sides[0].describe(),
            "长捉 (perpetual chase, chasing the rook on a6, followed from b6; axf rules 16, 32, 33)"
        );
        assert_eq!(
            sides[1].describe(),
            "允许着法 (allowed moves, chasing different pieces in turn, none after every move; axf rules 16, 32, 33)"
        );
        let f = j.rule_on(&sides);
        assert_eq!(must_change(&f), Some((Color::Red, "Section 2.4")));
        let Finding::MustChange { why: Some(why), .. } = f else {
            panic!("the ruling names the piece");
        };
        assert!(
            why.starts_with("red: 长捉 (perpetual chase, chasing the rook on a6"),
            "{why}"
        );
        let mut cxa = axf_law();
        cxa.table.chase_conduct = ChaseConduct::HeaviestKind;
        let sides = cxa.conducts(&h, 2, 9);
        assert_eq!(
            sides.each_ref().map(|s| s.conduct),
            [Conduct::PerpetualChase; 2]
        );
        assert!(sides[0].same_target.is_none());
        assert_eq!(sides[0].named(), "长捉 (perpetual chase)");
    }

    /// FSF 1215 (Section 2.2): Red's rooks hit the cannons a8 and i8 after every move, Black's
    /// cannons the rook d8: both chase the same pieces throughout, a draw.
    #[test]
    fn both_sides_chasing_the_same_pieces_throughout_draw() {
        let h = history(
            "4ka3/c2R1R2c/4b4/9/9/9/9/9/9/4K4 w - - 0 1",
            "f8f6 f9e8 f6f8 e8f9 f8f6 f9e8 f6f8 e8f9",
        );
        let j = axf_law();
        let sides = j.conducts(&h, 1, 8);
        assert_eq!(
            sides[0].describe(),
            "长捉 (perpetual chase, chasing the cannon on a8 and the cannon on i8; axf rules 16, 32, 33)"
        );
        assert_eq!(
            sides[1].describe(),
            "长捉 (perpetual chase, chasing the rook on d8; axf rules 16, 32, 33)"
        );
        assert_eq!(draw(&j.rule_on(&sides)), Some("rule 7, Section 2.2"));
    }

    /// AXF D26 (rule 16), constructed: one cannon goes round four files and hits two rooks in
    /// turn; the rooks step aside. Neither side violates: a draw.
    #[test]
    fn one_cannon_alternately_chasing_two_rooks_is_allowed() {
        let h = history(
            "3k5/9/r7r/9/PP5PP/9/9/7C1/9/2BAKAB2 w - - 0 1",
            "h2i2 i7h7 i2a2 a7b7 a2h2 h7i7 h2b2 b7a7 b2i2 i7h7 i2a2 a7b7 a2h2 h7i7 h2b2 b7a7 b2i2",
        );
        let j = axf_law();
        let sides = j.conducts(&h, 2, 17);
        assert_eq!(sides[0].conduct, Conduct::Allowed);
        assert_eq!(sides[0].same_target.as_ref().map(|t| t.in_turn), Some(true));
        assert_eq!(draw(&j.rule_on(&sides)), Some("rule 5"));
    }

    /// AXF rule 33, constructed: two rooks take turns on the one cannon that keeps fleeing
    /// round i7, i5, i6: a perpetual chase of that cannon.
    #[test]
    fn two_rooks_taking_turns_on_one_cannon_chase_perpetually() {
        let turn = "h5h7 i7i5 g6g5 i5i6 h7h6 i6i7 g5g7 i7i5 h6h5 i5i6 g7g6 i6i7";
        let h = history(
            "3aka3/9/8c/6R2/7R1/9/9/9/9/3K5 w - - 0 1",
            &format!("{turn} {turn}"),
        );
        let j = axf_law();
        let sides = j.conducts(&h, 1, 24);
        assert_eq!(
            sides[0].describe(),
            "长捉 (perpetual chase, chasing the cannon on i6, followed from i7, i5; axf rules 16, 32, 33)"
        );
        assert_eq!(
            must_change(&j.rule_on(&sides)),
            Some((Color::Red, "Section 2.4"))
        );
    }

    /// FSF 1168's loop, with Red's plies classified by hand (a checking ply's chases are the
    /// classifier's business): the cannons f4/d4 hit the crossed pawn f1 on every move, and
    /// `d4f4` also checks.
    const FSF_1168: &str = "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1";
    const FSF_1168_MOVES: &str = "f4d4 f5d5 d4f4 d5f5 f4d4 f5d5 d4f4 d5f5";

    /// A ply of kinds `kinds` chasing the pieces on `chased`.
    fn ply(kinds: &[MoveKind], chased: &[&str]) -> Classification {
        Classification {
            class: PlyClass {
                kinds: kinds.to_vec(),
                ..PlyClass::default()
            },
            chases: chased
                .iter()
                .map(|s| ChaseTarget {
                    target: s.parse().expect("a square"),
                    role: Role::Pawn,
                    by: Vec::new(),
                    via: ChaseVia::Direct,
                    king_only: false,
                    pawn_only: false,
                    joint: false,
                    exception: None,
                })
                .collect(),
        }
    }

    /// Red's conduct over plies 1, 3, 5, 7 of FSF 1168, classified as `odd` and `even` in turn.
    fn red_1168(odd: &Classification, even: &Classification) -> (Conduct, SameTargetChases) {
        let h = history(FSF_1168, FSF_1168_MOVES);
        let plies = [(1, odd), (3, even), (5, odd), (7, even)];
        same_target(&h, &plies, &Definitions::cxa_1999(), false)
    }

    /// FSF 1168 (Section 2.5): the pawn f1 is chased on every move, and every other move also
    /// checks: a perpetual chase, not one check one chase.
    #[test]
    fn a_chase_of_one_piece_on_every_move_is_perpetual_though_some_moves_check() {
        let chase = ply(&[MoveKind::Chase], &["f1"]);
        let check_chase = ply(&[MoveKind::Check, MoveKind::Chase], &["f1"]);
        let (c, t) = red_1168(&chase, &check_chase);
        assert_eq!(c, Conduct::PerpetualChase);
        assert_eq!(t.pieces[0].describe(), "the pawn on f1");
    }

    /// AXF rule 12 (D13): a check that chases nothing breaks the chase: one check one chase,
    /// which AXF draws.
    #[test]
    fn a_check_that_chases_nothing_breaks_the_chase() {
        let chase = ply(&[MoveKind::Chase], &["f1"]);
        let check = ply(&[MoveKind::Check], &[]);
        let (c, t) = red_1168(&chase, &check);
        assert_eq!(c, Conduct::CheckAndChase);
        assert!(t.pieces.is_empty() && !t.in_turn);
    }

    /// AXF rule 6: a side all of whose moves check is 长将, whatever its checks also chase.
    #[test]
    fn checks_on_every_move_are_perpetual_check_though_they_chase() {
        let check_chase = ply(&[MoveKind::Check, MoveKind::Chase], &["f1"]);
        let (c, _) = red_1168(&check_chase, &check_chase);
        assert_eq!(c, Conduct::PerpetualCheck);
    }

    /// 一捉一闲: an idle move among the chases makes the conduct allowed.
    #[test]
    fn an_idle_move_among_the_chases_is_allowed() {
        let chase = ply(&[MoveKind::Chase], &["f1"]);
        let idle = ply(&[MoveKind::Idle], &[]);
        let (c, t) = red_1168(&chase, &idle);
        assert_eq!(c, Conduct::Allowed);
        assert!(t.pieces.is_empty() && !t.in_turn);
    }
}
