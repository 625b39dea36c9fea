//! # xqr-axf
//!
//! The Asian Xiangqi Federation rules ("Asian rules", played at the Asian and world
//! championships) as the xqr ruleset `axf` (alias `asian`), on the same classifier and judge as
//! the CXA editions: the differences are data, one line per rule in the `law` module. Rule numbers
//! (`axf rule N`, `axf D79`, `axf terms: …`, `axf Section 2.3`) are those of the English
//! translation drafts of the Asian rules by Eric Wu (Committee of Referees, Hong Kong Chinese
//! Chess Association, chapter 4), as numbered in the paraphrase
//! `shared/rulebooks/axf-asian-rules.md`: rules 1–40, diagrams 1–104, appendix examples A and B.
//! `docs/cxa-vs-axf.md` sets the three editions side by side.
//!
//! What a move is ([`law::definitions`]):
//!
//! - **protected** means one legal recapture (terms: protected, real and false protectors;
//!   later losses are ignored, D22–23); several attackers against a protected piece do not chase
//!   it (rule 35); a horse or cannon attacking a rook chases it, protected or not (rules 15, 21);
//!   same-kind pieces chase only a victim that cannot take back (rule 24); an uncrossed pawn is
//!   no target (rule 25);
//! - a checking move's chases count too, protection tested with the check standing (rule 12,
//!   Section 2.5); a check-and-capture threat is no chase (rule 38);
//! - a rook tied down by an enemy horse is a target whatever its protection, and its standing
//!   attack on that horse is no chase (rule 19);
//! - the king may chase alone or with other pieces, the pawn alone or with pawns (rules 28, 29);
//! - a mate threat (TTC) is searched three checks deep; it is never a violation here, so the
//!   depth (unbounded and ambiguous in the source) changes labels, not verdicts.
//!
//! What a loop comes to ([`law::VERDICT_TABLE`]):
//!
//! - a side's perpetual chase is of one and the same piece, followed as it moves, after every
//!   one of its moves (rules 16, 32, 33: one piece chasing two in turn, or two on two, is no
//!   perpetual chase; two taking turns on one is);
//! - perpetual check (rule 6) and a perpetual chase of a qualifying target (rules 15–35) must
//!   change; perpetual mate threat, check with mate threat, one check one chase and mate threat
//!   with chase draw (rules 9, 10, 12; Section 2); two violating sides draw, except that the
//!   checker changes against a chase (rule 7, Section 2.2–2.3);
//! - **rule 3, read literally**: the repetition is judged at the third occurrence of a position
//!   (Section 2), where the violator is told to change; it loses when that position has come
//!   round three more times with its violation unchanged. The engines' reading (a violation
//!   loses at the third occurrence, as Fairy-Stockfish rules) is the overlay
//!   `tests/variants/axf-fairy-stockfish.toml`, under which the `axf-fsf-*` fixtures state the
//!   engine's published results.
//!
//! Game end: checkmate (rule 1) and stalemate (rule 2) lose for the side with no move; any
//! illegal move in a record loses, read from rule 1 (a king left en prise is taken); an agreed
//! draw is rule 4.
//!
//! Not in the retrieved text, so not implemented: a natural move limit (a secondary summary
//! gives 60 moves and at most 10 checks); points and standings (CXA 1999's 1 / ½ / 0 and
//! tie-breaks are reused as a default, not from the source); resignation and loss on time
//! (cited as "Section 2" and "rule 3" for want of an article); rules 11, 13, 14, 20, 22 and 30;
//! rule 27's confined rook beyond what pins decide (D63); rule 37's rook and king pinned by rook
//! and cannon (text missing). The engines' rule that an advisor or elephant attacking a rook,
//! cannon or horse chases it is not in the translation and not implemented.
//!
//! ```
//! use xqr_core::rules::{GameInput, JudgeOptions, Ruleset};
//! let rs = xqr_axf::Axf::new();
//! // The rook checks on the d-file; e9 would face the red king: mate.
//! let game = GameInput {
//!     fen: Some("3k5/9/4R4/9/9/9/9/9/9/4K4 w - - 0 1".into()),
//!     moves: vec!["e7d7".into()],
//!     ..GameInput::default()
//! };
//! let v = rs.judge(&game, &JudgeOptions::default()).unwrap();
//! assert_eq!(v.result.pgn(), "1-0");
//! assert_eq!(v.rule.unwrap().to_string(), "axf rule 1");
//! ```

#![warn(missing_docs)]

pub mod law;

use xqr_core::rules::{Edition, Spec};

/// The ruleset id.
pub const ID: &str = "axf";

pub use law::law;

/// The AXF rules: the [`Edition`] of [`law::spec`].
#[derive(Clone, Debug)]
pub struct Axf(Edition);

impl Default for Axf {
    fn default() -> Self {
        Self::new()
    }
}

impl Axf {
    /// The ruleset.
    pub fn new() -> Axf {
        Axf(Edition::new(law::spec()))
    }

    /// Its data.
    pub fn spec(&self) -> &Spec {
        self.0.spec()
    }
}

xqr_core::edition_ruleset!(Axf);

xqr_core::register_ruleset!(ID, || std::sync::Arc::new(Axf::new()));
