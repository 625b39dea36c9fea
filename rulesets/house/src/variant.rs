//! The knobs of a house variant: the typed form of an overlay file, and its JSON Schema.

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;
use xqr_core::law::patch::LawPatch;
use xqr_core::rules::{IllegalMoveRuling, Points, RuleRef};
use xqr_core::KingSafety;

use crate::source::{Location, SourceMap};
pub use xqr_core::law::patch::{
    BothForbiddenKnobs, CountingKnobs, DefinitionKnobs, RepetitionKnobs, FORBIDDEN_NAMES,
};

/// Pattern of a ruleset id, an alias and the `extends` value.
pub const ID_PATTERN: &str = "^[a-z0-9][a-z0-9-]*$";

/// Whether `s` matches [`ID_PATTERN`].
pub fn is_valid_id(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_lowercase() || c.is_ascii_digit())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// A house variant (地方规则 / 俱乐部规则): an existing ruleset (`extends`) with a few knobs changed,
/// written as a TOML overlay file.
///
/// Every knob left out inherits from the parent. Every decision a knob changes cites the
/// variant: `RuleRef::new(id, rule_source)`.
///
/// ```
/// let v = xqr_house::load_str(r#"
/// id = "quick"
/// name = "Quick"
/// extends = "cxa-1999"
/// rule_source = "club-and-local-rules-collection.txt, 裁判根据局面酌情限着30着"
/// [natural_limit]
/// moves = 30
/// "#, "quick.toml").unwrap();
/// assert_eq!(v.natural_limit.unwrap().moves, 30);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(
    title = "xqr house variant",
    description = "A house variant of Xiangqi rules (地方规则 / 俱乐部规则): an existing ruleset \
(`extends`) with a few knobs changed. Knobs left out inherit from the parent ruleset; every \
decision a knob changes cites this variant (`<id> <rule_source>`). Design: docs/architecture.md, \
\"Registration and loading\"."
)]
pub struct HouseVariant {
    /// Unique ruleset id, used by `--ruleset` and cited in every decision this variant changes
    /// (lower-case letters, digits and `-`, e.g. `lenient`).
    #[schemars(regex(pattern = r"^[a-z0-9][a-z0-9-]*$"))]
    pub id: String,

    /// Human-readable name shown by `xqr rulesets`.
    #[schemars(regex(pattern = r"\S"))]
    pub name: String,

    /// Id (or alias) of the ruleset this variant extends, e.g. `cxa-1999` (中国象棋竞赛规则 1999),
    /// or another house variant.
    #[schemars(regex(pattern = r"^[a-z0-9][a-z0-9-]*$"))]
    pub extends: String,

    /// The rule text this variant implements: the document and its article or passage, e.g.
    /// `jieqi-trial-rules.txt, players' commentary at the end`. Cited as the article of every
    /// decision the variant changes.
    #[schemars(regex(pattern = r"\S"))]
    pub rule_source: String,

    /// Other names accepted by `--ruleset` (same pattern as `id`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(inner(regex(pattern = r"^[a-z0-9][a-z0-9-]*$")))]
    pub aliases: Vec<String>,

    /// A longer description: where the rule is played, what it changes and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,

    /// The repetition law (棋例): a policy per forbidden conduct (禁止着法, cxa-1999 §25.2), or
    /// the shorthand `forbidden`, and (as in `[counting]`) the 1999 count. Needs a parent built
    /// from a Spec (every static edition and the variants of one) or a plugin that accepts a
    /// law patch (plugin protocol 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repetition: Option<RepetitionKnobs>,

    /// What a check, a mate threat, a chase or an idle move is: the classifier's readings
    /// (cxa-1999 §25.3, §27–§29; cxa-2011 §24, §26) a club changes. Needs a parent built from a
    /// Spec, like `[repetition]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub definitions: Option<DefinitionKnobs>,

    /// How a repetition is counted (cxa-1999 §24 循环反复三次; cxa-2011 §23.1–23.4): the
    /// procedure, and for the 1999 procedure the number and what it counts. Needs a parent
    /// built from a Spec, like `[repetition]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counting: Option<CountingKnobs>,

    /// What two sides whose conduct is forbidden get (cxa-1999 §26.3: a draw; cxa-2011 §25.4,
    /// §26.8: the precedence). Needs a parent built from a Spec, like `[repetition]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub both_forbidden: Option<BothForbiddenKnobs>,

    /// The natural move limit (自然限着, cxa-1999 §4.2.4 and §23.3): replaces the parent's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub natural_limit: Option<NaturalLimitKnobs>,

    /// Points for results (cxa-1999 §14.1 1/½/0, cxa-2011 §13.1 2/1/0, §13.3 3/1/0) and what a
    /// draw counts as (Armageddon: 如遇和棋黑方胜出, club-and-local-rules-collection.txt).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoring: Option<ScoringKnobs>,

    /// What an illegal move means (cxa-1999 §4.1.6 loss; cxa-2011 §4.1.8 and §8.1.8 foul and
    /// replay at provincial and junior events).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub illegal_moves: Option<IllegalMoveKnobs>,

    /// How pieces may move, where it differs from the parent: whether a move may leave one's
    /// own king attacked (Jieqi trial rules §4.4 自毙: yes; the mainstream Jieqi platforms and
    /// standard Xiangqi: no).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<MoveKnobs>,

    /// Free-form facts about the event carried with the ruleset, string values only (e.g.
    /// `red_time = "20 min + 10 s"`, `black_time = "10 min + 10 s"`: the Armageddon final in
    /// club-and-local-rules-collection.txt). Not used in judging.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub metadata: BTreeMap<String, String>,

    /// Where each key stood in the source file (empty for a variant built in code).
    #[serde(skip)]
    #[schemars(skip)]
    pub(crate) source: SourceMap,
}

impl HouseVariant {
    /// Where `key_path` (`repetition.perpetual_chase`, `id` …) stands in the file the variant
    /// was loaded from: the key, or for a table the header. `None` for a variant built in code
    /// or a key the file does not have.
    pub fn location(&self, key_path: &str) -> Option<Location> {
        self.source.key(key_path)
    }

    /// Where the value of `key_path` stands in the file (see [`HouseVariant::location`]).
    pub fn value_location(&self, key_path: &str) -> Option<Location> {
        self.source.value(key_path)
    }

    /// The first table of the repetition law this variant sets (`repetition`, `definitions`,
    /// `counting`, `both_forbidden`), if any: the knobs that need a parent built from a Spec or
    /// taking a law patch ([`xqr_core::rules::Ruleset::with_law`]).
    pub fn law_key(&self) -> Option<&'static str> {
        self.law_patch().first_key()
    }

    /// The tables of the repetition law this variant sets, as the patch its parent's law
    /// takes ([`xqr_core::law::RepetitionLaw::patched`], [`xqr_core::rules::Ruleset::with_law`]).
    pub fn law_patch(&self) -> LawPatch {
        LawPatch {
            repetition: self.repetition.clone(),
            definitions: self.definitions.clone(),
            counting: self.counting,
            both_forbidden: self.both_forbidden,
        }
    }

    /// The reference every decision this variant changes cites: `<id> <rule_source>`.
    pub fn rule(&self) -> RuleRef {
        RuleRef::new(self.id.clone(), self.rule_source.clone())
    }
}

/// `[natural_limit]`: the natural move limit (自然限着), replacing the parent's.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NaturalLimitKnobs {
    /// Moves by both sides without a capture after which the game is drawn, 1–300 (cxa-1999
    /// §4.2.4: 60; club-and-local-rules-collection.txt: 裁判根据局面酌情限着30着).
    #[schemars(range(min = 1, max = 300))]
    pub moves: u32,
    /// At most this many checks of the claimant count towards the limit, 0–100 (cxa-1999 §23.3,
    /// cxa-2011 §22.2: 10). Left out: the cap of a house-variant parent that sets one, else 10.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = 100))]
    pub check_cap: Option<u32>,
}

/// The check cap used when neither the variant nor a house-variant parent sets one: 10 in
/// every edition of `shared/rulebooks` (cxa-1999 §23.3, cxa-2011 §22.2).
pub const DEFAULT_CHECK_CAP: u32 = 10;

/// What a drawn game counts as.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DrawResult {
    /// A draw is a draw.
    #[default]
    Draw,
    /// A draw counts as a Black win (Armageddon: 如遇和棋黑方胜出,
    /// club-and-local-rules-collection.txt, 竞赛细则 一).
    BlackWins,
}

impl DrawResult {
    /// The TOML spelling.
    pub const NAMES: [&'static str; 2] = ["draw", "black_wins"];
}

/// `[scoring]`: points per result and what a draw counts as.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScoringKnobs {
    /// Points for a win (cxa-1999 §14.1: 1; cxa-2011 §13.1: 2; §13.3 and the office cup in
    /// club-and-local-rules-collection.txt: 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win: Option<PointsValue>,
    /// Points for a draw as Red (cxa-1999 §14.1: 0.5; cxa-2011 §13.1: 1; §13.3: 1, or 0 when
    /// Black's draw is worth 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_red: Option<PointsValue>,
    /// Points for a draw as Black (cxa-1999 §14.1: 0.5; cxa-2011 §13.1: 1; §13.3: 1 or 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_black: Option<PointsValue>,
    /// Points for a loss (0 in every rulebook).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loss: Option<PointsValue>,
    /// What a drawn game counts as: `draw`, or `black_wins` for an Armageddon game (如遇和棋黑方胜出,
    /// club-and-local-rules-collection.txt, 竞赛细则 一). Left out: as the parent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_result: Option<DrawResult>,
}

/// `[moves]`: movement knobs.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveKnobs {
    /// `must_not_be_left_attacked` (cxa-1999 §3, cxa-2011 §3.4 自杀, the mainstream Jieqi
    /// platforms: such a move is illegal and the game ends by checkmate or stalemate) or
    /// `may_be_left_attacked` (Jieqi trial rules §3.3, §4.4 自毙: legal, and the king may be
    /// captured). Left out: as the parent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub king_safety: Option<KingSafety>,
}

/// `[illegal_moves]`: what an illegal move in a record means.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IllegalMoveKnobs {
    /// `loss` (cxa-1999 §4.1.6; cxa-2011 §4.1.8 at national events) or `foul_and_replay` (cxa-2011
    /// §4.1.8, §8.1.8: provincial and junior events, the move is replaced).
    pub ruling: IllegalRuling,
}

/// The ruling on an illegal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IllegalRuling {
    /// The mover loses.
    Loss,
    /// A foul; the move must be replaced.
    FoulAndReplay,
}

impl IllegalRuling {
    /// The TOML spelling.
    pub const NAMES: [&'static str; 2] = ["loss", "foul_and_replay"];

    /// The core ruling citing `rule`.
    pub fn ruling(self, rule: RuleRef) -> IllegalMoveRuling {
        match self {
            IllegalRuling::Loss => IllegalMoveRuling::Loss { rule },
            IllegalRuling::FoulAndReplay => IllegalMoveRuling::FoulAndReplay { rule },
        }
    }
}

/// Largest number of points a knob accepts (no rulebook uses more than 3).
pub const MAX_POINTS: u32 = 1000;

/// A number of points in an overlay: a TOML integer (`3`), float (`0.5`) or string (`"0.5"`),
/// a non-negative multiple of 0.5 up to [`MAX_POINTS`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PointsValue(pub Points);

impl PointsValue {
    /// Reads a number of points from its TOML forms; `Err` says why.
    pub fn from_f64(x: f64) -> Result<PointsValue, String> {
        let halves = x * 2.0;
        if !x.is_finite() || x < 0.0 || x > f64::from(MAX_POINTS) || halves.fract() != 0.0 {
            return Err(format!(
                "{x} is not a number of points: expected a multiple of 0.5 from 0 to {MAX_POINTS}"
            ));
        }
        // In range and integral: the cast is exact.
        Ok(PointsValue(Points::from_halves(halves as u32)))
    }

    /// Reads the string form: digits, optionally `.0` or `.5` (trailing zeros allowed).
    pub fn from_text(s: &str) -> Result<PointsValue, String> {
        let bad = || {
            format!(
                "{s:?} is not a number of points: expected a multiple of 0.5 from 0 to {MAX_POINTS}, like \"2\" or \"0.5\""
            )
        };
        let (int, frac) = s.split_once('.').unwrap_or((s, "0"));
        let int_ok = !int.is_empty() && int.bytes().all(|b| b.is_ascii_digit());
        let frac_ok = matches!(frac.as_bytes().first(), Some(b'0' | b'5'))
            && frac.bytes().skip(1).all(|b| b == b'0');
        if !int_ok || !frac_ok {
            return Err(bad());
        }
        let p: Points = s.parse().map_err(|_| bad())?;
        if p > Points::whole(MAX_POINTS) {
            return Err(bad());
        }
        Ok(PointsValue(p))
    }
}

impl Serialize for PointsValue {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let h = self.0.halves();
        if h % 2 == 0 {
            s.serialize_u32(h / 2)
        } else {
            s.serialize_f64(f64::from(h) / 2.0)
        }
    }
}

impl<'de> Deserialize<'de> for PointsValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PointsValue, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = PointsValue;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a number of points (a multiple of 0.5, as a number or a string)")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<PointsValue, E> {
                if v > u64::from(MAX_POINTS) {
                    return Err(E::custom(format!(
                        "{v} points is more than the maximum {MAX_POINTS}"
                    )));
                }
                Ok(PointsValue(Points::whole(v as u32)))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<PointsValue, E> {
                match u64::try_from(v) {
                    Ok(u) => self.visit_u64(u),
                    Err(_) => Err(E::custom(format!("{v} points is negative"))),
                }
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<PointsValue, E> {
                PointsValue::from_f64(v).map_err(E::custom)
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<PointsValue, E> {
                PointsValue::from_text(v).map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

impl JsonSchema for PointsValue {
    fn schema_name() -> Cow<'static, str> {
        "Points".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A number of points: a non-negative multiple of 0.5 (at most 1000), as a number (`2`, `0.5`) or a string (`\"0.5\"`).",
            "anyOf": [
                { "type": "number", "minimum": 0, "maximum": MAX_POINTS, "multipleOf": 0.5 },
                { "type": "string", "pattern": "^[0-9]+(\\.[05]0*)?$" }
            ]
        })
    }
}

/// The JSON Schema of [`HouseVariant`] (draft-07, which taplo / Even Better TOML read), as
/// committed at `schema/house-variant.schema.json`.
pub fn schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft07().into_generator();
    let mut value = generator.into_root_schema_for::<HouseVariant>().to_value();
    tidy(&mut value);
    value
}

/// Shapes the generated schema for TOML, which has no null: an optional knob is its type (not
/// "that type or null"); descriptions are joined into paragraphs (doc comments wrap lines).
fn tidy(v: &mut serde_json::Value) {
    use serde_json::Value;
    match v {
        Value::Object(map) => {
            if let Some(Value::Array(types)) = map.get_mut("type") {
                types.retain(|t| t != "null");
                if types.len() == 1 {
                    let t = types.remove(0);
                    map.insert("type".to_owned(), t);
                }
            }
            if let Some(Value::Array(any)) = map.get("anyOf") {
                let null = serde_json::json!({ "type": "null" });
                if any.len() == 2 && any.contains(&null) {
                    let rest: Vec<Value> = any.iter().filter(|s| **s != null).cloned().collect();
                    map.remove("anyOf");
                    // draft-07 ignores siblings of `$ref`: keep it under `allOf`.
                    map.insert("allOf".to_owned(), Value::Array(rest));
                }
            }
            if let Some(Value::String(d)) = map.get_mut("description") {
                *d = d
                    .split("\n\n")
                    .map(|para| {
                        para.split('\n')
                            .map(str::trim)
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect::<Vec<_>>()
                    .join("\n\n");
                *d = plain_links(d);
            }
            map.values_mut().for_each(tidy);
        }
        Value::Array(items) => items.iter_mut().for_each(tidy),
        _ => {}
    }
}

/// `text` with rustdoc links (``[`Name`]``, from core's doc comments) written as code spans: an
/// editor shows the schema's descriptions as they are.
fn plain_links(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("[`") {
        let Some(len) = rest[start..].find("`]") else {
            break;
        };
        out.push_str(&rest[..start]);
        out.push_str(&rest[start + 1..start + len + 1]);
        rest = &rest[start + len + 2..];
    }
    out.push_str(rest);
    out
}

/// [`schema`] as pretty-printed JSON with a final newline: the exact text of the committed file.
pub fn schema_text() -> String {
    let mut s = serde_json::to_string_pretty(&schema()).unwrap_or_default();
    s.push('\n');
    s
}
