//! Applying a variant's knobs of the repetition law to its parent's law, field by field.

use xqr_core::law::judge::{Counting, RepetitionLaw, ViolationPolicy};
use xqr_core::rules::{Conduct, RuleRef};

use crate::load::ProblemKind;
use crate::variant::HouseVariant;

/// A problem with a knob: its key path, its kind and the message.
pub(crate) type KnobProblem = (String, ProblemKind, String);

/// The parent's repetition law `parent` (of the ruleset `parent_id`) with the variant's
/// `[repetition]`, `[counting]`, `[both_forbidden]` and `[definitions]`.
pub(crate) fn law(
    v: &HouseVariant,
    parent: &RepetitionLaw,
    parent_id: &str,
    cite: &RuleRef,
) -> Result<RepetitionLaw, KnobProblem> {
    let mut law = parent.clone();
    let t = &mut law.table;
    let r = v.repetition.clone().unwrap_or_default();
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
                return Err((
                    format!("repetition.{key}"),
                    ProblemKind::Unsupported,
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
    let c = v.counting.unwrap_or_default();
    for (key, twice) in [
        (
            "repetitions",
            c.repetitions.is_some() && r.repetitions.is_some(),
        ),
        ("count", c.count.is_some() && r.count.is_some()),
    ] {
        if twice {
            return Err((
                format!("counting.{key}"),
                ProblemKind::Unsupported,
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
        for (table, key, set) in [
            ("repetition", "repetitions", r.repetitions.is_some()),
            ("repetition", "count", r.count.is_some()),
            ("counting", "repetitions", c.repetitions.is_some()),
            ("counting", "count", c.count.is_some()),
        ] {
            if set {
                let whose = match c.procedure {
                    Some(_) => "this variant".to_owned(),
                    None => format!("the parent {parent_id}"),
                };
                return Err((
                    format!("{table}.{key}"),
                    ProblemKind::Unsupported,
                    format!(
                        "{whose} counts a repetition by cxa-2011 §23.2 and §23.4 (three times round the loop, its first move counted), which `{key}` cannot change; it applies to the 1999 count (cxa-1999 §24)"
                    ),
                ));
            }
        }
    }
    if let Some(n) = c.repetitions.or(r.repetitions) {
        t.repetitions = n;
    }
    if let Some(n) = c.count.or(r.count) {
        t.count = n;
    }
    if let Some(b) = v.both_forbidden {
        t.both_forbidden = b.ruling;
    }
    crate::definitions::apply(v, &mut law.definitions, cite)?;
    Ok(law)
}
