//! A variant is a partial Spec: the knobs it sets replace its parent's data field by field,
//! `[counting]`, `[both_forbidden]` and the `forbidden` shorthand included, and a variant of a
//! variant reads the Spec its parent built.

use std::sync::Arc;
use xqr_core::law::judge::{BothForbidden, Counting, RepetitionCount, ViolationPolicy};
use xqr_core::rules::{DrawCounts, GameInput, GameResult, JudgeOptions, Ruleset, Termination};
use xqr_house::{load_str, shipped, OverlayRuleset, ProblemKind};

const BASE: &str =
    "id = \"club\"\nname = \"Club\"\nextends = \"cxa-1999\"\nrule_source = \"club sheet §3\"\n";

/// cxa-1999 chapter 7, figure 3: Red chases perpetually, three full cycles.
const CHASE_FEN: &str =
    "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1";
const CHASE: &str = "h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9";

fn cxa1999() -> Arc<dyn Ruleset> {
    Arc::new(xqr_cxa1999::Cxa1999::new())
}

fn build(text: &str) -> Result<OverlayRuleset, xqr_house::OverlayError> {
    let v = load_str(text, "club.toml").unwrap_or_else(|e| panic!("{e}"));
    OverlayRuleset::new(&v, cxa1999(), "club.toml")
}

fn club(knobs: &str) -> OverlayRuleset {
    build(&format!("{BASE}{knobs}")).unwrap_or_else(|e| panic!("{e}"))
}

fn game(fen: &str, moves: &str) -> GameInput {
    GameInput {
        fen: Some(fen.to_owned()),
        moves: moves
            .split_whitespace()
            .map(xqr_core::MoveText::from)
            .collect(),
        ..GameInput::default()
    }
}

#[test]
fn an_edition_is_its_spec() {
    let rs = cxa1999();
    let spec = rs.spec().expect("cxa-1999 is built from a Spec");
    assert_eq!(spec.meta.id, "cxa-1999");
    assert_eq!(spec.law.table.perpetual_check, ViolationPolicy::Loses);
    assert_eq!(spec.law.table.count, RepetitionCount::Cycles);
    assert_eq!(spec.ends.natural_limit.as_ref().map(|n| n.moves), Some(60));
    let jieqi = xqr_jieqi::Jieqi::new();
    let spec = Ruleset::spec(&jieqi).expect("jieqi is built from a Spec");
    assert!(spec.hidden_pieces);
    assert!(spec.hooks.game_end.is_some(), "king capture is a hook");
}

#[test]
fn only_perpetual_check_forbidden_is_the_lenient_table() {
    let short = club("[repetition]\nforbidden = [\"perpetual_check\"]\n");
    let (path, text) = shipped()
        .into_iter()
        .find(|(p, _)| p.ends_with("lenient.toml"))
        .expect("shipped");
    let lenient =
        xqr_house::build(&load_str(text, &path).expect("loads"), cxa1999(), &path).expect("builds");
    let table = |rs: &dyn Ruleset| rs.spec().expect("a Spec").law.table;
    assert_eq!(table(&short), table(&*lenient));
    assert_eq!(table(&short).perpetual_chase, ViolationPolicy::Draw);
    assert_eq!(table(&short).perpetual_check, ViolationPolicy::Loses);
    // Judged the same: figure 3's perpetual chase is a draw, citing the variant.
    let v = short
        .judge(&game(CHASE_FEN, CHASE), &JudgeOptions::default())
        .expect("judged");
    assert_eq!(v.result, GameResult::Draw);
    assert_eq!(v.termination, Some(Termination::RepetitionDraw));
    assert_eq!(v.rule.expect("cited").to_string(), "club club sheet §3");
}

#[test]
fn a_listed_conduct_keeps_its_policy_and_an_unlisted_one_cannot_be_punished() {
    let rs = club(
        "[repetition]\nforbidden = [\"perpetual_check\", \"perpetual_chase\"]\nperpetual_chase = \"loses\"\n",
    );
    let t = rs.spec().expect("a Spec").law.table;
    assert_eq!(t.perpetual_chase, ViolationPolicy::Loses);
    assert_eq!(t.perpetual_mate_threat, ViolationPolicy::Draw);
    let e = build(&format!(
        "{BASE}[repetition]\nforbidden = [\"perpetual_check\"]\nperpetual_chase = \"loses\"\n"
    ))
    .err()
    .expect("fails");
    assert_eq!(e.kind(), ProblemKind::Unsupported);
    assert!(
        e.to_string().starts_with(
            "club.toml:7:19: repetition.perpetual_chase: `perpetual_chase` is not in `forbidden`"
        ),
        "{e}"
    );
}

#[test]
fn counting_and_both_forbidden_reach_the_law() {
    let rs =
        club("[counting]\nprocedure = \"cxa-2011\"\n[both_forbidden]\nruling = \"precedence\"\n");
    let t = rs.spec().expect("a Spec").law.table;
    assert_eq!(t.counting, Counting::Cxa2011);
    assert_eq!(t.both_forbidden, BothForbidden::Precedence);
    // The 1999 count in [counting], as in [repetition]: figure 3 judged at the third occurrence.
    let third = club("[counting]\ncount = \"occurrences\"\n");
    assert_eq!(
        third.spec().expect("a Spec").law.table.count,
        RepetitionCount::Occurrences
    );
    let eight = CHASE.split(' ').take(8).collect::<Vec<_>>().join(" ");
    let v = third
        .judge(&game(CHASE_FEN, &eight), &JudgeOptions::default())
        .expect("judged");
    assert!(v.pending.is_some(), "{v:?}");
    // Not in both tables.
    let e = build(&format!(
        "{BASE}[repetition]\ncount = \"cycles\"\n[counting]\ncount = \"occurrences\"\n"
    ))
    .err()
    .expect("fails");
    assert!(
        e.to_string().starts_with(
            "club.toml:8:9: counting.count: `count` is set in [counting] and in [repetition]"
        ),
        "{e}"
    );
    // The 1999 count cannot be set with the 2011 procedure, located at the key.
    let e = build(&format!(
        "{BASE}[counting]\nprocedure = \"cxa-2011\"\nrepetitions = 4\n"
    ))
    .err()
    .expect("fails");
    assert!(
        e.to_string().starts_with(
            "club.toml:7:15: counting.repetitions: this variant counts a repetition by cxa-2011 §23.2 and §23.4"
        ),
        "{e}"
    );
}

#[test]
fn a_variant_of_a_variant_reads_the_spec_its_parent_built() {
    let mut reg = xqr_core::registry::Registry::new();
    reg.add(cxa1999()).expect("added");
    let parent = load_str(
        &format!("{BASE}[natural_limit]\nmoves = 40\ncheck_cap = 5\n[scoring]\ndraw_result = \"black_wins\"\n[counting]\ncount = \"occurrences\"\n"),
        "club.toml",
    )
    .expect("valid");
    let child = load_str(
        "id = \"junior\"\nname = \"Junior\"\nextends = \"club\"\nrule_source = \"junior sheet\"\n[repetition]\nforbidden = [\"perpetual_check\"]\n",
        "junior.toml",
    )
    .expect("valid");
    let (built, errors) = xqr_house::resolve_all(
        vec![("club.toml".into(), parent), ("junior.toml".into(), child)],
        &reg,
    );
    assert!(errors.is_empty(), "{errors:?}");
    let spec = built[1].spec().expect("a Spec");
    assert_eq!(spec.meta.id, "junior");
    let limit = spec.ends.natural_limit.as_ref().expect("a limit");
    assert_eq!((limit.moves, limit.check_cap), (40, 5));
    assert_eq!(limit.rule.to_string(), "club club sheet §3");
    assert!(matches!(&spec.draws, DrawCounts::BlackWins(r) if r.ruleset == "club"));
    assert_eq!(spec.law.table.count, RepetitionCount::Occurrences);
    assert_eq!(spec.law.table.perpetual_chase, ViolationPolicy::Draw);
}
