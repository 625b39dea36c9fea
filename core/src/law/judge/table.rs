//! The verdict table of an edition: what keeping to a forbidden conduct over a loop costs a
//! side whose opponent's conduct is allowed ([`ViolationPolicy`]), what two forbidden sides
//! mean ([`BothForbidden`]), how repetitions are counted ([`Counting`], with
//! [`RepetitionCount`] for 1999), and the articles a ruling cites ([`LawArticles`]).
//!
//! The articles it puts in a table:
//!
//! - CXA 1999 §24 (待判局面的裁定): "24.1 一方“长将”立即判负。24.2 双方均为允许着法或禁止着法，
//!   符合不变作和规定，立即判和。24.3 一方为禁止着法另一方为允许着法，犯禁方必须立即变着，若再
//!   重复一次循环，即判负。" and §26: "26.1 在任何情况下，均不允许单方面长将。26.2 双方均为允许
//!   着法，双方不变作和。26.3 双方均为禁止着法（不包括一方为长将），双方不变作和。26.4 一方为禁止
//!   着法，另一方为允许着法，应由前者变着，不变判负。"
//! - CXA 2011 §23.5: "23.5.1 单方“长将”立即判负。23.5.2 其他待判局面，均允许单方两个回合内
//!   变着。" and §25: "25.1 在任何情况下，均不允许单方面长将。25.2 双方均为允许着法，双方不变
//!   作和。25.3 一方为禁止着法，另一方为允许着法，由前者变着。" (§25.4 sends two forbidden sides
//!   to §26.8).
//!
//! # The reading
//!
//! Both editions give every forbidden conduct but perpetual check the same policy, "must
//! change"; the table keeps one knob
//! per conduct (1999 §25.2 lists six) so that a house variant can make one of them lose at
//! once or draw. The editions differ in the count and the time to change ([`Counting`]) and in
//! two forbidden sides ([`BothForbidden`]).
//!
//! The tables and articles themselves are the editions' data: each edition crate states its
//! own in its `law.rs`, one line per article (`rulesets/cxa-1999/src/law.rs`,
//! `rulesets/cxa-2011/src/law.rs`).
//!
//! Not here: applying the table to two conducts (`ruling.rs`), the counts (`count_1999.rs`,
//! `count_2011.rs`, `nine_rounds.rs`) and the 2011 precedence (`precedence.rs`).

use super::RepetitionCount;
use crate::law::Conduct;
use crate::reference::RuleRef;

/// What happens to a side whose conduct over a loop is forbidden while the other's is allowed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
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
    /// How many more times, under [`Counting::Cxa1999`], the position of the pending ruling must
    /// come round with the conduct of the side that must change still forbidden before it
    /// loses: 1 in CXA 1999 (§24.3 "若再重复一次循环，即判负"), 3 in AXF (rule 3 "still repeats
    /// the violation three times").
    pub loses_after: u32,
    /// What a side's perpetual chase is over a loop.
    pub chase_conduct: ChaseConduct,
    /// What two forbidden sides mean.
    pub both_forbidden: BothForbidden,
}

/// What makes a side's plies over a loop a perpetual chase.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ChaseConduct {
    /// Every ply is named by its heaviest kind (CXA 1999 §27.4, 2011 §26.4 "从重"): all chases
    /// make 长捉, whatever pieces they chase, and a checking ply is a check.
    HeaviestKind,
    /// AXF (rules 12, 16, 32, 33; the terms' "perpetual X"): a side chases perpetually when one
    /// and the same enemy piece, followed as it moves, is chased after every one of its plies,
    /// whether a ply also checks or not; the attackers may change. One piece chasing two in
    /// turn, two pieces chasing two, or checks breaking the chases, is no perpetual chase; a
    /// side whose every ply checks is 长将 first. The reading is in `conduct.rs`, the pieces
    /// followed in `identity.rs`.
    SameTarget,
}

/// How a repetition is counted, and how long a side that must change has (待判局面的裁定).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Counting {
    /// CXA 1999 §24: judged at the [`VerdictTable::repetitions`]-th occurrence of a position;
    /// draws are immediate (§24.2 "立即判和"); a side that must change loses when the loop comes
    /// round once more (§24.3 "若再重复一次循环，即判负").
    #[serde(rename = "cxa-1999")]
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
    #[serde(rename = "cxa-2011")]
    Cxa2011,
}

/// What two forbidden sides mean.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum BothForbidden {
    /// A draw (CXA 1999 §26.3 "双方均为禁止着法…双方不变作和").
    Draw,
    /// AXF Section 2.3: when one side perpetually checks and the other perpetually chases, the
    /// checker must change (rule 3 then applies to it); two sides forbidden alike (both check,
    /// rule 7; both chase, Section 2.2) draw.
    CheckerChanges,
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

/// The articles a [`RepetitionLaw`](super::RepetitionLaw) cites.
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
    /// Perpetual check against a forbidden chase: the checker changes (AXF Section 2.3; unused
    /// by CXA).
    pub checker_changes: &'static str,
    /// What makes a perpetual chase under [`ChaseConduct::SameTarget`]: one piece chased after
    /// every move (AXF rules 16, 32, 33; unused by CXA).
    pub same_target: &'static str,
    /// The articles that allow the conducts the table draws ([`ViolationPolicy::Draw`]), cited
    /// beside them in a ruling (AXF rules 9, 10, 12; empty in CXA, which draws none).
    pub tolerated: &'static [(Conduct, &'static str)],
    /// The articles that forbid conducts, cited beside them in a ruling where the edition's
    /// general articles do not name them (AXF rule 6 for perpetual check; empty in CXA, whose
    /// rulings cite §26.1 and §26.4 themselves).
    pub forbidden_by: &'static [(Conduct, &'static str)],
    /// How repetitions are counted to a pending position (1999 §24 "循环反复三次"; 2011 §23.1–23.3).
    pub count: &'static str,
}

/// The citations a law patch gave to the readings of the table it set
/// ([`RepetitionLaw::patched`](super::RepetitionLaw::patched)), in place of the edition's
/// [`LawArticles`]: a house variant that reads a perpetual chase as one piece chased
/// ([`ChaseConduct::SameTarget`]) on a CXA parent, whose [`LawArticles::same_target`] is `""`,
/// cites its own rule. Empty in an edition's own law.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PatchedArticles {
    /// Cited for [`ChaseConduct::SameTarget`] instead of [`LawArticles::same_target`].
    pub same_target: Option<RuleRef>,
}
