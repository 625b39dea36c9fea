//! What the repetition law says: the ruling on a loop ([`RepetitionRuling`]), what it expects
//! of a loop under way ([`Outlook`]), and the reports they rest on: each side's conduct over
//! the loop ([`Conduct`], [`LoopReport`]) and each classified ply ([`PlyReport`]).

use super::MoveKind;
use crate::outcome::GameEnd;
use crate::reference::RuleRef;
use crate::{Color, Square};

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

/// What one side did over a loop, in the 棋例's terms (1999 §25.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Conduct {
    /// 长将: every move a check.
    PerpetualCheck,
    /// 长杀: every move a mate threat.
    PerpetualMateThreat,
    /// 长捉: every move a chase.
    PerpetualChase,
    /// 一将一杀: checks and mate threats alternating, no idle move.
    CheckAndMateThreat,
    /// 一将一捉: checks and chases, no idle move.
    CheckAndChase,
    /// 一杀一捉: mate threats and chases, no idle move.
    MateThreatAndChase,
    /// 数将一闲, 数杀一闲, 数捉一闲 or only idle moves: allowed.
    Allowed,
}

impl Conduct {
    /// Whether the conduct is forbidden (禁止着法, 1999 §25.2).
    pub const fn is_forbidden(self) -> bool {
        !matches!(self, Conduct::Allowed)
    }

    /// The Chinese term.
    pub const fn chinese(self) -> &'static str {
        match self {
            Conduct::PerpetualCheck => "长将",
            Conduct::PerpetualMateThreat => "长杀",
            Conduct::PerpetualChase => "长捉",
            Conduct::CheckAndMateThreat => "一将一杀",
            Conduct::CheckAndChase => "一将一捉",
            Conduct::MateThreatAndChase => "一杀一捉",
            Conduct::Allowed => "允许着法",
        }
    }

    /// The conduct in English words, as explanations write it.
    pub const fn english(self) -> &'static str {
        match self {
            Conduct::PerpetualCheck => "perpetual check",
            Conduct::PerpetualMateThreat => "perpetual mate threat",
            Conduct::PerpetualChase => "perpetual chase",
            Conduct::CheckAndMateThreat => "check and mate threat",
            Conduct::CheckAndChase => "check and chase",
            Conduct::MateThreatAndChase => "mate threat and chase",
            Conduct::Allowed => "allowed moves",
        }
    }
}

/// A repetition loop and each side's conduct in it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LoopReport {
    /// First ply of the repeated cycle (1-based).
    pub first_ply: u32,
    /// Last ply considered.
    pub last_ply: u32,
    /// How many times the repeated position has occurred.
    pub repetitions: u32,
    /// Red's conduct.
    pub red: Conduct,
    /// Black's conduct.
    pub black: Conduct,
}

/// One classified ply.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PlyReport {
    /// Ply, 1-based.
    pub ply: u32,
    /// The move in ICCS.
    #[serde(rename = "move")]
    pub mv: String,
    /// The mover.
    pub side: Color,
    /// Kinds, heaviest first.
    pub kinds: Vec<MoveKind>,
    /// Points of the pieces concerned.
    pub targets: Vec<Square>,
    /// Why, in words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}
