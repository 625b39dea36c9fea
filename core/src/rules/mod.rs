//! The ruleset framework: the four components every edition provides ([`MoveLegality`],
//! [`PieceVisibility`], [`RepetitionJudge`], [`Scoring`]), the [`Ruleset`] bundle, game history,
//! and the decisions and verdicts they produce, each carrying a [`RuleRef`].

mod claim;
pub(crate) mod component_failure;
mod decision;
mod ends;
mod limit;
mod meta;
mod recorded;
pub mod replay;
mod spec;
mod tags_read;
mod traits;
mod verdict;

pub use crate::history::GameHistory;
pub use crate::law::{
    Conduct, LoopReport, MoveKind, Outlook, PlyClass, PlyReport, RepetitionJudge, RepetitionRuling,
};
pub use crate::outcome::{GameEnd, GameResult, ParseResultError, Termination};
pub use crate::points::{ParsePointsError, PointScheme, Points};
pub use crate::reference::{ParseRuleRefError, RuleRef};
pub use claim::{Claim, ClaimAnswer, ClaimKind, ClaimPolicy, ClaimRequest, Claimant, Claims};
pub use component_failure::{report_component_failure, take_component_failure};
pub use decision::{IllegalMoveAt, IllegalMovePolicy, IllegalMoveRuling};
pub use ends::{no_move_end, NaturalLimit, NoMoveArticles};
pub use limit::natural_limit;
pub use meta::{Origin, RulesetMeta};
pub use recorded::{recorded_end, RecordArticles};
pub use spec::{
    CompleteRecord, DrawCounts, Edition, EndCheck, EndHook, GameEnds, Hooks, IllegalMoves, Spec,
};
pub use tags_read::{TagsRead, REPLAY_TAGS};
pub use traits::{
    MoveLegality, Observer, OpenVisibility, PieceVisibility, Ruleset, Scoring, SeenCapture, View,
};
pub use verdict::{GameInput, JudgeError, JudgeOptions, Pending, Verdict};
