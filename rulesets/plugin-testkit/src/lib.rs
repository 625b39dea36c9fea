//! # xqr-plugin-testkit
//!
//! Misbehaving rulesets and, built from them as examples (never as part of a workspace
//! build, so that no deliberately broken plugin sits among the real ones), the plugin
//! libraries of the host's loader and isolation tests (not published):
//!
//! - `testkit_panic`: its entry is ruleset `testkit-panic` (the 1999 rules under another id,
//!   built on the 1999 Spec), whose `judge` panics — the host must get the panic back as an
//!   error and live on. It also exports broken tables under other symbols:
//!   - `xqr_testkit_bad_magic`: a table with a wrong magic number;
//!   - `xqr_testkit_bad_abi`: a table of another ABI version;
//!   - `xqr_testkit_small_struct`: a table whose `struct_size` is smaller than the host needs;
//!   - `xqr_testkit_bad_protocol`: a table speaking an unknown JSON protocol version;
//!   - `xqr_testkit_protocol_1`: a valid table of JSON protocol version 1 (before
//!     `draw_pending`);
//!   - `xqr_testkit_protocol_3`: a valid table of JSON protocol version 3 (before law
//!     patches), whose manifest nevertheless says it accepts one;
//!   - `xqr_testkit_bad_manifest`: a valid table whose manifest fails validation (id `Bad Id`);
//!   - `xqr_testkit_null_table`: returns a null table;
//!   - `xqr_testkit_missing_function`: a table without a `judge` function.
//!
//!   Each extra symbol has the signature of the entry symbol; hosts load them only through the
//!   loader's test-only `load_plugin_with_symbol`;
//! - `testkit_segfault`, `testkit_abort`, `testkit_hang`: rulesets `testkit-segfault`,
//!   `testkit-abort` and `testkit-hang`, whose `judge` kills the process with `SIGSEGV`,
//!   aborts it, or never returns; everything else answers as the 1999 rules, except that
//!   `testkit-segfault`'s game-end test (a component call, as the live arbiter makes them)
//!   also dies of `SIGSEGV` once the game has [`SEGFAULT_IN_PLAY_FROM`] plies;
//! - `testkit_selective`: ruleset `testkit-selective` ([`selective`]), the 1999 rules except
//!   on a game whose `Testkit` tag names a misbehaviour (`panic`, `segfault`, `abort`,
//!   `hang`), for the tests of batches that one game breaks. It also exports
//!   `xqr_testkit_selective_protocol_4`: the same ruleset in a table of protocol version 4,
//!   whose `judge` refuses a batch request, as a plugin built before batches would;
//! - `testkit_crash_on_load`: a library whose initialiser aborts the process while it loads
//!   (Linux);
//! - `not_a_plugin`: a shared library without the entry symbol.

pub mod selective;

use xqr_core::rules::{
    GameEnd, GameHistory, GameInput, GameResult, JudgeError, JudgeOptions, MoveLegality,
    PieceVisibility, PointScheme, RepetitionJudge, Ruleset, RulesetMeta, Scoring, Spec, Verdict,
};
use xqr_cxa1999::Cxa1999;

/// The message of the deliberate panic in `judge`.
pub const PANIC_MESSAGE: &str = "testkit: deliberate panic in judge";

/// What a testkit ruleset's `judge` does instead of judging.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Misbehaviour {
    /// Panics with [`PANIC_MESSAGE`].
    Panic,
    /// Kills its process with `SIGSEGV`, as a stray pointer would.
    Segfault,
    /// Aborts its process.
    Abort,
    /// Never returns.
    Hang,
}

/// The ply from which `testkit-segfault`'s game-end test dies of `SIGSEGV`.
pub const SEGFAULT_IN_PLAY_FROM: u32 = 3;

/// The 1999 rules under another id, with a `judge` that misbehaves.
pub struct MisbehavingRuleset {
    inner: Cxa1999,
    meta: RulesetMeta,
    misbehaviour: Misbehaviour,
    scoring: MisbehavingScoring,
}

/// The 1999 scoring, whose game-end test segfaults from a ply on (`testkit-segfault`).
struct MisbehavingScoring {
    inner: Cxa1999,
    segfault_from: Option<u32>,
}

impl Scoring for MisbehavingScoring {
    fn game_end(&self, history: &GameHistory) -> Option<GameEnd> {
        if self
            .segfault_from
            .is_some_and(|from| history.ply_count() >= from)
        {
            segfault();
        }
        self.inner.scoring().game_end(history)
    }
    fn points(&self) -> PointScheme {
        self.inner.scoring().points()
    }
    fn standings(&self) -> xqr_core::standings::StandingsRules {
        self.inner.scoring().standings()
    }
    fn recorded_end(
        &self,
        result: GameResult,
        termination: Option<&str>,
        ply: u32,
    ) -> Option<GameEnd> {
        self.inner.scoring().recorded_end(result, termination, ply)
    }
}

/// The testkit's first ruleset, whose `judge` panics.
pub type PanickingRuleset = MisbehavingRuleset;

impl MisbehavingRuleset {
    /// A ruleset with id `id` whose `judge` panics.
    pub fn new(id: &str) -> MisbehavingRuleset {
        MisbehavingRuleset::misbehaving(id, Misbehaviour::Panic)
    }

    /// A ruleset with id `id` whose `judge` does `misbehaviour`.
    pub fn misbehaving(id: &str, misbehaviour: Misbehaviour) -> MisbehavingRuleset {
        let inner = Cxa1999::new();
        let meta = RulesetMeta {
            id: id.to_owned(),
            name: format!("Testkit ruleset {id}"),
            aliases: Vec::new(),
            extends: Some(xqr_cxa1999::ID.to_owned()),
            ..inner.meta().clone()
        };
        let scoring = MisbehavingScoring {
            inner: Cxa1999::new(),
            segfault_from: (misbehaviour == Misbehaviour::Segfault)
                .then_some(SEGFAULT_IN_PLAY_FROM),
        };
        MisbehavingRuleset {
            inner,
            meta,
            misbehaviour,
            scoring,
        }
    }
}

impl Ruleset for MisbehavingRuleset {
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
        &self.scoring
    }
    fn judge(&self, _game: &GameInput, _options: &JudgeOptions) -> Result<Verdict, JudgeError> {
        match self.misbehaviour {
            Misbehaviour::Panic => panic!("{PANIC_MESSAGE}"),
            Misbehaviour::Segfault => segfault(),
            Misbehaviour::Abort => std::process::abort(),
            Misbehaviour::Hang => loop {
                std::thread::sleep(std::time::Duration::from_secs(60));
            },
        }
    }
    /// The 1999 Spec (under the 1999 id): what a law patch applies to.
    fn spec(&self) -> Option<&Spec> {
        Ruleset::spec(&self.inner)
    }
}

/// Dies of `SIGSEGV`. Raised rather than provoked by a bad pointer, which would be undefined
/// behaviour; the default action is restored first because the Rust runtime handles `SIGSEGV`
/// (to report stack overflows) and would otherwise survive a raised one.
pub(crate) fn segfault() -> ! {
    #[cfg(unix)]
    // SAFETY: restoring the default action of a signal and raising it have no preconditions.
    unsafe {
        libc::signal(libc::SIGSEGV, libc::SIG_DFL);
        libc::raise(libc::SIGSEGV);
    }
    std::process::abort()
}
