//! The repetition law of an edition ([`RepetitionLaw`]), data-driven and shared by the
//! editions: find the loop, tally each side's conduct over it, and apply the edition's verdict
//! table.
//!
//! Two procedures ([`Counting`]):
//!
//! - **1999** (CXA 1999 §23.2, §24, §26): a repetition is judged when "循环反复三次" is
//!   reached, counted as [`RepetitionCount`] says (the same position, same placement and side
//!   to move, occurring for the third time, or the loop gone round three full cycles).
//!   Perpetual check loses at once (§24.1); both sides allowed or both forbidden is a draw
//!   (§24.2, §26.2–26.3); one forbidden against allowed makes the offender change (§24.3, §26.4):
//!   it loses once the position of the pending ruling occurs again with its conduct unchanged,
//!   and stays lost while the loop goes on. Conduct is read over every ply from the first of
//!   the counted occurrences to the last.
//! - **2011** (CXA 2011 trial §23): see [`Counting::Cxa2011`]; both sides forbidden go through
//!   the §26.8 precedence ([`BothForbidden::Precedence`]).
//!
//! One concern per file: the table and its articles (`table.rs`), a side's conduct over a loop
//! (`conduct.rs`) from its plies counted by kind (`tally.rs`), the pieces it chases, followed as they move (`identity.rs`), the ruling on
//! two conducts and its words (`ruling.rs`), the 2011 precedence between two forbidden sides
//! (`precedence.rs`), the 1999 count (`count_1999.rs`), the 2011 count (`count_2011.rs`) and
//! the 2011 nine-round rule (`nine_rounds.rs`).

mod attack_cache;
mod conduct;
mod count_1999;
mod count_2011;
mod identity;
mod nine_rounds;
mod precedence;
mod ruling;
mod table;
mod tally;

pub use count_1999::RepetitionCount;
/// CXA 1999's verdict table, for the tests of other modules (the edition's own is
/// `rulesets/cxa-1999/src/law.rs`).
#[cfg(test)]
pub(crate) use ruling::tests::TABLE as CXA_1999_TEST_TABLE;
pub use table::{
    BothForbidden, ChaseConduct, Counting, LawArticles, PatchedArticles, VerdictTable,
    ViolationPolicy,
};

use crate::history::GameHistory;
use crate::law::classify::{classify_keyed, Definitions};
use crate::law::{Outlook, PlyClass, RepetitionRuling};
use crate::reference::RuleRef;

/// The repetition law (棋例): given a history whose last position repeats an earlier one,
/// whether a side must change, loses, or the game is drawn.
pub trait RepetitionJudge: Send + Sync {
    /// Rules on the loop ending at the last position of `history`, if any. `pending` is the
    /// obligation to change found earlier in the game, if one is still open.
    fn rule(
        &self,
        history: &GameHistory,
        pending: Option<&RepetitionRuling>,
    ) -> Option<RepetitionRuling>;

    /// Whether [`RepetitionJudge::rule`] must look at the history after its last ply when no
    /// obligation to change is open: by default when the last position repeats an earlier one
    /// (the 2011 nine-round rule also looks at long stretches without a capture).
    fn watches(&self, history: &GameHistory) -> bool {
        history.previous_occurrence(history.ply_count()).is_some()
    }

    /// The per-ply classification this judge reads, for explaining a loop: the kinds and targets
    /// of ply `ply` (1-based) of `history`.
    fn classify(&self, history: &GameHistory, ply: u32) -> PlyClass;

    /// What this judge expects of a repetition under way at the end of `history` that it has
    /// not ruled on yet, for the explanation of an undecided game: how far the count has got
    /// and at which ply the loop is judged if it goes on, with the article. `None` (the
    /// default) says nothing.
    fn outlook(&self, history: &GameHistory) -> Option<Outlook> {
        let _ = history;
        None
    }
}

/// The repetition law of an edition, as data: a [`VerdictTable`], the articles it cites and the
/// classifier's [`Definitions`].
#[derive(Clone, Debug)]
pub struct RepetitionLaw {
    /// The ruleset id cited.
    pub ruleset: String,
    /// Classifier definitions ([`RepetitionLaw::definitions`]).
    definitions: Definitions,
    /// Their fingerprint ([`Definitions::fingerprint`]), the key of what the searches keep,
    /// worked out the first time it is asked for: asked of every ply the law watches, it was
    /// about a thirtieth of judging a corpus under the 2011 rules when worked out each time.
    /// Changing the definitions ([`RepetitionLaw::definitions_mut`]) forgets it.
    key: std::sync::OnceLock<u64>,
    /// Verdict table.
    pub table: VerdictTable,
    /// Articles cited.
    pub articles: LawArticles,
    /// Citations a law patch (a house variant) gave to the readings of the table it set, in
    /// place of [`RepetitionLaw::articles`]; empty in an edition's own law.
    pub patched_articles: PatchedArticles,
}

impl RepetitionLaw {
    /// The law of `ruleset` with these definitions, verdict table and articles, no law patch's
    /// citations.
    pub fn new(
        ruleset: impl Into<String>,
        definitions: Definitions,
        table: VerdictTable,
        articles: LawArticles,
    ) -> RepetitionLaw {
        RepetitionLaw {
            ruleset: ruleset.into(),
            definitions,
            key: std::sync::OnceLock::new(),
            table,
            articles,
            patched_articles: PatchedArticles::default(),
        }
    }

    /// The classifier's definitions.
    pub fn definitions(&self) -> &Definitions {
        &self.definitions
    }

    /// The classifier's definitions, to change.
    pub fn definitions_mut(&mut self) -> &mut Definitions {
        self.key = std::sync::OnceLock::new();
        &mut self.definitions
    }

    /// The definitions' fingerprint, worked out once.
    pub(crate) fn definitions_key(&self) -> u64 {
        *self.key.get_or_init(|| self.definitions.fingerprint())
    }

    /// The article `article` of this law's ruleset.
    fn cite(&self, article: &str) -> RuleRef {
        RuleRef::new(self.ruleset.clone(), article)
    }

    /// What a perpetual chase under [`ChaseConduct::SameTarget`] cites: the variant that set the
    /// reading, else [`LawArticles::same_target`].
    fn same_target_rule(&self) -> RuleRef {
        self.patched_articles
            .same_target
            .clone()
            .unwrap_or_else(|| self.cite(self.articles.same_target))
    }
}

impl RepetitionJudge for RepetitionLaw {
    fn rule(
        &self,
        history: &GameHistory,
        pending: Option<&RepetitionRuling>,
    ) -> Option<RepetitionRuling> {
        match self.table.counting {
            Counting::Cxa1999 => self.rule_1999(history, pending),
            Counting::Cxa2011 => self.rule_2011(history, pending),
        }
    }

    fn watches(&self, history: &GameHistory) -> bool {
        let ply = history.ply_count();
        history.previous_occurrence(ply).is_some()
            || (self.table.counting == Counting::Cxa2011
                && ply >= nine_rounds::NINE_ROUNDS_PLIES
                && history.quiet_for(ply, nine_rounds::NINE_ROUNDS_PLIES))
    }

    fn classify(&self, history: &GameHistory, ply: u32) -> PlyClass {
        classify_keyed(history, ply, &self.definitions, self.definitions_key()).class
    }

    fn outlook(&self, history: &GameHistory) -> Option<Outlook> {
        match self.table.counting {
            Counting::Cxa1999 => self.outlook_1999(history),
            Counting::Cxa2011 => self.outlook_2011(history),
        }
    }
}

#[cfg(test)]
mod key_tests {
    use super::ruling::tests::law;

    /// The kept key is the definitions' fingerprint, and a law whose definitions change keys
    /// what its searches keep anew, its copies too.
    #[test]
    fn changed_definitions_are_a_new_key() {
        let mut law = law();
        let before = law.definitions_key();
        assert_eq!(before, law.definitions().fingerprint());
        let copy = law.clone();
        law.definitions_mut().mate_threat.checks = 1;
        let after = law.definitions_key();
        assert_ne!(after, before);
        assert_eq!(after, law.definitions().fingerprint());
        assert_eq!(copy.definitions_key(), before);
        let mut copy = law.clone();
        copy.definitions_mut().mate_threat.checks = 3;
        assert_eq!(copy.definitions_key(), before);
    }
}
