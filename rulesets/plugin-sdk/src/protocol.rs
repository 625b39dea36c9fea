//! The JSON messages of protocol version [`PROTOCOL_VERSION`](crate::PROTOCOL_VERSION).
//!
//! Every reply is an object with either `"ok"` (the result, which may be `null` where the result
//! is optional) or `"error"` (a message); the `judge` error reply may add `"judge_error"`, a
//! [`JudgeError`] naming the ply and the reason, so that a bad record is reported exactly as a
//! static ruleset reports it. Unknown fields are ignored, so a later protocol version may add
//! optional fields without a new number.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use xqr_core::law::{LawPatch, PatchError};
use xqr_core::rules::{
    GameEnd, GameHistory, GameInput, GameResult, IllegalMoveRuling, JudgeError, JudgeOptions,
    Origin, PlyClass, PointScheme, Points, RepetitionRuling, RuleRef, Ruleset, RulesetMeta,
    TagsRead,
};
use xqr_core::standings::StandingsRules;
use xqr_core::{Color, IllegalMove, Move, MoveRules, Piece, Position, Role, Square, SquareSet};

pub mod batch;
pub(crate) mod canonical;
pub mod json_text;
mod layout_reader;
pub mod packed;
pub(crate) mod pooled;
pub mod short_copy;
#[cfg(test)]
mod test_games;
pub mod verdict_reply;
pub use batch::{decode_batch_reply, JudgeBatchRequest};
pub use verdict_reply::{decode_verdict_batch_reply, decode_verdict_reply, encode_verdict};

/// What `meta()` returns: the ruleset's [`RulesetMeta`] without `origin` (the host knows where
/// it loaded the library from), plus what a host needs to answer for the plugin without a call:
/// the move rules, the points and the standings rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PluginManifest {
    /// Unique id, matching `^[a-z0-9][a-z0-9-]*$`.
    pub id: String,
    /// Human name, not empty.
    pub name: String,
    /// Other names accepted by `--ruleset`.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Version of the implementation, not empty.
    pub version: String,
    /// The ruleset this one extends.
    #[serde(default)]
    pub extends: Option<String>,
    /// The rulebook it implements.
    #[serde(default)]
    pub rule_source: String,
    /// The edition.
    #[serde(default)]
    pub edition: String,
    /// The knobs of the shared move generator ([`MoveLegality::move_rules`](xqr_core::rules::MoveLegality::move_rules)).
    pub move_rules: MoveRules,
    /// Points for each result.
    pub points: WirePoints,
    /// How the ruleset ranks an event ([`Scoring::standings`](xqr_core::rules::Scoring::standings)): points, match points and per
    /// event kind the tie-break order. Optional, added within protocol version 1: a manifest
    /// without it (an older plugin) loads, and the host ranks by the default of
    /// [`Scoring::standings`](xqr_core::rules::Scoring::standings) (the cxa-1999 order with the manifest's points).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standings: Option<StandingsRules>,
    /// Whether the plugin takes a law patch ([`LawChange`], protocol version 4): its `judge`
    /// and its `repetition`, `classify` and `check_law` queries then honour a request's
    /// `law`. `true` when the ruleset answers [`Ruleset::with_law`] (one built on a Spec). A
    /// host ignores it for a plugin of an older protocol version.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub accepts_law_patch: bool,
    /// The names of the record tags the plugin reads ([`Ruleset::tags_read`]): a host may
    /// leave every other tag out of the games of a `judge` request. Optional, added within
    /// protocol version 5: without it (an older plugin, or a ruleset that may read any tag) a
    /// host sends every tag, and an older host ignores it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tags_read: Option<Vec<String>>,
}

/// A [`PointScheme`] in JSON: each value a non-negative multiple of 0.5 written as a string
/// (`"3"`, `"0.5"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WirePoints {
    /// For a win.
    pub win: String,
    /// For a draw as Red.
    pub draw_red: String,
    /// For a draw as Black.
    pub draw_black: String,
    /// For a loss.
    pub loss: String,
}

impl From<PointScheme> for WirePoints {
    fn from(p: PointScheme) -> WirePoints {
        WirePoints {
            win: p.win.to_string(),
            draw_red: p.draw_red.to_string(),
            draw_black: p.draw_black.to_string(),
            loss: p.loss.to_string(),
        }
    }
}

impl WirePoints {
    /// The scheme, or the field that is not a multiple of 0.5.
    pub fn to_scheme(&self) -> Result<PointScheme, ManifestError> {
        let parse = |field: &'static str, s: &str| {
            s.parse::<Points>().map_err(|e| ManifestError {
                field: field.to_owned(),
                reason: e.to_string(),
            })
        };
        Ok(PointScheme {
            win: parse("points.win", &self.win)?,
            draw_red: parse("points.draw_red", &self.draw_red)?,
            draw_black: parse("points.draw_black", &self.draw_black)?,
            loss: parse("points.loss", &self.loss)?,
        })
    }
}

/// A manifest field that fails validation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManifestError {
    /// The field (`id`, `name`, `version`, `aliases[0]`, `points.win` …).
    pub field: String,
    /// Why.
    pub reason: String,
}

impl core::fmt::Display for ManifestError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}: {}", self.field, self.reason)
    }
}

impl std::error::Error for ManifestError {}

/// Whether `id` is a valid ruleset id: `^[a-z0-9][a-z0-9-]*$`.
///
/// ```
/// use xqr_plugin_sdk::protocol::is_valid_id;
/// assert!(is_valid_id("club-casual"));
/// assert!(is_valid_id("cxa-1999"));
/// assert!(!is_valid_id("-club"));
/// assert!(!is_valid_id("Club Casual"));
/// assert!(!is_valid_id(""));
/// ```
pub fn is_valid_id(id: &str) -> bool {
    let mut chars = id.chars();
    match chars.next() {
        Some(c) if c.is_ascii_lowercase() || c.is_ascii_digit() => {}
        _ => return false,
    }
    chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

impl PluginManifest {
    /// The manifest of a ruleset.
    pub fn of(rs: &dyn Ruleset) -> PluginManifest {
        let m = rs.meta();
        PluginManifest {
            id: m.id.clone(),
            name: m.name.clone(),
            aliases: m.aliases.clone(),
            version: m.version.clone(),
            extends: m.extends.clone(),
            rule_source: m.rule_source.clone(),
            edition: m.edition.clone(),
            move_rules: rs.legality().move_rules(),
            points: rs.scoring().points().into(),
            standings: Some(rs.scoring().standings()),
            accepts_law_patch: rs
                .with_law(&LawPatch::default(), &RuleRef::new(m.id.clone(), "-"))
                .is_some(),
            tags_read: match rs.tags_read() {
                TagsRead::All => None,
                TagsRead::Only(names) => Some(names.iter().map(|&n| n.to_owned()).collect()),
            },
        }
    }

    /// Checks what a host relies on: the id matches `^[a-z0-9][a-z0-9-]*$`, name and version
    /// are not blank, aliases are not blank, points are multiples of 0.5, the standings rules
    /// (if any) pass [`StandingsRules::check`].
    ///
    /// ```
    /// use xqr_plugin_sdk::protocol::PluginManifest;
    /// let mut m = PluginManifest::of(&xqr_cxa1999::Cxa1999::new());
    /// assert!(m.validate().is_ok());
    /// m.id = "CXA 1999".into();
    /// assert_eq!(m.validate().unwrap_err().field, "id");
    /// ```
    pub fn validate(&self) -> Result<(), ManifestError> {
        let err = |field: &str, reason: String| ManifestError {
            field: field.to_owned(),
            reason,
        };
        if !is_valid_id(&self.id) {
            return Err(err(
                "id",
                format!(
                    "{:?} does not match ^[a-z0-9][a-z0-9-]*$ (lower-case letters, digits and '-', not starting with '-')",
                    self.id
                ),
            ));
        }
        if self.name.trim().is_empty() {
            return Err(err("name", "is empty".to_owned()));
        }
        if self.version.trim().is_empty() {
            return Err(err("version", "is empty".to_owned()));
        }
        for (i, a) in self.aliases.iter().enumerate() {
            if a.trim().is_empty() {
                return Err(err(&format!("aliases[{i}]"), "is empty".to_owned()));
            }
        }
        self.points.to_scheme()?;
        if let Some(s) = &self.standings {
            s.check().map_err(|e| err("standings", e.to_string()))?;
        }
        Ok(())
    }

    /// The ruleset meta, with the origin the host gives it.
    pub fn to_meta(&self, origin: Origin) -> RulesetMeta {
        RulesetMeta {
            id: self.id.clone(),
            name: self.name.clone(),
            aliases: self.aliases.clone(),
            version: self.version.clone(),
            extends: self.extends.clone(),
            rule_source: self.rule_source.clone(),
            edition: self.edition.clone(),
            origin,
            metadata: Default::default(),
        }
    }
}

/// Input of `judge` for one game (a batch of games: [`JudgeBatchRequest`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgeRequest {
    /// The game.
    pub game: GameInput,
    /// The options.
    #[serde(default)]
    pub options: JudgeOptions,
    /// The law patch to judge under (protocol version 4, a plugin whose manifest says
    /// `accepts_law_patch`); absent: the plugin's own law.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub law: Option<LawChange>,
}

/// A change to the plugin's repetition law that a request carries (protocol version 4): the
/// tables a house variant sets (`{"repetition": {"perpetual_chase": "draw"}}`, as in its TOML
/// file) and the article every reading it sets cites. The plugin applies it to the law it is
/// built from ([`Ruleset::with_law`]) and answers under the changed law; a plugin that cannot
/// answers an error, with `"patch_error"` when the patch does not apply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LawChange {
    /// The tables.
    pub patch: LawPatch,
    /// The ruleset id the changed readings cite: the variant's.
    pub ruleset: String,
    /// The article they cite: the variant's rule source.
    pub article: String,
}

impl LawChange {
    /// `patch`, citing `cite`.
    pub fn new(patch: LawPatch, cite: &RuleRef) -> LawChange {
        LawChange {
            patch,
            ruleset: cite.ruleset.clone(),
            article: cite.article.clone(),
        }
    }

    /// The reference the changed readings cite.
    pub fn cite(&self) -> RuleRef {
        RuleRef::new(self.ruleset.clone(), self.article.clone())
    }
}

/// Input of `query`: the [`Query`] and, for a plugin that accepts law patches, the law patch
/// to answer under (`{"query": "repetition", "history": …, "law": LawChange}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueryRequest {
    /// The question.
    #[serde(flatten)]
    pub query: Query,
    /// The law patch (protocol version 4); absent: the plugin's own law.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub law: Option<LawChange>,
}

/// Input of `legal_moves`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalMovesRequest {
    /// The position, in FEN (Jieqi FEN for a position with hidden pieces).
    pub fen: String,
}

/// A game history in JSON: the start position and the moves played from it, in ICCS (with the
/// reveal letter for a Jieqi reveal).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireHistory {
    /// FEN of the start position.
    pub fen: String,
    /// The moves.
    #[serde(default)]
    pub moves: Vec<String>,
}

impl WireHistory {
    /// The wire form of a history.
    pub fn of(history: &GameHistory) -> WireHistory {
        WireHistory {
            fen: history.start().fen(),
            moves: history.moves().iter().map(|m| m.to_string()).collect(),
        }
    }

    /// Replays the history under `rules`, checking every move.
    pub fn replay(&self, rules: MoveRules) -> Result<GameHistory, String> {
        let start =
            Position::from_fen(&self.fen, rules).map_err(|e| format!("FEN {:?}: {e}", self.fen))?;
        let mut h = GameHistory::new(start);
        for (i, text) in self.moves.iter().enumerate() {
            // Read against the position, so that a captured identity after a face-up mover
            // (`b2b9n`) comes back as what it was.
            let m: Move = xqr_core::notation::iccs::parse(h.last(), text)
                .map_err(|e| format!("ply {}: {e}", i + 1))?;
            h.push_unchecked(m);
        }
        Ok(h)
    }
}

/// Input of `query`: one question to one component of the ruleset, for hosts that use the
/// components one by one instead of `judge` (which a plugin answers in one call).
///
/// | query | component | `ok` |
/// |---|---|---|
/// | `game_end` | [`Scoring::game_end`](xqr_core::rules::Scoring::game_end) | [`GameEnd`] or `null` |
/// | `recorded_end` | [`Scoring::recorded_end`](xqr_core::rules::Scoring::recorded_end) | [`GameEnd`] or `null` |
/// | `repetition` | [`RepetitionJudge::rule`](xqr_core::rules::RepetitionJudge::rule) | [`RepetitionRuling`] or `null` |
/// | `classify` | [`RepetitionJudge::classify`](xqr_core::rules::RepetitionJudge::classify) | [`PlyClass`] |
/// | `illegal_move_ruling` | [`MoveLegality::illegal_move_ruling`](xqr_core::rules::MoveLegality::illegal_move_ruling) | [`IllegalMoveRuling`] |
/// | `check_law` | [`Ruleset::with_law`] (protocol 4) | `null` |
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "query", rename_all = "snake_case")]
pub enum Query {
    /// Whether the last position of the history ends the game.
    GameEnd {
        /// The game so far.
        history: WireHistory,
    },
    /// The end of a game whose record states its result.
    RecordedEnd {
        /// The recorded result.
        result: GameResult,
        /// The record's termination tag.
        #[serde(default)]
        termination: Option<String>,
        /// Plies played.
        ply: u32,
    },
    /// The repetition ruling at the last position of the history.
    Repetition {
        /// The game so far.
        history: WireHistory,
        /// The obligation to change still open.
        #[serde(default)]
        pending: Option<RepetitionRuling>,
    },
    /// The classification of one ply.
    Classify {
        /// The game so far.
        history: WireHistory,
        /// The ply (1-based).
        ply: u32,
    },
    /// What an illegal move at the end of the history means.
    IllegalMoveRuling {
        /// The game so far.
        history: WireHistory,
        /// Why the move is illegal.
        reason: WireIllegalMove,
    },
    /// Whether the request's `law` applies (protocol version 4): `null`, or an error reply
    /// with `"patch_error"`. A host asks it once, when it builds a house variant on the plugin.
    CheckLaw {},
}

/// An [`IllegalMove`] in JSON (`{"reason": "horse_leg_blocked", "leg": "c0"}`), so that a plugin
/// receives the same reason the host found.
#[allow(missing_docs)] // the fields mirror those of IllegalMove
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum WireIllegalMove {
    NoPiece {
        from: Square,
    },
    NotYourPiece {
        from: Square,
        owner: Color,
        turn: Color,
    },
    NullMove {
        from: Square,
    },
    OwnPieceOnTarget {
        to: Square,
    },
    WrongShape {
        role: Role,
        from: Square,
        to: Square,
    },
    HorseLegBlocked {
        leg: Square,
    },
    ElephantEyeBlocked {
        eye: Square,
    },
    ElephantCrossesRiver {
        to: Square,
    },
    LeavesPalace {
        role: Role,
        to: Square,
    },
    PathBlocked {
        at: Square,
    },
    CannonWithoutScreen,
    CannonTooManyScreens {
        screens: usize,
    },
    PawnBackwards,
    PawnSidewaysBeforeRiver,
    FlyingGeneral,
    LeavesKingInCheck {
        color: Color,
        attackers: Vec<Square>,
    },
    RevealOfRevealedPiece {
        from: Square,
    },
    RevealMissing {
        from: Square,
    },
    RevealNotInPool {
        piece: Piece,
    },
    RevealWrongPiece {
        color: Color,
        piece: Piece,
    },
    CaptureOfNothing {
        to: Square,
        piece: Piece,
    },
    CaptureWrongPiece {
        to: Square,
        piece: Piece,
    },
    CaptureNotInPool {
        to: Square,
        piece: Piece,
    },
    GameOver {
        color: Color,
    },
}

impl From<&IllegalMove> for WireIllegalMove {
    fn from(r: &IllegalMove) -> WireIllegalMove {
        use IllegalMove as I;
        use WireIllegalMove as W;
        match *r {
            I::NoPiece { from } => W::NoPiece { from },
            I::NotYourPiece { from, owner, turn } => W::NotYourPiece { from, owner, turn },
            I::NullMove { from } => W::NullMove { from },
            I::OwnPieceOnTarget { to } => W::OwnPieceOnTarget { to },
            I::WrongShape { role, from, to } => W::WrongShape { role, from, to },
            I::HorseLegBlocked { leg } => W::HorseLegBlocked { leg },
            I::ElephantEyeBlocked { eye } => W::ElephantEyeBlocked { eye },
            I::ElephantCrossesRiver { to } => W::ElephantCrossesRiver { to },
            I::LeavesPalace { role, to } => W::LeavesPalace { role, to },
            I::PathBlocked { at } => W::PathBlocked { at },
            I::CannonWithoutScreen => W::CannonWithoutScreen,
            I::CannonTooManyScreens { screens } => W::CannonTooManyScreens { screens },
            I::PawnBackwards => W::PawnBackwards,
            I::PawnSidewaysBeforeRiver => W::PawnSidewaysBeforeRiver,
            I::FlyingGeneral => W::FlyingGeneral,
            I::LeavesKingInCheck { color, attackers } => W::LeavesKingInCheck {
                color,
                attackers: attackers.iter().collect(),
            },
            I::RevealOfRevealedPiece { from } => W::RevealOfRevealedPiece { from },
            I::RevealMissing { from } => W::RevealMissing { from },
            I::RevealNotInPool { piece } => W::RevealNotInPool { piece },
            I::RevealWrongPiece { color, piece } => W::RevealWrongPiece { color, piece },
            I::CaptureOfNothing { to, piece } => W::CaptureOfNothing { to, piece },
            I::CaptureWrongPiece { to, piece } => W::CaptureWrongPiece { to, piece },
            I::CaptureNotInPool { to, piece } => W::CaptureNotInPool { to, piece },
            I::GameOver { color } => W::GameOver { color },
        }
    }
}

impl From<WireIllegalMove> for IllegalMove {
    fn from(w: WireIllegalMove) -> IllegalMove {
        use IllegalMove as I;
        use WireIllegalMove as W;
        match w {
            W::NoPiece { from } => I::NoPiece { from },
            W::NotYourPiece { from, owner, turn } => I::NotYourPiece { from, owner, turn },
            W::NullMove { from } => I::NullMove { from },
            W::OwnPieceOnTarget { to } => I::OwnPieceOnTarget { to },
            W::WrongShape { role, from, to } => I::WrongShape { role, from, to },
            W::HorseLegBlocked { leg } => I::HorseLegBlocked { leg },
            W::ElephantEyeBlocked { eye } => I::ElephantEyeBlocked { eye },
            W::ElephantCrossesRiver { to } => I::ElephantCrossesRiver { to },
            W::LeavesPalace { role, to } => I::LeavesPalace { role, to },
            W::PathBlocked { at } => I::PathBlocked { at },
            W::CannonWithoutScreen => I::CannonWithoutScreen,
            W::CannonTooManyScreens { screens } => I::CannonTooManyScreens { screens },
            W::PawnBackwards => I::PawnBackwards,
            W::PawnSidewaysBeforeRiver => I::PawnSidewaysBeforeRiver,
            W::FlyingGeneral => I::FlyingGeneral,
            W::LeavesKingInCheck { color, attackers } => I::LeavesKingInCheck {
                color,
                attackers: attackers.into_iter().collect::<SquareSet>(),
            },
            W::RevealOfRevealedPiece { from } => I::RevealOfRevealedPiece { from },
            W::RevealMissing { from } => I::RevealMissing { from },
            W::RevealNotInPool { piece } => I::RevealNotInPool { piece },
            W::RevealWrongPiece { color, piece } => I::RevealWrongPiece { color, piece },
            W::CaptureOfNothing { to, piece } => I::CaptureOfNothing { to, piece },
            W::CaptureWrongPiece { to, piece } => I::CaptureWrongPiece { to, piece },
            W::CaptureNotInPool { to, piece } => I::CaptureNotInPool { to, piece },
            W::GameOver { color } => I::GameOver { color },
        }
    }
}

/// An error reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplyError {
    /// The plugin answered `{"error": ...}` (a panic comes back as
    /// `"plugin panicked: <message>"`).
    Plugin {
        /// The message.
        message: String,
        /// The structured judge error, for `judge`.
        judge_error: Option<JudgeError>,
        /// Why a law patch does not apply (protocol version 4).
        patch_error: Option<Box<PatchError>>,
    },
    /// The reply is not JSON of the expected shape.
    Malformed(String),
}

impl core::fmt::Display for ReplyError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ReplyError::Plugin { message, .. } => f.write_str(message),
            ReplyError::Malformed(why) => write!(f, "malformed reply: {why}"),
        }
    }
}

impl std::error::Error for ReplyError {}

/// `{"ok": value}`.
pub fn encode_ok<T: Serialize + ?Sized>(value: &T) -> Vec<u8> {
    #[derive(Serialize)]
    struct Ok<'a, T: ?Sized> {
        ok: &'a T,
    }
    // Room for a verdict of a long game, so that writing it seldom grows the buffer.
    let mut out = Vec::with_capacity(2048);
    match serde_json::to_writer(&mut out, &Ok { ok: value }) {
        Ok(()) => out,
        Err(e) => encode_error(&e.to_string(), None),
    }
}

/// `{"error": message}`, with `"judge_error"` when given.
pub fn encode_error(message: &str, judge_error: Option<&JudgeError>) -> Vec<u8> {
    let mut obj = serde_json::Map::new();
    obj.insert(
        "error".into(),
        serde_json::Value::String(message.to_owned()),
    );
    if let Some(e) = judge_error.and_then(|e| serde_json::to_value(e).ok()) {
        obj.insert("judge_error".into(), e);
    }
    serde_json::to_vec(&serde_json::Value::Object(obj))
        .unwrap_or_else(|_| br#"{"error":"cannot encode the error"}"#.to_vec())
}

/// `{"error": message, "patch_error": {"key", "message"}}`: a law patch that does not apply.
pub fn encode_patch_error(e: &PatchError) -> Vec<u8> {
    let mut obj = serde_json::Map::new();
    obj.insert("error".into(), serde_json::Value::String(e.to_string()));
    if let Ok(v) = serde_json::to_value(e) {
        obj.insert("patch_error".into(), v);
    }
    serde_json::to_vec(&serde_json::Value::Object(obj))
        .unwrap_or_else(|_| br#"{"error":"cannot encode the error"}"#.to_vec())
}

/// Reads a reply: the `ok` value, or the error.
///
/// ```
/// use xqr_plugin_sdk::protocol::{decode_reply, encode_error, encode_ok, ReplyError};
/// let v: Vec<String> = decode_reply(&encode_ok(&["h2e2"])).unwrap();
/// assert_eq!(v, ["h2e2"]);
/// let none: Option<u32> = decode_reply(br#"{"ok": null}"#).unwrap();
/// assert_eq!(none, None);
/// let e = decode_reply::<u32>(&encode_error("boom", None)).unwrap_err();
/// assert_eq!(e.to_string(), "boom");
/// assert!(matches!(decode_reply::<u32>(b"[1]"), Err(ReplyError::Malformed(_))));
/// assert!(matches!(decode_reply::<u32>(b" [1, null]"), Err(ReplyError::Malformed(_))));
/// // An error wins over a result, as does an error of null.
/// let e = decode_reply::<u32>(br#"{"ok": 1, "error": "boom"}"#).unwrap_err();
/// assert_eq!(e.to_string(), "boom");
/// assert!(decode_reply::<u32>(br#"{"ok": 1, "error": null}"#).is_err());
/// ```
pub fn decode_reply<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ReplyError> {
    // A reply with a non-null `ok` and no `error` (a verdict) is read straight into `T`; any
    // other reply, as a JSON value first, which tells an error, a null and a malformed reply
    // apart.
    #[derive(Deserialize)]
    struct Answer<T> {
        #[serde(default = "Option::default")]
        ok: Option<T>,
        #[serde(default)]
        error: Given,
    }
    // Only an object: a derived struct would also read an array.
    let object = bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
    // Text checked as UTF-8 at once (vector instructions) is read without `serde_json`
    // checking each string again; other bytes are read by `serde_json`, for its error.
    let read = || match simdutf8::basic::from_utf8(bytes) {
        Ok(text) => serde_json::from_str::<Answer<T>>(text),
        Err(_) => serde_json::from_slice::<Answer<T>>(bytes),
    };
    if let Some(Ok(Answer {
        ok: Some(ok),
        error: Given(false),
    })) = object.then(read)
    {
        return Ok(ok);
    }
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| ReplyError::Malformed(e.to_string()))?;
    let serde_json::Value::Object(mut obj) = value else {
        return Err(ReplyError::Malformed(
            "expected an object with \"ok\" or \"error\"".to_owned(),
        ));
    };
    if let Some(e) = obj.remove("error") {
        let message = match e {
            serde_json::Value::String(s) => s,
            other => other.to_string(),
        };
        let judge_error = obj
            .remove("judge_error")
            .and_then(|j| serde_json::from_value(j).ok());
        let patch_error = obj
            .remove("patch_error")
            .and_then(|j| serde_json::from_value(j).ok())
            .map(Box::new);
        return Err(ReplyError::Plugin {
            message,
            judge_error,
            patch_error,
        });
    }
    match obj.remove("ok") {
        Some(v) => serde_json::from_value(v).map_err(|e| ReplyError::Malformed(e.to_string())),
        None => Err(ReplyError::Malformed(
            "expected an object with \"ok\" or \"error\"".to_owned(),
        )),
    }
}

/// Whether a field is there, whatever its value (`null` too).
#[derive(Default)]
struct Given(bool);

impl<'de> Deserialize<'de> for Given {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Given, D::Error> {
        serde::de::IgnoredAny::deserialize(d).map(|_| Given(true))
    }
}

/// The reply types of each [`Query`], for a host decoding them.
pub mod replies {
    use super::*;

    /// `game_end` and `recorded_end`.
    pub type GameEndReply = Option<GameEnd>;
    /// `repetition`.
    pub type RepetitionReply = Option<RepetitionRuling>;
    /// `classify`.
    pub type ClassifyReply = PlyClass;
    /// `illegal_move_ruling`.
    pub type IllegalMoveRulingReply = IllegalMoveRuling;
    /// `check_law`.
    pub type CheckLawReply = Option<()>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use xqr_core::standings::{Criterion, EventKind};

    fn office_cup_manifest() -> PluginManifest {
        let mut m = PluginManifest::of(&xqr_cxa1999::Cxa1999::new());
        m.id = "office".into();
        m.points = StandingsRules::office_cup().points.into();
        m.standings = Some(StandingsRules::office_cup().named("office"));
        m
    }

    #[test]
    fn the_manifest_carries_the_ruleset_standings() {
        let m = PluginManifest::of(&xqr_cxa1999::Cxa1999::new());
        assert_eq!(m.standings, Some(StandingsRules::cxa_1999()));
    }

    #[test]
    fn standings_round_trip_through_the_manifest_json() {
        let m = office_cup_manifest();
        let json = serde_json::to_string(&m).unwrap();
        let back: PluginManifest = serde_json::from_str(&json).unwrap();
        assert_eq!(back, m);
        assert!(back.validate().is_ok());
        let rr = back
            .standings
            .as_ref()
            .unwrap()
            .kind(EventKind::RoundRobin)
            .unwrap();
        assert_eq!(rr.criteria, [Criterion::FewerLosses]);
        assert_eq!(rr.rule.to_string(), "office-cup 中国象棋比赛规程 二.3");
    }

    #[test]
    fn a_manifest_without_standings_still_loads() {
        let mut value = serde_json::to_value(office_cup_manifest()).unwrap();
        value.as_object_mut().unwrap().remove("standings");
        let m: PluginManifest = serde_json::from_value(value).unwrap();
        assert_eq!(m.standings, None);
        assert!(m.validate().is_ok());
        // And none is written back: the JSON is what an older plugin sends.
        assert!(!serde_json::to_string(&m).unwrap().contains("standings"));
    }

    #[test]
    fn the_manifest_lists_the_tags_an_edition_reads() {
        let m = PluginManifest::of(&xqr_cxa1999::Cxa1999::new());
        let names = m
            .tags_read
            .as_deref()
            .expect("an edition reads the replay's tags");
        assert_eq!(
            names,
            ["Deal", "DealSeed", "Result", "Termination", "Variant"]
        );
    }

    /// A ruleset that may read any tag (here an edition with a hook that reads records, which
    /// may read any) sends no list: the host then sends every tag.
    #[test]
    fn a_ruleset_that_may_read_any_tag_lists_none() {
        fn as_given<'g>(
            game: &'g GameInput,
            _: &dyn xqr_core::rules::MoveLegality,
        ) -> Result<std::borrow::Cow<'g, GameInput>, JudgeError> {
            Ok(std::borrow::Cow::Borrowed(game))
        }
        let mut spec = xqr_cxa1999::Cxa1999::new().spec().clone();
        spec.hooks.complete_record = Some(as_given);
        let m = PluginManifest::of(&xqr_core::rules::Edition::new(spec));
        assert_eq!(m.tags_read, None);
        assert!(!serde_json::to_string(&m).unwrap().contains("tags_read"));
    }

    #[test]
    fn a_manifest_without_tags_read_still_loads() {
        let mut value = serde_json::to_value(office_cup_manifest()).unwrap();
        assert!(value["tags_read"].is_array());
        value.as_object_mut().unwrap().remove("tags_read");
        let m: PluginManifest = serde_json::from_value(value).unwrap();
        assert_eq!(m.tags_read, None);
        assert!(m.validate().is_ok());
    }

    #[test]
    fn standings_that_cannot_rank_fail_validation() {
        let mut m = office_cup_manifest();
        let s = m.standings.as_mut().unwrap();
        s.kinds.push(s.kinds[0].clone());
        let e = m.validate().unwrap_err();
        assert_eq!(e.field, "standings");
        assert_eq!(e.reason, "kinds[2]: round-robin is already listed");
    }

    #[test]
    fn malformed_standings_fail_to_decode() {
        let mut value = serde_json::to_value(office_cup_manifest()).unwrap();
        value["standings"]["kinds"][0]["criteria"][0] = "most_elegant".into();
        let e = serde_json::from_value::<PluginManifest>(value).unwrap_err();
        assert!(e.to_string().contains("most_elegant"), "{e}");
    }
}
