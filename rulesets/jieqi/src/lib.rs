//! # xqr-jieqi
//!
//! The Jieqi (揭棋) trial rules (揭棋竞赛规则 试行版, 中弈揭棋俱乐部), source
//! `shared/rulebooks/jieqi-trial-rules.txt`, as the xqr ruleset `jieqi`. Articles are cited as
//! `jieqi §5.1.1`.
//!
//! Jieqi is played on the Xiangqi board; the kings stand face up in their palaces and the other
//! fifteen pieces of each side are shuffled face down onto that side's start points (§1.3, §2.1,
//! §6). What it implements:
//!
//! - **state**: the start position ([`xqr_core::fen::JIEQI_START_FEN`]) and a [`Deal`] of the
//!   hidden identities: shuffled reproducibly from a seed ([`Deal::from_seed`]), given explicitly
//!   ([`Deal::parse`]), or unknown (only the pool, as in a record); [`JieqiGame`] plays a game
//!   under a deal, each move of a hidden piece revealing its dealt identity (§7.5.1);
//! - **movement** (§2.3, §3.2): the shared core generator with [`MoveRules::JIEQI`]: a hidden
//!   piece moves as the piece of its start point (假车, 假马 …; a hidden advisor only along the
//!   palace diagonals, a hidden elephant on its own half, a hidden pawn only forward); face up
//!   (真), advisors may leave the palace and cross the river and elephants may cross the river;
//!   a face-up pawn obeys the river rule wherever it stands; a move may leave one's own king
//!   attacked (§4.3, §4.4 自毙);
//! - **end** ([`scoring::king_capture`], a hook of the Spec): the capture of a king wins (§3.3, §5.1.1), by the king itself
//!   when the kings face (§5.1.2); a side without any move loses (§4, 困毙); the natural limit of
//!   60 moves without capture draws (§5.2.3, the claimant's checks counted at most 10, §23.3);
//!   repetitions are judged by the 棋例 §24–§29, which the trial rules copy from the 1999 rules
//!   article for article, through the same repetition law as `cxa-1999` ([`xqr_cxa1999::law`]);
//! - **visibility** ([`JieqiVisibility`], [`view`]): nobody sees a hidden piece on the board; a
//!   captured hidden piece is seen by its capturer only (§7.5.4); the arbiter sees the deal;
//! - **records**: Jieqi FEN, ICCS with the reveal letter (`a3a4R`) and the identity of a captured
//!   hidden piece (`b2b9Cn`), Chinese five-character moves (§9.1, `马二进三炮`) and the JieqiBox
//!   forms (`马二进三翻炮`, `…吃马`), all read by [`xqr_core::notation`]. A reveal or captured
//!   identity the pool cannot supply is a located error under every illegal-move policy
//!   ([`xqr_core::IllegalMove::concerns_identity`]);
//! - **the deal in a record** ([`record`]): a record may carry its deal, as the tag
//!   `[Deal "…"]` (the arbiter's start board, as `xqr deal` prints it: the start placement with
//!   each `X`/`x` replaced by its identity's letter) or `[DealSeed "N"]` (the fresh deal of
//!   `xqr deal --seed N`, from the Jieqi start only). The judge then fills in every reveal and
//!   captured identity the moves leave out (`h2e2`, `b2b9`); a stated identity must be the
//!   dealt one, else the error names the ply, and a deal that does not fit the start position
//!   is an error naming the tag. House variants built on `jieqi` read records the same way;
//! - points §16.1: win 1, draw ½, loss 0.
//!
//! The ruleset is data: [`law::spec`] is its [`Spec`] (one line per article, with the hooks for
//! visibility, the deal tag and king capture), and [`Jieqi`] the core [`Edition`] of that Spec.
//!
//! Perft on Jieqi positions ([`xqr_core::perft`]) counts a move of a hidden piece once per
//! distinct identity its side still has in the pool (the possible outcomes of the reveal), so the
//! start position has 43 × 6 + 1 = 259 nodes at depth 1; see the tests of this crate for small
//! positions counted by hand.
//!
//! ```
//! use xqr_core::rules::{GameInput, JudgeOptions, Ruleset};
//! let rs = xqr_jieqi::Jieqi::new();
//! // Red's face-up advisor leaves the e-file and the kings face (legal in Jieqi, §4.4 自毙):
//! // Black's king takes Red's across the open file (§5.1.2).
//! let game = GameInput {
//!     fen: Some("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1".into()),
//!     moves: vec!["e1d2".into(), "e9e0".into()],
//!     ..GameInput::default()
//! };
//! let v = rs.judge(&game, &JudgeOptions::default()).unwrap();
//! assert_eq!(v.result.pgn(), "0-1");
//! assert_eq!(v.rule.unwrap().to_string(), "jieqi §5.1.2");
//! ```

#![warn(missing_docs)]

mod deal;
mod game;
pub mod law;
mod legality;
pub mod record;
pub mod scoring;
mod visibility;

pub use deal::{Deal, DealError};
pub use game::{GameError, JieqiGame};
pub use legality::JieqiLegality;
pub use visibility::{view, JieqiVisibility};

use xqr_core::rules::{Edition, Spec};
use xqr_core::MoveRules;

/// The ruleset id.
pub const ID: &str = "jieqi";

/// The move rules of Jieqi (§3.2, §4.4).
pub const MOVE_RULES: MoveRules = MoveRules::JIEQI;

/// The Jieqi trial rules: the [`Edition`] of [`law::spec`].
#[derive(Clone, Debug)]
pub struct Jieqi(Edition);

impl Default for Jieqi {
    fn default() -> Self {
        Self::new()
    }
}

impl Jieqi {
    /// The ruleset.
    pub fn new() -> Jieqi {
        Jieqi(Edition::new(law::spec()))
    }

    /// Its data.
    pub fn spec(&self) -> &Spec {
        self.0.spec()
    }
}

xqr_core::edition_ruleset!(Jieqi);

xqr_core::register_ruleset!(ID, || std::sync::Arc::new(Jieqi::new()));
