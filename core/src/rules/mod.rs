//! The ruleset framework: the four components every edition provides ([`MoveLegality`],
//! [`PieceVisibility`], [`RepetitionJudge`], [`Scoring`]), the [`Ruleset`] bundle, game history,
//! and the decisions and verdicts they produce, each carrying a [`RuleRef`].

mod claim;
mod decision;
mod ends;
pub mod judge;
mod limit;
pub mod live_claim;
mod meta;
mod points;
mod recorded;
mod replay;
mod spec;
mod traits;
mod verdict;

pub use crate::history::GameHistory;
pub use crate::law::{MoveKind, PlyClass};
pub use crate::outcome::{GameEnd, GameResult, ParseResultError, Termination};
pub use crate::reference::{ParseRuleRefError, RuleRef};
pub use claim::{Claim, ClaimAnswer, ClaimKind, ClaimPolicy, ClaimRequest, Claimant, Claims};
pub use decision::{
    IllegalMoveAt, IllegalMovePolicy, IllegalMoveRuling, Outlook, RepetitionRuling,
};
pub use ends::{no_move_end, NaturalLimit, NoMoveArticles};
pub use limit::natural_limit;
pub use meta::{Origin, RulesetMeta};
pub use points::{ParsePointsError, PointScheme, Points};
pub use recorded::{recorded_end, RecordArticles};
pub use spec::{
    CompleteRecord, DrawCounts, Edition, EndCheck, EndHook, GameEnds, Hooks, IllegalMoves, Spec,
};
pub use traits::{
    MoveLegality, Observer, OpenVisibility, PieceVisibility, RepetitionJudge, Ruleset, Scoring,
    SeenCapture, View,
};
pub use verdict::{
    Conduct, GameInput, JudgeError, JudgeOptions, LoopReport, Pending, PlyReport, Verdict,
};
