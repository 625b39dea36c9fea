//! The verdict on a game: the JSON contract of `xqr judge` (docs/architecture.md, JSON contracts).

use super::{GameResult, LoopReport, PlyReport, RuleRef, Termination};
use crate::Color;
use std::collections::BTreeMap;

/// A game to judge: a start FEN (the ruleset's start position when absent), moves in ICCS (any
/// notation `xqr_core::notation::parse_move` reads is accepted) and the record's tags.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameInput {
    /// Start position.
    #[serde(default)]
    pub fen: Option<String>,
    /// The moves, as written.
    #[serde(default)]
    pub moves: Vec<crate::MoveText>,
    /// Tags of the record (Result, Termination, Event …).
    #[serde(default)]
    pub tags: BTreeMap<String, String>,
}

/// Options of a judgement.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct JudgeOptions {
    /// What to do with an illegal move in the record.
    #[serde(default)]
    pub illegal_moves: super::IllegalMovePolicy,
    /// Whether to classify every ply in the verdict's `plies` (default: only the plies of the
    /// loop the ruling rests on).
    #[serde(default)]
    pub all_plies: bool,
    /// Whether the record is judged as played (the default) or ended by its first successful
    /// claim (see [`super::ClaimPolicy`]).
    #[serde(default)]
    pub claim: super::ClaimPolicy,
}

/// A game that could not be judged, located.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "error")]
pub enum JudgeError {
    /// The start FEN is invalid.
    #[error("FEN {}: {reason}", crate::Quoted(.fen))]
    BadFen {
        /// The FEN.
        fen: String,
        /// Why.
        reason: String,
    },
    /// A move cannot be read.
    #[error("ply {ply}: cannot read move {}: {reason}", crate::Quoted(.text))]
    BadMove {
        /// Ply, 1-based.
        ply: u32,
        /// The move text.
        text: String,
        /// Why.
        reason: String,
    },
    /// A move is illegal (and illegal moves are rejected).
    #[error("ply {ply}: illegal move {}: {reason}", crate::Quoted(.text))]
    IllegalMove {
        /// Ply, 1-based.
        ply: u32,
        /// The move text.
        text: String,
        /// Why.
        reason: String,
    },
    /// A tag of the record cannot be read or does not fit the game (a Jieqi `Deal` that does
    /// not fit the start position).
    #[error("tag {tag} {value:?}: {reason}")]
    BadTag {
        /// The tag's name.
        tag: String,
        /// Its value.
        value: String,
        /// Why.
        reason: String,
    },
    /// A claim was asked for after a ply the record does not reach.
    #[error("a claim after ply {ply}: the record has only {plies} plies")]
    ClaimBeyondRecord {
        /// The ply of the claim.
        ply: u32,
        /// The plies of the record.
        plies: u32,
    },
    /// The ruleset cannot judge this kind of game (for example a Jieqi record under a standard
    /// edition).
    #[error("ruleset {ruleset} cannot judge this game: {reason}")]
    Unsupported {
        /// The ruleset.
        ruleset: String,
        /// Why.
        reason: String,
    },
    /// A plugin failed.
    #[error("plugin {ruleset}: {message}")]
    Plugin {
        /// The ruleset.
        ruleset: String,
        /// What went wrong.
        message: String,
    },
}

impl JudgeError {
    /// The ply concerned, if any.
    pub fn ply(&self) -> Option<u32> {
        match self {
            JudgeError::BadMove { ply, .. } | JudgeError::IllegalMove { ply, .. } => Some(*ply),
            _ => None,
        }
    }
}

/// The obligation to change a move (变着), while undecided.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Pending {
    /// The side that must change.
    pub must_change: Color,
    /// The article.
    pub rule: RuleRef,
}

/// The verdict on a game under one ruleset.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Verdict {
    /// The ruleset id.
    pub ruleset: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: GameResult,
    /// Why the game ended (null while undecided).
    pub termination: Option<Termination>,
    /// The winner.
    pub winner: Option<Color>,
    /// The side that broke a rule.
    pub offender: Option<Color>,
    /// The article deciding it.
    pub rule: Option<RuleRef>,
    /// The ply after which the game was decided.
    pub decided_at_ply: Option<u32>,
    /// An open obligation to change, when undecided.
    pub pending: Option<Pending>,
    /// The loop the ruling rests on.
    #[serde(rename = "loop")]
    pub loop_found: Option<LoopReport>,
    /// A one-line explanation.
    pub explanation: String,
    /// Classified plies (those of the loop, or all with `all_plies`).
    pub plies: Vec<PlyReport>,
    /// Every point of the record where a claim would have succeeded, in order (judged as
    /// played, those nobody made and, last, the one the verdict rests on when the record ends
    /// while it can be claimed; see [`super::ClaimPolicy`]).
    #[serde(default)]
    pub claims: Vec<super::Claim>,
}

impl Verdict {
    /// The first claim that would have succeeded: what the game comes to when every claim is
    /// made at its first opportunity (the verdict under [`super::ClaimPolicy::First`]). `None`
    /// when no claim would have: the game is what it was as played.
    pub fn first_claim(&self) -> Option<&super::Claim> {
        self.claims.first()
    }

    /// Whether the verdict rests on `claim`: the record ends while it can be claimed and the
    /// verdict is its ruling.
    pub fn rests_on(&self, claim: &super::Claim) -> bool {
        self.decided_at_ply == Some(claim.until_ply)
            && self.rule.as_ref() == Some(&claim.rule)
            && self.result == claim.result
            && self.termination.as_ref() == Some(&claim.termination)
    }

    /// The claims nobody made: every claim but the one the verdict rests on.
    pub fn unmade_claims(&self) -> impl Iterator<Item = &super::Claim> + '_ {
        self.claims.iter().filter(|c| !self.rests_on(c))
    }
}
