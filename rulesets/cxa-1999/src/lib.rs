//! # xqr-cxa1999
//!
//! The 1999 rules of the Chinese Xiangqi Association (中国象棋竞赛规则 1999年版), source
//! `shared/rulebooks/cxa-1999-rules.txt`, as the xqr ruleset `cxa-1999`:
//!
//! - move rules §2 (standard move generation), illegal moves §4.1.6 and facing kings §4.1.2;
//! - game end: checkmate §3.1 / §4.1.1, stalemate 困毙 §3.2 / §4.1.3, the natural move limit
//!   §4.2.4 with the claimant's checks counted at most 10 (§23.3);
//! - the repetition law 棋例 §24–§29 through the shared classifier and repetition law
//!   ([`xqr_core::law::judge`]) with this edition's verdict table ([`law::law`]), with these readings worth knowing:
//!   - §24 "循环反复三次", the count: three full cycles, the fourth occurrence of a position
//!     ([`xqr_core::law::judge::RepetitionCount`], chosen from 2011 §23.4's gloss and from how
//!     A-league masters played, `docs/real-games.md`); the third occurrence is a house knob
//!     (`[repetition] count = "occurrences"`);
//!   - §24 "一方棋手要求裁决": a ruling is a claim. A record is judged as played
//!     ([`xqr_core::rules::ClaimPolicy`]): a claim nobody made is listed and judging goes on; a win
//!     is claimed in the claimant's own time (§8.5); the arbiter *may* declare a repetition draw
//!     (§23.2), so a draw is a claim too;
//!   - §25.3, the crossed pawn's floating value: an exchange in which one side gives only crossed
//!     pawns and the other only pieces is no gain (so offering a pawn, even with check, to win a
//!     horse or a rook is not a chase; chapter 7 example 12);
//!   - §27.3, 占据防守要点: a move that chases only advisors or elephants is idle when the moved
//!     piece stands on a defensive key point, read as: with that piece taken off its point the
//!     opponent would mate by checks within the mate-threat depth (three checks, §28.2), with it
//!     there it would not ([`xqr_core::law::classify::holds_defensive_point`]; chapter 7 examples 15
//!     and 16). The article's other condition, that this makes a clear draw (简明和棋), is endgame
//!     knowledge and is not checked; a defence against a deeper mate is not recognised;
//! - points §14.1: win 1, draw ½, loss 0.
//!
//! The edition is data: [`law::spec`] is its [`Spec`], one line per article, and [`Cxa1999`]
//! the core [`Edition`] of that Spec.
//!
//! ```
//! use xqr_core::rules::{GameInput, JudgeOptions, Ruleset};
//! let rs = xqr_cxa1999::Cxa1999::new();
//! // The rook checks on the d-file; e9 would face the red king: mate.
//! let game = GameInput {
//!     fen: Some("3k5/9/4R4/9/9/9/9/9/9/4K4 w - - 0 1".into()),
//!     moves: vec!["e7d7".into()],
//!     ..GameInput::default()
//! };
//! let v = rs.judge(&game, &JudgeOptions::default()).unwrap();
//! assert_eq!(v.result.pgn(), "1-0");
//! assert_eq!(v.rule.unwrap().to_string(), "cxa-1999 §4.1.1");
//! ```

pub mod law;

use xqr_core::rules::{Edition, Spec};

/// The ruleset id.
pub const ID: &str = "cxa-1999";

/// Natural move limit in moves by both sides without a capture (§4.2.4).
pub const NATURAL_LIMIT_MOVES: u32 = 60;

/// At most this many checks of the claimant count towards the natural limit (§23.3).
pub const NATURAL_LIMIT_CHECK_CAP: u32 = 10;

pub use law::law;

/// The 1999 edition: the [`Edition`] of [`law::spec`].
#[derive(Clone, Debug)]
pub struct Cxa1999(Edition);

impl Default for Cxa1999 {
    fn default() -> Self {
        Self::new()
    }
}

impl Cxa1999 {
    /// The ruleset.
    pub fn new() -> Cxa1999 {
        Cxa1999(Edition::new(law::spec()))
    }

    /// Its data.
    pub fn spec(&self) -> &Spec {
        self.0.spec()
    }
}

xqr_core::edition_ruleset!(Cxa1999);

xqr_core::register_ruleset!(ID, || std::sync::Arc::new(Cxa1999::new()));
