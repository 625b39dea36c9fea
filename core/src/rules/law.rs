//! A table-driven repetition judge shared by the editions: find the loop, classify each side's
//! conduct over it, and apply the edition's verdict table.
//!
//! Counting convention (CXA 1999 §23.2, §24, §26): a repetition is judged when the same position
//! (same placement, same side to move) occurs for the `repetitions`-th time (three by default,
//! "循环反复三次" read as the third occurrence). Perpetual check loses at once (§24.1); both sides
//! allowed or both forbidden is a draw (§24.2, §26.2–26.3); one forbidden against allowed makes
//! the offender change (§24.3, §26.4): it loses if the position occurs once more with its conduct
//! unchanged. Conduct is read over every ply from the first of those occurrences to the last.

use super::{
    Conduct, GameEnd, GameHistory, GameResult, LoopReport, MoveKind, PlyClass, RepetitionJudge,
    RepetitionRuling, RuleRef, Termination,
};
use crate::classify::{classify, Classification, Definitions};
use crate::Color;

/// What happens to a side whose conduct over a loop is forbidden while the other's is allowed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ViolationPolicy {
    /// The offender loses at once (perpetual check in every edition).
    Loses,
    /// The offender must change, and loses if the loop repeats once more.
    MustChange,
    /// Treated as allowed: the repetition is a draw (lenient house rules).
    Draw,
}

/// The verdict table: a policy per forbidden conduct, and what two forbidden sides mean.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct VerdictTable {
    /// 长将.
    pub perpetual_check: ViolationPolicy,
    /// 长杀.
    pub perpetual_mate_threat: ViolationPolicy,
    /// 长捉.
    pub perpetual_chase: ViolationPolicy,
    /// 一将一杀.
    pub check_and_mate_threat: ViolationPolicy,
    /// 一将一捉.
    pub check_and_chase: ViolationPolicy,
    /// 一杀一捉.
    pub mate_threat_and_chase: ViolationPolicy,
    /// Occurrences of a position that make a repetition (3).
    pub repetitions: u32,
}

impl VerdictTable {
    /// CXA 1999 §24, §26: perpetual check loses at once, every other forbidden conduct must change.
    pub const CXA_1999: VerdictTable = VerdictTable {
        perpetual_check: ViolationPolicy::Loses,
        perpetual_mate_threat: ViolationPolicy::MustChange,
        perpetual_chase: ViolationPolicy::MustChange,
        check_and_mate_threat: ViolationPolicy::MustChange,
        check_and_chase: ViolationPolicy::MustChange,
        mate_threat_and_chase: ViolationPolicy::MustChange,
        repetitions: 3,
    };

    /// The policy for a conduct (allowed conduct has none).
    pub fn policy(&self, c: Conduct) -> Option<ViolationPolicy> {
        Some(match c {
            Conduct::PerpetualCheck => self.perpetual_check,
            Conduct::PerpetualMateThreat => self.perpetual_mate_threat,
            Conduct::PerpetualChase => self.perpetual_chase,
            Conduct::CheckAndMateThreat => self.check_and_mate_threat,
            Conduct::CheckAndChase => self.check_and_chase,
            Conduct::MateThreatAndChase => self.mate_threat_and_chase,
            Conduct::Allowed => return None,
        })
    }
}

/// The articles a table judge cites.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LawArticles {
    /// Perpetual check loses (1999 §24.1, §26.1).
    pub perpetual_check: &'static str,
    /// Both allowed: draw (1999 §26.2).
    pub both_allowed: &'static str,
    /// Both forbidden: draw (1999 §26.3).
    pub both_forbidden: &'static str,
    /// One forbidden: must change (1999 §26.4, with §24.3).
    pub must_change: &'static str,
    /// Did not change: loses (1999 §24.3, §4.1.7).
    pub did_not_change: &'static str,
}

impl LawArticles {
    /// The 1999 articles.
    pub const CXA_1999: LawArticles = LawArticles {
        perpetual_check: "§26.1",
        both_allowed: "§26.2",
        both_forbidden: "§26.3",
        must_change: "§26.4",
        did_not_change: "§24.3",
    };
}

/// A repetition judge driven by a [`VerdictTable`] and the classifier's [`Definitions`].
#[derive(Clone, Debug)]
pub struct TableJudge {
    /// The ruleset id cited.
    pub ruleset: String,
    /// Classifier definitions.
    pub definitions: Definitions,
    /// Verdict table.
    pub table: VerdictTable,
    /// Articles cited.
    pub articles: LawArticles,
}

impl TableJudge {
    fn rule(&self, article: &str) -> RuleRef {
        RuleRef::new(self.ruleset.clone(), article)
    }

    /// The first ply of the stretch in which the last position occurred `n` times.
    fn loop_start(history: &GameHistory, n: u32) -> Option<u32> {
        let mut p = history.ply_count();
        for _ in 1..n {
            p = history.previous_occurrence(p)?;
        }
        Some(p + 1)
    }

    /// Each side's conduct over plies `first..=last`.
    fn conducts(
        &self,
        history: &GameHistory,
        first: u32,
        last: u32,
    ) -> ([Conduct; 2], Vec<Classification>) {
        let classes: Vec<Classification> = (first..=last)
            .map(|p| classify(history, p, &self.definitions))
            .collect();
        let side = |c: Color, pawn_counts: bool| -> Conduct {
            let plies: Vec<&Classification> = (first..=last)
                .zip(classes.iter())
                .filter(|(p, _)| history.position(p - 1).turn() == c)
                .map(|(_, k)| k)
                .collect();
            conduct_of(&plies, pawn_counts)
        };
        // 1999 §27.2: a pawn's own chase is idle, unless both sides keep attacking.
        let strict = [side(Color::Red, true), side(Color::Black, true)];
        let mutual = strict[0].is_forbidden() && strict[1].is_forbidden();
        let conducts = if mutual {
            strict
        } else {
            [side(Color::Red, false), side(Color::Black, false)]
        };
        (conducts, classes)
    }
}

/// The conduct of one side from its classified plies.
fn conduct_of(plies: &[&Classification], pawn_counts: bool) -> Conduct {
    if plies.is_empty() {
        return Conduct::Allowed;
    }
    let (mut check, mut mate, mut chase) = (false, false, false);
    for k in plies {
        let pawn_chase = pawn_counts && k.chases.iter().any(|c| c.pawn_only);
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

fn termination_for(c: Conduct) -> Termination {
    match c {
        Conduct::PerpetualCheck => Termination::PerpetualCheck,
        Conduct::PerpetualChase => Termination::PerpetualChase,
        Conduct::PerpetualMateThreat => Termination::PerpetualMateThreat,
        _ => Termination::ForbiddenRepetition,
    }
}

impl RepetitionJudge for TableJudge {
    fn judge(
        &self,
        history: &GameHistory,
        pending: Option<&RepetitionRuling>,
    ) -> Option<RepetitionRuling> {
        let ply = history.ply_count();
        let repeated = history.previous_occurrence(ply).is_some();
        if let Some(RepetitionRuling::Pending {
            must_change,
            rule,
            since_ply,
            ..
        }) = pending
        {
            if !repeated {
                return None; // the loop is broken: the obligation is met
            }
            let first = history.previous_occurrence(ply).map_or(1, |q| q + 1);
            let (conducts, _) = self.conducts(history, first, ply);
            let c = conducts[must_change.index()];
            let found = LoopReport {
                first_ply: first,
                last_ply: ply,
                repetitions: history.occurrences(ply),
                red: conducts[0],
                black: conducts[1],
            };
            if c.is_forbidden() && ply > *since_ply && history.key(ply) == history.key(*since_ply) {
                let end = GameEnd {
                    result: GameResult::win_for(!*must_change),
                    termination: termination_for(c),
                    rule: self.rule(self.articles.did_not_change),
                    offender: Some(*must_change),
                    ply,
                    explanation: format!(
                        "{must_change} had to change ({rule}) but repeated the loop once more with {} ({})",
                        c.chinese(),
                        serde_plain(c)
                    ),
                };
                return Some(RepetitionRuling::Decided { end, found });
            }
            return Some(RepetitionRuling::Pending {
                must_change: *must_change,
                rule: rule.clone(),
                since_ply: *since_ply,
                found,
            });
        }
        let occurrences = history.occurrences(ply);
        if occurrences < self.table.repetitions {
            return None;
        }
        let first = Self::loop_start(history, self.table.repetitions)?;
        let (conducts, _) = self.conducts(history, first, ply);
        let found = LoopReport {
            first_ply: first,
            last_ply: ply,
            repetitions: occurrences,
            red: conducts[0],
            black: conducts[1],
        };
        let policies = [
            self.table.policy(conducts[0]),
            self.table.policy(conducts[1]),
        ];
        let draw = |article: &str, why: String| RepetitionRuling::Decided {
            end: GameEnd {
                result: GameResult::Draw,
                termination: Termination::RepetitionDraw,
                rule: self.rule(article),
                offender: None,
                ply,
                explanation: why,
            },
            found: found.clone(),
        };
        let describe = |c: Conduct| format!("{} ({})", c.chinese(), serde_plain(c));
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
            return Some(RepetitionRuling::Decided {
                end: GameEnd {
                    result: GameResult::win_for(!loser),
                    termination: termination_for(c),
                    rule: self.rule(article),
                    offender: Some(loser),
                    ply,
                    explanation: format!("{loser}: {} over the loop loses at once", describe(c)),
                },
                found,
            });
        }
        let forbidden = |p: Option<ViolationPolicy>| {
            matches!(
                p,
                Some(ViolationPolicy::Loses | ViolationPolicy::MustChange)
            )
        };
        match (forbidden(policies[0]), forbidden(policies[1])) {
            (false, false) => Some(draw(
                self.articles.both_allowed,
                format!(
                    "both sides' moves are allowed (red: {}, black: {}): draw",
                    describe(conducts[0]),
                    describe(conducts[1])
                ),
            )),
            (true, true) => Some(draw(
                self.articles.both_forbidden,
                format!(
                    "both sides' moves are forbidden (red: {}, black: {}): draw",
                    describe(conducts[0]),
                    describe(conducts[1])
                ),
            )),
            (red, _) => {
                let offender = if red { Color::Red } else { Color::Black };
                Some(RepetitionRuling::Pending {
                    must_change: offender,
                    rule: self.rule(self.articles.must_change),
                    since_ply: ply,
                    found,
                })
            }
        }
    }

    fn classify(&self, history: &GameHistory, ply: u32) -> PlyClass {
        classify(history, ply, &self.definitions).class
    }

    fn as_table(&self) -> Option<&TableJudge> {
        Some(self)
    }
}

fn serde_plain(c: Conduct) -> &'static str {
    match c {
        Conduct::PerpetualCheck => "perpetual check",
        Conduct::PerpetualMateThreat => "perpetual mate threat",
        Conduct::PerpetualChase => "perpetual chase",
        Conduct::CheckAndMateThreat => "check and mate threat",
        Conduct::CheckAndChase => "check and chase",
        Conduct::MateThreatAndChase => "mate threat and chase",
        Conduct::Allowed => "allowed moves",
    }
}
