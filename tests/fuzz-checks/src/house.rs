//! House-variant overlays (TOML), read as `xqr check-ruleset` and the loader read them.

use xqr_house::{check, check_against, load_str};

use crate::registry::registry;

/// Reads `data` as an overlay. Loading succeeds exactly when the file alone has no problem;
/// every problem's location lies within the text; checking against the loaded rulesets
/// reports at least the problems of the file alone.
pub fn check_house(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = "fuzz.toml";
    let alone = check(text, path);
    assert_eq!(load_str(text, path).is_ok(), alone.is_empty());
    let lines = text.split('\n').count();
    let against = check_against(text, path, registry());
    for p in alone.iter().chain(&against) {
        if let Some(loc) = p.location {
            assert!(
                loc.line >= 1 && loc.line <= lines && loc.column >= 1,
                "problem {p} located outside the text ({lines} lines)"
            );
        }
        assert!(!p.message.is_empty(), "problem without a message");
    }
    if !alone.is_empty() {
        assert!(
            !against.is_empty(),
            "problems {alone:?} lost against the registry"
        );
    }
}
