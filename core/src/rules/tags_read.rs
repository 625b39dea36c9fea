//! Which tags of a record a ruleset reads.
//!
//! A record's tags are mostly for people (event, players, date, opening); a ruleset reads a
//! few of them: the recorded result and how the game ended, and whether the record is Jieqi.
//! A host that hands records across a boundary, a dynamic plugin in another process or
//! library, needs to send only those: over a corpus the other tags cost the boundary as much
//! as the moves do. [`Ruleset::tags_read`](super::Ruleset::tags_read) says which; the default
//! is every tag, so that a ruleset which reads others is never given less than it reads.

/// The tags a ruleset reads when it judges a record or answers a claim on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagsRead {
    /// Any tag: the record must be given whole.
    All,
    /// Only tags of these names, as written (the names are compared exactly, as
    /// `GameInput::tags` is looked up): leaving any other tag out of a record changes no
    /// verdict and no claim's answer.
    Only(&'static [&'static str]),
}

/// The tags the core's replay reads ([`verdict_with_components`] and
/// [`claim_with_components`]): `Result` and `Termination`, the recorded end (`recorded_end`
/// gets both), and `Variant`, `Deal` and `DealSeed`, by which a Jieqi record is refused by an
/// edition of standard Xiangqi. Sorted.
///
/// [`verdict_with_components`]: super::replay::verdict_with_components
/// [`claim_with_components`]: super::replay::claim_with_components
pub const REPLAY_TAGS: TagsRead =
    TagsRead::Only(&["Deal", "DealSeed", "Result", "Termination", "Variant"]);

impl TagsRead {
    /// Whether a tag of this name is read.
    ///
    /// ```
    /// use xqr_core::rules::{TagsRead, REPLAY_TAGS};
    /// assert!(REPLAY_TAGS.includes("Result"));
    /// assert!(!REPLAY_TAGS.includes("Event"));
    /// assert!(!REPLAY_TAGS.includes("result"));
    /// assert!(TagsRead::All.includes("Event"));
    /// ```
    pub fn includes(&self, name: &str) -> bool {
        match self {
            TagsRead::All => true,
            TagsRead::Only(names) => names.contains(&name),
        }
    }

    /// Whether every tag `other` reads is read here too.
    ///
    /// ```
    /// use xqr_core::rules::{TagsRead, REPLAY_TAGS};
    /// assert!(TagsRead::All.covers(&REPLAY_TAGS));
    /// assert!(REPLAY_TAGS.covers(&TagsRead::Only(&["Result"])));
    /// assert!(!REPLAY_TAGS.covers(&TagsRead::All));
    /// ```
    pub fn covers(&self, other: &TagsRead) -> bool {
        match other {
            TagsRead::All => *self == TagsRead::All,
            TagsRead::Only(names) => names.iter().all(|n| self.includes(n)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // That each of them is read, and that a ruleset reading only them judges records as it
    // judges them whole, is tested with the editions (`tests/tests/tags_read.rs`).
    #[test]
    fn the_replay_tags_are_sorted_and_distinct() {
        let TagsRead::Only(names) = REPLAY_TAGS else {
            panic!("the replay names its tags")
        };
        assert!(names.windows(2).all(|w| w[0] < w[1]), "{names:?}");
    }
}
