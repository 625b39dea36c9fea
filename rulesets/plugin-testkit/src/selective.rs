//! Ruleset `testkit-selective`: the 1999 rules under another id, misbehaving only on a game
//! whose [`TAG`] tag names a misbehaviour, so that a batch of games can hold one bad game
//! among good ones.

use crate::{segfault, Misbehaviour};
use xqr_core::rules::{
    GameInput, JudgeError, JudgeOptions, MoveLegality, PieceVisibility, RepetitionJudge, Ruleset,
    RulesetMeta, Scoring, Verdict,
};
use xqr_cxa1999::Cxa1999;

/// The tag naming what to do on a game: `panic`, `segfault`, `abort` or `hang`. Any other
/// value, or none, judges the game as the 1999 rules do.
pub const TAG: &str = "Testkit";

/// The message of the deliberate panic.
pub const PANIC_MESSAGE: &str = "testkit: deliberate panic on a tagged game";

/// The misbehaviour a game's [`TAG`] names, if any.
pub fn misbehaviour(game: &GameInput) -> Option<Misbehaviour> {
    Some(match game.tags.get(TAG)?.as_str() {
        "panic" => Misbehaviour::Panic,
        "segfault" => Misbehaviour::Segfault,
        "abort" => Misbehaviour::Abort,
        "hang" => Misbehaviour::Hang,
        _ => return None,
    })
}

/// The 1999 rules, misbehaving on tagged games.
pub struct SelectiveRuleset {
    inner: Cxa1999,
    meta: RulesetMeta,
}

impl SelectiveRuleset {
    /// The ruleset, with id `id`.
    pub fn new(id: &str) -> SelectiveRuleset {
        let inner = Cxa1999::new();
        let meta = RulesetMeta {
            id: id.to_owned(),
            name: format!("Testkit ruleset {id}"),
            aliases: Vec::new(),
            extends: Some(xqr_cxa1999::ID.to_owned()),
            ..inner.meta().clone()
        };
        SelectiveRuleset { inner, meta }
    }
}

impl Ruleset for SelectiveRuleset {
    fn meta(&self) -> &RulesetMeta {
        &self.meta
    }
    fn legality(&self) -> &dyn MoveLegality {
        self.inner.legality()
    }
    fn visibility(&self) -> &dyn PieceVisibility {
        self.inner.visibility()
    }
    fn repetition(&self) -> &dyn RepetitionJudge {
        self.inner.repetition()
    }
    fn scoring(&self) -> &dyn Scoring {
        self.inner.scoring()
    }
    fn judge(&self, game: &GameInput, options: &JudgeOptions) -> Result<Verdict, JudgeError> {
        match misbehaviour(game) {
            None => {
                let mut v = self.inner.judge(game, options)?;
                v.ruleset = self.meta.id.clone();
                Ok(v)
            }
            Some(Misbehaviour::Panic) => panic!("{PANIC_MESSAGE}"),
            Some(Misbehaviour::Segfault) => segfault(),
            Some(Misbehaviour::Abort) => std::process::abort(),
            Some(Misbehaviour::Hang) => loop {
                std::thread::sleep(std::time::Duration::from_secs(60));
            },
        }
    }
}
