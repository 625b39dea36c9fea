//! `[definitions]`: the classifier's definitions a variant changes.

use xqr_core::law::classify::Definitions;
use xqr_core::rules::RuleRef;

use crate::patch::KnobProblem;
use crate::variant::HouseVariant;

/// The parent's definitions `defs` with the variant's `[definitions]`, each reading it turns on
/// citing `cite` (or the article it names).
pub(crate) fn apply(
    _v: &HouseVariant,
    _defs: &mut Definitions,
    _cite: &RuleRef,
) -> Result<(), KnobProblem> {
    Ok(())
}
