//! The history of a game: positions, moves and repetition keys, as judges read it.

use crate::memo::Memo;
use crate::{IllegalMove, Move, Occupant, Position};
use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Every position of a game from its start, the moves between them, and what each move captured.
///
/// Ply `i` (1-based) is `moves()[i - 1]`, played in `position(i - 1)` and leading to
/// `position(i)`. Repetition keys are the positions' Zobrist hashes
/// ([`Position::hash`]): same pieces on the same points with the same side to move.
///
/// ```
/// use xqr_core::{rules::GameHistory, Position};
/// let mut h = GameHistory::new(Position::new());
/// for m in ["h2e2", "h9g7", "e2h2", "g7h9"] {
///     h.push(m.parse().unwrap()).unwrap();
/// }
/// assert_eq!(h.ply_count(), 4);
/// assert_eq!(h.key(4), h.key(0));
/// assert_eq!(h.previous_occurrence(4), Some(0));
/// ```
#[derive(Clone, Debug)]
pub struct GameHistory {
    positions: Vec<Position>,
    moves: Vec<Move>,
    captured: Vec<Option<Occupant>>,
    /// For each ply count, the latest earlier ply count with the same repetition key and no
    /// capture in between: repetition lookups cost O(1) per ply instead of a walk back to the
    /// last capture (which made long capture-free stretches quadratic).
    previous: Vec<Option<u32>>,
    /// For each ply count, how many times its position has occurred up to it since the last
    /// capture (1 the first time): constant time where a walk back along `previous` grew with
    /// the number of repetitions.
    occurrences: Vec<u32>,
    /// For each ply count `p`, the checks given by Red and by Black in plies 1..=p, extended on
    /// demand: the natural limit's window count is then a difference instead of a walk over
    /// the window at every ply.
    checks_given: RefCell<Vec<[u32; 2]>>,
    /// The latest ply count of each repetition key since the last capture.
    last_seen: HashMap<u64, u32, BuildHasherDefault<KeyHasher>>,
    /// Per-ply facts already computed (the repetition law's classifications), by (type,
    /// fingerprint of the definitions, ply): a judge reads the plies of a loop again at every
    /// repetition, and the report reads them once more.
    memo: Memo,
    /// A move known legal in the last position (a record's next move, read before the
    /// game-end test looks at the position): proof that the side to move is neither
    /// checkmated nor stalemated. Forgotten whenever the last position changes.
    legal_move: Option<Move>,
}

impl GameHistory {
    /// A history holding only the start position.
    pub fn new(start: Position) -> GameHistory {
        GameHistory::with_capacity(start, 0)
    }

    /// A history starting at `start`, with room for `plies` plies: a record's length is known
    /// before it is replayed.
    pub fn with_capacity(start: Position, plies: usize) -> GameHistory {
        // Made as large as the record's longest stretch without a capture can need, instead
        // of grown in steps as the game goes on.
        let mut last_seen = HashMap::with_capacity_and_hasher(plies + 1, Default::default());
        last_seen.insert(start.hash(), 0);
        let mut positions = Vec::with_capacity(plies + 1);
        positions.push(start);
        let mut previous = Vec::with_capacity(plies + 1);
        previous.push(None);
        let mut occurrences = Vec::with_capacity(plies + 1);
        occurrences.push(1);
        GameHistory {
            positions,
            moves: Vec::with_capacity(plies),
            captured: Vec::with_capacity(plies),
            previous,
            occurrences,
            checks_given: RefCell::new(vec![[0, 0]]),
            last_seen,
            memo: Memo::default(),
            legal_move: None,
        }
    }

    /// Checks and plays `m` in the last position.
    pub fn push(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.last().check_move(m)?;
        self.push_unchecked(m);
        Ok(())
    }

    /// Plays `m`, known to be legal, in the last position.
    pub fn push_unchecked(&mut self, m: Move) {
        self.legal_move = None;
        let mut next = self.last().clone();
        let captured = next.board().get(m.to);
        next.play_unchecked(m);
        // A capture changes the material: no earlier position can recur.
        if captured.is_some() {
            self.last_seen.clear();
        }
        let ply = self.positions.len() as u32;
        let previous = self.last_seen.insert(next.hash(), ply);
        self.occurrences
            .push(previous.map_or(1, |q| self.occurrences[q as usize] + 1));
        self.previous.push(previous);
        self.positions.push(next);
        self.moves.push(m);
        self.captured.push(captured);
    }

    /// Takes back the last ply, if any.
    pub fn pop(&mut self) -> Option<Move> {
        if self.moves.is_empty() {
            return None;
        }
        let ply = self.ply_count();
        self.legal_move = None;
        self.memo.forget_from(ply);
        self.positions.pop();
        self.captured.pop();
        self.previous.pop();
        self.occurrences.pop();
        self.checks_given.borrow_mut().truncate(ply as usize);
        // Rebuild the keys seen since the last capture (taking back is rare).
        self.last_seen.clear();
        let mut p = ply - 1;
        loop {
            self.last_seen.entry(self.key(p)).or_insert(p);
            if p == 0 || self.captured_at(p).is_some() {
                break;
            }
            p -= 1;
        }
        self.moves.pop()
    }

    /// Records `m` as a move the side to move may play in the last position, when a caller
    /// knows one already (a replay reads a record's next move before the game-end test): the
    /// test then needs no search for a move. `m` must be legal there (a parsed move is;
    /// checked in debug builds).
    pub fn know_legal_move(&mut self, m: Move) {
        debug_assert!(self.last().check_move(m).is_ok(), "{m} is not legal");
        self.legal_move = Some(m);
    }

    /// A move known legal in the last position ([`GameHistory::know_legal_move`]), if any.
    pub fn known_legal_move(&self) -> Option<Move> {
        self.legal_move
    }

    /// Whether the side to move has no legal move in the last position (checkmate or
    /// stalemate, by whether it is in check): answered by a move known legal there
    /// ([`GameHistory::know_legal_move`]), otherwise searched.
    pub fn has_no_legal_moves(&self) -> bool {
        self.legal_move.is_none() && self.last().has_no_legal_moves()
    }

    /// Number of plies played.
    pub fn ply_count(&self) -> u32 {
        self.moves.len() as u32
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current (last) position.
    #[inline]
    pub fn last(&self) -> &Position {
        self.positions
            .last()
            .expect("a history always has its start position")
    }

    /// The position after `ply` plies (0 = start). Panics if `ply > ply_count()`.
    pub fn position(&self, ply: u32) -> &Position {
        &self.positions[ply as usize]
    }

    /// All positions, start first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// All moves, ply 1 first.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The move of ply `ply` (1-based).
    pub fn move_at(&self, ply: u32) -> Option<Move> {
        ply.checked_sub(1)
            .and_then(|i| self.moves.get(i as usize))
            .copied()
    }

    /// What ply `ply` (1-based) captured.
    pub fn captured_at(&self, ply: u32) -> Option<Occupant> {
        ply.checked_sub(1)
            .and_then(|i| self.captured.get(i as usize))
            .copied()
            .flatten()
    }

    /// Whether none of the `plies` plies up to ply `ply` captured (`plies` ≤ `ply`): the
    /// halfmove clock after `ply` counts the plies since the last capture, or since a start
    /// whose own clock it goes on from, so it is at least `plies` exactly when none of them
    /// did.
    pub(crate) fn quiet_for(&self, ply: u32, plies: u32) -> bool {
        debug_assert!(plies <= ply, "{plies} plies up to ply {ply}");
        self.position(ply).halfmove_clock() >= plies
    }

    /// The repetition key of the position after `ply` plies.
    pub fn key(&self, ply: u32) -> u64 {
        self.positions[ply as usize].hash()
    }

    /// The latest earlier ply count whose position equals the one after `ply` plies, with no
    /// capture in between (a capture changes the material and so ends any loop). Constant time.
    pub fn previous_occurrence(&self, ply: u32) -> Option<u32> {
        self.previous.get(ply as usize).copied().flatten()
    }

    /// How many times the position after `ply` plies has occurred up to and including it.
    pub fn occurrences(&self, ply: u32) -> u32 {
        self.occurrences[ply as usize]
    }

    /// How many checks `side` gave in plies `from..=to` (1-based; none when `from > to`).
    /// Amortised constant time: the counts are extended once per ply.
    pub fn checks_given(&self, side: crate::Color, from: u32, to: u32) -> u32 {
        if from > to {
            return 0;
        }
        let mut counts = self.checks_given.borrow_mut();
        while counts.len() <= to as usize {
            let p = counts.len();
            let mut next = counts[p - 1];
            if self.positions[p].is_check() {
                next[self.positions[p - 1].turn() as usize] += 1;
            }
            counts.push(next);
        }
        let side = side as usize;
        counts[to as usize][side] - counts[from as usize - 1][side]
    }

    /// `f` of the value of type `T` kept for ply `ply` under `key` (the fingerprint of what it
    /// was computed from), if it was computed already (nothing is computed).
    pub fn peek_memo<T: Any, R>(&self, key: u64, ply: u32, f: impl FnOnce(&T) -> R) -> Option<R> {
        self.memo.peek(key, ply, f)
    }

    /// The value of type `T` for ply `ply` under `key`, computed by `compute` the first time and
    /// kept with the history afterwards (the per-ply classification judges read is kept so; see
    /// [`crate::law::classify::classify`]).
    pub fn memo<T: Any + Clone + Send + Sync>(
        &self,
        key: u64,
        ply: u32,
        compute: impl FnOnce() -> T,
    ) -> T {
        if let Some(v) = self.peek_memo(key, ply, T::clone) {
            return v;
        }
        let v = compute();
        self.memo.keep(key, ply, v.clone());
        v
    }
}

/// Repetition keys are Zobrist hashes, already uniformly spread: the map uses them as they are.
#[derive(Clone, Copy, Debug, Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// The history of `moves` (ICCS) played from `fen` under standard rules: the tests' game.
#[cfg(test)]
pub(crate) fn played(fen: &str, moves: &str) -> GameHistory {
    let start = crate::Position::from_fen(fen, crate::MoveRules::STANDARD).expect("legal");
    let mut h = GameHistory::new(start);
    for m in moves.split_whitespace() {
        h.push(m.parse().expect("ICCS")).expect("legal");
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition: the latest earlier ply count with an equal key and no capture after it.
    fn reference(h: &GameHistory, ply: u32) -> Option<u32> {
        (0..ply)
            .rev()
            .take_while(|&q| h.captured_at(q + 1).is_none())
            .find(|&q| h.key(q) == h.key(ply))
    }

    fn check(h: &GameHistory) {
        for ply in 0..=h.ply_count() {
            for plies in 0..=ply {
                let quiet = (ply + 1 - plies..=ply).all(|p| h.captured_at(p).is_none());
                assert_eq!(
                    h.quiet_for(ply, plies),
                    quiet,
                    "{plies} plies up to ply {ply}"
                );
            }
            assert_eq!(
                h.previous_occurrence(ply),
                reference(h, ply),
                "ply {ply} of {:?}",
                h.moves()
            );
            let walked = 1 + std::iter::successors(reference(h, ply), |&q| reference(h, q)).count();
            assert_eq!(h.occurrences(ply) as usize, walked, "ply {ply}");
            for side in crate::Color::ALL {
                let counted = (1..=ply)
                    .filter(|&p| h.position(p - 1).turn() == side && h.position(p).is_check())
                    .count();
                assert_eq!(h.checks_given(side, 1, ply) as usize, counted, "ply {ply}");
            }
        }
    }

    #[test]
    fn previous_occurrence_follows_its_definition_through_captures_and_take_backs() {
        let mut h = GameHistory::new(Position::new());
        let plies = [
            "h2e2", "h9g7", "e2h2", "g7h9", // back to the start
            "h2e2", "h9g7", "e2h2", "g7h9", // and again
            "h2e2", "h9g7", "e2e6", // the cannon takes a pawn: the slate is clean
            "g7e6", // and is taken
            "b2c2", "b7c7", "c2b2", "c7b7", // a new loop after the captures
        ];
        for m in plies {
            h.push(m.parse().unwrap()).unwrap();
            check(&h);
        }
        assert_eq!(h.previous_occurrence(8), Some(4));
        assert_eq!(h.occurrences(8), 3);
        assert_eq!(h.previous_occurrence(16), Some(12));
        assert_eq!(h.previous_occurrence(11), None);
        // Take back across both captures and replay differently.
        for _ in 0..6 {
            h.pop().unwrap();
            check(&h);
        }
        for m in ["e2h2", "g7h9"] {
            h.push(m.parse().unwrap()).unwrap();
            check(&h);
        }
        assert_eq!(h.previous_occurrence(12), Some(8));
        assert_eq!(h.occurrences(12), 4);
    }

    /// A start's clock, however large, is carried on (never past its largest value) and does
    /// not make plies captured: a stretch without a capture is told the same from any start.
    #[test]
    fn a_large_starting_clock_goes_on_and_tells_quiet_plies() {
        let fen = |clock: u32| format!("3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - {clock} 1");
        for clock in [0, 17, 1_000, u32::MAX - 1, u32::MAX] {
            let start = Position::from_fen(&fen(clock), crate::MoveRules::STANDARD).unwrap();
            let mut h = GameHistory::new(start);
            for m in ["e1f2", "d9d8", "f2e1", "d8d9", "e1f2"] {
                h.push(m.parse().unwrap()).unwrap();
                check(&h);
            }
            assert_eq!(h.last().halfmove_clock(), clock.saturating_add(5));
        }
    }
}
