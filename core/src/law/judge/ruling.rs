//! From the two sides' conducts to a ruling (CXA 1999 §24, §26.1–26.4; 2011 §23.5.1,
//! §25.1–25.3), and the ruling in words.
//!
//! - 1999 §26.1 / 2011 §25.1: "在任何情况下，均不允许单方面长将。"
//! - 1999 §26.2 / 2011 §25.2: "双方均为允许着法，双方不变作和。"
//! - 1999 §26.3: "双方均为禁止着法（不包括一方为长将），双方不变作和。"
//! - 1999 §26.4: "一方为禁止着法，另一方为允许着法，应由前者变着，不变判负。" 2011 §25.3: "一方为
//!   禁止着法，另一方为允许着法，由前者变着。"
//!
//! # The reading
//!
//! The [`VerdictTable`](super::VerdictTable) gives each conduct its policy. A side whose
//! policy is to lose (in the editions, perpetual check only) loses at once when it is the only
//! one (§26.1 "单方面"); two such sides go on to the next test. Both allowed draw; one
//! forbidden against allowed must change; both forbidden draw in 1999 (§26.3) and go through
//! the 2011 precedence (§26.8, `precedence.rs`). What a side that must change has to do, and by
//! when, is the count's (`count_1999.rs`, `count_2011.rs`).
//!
//! Not checked: nothing more is needed for §26.3's "不包括一方为长将": a single perpetual checker
//! has lost before two forbidden sides are looked at.
//!
//! The explanation says which side, what conduct (in Chinese and English) and why; the article
//! is cited as the edition's [`LawArticles`](super::LawArticles) name it, after the nine-round
//! rule's article when that rule made the pending position.

use super::conduct::SideConduct;
use super::table::{BothForbidden, ViolationPolicy};
use super::RepetitionLaw;
use crate::law::{Conduct, LoopReport, RepetitionRuling};
use crate::outcome::{GameEnd, GameResult, Termination};
use crate::Color;

/// What a pending position comes to.
pub(super) enum Finding {
    /// A side loses at once.
    Loses {
        loser: Color,
        conduct: Conduct,
        article: &'static str,
        why: String,
    },
    /// A draw.
    Draw { article: &'static str, why: String },
    /// A side must change.
    MustChange {
        side: Color,
        article: &'static str,
        /// Why, when more than "forbidden against allowed" (the §26.8 precedence).
        why: Option<String>,
    },
}

impl Finding {
    /// The finding with `note` added to its explanation.
    pub(super) fn noting(self, note: &str) -> Finding {
        match self {
            Finding::Loses {
                loser,
                conduct,
                article,
                why,
            } => Finding::Loses {
                loser,
                conduct,
                article,
                why: format!("{why}; {note}"),
            },
            Finding::Draw { article, why } => Finding::Draw {
                article,
                why: format!("{why}; {note}"),
            },
            Finding::MustChange { side, article, why } => Finding::MustChange {
                side,
                article,
                why: Some(why.map_or(note.to_owned(), |w| format!("{w}; {note}"))),
            },
        }
    }
}

impl RepetitionLaw {
    /// The ruling on two sides' conducts at a pending position (both editions).
    pub(super) fn rule_on(&self, sides: &[SideConduct; 2]) -> Finding {
        let conducts = [sides[0].conduct, sides[1].conduct];
        let policies = conducts.map(|c| self.table.policy(c));
        let named = |c: Color| self.named_with_article(&sides[c.index()]);
        // Perpetual check loses in any case unless both sides check perpetually (§26.1).
        let losers: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|c| policies[c.index()] == Some(ViolationPolicy::Loses))
            .collect();
        if losers.len() == 1 {
            let loser = losers[0];
            let c = conducts[loser.index()];
            let article = if c == Conduct::PerpetualCheck {
                self.articles.perpetual_check
            } else {
                self.articles.did_not_change
            };
            return Finding::Loses {
                loser,
                conduct: c,
                article,
                why: format!("{loser}: {} over the loop loses at once", named(loser)),
            };
        }
        let forbidden = |p: Option<ViolationPolicy>| {
            matches!(
                p,
                Some(ViolationPolicy::Loses | ViolationPolicy::MustChange)
            )
        };
        match (forbidden(policies[0]), forbidden(policies[1])) {
            (false, false) => Finding::Draw {
                article: self.articles.both_allowed,
                why: format!(
                    "both sides' moves are allowed (red: {}, black: {}): draw",
                    named(Color::Red),
                    named(Color::Black)
                ),
            },
            (true, true) => match self.table.both_forbidden {
                BothForbidden::Draw => self.both_forbidden_draw(sides),
                BothForbidden::Precedence => self.precedence(sides),
                BothForbidden::CheckerChanges => self.checker_changes(sides),
            },
            (red, _) => {
                let side = if red { Color::Red } else { Color::Black };
                // Under the identity reading the ruling says which piece was chased.
                let why = sides[side.index()].same_target.as_ref().map(|_| {
                    format!(
                        "{side}: {}, against {}: {}",
                        named(side),
                        !side,
                        named(!side)
                    )
                });
                Finding::MustChange {
                    side,
                    article: self.articles.must_change,
                    why,
                }
            }
        }
    }

    /// Two forbidden sides draw (1999 §26.3; AXF rule 7, Section 2.2).
    fn both_forbidden_draw(&self, sides: &[SideConduct; 2]) -> Finding {
        Finding::Draw {
            article: self.articles.both_forbidden,
            why: format!(
                "both sides' moves are forbidden (red: {}, black: {}): draw",
                sides[0].named(),
                sides[1].named()
            ),
        }
    }

    /// A side's conduct as a ruling names it, with the article that allows it when the table
    /// draws it (AXF rules 9, 12) or forbids it when the edition names one (AXF rule 6).
    pub(super) fn named_with_article(&self, s: &SideConduct) -> String {
        let find = |list: &[(Conduct, &'static str)]| {
            list.iter()
                .find(|(t, _)| *t == s.conduct)
                .map(|(_, a)| self.cite(a))
        };
        match self.table.policy(s.conduct) {
            Some(ViolationPolicy::Draw) => match find(self.articles.tolerated) {
                Some(a) => format!("{}, allowed by {a}", s.named()),
                None => s.named(),
            },
            Some(_) => match find(self.articles.forbidden_by) {
                Some(a) => format!("{}, forbidden by {a}", s.named()),
                None => s.named(),
            },
            None => s.named(),
        }
    }

    /// AXF Section 2.3: perpetual check against a forbidden conduct of the other side (a
    /// perpetual chase): the checker must change. Any other two forbidden sides draw (rule 7
    /// for two checkers, Section 2.2 otherwise).
    fn checker_changes(&self, sides: &[SideConduct; 2]) -> Finding {
        let checks = sides
            .each_ref()
            .map(|s| s.conduct == Conduct::PerpetualCheck);
        match checks {
            [true, false] | [false, true] => {
                let c = if checks[0] { Color::Red } else { Color::Black };
                Finding::MustChange {
                    side: c,
                    article: self.articles.checker_changes,
                    why: Some(format!(
                        "both sides forbidden: {c} checks perpetually against {}'s {}: the checker changes",
                        !c,
                        self.named_with_article(&sides[(!c).index()])
                    )),
                }
            }
            _ => self.both_forbidden_draw(sides),
        }
    }

    /// Turns a finding at `ply` into a ruling; `prefix` goes before the article (e.g. the
    /// nine-round rule's article).
    pub(super) fn ruling(
        &self,
        f: Finding,
        found: LoopReport,
        ply: u32,
        prefix: &str,
    ) -> RepetitionRuling {
        let at = |article: &str| {
            if prefix.is_empty() {
                self.cite(article)
            } else {
                self.cite(&format!("{prefix}, {article}"))
            }
        };
        match f {
            Finding::Loses {
                loser,
                conduct,
                article,
                why,
            } => RepetitionRuling::Decided {
                end: GameEnd {
                    result: GameResult::win_for(!loser),
                    termination: termination_for(conduct),
                    rule: at(article),
                    offender: Some(loser),
                    ply,
                    explanation: why,
                },
                found,
            },
            Finding::Draw { article, why } => RepetitionRuling::Decided {
                end: GameEnd {
                    result: GameResult::Draw,
                    termination: Termination::RepetitionDraw,
                    rule: at(article),
                    offender: None,
                    ply,
                    explanation: why,
                },
                found,
            },
            Finding::MustChange { side, article, why } => RepetitionRuling::Pending {
                must_change: side,
                rule: at(article),
                since_ply: ply,
                found,
                reason: why,
            },
        }
    }
}

/// How the game ends when a side loses by `c`.
pub(super) fn termination_for(c: Conduct) -> Termination {
    match c {
        Conduct::PerpetualCheck => Termination::PerpetualCheck,
        Conduct::PerpetualChase => Termination::PerpetualChase,
        Conduct::PerpetualMateThreat => Termination::PerpetualMateThreat,
        _ => Termination::ForbiddenRepetition,
    }
}

/// "once", "twice", "3 times".
pub(super) fn times(n: u32) -> String {
    match n {
        1 => "once".to_owned(),
        2 => "twice".to_owned(),
        n => format!("{n} times"),
    }
}

/// "1st", "2nd", "3rd", "4th" … "11th", "21st".
pub(super) fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::conduct::fixtures::*;
    use super::super::{
        BothForbidden, ChaseConduct, Counting, LawArticles, RepetitionCount, VerdictTable,
        ViolationPolicy,
    };
    use super::*;
    use crate::law::classify::Definitions;

    /// A 2011 law for the unit tests of the precedence: the §26.8 rule and the articles the
    /// tests name (the edition's own table is `rulesets/cxa-2011/src/law.rs`).
    pub(crate) fn law() -> RepetitionLaw {
        RepetitionLaw::new(
            "cxa-2011",
            Definitions::cxa_2011(),
            VerdictTable {
                counting: Counting::Cxa2011,
                both_forbidden: BothForbidden::Precedence,
                ..TABLE
            },
            LawArticles {
                perpetual_check: "§23.5.1",
                both_allowed: "§25.2",
                both_forbidden: "§26.8.4",
                must_change: "§25.3",
                did_not_change: "§23.5.2.2",
                listed_must_change: "§26.8.1",
                single_vs_joint_rook: "§26.8.2",
                single_vs_joint_rootless: "§26.8.3",
                nine_rounds: "§23.4",
                checker_changes: "",
                same_target: "",
                tolerated: &[],
                forbidden_by: &[],
                count: "§23.1–23.3",
            },
        )
    }

    /// An AXF law for the unit tests of the judge: the AXF table and articles (the edition's
    /// own are `rulesets/axf/src/law.rs`) over CXA 1999's classifier, whose chases in the
    /// tests' loops are AXF's too.
    pub(crate) fn axf_law() -> RepetitionLaw {
        RepetitionLaw::new(
            "axf",
            Definitions::cxa_1999(),
            VerdictTable {
                perpetual_check: ViolationPolicy::MustChange,
                perpetual_mate_threat: ViolationPolicy::Draw,
                perpetual_chase: ViolationPolicy::MustChange,
                check_and_mate_threat: ViolationPolicy::Draw,
                check_and_chase: ViolationPolicy::Draw,
                mate_threat_and_chase: ViolationPolicy::Draw,
                repetitions: 3,
                count: RepetitionCount::Occurrences,
                counting: Counting::Cxa1999,
                loses_after: 3,
                chase_conduct: ChaseConduct::SameTarget,
                both_forbidden: BothForbidden::CheckerChanges,
            },
            LawArticles {
                perpetual_check: "rule 6",
                both_allowed: "rule 5",
                both_forbidden: "rule 7, Section 2.2",
                must_change: "Section 2.4",
                did_not_change: "rule 3",
                listed_must_change: "",
                single_vs_joint_rook: "",
                single_vs_joint_rootless: "",
                nine_rounds: "",
                checker_changes: "Section 2.3",
                same_target: "rules 16, 32, 33",
                tolerated: &[(Conduct::CheckAndChase, "rule 12")],
                forbidden_by: &[(Conduct::PerpetualCheck, "rule 6")],
                count: "rule 3, Section 2",
            },
        )
    }

    /// Perpetual check loses, the other conducts must change; the 1999 procedure.
    pub(crate) const TABLE: VerdictTable = VerdictTable {
        perpetual_check: ViolationPolicy::Loses,
        perpetual_mate_threat: ViolationPolicy::MustChange,
        perpetual_chase: ViolationPolicy::MustChange,
        check_and_mate_threat: ViolationPolicy::MustChange,
        check_and_chase: ViolationPolicy::MustChange,
        mate_threat_and_chase: ViolationPolicy::MustChange,
        repetitions: 3,
        count: RepetitionCount::Cycles,
        counting: Counting::Cxa1999,
        loses_after: 1,
        chase_conduct: ChaseConduct::HeaviestKind,
        both_forbidden: BothForbidden::Draw,
    };

    pub(crate) fn must_change(f: &Finding) -> Option<(Color, &'static str)> {
        match f {
            Finding::MustChange { side, article, .. } => Some((*side, article)),
            _ => None,
        }
    }

    pub(crate) fn draw(f: &Finding) -> Option<&'static str> {
        match f {
            Finding::Draw { article, .. } => Some(article),
            _ => None,
        }
    }

    /// The words of an outlook: "occurred twice", "its 4th occurrence".
    #[test]
    fn counts_in_words() {
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 111]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            words,
            ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "111th"]
        );
        assert_eq!([times(1), times(2), times(3)], ["once", "twice", "3 times"]);
    }

    /// 1999 §26.3: two forbidden sides draw whatever they chase.
    #[test]
    fn both_forbidden_draw_in_1999() {
        let mut j = law();
        j.table = TABLE;
        j.articles.both_forbidden = "§26.3";
        let f = j.rule_on(&[
            side(Conduct::PerpetualMateThreat, NONE),
            side(Conduct::PerpetualChase, PROTECTED),
        ]);
        assert_eq!(draw(&f), Some("§26.3"));
    }

    /// AXF Section 2.3: one side checks perpetually, the other chases perpetually: the
    /// checker must change, whichever side it is.
    #[test]
    fn perpetual_check_against_perpetual_chase_the_checker_changes() {
        let j = axf_law();
        let check = side(Conduct::PerpetualCheck, NONE);
        let chase = side(Conduct::PerpetualChase, ROOTLESS);
        let f = j.rule_on(&[check.clone(), chase.clone()]);
        assert_eq!(must_change(&f), Some((Color::Red, "Section 2.3")));
        let f = j.rule_on(&[chase, check]);
        assert_eq!(must_change(&f), Some((Color::Black, "Section 2.3")));
        let Finding::MustChange { why: Some(why), .. } = f else {
            panic!("the checker changes, with a reason");
        };
        assert_eq!(
            why,
            "both sides forbidden: black checks perpetually against red's 长捉 (perpetual chase): the checker changes"
        );
    }

    /// AXF rule 7 (D4): both sides check perpetually, each answering check with check: a
    /// draw; and Section 2.2: both chase perpetually, a draw.
    #[test]
    fn two_sides_forbidden_alike_draw_under_axf() {
        let j = axf_law();
        for c in [Conduct::PerpetualCheck, Conduct::PerpetualChase] {
            let f = j.rule_on(&[side(c, NONE), side(c, NONE)]);
            assert_eq!(draw(&f), Some("rule 7, Section 2.2"), "{c:?}");
        }
    }

    /// AXF rule 6 read with rule 3 (D1–3 "must change, else loses"): a perpetual check against
    /// allowed moves, or against one check one chase (rule 12, a draw in AXF), must change
    /// like any single violation (Section 2.4), not under Section 2.3.
    #[test]
    fn perpetual_check_against_a_drawn_conduct_must_change_as_a_single_violation() {
        let j = axf_law();
        for other in [Conduct::Allowed, Conduct::CheckAndChase] {
            let f = j.rule_on(&[side(other, NONE), side(Conduct::PerpetualCheck, NONE)]);
            assert_eq!(
                must_change(&f),
                Some((Color::Black, "Section 2.4")),
                "{other:?}"
            );
        }
    }
}
