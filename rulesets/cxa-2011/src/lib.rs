//! # xqr-cxa2011
//!
//! The 2011 trial rules of the Chinese Xiangqi Association (中国象棋竞赛规则 2011 试行版), source
//! `shared/rulebooks/cxa-2011-trial-rules.txt`, as the xqr ruleset `cxa-2011`. It reuses the
//! 1999 machinery of core (the classifier and the repetition law), parameterised by the 2011
//! definitions and verdict table: the edition is data, [`law::spec`] (one line per article),
//! and [`Cxa2011`] the core [`Edition`] of that Spec.
//! `docs/cxa-1999-vs-2011.md` lists every difference from `cxa-1999` with its fixture.
//!
//! Implemented:
//!
//! - move rules §2 (standard move generation); 自杀 (§3.4: facing kings, offering the king,
//!   ignoring a check) loses (§4.1.3); any other illegal move by event level ([`EventLevel`],
//!   §4.1.8, §8.1.8, §5.8.3);
//! - game end: checkmate §3.2 / §4.1.1, stalemate 困毙 §3.3 / §4.1.2, the natural move limit
//!   §4.2.4 (60 moves without a capture) with the claimant's checks counted at most 10 (§22.2),
//!   a draw a player may claim; results carried by the record: resignation
//!   §4.1.12, agreed draw §4.2.1, loss on time §4.1.6;
//! - the pending position §23 (three repetitions counting the loop's first move unless a
//!   capture §23.2, the nine-round rule §23.4, single perpetual check loses at once §23.5.1,
//!   two rounds to change §23.5.2) and the 棋例 §24–§26 ([`xqr_core::law::judge::Counting`],
//!   [`xqr_core::law::judge::BothForbidden`] for §26.8). A ruling is given when a player claims
//!   it (§23.1 "一方棋手要求裁决", §23.3: fewer than three repetitions are not heard), in its own
//!   time (§16.3): a record is judged as played ([`xqr_core::rules::ClaimPolicy`]);
//! - the chase definitions of §24 and §26 through core's `Definitions::cxa_2011`: king and pawn
//!   chases §26.1–26.1.2, defensive key point §26.2, 自斃 §24.18 / §26.3, root and pinned
//!   pieces capturing §26.5, crossed pawns §26.6, pawn discovered captures §26.7, same-kind
//!   offers §26.9, rook and horse (cannon) against a horse (cannon) §26.10, joint chase §24.17,
//!   insufficient and false roots §24.15–24.16;
//! - points §13.1: win 2, draw 1, loss 0, and the §13.3 alternatives ([`Points2011`]); standings
//!   by §13.2 (match points) and §14 (tie-breaks) come from core's standings module
//!   (`StandingsRules::cxa_2011`).
//!
//! Not implemented: the "just crossed pawn" clause of §26.6 (which no loop ruling needs). The
//! readings chosen where the text is ambiguous are in `docs/cxa-1999-vs-2011.md`.
//!
//! ```
//! use xqr_core::rules::{GameInput, JudgeOptions, Ruleset};
//! let rs = xqr_cxa2011::Cxa2011::new();
//! // The rook checks on the d-file; e9 would face the red king: mate.
//! let game = GameInput {
//!     fen: Some("3k5/9/4R4/9/9/9/9/9/9/4K4 w - - 0 1".into()),
//!     moves: vec!["e7d7".into()],
//!     ..GameInput::default()
//! };
//! let v = rs.judge(&game, &JudgeOptions::default()).unwrap();
//! assert_eq!(v.result.pgn(), "1-0");
//! assert_eq!(v.rule.unwrap().to_string(), "cxa-2011 §4.1.1");
//! assert_eq!(rs.scoring().points().win.to_string(), "2");
//! ```

#![warn(missing_docs)]

pub mod law;

use xqr_core::rules::{Edition, PointScheme, Spec};

/// The ruleset id.
pub const ID: &str = "cxa-2011";

/// Natural move limit in moves by both sides without a capture (§4.2.4, "连续60回合").
pub const NATURAL_LIMIT_MOVES: u32 = 60;

pub use law::law;

/// The level of the event, which decides what an illegal move other than 自杀 means
/// (§4.1.8 "全国比赛一次，省级（含以下）和全国少年赛（含以下）比赛两次违反行棋规定" loses;
/// §8.1.8 the first one at a provincial or junior event is a foul, and §5.8.3 has the move
/// replayed).
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum EventLevel {
    /// A national event (全国比赛): the first illegal move loses (§4.1.8). The default: the
    /// edition's strictest reading, and the one that decides a record.
    #[default]
    National,
    /// A provincial or lower event, or the national junior event (省级及以下、全国少年赛): the
    /// first illegal move is a foul and must be replayed (§8.1.8, §5.8.3); a record that goes
    /// on with it cannot be followed.
    Provincial,
}

/// Points for a game (§13).
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Points2011 {
    /// §13.1: win 2, draw 1, loss 0.
    #[default]
    TwoOneZero,
    /// §13.3: win 3, draw 1, loss 0.
    ThreeOneZero,
    /// §13.3: win 3, loss 0, a draw 1 for Red (先手方) and 2 for Black (后手方).
    ThreeZeroBlackDrawTwo,
}

impl Points2011 {
    /// The point scheme.
    pub const fn scheme(self) -> PointScheme {
        match self {
            Points2011::TwoOneZero => PointScheme::TWO_ONE_ZERO,
            Points2011::ThreeOneZero => PointScheme::THREE_ONE_ZERO,
            Points2011::ThreeZeroBlackDrawTwo => PointScheme::THREE_ZERO_BLACK_DRAW_TWO,
        }
    }
}

/// The event settings the 2011 rules leave to the organiser.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Settings {
    /// What an illegal move other than 自杀 means (§4.1.8, §8.1.8).
    pub event_level: EventLevel,
    /// Points per game (§13.1, §13.3).
    pub points: Points2011,
}

/// The 2011 trial edition: the [`Edition`] of [`law::spec`].
#[derive(Clone, Debug)]
pub struct Cxa2011(Edition);

impl Default for Cxa2011 {
    fn default() -> Self {
        Self::new()
    }
}

impl Cxa2011 {
    /// The ruleset with the default [`Settings`] (national event, 2/1/0).
    pub fn new() -> Cxa2011 {
        Cxa2011::with_settings(Settings::default())
    }

    /// The ruleset with the given event settings.
    pub fn with_settings(settings: Settings) -> Cxa2011 {
        Cxa2011(Edition::new(law::spec(settings)))
    }

    /// Its data.
    pub fn spec(&self) -> &Spec {
        self.0.spec()
    }
}

xqr_core::edition_ruleset!(Cxa2011);

xqr_core::register_ruleset!(ID, || std::sync::Arc::new(Cxa2011::new()));
