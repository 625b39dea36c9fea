//! The decisions a ruleset makes, each with the article it rests on.

use super::RuleRef;
use crate::IllegalMove;

/// What an edition does with an illegal move found in a record (docs/architecture.md).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "ruling")]
pub enum IllegalMoveRuling {
    /// The mover loses (1999 §4.1.6, 2011 §4.1.3 / §4.1.8 at national events).
    Loss {
        /// The article.
        rule: RuleRef,
    },
    /// A foul is recorded and the move must be replaced (2011 §4.1.8, §8.1.8 at provincial
    /// and junior events for the first illegal move); the record cannot continue as written.
    FoulAndReplay {
        /// The article.
        rule: RuleRef,
    },
}

/// How the judge treats an illegal move in a record.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IllegalMovePolicy {
    /// An input error naming the ply and the reason (the default: a record is usually wrong,
    /// not the game).
    #[default]
    Reject,
    /// Apply the edition's ruling ([`IllegalMoveRuling`]).
    Rule,
}

/// A move of a record that is not legal, located.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply} ({text}): {reason}")]
pub struct IllegalMoveAt {
    /// The ply (1-based).
    pub ply: u32,
    /// The move as written.
    pub text: String,
    /// Why it is illegal.
    pub reason: IllegalMove,
}
