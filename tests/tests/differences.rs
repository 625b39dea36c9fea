//! `docs/cxa-1999-vs-2011.md`: the table of differences between the 1999 and 2011 editions is
//! generated from the fixtures that declare a `difference` (their expected verdicts under both
//! editions, which the conformance suite asserts). This test fails when the table is stale;
//! regenerate it with `XQR_UPDATE_DOCS=1 cargo test -p xqr-tests --test differences`.

use xqr_tests::{fixture_files, load, workspace, Expectation, Fixture};

const BEGIN: &str = "<!-- BEGIN GENERATED: differences table (tests/tests/differences.rs) -->";
const END: &str = "<!-- END GENERATED -->";

/// A verdict as the table shows it.
fn ruling(e: &Expectation) -> String {
    if let Some(err) = &e.error {
        return format!("input error ({err})");
    }
    let what = match (&e.termination, &e.pending) {
        (Some(t), _) => format!("{} {t}", e.result),
        (None, Some(side)) => format!("{} — {side} must change", e.result),
        (None, None) if e.result == "*" => "* undecided".to_owned(),
        (None, None) => e.result.clone(),
    };
    let rule = e.rule.as_ref().map_or(String::new(), |r| format!(" ({r})"));
    let ply = e
        .decided_at_ply
        .map_or(String::new(), |p| format!(", ply {p}"));
    format!("{what}{rule}{ply}")
}

/// What a ruling decides, citations aside.
fn decides(e: &Expectation) -> (String, Option<String>, Option<String>, Option<u32>) {
    (
        e.result.clone(),
        e.termination.clone(),
        e.pending.clone(),
        e.decided_at_ply,
    )
}

fn table() -> String {
    let mut rows = Vec::new();
    for path in fixture_files() {
        let f: Fixture = load(&path).unwrap_or_else(|e| panic!("{e}"));
        let Some(d) = &f.difference else { continue };
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        let (Some(old), Some(new)) = (f.expect.get("cxa-1999"), f.expect.get("cxa-2011")) else {
            panic!("{name}: a difference fixture states expectations for cxa-1999 and cxa-2011");
        };
        assert_ne!(
            decides(old),
            decides(new),
            "{name}: the two editions must rule differently (result, termination, pending side or ply)"
        );
        rows.push(format!(
            "| {} | {} | {} | {} | {} | [`{name}`](../tests/fixtures/{name}) |",
            d.cxa_2011,
            d.cxa_1999,
            d.what,
            ruling(old),
            ruling(new)
        ));
    }
    assert!(!rows.is_empty(), "no difference fixtures");
    let mut out = String::from(
        "| 2011 article | 1999 article | difference | cxa-1999 rules | cxa-2011 rules | fixture |\n|---|---|---|---|---|---|\n",
    );
    for r in rows {
        out.push_str(&r);
        out.push('\n');
    }
    out
}

#[test]
fn differences_doc_is_current() {
    let path = workspace().join("docs").join("cxa-1999-vs-2011.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (Some(b), Some(e)) = (text.find(BEGIN), text.find(END)) else {
        panic!(
            "{}: the markers {BEGIN:?} and {END:?} are missing",
            path.display()
        );
    };
    let current = &text[b + BEGIN.len()..e];
    let wanted = format!("\n{}", table());
    if current == wanted {
        return;
    }
    if std::env::var_os("XQR_UPDATE_DOCS").is_some() {
        let updated = format!("{}{BEGIN}{wanted}{}", &text[..b], &text[e..]);
        std::fs::write(&path, updated).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    panic!(
        "{} is stale: regenerate with XQR_UPDATE_DOCS=1 cargo test -p xqr-tests --test differences",
        path.display()
    );
}
