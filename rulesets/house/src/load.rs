//! Reading overlay files: every problem found, located by file, line, column and key path.
//!
//! The text is parsed once with `toml`'s spanned parser ([`toml::de::DeTable`]); the tree is
//! checked against the knobs of [`HouseVariant`] (unknown keys, types, ranges, required keys),
//! so that [`check`] reports every problem and not only the first; a tree without problems is
//! then deserialized into the typed [`HouseVariant`].

use serde::Deserialize;
use serde::Serialize;
use std::fmt;
use std::path::{Path, PathBuf};
use toml::de::DeTable;

use crate::checker::Checker;
use crate::shape::ROOT;
use crate::source::{Location, SourceMap};
use crate::variant::HouseVariant;

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
    pub(crate) problems: Vec<Problem>,
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
