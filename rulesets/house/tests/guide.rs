//! The example of `docs/house-variant-guide.md` ("your club's variant in five minutes") loads,
//! checks clean and judges as the guide says, so the guide stays true.

use std::path::Path;
use std::sync::Arc;
use xqr_core::rules::{GameInput, GameResult, JudgeOptions, Ruleset, Termination};
use xqr_house::{build, load_str};

const GUIDE: &str = include_str!("../../../docs/house-variant-guide.md");

/// The first fenced TOML block that is an overlay (has `extends`).
fn guide_overlay() -> &'static str {
    GUIDE
        .split("```toml\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap_or(""))
        .find(|b| b.contains("\nextends = "))
        .expect("the guide has an overlay example")
}

#[test]
fn the_guide_example_loads_and_draws_the_perpetual_chase_that_1999_makes_red_change() {
    let path = Path::new("my-rules/my-club.toml");
    let v = load_str(guide_overlay(), path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v.id, "my-club");
    assert_eq!(v.natural_limit.as_ref().map(|n| n.moves), Some(40));
    let parent: Arc<dyn Ruleset> = Arc::new(xqr_cxa1999::Cxa1999::new());
    let rs = build(&v, parent.clone(), path).unwrap_or_else(|e| panic!("{e}"));

    // The guide's step 3: figure 3 of the 1999 rules (host/samples/figure-3.pgn).
    let game = GameInput {
        fen: Some(
            "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1".into(),
        ),
        moves: "h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9"
            .split(' ')
            .map(xqr_core::MoveText::from)
            .collect(),
        ..GameInput::default()
    };
    let club = rs.judge(&game, &JudgeOptions::default()).expect("judged");
    assert_eq!(club.result, GameResult::Draw);
    assert_eq!(club.termination, Some(Termination::RepetitionDraw));
    assert_eq!(
        club.rule.expect("cited").to_string(),
        "my-club our club sheet (2026), items 3 and 4"
    );
    let base = parent
        .judge(&game, &JudgeOptions::default())
        .expect("judged");
    assert_eq!(
        base.pending.expect("red must change").rule.to_string(),
        "cxa-1999 §26.4"
    );
    assert_eq!(rs.scoring().points().win.to_string(), "3");
}
