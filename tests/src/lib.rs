//! # xqr-tests
//!
//! The workspace-level conformance suite. A fixture (`tests/fixtures/*.toml`) is a game — start
//! position, moves, record tags — with the articles it exercises and, optionally, the result each
//! ruleset must give. `tests/tests/conformance.rs` judges every fixture under every loaded
//! ruleset (static, overlay and plugin), asserts the stated expectations for every ruleset, and
//! snapshots the verdicts with `insta`: the static editions' always, an overlay's or plugin's
//! only where it differs from the verdict of the ruleset it extends. One verdict matrix
//! (fixtures × rulesets) shows every cell.
//!
//! The fixture format is described by a JSON Schema generated from [`Fixture`] and committed at
//! `schema/fixture.schema.json` (regenerate with
//! `XQR_UPDATE_SCHEMA=1 cargo test -p xqr-tests --test fixture_schema`).

#![warn(missing_docs)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde::{Deserialize, Serialize};
use xqr_core::rules::{ClaimPolicy, GameInput, IllegalMovePolicy, JudgeOptions};

/// A conformance fixture.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Fixture {
    /// What the fixture shows, in one line.
    pub title: String,
    /// The articles and examples it exercises, e.g. `cxa-1999 §26.1, chapter 7 example 1`.
    pub source: String,
    /// Whether the position was constructed to fit an example whose diagram is lost.
    #[serde(default)]
    pub constructed: bool,
    /// Start position in FEN (default: the ruleset's start position).
    #[serde(default)]
    pub fen: Option<String>,
    /// Moves, separated by spaces (ICCS, WXF or Chinese).
    #[serde(default)]
    pub moves: String,
    /// Record tags (`Result`, `Termination` …).
    #[serde(default)]
    pub tags: BTreeMap<String, String>,
    /// What an illegal move means: `reject` (an input error, the default) or `rule` (the
    /// edition's ruling).
    #[serde(default)]
    pub illegal_moves: Option<IllegalMovesSetting>,
    /// How the record is judged: `as_played` (the default: claims nobody made are reported and
    /// judging goes on) or `first` (the first successful claim ends the game).
    #[serde(default)]
    pub claim: Option<ClaimSetting>,
    /// Free text: why the position and moves show what they show.
    #[serde(default)]
    pub notes: Option<String>,
    /// The difference between the 1999 and 2011 editions this fixture shows; such a fixture
    /// states the expected verdict under both `cxa-1999` and `cxa-2011`, and is listed in
    /// `docs/cxa-1999-vs-2011.md`.
    #[serde(default)]
    pub difference: Option<Difference>,
    /// The difference between the CXA editions and the AXF rules this fixture shows; such a
    /// fixture states the expected verdict under `cxa-1999`, `cxa-2011` and `axf`, and is
    /// listed in `docs/cxa-vs-axf.md`.
    #[serde(default)]
    pub axf_difference: Option<AxfDifference>,
    /// Expected verdicts by ruleset id; rulesets not named are only snapshotted (an overlay or
    /// plugin only where its verdict differs from its parent's).
    #[serde(default)]
    pub expect: BTreeMap<String, Expectation>,
}

/// A difference between CXA 1999 and CXA 2011 shown by a fixture.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Difference {
    /// The 2011 articles that rule, e.g. `§23.5.2.2`.
    pub cxa_2011: String,
    /// The 1999 articles that rule, e.g. `§24.3`.
    pub cxa_1999: String,
    /// What differs, in one line.
    pub what: String,
}

/// A difference between the CXA editions and the AXF rules shown by a fixture.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AxfDifference {
    /// The AXF rules, terms or diagrams that rule, e.g. `rule 12, D13`.
    pub axf: String,
    /// The CXA 1999 articles that rule, e.g. `§26.4`.
    pub cxa_1999: String,
    /// The CXA 2011 articles that rule, e.g. `§26.8.1`.
    pub cxa_2011: String,
    /// What differs, in one line.
    pub what: String,
}

/// `illegal_moves` of a fixture.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IllegalMovesSetting {
    /// An illegal move is an input error.
    Reject,
    /// The edition's ruling applies.
    Rule,
}

/// `claim` of a fixture.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ClaimSetting {
    /// The record as played.
    AsPlayed,
    /// Up to its first successful claim.
    First,
}

/// A claim a ruleset must list; every field given is checked.
#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClaimExpectation {
    /// The first ply after which the claim would succeed.
    pub ply: u32,
    /// The last ply after which it would still succeed.
    #[serde(default)]
    pub until_ply: Option<u32>,
    /// Who would claim: `red`, `black` or `either`.
    #[serde(default)]
    pub claimant: Option<String>,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// The termination.
    #[serde(default)]
    pub termination: Option<String>,
    /// The article, as `ruleset §article`.
    #[serde(default)]
    pub rule: Option<String>,
}

/// What a ruleset must decide; every field given is checked.
#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Expectation {
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// The termination (`checkmate`, `perpetual_check` …).
    #[serde(default)]
    pub termination: Option<String>,
    /// The article, as `ruleset §article`; for a pending verdict the article of the obligation.
    #[serde(default)]
    pub rule: Option<String>,
    /// The ply after which the game is decided.
    #[serde(default)]
    pub decided_at_ply: Option<u32>,
    /// The side that must change (`red` or `black`) when the verdict is pending.
    #[serde(default)]
    pub pending: Option<String>,
    /// The side that broke a rule.
    #[serde(default)]
    pub offender: Option<String>,
    /// An input error is expected instead of a verdict; the text must occur in the message.
    #[serde(default)]
    pub error: Option<String>,
    /// The claims the verdict lists, all of them and in order, when given (`[]`: none).
    #[serde(default)]
    pub claims: Option<Vec<ClaimExpectation>>,
}

impl Expectation {
    /// The expected verdict as the generated difference tables show it: result, termination
    /// or the side that must change, the article and the ply.
    pub fn table_cell(&self) -> String {
        if let Some(err) = &self.error {
            return format!("input error ({err})");
        }
        let what = match (&self.termination, &self.pending) {
            (Some(t), _) => format!("{} {t}", self.result),
            (None, Some(side)) => format!("{} — {side} must change", self.result),
            (None, None) if self.result == "*" => "* undecided".to_owned(),
            (None, None) => self.result.clone(),
        };
        let rule = self
            .rule
            .as_ref()
            .map_or(String::new(), |r| format!(" ({r})"));
        let ply = self
            .decided_at_ply
            .map_or(String::new(), |p| format!(", ply {p}"));
        format!("{what}{rule}{ply}")
    }

    /// What the expected verdict decides, citations aside: two editions differ when this does.
    pub fn decides(&self) -> (String, Option<String>, Option<String>, Option<u32>) {
        (
            self.result.clone(),
            self.termination.clone(),
            self.pending.clone(),
            self.decided_at_ply,
        )
    }
}

impl Fixture {
    /// The game to judge.
    pub fn input(&self) -> GameInput {
        GameInput {
            fen: self.fen.clone(),
            moves: self
                .moves
                .split_whitespace()
                .map(xqr_core::MoveText::from)
                .collect(),
            tags: self.tags.clone(),
        }
    }

    /// The judging options.
    pub fn options(&self) -> JudgeOptions {
        JudgeOptions {
            illegal_moves: match self.illegal_moves {
                Some(IllegalMovesSetting::Rule) => IllegalMovePolicy::Rule,
                _ => IllegalMovePolicy::Reject,
            },
            all_plies: false,
            claim: match self.claim {
                Some(ClaimSetting::First) => ClaimPolicy::First,
                _ => ClaimPolicy::AsPlayed,
            },
        }
    }
}

/// The workspace root.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is inside the workspace")
        .to_path_buf()
}

/// The fixture directory.
pub fn fixture_dir() -> PathBuf {
    workspace().join("tests").join("fixtures")
}

/// The overlays the suite loads besides the shipped ones: the other readings of articles an
/// edition settles one way (`tests/variants/*.toml`), so that fixtures can state what each
/// reading gives.
pub fn variant_dir() -> PathBuf {
    workspace().join("tests").join("variants")
}

/// Checks that the part of the document at `path` (relative to the workspace) between the
/// lines `begin` and `end` is `wanted`; with `XQR_UPDATE_DOCS` set, writes it instead. Panics
/// when the markers are missing or the part is stale, saying how to regenerate it (`command`).
pub fn check_generated(path: &str, begin: &str, end: &str, wanted: &str, command: &str) {
    let path = workspace().join(path);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (Some(b), Some(e)) = (text.find(begin), text.find(end)) else {
        panic!(
            "{}: the markers {begin:?} and {end:?} are missing",
            path.display()
        );
    };
    if &text[b + begin.len()..e] == wanted {
        return;
    }
    if std::env::var_os("XQR_UPDATE_DOCS").is_some() {
        let updated = format!("{}{begin}{wanted}{}", &text[..b], &text[e..]);
        std::fs::write(&path, updated).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    panic!(
        "{} is stale: regenerate with XQR_UPDATE_DOCS=1 {command}",
        path.display()
    );
}

/// Reads and parses a fixture, naming the file in errors.
pub fn load(path: &Path) -> Result<Fixture, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Every fixture file, sorted by name.
pub fn fixture_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(fixture_dir())
        .expect("tests/fixtures exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    v.sort();
    v
}

/// The JSON Schema of the fixture format, as committed.
pub fn schema_text() -> String {
    let schema = schemars::generate::SchemaSettings::draft07()
        .into_generator()
        .into_root_schema_for::<Fixture>();
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema serializes");
    text.push('\n');
    text
}

/// Builds the dynamic plugin crates of the workspace (club-casual) into `target/plugin-build`
/// and returns the directory holding the libraries. The flags match `host/tests/plugins.rs`, so
/// both share one build.
pub fn build_plugins() -> Result<PathBuf, String> {
    let root = workspace();
    let target = root.join("target").join("plugin-build");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(&root)
        .args([
            "build",
            "-p",
            "xqr-club-casual",
            "--lib",
            "--config",
            "profile.dev.package.\"*\".opt-level=0",
            "--config",
            "profile.dev.debug=0",
            "--target-dir",
        ])
        .arg(&target)
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "building the plugins failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    // Only the plugin libraries, not the other artefacts of the build.
    let dir = target.join("conformance-plugins");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let name = format!(
        "{}xqr_club_casual{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    std::fs::copy(target.join("debug").join(&name), dir.join(&name))
        .map_err(|e| format!("{name}: {e}"))?;
    Ok(dir)
}
