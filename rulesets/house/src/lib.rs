//! # xqr-house
//!
//! House variants (地方规则, 俱乐部规则) as TOML overlays: a file names the ruleset it
//! `extends` and changes a few knobs; everything else is inherited. Every decision a knob
//! changes cites the variant (`<id> <rule_source>`).
//!
//! ```toml
//! #:schema ../../../schema/house-variant.schema.json
//! id = "lenient"
//! name = "Lenient repetition rule (Guangzhou / Hong Kong practice)"
//! extends = "cxa-1999"
//! rule_source = "jieqi-trial-rules.txt, players' commentary at the end"
//!
//! [repetition]            # 棋例: "loses" | "must_change" | "draw"
//! perpetual_check = "loses"
//! perpetual_chase = "draw"
//! # forbidden = ["perpetual_check"]   # shorthand: only these stay forbidden
//! chase_conduct = "heaviest_kind"    # or "same_target" (axf rules 16, 32, 33: one piece chased)
//!
//! [definitions]           # what a move is: switches, readings, depths
//! king_answers_check = true          # cxa-2011 §26.1.2 on a 1999 parent, citing rule_source
//! pawn_chase = "idle"                # or "idle_unless_mutual", "counts", "idle_with_others"
//! chase_test = "exchange"            # or "one_recapture" (axf terms: protected)
//! tied_rook = "rule 19"              # an axf switch, citing "<id> rule 19"
//!
//! [counting]              # how a repetition is counted
//! procedure = "cxa-1999"  # or "cxa-2011"
//! repetitions = 3         # 2–10, the 1999 procedure's 循环反复三次
//! count = "cycles"        # or "occurrences"
//! loses_after = 1         # 1–10 more recurrences before the side that must change loses (axf: 3)
//!
//! [both_forbidden]
//! ruling = "draw"         # or "precedence" (cxa-2011 §26.8), "checker_changes" (axf Section 2.3)
//!
//! [natural_limit]         # 自然限着
//! moves = 30              # 1–300 moves by both sides without a capture
//! check_cap = 10          # 0–100; left out: 10 (cxa-1999 §23.3)
//!
//! [scoring]               # points: numbers or strings, multiples of 0.5
//! win = 3
//! draw_red = 1
//! draw_black = "1"
//! loss = 0
//! draw_result = "black_wins"   # Armageddon: 如遇和棋黑方胜出
//!
//! [illegal_moves]
//! ruling = "foul_and_replay"   # or "loss"
//!
//! [moves]
//! king_safety = "must_not_be_left_attacked"   # or "may_be_left_attacked" (Jieqi §4.4)
//!
//! [metadata]              # free-form strings, carried along
//! red_time = "20 min + 10 s"
//! ```
//!
//! - [`load_str`] / [`load_file`] read a file into a [`HouseVariant`]; [`check`] and
//!   [`check_against`] list every problem, each displayed as `FILE:LINE:COL: key.path: message`.
//! - [`build`] / [`OverlayRuleset`] build a variant on its parent ruleset; [`resolve_all`]
//!   builds many, overlays on overlays included, reporting unknown parents, cycles and
//!   duplicate ids while building the rest.
//! - [`schema`] is the JSON Schema committed at `schema/house-variant.schema.json`; overlay
//!   files start with `#:schema` pointing at it, for editor validation (taplo, Even Better TOML).
//! - [`shipped`] lists the variants shipped in `rulesets/house/variants/`.
//!
//! ```
//! use std::sync::Arc;
//! use xqr_core::rules::{GameInput, JudgeOptions, Ruleset};
//!
//! let parent: Arc<dyn Ruleset> = Arc::new(xqr_cxa1999::Cxa1999::new());
//! let (path, text) = xqr_house::shipped().into_iter().find(|(p, _)| p.ends_with("lenient.toml")).unwrap();
//! let lenient = xqr_house::build(&xqr_house::load_str(text, &path).unwrap(), parent, &path).unwrap();
//! // Perpetual chase (cxa-1999 chapter 7, figure 3): a draw under the lenient rule.
//! let game = GameInput {
//!     fen: Some("1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1".into()),
//!     moves: "h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9"
//!         .split(' ')
//!         .map(xqr_core::MoveText::from)
//!         .collect(),
//!     ..GameInput::default()
//! };
//! let v = lenient.judge(&game, &JudgeOptions::default()).unwrap();
//! assert_eq!(v.result.pgn(), "1/2-1/2");
//! assert_eq!(v.rule.unwrap().ruleset, "lenient");
//! ```

#![warn(missing_docs)]

mod checker;
mod load;
mod resolve;
mod ruleset;
mod shape;
mod source;
mod variant;

pub use load::{check, load_file, load_str, OverlayError, Problem, ProblemKind};
pub use resolve::{check_against, resolve_all};
pub use ruleset::{build, NaturalLimit, OverlayRuleset};
pub use shape::format_keys;
pub use source::Location;
pub use variant::{
    is_valid_id, schema, schema_text, BothForbiddenKnobs, CountingKnobs, DrawResult, HouseVariant,
    IllegalMoveKnobs, IllegalRuling, MoveKnobs, NaturalLimitKnobs, PointsValue, RepetitionKnobs,
    ScoringKnobs, DEFAULT_CHECK_CAP, FORBIDDEN_NAMES, ID_PATTERN, MAX_POINTS,
};
pub use xqr_core::law::patch::{DefinitionKnobs, KeyPointKnob, Switch};

use std::path::PathBuf;

/// The overlays shipped in `rulesets/house/variants/`, compiled in: (path relative to the
/// workspace root, text). Hosts load them besides `--overlay-dir` and `XQR_OVERLAY_PATH`.
pub fn shipped() -> Vec<(PathBuf, &'static str)> {
    SHIPPED
        .iter()
        .map(|(name, text)| (PathBuf::from("rulesets/house/variants").join(name), *text))
        .collect()
}

const SHIPPED: &[(&str, &str)] = &[
    (
        "armageddon.toml",
        include_str!("../variants/armageddon.toml"),
    ),
    ("jieqi-hk.toml", include_str!("../variants/jieqi-hk.toml")),
    (
        "jieqi-mainstream.toml",
        include_str!("../variants/jieqi-mainstream.toml"),
    ),
    ("lenient.toml", include_str!("../variants/lenient.toml")),
    (
        "quick-limit.toml",
        include_str!("../variants/quick-limit.toml"),
    ),
];
