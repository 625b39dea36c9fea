//! The shipped variants judged against their parent, cxa-1999.

use std::collections::HashSet;
use std::sync::Arc;
use xqr_core::rules::{
    Conduct, GameInput, GameResult, JudgeOptions, Ruleset, Termination, Verdict,
};
use xqr_core::{Color, MoveRules, Position};
use xqr_house::{build, load_str, shipped, OverlayRuleset};

/// cxa-1999 chapter 7, figure 3: Red chases perpetually, Black's moves are allowed; three full
/// cycles, the repetition of §24 (循环反复三次).
const CHASE_FEN: &str =
    "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1";
const CHASE: &str = "h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9";
/// A rook checking from two files while the king has two points (§26.1), three full cycles.
const CHECK_FEN: &str = "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1";
const CHECK: &str = "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9";
/// [`CHECK`] and one more check: Black may claim in its own time (1999 §8.5).
const CHECK_AGAIN: &str = "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9 e1d1";

fn cxa1999() -> Arc<dyn Ruleset> {
    Arc::new(xqr_cxa1999::Cxa1999::new())
}

fn shipped_variant(id: &str) -> Arc<dyn Ruleset> {
    let (path, text) = shipped()
        .into_iter()
        .find(|(p, _)| p.file_stem().is_some_and(|s| s == id))
        .expect("shipped variant");
    let v = load_str(text, &path).unwrap_or_else(|e| panic!("{e}"));
    build(&v, cxa1999(), &path).unwrap_or_else(|e| panic!("{e}"))
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

fn judge(rs: &dyn Ruleset, g: &GameInput) -> Verdict {
    rs.judge(g, &JudgeOptions::default()).expect("judged")
}

#[test]
fn lenient_draws_the_perpetual_chase_that_cxa_1999_makes_red_change() {
    let g = game(CHASE_FEN, CHASE);
    let base = judge(&*cxa1999(), &g);
    assert_eq!(base.result, GameResult::Undecided);
    let pending = base.pending.expect("cxa-1999: red must change");
    assert_eq!(pending.must_change, Color::Red);
    assert_eq!(pending.rule.to_string(), "cxa-1999 §26.4");

    let v = judge(&*shipped_variant("lenient"), &g);
    assert_eq!(v.ruleset, "lenient");
    assert_eq!(v.result, GameResult::Draw);
    assert_eq!(v.termination, Some(Termination::RepetitionDraw));
    assert_eq!(v.pending, None);
    assert_eq!(v.decided_at_ply, Some(12));
    let rule = v.rule.expect("cited");
    assert_eq!(rule.ruleset, "lenient");
    assert!(rule.article.starts_with("jieqi-trial-rules.txt"), "{rule}");
    let l = v.loop_found.expect("the loop");
    assert_eq!(
        (l.red, l.black),
        (Conduct::PerpetualChase, Conduct::Allowed)
    );
    // The explanation says what the parent would have ruled.
    assert!(
        v.explanation
            .contains("cxa-1999 would rule: red must change (cxa-1999 §26.4)"),
        "{}",
        v.explanation
    );
}

#[test]
fn perpetual_check_still_loses_under_lenient() {
    let g = game(CHECK_FEN, CHECK_AGAIN);
    let base = judge(&*cxa1999(), &g);
    let v = judge(&*shipped_variant("lenient"), &g);
    for v in [&base, &v] {
        assert_eq!(v.result, GameResult::BlackWins);
        assert_eq!(v.termination, Some(Termination::PerpetualCheck));
        assert_eq!(v.offender, Some(Color::Red));
        assert_eq!(v.decided_at_ply, Some(13));
    }
    // The decision is unchanged: the variant's judge cites the inherited article.
    assert_eq!(v.rule.expect("cited").to_string(), "cxa-1999 §26.1");
}

/// Plays `plies` plies from the start position without a capture, never reaching a position
/// twice (so no repetition is judged): the first such legal move in ICCS order.
fn quiet_game(plies: usize) -> Vec<xqr_core::MoveText> {
    let mut pos = Position::from_fen(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        MoveRules::STANDARD,
    )
    .expect("start position");
    let mut seen = HashSet::from([pos.hash()]);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let mut legal: Vec<_> = pos.legal_moves().iter().copied().collect();
        legal.sort_by_key(|m| m.to_string());
        let m = legal
            .into_iter()
            .find(|&m| {
                if pos.board().get(m.to).is_some() {
                    return false;
                }
                let mut next = pos.clone();
                next.play_unchecked(m);
                !seen.contains(&next.hash()) && !next.is_check() && !next.has_no_legal_moves()
            })
            .expect("a quiet move");
        pos.play_unchecked(m);
        seen.insert(pos.hash());
        moves.push(m.to_string().into());
    }
    moves
}

#[test]
fn quick_limit_declares_the_natural_limit_after_sixty_quiet_plies() {
    let moves = quiet_game(70);
    let quick = shipped_variant("quick-limit");
    let at = |n: usize| GameInput {
        moves: moves[..n].to_vec(),
        ..GameInput::default()
    };
    // 59 plies: not yet.
    let v = judge(&*quick, &at(59));
    assert_eq!(v.result, GameResult::Undecided, "{}", v.explanation);
    // 60 plies = 30 moves by both sides without a capture: a draw can be claimed from there,
    // and the record ends while it can (as played, the draw is the verdict where it ends).
    for n in [60, 70] {
        let v = judge(&*quick, &at(n));
        assert_eq!(v.result, GameResult::Draw, "{}", v.explanation);
        assert_eq!(v.termination, Some(Termination::NaturalLimit));
        assert_eq!(v.decided_at_ply, Some(n as u32));
        assert_eq!(
            (v.claims[0].ply, v.claims[0].until_ply),
            (60, n as u32),
            "{:?}",
            v.claims
        );
        let rule = v.rule.expect("cited");
        assert_eq!(rule.ruleset, "quick-limit");
        assert!(
            rule.article
                .starts_with("club-and-local-rules-collection.txt"),
            "{rule}"
        );
        let base = judge(&*cxa1999(), &at(n));
        assert_eq!(base.result, GameResult::Undecided, "{}", base.explanation);
        assert_eq!(base.termination, None);
    }
    // The parent's own limit (60 moves) still applies under cxa-1999, from a FEN clock.
    let late = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 119 80";
    let g = GameInput {
        fen: Some(late.to_owned()),
        moves: moves[..1].to_vec(),
        ..GameInput::default()
    };
    let base = judge(&*cxa1999(), &g);
    assert_eq!(base.termination, Some(Termination::NaturalLimit));
    assert_eq!(base.rule.expect("cited").to_string(), "cxa-1999 §4.2.4");
    let v = judge(&*quick, &g);
    assert_eq!(v.termination, Some(Termination::NaturalLimit));
    assert_eq!(
        v.claims[0].ply, 0,
        "the clock was past 30 moves before the record"
    );
    assert_eq!(v.rule.expect("cited").ruleset, "quick-limit");
}

#[test]
fn quick_limit_keeps_the_parent_repetition_law_and_checkmate() {
    let quick = shipped_variant("quick-limit");
    let v = judge(&*quick, &game(CHASE_FEN, CHASE));
    let pending = v.pending.expect("inherited: red must change");
    assert_eq!(pending.rule.to_string(), "cxa-1999 §26.4");
    let v = judge(
        &*quick,
        &game("3k5/9/4R4/9/9/9/9/9/9/4K4 w - - 0 1", "e7d7"),
    );
    assert_eq!(v.termination, Some(Termination::Checkmate));
    assert_eq!(v.rule.expect("cited").to_string(), "cxa-1999 §4.1.1");
}

#[test]
fn meta_names_the_variant_its_parent_and_its_file() {
    let rs = shipped_variant("lenient");
    let m = rs.meta();
    assert_eq!(m.id, "lenient");
    assert_eq!(m.extends.as_deref(), Some("cxa-1999"));
    assert_eq!(m.edition, "house");
    assert_eq!(m.origin.kind(), "overlay");
    assert!(m.answers_to("guangzhou-hong-kong"));
    assert!(m.rule_source.starts_with("jieqi-trial-rules.txt"));
    match &m.origin {
        xqr_core::rules::Origin::Overlay { path } => {
            assert!(path.ends_with("rulesets/house/variants/lenient.toml"))
        }
        o => panic!("{o:?}"),
    }
}

const BASE: &str =
    "id = \"club\"\nname = \"Club\"\nextends = \"cxa-1999\"\nrule_source = \"club sheet §3\"\n";

fn club(extra: &str) -> OverlayRuleset {
    let v = load_str(&format!("{BASE}{extra}"), "club.toml").unwrap_or_else(|e| panic!("{e}"));
    OverlayRuleset::new(&v, cxa1999(), "club.toml").unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn armageddon_turns_a_draw_into_a_black_win_citing_the_variant() {
    let rs = club(
        "[scoring]\nwin = 3\ndraw_red = 1\ndraw_black = \"1.5\"\ndraw_result = \"black_wins\"\n\
         [metadata]\nred_time = \"20 min + 10 s\"\nblack_time = \"10 min + 10 s\"\n",
    );
    let lenient_like = club("[repetition]\nperpetual_chase = \"draw\"\n");
    let drawn = judge(&lenient_like, &game(CHASE_FEN, CHASE));
    assert_eq!(drawn.result, GameResult::Draw);
    // Bare kings plus an agreed draw from the record: a draw, which Armageddon gives to Black.
    let mut g = game("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0f0");
    g.tags.insert("Result".into(), "1/2-1/2".into());
    g.tags.insert("Termination".into(), "agreed".into());
    let base = judge(&*cxa1999(), &g);
    assert_eq!(base.result, GameResult::Draw);
    assert_eq!(base.termination, Some(Termination::AgreedDraw));
    let v = judge(&rs, &g);
    assert_eq!(v.result, GameResult::BlackWins);
    assert_eq!(v.winner, Some(Color::Black));
    assert_eq!(v.termination, Some(Termination::AgreedDraw));
    assert_eq!(v.rule.expect("cited").to_string(), "club club sheet §3");
    assert!(
        v.explanation.contains("under cxa-1999 §4.2.2"),
        "{}",
        v.explanation
    );
    // A win stays a win.
    let v = judge(&rs, &game("3k5/9/4R4/9/9/9/9/9/9/4K4 w - - 0 1", "e7d7"));
    assert_eq!(v.result, GameResult::RedWins);
    // Points: the variant's, the rest inherited.
    let p = rs.scoring().points();
    assert_eq!(
        [p.win, p.draw_red, p.draw_black, p.loss].map(|x| x.to_string()),
        ["3", "1", "1.5", "0"]
    );
    assert_eq!(rs.metadata()["red_time"], "20 min + 10 s");
    assert_eq!(rs.draw_result(), xqr_house::DrawResult::BlackWins);
}

#[test]
fn illegal_move_ruling_is_the_variants_when_set() {
    use xqr_core::rules::IllegalMovePolicy;
    let opts = JudgeOptions {
        illegal_moves: IllegalMovePolicy::Rule,
        ..JudgeOptions::default()
    };
    // The horse's leg is blocked: h0g2 is illegal.
    let g = GameInput {
        moves: vec!["h0f1".into()],
        ..GameInput::default()
    };
    let base = cxa1999().judge(&g, &opts).expect("judged");
    assert_eq!(base.result, GameResult::BlackWins);
    assert_eq!(base.rule.expect("cited").to_string(), "cxa-1999 §4.1.6");
    let rs = club("[illegal_moves]\nruling = \"foul_and_replay\"\n");
    let v = rs.judge(&g, &opts).expect("judged");
    assert_eq!(v.result, GameResult::Undecided);
    assert_eq!(v.termination, Some(Termination::IllegalMove));
    assert_eq!(v.offender, Some(Color::Red));
    assert_eq!(v.rule.expect("cited").to_string(), "club club sheet §3");
}

#[test]
fn a_stricter_variant_makes_the_repetition_count_and_the_loss_its_own() {
    // Two occurrences make a repetition, and a perpetual chase loses at once.
    let rs = club(
        "[repetition]\nperpetual_chase = \"loses\"\nrepetitions = 2\ncount = \"occurrences\"\n",
    );
    // Once round and Red's next chase: Black claims in its own time (1999 §8.5).
    let once_round = CHASE.split(' ').take(5).collect::<Vec<_>>().join(" ");
    let v = judge(&rs, &game(CHASE_FEN, &once_round));
    assert_eq!(v.result, GameResult::BlackWins);
    assert_eq!(v.termination, Some(Termination::PerpetualChase));
    assert_eq!(v.decided_at_ply, Some(5));
    assert_eq!(v.rule.expect("cited").to_string(), "club club sheet §3");
    assert!(
        v.explanation.contains("cxa-1999 would rule: no ruling yet"),
        "{}",
        v.explanation
    );
}

#[test]
fn an_obligation_only_the_variant_imposes_is_the_variants_to_the_end() {
    // Perpetual check must merely change (a variant of the table, for the test): red changes
    // nothing and loses for not changing, citing the variant all the way.
    let rs = club("[repetition]\nperpetual_check = \"must_change\"\n");
    let v = judge(&rs, &game(CHECK_FEN, CHECK));
    let p = v.pending.expect("red must change");
    assert_eq!(p.must_change, Color::Red);
    assert_eq!(p.rule.to_string(), "club club sheet §3");
    let v = judge(&rs, &game(CHECK_FEN, &format!("{CHECK} {CHECK_AGAIN}")));
    assert_eq!(v.result, GameResult::BlackWins);
    assert_eq!(v.rule.expect("cited").to_string(), "club club sheet §3");
    assert!(
        v.explanation
            .contains("an obligation only this variant imposes"),
        "{}",
        v.explanation
    );
}

/// A parent written in code, as a plugin is: it exposes no Spec.
struct NoTable(Arc<dyn Ruleset>);

struct OpaqueJudge(Arc<dyn Ruleset>);

impl xqr_core::rules::RepetitionJudge for OpaqueJudge {
    fn rule(
        &self,
        history: &xqr_core::rules::GameHistory,
        pending: Option<&xqr_core::rules::RepetitionRuling>,
    ) -> Option<xqr_core::rules::RepetitionRuling> {
        self.0.repetition().rule(history, pending)
    }
    fn classify(
        &self,
        history: &xqr_core::rules::GameHistory,
        ply: u32,
    ) -> xqr_core::rules::PlyClass {
        self.0.repetition().classify(history, ply)
    }
}

impl Ruleset for NoTable {
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
        // Leaked once per test: the judge must outlive the borrow of self.
        Box::leak(Box::new(OpaqueJudge(self.0.clone())))
    }
    fn scoring(&self) -> &dyn xqr_core::rules::Scoring {
        self.0.scoring()
    }
}

#[test]
fn repetition_knobs_need_a_table_judge_in_the_parent() {
    let text = format!("{BASE}\n[repetition]\nperpetual_chase = \"draw\"\n");
    let v = load_str(&text, "club.toml").expect("valid");
    let parent: Arc<dyn Ruleset> = Arc::new(NoTable(cxa1999()));
    let e = OverlayRuleset::new(&v, parent.clone(), "club.toml")
        .err()
        .expect("fails");
    assert_eq!(e.kind(), xqr_house::ProblemKind::Unsupported);
    assert!(
        e.to_string().starts_with(
            "club.toml:6:1: repetition: the parent cxa-1999 has no repetition law to change"
        ),
        "{e}"
    );
    // Without [repetition] the same parent is fine.
    let v = load_str(BASE, "club.toml").expect("valid");
    assert!(OverlayRuleset::new(&v, parent, "club.toml").is_ok());
}

#[test]
fn building_on_the_wrong_parent_fails() {
    let v = load_str(&BASE.replace("cxa-1999", "cxa-2011"), "club.toml").expect("valid");
    let e = OverlayRuleset::new(&v, cxa1999(), "club.toml")
        .err()
        .expect("fails");
    assert_eq!(e.kind(), xqr_house::ProblemKind::ParentMismatch);
    assert_eq!(
        e.to_string(),
        "club.toml:3:11: extends: extends \"cxa-2011\" but was built on \"cxa-1999\""
    );
}

#[test]
fn an_overlay_on_an_overlay_inherits_its_knobs() {
    let mut reg = xqr_core::registry::Registry::new();
    reg.add(cxa1999()).expect("added");
    let parent = load_str(
        &format!(
            "{BASE}[natural_limit]\nmoves = 40\ncheck_cap = 5\n[scoring]\ndraw_result = \"black_wins\"\n[metadata]\nvenue = \"club\"\n"
        ),
        "club.toml",
    )
    .expect("valid");
    let child = load_str(
        "id = \"junior\"\nname = \"Junior\"\nextends = \"club\"\nrule_source = \"junior sheet\"\n\
         [natural_limit]\nmoves = 30\n[repetition]\nperpetual_chase = \"draw\"\n[metadata]\nrounds = \"5\"\n",
        "junior.toml",
    )
    .expect("valid");
    // Child first: resolve_all builds parents first all the same.
    let (built, errors) = xqr_house::resolve_all(
        vec![("junior.toml".into(), child), ("club.toml".into(), parent)],
        &reg,
    );
    assert!(errors.is_empty(), "{errors:?}");
    let ids: Vec<&str> = built.iter().map(|r| r.meta().id.as_str()).collect();
    assert_eq!(ids, ["club", "junior"]);
    let junior = &built[1];
    assert_eq!(junior.meta().extends.as_deref(), Some("club"));
    // Perpetual chase: a draw (the junior sheet), which the club's Armageddon gives to Black.
    let v = judge(&**junior, &game(CHASE_FEN, CHASE));
    assert_eq!(v.result, GameResult::BlackWins);
    assert_eq!(v.termination, Some(Termination::RepetitionDraw));
    assert_eq!(v.rule.expect("cited").to_string(), "club club sheet §3");
    // 30 moves with the club's check cap of 5.
    let moves = quiet_game(60);
    let v = judge(
        &**junior,
        &GameInput {
            moves,
            ..GameInput::default()
        },
    );
    assert_eq!(v.termination, Some(Termination::NaturalLimit));
    assert!(
        v.explanation.contains("at most 5 checks"),
        "{}",
        v.explanation
    );
    assert_eq!(v.result, GameResult::BlackWins);
}

/// `[repetition] repetitions` and `count` change the 1999 count (cxa-1999 §24, 循环反复三次);
/// cxa-2011 counts by its §23.2 and §23.4, so a variant of it that sets either is refused with
/// the key located.
#[test]
fn the_count_knobs_apply_to_the_1999_count_only() {
    let text = format!(
        "{}\n[repetition]\ncount = \"occurrences\"\n",
        BASE.replace("cxa-1999", "cxa-2011")
    );
    let v = load_str(&text, "club.toml").expect("valid");
    let parent: Arc<dyn Ruleset> = Arc::new(xqr_cxa2011::Cxa2011::new());
    let e = OverlayRuleset::new(&v, parent, "club.toml")
        .err()
        .expect("fails");
    assert_eq!(e.kind(), xqr_house::ProblemKind::Unsupported);
    assert!(
        e.to_string()
            .starts_with("club.toml:7:9: repetition.count: the parent cxa-2011 counts a repetition by cxa-2011 §23.2 and §23.4"),
        "{e}"
    );
    // On cxa-1999 the third-occurrence reading judges figure 3 four plies earlier.
    let third = club("[repetition]\ncount = \"occurrences\"\n");
    let eight = CHASE.split(' ').take(8).collect::<Vec<_>>().join(" ");
    let v = judge(&third, &game(CHASE_FEN, &eight));
    assert_eq!(v.pending.expect("red must change").must_change, Color::Red);
    let v = judge(&*cxa1999(), &game(CHASE_FEN, &eight));
    assert!(v.pending.is_none(), "{v:?}");
}
