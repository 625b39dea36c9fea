//! Every fixture under every loaded ruleset — static, house-variant overlays (the shipped ones and
//! the readings in `tests/variants/`) and the dynamic plugin — with stated expectations asserted
//! first for every ruleset, then verdicts snapshotted (`insta`, YAML): one snapshot per fixture
//! holding the verdict of every ruleset that extends no other, and the verdict of a ruleset that
//! extends another (an overlay, the plugin) only where it differs from its parent's. One verdict
//! matrix shows every cell, and no snapshot file is left that no fixture produces.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use xqr_core::registry::Registry;
use xqr_host::loading::{load, Sources, STATIC_RULESETS};
use xqr_tests::{build_plugins, fixture_files, load as load_fixture, Expectation, Fixture};

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let plugins = build_plugins().unwrap_or_else(|e| panic!("{e}"));
        let loaded = load(&Sources {
            plugin_dirs: vec![plugins],
            overlay_dirs: vec![xqr_tests::variant_dir()],
            use_environment: false,
        });
        assert!(
            loaded.problems.is_empty(),
            "loading problems: {:?}",
            loaded.problems
        );
        loaded.registry
    })
}

/// The rulesets every run must see: static, overlays and the plugin.
#[test]
fn expected_rulesets_are_loaded() {
    let reg = registry();
    for id in STATIC_RULESETS.iter().chain(&[
        "lenient",
        "quick-limit",
        "club-casual",
        "cxa-1999-third-occurrence",
        "cxa-1999-king-answer-idle",
    ]) {
        assert!(reg.get(id).is_some(), "ruleset {id} is not loaded");
    }
    let statics: Vec<&str> = reg
        .iter()
        .filter(|r| r.meta().origin == xqr_core::rules::Origin::Static)
        .map(|r| r.meta().id.as_str())
        .collect();
    assert_eq!(statics, STATIC_RULESETS);
    let plugin = reg.get("club-casual").expect("loaded");
    assert_eq!(plugin.meta().origin.kind(), "plugin");
}

/// A verdict or an error, as snapshotted.
#[derive(serde::Serialize)]
#[serde(untagged)]
enum Outcome {
    Verdict(Box<xqr_core::rules::Verdict>),
    Error { error: String },
}

fn judge_all(fixture: &Fixture) -> BTreeMap<String, Outcome> {
    registry()
        .iter()
        .map(|rs| {
            let outcome = match rs.judge(&fixture.input(), &fixture.options()) {
                Ok(v) => Outcome::Verdict(Box::new(v)),
                Err(e) => Outcome::Error {
                    error: e.to_string(),
                },
            };
            (rs.meta().id.clone(), outcome)
        })
        .collect()
}

/// The ruleset `id` extends, by its id, if any. The parent must be loaded.
fn parent_of(id: &str) -> Option<String> {
    let reg = registry();
    let extends = reg.get(id)?.meta().extends.clone()?;
    let parent = reg
        .get(&extends)
        .unwrap_or_else(|| panic!("{id} extends {extends}, which is not loaded"));
    Some(parent.meta().id.clone())
}

/// An outcome of the ruleset `id` as compared with its parent's: its own id set aside, in the
/// verdict's `ruleset` field and at the head of an error ("ruleset ID cannot judge …").
fn comparable(id: &str, outcome: &Outcome) -> serde_json::Value {
    match outcome {
        Outcome::Verdict(v) => {
            let mut value = serde_json::to_value(v).expect("a verdict serializes");
            if let Some(fields) = value.as_object_mut() {
                fields.remove("ruleset");
            }
            value
        }
        Outcome::Error { error } => {
            serde_json::Value::String(error.replacen(&format!("ruleset {id} "), "ruleset ", 1))
        }
    }
}

/// The outcomes a fixture's snapshot holds: every ruleset that extends no other (the static
/// editions), and a ruleset that extends another only where its outcome differs from its
/// parent's on this fixture. A verdict inherited unchanged is shown by the verdict matrix alone.
fn snapshotted(outcomes: &BTreeMap<String, Outcome>) -> BTreeMap<&str, &Outcome> {
    outcomes
        .iter()
        .filter(|(id, outcome)| {
            parent_of(id).is_none_or(|parent| {
                let theirs = outcomes
                    .get(&parent)
                    .unwrap_or_else(|| panic!("{id}: no outcome for its parent {parent}"));
                comparable(id, outcome) != comparable(&parent, theirs)
            })
        })
        .map(|(id, outcome)| (id.as_str(), outcome))
        .collect()
}

fn check_expectation(name: &str, id: &str, e: &Expectation, outcome: &Outcome) {
    let v = match (outcome, &e.error) {
        (Outcome::Error { error }, Some(want)) => {
            assert!(
                error.contains(want.as_str()),
                "{name} under {id}: error {error:?} lacks {want:?}"
            );
            return;
        }
        (Outcome::Error { error }, None) => panic!("{name} under {id}: unexpected error {error}"),
        (Outcome::Verdict(v), Some(want)) => {
            panic!("{name} under {id}: expected an error {want:?}, got {v:?}")
        }
        (Outcome::Verdict(v), None) => v,
    };
    assert_eq!(
        v.result.pgn(),
        e.result,
        "{name} under {id}: result ({})",
        v.explanation
    );
    if let Some(t) = &e.termination {
        assert_eq!(
            v.termination.as_ref().map(|t| t.to_string()).as_deref(),
            Some(t.as_str()),
            "{name} under {id}: termination"
        );
    }
    if let Some(r) = &e.rule {
        let got = v
            .rule
            .as_ref()
            .or(v.pending.as_ref().map(|p| &p.rule))
            .map(|r| r.to_string());
        assert_eq!(got.as_deref(), Some(r.as_str()), "{name} under {id}: rule");
    }
    if let Some(p) = e.decided_at_ply {
        assert_eq!(
            v.decided_at_ply,
            Some(p),
            "{name} under {id}: decided_at_ply"
        );
    }
    if let Some(side) = &e.pending {
        let got = v.pending.as_ref().map(|p| p.must_change.name());
        assert_eq!(got, Some(side.as_str()), "{name} under {id}: pending");
    }
    if let Some(side) = &e.offender {
        assert_eq!(
            v.offender.map(|c| c.name()),
            Some(side.as_str()),
            "{name} under {id}: offender"
        );
    }
    if let Some(claims) = &e.claims {
        assert_eq!(
            v.claims.len(),
            claims.len(),
            "{name} under {id}: claims {:?}",
            v.claims
        );
        for (got, want) in v.claims.iter().zip(claims) {
            let what = format!("{name} under {id}: the claim after ply {}", want.ply);
            assert_eq!(got.ply, want.ply, "{what}: ply");
            assert_eq!(got.result.pgn(), want.result, "{what}: result");
            if let Some(u) = want.until_ply {
                assert_eq!(got.until_ply, u, "{what}: until_ply");
            }
            if let Some(c) = &want.claimant {
                assert_eq!(got.claimant.name(), c, "{what}: claimant");
            }
            if let Some(t) = &want.termination {
                assert_eq!(&got.termination.to_string(), t, "{what}: termination");
            }
            if let Some(r) = &want.rule {
                assert_eq!(&got.rule.to_string(), r, "{what}: rule");
            }
        }
    }
}

#[test]
fn fixtures_under_every_ruleset() {
    insta::glob!("../fixtures", "*.toml", |path| {
        let fixture = load_fixture(path).unwrap_or_else(|e| panic!("{e}"));
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        let all = judge_all(&fixture);
        for (id, e) in &fixture.expect {
            let outcome = all
                .get(id)
                .unwrap_or_else(|| panic!("{name}: expectation for unknown ruleset {id}"));
            check_expectation(name, id, e, outcome);
        }
        let outcomes = snapshotted(&all);
        insta::assert_yaml_snapshot!(outcomes);
    });
}

/// One line per fixture and ruleset: a rule change shows as a readable diff.
#[test]
fn verdict_matrix() {
    let mut matrix: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for path in fixture_files() {
        let fixture = load_fixture(&path).unwrap_or_else(|e| panic!("{e}"));
        let name = path
            .file_stem()
            .and_then(|n| n.to_str())
            .unwrap_or("?")
            .to_owned();
        let row = judge_all(&fixture)
            .into_iter()
            .map(|(id, o)| {
                let cell = match o {
                    Outcome::Error { .. } => "error".to_owned(),
                    Outcome::Verdict(v) => {
                        let why = match (&v.termination, &v.pending) {
                            (Some(t), _) => t.to_string(),
                            (None, Some(p)) => format!("{} must change", p.must_change),
                            (None, None) => "undecided".to_owned(),
                        };
                        let rule = v
                            .rule
                            .as_ref()
                            .or(v.pending.as_ref().map(|p| &p.rule))
                            .map_or(String::new(), |r| format!(" [{r}]"));
                        format!("{} {why}{rule}", v.result)
                    }
                };
                (id, cell)
            })
            .collect();
        matrix.insert(name, row);
    }
    insta::assert_yaml_snapshot!(matrix);
}

/// Every snapshot file belongs to a fixture or to the matrix. Each fixture has exactly one file,
/// since it always holds the static editions' verdicts; which overlay and plugin verdicts it
/// holds besides is checked by the snapshot itself (an entry that no longer differs from its
/// parent's, or a new difference, fails `fixtures_under_every_ruleset`).
#[test]
fn no_orphan_snapshots() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("snapshots");
    let fixtures: Vec<String> = fixture_files()
        .iter()
        .filter_map(|p| p.file_name().and_then(|n| n.to_str()).map(str::to_owned))
        .collect();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        if !file.ends_with(".snap") {
            // `.snap.new` and insta's temporary files, written while snapshots are updated.
            continue;
        }
        let known = file == "conformance__verdict_matrix.snap"
            || file
                .strip_prefix("conformance__fixtures_under_every_ruleset@")
                .and_then(|f| f.strip_suffix(".snap"))
                .is_some_and(|f| fixtures.iter().any(|x| x == f));
        assert!(
            known,
            "snapshot {file} belongs to no fixture: delete it (or restore its fixture)"
        );
    }
}
