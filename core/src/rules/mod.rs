//! The ruleset framework: the four components every edition provides ([`MoveLegality`],
//! [`PieceVisibility`], [`RepetitionJudge`], [`Scoring`]), the [`Ruleset`] bundle, game history,
//! and the decisions and verdicts they produce, each carrying a [`RuleRef`].

mod claim;
mod decision;
mod history;
pub mod judge;
mod limit;
pub mod live_claim;
mod meta;
mod outcome;
mod points;
mod recorded;
mod reference;
mod replay;
mod traits;
mod verdict;

pub use crate::law::{MoveKind, PlyClass};
pub use claim::{Claim, ClaimAnswer, ClaimKind, ClaimPolicy, ClaimRequest, Claimant, Claims};
pub use decision::{
    GameEnd, IllegalMoveAt, IllegalMovePolicy, IllegalMoveRuling, Outlook, RepetitionRuling,
};
pub use history::GameHistory;
pub use limit::natural_limit;
pub use meta::{Origin, RulesetMeta};
pub use outcome::{GameResult, ParseResultError, Termination};
pub use points::{ParsePointsError, PointScheme, Points};
pub use recorded::{recorded_end, RecordArticles};
pub use reference::{ParseRuleRefError, RuleRef};
pub use traits::{
    MoveLegality, Observer, OpenVisibility, PieceVisibility, RepetitionJudge, Ruleset, Scoring,
    SeenCapture, View,
};
pub use verdict::{
    Conduct, GameInput, JudgeError, JudgeOptions, LoopReport, Pending, PlyReport, Verdict,
};
