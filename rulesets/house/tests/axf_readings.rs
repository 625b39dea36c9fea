//! The knobs of the AXF readings (docs/cxa-vs-axf.md): a club plays CXA with one of AXF's
//! readings, or AXF with CXA's, and each knob changes the classification or the verdict as its
//! rule says, citing the club.

use std::sync::Arc;
use xqr_core::rules::{
    ClaimPolicy, Conduct, GameHistory, GameInput, GameResult, JudgeOptions, MoveKind, PlyClass,
    Ruleset, Termination, Verdict,
};
use xqr_core::{Color, MoveRules, Position, Square};
use xqr_house::{load_str, OverlayRuleset};

fn cxa1999() -> Arc<dyn Ruleset> {
    Arc::new(xqr_cxa1999::Cxa1999::new())
}

fn axf() -> Arc<dyn Ruleset> {
    Arc::new(xqr_axf::Axf::new())
}

/// The club's variant of `parent` with `knobs`, citing "club club sheet §3".
fn club(parent: Arc<dyn Ruleset>, knobs: &str) -> OverlayRuleset {
    let text = format!(
        "id = \"club\"\nname = \"Club\"\nextends = \"{}\"\nrule_source = \"club sheet §3\"\n{knobs}",
        parent.meta().id
    );
    let v = load_str(&text, "club.toml").unwrap_or_else(|e| panic!("{e}"));
    OverlayRuleset::new(&v, parent, "club.toml").unwrap_or_else(|e| panic!("{e}"))
}

/// What the last of `moves` (ICCS) played from `fen` is under `rs`.
fn last_ply(rs: &dyn Ruleset, fen: &str, moves: &str) -> PlyClass {
    let mut h = GameHistory::new(Position::from_fen(fen, MoveRules::STANDARD).expect("legal"));
    for m in moves.split_whitespace() {
        h.push(m.parse().expect("ICCS")).expect("legal");
    }
    rs.repetition().classify(&h, h.ply_count())
}

fn sq(s: &str) -> Square {
    s.parse().expect("a square")
}

fn cites(c: &PlyClass, text: &str) -> bool {
    c.notes.iter().any(|n| n.contains(text))
}

fn judge(rs: &dyn Ruleset, fen: &str, moves: &str, claim: ClaimPolicy) -> Verdict {
    let game = GameInput {
        fen: Some(fen.to_owned()),
        moves: moves
            .split_whitespace()
            .map(xqr_core::MoveText::from)
            .collect(),
        ..GameInput::default()
    };
    let options = JudgeOptions {
        claim,
        ..JudgeOptions::default()
    };
    rs.judge(&game, &options).expect("judged")
}

/// The red horse f4 and the black horse e6 attack each other and the red rook comes to e2 as a
/// second attacker of the horse, which the horse g7 protects (core's
/// `a_mutual_contact_stays_an_offer_whatever_the_second_attacker`).
const TWO_ON_A_PROTECTED_HORSE: &str = "3k5/4a4/6n2/4n4/9/5N3/P8/R8/9/5K3 w - - 0 1";

/// `chase_test = "one_recapture"`: a CXA club that takes AXF's protection (one legal
/// recapture, rule 35: several pieces against a protected piece do not chase it) no longer
/// finds the joint chase of a horse with too few roots (少根, cxa-1999 §28.16, §29.3).
#[test]
fn cxa_with_axf_protection_sees_no_joint_chase() {
    let base = last_ply(&*cxa1999(), TWO_ON_A_PROTECTED_HORSE, "a2e2");
    assert_eq!(base.heaviest(), MoveKind::Chase, "{base:?}");
    assert_eq!(base.targets, vec![sq("e6")]);
    assert!(cites(&base, "少根子, cxa-1999 §28.16, §29.3"), "{base:?}");
    let rs = club(cxa1999(), "[definitions]\nchase_test = \"one_recapture\"\n");
    let c = last_ply(&rs, TWO_ON_A_PROTECTED_HORSE, "a2e2");
    assert!(!c.has(MoveKind::Chase), "{c:?}");
    let defs = rs.spec().expect("a Spec").law.definitions().clone();
    assert_eq!(defs.insufficient_root, None);
    assert_eq!(defs.chase_test.article.to_string(), "club club sheet §3");
}

/// `chase_test = "exchange"`: an AXF club that takes CXA's exchange test finds the joint chase
/// AXF has no notion of, and its 少根 article is the club's, the parent having none.
#[test]
fn axf_with_the_exchange_test_finds_the_joint_chase_citing_the_club() {
    let base = last_ply(&*axf(), TWO_ON_A_PROTECTED_HORSE, "a2e2");
    assert!(!base.has(MoveKind::Chase), "{base:?}");
    let rs = club(axf(), "[definitions]\nchase_test = \"exchange\"\n");
    let c = last_ply(&rs, TWO_ON_A_PROTECTED_HORSE, "a2e2");
    assert_eq!(c.heaviest(), MoveKind::Chase, "{c:?}");
    assert_eq!(c.targets, vec![sq("e6")]);
    assert!(cites(&c, "少根子, club club sheet §3"), "{c:?}");
}

/// `rook_chased_by_horse_or_cannon` (axf rules 15, 21): the red horse comes to b5 against the
/// black rook c7, which the rook c9 protects. AXF calls it a chase; the club that turns the
/// rule off does not. A CXA club with the one-recapture test needs the rule to call it one.
#[test]
fn the_rook_rule_makes_a_horse_against_a_protected_rook_a_chase() {
    let fen = "2r1k4/9/2r6/9/9/9/N8/9/9/5K3 w - - 0 1";
    let base = last_ply(&*axf(), fen, "a3b5");
    assert_eq!(base.targets, vec![sq("c7")], "{base:?}");
    assert!(cites(&base, "axf rules 15, 21"), "{base:?}");
    let off = club(
        axf(),
        "[definitions]\nrook_chased_by_horse_or_cannon = false\n",
    );
    let c = last_ply(&off, fen, "a3b5");
    assert!(!c.has(MoveKind::Chase), "{c:?}");

    let one_ply = "[definitions]\nchase_test = \"one_recapture\"\n";
    let c = last_ply(&club(cxa1999(), one_ply), fen, "a3b5");
    assert!(!c.has(MoveKind::Chase), "{c:?}");
    let with_rule = club(
        cxa1999(),
        &format!("{one_ply}rook_chased_by_horse_or_cannon = \"item 4\"\n"),
    );
    let c = last_ply(&with_rule, fen, "a3b5");
    assert_eq!(c.targets, vec![sq("c7")], "{c:?}");
    assert!(cites(&c, "club item 4"), "{c:?}");
}

/// `chase_with_check` (axf rules 12, 18; FSF 1168): the red cannon returns to f4, checking the
/// king over the cannon f6, which now attacks the unprotected crossed pawn f1. CXA names the
/// move a check only (从重); the club finds the chase as well.
#[test]
fn a_checking_move_also_chases_when_the_club_says_so() {
    let fen = "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1";
    let moves = "f4d4 f5d5 d4f4";
    let base = last_ply(&*cxa1999(), fen, moves);
    assert_eq!(base.kinds, vec![MoveKind::Check], "{base:?}");
    let rs = club(cxa1999(), "[definitions]\nchase_with_check = true\n");
    let c = last_ply(&rs, fen, moves);
    assert_eq!(c.kinds, vec![MoveKind::Check, MoveKind::Chase], "{c:?}");
    assert_eq!(c.targets, vec![sq("f9"), sq("f1")]);
}

/// `tied_rook` (axf rule 19; FSF 1193): Black's advisor f9e8 blocks the red rook b8 and gives
/// the cannon a8 a second screen, so the red horse g8 loses its protectors. The black rook f8,
/// tied down by that horse, attacks it without moving. CXA 1999: a chase of the horse; the club
/// with rule 19: no chase.
#[test]
fn a_tied_rook_does_not_chase_its_horse_when_the_club_says_so() {
    let fen = "2baka1r1/CR3rN2/9/2p1p4/9/9/4P4/9/4A4/4KA3 b - - 0 1";
    let base = last_ply(&*cxa1999(), fen, "f9e8");
    assert_eq!(base.heaviest(), MoveKind::Chase, "{base:?}");
    assert_eq!(base.targets, vec![sq("g8")]);
    let rs = club(cxa1999(), "[definitions]\ntied_rook = true\n");
    let c = last_ply(&rs, fen, "f9e8");
    assert!(!c.has(MoveKind::Chase), "{c:?}");
    assert!(cites(&c, "club club sheet §3"), "{c:?}");
}

/// `check_capture_threat` (axf rule 38, D97): the cannon lines up a discovered check by the
/// rook c8 that would also hit the loose rook e6. CXA 1999 §29.1: a chase through a check
/// (连续照将吃子); the club: a check-and-capture threat, idle.
#[test]
fn a_check_and_capture_threat_is_idle_when_the_club_says_so() {
    let fen = "CN1a5/2R1ak3/9/4r4/9/9/9/9/9/3K5 w - - 0 1";
    let base = last_ply(&*cxa1999(), fen, "a9a8");
    assert_eq!(base.heaviest(), MoveKind::Chase, "{base:?}");
    let rs = club(
        cxa1999(),
        "[definitions]\ncheck_capture_threat = \"rule 38\"\n",
    );
    let c = last_ply(&rs, fen, "a9a8");
    assert_ne!(c.heaviest(), MoveKind::Chase, "{c:?}");
    assert!(
        cites(&c, "check-and-capture threat") && cites(&c, "club rule 38"),
        "{c:?}"
    );
}

/// axf D26 (constructed; `tests/fixtures/axf-diff-one-cannon-on-two-rooks.toml`): one red
/// cannon chases the two black rooks in turn.
const D26: &str = "5k3/9/r7r/9/9/1p5p1/P7P/7C1/9/3AKA3 w - - 0 1";
const D26_MOVES: &str = "h2i2 i7h7 i2a2 a7b7 a2h2 h7i7 h2b2 b7a7 b2i2 i7h7 i2a2 a7b7 a2h2 h7i7 h2b2 b7a7 b2i2 i7h7 i2a2 a7b7 a2h2 h7i7 h2b2 b7a7 b2i2 i7h7 i2a2 a7b7 a2h2 h7i7 h2b2 b7a7 b2i2 i7h7 i2a2 a7b7 a2h2 h7i7 h2b2 b7a7";

/// cxa-1999 chapter 7, figure 3: the red horse chases the black rook, which shuttles.
const CHASE_FEN: &str =
    "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1";
const CHASE_CYCLE: &str = "h6i4 i9h9 i4h6 h9i9 ";

/// The first `plies` plies of `cycle` repeated.
fn plies(cycle: &str, plies: usize) -> String {
    let moves = cycle.repeat(plies / 4 + 1);
    let moves: Vec<&str> = moves.split_whitespace().take(plies).collect();
    moves.join(" ")
}

/// `chase_conduct = "same_target"` (axf rules 16, 32, 33): one cannon chasing two rooks in turn
/// is no perpetual chase, a draw, where CXA's 从重 makes every chase count and Red lose. The
/// reading, which CXA has no article for, cites the club.
#[test]
fn one_piece_chasing_two_in_turn_is_no_perpetual_chase_when_the_club_says_so() {
    let base = judge(&*cxa1999(), D26, D26_MOVES, ClaimPolicy::First);
    assert_eq!(base.result, GameResult::BlackWins, "{}", base.explanation);
    assert_eq!(base.termination, Some(Termination::PerpetualChase));
    let rs = club(cxa1999(), "[repetition]\nchase_conduct = \"same_target\"\n");
    let v = judge(&rs, D26, D26_MOVES, ClaimPolicy::First);
    assert_eq!(v.result, GameResult::Draw, "{}", v.explanation);
    assert_eq!(v.termination, Some(Termination::RepetitionDraw));
    assert_eq!(v.rule.expect("cited").to_string(), "club club sheet §3");
    assert!(
        v.explanation.contains(
            "chasing different pieces in turn, none after every move; club club sheet §3"
        ),
        "{}",
        v.explanation
    );
}

/// Figure 3 under `chase_conduct = "same_target"`: the horse chases one rook, followed as it
/// moves, so Red must change as under cxa-1999 (whose article the pending ruling keeps), and
/// the piece chased is named with the club's rule, not an empty CXA article.
#[test]
fn the_same_target_reading_cites_the_club_where_cxa_has_no_article() {
    let rs = club(cxa1999(), "[repetition]\nchase_conduct = \"same_target\"\n");
    let v = judge(
        &rs,
        CHASE_FEN,
        &plies(CHASE_CYCLE, 12),
        ClaimPolicy::default(),
    );
    let pending = v.pending.expect("red must change");
    assert_eq!(pending.must_change, Color::Red);
    assert_eq!(pending.rule.to_string(), "cxa-1999 §26.4");
    assert!(
        v.explanation
            .contains("chasing the rook on h9, followed from i9; club club sheet §3)"),
        "{}",
        v.explanation
    );
    let l = v.loop_found.expect("the loop");
    assert_eq!(
        (l.red, l.black),
        (Conduct::PerpetualChase, Conduct::Allowed)
    );
}

/// `[counting] loses_after = 3` (axf rule 3, "still repeats the violation three times"): on
/// figure 3 Red, told to change at ply 12, loses after one more cycle under cxa-1999 §24.3
/// (claimed at ply 17), after three under the club (ply 25), the loss citing the club.
#[test]
fn the_side_that_must_change_loses_after_the_clubs_recurrences() {
    let moves = plies(CHASE_CYCLE, 28);
    let base = judge(&*cxa1999(), CHASE_FEN, &moves, ClaimPolicy::First);
    assert_eq!(base.result, GameResult::BlackWins);
    assert_eq!(base.decided_at_ply, Some(17));
    let rs = club(cxa1999(), "[counting]\nloses_after = 3\n");
    let v = judge(&rs, CHASE_FEN, &plies(CHASE_CYCLE, 24), ClaimPolicy::First);
    assert_eq!(v.result, GameResult::Undecided, "{}", v.explanation);
    assert_eq!(
        v.pending.expect("red must change").rule.to_string(),
        "club club sheet §3"
    );
    let v = judge(&rs, CHASE_FEN, &moves, ClaimPolicy::First);
    assert_eq!(v.result, GameResult::BlackWins, "{}", v.explanation);
    assert_eq!(v.termination, Some(Termination::PerpetualChase));
    assert_eq!(v.decided_at_ply, Some(25));
    assert_eq!(v.rule.expect("cited").to_string(), "club club sheet §3");
    assert!(
        v.explanation.contains("repeated the loop 3 more times"),
        "{}",
        v.explanation
    );
}

/// `loses_after` is read by the 1999 procedure only, like `repetitions` and `count`: a
/// cxa-2011 club (two rounds to change, §23.5.2) is refused with the key located.
#[test]
fn loses_after_is_refused_on_the_2011_procedure() {
    let text = "id = \"club\"\nname = \"Club\"\nextends = \"cxa-2011\"\nrule_source = \"club sheet §3\"\n[counting]\nloses_after = 3\n";
    let v = load_str(text, "club.toml").expect("valid");
    let e = OverlayRuleset::new(&v, Arc::new(xqr_cxa2011::Cxa2011::new()), "club.toml")
        .err()
        .expect("refused");
    assert_eq!(e.kind(), xqr_house::ProblemKind::Unsupported);
    assert!(
        e.to_string().starts_with(
            "club.toml:6:15: counting.loses_after: the parent cxa-2011 gives a side that must change two rounds by cxa-2011 §23.5.2"
        ),
        "{e}"
    );
}

/// tests/fixtures/perpetual-check-against-perpetual-chase.toml: every red move checks, every
/// black move chases.
const CHECK_AGAINST_CHASE: &str = "4k4/9/N5n1r/9/5C3/4C4/9/9/4R4/3K5 w - - 0 1";
const CHECK_AGAINST_CHASE_MOVES: &str = "炮五平七 马7进5 炮七平五 马5退7 炮五平七 马7进5 炮七平五 马5退7 炮五平七 马7进5 炮七平五 马5退7";

/// `[both_forbidden] ruling = "checker_changes"` (axf Section 2.3): with perpetual check
/// made "must change" as in AXF, Red's perpetual check against Black's perpetual chase makes
/// Red change, where the 1999 both-forbidden rule (§26.3) draws. With perpetual check losing
/// (cxa-1999 §26.1) the ruling never comes into play.
#[test]
fn the_checker_changes_against_a_perpetual_chase_when_the_club_says_so() {
    let must_change = "[repetition]\nperpetual_check = \"must_change\"\n";
    let draws = club(cxa1999(), must_change);
    let v = judge(
        &draws,
        CHECK_AGAINST_CHASE,
        CHECK_AGAINST_CHASE_MOVES,
        ClaimPolicy::default(),
    );
    assert_eq!(v.result, GameResult::Draw, "{}", v.explanation);
    let rs = club(
        cxa1999(),
        &format!("{must_change}[both_forbidden]\nruling = \"checker_changes\"\n"),
    );
    let v = judge(
        &rs,
        CHECK_AGAINST_CHASE,
        CHECK_AGAINST_CHASE_MOVES,
        ClaimPolicy::default(),
    );
    assert_eq!(v.result, GameResult::Undecided, "{}", v.explanation);
    let pending = v.pending.expect("red must change");
    assert_eq!(pending.must_change, Color::Red);
    assert_eq!(pending.rule.to_string(), "club club sheet §3");
    assert!(
        v.explanation.contains("the checker changes"),
        "{}",
        v.explanation
    );
    let alone = club(
        cxa1999(),
        "[both_forbidden]\nruling = \"checker_changes\"\n",
    );
    let v = judge(
        &alone,
        CHECK_AGAINST_CHASE,
        &format!("{CHECK_AGAINST_CHASE_MOVES} 炮五平七"),
        ClaimPolicy::default(),
    );
    assert_eq!(v.result, GameResult::BlackWins, "{}", v.explanation);
    assert_eq!(v.termination, Some(Termination::PerpetualCheck));
}
