//! Fixture files (TOML) of the conformance suite.

use xqr_tests::Fixture;

use crate::registry::registry;

/// Reads `data` as a fixture. One that reads prints back as TOML that reads as the same
/// fixture, and its game is judged under `cxa-1999` without a panic.
pub fn check_fixture(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(fixture) = toml::from_str::<Fixture>(text) else {
        return;
    };
    let printed = toml::to_string(&fixture).expect("a fixture prints");
    let back: Fixture = toml::from_str(&printed)
        .unwrap_or_else(|e| panic!("a fixture printed as\n{printed}\ndoes not read back: {e}"));
    assert_eq!(
        serde_json::to_value(&back).expect("prints"),
        serde_json::to_value(&fixture).expect("prints"),
        "fixture printed as\n{printed}"
    );
    if let Some(rs) = registry().get("cxa-1999") {
        let _ = rs.judge(&fixture.input(), &fixture.options());
    }
}
