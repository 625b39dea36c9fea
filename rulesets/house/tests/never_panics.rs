//! Bad input never panics: arbitrary text, and valid overlays with lines dropped, duplicated
//! or replaced, give located problems or a variant.

use proptest::prelude::*;
use std::sync::Arc;
use xqr_core::registry::Registry;

const VALID: &str = "\
#:schema ../../../schema/house-variant.schema.json
id = \"club\"
name = \"Club\"
extends = \"cxa-1999\"
rule_source = \"club sheet\"
aliases = [\"c\", \"club-2\"]
[repetition]
perpetual_check = \"loses\"
perpetual_chase = \"draw\"
repetitions = 3
[natural_limit]
moves = 30
check_cap = 10
[scoring]
win = 3
draw_red = 0.5
draw_black = \"1.5\"
draw_result = \"black_wins\"
[illegal_moves]
ruling = \"foul_and_replay\"
[metadata]
red_time = \"20 min + 10 s\"
";

const JUNK: &[&str] = &[
    "",
    "[repetition]",
    "[[scoring]]",
    "moves = -1",
    "moves = 1e400",
    "win = nan",
    "win = inf",
    "win = 99999999999999999999",
    "repetitions = 0x7fffffffffffffff",
    "id = \"\"",
    "extends = \"CXA 1999\"",
    "x.y.z = 1",
    "metadata = { a = { b = 1 } }",
    "aliases = [1, [2], {}]",
    "ruling = 1979-05-27T07:32:00Z",
    "名 = \"值\"",
    "\"quoted key\" = true",
    "= 3",
    "[",
    "\"\"\"",
];

fn registry() -> Registry {
    let mut r = Registry::new();
    let _ = r.add(Arc::new(xqr_cxa1999::Cxa1999::new()));
    r
}

fn exercise(text: &str) {
    let problems = xqr_house::check(text, "fuzz.toml");
    match xqr_house::load_str(text, "fuzz.toml") {
        Ok(v) => {
            assert!(problems.is_empty());
            // A loaded variant serializes back to TOML that loads to the same knobs.
            let again = toml::to_string(&v).expect("serializes");
            let w = xqr_house::load_str(&again, "again.toml").expect("round trip");
            assert_eq!(v, w);
            let (_, _) = xqr_house::resolve_all(vec![("fuzz.toml".into(), v)], &registry());
        }
        Err(e) => {
            assert_eq!(e.problems(), &problems[..]);
            for p in &problems {
                assert!(!p.message.is_empty());
                assert!(p.to_string().starts_with("fuzz.toml"));
            }
        }
    }
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        exercise(&text);
    }

    #[test]
    fn damaged_overlays_never_panic(
        edits in prop::collection::vec((0usize..40, 0usize..3, 0usize..JUNK.len()), 0..6)
    ) {
        let mut lines: Vec<String> = VALID.lines().map(String::from).collect();
        for (at, what, junk) in edits {
            let i = at % (lines.len() + 1);
            match what {
                0 if i < lines.len() => { lines.remove(i); }
                1 if i < lines.len() => { let l = lines[i].clone(); lines.insert(i, l); }
                _ => lines.insert(i, JUNK[junk].to_owned()),
            }
        }
        exercise(&lines.join("\n"));
    }
}

#[test]
fn the_undamaged_overlay_loads_and_builds() {
    let v = xqr_house::load_str(VALID, "fuzz.toml").expect("valid");
    let (built, errors) = xqr_house::resolve_all(vec![("fuzz.toml".into(), v)], &registry());
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(built.len(), 1);
}
