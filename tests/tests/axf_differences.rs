//! `docs/cxa-vs-axf.md`: the table of differences between the CXA editions (1999, 2011) and the
//! AXF rules is generated from the fixtures that declare an `axf_difference` (their expected
//! verdicts under the three rulesets, which the conformance suite asserts). This test fails
//! when the table is stale; regenerate it with
//! `XQR_UPDATE_DOCS=1 cargo test -p xqr-tests --test axf_differences`.

use xqr_host::loading::{load as load_rulesets, Sources};
use xqr_tests::{check_generated, fixture_files, load, Fixture};

const BEGIN: &str =
    "<!-- BEGIN GENERATED: AXF differences table (tests/tests/axf_differences.rs) -->";
const END: &str = "<!-- END GENERATED -->";

fn table() -> String {
    let mut rows = Vec::new();
    for path in fixture_files() {
        let f: Fixture = load(&path).unwrap_or_else(|e| panic!("{e}"));
        let Some(d) = &f.axf_difference else { continue };
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        let [Some(old), Some(new), Some(axf)] =
            ["cxa-1999", "cxa-2011", "axf"].map(|r| f.expect.get(r))
        else {
            panic!("{name}: an axf_difference fixture states expectations for cxa-1999, cxa-2011 and axf");
        };
        assert!(
            axf.decides() != old.decides() || axf.decides() != new.decides(),
            "{name}: axf must rule differently from at least one CXA edition (result, termination, pending side or ply)"
        );
        rows.push(format!(
            "| {} | {} | {} | {} | {} | {} | {} | [`{name}`](../tests/fixtures/{name}) |",
            d.axf,
            d.cxa_1999,
            d.cxa_2011,
            d.what,
            old.table_cell(),
            new.table_cell(),
            axf.table_cell(),
        ));
    }
    assert!(!rows.is_empty(), "no axf_difference fixtures");
    let mut out = String::from(
        "| AXF | CXA 1999 | CXA 2011 | difference | cxa-1999 rules | cxa-2011 rules | axf rules | fixture |\n|---|---|---|---|---|---|---|---|\n",
    );
    for r in rows {
        out.push_str(&r);
        out.push('\n');
    }
    out
}

/// `xqr compare` on a difference fixture shows the stated reason: the axf verdict (its rule,
/// explanation or the notes of the loop's plies) cites the first AXF rule the fixture names.
#[test]
fn the_axf_verdict_cites_the_difference() {
    let loaded = load_rulesets(&Sources {
        plugin_dirs: Vec::new(),
        overlay_dirs: Vec::new(),
        use_environment: false,
    });
    let rs = loaded.registry.get("axf").expect("axf is static");
    let mut checked = 0;
    let mut missing = Vec::new();
    for path in fixture_files() {
        let f: Fixture = load(&path).unwrap_or_else(|e| panic!("{e}"));
        let Some(d) = &f.axf_difference else { continue };
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        let v = rs
            .judge(&f.input(), &f.options())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let text = serde_json::to_string(&v).expect("a verdict serialises");
        let first = d.axf.split(',').next().unwrap_or(&d.axf).trim();
        if !text.contains(&format!("axf {first}")) {
            missing.push(format!("{name}: the axf verdict does not cite {first}"));
        }
        checked += 1;
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    assert!(
        checked >= 5,
        "only {checked} axf difference fixtures checked"
    );
}

#[test]
fn axf_differences_doc_is_current() {
    check_generated(
        "docs/cxa-vs-axf.md",
        BEGIN,
        END,
        &format!("\n{}", table()),
        "cargo test -p xqr-tests --test axf_differences",
    );
}
