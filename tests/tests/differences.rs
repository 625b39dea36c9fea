//! `docs/cxa-1999-vs-2011.md`: the table of differences between the 1999 and 2011 editions is
//! generated from the fixtures that declare a `difference` (their expected verdicts under both
//! editions, which the conformance suite asserts). This test fails when the table is stale;
//! regenerate it with `XQR_UPDATE_DOCS=1 cargo test -p xqr-tests --test differences`.

use xqr_host::loading::{load as load_rulesets, Sources};
use xqr_tests::{check_generated, fixture_files, load, Fixture};

const BEGIN: &str = "<!-- BEGIN GENERATED: differences table (tests/tests/differences.rs) -->";
const END: &str = "<!-- END GENERATED -->";

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
            old.decides(),
            new.decides(),
            "{name}: the two editions must rule differently (result, termination, pending side or ply)"
        );
        rows.push(format!(
            "| {} | {} | {} | {} | {} | [`{name}`](../tests/fixtures/{name}) |",
            d.cxa_2011,
            d.cxa_1999,
            d.what,
            old.table_cell(),
            new.table_cell()
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

/// The articles a `[difference]` names: "§25.4, §26.8.4" and ranges such as "§23.1–23.4".
fn articles(list: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in list.split(',').map(str::trim) {
        let part = part.split(' ').next().unwrap_or(part);
        if let Some((from, to)) = part.split_once('–') {
            let (major, lo) = from
                .trim_start_matches('§')
                .split_once('.')
                .unwrap_or(("", ""));
            let hi = to.split_once('.').map_or(to, |(_, m)| m);
            if let (Ok(lo), Ok(hi)) = (lo.parse::<u32>(), hi.parse::<u32>()) {
                out.extend((lo..=hi).map(|m| format!("§{major}.{m}")));
                continue;
            }
        }
        out.push(part.to_owned());
    }
    out
}

/// Whether `text` cites `article` itself (not `§23.5.2.1` for `§23.5.2`).
fn cites(text: &str, article: &str) -> bool {
    text.match_indices(article).any(|(i, _)| {
        let rest = &text[i + article.len()..];
        let mut chars = rest.chars();
        match chars.next() {
            Some('.') => !chars.next().is_some_and(|c| c.is_ascii_digit()),
            Some(c) => !c.is_ascii_digit(),
            None => true,
        }
    })
}

/// `xqr compare` on a difference fixture shows the editions disagreeing for the stated reason:
/// the 2011 verdict (its rule, explanation or the notes of the loop's plies) cites one of the
/// 2011 articles the fixture names, unless the game is left undecided (no ruling to cite).
#[test]
fn the_2011_verdict_cites_the_difference() {
    let loaded = load_rulesets(&Sources {
        plugin_dirs: Vec::new(),
        overlay_dirs: Vec::new(),
        use_environment: false,
    });
    let rs = loaded.registry.get("cxa-2011").expect("cxa-2011 is static");
    let mut checked = 0;
    for path in fixture_files() {
        let f: Fixture = load(&path).unwrap_or_else(|e| panic!("{e}"));
        let Some(d) = &f.difference else { continue };
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        let v = rs
            .judge(&f.input(), &f.options())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        if v.result.pgn() == "*" && v.pending.is_none() {
            continue;
        }
        let text = serde_json::to_string(&v).expect("a verdict serialises");
        let wanted = articles(&d.cxa_2011);
        assert!(
            wanted.iter().any(|a| cites(&text, a)),
            "{name}: the cxa-2011 verdict cites none of {wanted:?}: {text}"
        );
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} difference fixtures checked");
}

#[test]
fn differences_doc_is_current() {
    check_generated(
        "docs/cxa-1999-vs-2011.md",
        BEGIN,
        END,
        &format!("\n{}", table()),
        "cargo test -p xqr-tests --test differences",
    );
}
