//! A club rule only `[definitions]` can express (docs/house-variant-guide.md, section 5): a
//! 1999 club that takes cxa-2011 §26.1.2, a king's move answering check makes no chase or mate
//! threat. Loaded from its file and judged on the fixture where the editions disagree.

use std::path::Path;
use std::sync::Arc;
use xqr_core::rules::{
    ClaimPolicy, Conduct, GameInput, GameResult, JudgeOptions, Ruleset, Termination,
};

fn overlay_path() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/variants/cxa-1999-king-answer-idle.toml")
}

/// tests/fixtures/diff-2011-king-answering-check-mate-threat.toml: the red king steps up and
/// down the e-file threatening mate, and answers the black horse's checks the same way.
fn game() -> GameInput {
    GameInput {
        fen: Some("3k5/9/9/9/9/7n1/9/9/R8/4K4 w - - 0 1".into()),
        moves: "帅五进一 马8进7 帅五退一 马7退8 帅五进一 马8进7 帅五退一 马7退8 帅五进一 马8进7 帅五退一 马7退8 帅五进一 马8进7 帅五退一 马7退8 帅五进一"
            .split(' ')
            .map(xqr_core::MoveText::from)
            .collect(),
        ..GameInput::default()
    }
}

#[test]
fn a_1999_club_taking_2011_s_king_answer_draws_what_1999_makes_red_lose() {
    let path = overlay_path();
    let v = xqr_house::load_file(&path).unwrap_or_else(|e| panic!("{e}"));
    let parent: Arc<dyn Ruleset> = Arc::new(xqr_cxa1999::Cxa1999::new());
    let club = xqr_house::build(&v, parent.clone(), &path).unwrap_or_else(|e| panic!("{e}"));
    let options = JudgeOptions {
        claim: ClaimPolicy::First,
        ..JudgeOptions::default()
    };

    // Expected: the answers to check are idle, so Red is 一杀一闲 (allowed, 1999 §25.2)
    // against Black's 一将一闲: both allowed, a draw (1999 §26.2) at the fourth occurrence of
    // the start position (ply 12), citing the club; 1999 makes Red 长杀, must change (§26.4),
    // and Red loses for not changing (§24.3), claimed at ply 17.
    let verdict = club.judge(&game(), &options).expect("judged");
    assert_eq!(verdict.result, GameResult::Draw, "{}", verdict.explanation);
    assert_eq!(verdict.termination, Some(Termination::RepetitionDraw));
    assert_eq!(verdict.decided_at_ply, Some(12));
    assert_eq!(
        verdict.rule.expect("cited").to_string(),
        "cxa-1999-king-answer-idle cxa-2011 §26.1.2 adopted over cxa-1999"
    );
    let l = verdict.loop_found.expect("the loop");
    assert_eq!((l.red, l.black), (Conduct::Allowed, Conduct::Allowed));
    assert!(
        verdict.explanation.contains("cxa-1999 would rule"),
        "{}",
        verdict.explanation
    );
    let base = parent.judge(&game(), &options).expect("judged");
    assert_eq!(base.result, GameResult::BlackWins);
    assert_eq!(base.termination, Some(Termination::PerpetualMateThreat));
    assert_eq!(base.decided_at_ply, Some(17));
}

/// The guide's section 5 shows this overlay; what it shows loads and builds the same law.
#[test]
fn the_guide_shows_the_overlay_it_describes() {
    let guide = include_str!("../../../docs/house-variant-guide.md");
    let block = guide
        .split("```toml\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap_or(""))
        .find(|b| b.contains("id = \"cxa-1999-king-answer-idle\""))
        .expect("the guide shows the overlay");
    let parent: Arc<dyn Ruleset> = Arc::new(xqr_cxa1999::Cxa1999::new());
    let shown = xqr_house::load_str(block, "guide.toml").unwrap_or_else(|e| panic!("{e}"));
    let shown = xqr_house::build(&shown, parent.clone(), "guide.toml").expect("builds");
    let path = overlay_path();
    let file = xqr_house::load_file(&path).unwrap_or_else(|e| panic!("{e}"));
    let file = xqr_house::build(&file, parent, &path).expect("builds");
    let law = |rs: &dyn Ruleset| rs.spec().expect("a Spec").law.clone();
    assert_eq!(law(&*shown).definitions(), law(&*file).definitions());
    assert_eq!(law(&*shown).table, law(&*file).table);
}
