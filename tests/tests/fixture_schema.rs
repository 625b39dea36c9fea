//! The committed fixture schema is current, and every fixture deserializes and validates.

use xqr_tests::{fixture_files, load, schema_text, workspace};

#[test]
fn committed_schema_is_current() {
    let path = workspace().join("schema").join("fixture.schema.json");
    let fresh = schema_text();
    if std::env::var_os("XQR_UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, &fresh).expect("write the schema");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "schema/fixture.schema.json is stale; regenerate it with:\n  XQR_UPDATE_SCHEMA=1 cargo test -p xqr-tests --test fixture_schema"
    );
}

#[test]
fn every_fixture_loads() {
    let files = fixture_files();
    assert!(files.len() >= 8, "only {} fixtures", files.len());
    let schema: serde_json::Value = serde_json::from_str(&schema_text()).expect("schema is JSON");
    let validator = jsonschema::validator_for(&schema).expect("schema compiles");
    for f in files {
        let fixture = load(&f).unwrap_or_else(|e| panic!("{e}"));
        let text = std::fs::read_to_string(&f).expect("readable");
        let value: serde_json::Value = toml::from_str(&text).expect("TOML");
        let errors: Vec<String> = validator
            .iter_errors(&value)
            .map(|e| format!("{}: {e}", e.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "{} does not validate against the schema: {errors:?}",
            f.display()
        );
        assert!(
            !fixture.title.is_empty() && !fixture.source.is_empty(),
            "{}",
            f.display()
        );
        for (id, e) in &fixture.expect {
            assert!(
                ["1-0", "0-1", "1/2-1/2", "*"].contains(&e.result.as_str()),
                "{}: expect.{id}.result {:?}",
                f.display(),
                e.result
            );
        }
    }
}
