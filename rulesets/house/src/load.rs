//! Reading overlay files: every problem found, located by file, line, column and key path.
//!
//! The text is parsed once with `toml`'s spanned parser ([`toml::de::DeTable`]); the tree is
//! checked against the knobs of [`HouseVariant`] (unknown keys, types, ranges, required keys),
//! so that [`check`] reports every problem and not only the first; a tree without problems is
//! then deserialized into the typed [`HouseVariant`].

use serde::Deserialize;
use serde::Serialize;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue};
use toml::Spanned;

use crate::source::{Location, SourceMap};
use crate::variant::{
    is_valid_id, DrawResult, HouseVariant, IllegalRuling, PointsValue, FORBIDDEN_NAMES,
};
use xqr_core::law::patch::{FALSE_ROOT_NAMES, KEY_POINT_NAMES, OWN_CHASE_NAMES};

/// What kind of problem an overlay has.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProblemKind {
    /// The file cannot be read, or is not UTF-8.
    Io,
    /// Not valid TOML.
    Syntax,
    /// A key the format does not have.
    UnknownKey,
    /// A required key is missing.
    MissingKey,
    /// A value of the wrong type (a string where a number is expected …).
    WrongType,
    /// A value of the right type outside its range or pattern.
    OutOfRange,
    /// `extends` names no loaded ruleset.
    UnknownParent,
    /// `extends` goes round in a cycle.
    Cycle,
    /// The id or an alias is already taken.
    DuplicateId,
    /// The parent failed to load.
    ParentFailed,
    /// The parent handed to the builder is not the one `extends` names.
    ParentMismatch,
    /// The parent cannot carry a knob (e.g. `[repetition]` on a parent without a Spec).
    Unsupported,
}

/// One problem of an overlay file: `FILE:LINE:COL: key.path: message`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// The overlay file.
    pub file: PathBuf,
    /// Where in the file, when known.
    pub location: Option<Location>,
    /// The key path concerned (`repetition.perpetual_chase`), empty for the whole file.
    pub key: String,
    /// What kind of problem.
    pub kind: ProblemKind,
    /// What is wrong, in words.
    pub message: String,
}

impl Problem {
    /// A problem of `file`.
    pub fn new(
        file: impl Into<PathBuf>,
        location: Option<Location>,
        key: impl Into<String>,
        kind: ProblemKind,
        message: impl Into<String>,
    ) -> Problem {
        Problem {
            file: file.into(),
            location,
            key: key.into(),
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(l) = self.location {
            write!(f, ":{}:{}", l.line, l.column)?;
        }
        if !self.key.is_empty() {
            write!(f, ": {}", self.key)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// An overlay that cannot be loaded or built: one or more located [`Problem`]s.
///
/// Displays one problem per line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverlayError {
    problems: Vec<Problem>,
}

impl OverlayError {
    /// An error of one problem.
    pub fn new(problem: Problem) -> OverlayError {
        OverlayError {
            problems: vec![problem],
        }
    }

    /// An error of several problems; `None` when there are none.
    pub fn from_problems(problems: Vec<Problem>) -> Option<OverlayError> {
        if problems.is_empty() {
            None
        } else {
            Some(OverlayError { problems })
        }
    }

    /// The problems, in file order (at least one).
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// The first problem.
    pub fn first(&self) -> &Problem {
        // Non-empty by construction.
        &self.problems[0]
    }

    /// The kind of the first problem.
    pub fn kind(&self) -> ProblemKind {
        self.first().kind
    }

    /// The overlay file of the first problem.
    pub fn file(&self) -> &Path {
        &self.first().file
    }

    /// The problems, owned.
    pub fn into_problems(self) -> Vec<Problem> {
        self.problems
    }
}

impl fmt::Display for OverlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for OverlayError {}

/// Reads an overlay from `text`; `path` names the file in errors and is not read.
///
/// Errors carry every problem found (see [`check`]).
pub fn load_str(text: &str, path: impl AsRef<Path>) -> Result<HouseVariant, OverlayError> {
    let path = path.as_ref();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut cx = Checker {
        text,
        file: path,
        problems: Vec::new(),
        source: SourceMap::default(),
    };
    let (doc, errors) = DeTable::parse_recoverable(text);
    if !errors.is_empty() {
        for e in errors {
            let loc = e.span().map(|s| Location::of_offset(text, s.start));
            let message = e.message().trim().to_owned();
            cx.problem(
                loc,
                "",
                ProblemKind::Syntax,
                format!("invalid TOML: {message}"),
            );
        }
        return Err(cx.into_error());
    }
    cx.table(doc.get_ref(), &ROOT, "", None);
    if !cx.problems.is_empty() {
        return Err(cx.into_error());
    }
    let de = toml::de::Deserializer::from(doc);
    match HouseVariant::deserialize(de) {
        Ok(mut v) => {
            v.source = cx.source;
            Ok(v)
        }
        Err(e) => {
            // The checks above mirror the typed knobs, so this is not expected; still located.
            let loc = e.span().map(|s| Location::of_offset(text, s.start));
            cx.problem(
                loc,
                "",
                ProblemKind::WrongType,
                e.message().trim().to_owned(),
            );
            Err(cx.into_error())
        }
    }
}

/// Reads the overlay file at `path` (UTF-8, a byte-order mark is skipped).
pub fn load_file(path: impl AsRef<Path>) -> Result<HouseVariant, OverlayError> {
    let path = path.as_ref();
    let io =
        |message: String| OverlayError::new(Problem::new(path, None, "", ProblemKind::Io, message));
    let bytes = std::fs::read(path).map_err(|e| io(format!("cannot read the file: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(&e.as_bytes()[..at]).into_owned();
        OverlayError::new(Problem::new(
            path,
            Some(Location::of_offset(&text, at)),
            "",
            ProblemKind::Io,
            format!("the file is not UTF-8 text (invalid byte at offset {at})"),
        ))
    })?;
    load_str(&text, path)
}

/// Every problem of the overlay `text` (empty when it loads), in file order: for
/// `xqr check-ruleset`. Checks the file alone; whether its parent exists is checked by
/// [`crate::check_against`].
pub fn check(text: &str, path: impl AsRef<Path>) -> Vec<Problem> {
    match load_str(text, path) {
        Ok(_) => Vec::new(),
        Err(e) => e.into_problems(),
    }
}

// ---------------------------------------------------------------------------------------------
// The shape of an overlay, mirrored from `HouseVariant` (a test keeps both in step with the
// generated schema).

#[derive(Copy, Clone)]
enum Leaf {
    /// A ruleset id.
    Id,
    /// A string; `true` when it must not be empty.
    Text(bool),
    /// An integer in `min..=max`, described.
    Int(i64, i64, &'static str),
    /// One of the strings.
    Choice(&'static [&'static str]),
    /// `true` or `false`.
    Bool,
    /// `false`, `true` or a non-empty string (an article).
    Switch,
    /// `false` or one of the strings.
    ChoiceOrOff(&'static [&'static str]),
    /// An array of distinct strings, each one of these.
    Choices(&'static [&'static str]),
    /// A number of points.
    Points,
    /// An array of ids.
    Ids,
    /// A table of strings.
    Strings,
}

#[derive(Copy, Clone)]
enum Node {
    Leaf(Leaf),
    Table(&'static TableSpec),
}

struct Field {
    name: &'static str,
    node: Node,
    required: bool,
}

pub(crate) struct TableSpec {
    fields: &'static [Field],
}

impl TableSpec {
    fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.fields.iter().map(|f| f.name)
    }
}

const fn opt(name: &'static str, node: Node) -> Field {
    Field {
        name,
        node,
        required: false,
    }
}

const fn req(name: &'static str, node: Node) -> Field {
    Field {
        name,
        node,
        required: true,
    }
}

/// The TOML spelling of a verdict policy (`ViolationPolicy`).
const POLICY_NAMES: [&str; 3] = ["loses", "must_change", "draw"];
/// The TOML spelling of `RepetitionCount`.
const COUNT_NAMES: [&str; 2] = ["occurrences", "cycles"];
/// The TOML spelling of `Counting`.
const PROCEDURE_NAMES: [&str; 2] = ["cxa-1999", "cxa-2011"];
/// The TOML spelling of `BothForbidden`.
const BOTH_FORBIDDEN_NAMES: [&str; 2] = ["draw", "precedence"];
/// The TOML spelling of `KingSafety`.
const KING_SAFETY_NAMES: [&str; 2] = ["must_not_be_left_attacked", "may_be_left_attacked"];

const POLICY: Node = Node::Leaf(Leaf::Choice(&POLICY_NAMES));
const REPETITIONS: Node = Node::Leaf(Leaf::Int(
    2,
    10,
    "the number of 循环反复N次 (cycles or occurrences, as `count` says)",
));

pub(crate) static REPETITION: TableSpec = TableSpec {
    fields: &[
        opt("perpetual_check", POLICY),
        opt("perpetual_mate_threat", POLICY),
        opt("perpetual_chase", POLICY),
        opt("check_and_mate_threat", POLICY),
        opt("check_and_chase", POLICY),
        opt("mate_threat_and_chase", POLICY),
        opt("repetitions", REPETITIONS),
        opt("count", Node::Leaf(Leaf::Choice(&COUNT_NAMES))),
        opt("forbidden", Node::Leaf(Leaf::Choices(&FORBIDDEN_NAMES))),
    ],
};

const SWITCH: Node = Node::Leaf(Leaf::Switch);
const OWN_CHASE: Node = Node::Leaf(Leaf::Choice(&OWN_CHASE_NAMES));

pub(crate) static DEFINITIONS: TableSpec = TableSpec {
    fields: &[
        opt("floating_crossed_pawn", Node::Leaf(Leaf::Bool)),
        opt(
            "mate_threat",
            Node::Leaf(Leaf::Int(1, 5, "consecutive checks searched for a mate")),
        ),
        opt(
            "chase_through_checks",
            Node::Leaf(Leaf::Int(0, 3, "checks before the winning capture")),
        ),
        opt("king_chase", OWN_CHASE),
        opt("pawn_chase", OWN_CHASE),
        opt(
            "defensive_key_point",
            Node::Leaf(Leaf::ChoiceOrOff(&KEY_POINT_NAMES)),
        ),
        opt("false_root", Node::Leaf(Leaf::Choice(&FALSE_ROOT_NAMES))),
        opt("king_answers_check", SWITCH),
        opt("checker_exposed_chase", SWITCH),
        opt("self_destroying_check", SWITCH),
        opt("root_and_pinned_captures", SWITCH),
        opt("screen_landing", SWITCH),
        opt("pawn_trades", SWITCH),
        opt("pawn_discovered", SWITCH),
        opt("costly_offers", SWITCH),
        opt("rook_pair_unrooted", SWITCH),
        opt("rook_pair_contact", SWITCH),
    ],
};

pub(crate) static COUNTING: TableSpec = TableSpec {
    fields: &[
        opt("procedure", Node::Leaf(Leaf::Choice(&PROCEDURE_NAMES))),
        opt("repetitions", REPETITIONS),
        opt("count", Node::Leaf(Leaf::Choice(&COUNT_NAMES))),
    ],
};

pub(crate) static BOTH_FORBIDDEN: TableSpec = TableSpec {
    fields: &[req(
        "ruling",
        Node::Leaf(Leaf::Choice(&BOTH_FORBIDDEN_NAMES)),
    )],
};

pub(crate) static NATURAL_LIMIT: TableSpec = TableSpec {
    fields: &[
        req(
            "moves",
            Node::Leaf(Leaf::Int(1, 300, "moves by both sides without a capture")),
        ),
        opt(
            "check_cap",
            Node::Leaf(Leaf::Int(0, 100, "checks of the claimant counted")),
        ),
    ],
};

pub(crate) static SCORING: TableSpec = TableSpec {
    fields: &[
        opt("win", Node::Leaf(Leaf::Points)),
        opt("draw_red", Node::Leaf(Leaf::Points)),
        opt("draw_black", Node::Leaf(Leaf::Points)),
        opt("loss", Node::Leaf(Leaf::Points)),
        opt("draw_result", Node::Leaf(Leaf::Choice(&DrawResult::NAMES))),
    ],
};

pub(crate) static ILLEGAL_MOVES: TableSpec = TableSpec {
    fields: &[req(
        "ruling",
        Node::Leaf(Leaf::Choice(&IllegalRuling::NAMES)),
    )],
};

pub(crate) static MOVES: TableSpec = TableSpec {
    fields: &[opt(
        "king_safety",
        Node::Leaf(Leaf::Choice(&KING_SAFETY_NAMES)),
    )],
};

pub(crate) static ROOT: TableSpec = TableSpec {
    fields: &[
        req("id", Node::Leaf(Leaf::Id)),
        req("name", Node::Leaf(Leaf::Text(true))),
        req("extends", Node::Leaf(Leaf::Id)),
        req("rule_source", Node::Leaf(Leaf::Text(true))),
        opt("aliases", Node::Leaf(Leaf::Ids)),
        opt("description", Node::Leaf(Leaf::Text(false))),
        opt("repetition", Node::Table(&REPETITION)),
        opt("definitions", Node::Table(&DEFINITIONS)),
        opt("counting", Node::Table(&COUNTING)),
        opt("both_forbidden", Node::Table(&BOTH_FORBIDDEN)),
        opt("natural_limit", Node::Table(&NATURAL_LIMIT)),
        opt("scoring", Node::Table(&SCORING)),
        opt("illegal_moves", Node::Table(&ILLEGAL_MOVES)),
        opt("moves", Node::Table(&MOVES)),
        opt("metadata", Node::Leaf(Leaf::Strings)),
    ],
};

/// The key names of the format, by table (`""` for the top level): for tests that compare them
/// with the schema.
pub fn format_keys() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        ("", ROOT.names().collect()),
        ("repetition", REPETITION.names().collect()),
        ("definitions", DEFINITIONS.names().collect()),
        ("counting", COUNTING.names().collect()),
        ("both_forbidden", BOTH_FORBIDDEN.names().collect()),
        ("natural_limit", NATURAL_LIMIT.names().collect()),
        ("scoring", SCORING.names().collect()),
        ("illegal_moves", ILLEGAL_MOVES.names().collect()),
        ("moves", MOVES.names().collect()),
    ]
}

struct Checker<'a> {
    text: &'a str,
    file: &'a Path,
    problems: Vec<Problem>,
    source: SourceMap,
}

fn join(prefix: &str, key: &str) -> String {
    if prefix.is_empty() {
        key.to_owned()
    } else {
        format!("{prefix}.{key}")
    }
}

fn a_or_an(type_str: &str) -> &'static str {
    if type_str.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

impl Checker<'_> {
    fn at(&self, span: Range<usize>) -> Option<Location> {
        Some(Location::of_offset(self.text, span.start))
    }

    fn problem(
        &mut self,
        location: Option<Location>,
        key: &str,
        kind: ProblemKind,
        message: String,
    ) {
        self.problems
            .push(Problem::new(self.file, location, key, kind, message));
    }

    fn into_error(mut self) -> OverlayError {
        // File order; problems without a location (missing top-level keys) last.
        self.problems
            .sort_by_key(|p| (p.location.is_none(), p.location));
        OverlayError {
            problems: self.problems,
        }
    }

    /// The source text of a value, shortened, for messages.
    fn snippet(&self, span: Range<usize>) -> String {
        let s = self.text.get(span).unwrap_or("").trim();
        let short: String = s.chars().take(40).collect();
        if short.len() < s.len() {
            format!("{short}…")
        } else {
            short
        }
    }

    fn wrong_type(&mut self, path: &str, v: &Spanned<DeValue<'_>>, expected: &str) {
        let t = v.get_ref().type_str();
        let msg = format!(
            "expected {expected}, found {} {t} `{}`",
            a_or_an(t),
            self.snippet(v.span())
        );
        self.problem(self.at(v.span()), path, ProblemKind::WrongType, msg);
    }

    fn table(
        &mut self,
        table: &DeTable<'_>,
        spec: &TableSpec,
        prefix: &str,
        header: Option<Location>,
    ) {
        for (key, value) in table.iter() {
            let name: &str = key.get_ref();
            let path = join(prefix, name);
            let key_loc = self.at(key.span());
            let Some(field) = spec.fields.iter().find(|f| f.name == name) else {
                let allowed: Vec<&str> = spec.names().collect();
                let hint = suggest(name, &allowed)
                    .map(|s| format!("did you mean `{s}`? "))
                    .unwrap_or_default();
                let within = if prefix.is_empty() {
                    "at the top level".to_owned()
                } else {
                    format!("in [{prefix}]")
                };
                let msg = format!(
                    "unknown key `{name}` {within}; {hint}allowed keys: {}",
                    allowed.join(", ")
                );
                self.problem(key_loc, &path, ProblemKind::UnknownKey, msg);
                continue;
            };
            if let (Some(k), Some(v)) = (key_loc, self.at(value.span())) {
                self.source.insert(path.clone(), k, v);
            }
            match field.node {
                Node::Table(sub) => match value.get_ref() {
                    DeValue::Table(t) => {
                        let header = self.at(value.span());
                        self.table(t, sub, &path, header)
                    }
                    _ => self.wrong_type(&path, value, &format!("a table ([{path}])")),
                },
                Node::Leaf(leaf) => self.leaf(&path, value, leaf),
            }
        }
        for f in spec.fields.iter().filter(|f| f.required) {
            if !table.contains_key(f.name) {
                let path = join(prefix, f.name);
                let within = if prefix.is_empty() {
                    String::new()
                } else {
                    format!(" in [{prefix}]")
                };
                let msg = format!("missing required key `{}`{within}", f.name);
                self.problem(header, &path, ProblemKind::MissingKey, msg);
            }
        }
    }

    fn leaf(&mut self, path: &str, v: &Spanned<DeValue<'_>>, leaf: Leaf) {
        let loc = self.at(v.span());
        match leaf {
            Leaf::Id => match v.get_ref() {
                DeValue::String(s) => self.id(path, loc, s),
                _ => self.wrong_type(path, v, "a string (a ruleset id)"),
            },
            Leaf::Text(nonempty) => match v.get_ref() {
                DeValue::String(s) if nonempty && s.trim().is_empty() => self.problem(
                    loc,
                    path,
                    ProblemKind::OutOfRange,
                    "must not be empty".to_owned(),
                ),
                DeValue::String(_) => {}
                _ => self.wrong_type(path, v, "a string"),
            },
            Leaf::Int(min, max, what) => match v.get_ref() {
                DeValue::Integer(i) => {
                    let n = i64::from_str_radix(i.as_str(), i.radix()).ok();
                    if !n.is_some_and(|n| (min..=max).contains(&n)) {
                        let msg = format!(
                            "{} is out of range: expected {what}, an integer from {min} to {max}",
                            self.snippet(v.span())
                        );
                        self.problem(loc, path, ProblemKind::OutOfRange, msg);
                    }
                }
                _ => self.wrong_type(path, v, &format!("an integer from {min} to {max} ({what})")),
            },
            Leaf::Bool => {
                if !matches!(v.get_ref(), DeValue::Boolean(_)) {
                    self.wrong_type(path, v, "`true` or `false`")
                }
            }
            Leaf::Switch => match v.get_ref() {
                DeValue::Boolean(_) => {}
                DeValue::String(s) if s.trim().is_empty() => self.problem(
                    loc,
                    path,
                    ProblemKind::OutOfRange,
                    "an empty article: write `true` to cite the variant's rule_source, or the article".to_owned(),
                ),
                DeValue::String(_) => {}
                _ => self.wrong_type(
                    path,
                    v,
                    "`true`, `false` or an article string (on, citing it)",
                ),
            },
            Leaf::ChoiceOrOff(names) => match v.get_ref() {
                DeValue::Boolean(false) => {}
                DeValue::Boolean(true) => {
                    let expected = names
                        .iter()
                        .map(|n| format!("\"{n}\""))
                        .collect::<Vec<_>>()
                        .join(", ");
                    let msg = format!("`true` does not say which reading: expected `false` or one of {expected}");
                    self.problem(loc, path, ProblemKind::OutOfRange, msg);
                }
                DeValue::String(_) => self.leaf(path, v, Leaf::Choice(names)),
                _ => {
                    let expected = names
                        .iter()
                        .map(|n| format!("\"{n}\""))
                        .collect::<Vec<_>>()
                        .join(", ");
                    self.wrong_type(path, v, &format!("`false` or one of {expected}"))
                }
            },
            Leaf::Choices(names) => match v.get_ref() {
                DeValue::Array(items) => {
                    let mut seen: Vec<&str> = Vec::new();
                    for (i, item) in items.iter().enumerate() {
                        let p = format!("{path}[{i}]");
                        if let Some(l) = self.at(item.span()) {
                            self.source.insert(p.clone(), l, l);
                        }
                        if let DeValue::String(s) = item.get_ref() {
                            if seen.contains(&s.as_ref()) {
                                let msg = format!("\"{s}\" is listed twice");
                                self.problem(
                                    self.at(item.span()),
                                    &p,
                                    ProblemKind::OutOfRange,
                                    msg,
                                );
                                continue;
                            }
                            seen.push(s);
                        }
                        self.leaf(&p, item, Leaf::Choice(names));
                    }
                }
                _ => {
                    let expected = names
                        .iter()
                        .map(|n| format!("\"{n}\""))
                        .collect::<Vec<_>>()
                        .join(", ");
                    self.wrong_type(path, v, &format!("an array of {expected}"))
                }
            },
            Leaf::Choice(names) => {
                let expected = names
                    .iter()
                    .map(|n| format!("\"{n}\""))
                    .collect::<Vec<_>>()
                    .join(", ");
                match v.get_ref() {
                    DeValue::String(s) if names.contains(&s.as_ref()) => {}
                    DeValue::String(s) => {
                        let hint = suggest(s, names)
                            .map(|n| format!(" (did you mean \"{n}\"?)"))
                            .unwrap_or_default();
                        let msg = format!("expected one of {expected}; found \"{s}\"{hint}");
                        self.problem(loc, path, ProblemKind::OutOfRange, msg);
                    }
                    _ => self.wrong_type(path, v, &format!("one of {expected}")),
                }
            }
            Leaf::Points => {
                let read = match v.get_ref() {
                    DeValue::Integer(i) => match i64::from_str_radix(i.as_str(), i.radix()) {
                        Ok(n) if n >= 0 => u32::try_from(n)
                            .map_err(|_| format!("{n} points is too many"))
                            .and_then(|n| PointsValue::from_f64(f64::from(n))),
                        _ => Err(format!(
                            "{} is not a number of points: expected a non-negative multiple of 0.5",
                            self.snippet(v.span())
                        )),
                    },
                    DeValue::Float(f) => match f.as_str().parse::<f64>() {
                        Ok(x) => PointsValue::from_f64(x),
                        Err(_) => Err(format!("{} is not a number of points", f.as_str())),
                    },
                    DeValue::String(s) => PointsValue::from_text(s),
                    _ => {
                        self.wrong_type(
                            path,
                            v,
                            "a number of points (a multiple of 0.5, as a number or a string)",
                        );
                        return;
                    }
                };
                if let Err(msg) = read {
                    self.problem(loc, path, ProblemKind::OutOfRange, msg);
                }
            }
            Leaf::Ids => match v.get_ref() {
                DeValue::Array(items) => {
                    for (i, item) in items.iter().enumerate() {
                        let p = format!("{path}[{i}]");
                        if let Some(l) = self.at(item.span()) {
                            self.source.insert(p.clone(), l, l);
                        }
                        match item.get_ref() {
                            DeValue::String(s) => self.id(&p, self.at(item.span()), s),
                            _ => self.wrong_type(&p, item, "a string (a ruleset id)"),
                        }
                    }
                }
                _ => self.wrong_type(path, v, "an array of strings (ruleset ids)"),
            },
            Leaf::Strings => match v.get_ref() {
                DeValue::Table(t) => {
                    for (k, item) in t.iter() {
                        let p = join(path, k.get_ref());
                        if let (Some(kl), Some(vl)) = (self.at(k.span()), self.at(item.span())) {
                            self.source.insert(p.clone(), kl, vl);
                        }
                        if !item.get_ref().is_str() {
                            self.wrong_type(&p, item, "a string");
                        }
                    }
                }
                _ => self.wrong_type(path, v, "a table of strings"),
            },
        }
    }

    fn id(&mut self, path: &str, loc: Option<Location>, s: &str) {
        if !is_valid_id(s) {
            let msg = format!(
                "{s:?} is not a valid id: expected lower-case letters, digits and `-`, starting with a letter or digit (pattern ^[a-z0-9][a-z0-9-]*$, e.g. \"cxa-1999\")"
            );
            self.problem(loc, path, ProblemKind::OutOfRange, msg);
        }
    }
}

/// The allowed name closest to `name`, if close enough to be a likely typo.
fn suggest<'a>(name: &str, allowed: &[&'a str]) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).clamp(1, 3);
    allowed
        .iter()
        .map(|a| (edit_distance(name, a), *a))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, a)| a)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_catch_typos_only() {
        let allowed = ["perpetual_chase", "perpetual_check", "repetitions"];
        assert_eq!(
            suggest("perpetual_chasse", &allowed),
            Some("perpetual_chase")
        );
        assert_eq!(suggest("repetition", &allowed), Some("repetitions"));
        assert_eq!(suggest("colour", &allowed), None);
    }
}
