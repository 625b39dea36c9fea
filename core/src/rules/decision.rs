//! The decisions a ruleset makes, each with the article it rests on.

use super::{GameEnd, LoopReport, RuleRef};
use crate::{Color, IllegalMove};

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

/// The outcome of looking at a repetition.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "ruling")]
pub enum RepetitionRuling {
    /// The repetition decides the game (perpetual check loses, a draw, a side that did not
    /// change loses).
    Decided {
        /// The decision.
        end: GameEnd,
        /// The loop it rests on.
        found: LoopReport,
    },
    /// A side must change (变着); it loses if it does not (1999 §24.3, §26.4; 2011 §23.5.2).
    Pending {
        /// The side that must change.
        must_change: Color,
        /// The article.
        rule: RuleRef,
        /// The ply after which the obligation arose.
        since_ply: u32,
        /// The loop it rests on.
        found: LoopReport,
        /// Why this side, when more than "forbidden against allowed" (e.g. the 2011 §26.8
        /// precedence between two forbidden sides).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// The loop is one the edition draws, but only once neither side has changed for a while
    /// (2011 §23.5.2.1 "双方不变判和", read with §23.5.2: two rounds after the pending position).
    /// Undecided until `due_ply`; a change before then keeps the game going. 1999 draws at once
    /// (§24.2) and never reports this.
    DrawPending {
        /// The article of the draw (e.g. 2011 §25.2, §26.8.4).
        rule: RuleRef,
        /// The ply of the pending position (待判局面).
        since_ply: u32,
        /// The ply at which the draw is declared if neither side changes.
        due_ply: u32,
        /// The loop it rests on.
        found: LoopReport,
        /// Why it is a draw (both sides allowed, or the §26.8.4 case).
        explanation: String,
    },
}

impl RepetitionRuling {
    /// The loop the ruling rests on.
    pub fn found(&self) -> &LoopReport {
        match self {
            RepetitionRuling::Decided { found, .. }
            | RepetitionRuling::Pending { found, .. }
            | RepetitionRuling::DrawPending { found, .. } => found,
        }
    }
}

/// A repetition under way that its judge has not ruled on yet: how far the count has got and
/// where the loop is judged if it goes on ([`super::RepetitionJudge::outlook`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Outlook {
    /// The ply after which the loop is judged if it goes on (its pending position, 待判局面).
    pub due_ply: u32,
    /// The article of the count (1999 §24; 2011 §23.1–23.3).
    pub rule: RuleRef,
    /// In words, citing the article.
    pub explanation: String,
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
