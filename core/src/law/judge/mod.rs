//! A table-driven repetition judge shared by the editions: find the loop, classify each side's
//! conduct over it, and apply the edition's verdict table.
//!
//! Two procedures ([`Counting`]):
//!
//! - **1999** (CXA 1999 §23.2, §24, §26): a repetition is judged when "循环反复三次" is
//!   reached, counted as [`RepetitionCount`] says (the same position, same placement and side
//!   to move, occurring for the third time, or the loop gone round three full cycles).
//!   Perpetual check loses at once (§24.1); both sides allowed or both forbidden is a draw
//!   (§24.2, §26.2–26.3); one forbidden against allowed makes the offender change (§24.3, §26.4):
//!   it loses once the position of the pending ruling occurs again with its conduct unchanged,
//!   and stays lost while the loop goes on. Conduct is read over every ply from the first of
//!   the counted occurrences to the last.
//! - **2011** (CXA 2011 trial §23): see [`Counting::Cxa2011`]; both sides forbidden go through
//!   the §26.8 precedence ([`BothForbidden::Precedence`]).

use crate::history::GameHistory;
use crate::law::classify::{classify, Classification, Definitions};
use crate::law::{Conduct, LoopReport, MoveKind, Outlook, PlyClass, RepetitionRuling};
use crate::outcome::{GameEnd, GameResult, Termination};
use crate::reference::RuleRef;
use crate::{Color, Role};

/// The repetition law (棋例): given a history whose last position repeats an earlier one,
/// whether a side must change, loses, or the game is drawn.
pub trait RepetitionJudge: Send + Sync {
    /// Rules on the loop ending at the last position of `history`, if any. `pending` is the
    /// obligation to change found earlier in the game, if one is still open.
    fn rule(
        &self,
        history: &GameHistory,
        pending: Option<&RepetitionRuling>,
    ) -> Option<RepetitionRuling>;

    /// Whether [`RepetitionJudge::rule`] must look at the history after its last ply when no
    /// obligation to change is open: by default when the last position repeats an earlier one
    /// (the 2011 nine-round rule also looks at long stretches without a capture).
    fn watches(&self, history: &GameHistory) -> bool {
        history.previous_occurrence(history.ply_count()).is_some()
    }

    /// The per-ply classification this judge reads, for explaining a loop: the kinds and targets
    /// of ply `ply` (1-based) of `history`.
    fn classify(&self, history: &GameHistory, ply: u32) -> PlyClass;

    /// What this judge expects of a repetition under way at the end of `history` that it has
    /// not ruled on yet, for the explanation of an undecided game: how far the count has got
    /// and at which ply the loop is judged if it goes on, with the article. `None` (the
    /// default) says nothing.
    fn outlook(&self, history: &GameHistory) -> Option<Outlook> {
        let _ = history;
        None
    }

    /// The data-driven repetition law behind this judge, if it is one: house variants copy it
    /// and change knobs of its verdict table.
    fn as_law(&self) -> Option<&RepetitionLaw> {
        None
    }
}

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
    /// The number of "循环反复三次" (3): occurrences of a position or cycles of the loop, as
    /// [`VerdictTable::count`] says; read by [`Counting::Cxa1999`].
    pub repetitions: u32,
    /// What [`VerdictTable::repetitions`] counts; read by [`Counting::Cxa1999`] (2011 §23.2 and
    /// §23.4 fix their own count).
    pub count: RepetitionCount,
    /// How repetitions are counted and how long a side has to change.
    pub counting: Counting,
    /// What two forbidden sides mean.
    pub both_forbidden: BothForbidden,
}

/// How a repetition is counted, and how long a side that must change has (待判局面的裁定).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Counting {
    /// CXA 1999 §24: judged at the [`VerdictTable::repetitions`]-th occurrence of a position;
    /// draws are immediate (§24.2 "立即判和"); a side that must change loses when the loop comes
    /// round once more (§24.3 "若再重复一次循环，即判负").
    Cxa1999,
    /// CXA 2011 trial §23, as read here:
    ///
    /// - **The count** (§23.1–23.3): the loop's period is `p` plies (the distance to the last
    ///   position's previous occurrence); its first position is the earliest from which every
    ///   position recurs `p` plies later, and the move that produced it is the loop's first move
    ///   ("形成循环之首着", usually from an outside point). That move counts unless it is a
    ///   capture (§23.2; a record starting inside the loop counts the unrecorded move that led
    ///   to its start position, assumed not a capture). The position is pending when the counted
    ///   plies reach `3p − 1`: three times round the loop, §23.4's "在两个点上反复三次为六个回合"
    ///   (two points, both pieces entering from outside: the sixth round completes at ply 12;
    ///   1999's third occurrence came at ply 10).
    /// - **Nine rounds** (§23.4): a side whose last nine moves, without a capture on the board,
    ///   were all forbidden kinds (将, 杀, 捉) on three or more points (the points its moves
    ///   leave and reach) makes a pending position though no position repeated three times;
    ///   conduct is read over those nine rounds. "无积极意义的允许或禁止着法" (moves of no
    ///   positive meaning) is a judgement of the arbiter and is not automated: only attacking
    ///   moves count here. The claim §23.4 requires ("经一方提出") is a claim like any other:
    ///   judged as played, the nine rounds are listed among the record's claims.
    /// - **Rulings** (§23.5): a single perpetual check loses at once (§23.5.1); otherwise a side
    ///   has two rounds to change (§23.5.2): the side that must change loses at its second move
    ///   after the pending position if it has not changed (the loop went on, or for nine rounds
    ///   its moves stayed attacks) (§23.5.2.2); a draw (§25.2, §26.8.4) is declared when neither
    ///   side has changed two rounds (four plies) after the pending position (§23.5.2.1
    ///   "双方不变判和"), not at once as in 1999.
    Cxa2011,
}

/// What "循环反复三次" (1999 §24, §4.2.3; 2011 §23.1) counts: the text says "the moves of both
/// sides go round and repeat three times" and does not say from where.
///
/// - [`RepetitionCount::Occurrences`]: a position (same placement, same side to move) seen for
///   the third time — two cycles after its first occurrence.
/// - [`RepetitionCount::Cycles`]: the loop gone round three full cycles — its first position
///   seen for the fourth time. 2011 §23.4 defines the same phrase so: "在两个点上反复三次为六个
///   回合" (three times on two points is six rounds, three cycles of four plies), counting from
///   the move that enters the loop (§23.2), which 1999 has no article for.
///
/// `repetitions` = 3 with either: the third occurrence, or the fourth.
///
/// cxa-1999 reads three full cycles. The text allows both; 2011 §23.4 glosses the phrase as
/// three cycles, and the players of the 2003–2007 A-league games in the CCPD corpus, playing
/// under the 1999 rules, kept to it: read as the third occurrence, 25 of those games had a
/// perpetual check the opponent could have claimed as a win and did not; read as three full
/// cycles, one (docs/real-games.md, pinned by `tests/tests/real_games.rs`).
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum RepetitionCount {
    /// The `repetitions`-th occurrence of a position.
    #[default]
    Occurrences,
    /// `repetitions` full cycles: the (`repetitions` + 1)-th occurrence of a position.
    Cycles,
}

impl RepetitionCount {
    /// The occurrences of a position that reach `repetitions` under this count.
    pub const fn occurrences(self, repetitions: u32) -> u32 {
        match self {
            RepetitionCount::Occurrences => repetitions,
            RepetitionCount::Cycles => repetitions + 1,
        }
    }

    /// How the count reads, in words: "the 3rd occurrence of a position" or "three full cycles
    /// (the 4th occurrence of a position)".
    pub fn describe(self, repetitions: u32) -> String {
        match self {
            RepetitionCount::Occurrences => {
                format!("the {} occurrence of a position", ordinal(repetitions))
            }
            RepetitionCount::Cycles => format!(
                "{} full cycles (the {} occurrence of a position)",
                repetitions,
                ordinal(repetitions + 1)
            ),
        }
    }
}

/// What two forbidden sides mean.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BothForbidden {
    /// A draw (CXA 1999 §26.3 "双方均为禁止着法…双方不变作和").
    Draw,
    /// CXA 2011 §26.8 (via §25.4), as read here:
    ///
    /// - §26.8.2 / §26.8.3 first: one side perpetually chases a rook (an unprotected piece) with
    ///   single chases only, the other with joint chases only (联合捉子, §24.17): the former
    ///   must change.
    /// - §26.8.1: "凡单方长杀、一将一杀、长捉车、长捉无根子、一将（杀）一捉车（无根子）、
    ///   一捉车一捉无根子，均需变着" — **单方 is read as "one side only"** (as in §23.5.1
    ///   "单方长将", §25.1 "单方面长将" and §23.5.2.2's "应变着一方", a single side): when the
    ///   conduct of exactly one side is in this list, that side must change. Listed: 长杀, 一将一杀,
    ///   and 长捉 / 一将一捉 / 一杀一捉 whose every chase is of a rook or of an unprotected piece
    ///   (无根子 including false and insufficient roots, §24.15–24.16). Not listed: a chase of a
    ///   protected piece other than a rook (a weaker piece attacking it).
    /// - §26.8.4: otherwise — both listed, or neither — a draw.
    Precedence,
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
        // "循环反复三次" read as three full cycles (see `RepetitionCount` and docs/real-games.md).
        count: RepetitionCount::Cycles,
        counting: Counting::Cxa1999,
        both_forbidden: BothForbidden::Draw,
    };

    /// CXA 2011 §23, §25–26: single perpetual check loses at once (§23.5.1, §25.1), every other
    /// forbidden conduct must change (§25.3, §23.5.2), both forbidden by §26.8.
    pub const CXA_2011: VerdictTable = VerdictTable {
        perpetual_check: ViolationPolicy::Loses,
        perpetual_mate_threat: ViolationPolicy::MustChange,
        perpetual_chase: ViolationPolicy::MustChange,
        check_and_mate_threat: ViolationPolicy::MustChange,
        check_and_chase: ViolationPolicy::MustChange,
        mate_threat_and_chase: ViolationPolicy::MustChange,
        repetitions: 3,
        count: RepetitionCount::Cycles,
        counting: Counting::Cxa2011,
        both_forbidden: BothForbidden::Precedence,
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
    /// Two forbidden sides, one listed (2011 §26.8.1; unused by 1999).
    pub listed_must_change: &'static str,
    /// Single against joint chase of a rook (2011 §26.8.2; unused by 1999).
    pub single_vs_joint_rook: &'static str,
    /// Single against joint chase of an unprotected piece (2011 §26.8.3; unused by 1999).
    pub single_vs_joint_rootless: &'static str,
    /// The nine-round rule (2011 §23.4; unused by 1999).
    pub nine_rounds: &'static str,
    /// How repetitions are counted to a pending position (1999 §24 "循环反复三次"; 2011 §23.1–23.3).
    pub count: &'static str,
}

impl LawArticles {
    /// The 1999 articles.
    pub const CXA_1999: LawArticles = LawArticles {
        perpetual_check: "§26.1",
        both_allowed: "§26.2",
        both_forbidden: "§26.3",
        must_change: "§26.4",
        did_not_change: "§24.3",
        listed_must_change: "",
        single_vs_joint_rook: "",
        single_vs_joint_rootless: "",
        nine_rounds: "",
        count: "§24",
    };

    /// The 2011 articles.
    pub const CXA_2011: LawArticles = LawArticles {
        perpetual_check: "§23.5.1",
        both_allowed: "§25.2",
        both_forbidden: "§26.8.4",
        must_change: "§25.3",
        did_not_change: "§23.5.2.2",
        listed_must_change: "§26.8.1",
        single_vs_joint_rook: "§26.8.2",
        single_vs_joint_rootless: "§26.8.3",
        nine_rounds: "§23.4",
        count: "§23.1–23.3",
    };
}

/// A repetition judge driven by a [`VerdictTable`] and the classifier's [`Definitions`].
#[derive(Clone, Debug)]
pub struct RepetitionLaw {
    /// The ruleset id cited.
    pub ruleset: String,
    /// Classifier definitions.
    pub definitions: Definitions,
    /// Verdict table.
    pub table: VerdictTable,
    /// Articles cited.
    pub articles: LawArticles,
}

impl RepetitionLaw {
    fn cite(&self, article: &str) -> RuleRef {
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

    /// Each side's conduct over plies `first..=last`, with the §26.8 sorting of its chases.
    fn conducts(&self, history: &GameHistory, first: u32, last: u32) -> [SideConduct; 2] {
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
        let mutual = self.definitions.pawn_chase
            == crate::law::classify::OwnChase::IdleUnlessMutual
            && side(Color::Red, true).is_forbidden()
            && side(Color::Black, true).is_forbidden();
        Color::ALL.map(|c| SideConduct {
            conduct: side(c, mutual),
            chases: ChaseSorts::of(&plies_of(c), &self.definitions),
        })
    }

    /// The ruling on two sides' conducts at a pending position (both editions).
    fn rule_on(&self, sides: &[SideConduct; 2]) -> Finding {
        let conducts = [sides[0].conduct, sides[1].conduct];
        let policies = conducts.map(|c| self.table.policy(c));
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
            return Finding::Loses {
                loser,
                conduct: c,
                article,
                why: format!("{loser}: {} over the loop loses at once", describe(c)),
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
                    describe(conducts[0]),
                    describe(conducts[1])
                ),
            },
            (true, true) => match self.table.both_forbidden {
                BothForbidden::Draw => Finding::Draw {
                    article: self.articles.both_forbidden,
                    why: format!(
                        "both sides' moves are forbidden (red: {}, black: {}): draw",
                        describe(conducts[0]),
                        describe(conducts[1])
                    ),
                },
                BothForbidden::Precedence => self.precedence(sides),
            },
            (red, _) => Finding::MustChange {
                side: if red { Color::Red } else { Color::Black },
                article: self.articles.must_change,
                why: None,
            },
        }
    }

    /// 2011 §26.8: both sides forbidden (see [`BothForbidden::Precedence`]).
    fn precedence(&self, sides: &[SideConduct; 2]) -> Finding {
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

    /// The 1999 procedure.
    fn rule_1999(
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
            let sides = self.conducts(history, first, ply);
            let c = sides[must_change.index()].conduct;
            let found = report(history, first, ply, &sides);
            if let Some(again) =
                repeated_once_more(history, *since_ply, ply).filter(|_| c.is_forbidden())
            {
                let still = if again < ply {
                    format!(" at ply {again}, and the loop has gone on since")
                } else {
                    String::new()
                };
                let end = GameEnd {
                    result: GameResult::win_for(!*must_change),
                    termination: termination_for(c),
                    rule: self.cite(self.articles.did_not_change),
                    offender: Some(*must_change),
                    ply,
                    explanation: format!(
                        "{must_change} had to change ({rule}) but repeated the loop once more with {} ({}){still}",
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
                reason: None,
            });
        }
        let needed = self.table.count.occurrences(self.table.repetitions);
        if history.occurrences(ply) < needed {
            return None;
        }
        let first = Self::loop_start(history, needed)?;
        let sides = self.conducts(history, first, ply);
        let found = report(history, first, ply, &sides);
        Some(self.ruling(self.rule_on(&sides), found, ply, ""))
    }

    /// Turns a finding at `ply` into a ruling; `prefix` goes before the article (e.g. the
    /// nine-round rule's article).
    fn ruling(&self, f: Finding, found: LoopReport, ply: u32, prefix: &str) -> RepetitionRuling {
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

    /// The 2011 procedure (see [`Counting::Cxa2011`]).
    fn rule_2011(
        &self,
        history: &GameHistory,
        pending: Option<&RepetitionRuling>,
    ) -> Option<RepetitionRuling> {
        let ply = history.ply_count();
        if let Some(RepetitionRuling::Pending {
            must_change,
            rule,
            since_ply,
            found,
            ..
        }) = pending
        {
            if !self.unchanged_2011(history, *must_change, *since_ply, ply) {
                return None; // changed within two rounds: the obligation is met
            }
            let moves = (*since_ply + 1..=ply)
                .filter(|&p| history.position(p - 1).turn() == *must_change)
                .count();
            if moves < 2 {
                return pending.cloned();
            }
            let c = match must_change {
                Color::Red => found.red,
                Color::Black => found.black,
            };
            let end = GameEnd {
                result: GameResult::win_for(!*must_change),
                termination: termination_for(c),
                rule: self.cite(self.articles.did_not_change),
                offender: Some(*must_change),
                ply,
                explanation: format!(
                    "{must_change} had to change within two rounds ({rule}) but went on with {} ({})",
                    c.chinese(),
                    serde_plain(c)
                ),
            };
            return Some(RepetitionRuling::Decided {
                end,
                found: found.clone(),
            });
        }
        let now = match self.loop_2011(history, ply) {
            Some(r) => r,
            None => self.nine_rounds_2011(history, ply),
        };
        // A draw pending since an earlier ply stays pending since then (§23.5.2.1).
        match (pending, now) {
            (
                Some(RepetitionRuling::DrawPending {
                    since_ply, due_ply, ..
                }),
                Some(RepetitionRuling::DrawPending {
                    rule,
                    found,
                    explanation,
                    ..
                }),
            ) => Some(RepetitionRuling::DrawPending {
                rule,
                since_ply: *since_ply,
                due_ply: *due_ply,
                found,
                explanation,
            }),
            (_, now) => now,
        }
    }

    /// The exact loop ending at `ply` under the 2011 count: `None` when there is no pending
    /// position there, `Some(ruling)` otherwise (a draw not yet due is
    /// [`RepetitionRuling::DrawPending`]).
    fn loop_2011(&self, history: &GameHistory, ply: u32) -> Option<Option<RepetitionRuling>> {
        let count = count_2011(history, ply)?;
        let (period, counted) = (count.period, count.counted);
        let due = 3 * period - 1;
        if counted < due {
            return None;
        }
        let first = (ply + 1).saturating_sub(2 * period).max(1);
        let sides = self.conducts(history, first, ply);
        let found = report(history, first, ply, &sides);
        let finding = self.rule_on(&sides).noting(&count.describe());
        match finding {
            // §23.5.2.1: a draw once neither side has changed for two rounds.
            Finding::Draw { article, why } if counted < due + 4 => {
                Some(Some(RepetitionRuling::DrawPending {
                    rule: self.cite(article),
                    since_ply: ply - (counted - due),
                    due_ply: ply + (due + 4 - counted),
                    found,
                    explanation: format!(
                        "{why}; the draw is declared only if neither side changes within two rounds (§23.5.2.1)"
                    ),
                }))
            }
            Finding::Draw { article, why } => Some(Some(self.ruling(
                Finding::Draw {
                    article,
                    why: format!("{why}; neither side changed within two rounds (§23.5.2)"),
                },
                found,
                ply,
                "",
            ))),
            f @ Finding::MustChange { .. } => Some(Some(self.ruling(
                f.noting("two rounds to change (§23.5.2)"),
                found,
                ply,
                "",
            ))),
            f => Some(Some(self.ruling(f, found, ply, ""))),
        }
    }

    /// The nine-round rule (§23.4) at `ply`: the nine rounds of the side that moved last, or of
    /// the side that moved before it when the last move captured nothing (a claim of a side's
    /// nine rounds stands over the opponent's reply).
    fn nine_rounds_2011(&self, history: &GameHistory, ply: u32) -> Option<RepetitionRuling> {
        let first = self.nine_round_window(history, ply).or_else(|| {
            let quiet = history.captured_at(ply).is_none();
            quiet
                .then(|| self.nine_round_window(history, ply.checked_sub(1)?))
                .flatten()
        })?;
        let sides = self.conducts(history, first, ply);
        let found = report(history, first, ply, &sides);
        let finding = self.rule_on(&sides);
        if let Finding::Draw { .. } = finding {
            // §23.5.2.1: a draw once the nine rounds have gone on two more rounds unchanged.
            // Not reported as pending: the window alternates with the mover.
            self.nine_round_window(history, ply.checked_sub(4)?)?;
        }
        Some(self.ruling(finding, found, ply, self.articles.nine_rounds))
    }

    /// The first ply of the nine rounds ending at `ply` if the mover of `ply` spent them on
    /// attacking moves over three or more points, without a capture.
    fn nine_round_window(&self, history: &GameHistory, ply: u32) -> Option<u32> {
        const PLIES: u32 = 18;
        let first = (ply + 1).checked_sub(PLIES).filter(|&f| f >= 1)?;
        if (first..=ply).any(|p| history.captured_at(p).is_some()) {
            return None;
        }
        let own: Vec<u32> = (first..=ply).rev().step_by(2).collect();
        let mut points: Vec<crate::Square> = Vec::new();
        for &p in &own {
            let m = history.move_at(p)?;
            for sq in [m.from, m.to] {
                if !points.contains(&sq) {
                    points.push(sq);
                }
            }
        }
        if points.len() < 3 {
            return None;
        }
        // A move already known not to attack settles it without classifying anything: one
        // idle move spares the next eight of the side. Otherwise latest first (kept with the
        // history for the next plies).
        let key = self.definitions.fingerprint();
        let known_idle = own.iter().any(|&p| {
            history.peek_memo(key, p, |c: &Classification| !c.class.heaviest().is_attack())
                == Some(true)
        });
        if known_idle {
            return None;
        }
        let attacks = own.iter().all(|&p| {
            classify(history, p, &self.definitions)
                .class
                .heaviest()
                .is_attack()
        });
        attacks.then_some(first)
    }

    /// Whether `side`, obliged to change at `since`, has not changed by `ply`: an exact loop
    /// went on with its period, or (nine rounds) no capture and its moves stayed attacks.
    fn unchanged_2011(&self, history: &GameHistory, side: Color, since: u32, ply: u32) -> bool {
        if let Some(q) = history.previous_occurrence(since) {
            let period = since - q;
            return (since + 1..=ply)
                .all(|p| p >= period && history.key(p) == history.key(p - period));
        }
        (since + 1..=ply).all(|p| {
            history.captured_at(p).is_none()
                && (history.position(p - 1).turn() != side
                    || classify(history, p, &self.definitions)
                        .class
                        .heaviest()
                        .is_attack())
        })
    }
}

/// The 2011 count of a loop (§23.1–23.2).
#[derive(Copy, Clone, Debug)]
struct Count2011 {
    /// The loop's period in plies.
    period: u32,
    /// The plies counted from its first move.
    counted: u32,
    /// The ply of its first move (0: a move before the record).
    first_move: u32,
    /// Whether that move was a capture, and so not counted.
    capture: bool,
}

impl Count2011 {
    /// How the pending position was reached, citing the articles.
    fn describe(&self) -> String {
        format!(
            "the loop of {} plies came round three times, {} (§23.2, §23.4)",
            self.period,
            self.first_move_counted()
        )
    }

    /// Whether and which first move is counted (§23.2).
    fn first_move_counted(&self) -> String {
        match (self.first_move, self.capture) {
            (0, _) => "counting the move before the record that began it".to_owned(),
            (p, false) => format!("counting its first move (ply {p})"),
            (p, true) => format!("not counting its first move (ply {p}), a capture"),
        }
    }
}

/// The 2011 count of the loop ending at `ply` (§23.1–23.2): its period in plies and the plies
/// counted from its first move (a capture as first move not counted).
fn count_2011(history: &GameHistory, ply: u32) -> Option<Count2011> {
    let prev = history.previous_occurrence(ply)?;
    let period = ply - prev;
    let mut start = prev;
    while start > 0 && history.key(start - 1) == history.key(start - 1 + period) {
        start -= 1;
    }
    // Ply `start` produced the loop's first position (ply 0: a move before the record).
    let capture = start >= 1 && history.captured_at(start).is_some();
    Some(Count2011 {
        period,
        counted: ply + 1 - start - u32::from(capture),
        first_move: start,
        capture,
    })
}

/// 1999 §24.3 "若再重复一次循环，即判负": the ply at which the position of the pending ruling
/// (after ply `since`) occurred again, provided the loop has gone on unchanged from there to
/// `ply` (every position since recurs one period earlier), so that the loss, once incurred,
/// can be claimed while the loop goes on. `None` when that position has not come round again.
fn repeated_once_more(history: &GameHistory, since: u32, ply: u32) -> Option<u32> {
    let period = ply - history.previous_occurrence(ply)?;
    let mut q = ply;
    loop {
        if q <= since {
            return None;
        }
        if history.key(q) == history.key(since) {
            return Some(q);
        }
        if history.previous_occurrence(q) != Some(q - period) {
            return None; // the loop did not go on from here
        }
        q -= 1;
    }
}

/// A loop report over plies `first..=last`.
fn report(history: &GameHistory, first: u32, last: u32, sides: &[SideConduct; 2]) -> LoopReport {
    LoopReport {
        first_ply: first,
        last_ply: last,
        repetitions: history.occurrences(last),
        red: sides[0].conduct,
        black: sides[1].conduct,
    }
}

impl Finding {
    /// The finding with `note` added to its explanation.
    fn noting(self, note: &str) -> Finding {
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

/// What a pending position comes to.
enum Finding {
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

/// One side's conduct over a loop, with its chases sorted for 2011 §26.8.
#[derive(Clone, Debug)]
struct SideConduct {
    conduct: Conduct,
    chases: ChaseSorts,
}

/// What a side's chasing plies chased (2011 §26.8): for each ply, a rook if it chases one,
/// otherwise an unprotected piece if it chases one, otherwise a protected piece; single or
/// joint (§24.17) by whether every such target is chased jointly.
#[derive(Copy, Clone, Debug, Default)]
struct ChaseSorts {
    rook_single: bool,
    rook_joint: bool,
    rootless_single: bool,
    rootless_joint: bool,
    protected: bool,
}

/// The target sorts of §26.8.2 and §26.8.3.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Target {
    Rook,
    Rootless,
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

    fn describe(&self) -> String {
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
            format!("{} ({})", c.chinese(), serde_plain(c))
        } else {
            format!(
                "{} ({}, chasing {})",
                c.chinese(),
                serde_plain(c),
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

fn termination_for(c: Conduct) -> Termination {
    match c {
        Conduct::PerpetualCheck => Termination::PerpetualCheck,
        Conduct::PerpetualChase => Termination::PerpetualChase,
        Conduct::PerpetualMateThreat => Termination::PerpetualMateThreat,
        _ => Termination::ForbiddenRepetition,
    }
}

impl RepetitionJudge for RepetitionLaw {
    fn rule(
        &self,
        history: &GameHistory,
        pending: Option<&RepetitionRuling>,
    ) -> Option<RepetitionRuling> {
        match self.table.counting {
            Counting::Cxa1999 => self.rule_1999(history, pending),
            Counting::Cxa2011 => self.rule_2011(history, pending),
        }
    }

    fn watches(&self, history: &GameHistory) -> bool {
        let ply = history.ply_count();
        history.previous_occurrence(ply).is_some()
            || (self.table.counting == Counting::Cxa2011
                && ply >= 18
                && (ply - 17..=ply).all(|p| history.captured_at(p).is_none()))
    }

    fn classify(&self, history: &GameHistory, ply: u32) -> PlyClass {
        classify(history, ply, &self.definitions).class
    }

    fn outlook(&self, history: &GameHistory) -> Option<Outlook> {
        let ply = history.ply_count();
        let period = ply - history.previous_occurrence(ply)?;
        let count = self.cite(self.articles.count);
        let (due_ply, explanation) = match self.table.counting {
            Counting::Cxa1999 => {
                let needed = self.table.count.occurrences(self.table.repetitions);
                let seen = history.occurrences(ply);
                if seen >= needed {
                    return None;
                }
                let due = ply + (needed - seen) * period;
                (
                    due,
                    format!(
                        "a loop of {period} plies is under way: the position after ply {ply} has occurred {} and is judged at its {} occurrence, at ply {due}, if the loop goes on (循环反复三次 read as {}, {count})",
                        times(seen),
                        ordinal(needed),
                        self.table.count.describe(self.table.repetitions),
                    ),
                )
            }
            Counting::Cxa2011 => {
                let c = count_2011(history, ply)?;
                let due = 3 * c.period - 1;
                if c.counted >= due {
                    return None;
                }
                let due_ply = ply + due - c.counted;
                (
                    due_ply,
                    format!(
                        "a loop of {period} plies is under way, {} plies counted ({}); its pending position (待判局面) comes at ply {due_ply}, three times round, if it goes on ({count})",
                        c.counted,
                        c.first_move_counted(),
                    ),
                )
            }
        };
        Some(Outlook {
            due_ply,
            rule: count,
            explanation,
        })
    }

    fn as_law(&self) -> Option<&RepetitionLaw> {
        Some(self)
    }
}

/// "once", "twice", "3 times".
fn times(n: u32) -> String {
    match n {
        1 => "once".to_owned(),
        2 => "twice".to_owned(),
        n => format!("{n} times"),
    }
}

/// "1st", "2nd", "3rd", "4th" … "11th", "21st".
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
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

#[cfg(test)]
mod tests {
    use super::*;

    fn law() -> RepetitionLaw {
        RepetitionLaw {
            ruleset: "cxa-2011".to_owned(),
            definitions: Definitions::cxa_2011("cxa-2011"),
            table: VerdictTable::CXA_2011,
            articles: LawArticles::CXA_2011,
        }
    }

    fn side(conduct: Conduct, chases: ChaseSorts) -> SideConduct {
        SideConduct { conduct, chases }
    }

    const ROOK: ChaseSorts = ChaseSorts {
        rook_single: true,
        rook_joint: false,
        rootless_single: false,
        rootless_joint: false,
        protected: false,
    };
    const ROOK_JOINT: ChaseSorts = ChaseSorts {
        rook_single: false,
        rook_joint: true,
        ..ROOK
    };
    const ROOTLESS: ChaseSorts = ChaseSorts {
        rook_single: false,
        rootless_single: true,
        ..ROOK
    };
    const ROOTLESS_JOINT: ChaseSorts = ChaseSorts {
        rook_single: false,
        rootless_joint: true,
        ..ROOK
    };
    const PROTECTED: ChaseSorts = ChaseSorts {
        rook_single: false,
        protected: true,
        ..ROOK
    };
    const NONE: ChaseSorts = ChaseSorts {
        rook_single: false,
        ..ROOK
    };

    fn must_change(f: &Finding) -> Option<(Color, &'static str)> {
        match f {
            Finding::MustChange { side, article, .. } => Some((*side, article)),
            _ => None,
        }
    }

    fn draw(f: &Finding) -> Option<&'static str> {
        match f {
            Finding::Draw { article, .. } => Some(article),
            _ => None,
        }
    }

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

    /// 1999 §26.3: two forbidden sides draw whatever they chase.
    #[test]
    fn both_forbidden_draw_in_1999() {
        let mut j = law();
        j.table = VerdictTable::CXA_1999;
        j.articles = LawArticles::CXA_1999;
        let f = j.rule_on(&[
            side(Conduct::PerpetualMateThreat, NONE),
            side(Conduct::PerpetualChase, PROTECTED),
        ]);
        assert_eq!(draw(&f), Some("§26.3"));
    }
}
