//! Bad overlays give errors naming the file, the line and column, and the key path.

use std::path::PathBuf;
use std::sync::Arc;
use xqr_core::registry::Registry;
use xqr_house::{check, load_file, load_str, resolve_all, HouseVariant, ProblemKind};

const HEAD: &str = "\
#:schema ../../../schema/house-variant.schema.json
id = \"club\"
name = \"Club rules\"
extends = \"cxa-1999\"
rule_source = \"club sheet\"
";

fn problems(text: &str) -> Vec<String> {
    check(text, "club.toml")
        .iter()
        .map(|p| p.to_string())
        .collect()
}

fn registry() -> Registry {
    let mut r = Registry::new();
    r.add(Arc::new(xqr_cxa1999::Cxa1999::new()))
        .expect("one ruleset");
    r
}

fn variant(path: &str, text: &str) -> (PathBuf, HouseVariant) {
    let v = load_str(text, path).unwrap_or_else(|e| panic!("{e}"));
    (PathBuf::from(path), v)
}

#[test]
fn unknown_key_names_file_line_key_and_the_allowed_keys() {
    let text = format!("{HEAD}colour = \"red\"\n");
    let p = check(&text, "club.toml");
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].kind, ProblemKind::UnknownKey);
    assert_eq!(
        p[0].to_string(),
        "club.toml:6:1: colour: unknown key `colour` at the top level; allowed keys: id, name, extends, rule_source, aliases, description, repetition, definitions, counting, both_forbidden, natural_limit, scoring, illegal_moves, moves, metadata"
    );
}

#[test]
fn unknown_key_in_a_table_suggests_the_near_one() {
    let text = format!("{HEAD}\n[repetition]\nperpetual_chasse = \"draw\"\n");
    let p = problems(&text);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].starts_with(
            "club.toml:8:1: repetition.perpetual_chasse: unknown key `perpetual_chasse` in [repetition]; did you mean `perpetual_chase`? allowed keys: perpetual_check,"
        ),
        "{}",
        p[0]
    );
}

#[test]
fn wrong_type_is_located_at_the_value() {
    let text = format!("{HEAD}[natural_limit]\nmoves = \"thirty\"\n");
    let p = check(&text, "club.toml");
    assert_eq!(p[0].kind, ProblemKind::WrongType);
    assert_eq!(
        p[0].to_string(),
        "club.toml:7:9: natural_limit.moves: expected an integer from 1 to 300 (moves by both sides without a capture), found a string `\"thirty\"`"
    );
    let text = format!("{HEAD}[repetition]\nperpetual_chase = 1\n");
    assert_eq!(
        problems(&text),
        ["club.toml:7:19: repetition.perpetual_chase: expected one of \"loses\", \"must_change\", \"draw\", found an integer `1`"]
    );
    let text = format!("{HEAD}repetition = \"draw\"\n");
    assert_eq!(
        problems(&text),
        ["club.toml:6:14: repetition: expected a table ([repetition]), found a string `\"draw\"`"]
    );
}

#[test]
fn out_of_range_values_are_located() {
    let text = format!("{HEAD}[repetition]\nrepetitions = 11\n");
    let p = check(&text, "club.toml");
    assert_eq!(p[0].kind, ProblemKind::OutOfRange);
    assert_eq!(
        p[0].to_string(),
        "club.toml:7:15: repetition.repetitions: 11 is out of range: expected the number of 循环反复N次 (cycles or occurrences, as `count` says), an integer from 2 to 10"
    );
    let text = format!("{HEAD}[repetition]\nperpetual_chase = \"lose\"\n");
    assert_eq!(
        problems(&text),
        ["club.toml:7:19: repetition.perpetual_chase: expected one of \"loses\", \"must_change\", \"draw\"; found \"lose\" (did you mean \"loses\"?)"]
    );
    let text = format!("{HEAD}[scoring]\nwin = 0.25\ndraw_black = \"1.2\"\n");
    assert_eq!(
        problems(&text),
        [
            "club.toml:7:7: scoring.win: 0.25 is not a number of points: expected a multiple of 0.5 from 0 to 1000",
            "club.toml:8:14: scoring.draw_black: \"1.2\" is not a number of points: expected a multiple of 0.5 from 0 to 1000, like \"2\" or \"0.5\""
        ]
    );
    let text = HEAD.replace("id = \"club\"", "id = \"Club Rules\"");
    let p = problems(&text);
    assert_eq!(p.len(), 1);
    assert!(
        p[0].starts_with("club.toml:2:6: id: \"Club Rules\" is not a valid id"),
        "{}",
        p[0]
    );
}

#[test]
fn every_problem_is_reported_in_file_order() {
    let text = "\
id = \"x\"
extends = 1999
rule_source = \"\"
colour = \"red\"

[natural_limit]
check_cap = 200

[scoring]
draw_result = \"red_wins\"

[metadata]
rounds = 7
";
    let p = check(text, "many.toml");
    let shown: Vec<String> = p.iter().map(|p| p.to_string()).collect();
    assert_eq!(
        shown
            .iter()
            .map(|s| s.split(": ").nth(1).unwrap_or(""))
            .collect::<Vec<_>>(),
        [
            "extends",
            "rule_source",
            "colour",
            "natural_limit.moves",
            "natural_limit.check_cap",
            "scoring.draw_result",
            "metadata.rounds",
            "name",
        ],
        "{shown:#?}"
    );
    assert!(shown[0].starts_with(
        "many.toml:2:11: extends: expected a string (a ruleset id), found an integer `1999`"
    ));
    assert_eq!(shown[1], "many.toml:3:15: rule_source: must not be empty");
    // A missing key in a table points at its header; a missing top-level key has no line.
    assert_eq!(
        shown[3],
        "many.toml:6:1: natural_limit.moves: missing required key `moves` in [natural_limit]"
    );
    assert_eq!(shown[7], "many.toml: name: missing required key `name`");
    assert_eq!(p[7].kind, ProblemKind::MissingKey);
    // load_str carries the same problems.
    let e = load_str(text, "many.toml").unwrap_err();
    assert_eq!(e.problems(), &p[..]);
    assert_eq!(e.to_string().lines().count(), 8);
}

#[test]
fn toml_syntax_errors_are_located() {
    let text = format!("{HEAD}[repetition\nperpetual_chase = \"draw\"\n");
    let p = check(&text, "club.toml");
    assert!(!p.is_empty());
    assert!(p.iter().all(|p| p.kind == ProblemKind::Syntax));
    let first = p[0].to_string();
    assert!(first.starts_with("club.toml:6:"), "{first}");
    assert!(first.contains("invalid TOML"), "{first}");
    let text = format!("{HEAD}name = \"twice\"\n");
    let p = problems(&text);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].starts_with("club.toml:6:1: invalid TOML"), "{}", p[0]);
}

#[test]
fn unreadable_files_are_named() {
    let e = load_file("/nonexistent/dir/club.toml").unwrap_err();
    assert_eq!(e.kind(), ProblemKind::Io);
    assert!(
        e.to_string()
            .starts_with("/nonexistent/dir/club.toml: cannot read the file"),
        "{e}"
    );

    let dir = std::env::temp_dir().join(format!("xqr-house-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("latin1.toml");
    std::fs::write(&path, b"id = \"x\"\nname = \"caf\xe9\"\n").unwrap();
    let e = load_file(&path).unwrap_err();
    assert_eq!(e.kind(), ProblemKind::Io);
    assert_eq!(
        e.to_string(),
        format!(
            "{}:2:12: the file is not UTF-8 text (invalid byte at offset 20)",
            path.display()
        )
    );
    let ok = dir.join("ok.toml");
    std::fs::write(&ok, format!("\u{feff}{HEAD}")).unwrap();
    assert_eq!(load_file(&ok).unwrap().id, "club");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn unknown_parent_names_file_line_and_the_known_rulesets() {
    let text = HEAD.replace("cxa-1999", "cxa-1998");
    let (built, errors) = resolve_all(vec![variant("club.toml", &text)], &registry());
    assert!(built.is_empty());
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].kind(), ProblemKind::UnknownParent);
    assert_eq!(
        errors[0].to_string(),
        "club.toml:4:11: extends: unknown parent ruleset \"cxa-1998\"; known rulesets: club, cxa-1999"
    );
}

fn overlay(id: &str, extends: &str) -> String {
    format!("id = \"{id}\"\nname = \"{id}\"\nextends = \"{extends}\"\nrule_source = \"test\"\n")
}

#[test]
fn a_cycle_in_extends_names_every_file_and_the_others_still_load() {
    let overlays = vec![
        variant("a.toml", &overlay("a", "b")),
        variant("b.toml", &overlay("b", "a")),
        variant("c.toml", &overlay("c", "a")),
        variant("d.toml", &overlay("d", "d")),
        variant("ok.toml", &overlay("ok", "cxa-1999")),
        variant("ok2.toml", &overlay("ok2", "ok")),
    ];
    let (built, errors) = resolve_all(overlays, &registry());
    let ids: Vec<&str> = built.iter().map(|r| r.meta().id.as_str()).collect();
    assert_eq!(ids, ["ok", "ok2"]);
    let shown: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        shown,
        [
            "a.toml:3:11: extends: cycle in `extends`: a (a.toml) -> b (b.toml) -> a (a.toml)\n\
             b.toml:3:11: extends: cycle in `extends`: a (a.toml) -> b (b.toml) -> a (a.toml)",
            "c.toml:3:11: extends: parent ruleset \"a\" (a.toml) failed to load",
            "d.toml:3:11: extends: cycle in `extends`: d (d.toml) -> d (d.toml)",
        ]
    );
    assert_eq!(errors[0].kind(), ProblemKind::Cycle);
    assert_eq!(errors[1].kind(), ProblemKind::ParentFailed);
}

#[test]
fn duplicate_ids_are_reported_against_the_registry_and_earlier_overlays() {
    let overlays = vec![
        variant("first.toml", &overlay("club", "cxa-1999")),
        variant("second.toml", &overlay("club", "cxa-1999")),
        variant(
            "third.toml",
            &format!(
                "{}aliases = [\"x\", \"1999\"]\n",
                overlay("third", "cxa-1999")
            ),
        ),
        variant("fourth.toml", &overlay("cxa-1999", "cxa-1999")),
    ];
    let (built, errors) = resolve_all(overlays, &registry());
    assert_eq!(built.len(), 1);
    assert_eq!(built[0].meta().id, "club");
    let shown: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        shown,
        [
            "second.toml:1:6: id: duplicate ruleset id \"club\": already provided by overlay first.toml (id \"club\")",
            "third.toml:5:17: aliases[1]: duplicate ruleset id \"1999\": already provided by the static ruleset cxa-1999",
            "fourth.toml:1:6: id: duplicate ruleset id \"cxa-1999\": already provided by the static ruleset cxa-1999",
        ]
    );
    assert!(errors.iter().all(|e| e.kind() == ProblemKind::DuplicateId));
}

#[test]
fn check_against_a_registry_reports_the_parent() {
    let reg = registry();
    let text = HEAD.replace("cxa-1999", "cxa-2011");
    let p = xqr_house::check_against(&text, "club.toml", &reg);
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].kind, ProblemKind::UnknownParent);
    assert!(xqr_house::check_against(HEAD, "club.toml", &reg).is_empty());
    // File problems come first, and alone.
    let p = xqr_house::check_against(&format!("{HEAD}x = 1\n"), "club.toml", &reg);
    assert_eq!(p[0].kind, ProblemKind::UnknownKey);
}

#[test]
fn the_law_tables_are_checked_like_the_others() {
    // HEAD is five lines: the table header is line 6.
    let text = format!(
        "{HEAD}[definitions]\nking_answer_check = true\nking_chase = \"sometimes\"\ndefensive_key_point = true\nmate_threat = 9\npawn_trades = 1\n[counting]\nprocedure = \"cxa2011\"\n[both_forbidden]\nruling = \"lose\"\n[repetition]\nforbidden = [\"perpetual_check\", \"allowed\"]\n"
    );
    assert_eq!(
        problems(&text),
        [
            "club.toml:7:1: definitions.king_answer_check: unknown key `king_answer_check` in [definitions]; did you mean `king_answers_check`? allowed keys: floating_crossed_pawn, mate_threat, chase_through_checks, king_chase, pawn_chase, defensive_key_point, false_root, king_answers_check, checker_exposed_chase, self_destroying_check, root_and_pinned_captures, screen_landing, pawn_trades, pawn_discovered, costly_offers, rook_pair_unrooted, rook_pair_contact, chase_test, rook_chased_by_horse_or_cannon, chase_with_check, tied_rook, check_capture_threat",
            "club.toml:8:14: definitions.king_chase: expected one of \"idle\", \"idle_unless_mutual\", \"counts\", \"idle_with_others\"; found \"sometimes\"",
            "club.toml:9:23: definitions.defensive_key_point: `true` does not say which reading: expected `false` or one of \"any_defender\", \"single_attacker\"",
            "club.toml:10:15: definitions.mate_threat: 9 is out of range: expected consecutive checks searched for a mate, an integer from 1 to 5",
            "club.toml:11:15: definitions.pawn_trades: expected `true`, `false` or an article string (on, citing it), found an integer `1`",
            "club.toml:13:13: counting.procedure: expected one of \"cxa-1999\", \"cxa-2011\"; found \"cxa2011\" (did you mean \"cxa-2011\"?)",
            "club.toml:15:10: both_forbidden.ruling: expected one of \"draw\", \"precedence\", \"checker_changes\"; found \"lose\"",
            "club.toml:17:33: repetition.forbidden[1]: expected one of \"perpetual_check\", \"perpetual_mate_threat\", \"perpetual_chase\", \"check_and_mate_threat\", \"check_and_chase\", \"mate_threat_and_chase\"; found \"allowed\"",
        ]
    );
}

/// The knobs of the AXF readings (docs/cxa-vs-axf.md) get the same located errors, with the
/// near name of a misspelt key or value.
#[test]
fn the_axf_knobs_are_checked_like_the_others() {
    let text = format!(
        "{HEAD}[definitions]\nchase_test = \"one_recapure\"\ntied_rooks = true\nchase_with_check = 1\ncheck_capture_threat = \"\"\nrook_chased_by_horse_or_cannon = \"rules 15, 21\"\n[repetition]\nchase_conduct = \"same_targets\"\n[counting]\nloses_after = 11\nloses_afer = 3\n[both_forbidden]\nruling = \"checker_change\"\n"
    );
    assert_eq!(
        problems(&text),
        [
            "club.toml:7:14: definitions.chase_test: expected one of \"exchange\", \"one_recapture\"; found \"one_recapure\" (did you mean \"one_recapture\"?)",
            "club.toml:8:1: definitions.tied_rooks: unknown key `tied_rooks` in [definitions]; did you mean `tied_rook`? allowed keys: floating_crossed_pawn, mate_threat, chase_through_checks, king_chase, pawn_chase, defensive_key_point, false_root, king_answers_check, checker_exposed_chase, self_destroying_check, root_and_pinned_captures, screen_landing, pawn_trades, pawn_discovered, costly_offers, rook_pair_unrooted, rook_pair_contact, chase_test, rook_chased_by_horse_or_cannon, chase_with_check, tied_rook, check_capture_threat",
            "club.toml:9:20: definitions.chase_with_check: expected `true`, `false` or an article string (on, citing it), found an integer `1`",
            "club.toml:10:24: definitions.check_capture_threat: an empty article: write `true` to cite the variant's rule_source, or the article",
            "club.toml:13:17: repetition.chase_conduct: expected one of \"heaviest_kind\", \"same_target\"; found \"same_targets\" (did you mean \"same_target\"?)",
            "club.toml:15:15: counting.loses_after: 11 is out of range: expected recurrences of the pending position, the conduct unchanged, before the side that must change loses, an integer from 1 to 10",
            "club.toml:16:1: counting.loses_afer: unknown key `loses_afer` in [counting]; did you mean `loses_after`? allowed keys: procedure, repetitions, count, loses_after",
            "club.toml:18:10: both_forbidden.ruling: expected one of \"draw\", \"precedence\", \"checker_changes\"; found \"checker_change\" (did you mean \"checker_changes\"?)",
        ]
    );
}

#[test]
fn the_law_tables_need_a_parent_built_from_a_spec() {
    /// A parent written in code, as a dynamic plugin is: it exposes no Spec.
    struct Opaque(xqr_cxa1999::Cxa1999);
    impl xqr_core::rules::Ruleset for Opaque {
        fn meta(&self) -> &xqr_core::rules::RulesetMeta {
            self.0.meta()
        }
        fn legality(&self) -> &dyn xqr_core::rules::MoveLegality {
            self.0.legality()
        }
        fn visibility(&self) -> &dyn xqr_core::rules::PieceVisibility {
            self.0.visibility()
        }
        fn repetition(&self) -> &dyn xqr_core::rules::RepetitionJudge {
            self.0.repetition()
        }
        fn scoring(&self) -> &dyn xqr_core::rules::Scoring {
            self.0.scoring()
        }
    }
    use xqr_core::rules::Ruleset;
    let parent: Arc<dyn Ruleset> = Arc::new(Opaque(xqr_cxa1999::Cxa1999::new()));
    for (table, key) in [
        ("definitions", "king_answers_check = true"),
        ("counting", "count = \"occurrences\""),
        ("both_forbidden", "ruling = \"precedence\""),
    ] {
        let v = load_str(&format!("{HEAD}[{table}]\n{key}\n"), "club.toml").expect("valid");
        let e = xqr_house::OverlayRuleset::new(&v, parent.clone(), "club.toml")
            .err()
            .expect("refused");
        assert_eq!(e.kind(), ProblemKind::Unsupported);
        assert!(
            e.to_string().starts_with(&format!(
                "club.toml:6:1: {table}: the parent cxa-1999 has no repetition law to change (it is not built from a Spec), so [{table}] cannot change it"
            )),
            "{e}"
        );
    }
    // The knobs its components can wrap are fine.
    let v = load_str(&format!("{HEAD}[natural_limit]\nmoves = 40\n"), "club.toml").expect("valid");
    assert!(xqr_house::OverlayRuleset::new(&v, parent, "club.toml").is_ok());
}
