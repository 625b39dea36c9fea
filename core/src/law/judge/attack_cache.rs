//! Whether a ply attacks, remembered across the games one thread judges.
//!
//! The nine-round rule (CXA 2011 §23.4, `nine_rounds.rs`) asks of many quiet plies whether
//! they attack ([`is_attack`]): an exact search of 10–40 µs a ply. The games of a corpus share
//! their openings, and over CCPD a fifth of the plies the rule asked about had been asked about
//! before, in an earlier game, between the same positions. The answer depends on nothing else:
//! the position before the opponent's last move, the positions before and after the move, and
//! the definitions. So each thread keeps the answers of the plies it asked about last, keyed by
//! those, and a game finds there what an earlier one worked out.
//!
//! # What identifies a position
//!
//! Its Zobrist hash (placement and side to move), as the repetition count identifies it
//! (`history.rs`), with the move rules of the game, which the hash does not cover and which
//! change what the searches may play. Positions holding hidden pieces (Jieqi) are not kept:
//! their pool of identities is not in the hash either. The clocks are left out: no article
//! weighed here reads them. The definitions are identified by their fingerprint, as the
//! answers kept with a history are.
//!
//! # Memory
//!
//! At most [`CAPACITY`] answers a thread; when full, the cache starts again empty, so a batch
//! holds the same memory whatever the size of its corpus.

use crate::law::classify::{is_attack, Definitions};
use crate::{Color, MoveRules, Pool, Position};
use std::cell::RefCell;
use std::collections::HashMap;

/// How many answers a thread keeps: as many as a table of 16,384 slots holds (seven in eight),
/// about 0.8 MB.
const CAPACITY: usize = (1 << 14) / 8 * 7;

/// The arguments of one question: the positions' hashes, their move rules and the
/// definitions' fingerprint.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
struct Question {
    previous: Option<u64>,
    before: u64,
    after: u64,
    rules: MoveRules,
    definitions: u64,
}

impl Question {
    /// The question of the move from `before` to `after`, if its positions can be kept: all
    /// under the same move rules, none holding hidden pieces.
    fn of(
        previous: Option<&Position>,
        before: &Position,
        after: &Position,
        definitions: u64,
    ) -> Option<Question> {
        let rules = *before.rules();
        let keepable = |p: &Position| {
            *p.rules() == rules
                && *p.pool() == Pool::EMPTY
                && Color::ALL.iter().all(|&c| p.board().hidden(c).is_empty())
        };
        (keepable(before) && keepable(after) && previous.is_none_or(keepable)).then(|| Question {
            previous: previous.map(Position::hash),
            before: before.hash(),
            after: after.hash(),
            rules,
            definitions,
        })
    }
}

thread_local! {
    // Made at its full size on first use: a table grown in steps leaves the smaller ones
    // behind in the allocator.
    static ANSWERS: RefCell<HashMap<Question, bool, rustc_hash::FxBuildHasher>> =
        RefCell::new(HashMap::with_capacity_and_hasher(CAPACITY, Default::default()));
}

/// [`is_attack`] of the move from `before` to `after`, `previous` being the position before
/// the opponent's last move, under `defs` of fingerprint `key`: found among the thread's
/// answers, or worked out and kept.
pub(super) fn attacks(
    previous: Option<&Position>,
    before: &Position,
    after: &Position,
    defs: &Definitions,
    key: u64,
) -> bool {
    let Some(question) = Question::of(previous, before, after, key) else {
        return is_attack(previous, before, after, defs);
    };
    if let Some(known) = ANSWERS.with(|a| a.borrow().get(&question).copied()) {
        return known;
    }
    let answer = is_attack(previous, before, after, defs);
    ANSWERS.with(|a| {
        let mut answers = a.borrow_mut();
        if answers.len() >= CAPACITY {
            answers.clear();
        }
        answers.insert(question, answer);
    });
    answer
}

#[cfg(test)]
mod tests {
    use super::{attacks, ANSWERS, CAPACITY};
    use crate::history::played;
    use crate::law::classify::{is_attack, Definitions};
    use crate::{MoveRules, Position};

    /// Two games that share their opening: the second is answered from the first's plies, and
    /// every answer, found or worked out, is `is_attack`'s, under two editions' definitions.
    #[test]
    fn a_shared_opening_is_answered_as_worked_out() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        let first = played(start, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 g6g5 c3c4 b7b3");
        let second = played(start, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b2b6 c6c5 c3c4 b7a7");
        for defs in [Definitions::cxa_1999(), Definitions::cxa_2011()] {
            let key = defs.fingerprint();
            for h in [&first, &second, &first] {
                for p in 1..=h.ply_count() {
                    let previous = p.checked_sub(2).map(|q| h.position(q));
                    let (before, after) = (h.position(p - 1), h.position(p));
                    let known = ANSWERS.with(|a| a.borrow().len());
                    assert_eq!(
                        attacks(previous, before, after, &defs, key),
                        is_attack(previous, before, after, &defs),
                        "ply {p}"
                    );
                    // The shared opening's plies (the first six) are not worked out again.
                    if p <= 6 && !std::ptr::eq(h, &first) {
                        assert_eq!(ANSWERS.with(|a| a.borrow().len()), known, "ply {p}");
                    }
                }
            }
        }
        assert!(ANSWERS.with(|a| a.borrow().len()) <= CAPACITY);
    }

    /// The same placements under other move rules are other questions.
    #[test]
    fn other_move_rules_are_another_question() {
        let fen = "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1";
        let defs = Definitions::cxa_2011();
        let key = defs.fingerprint();
        let mut sizes = Vec::new();
        for rules in [MoveRules::STANDARD, MoveRules::JIEQI] {
            let before = Position::from_fen(fen, rules).expect("legal");
            let mut after = before.clone();
            after.play_unchecked("e1d2".parse().expect("ICCS"));
            attacks(None, &before, &after, &defs, key);
            sizes.push((after.hash(), ANSWERS.with(|a| a.borrow().len())));
        }
        assert_eq!(sizes[0].0, sizes[1].0, "the same placement");
        assert_eq!(sizes[1].1, sizes[0].1 + 1, "asked again");
    }
}
