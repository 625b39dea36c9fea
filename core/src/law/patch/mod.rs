//! Changes to a repetition law, as data: the tables `[repetition]`, `[counting]`,
//! `[both_forbidden]` and `[definitions]` a house variant writes ([`LawPatch`]), and how they
//! apply to a [`RepetitionLaw`] field by field ([`RepetitionLaw::patched`]).
//!
//! A patch is the same value whoever applies it: a house overlay to its parent's Spec, or a
//! dynamic plugin to the Spec it is built from, when an overlay asks it to (the plugin protocol
//! carries the patch in JSON).

mod definitions;

use serde::{Deserialize, Serialize};

use crate::law::judge::{
    BothForbidden, ChaseConduct, Counting, RepetitionCount, RepetitionLaw, ViolationPolicy,
};
use crate::law::Conduct;
use crate::reference::RuleRef;

pub use definitions::{
    DefinitionKnobs, KeyPointKnob, Switch, CHASE_TEST_NAMES, FALSE_ROOT_NAMES, KEY_POINT_NAMES,
    OWN_CHASE_NAMES,
};

/// The changes a variant makes to its parent's repetition law: each table left out (`None`)
/// keeps the parent's, and within a table each key left out does.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LawPatch {
    /// `[repetition]`: the verdict table and (as in `[counting]`) the 1999 count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repetition: Option<RepetitionKnobs>,
    /// `[definitions]`: the classifier's readings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub definitions: Option<DefinitionKnobs>,
    /// `[counting]`: how a repetition is counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counting: Option<CountingKnobs>,
    /// `[both_forbidden]`: what two sides whose conduct is forbidden get.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub both_forbidden: Option<BothForbiddenKnobs>,
}

impl LawPatch {
    /// The first table this patch sets (`repetition`, `definitions`, `counting`,
    /// `both_forbidden`), if any.
    pub fn first_key(&self) -> Option<&'static str> {
        [
            ("repetition", self.repetition.is_some()),
            ("definitions", self.definitions.is_some()),
            ("counting", self.counting.is_some()),
            ("both_forbidden", self.both_forbidden.is_some()),
        ]
        .into_iter()
        .find(|(_, set)| *set)
        .map(|(key, _)| key)
    }

    /// Whether the patch changes nothing.
    pub fn is_empty(&self) -> bool {
        self.first_key().is_none()
    }
}

/// Why a patch cannot apply: the key path it concerns (`repetition.perpetual_chase`,
/// `counting.count` …) and the message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PatchError {
    /// The key path, from the table: `counting.repetitions`, or a table name.
    pub key: String,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl PatchError {
    /// An error at `key`.
    pub fn new(key: impl Into<String>, message: impl Into<String>) -> PatchError {
        PatchError {
            key: key.into(),
            message: message.into(),
        }
    }
}

impl std::fmt::Display for PatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.key, self.message)
    }
}

impl std::error::Error for PatchError {}

impl RepetitionLaw {
    /// This law (of the ruleset `parent_id`) with `patch` applied, field by field; every
    /// reading of `[definitions]` it sets cites `cite` (or, for a switch given as a string,
    /// `<cite's ruleset> <that string>`), and so does `[repetition] chase_conduct =
    /// "same_target"`. Fails when the patch contradicts itself or asks what the law's count
    /// cannot do.
    pub fn patched(
        &self,
        patch: &LawPatch,
        parent_id: &str,
        cite: &RuleRef,
    ) -> Result<RepetitionLaw, PatchError> {
        let mut law = self.clone();
        let t = &mut law.table;
        let r = patch.repetition.clone().unwrap_or_default();
        let slots: [(&str, &mut ViolationPolicy, Option<ViolationPolicy>, Conduct); 6] = [
            (
                "perpetual_check",
                &mut t.perpetual_check,
                r.perpetual_check,
                Conduct::PerpetualCheck,
            ),
            (
                "perpetual_mate_threat",
                &mut t.perpetual_mate_threat,
                r.perpetual_mate_threat,
                Conduct::PerpetualMateThreat,
            ),
            (
                "perpetual_chase",
                &mut t.perpetual_chase,
                r.perpetual_chase,
                Conduct::PerpetualChase,
            ),
            (
                "check_and_mate_threat",
                &mut t.check_and_mate_threat,
                r.check_and_mate_threat,
                Conduct::CheckAndMateThreat,
            ),
            (
                "check_and_chase",
                &mut t.check_and_chase,
                r.check_and_chase,
                Conduct::CheckAndChase,
            ),
            (
                "mate_threat_and_chase",
                &mut t.mate_threat_and_chase,
                r.mate_threat_and_chase,
                Conduct::MateThreatAndChase,
            ),
        ];
        for (key, slot, set, conduct) in slots {
            let listed = r.forbidden.as_ref().map(|f| f.contains(&conduct));
            match (set, listed) {
                (Some(p), Some(false)) if p != ViolationPolicy::Draw => {
                    return Err(PatchError::new(
                        format!("repetition.{key}"),
                                                format!(
                            "`{key}` is not in `forbidden`, which makes it allowed (a draw); list it in `forbidden` or remove `{key}`"
                        ),
                    ));
                }
                (Some(p), _) => *slot = p,
                (None, Some(false)) => *slot = ViolationPolicy::Draw,
                (None, _) => {}
            }
        }
        let c = patch.counting.unwrap_or_default();
        for (key, twice) in [
            (
                "repetitions",
                c.repetitions.is_some() && r.repetitions.is_some(),
            ),
            ("count", c.count.is_some() && r.count.is_some()),
        ] {
            if twice {
                return Err(PatchError::new(
                    format!("counting.{key}"),
                                        format!(
                        "`{key}` is set in [counting] and in [repetition]: set it in [counting] only"
                    ),
                ));
            }
        }
        if let Some(p) = c.procedure {
            t.counting = p;
        }
        if t.counting == Counting::Cxa2011 {
            let whose = match c.procedure {
                Some(_) => "this variant".to_owned(),
                None => format!("the parent {parent_id}"),
            };
            for (table, key, set) in [
                ("repetition", "repetitions", r.repetitions.is_some()),
                ("repetition", "count", r.count.is_some()),
                ("counting", "repetitions", c.repetitions.is_some()),
                ("counting", "count", c.count.is_some()),
            ] {
                if set {
                    return Err(PatchError::new(
                        format!("{table}.{key}"),
                                                format!(
                            "{whose} counts a repetition by cxa-2011 §23.2 and §23.4 (three times round the loop, its first move counted), which `{key}` cannot change; it applies to the 1999 count (cxa-1999 §24)"
                        ),
                    ));
                }
            }
            if c.loses_after.is_some() {
                return Err(PatchError::new(
                    "counting.loses_after",
                    format!(
                        "{whose} gives a side that must change two rounds by cxa-2011 §23.5.2, which `loses_after` cannot change; it applies to the 1999 procedure (cxa-1999 §24.3 若再重复一次循环，即判负)"
                    ),
                ));
            }
        }
        if let Some(n) = c.repetitions.or(r.repetitions) {
            t.repetitions = n;
        }
        if let Some(n) = c.count.or(r.count) {
            t.count = n;
        }
        if let Some(n) = c.loses_after {
            t.loses_after = n;
        }
        // `checker_changes` cites `LawArticles::checker_changes`, "" in CXA too; but on a CXA
        // parent perpetual check loses at once, so the variant's ruling always differs from the
        // parent's and the house judge cites the variant for it (as for `precedence` on a 1999
        // parent, whose §26.8 articles are "" as well).
        if let Some(b) = patch.both_forbidden {
            t.both_forbidden = b.ruling;
        }
        // The judge cites the reading of a perpetual chase it applies; CXA has no article for
        // the same-target reading (`LawArticles::same_target` is ""), so a variant that sets it
        // cites its own rule, on any parent, as every reading of [definitions] does.
        if let Some(conduct) = r.chase_conduct {
            t.chase_conduct = conduct;
            law.patched_articles.same_target =
                (conduct == ChaseConduct::SameTarget).then(|| cite.clone());
        }
        if let Some(k) = &patch.definitions {
            definitions::apply(k, law.definitions_mut(), cite);
        }
        Ok(law)
    }
}

/// `[repetition]`: the verdict table of the repetition law (棋例, cxa-1999 §24–§26).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RepetitionKnobs {
    /// 长将, perpetual check (cxa-1999 §26.1: loses in every edition).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub perpetual_check: Option<ViolationPolicy>,
    /// 长杀, perpetual mate threat (cxa-1999 §25.2, §26.4: must change).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub perpetual_mate_threat: Option<ViolationPolicy>,
    /// 长捉, perpetual chase (cxa-1999 §25.2, §26.4: must change).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub perpetual_chase: Option<ViolationPolicy>,
    /// 一将一杀, check and mate threat alternating (cxa-1999 §25.2, §26.4: must change; the club
    /// sheet in club-and-local-rules-collection.txt: 一将一杀不变判败).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check_and_mate_threat: Option<ViolationPolicy>,
    /// 一将一捉, check and chase (cxa-1999 §25.2, §26.4: must change).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check_and_chase: Option<ViolationPolicy>,
    /// 一杀一捉, mate threat and chase (cxa-1999 §25.2, §26.4: must change).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate_threat_and_chase: Option<ViolationPolicy>,
    /// What makes a side's plies over a loop a perpetual chase (长捉): `heaviest_kind` (cxa-1999
    /// §27.4, cxa-2011 §26.4 从重: every ply named by its heaviest kind, all chases make 长捉,
    /// whatever they chase) or `same_target` (axf rules 12, 16, 32, 33: one and the same enemy
    /// piece, followed as it moves, chased after every ply, checking plies included; one piece
    /// chasing two in turn is no perpetual chase). A variant that sets `same_target` cites its
    /// `rule_source` for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chase_conduct: Option<ChaseConduct>,
    /// The number of "循环反复三次" (cxa-1999 §24: 3), 2–10: occurrences of the same position
    /// (same side to move) or full cycles of the loop, as `count` says. Read by the 1999 count
    /// (cxa-1999 and the variants built on it); cxa-2011 counts by its §23.2 and §23.4.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schemars", schemars(range(min = 2, max = 10)))]
    pub repetitions: Option<u32>,
    /// What `repetitions` counts: `occurrences` of a position (three: the third occurrence) or
    /// full `cycles` of the loop (three: the fourth occurrence, the reading cxa-2011 §23.4 gives
    /// the same phrase). Read by the 1999 count, like `repetitions`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<RepetitionCount>,
    /// Shorthand for the common case: the conducts that stay forbidden (e.g.
    /// `["perpetual_check"]`: only perpetual check is forbidden); every conduct not listed is
    /// allowed, a draw (as `"draw"` for its key). A listed conduct keeps the parent's policy
    /// unless its own key sets one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schemars", schemars(schema_with = "forbidden_schema"))]
    pub forbidden: Option<Vec<Conduct>>,
}

/// The conducts `[repetition] forbidden` may list (every conduct of cxa-1999 §25.2).
pub const FORBIDDEN_NAMES: [&str; 6] = [
    "perpetual_check",
    "perpetual_mate_threat",
    "perpetual_chase",
    "check_and_mate_threat",
    "check_and_chase",
    "mate_threat_and_chase",
];

#[cfg(feature = "schemars")]
fn forbidden_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "array",
        "items": { "type": "string", "enum": FORBIDDEN_NAMES },
        "uniqueItems": true
    })
}

/// `[counting]`: how a repetition is counted to a pending position (待判局面).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CountingKnobs {
    /// The procedure: `cxa-1999` (§24: judged at the count, draws at once, one more cycle to
    /// change) or `cxa-2011` (§23: the loop's first move counted, nine rounds, two rounds to
    /// change). Left out: as the parent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub procedure: Option<Counting>,
    /// The number of "循环反复三次" (cxa-1999 §24: 3), 2–10, read by the 1999 procedure; the
    /// same as `[repetition] repetitions` (set it in one place).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schemars", schemars(range(min = 2, max = 10)))]
    pub repetitions: Option<u32>,
    /// What `repetitions` counts: `occurrences` of a position or full `cycles` of the loop,
    /// read by the 1999 procedure; the same as `[repetition] count` (set it in one place).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<RepetitionCount>,
    /// How many more times, with the 1999 procedure, the position of the pending ruling must
    /// come round with the conduct of the side that must change still forbidden before it
    /// loses, 1–10: 1 in cxa-1999 (§24.3 若再重复一次循环，即判负), 3 in axf (rule 3 "still
    /// repeats the violation three times"). Read by the 1999 procedure only (cxa-2011 §23.5.2
    /// gives two rounds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schemars", schemars(range(min = 1, max = 10)))]
    pub loses_after: Option<u32>,
}

/// `[both_forbidden]`: what two sides whose conduct is forbidden get.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct BothForbiddenKnobs {
    /// `draw` (cxa-1999 §26.3 双方均为禁止着法…双方不变作和), `precedence` (cxa-2011 §26.8:
    /// the side whose conduct is listed in §26.8.1, or the single chaser against a joint chase,
    /// must change) or `checker_changes` (axf Section 2.3: perpetual check against a perpetual
    /// chase, the checker must change; other pairs draw). `checker_changes` matters only where
    /// perpetual check does not lose at once (`[repetition] perpetual_check = "must_change"`, as
    /// in axf): a lone perpetual checker that loses has lost before two sides are compared.
    pub ruling: BothForbidden,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::law::classify::Definitions;
    use crate::law::judge::LawArticles;

    fn club() -> RuleRef {
        RuleRef::new("club", "club sheet §3")
    }

    /// A law on CXA 1999's table and articles (the edition's own is
    /// `rulesets/cxa-1999/src/law.rs`): no article for the AXF readings.
    fn cxa_1999_law() -> RepetitionLaw {
        RepetitionLaw::new(
            "cxa-1999",
            Definitions::cxa_1999(),
            crate::law::judge::CXA_1999_TEST_TABLE,
            LawArticles {
                perpetual_check: "§26.1",
                both_allowed: "§26.2",
                both_forbidden: "§26.3",
                must_change: "§26.4",
                did_not_change: "§24.3",
                listed_must_change: "",
                single_vs_joint_rook: "",
                single_vs_joint_rootless: "",
                nine_rounds: "",
                checker_changes: "",
                same_target: "",
                tolerated: &[],
                forbidden_by: &[],
                count: "§24",
            },
        )
    }

    /// The patch as the plugin protocol carries it (JSON), with AXF's three table readings:
    /// CXA with AXF's count, AXF's perpetual chase and AXF's Section 2.3.
    fn axf_table_patch() -> LawPatch {
        serde_json::from_str(
            r#"{"repetition": {"chase_conduct": "same_target"},
                "counting": {"loses_after": 3},
                "both_forbidden": {"ruling": "checker_changes"}}"#,
        )
        .expect("the TOML spelling")
    }

    /// The AXF readings of the table reach the law; the same-target reading, which CXA has no
    /// article for, cites the variant.
    #[test]
    fn a_cxa_law_takes_the_axf_table_readings_citing_the_variant() {
        let law = cxa_1999_law()
            .patched(&axf_table_patch(), "cxa-1999", &club())
            .expect("applies");
        assert_eq!(law.table.chase_conduct, ChaseConduct::SameTarget);
        assert_eq!(law.table.loses_after, 3);
        assert_eq!(law.table.both_forbidden, BothForbidden::CheckerChanges);
        assert_eq!(law.patched_articles.same_target, Some(club()));
        // Back to the heaviest kind: nothing of the same-target reading is cited.
        let back: LawPatch =
            serde_json::from_str(r#"{"repetition": {"chase_conduct": "heaviest_kind"}}"#)
                .expect("the TOML spelling");
        let law = law.patched(&back, "club", &club()).expect("applies");
        assert_eq!(law.table.chase_conduct, ChaseConduct::HeaviestKind);
        assert_eq!(law.patched_articles.same_target, None);
    }

    /// `loses_after` is the 1999 procedure's, like `repetitions` and `count`: refused with the
    /// key on a cxa-2011 law or with `procedure = "cxa-2011"`.
    #[test]
    fn loses_after_applies_to_the_1999_procedure_only() {
        let mut cxa_2011 = cxa_1999_law();
        cxa_2011.table.counting = Counting::Cxa2011;
        let e = cxa_2011
            .patched(&axf_table_patch(), "cxa-2011", &club())
            .expect_err("refused");
        assert_eq!(e.key, "counting.loses_after");
        assert!(
            e.message.starts_with(
                "the parent cxa-2011 gives a side that must change two rounds by cxa-2011 §23.5.2"
            ),
            "{e}"
        );
        let mut patch = axf_table_patch();
        patch.counting = Some(CountingKnobs {
            procedure: Some(Counting::Cxa2011),
            loses_after: Some(3),
            ..CountingKnobs::default()
        });
        let e = cxa_1999_law()
            .patched(&patch, "cxa-1999", &club())
            .expect_err("refused");
        assert_eq!(e.key, "counting.loses_after");
        assert!(e.message.starts_with("this variant gives"), "{e}");
    }
}
