//! Legal move generation, parameterised by [`MoveRules`](crate::MoveRules).

use crate::attacks::king_attacked;
use crate::king_guard::KingGuard;
use crate::piece_moves::for_each_target;
use crate::tables::{diag_adjacent, same_line};
use crate::{Board, Color, KingSafety, Move, Position, Square, SquareSet};

/// A list of moves on the stack. No position has more than 128 pseudo-legal moves
/// (at most 2×17 rook, 2×17 cannon, 2×8 horse, 5×3 pawn, 2×4 advisor, 2×4 elephant, 4 king).
pub type MoveList = arrayvec::ArrayVec<Move, 128>;

/// The captures on one point: one move at most for each of a side's sixteen pieces.
pub(crate) type CapturesOn = arrayvec::ArrayVec<Move, 16>;

#[inline]
fn mv(from: u8, to: u8) -> Move {
    Move::new(Square::new_unchecked(from), Square::new_unchecked(to))
}

/// Tells which pseudo-legal moves of the side to move keep its king safe.
struct Legality<'a> {
    board: &'a Board,
    /// A copy of the board to play and test moves on, made on first need.
    scratch: Option<Board>,
    us: usize,
    king: u8,
    roaming: bool,
    /// Under standard confinement: the threats to the king, which settle most moves at once.
    guard: Option<KingGuard>,
    /// Whether the king is in check (with `guard`, also in it).
    in_check: bool,
}

impl<'a> Legality<'a> {
    /// The filter for the side to move of `pos`; `None` when every pseudo-legal move is legal
    /// ([`KingSafety::MayBeLeftAttacked`]). The side to move must have its king.
    #[inline]
    fn new(pos: &'a Position) -> Option<Legality<'a>> {
        if pos.rules.king_safety == KingSafety::MayBeLeftAttacked {
            return None;
        }
        let us = pos.turn.index();
        let king = pos.kings[us];
        let roaming = pos.rules.roaming();
        let (guard, in_check) = if roaming {
            (None, king_attacked(&pos.board, us, king, true))
        } else {
            let guard = KingGuard::new(&pos.board, us, king);
            (Some(guard), guard.in_check)
        };
        Some(Legality {
            board: &pos.board,
            scratch: None,
            us,
            king,
            roaming,
            guard,
            in_check,
        })
    }

    /// Whether the pseudo-legal move `from→to` leaves the king safe.
    #[inline]
    fn keeps_king_safe(&mut self, from: u8, to: u8) -> bool {
        if from != self.king {
            match &self.guard {
                Some(guard) => {
                    if let Some(verdict) = guard.quick_verdict(from, to) {
                        return verdict;
                    }
                }
                // A move can only expose its own king through a line or a horse leg /
                // elephant eye next to the king, or by putting a screen on a cannon line.
                None => {
                    if !self.in_check
                        && !same_line(from, self.king)
                        && !diag_adjacent(from, self.king)
                        && !same_line(to, self.king)
                    {
                        return true;
                    }
                }
            }
        }
        let board = self.scratch.get_or_insert_with(|| self.board.clone());
        leaves_king_safe(board, self.us, self.king, from, to, self.roaming)
    }

    /// The pieces of `pieces` that may have a legal move: in check, the king and those that
    /// may answer the check ([`KingGuard::may_answer_from`]); otherwise all of them.
    #[inline]
    fn may_move(&self, pieces: SquareSet) -> SquareSet {
        match &self.guard {
            Some(g) if g.in_check => pieces
                .iter()
                .filter(|s| {
                    let from = s.index() as u8;
                    from == self.king || g.may_answer_from(from)
                })
                .collect(),
            _ => pieces,
        }
    }

    /// Whether every move of the piece on `from` is settled by [`KingGuard::quick_verdict`].
    #[inline]
    fn settles_at_once(&self, from: u8) -> Option<&KingGuard> {
        self.guard
            .as_ref()
            .filter(|g| from != self.king && !g.in_check && g.pinned & (1u128 << from) == 0)
    }
}

impl Position {
    /// All legal moves of the side to move.
    ///
    /// Moves of hidden pieces (Jieqi) are listed once each with `reveal: None`; the identity is
    /// chosen when the move is played (see [`Position::play`]).
    ///
    /// ```
    /// use xqr_core::{MoveRules, Position};
    /// // The advisor on e1 stands between the kings: every advisor move would let them face.
    /// let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", MoveRules::STANDARD).unwrap();
    /// assert!(pos.legal_moves().iter().all(|m| m.from.to_string() != "e1"));
    /// assert_eq!(pos.legal_moves().len(), 2); // the king steps to d0 or f0
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, false);
        list
    }

    /// Legal captures of the side to move.
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, true);
        list
    }

    /// Moves that follow the pieces' movement rules, ignoring whether the mover's king is left
    /// attacked. Under [`KingSafety::MayBeLeftAttacked`] these are exactly the legal moves.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        gen_pseudo(
            &self.board,
            self.turn.index(),
            &self.rules,
            &mut list,
            false,
        );
        list
    }

    /// Number of legal moves, counted without listing them: as `legal_moves().len()`, only
    /// faster.
    pub fn count_legal_moves(&self) -> usize {
        let us = self.turn.index();
        if self.kings[us] == 0xFF {
            return 0;
        }
        let mut legality = Legality::new(self);
        let mut count = 0;
        // Moves that only playing and testing can settle, tested after the count.
        let mut doubtful = MoveList::new();
        let pieces = self.board.by_color(self.turn);
        let pieces = legality.as_ref().map_or(pieces, |l| l.may_move(pieces));
        for sq in pieces {
            let from = sq.index() as u8;
            match legality.as_ref().map(|l| l.settles_at_once(from)) {
                None => {
                    for_each_target(&self.board, us, &self.rules, from, false, |_| count += 1);
                }
                Some(Some(guard)) => {
                    let screen_points = guard.screen_points;
                    for_each_target(&self.board, us, &self.rules, from, false, |to| {
                        count += usize::from(screen_points & (1u128 << to) == 0);
                    });
                }
                Some(None) => {
                    for_each_target(&self.board, us, &self.rules, from, false, |to| {
                        doubtful.push(mv(from, to));
                    });
                }
            }
        }
        if let Some(legality) = legality.as_mut() {
            count += doubtful
                .iter()
                .filter(|m| legality.keeps_king_safe(m.from.index() as u8, m.to.index() as u8))
                .count();
        }
        count
    }

    /// Whether the side to move has no legal move (checkmated or stalemated, 困毙).
    ///
    /// Stops at the first legal move found, so it is much cheaper than counting them; judges
    /// ask it after every ply.
    pub fn has_no_legal_moves(&self) -> bool {
        let us = self.turn.index();
        if self.kings[us] == 0xFF {
            return true;
        }
        let Some(mut legality) = Legality::new(self) else {
            let mut list = MoveList::new();
            gen_pseudo(&self.board, us, &self.rules, &mut list, false);
            return list.is_empty();
        };
        // A move the king guard settles at once ends the search; the moves only playing and
        // testing can settle are tested last.
        let mut doubtful = MoveList::new();
        for sq in legality.may_move(self.board.by_color(self.turn)) {
            let from = sq.index() as u8;
            if let Some(guard) = legality.settles_at_once(from) {
                let mut found = false;
                for_each_target(&self.board, us, &self.rules, from, false, |to| {
                    found |= guard.screen_points & (1u128 << to) == 0;
                });
                if found {
                    return false;
                }
            } else {
                for_each_target(&self.board, us, &self.rules, from, false, |to| {
                    doubtful.push(mv(from, to));
                });
            }
        }
        !doubtful
            .iter()
            .any(|m| legality.keeps_king_safe(m.from.index() as u8, m.to.index() as u8))
    }

    /// Whether the side to move has a legal capture on `sq`: as
    /// `legal_captures().iter().any(|m| m.to == sq)`, found from the attackers of the point
    /// instead of every capture on the board (the repetition law asks it for every capture it
    /// weighs: can the piece be taken back?). Positions with hidden pieces (Jieqi) take the
    /// general path.
    pub fn can_capture_on(&self, sq: Square) -> bool {
        let us = self.turn;
        if self.kings[us.index()] == 0xFF {
            return false;
        }
        if !self.board.hidden(us).is_empty() || !self.board.hidden(!us).is_empty() {
            return self.legal_captures().iter().any(|m| m.to == sq);
        }
        if self.board.get(sq).is_none_or(|o| o.color == us) {
            return false;
        }
        let attackers = self.attackers(sq, us);
        let Some(mut legality) = Legality::new(self) else {
            return !attackers.is_empty();
        };
        let to = sq.index() as u8;
        attackers
            .iter()
            .any(|from| legality.keeps_king_safe(from.index() as u8, to))
    }

    /// The points where the side to move has a capture by the pieces' movement rules, whether
    /// or not it leaves the mover's king safe: every point of a legal capture is among them,
    /// so a search that goes on to the legal captures of a point ([`Self::legal_captures_on`])
    /// may look there first, for less than listing the legal captures.
    pub(crate) fn pseudo_capture_points(&self) -> SquareSet {
        let us = self.turn.index();
        if self.kings[us] == 0xFF {
            return SquareSet::EMPTY;
        }
        let mut list = MoveList::new();
        gen_pseudo(&self.board, us, &self.rules, &mut list, true);
        list.iter().map(|m| m.to).collect()
    }

    /// The legal captures on `sq` of the side to move: as
    /// `legal_captures()` filtered to `sq`, in the same order (by the capturer's point), found
    /// from the attackers of the point (as [`Position::can_capture_on`]). Positions with hidden
    /// pieces or roaming advisors and elephants, and a king on `sq`, take the general path.
    pub(crate) fn legal_captures_on(&self, sq: Square) -> CapturesOn {
        let us = self.turn;
        let general = !self.board.hidden(us).is_empty()
            || !self.board.hidden(!us).is_empty()
            || self.rules.roaming()
            || self
                .board
                .get(sq)
                .is_some_and(|o| o.role == crate::Role::King);
        if general {
            return self
                .legal_captures()
                .into_iter()
                .filter(|m| m.to == sq)
                .collect();
        }
        let mut list = CapturesOn::new();
        if self.kings[us.index()] == 0xFF || self.board.get(sq).is_none_or(|o| o.color == us) {
            return list;
        }
        let to = sq.index() as u8;
        for from in self.attackers(sq, us) {
            list.push(mv(from.index() as u8, to));
        }
        if list.is_empty() {
            return list;
        }
        if let Some(mut legality) = Legality::new(self) {
            list.retain(|m| legality.keeps_king_safe(m.from.index() as u8, to));
        }
        list
    }

    /// Whether the side to move is checkmated (将死): in check with no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.has_no_legal_moves()
    }

    /// Whether the side to move is stalemated (困毙): not in check, no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.has_no_legal_moves()
    }

    /// Whether `m` is legal here: [`Position::check_move`] finds nothing wrong with it. A hidden
    /// piece's move names its reveal, which must be in the pool, unless the pool is empty.
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_move(m).is_ok()
    }

    /// Whether the king of the side to move is not attacked once `m` is played: what
    /// [`KingSafety::MustNotBeLeftAttacked`](crate::KingSafety::MustNotBeLeftAttacked) asks of
    /// every move ([`Position::check_move`] tests it so), and what rules under which a king may
    /// be left attacked (king capture) must tell apart. `m` follows the pieces' movement rules here; a side without a king has no
    /// safe move. The moved piece's identity does not matter (it is the mover's own), so a
    /// reveal is played as a plain move.
    ///
    /// ```
    /// use xqr_core::{KingSafety, MoveRules, Position};
    /// let rules = MoveRules { king_safety: KingSafety::MayBeLeftAttacked, ..MoveRules::STANDARD };
    /// // The rook on e1 stands between the kings: leaving the file lets them face.
    /// let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", rules).unwrap();
    /// assert!(!pos.keeps_king_safe("e1a1".parse().unwrap()));
    /// assert!(pos.keeps_king_safe("e1e8".parse().unwrap()));
    /// ```
    pub fn keeps_king_safe(&self, m: Move) -> bool {
        let us = self.turn.index();
        let k = self.kings[us];
        if k == 0xFF {
            return false;
        }
        let mut board = self.board.clone();
        let (from, to) = (m.from.index() as u8, m.to.index() as u8);
        leaves_king_safe(&mut board, us, k, from, to, self.rules.roaming())
    }

    fn generate(&self, list: &mut MoveList, captures_only: bool) {
        let us = self.turn.index();
        if self.kings[us] == 0xFF {
            return; // king captured (Jieqi): the game is over
        }
        let Some(mut legality) = Legality::new(self) else {
            gen_pseudo(&self.board, us, &self.rules, list, captures_only);
            return;
        };
        let pieces = legality.may_move(self.board.by_color(self.turn));
        gen_pseudo_of(&self.board, us, &self.rules, pieces, list, captures_only);
        list.retain(|m| legality.keeps_king_safe(m.from.index() as u8, m.to.index() as u8));
    }
}

/// Plays `from→to` on `board`, tests the king of `us` (on `k` unless it moved), and takes the
/// move back.
#[inline]
pub(crate) fn leaves_king_safe(
    board: &mut Board,
    us: usize,
    k: u8,
    from: u8,
    to: u8,
    roaming: bool,
) -> bool {
    let original = board.code(from);
    let captured = board.move_code(from, to, original);
    let king = if from == k { to } else { k };
    let safe = !king_attacked(board, us, king, roaming);
    board.unmove_code(from, to, original, captured);
    safe
}

/// Pseudo-legal move generation for side `us`.
pub(crate) fn gen_pseudo(
    board: &Board,
    us: usize,
    rules: &crate::MoveRules,
    list: &mut MoveList,
    captures_only: bool,
) {
    gen_pseudo_of(
        board,
        us,
        rules,
        board.by_color(Color::ALL[us]),
        list,
        captures_only,
    );
}

/// [`gen_pseudo`] for the pieces of `us` on `pieces`, in point order.
fn gen_pseudo_of(
    board: &Board,
    us: usize,
    rules: &crate::MoveRules,
    pieces: SquareSet,
    list: &mut MoveList,
    captures_only: bool,
) {
    for sq in pieces {
        let from = sq.index() as u8;
        for_each_target(board, us, rules, from, captures_only, |to| {
            list.push(mv(from, to));
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::walks::walked;
    use crate::Square;

    /// The captures on one point found from its attackers are those of the full list, in its
    /// order, on every point of the positions of games walked from the start and an endgame,
    /// either side to move.
    #[test]
    fn captures_on_a_point_are_those_of_the_full_list() {
        let starts = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "2r1k4/9/2c6/9/1N1N5/9/9/9/9/5K3 w - - 0 1",
        ];
        let mut captures = 0;
        for p in walked(&starts, 80, 5) {
            let all = p.legal_captures();
            for i in 0..90 {
                let sq = Square::new(i).expect("a point");
                let full: Vec<_> = all.iter().copied().filter(|m| m.to == sq).collect();
                captures += full.len();
                assert_eq!(p.legal_captures_on(sq).to_vec(), full, "{sq} in {p:?}");
            }
        }
        assert!(captures > 0);
    }

    /// Having no legal move is having an empty list of them: in a checkmate, a stalemate
    /// (困毙) and the positions of walked games, either side to move.
    #[test]
    fn no_legal_move_is_an_empty_list() {
        let ended = [
            "3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1",
            "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1",
        ];
        for fen in ended {
            let p = crate::Position::from_fen(fen, crate::MoveRules::STANDARD).expect("legal");
            assert!(
                p.legal_moves().is_empty() && p.has_no_legal_moves(),
                "{fen}"
            );
        }
        let starts = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "2r1k4/9/2c6/9/1N1N5/9/9/9/9/5K3 w - - 0 1",
            "4k4/9/4b4/2R6/2r6/9/2R6/9/9/3K5 w - - 0 1",
        ];
        for p in walked(&starts, 80, 5) {
            assert_eq!(p.has_no_legal_moves(), p.legal_moves().is_empty(), "{p:?}");
        }
    }
}
