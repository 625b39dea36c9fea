//! One game judged under several rulesets side by side: the rows of `xqr compare` and of the
//! web API's `POST /api/compare`.

use std::sync::Arc;

use xqr_core::rules::{GameInput, JudgeError, JudgeOptions, Ruleset, Verdict};

/// One ruleset's row: its verdict, or why it could not judge the game.
#[derive(Clone, Debug, serde::Serialize)]
#[serde(untagged)]
pub enum CompareRow {
    /// The verdict.
    Verdict(Box<Verdict>),
    /// The ruleset could not judge the game.
    Failed {
        /// The ruleset.
        ruleset: String,
        /// Why, located by `label` and the ply.
        error: String,
        /// The ruleset cannot play this kind of game (a Jieqi record under a standard
        /// edition): it says so rather than failing.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        unsupported: bool,
    },
}

impl CompareRow {
    /// Whether the ruleset gave a verdict.
    pub fn is_verdict(&self) -> bool {
        matches!(self, CompareRow::Verdict(_))
    }
}

/// Judges `input` under each ruleset; `locate` turns a judge error into the message of its row
/// (naming the game, and the line of the ply where the record has one).
pub fn compare<'a>(
    rulesets: impl IntoIterator<Item = &'a Arc<dyn Ruleset>>,
    input: &GameInput,
    options: &JudgeOptions,
    locate: impl Fn(&JudgeError) -> String,
) -> Vec<CompareRow> {
    rulesets
        .into_iter()
        .map(|rs| match rs.judge(input, options) {
            Ok(v) => CompareRow::Verdict(Box::new(v)),
            Err(JudgeError::Unsupported { ruleset, reason }) => CompareRow::Failed {
                ruleset,
                error: reason,
                unsupported: true,
            },
            Err(e) => CompareRow::Failed {
                ruleset: rs.meta().id.clone(),
                error: locate(&e),
                unsupported: false,
            },
        })
        .collect()
}
