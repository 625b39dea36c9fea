//! What each move does, in the terms of the repetition law (棋例): check (将), mate threat (杀),
//! chase (捉) and the idle kinds (兑 献 拦 跟 闲), computed once here and parameterised by the
//! edition's [`Definitions`].
//!
//! Judges read this classification only for the plies of a loop, so its cost (small searches)
//! is paid only where a repetition occurs.
//!
//! One file per article or reading, each starting with the article's text: the general
//! definitions (`mate.rs`, `chase.rs`, `new_chase.rs`, `own_chase.rs`, `idle_kinds.rs`), the
//! editions' readings of them (`protected.rs`, `check_chase.rs`, `check_capture.rs`), the editions' exceptions
//! (`king_answers_check.rs`, `standing.rs`, `exposed.rs`, `self_destroying.rs`, `defensive.rs`,
//! `root_and_pinned.rs`, `pawn_trades.rs`, `pawn_discovered.rs`, `costly_offer.rs`,
//! `rook_pair.rs`, `false_root.rs`, AXF's `tied_rook.rs`), and the weighing they share
//! (`values.rs`, `floating.rs`, `exchange.rs`, `departure.rs`, `through_checks.rs`). Which of
//! them an edition applies, and what each cites, is [`Definitions`]; what comes out is
//! `output.rs`. What certainly makes no attack, cheaply, is `no_threat.rs`; whether a move
//! attacks, without the rest of its classification, `attack_only.rs`.

mod attack_only;
mod chase;
mod check_capture;
mod check_chase;
mod costly_offer;
mod defensive;
mod definitions;
mod departure;
mod exchange;
mod exposed;
mod false_root;
mod floating;
mod idle_kinds;
mod king_answers_check;
mod mate;
mod new_chase;
mod no_threat;
mod output;
mod own_chase;
mod pawn_discovered;
mod pawn_trades;
mod protected;
mod rook_pair;
mod root_and_pinned;
mod self_destroying;
mod standing;
mod through_checks;
mod tied_rook;
mod values;

pub use attack_only::is_attack;
pub use chase::chased;
pub use defensive::{attacking_pieces, holds_defensive_point, DefensiveKeyPoint};
pub use definitions::{Definitions, Depth, Reading};
pub use false_root::FalseRoots;
pub use mate::{mates_by_checks, mates_with, safe_moves};
pub use no_threat::threatens_nothing;
pub use output::{ChaseException, ChaseTarget, ChaseVia, Classification};
pub use own_chase::OwnChase;
pub use protected::ChaseTest;
pub use values::MaterialValues;

use crate::history::GameHistory;
use crate::law::MoveKind;
use crate::{Color, Position, Square};

/// Classifies ply `ply` (1-based) of `history` under `defs`.
///
/// The result is kept with the history, so asking again is cheap.
pub fn classify(history: &GameHistory, ply: u32, defs: &Definitions) -> Classification {
    classify_under(history, ply, defs, defs.fingerprint())
}

/// [`classify`], with the definitions' fingerprint `key` (from [`Definitions::fingerprint`])
/// computed once by a caller that classifies many plies.
pub fn classify_keyed(
    history: &GameHistory,
    ply: u32,
    defs: &Definitions,
    key: u64,
) -> Classification {
    classify_under(history, ply, defs, key)
}

/// [`classify`], with the definitions' fingerprint computed once for a whole walk back.
fn classify_under(history: &GameHistory, ply: u32, defs: &Definitions, key: u64) -> Classification {
    history.memo(key, ply, || {
        // Round a loop the same three positions come back: the ply a period earlier is the
        // same move from the same position after the same previous move, classified alike.
        if let Some(earlier) = same_move_earlier(history, ply) {
            return classify_under(history, earlier, defs, key);
        }
        let previous = ply.checked_sub(2).map(|p| history.position(p));
        classify_move_with_previous(
            previous,
            history.position(ply - 1),
            history.position(ply),
            defs,
        )
    })
}

/// The earlier ply that played the same move from the same position, the opponent's move
/// before it also the same: what a ply's classification depends on (the positions before and
/// after it, and the one before the opponent's last move) is then the same.
fn same_move_earlier(history: &GameHistory, ply: u32) -> Option<u32> {
    let q = history.previous_occurrence(ply)?;
    let same = |a: u32, b: u32| history.key(a) == history.key(b);
    let same_previous = match (ply.checked_sub(2), q.checked_sub(2)) {
        (Some(a), Some(b)) => same(a, b),
        (None, None) => true,
        _ => false,
    };
    (q >= 1 && same(ply - 1, q - 1) && same_previous).then_some(q)
}

/// Classifies the move from `before` (mover to move) to `after` (opponent to move), without the
/// opponent's previous move: as [`classify_move_with_previous`] with no `previous` position, so
/// 自斃 (2011 §24.18) is not considered.
pub fn classify_move(before: &Position, after: &Position, defs: &Definitions) -> Classification {
    classify_move_with_previous(None, before, after, defs)
}

/// Classifies the move from `before` (mover to move) to `after` (opponent to move), given
/// `previous`, the position before the opponent's last move (the one that led to `before`), when
/// there is one: 2011 §24.18 and §26.3 (自斃) ask whether a mate threat made in answer to a check
/// was the checker's own doing, which needs the position before that check.
///
/// In order: check (1999 §28.1, 2011 §24.1); otherwise mate threat (`mate.rs`) and the new
/// chases (`new_chase.rs`), with the notes of the articles that decided them, the king's and
/// pawn's own chases (`own_chase.rs`) and the defensive key point (`defensive.rs`), a checking
/// move's chases too where the edition counts them (AXF, `check_chase.rs`); a threat
/// left by the answered check is settled (`self_destroying.rs`); a move that is none of these
/// is named by the idle kinds (`idle_kinds.rs`, or 兑 by 2011 §26.10.2, `rook_pair.rs`).
pub fn classify_move_with_previous(
    previous: Option<&Position>,
    before: &Position,
    after: &Position,
    defs: &Definitions,
) -> Classification {
    let mover = before.turn();
    let mut out = Classification::default();
    if let Some(k) = after.king(!mover) {
        if after.is_check() {
            out.class.kinds.push(MoveKind::Check);
            out.class.targets.push(k);
            out.class.notes.push(format!(
                "check: the {} king on {k} is attacked ({})",
                !mover, defs.check
            ));
        }
    }
    // 2011 §26.1.2: what a king move answering check creates is idle.
    let king_answers = king_answers_check::answers(before, after, defs);
    // 2011 §24.18, §26.3: a mate threat that the answered check left behind (自斃).
    let mut self_destroyed = None;
    if out.class.kinds.is_empty() {
        // "Had the mover another move": the same placement with the mover to move again.
        let again = after.passed();
        // Its checking moves, generated once for the mate threat's search and the chase's.
        let first = through_checks::FirstChecks::new(&again);
        self_destroyed = mate::threat(
            previous,
            before,
            after,
            &first,
            king_answers,
            defs,
            &mut out.class,
        );
        new_and_counted_chases(
            previous,
            before,
            after,
            &first,
            king_answers,
            defs,
            &mut out,
        );
    } else {
        // AXF rule 12, Section 2.5: a checking move's chases count too (check_chase.rs).
        check_chase::add_chases(previous, before, after, king_answers, defs, &mut out);
    }
    if let Some(check) = self_destroyed {
        self_destroying::settle(&check, after.king(!mover), defs, &mut out.class);
    }
    if out.class.kinds.is_empty() && !rook_pair::exchange_kind(&out.chases, &mut out.class) {
        idle_kinds::idle_kind(before, after, defs, &mut out.class);
    }
    out
}

/// The chases the move makes anew (`new_chase.rs`) into `out`, and whether they make the move a
/// chase ([`chases`]); `first` holds the checking moves of the position after the move with
/// the mover to move again.
fn new_and_counted_chases(
    previous: Option<&Position>,
    before: &Position,
    after: &Position,
    first: &through_checks::FirstChecks,
    king_answers: Option<&crate::reference::RuleRef>,
    defs: &Definitions,
    out: &mut Classification,
) {
    out.chases = new_chase::new_chases(
        previous,
        before,
        after,
        first,
        king_answers.is_some(),
        defs,
        &mut out.class.notes,
    );
    chases(before, after, first.position(), king_answers, defs, out);
}

/// Whether the new chases in `out` make the move a chase, with their notes.
fn chases(
    before: &Position,
    after: &Position,
    again: &Position,
    king_answers: Option<&crate::reference::RuleRef>,
    defs: &Definitions,
    out: &mut Classification,
) {
    let mover = before.turn();
    let counted: Vec<&ChaseTarget> = out
        .chases
        .iter()
        .filter(|c| own_chase::counts(c, defs))
        .collect();
    for c in &out.chases {
        out.class.notes.extend(c.exception_note(mover, defs));
        if !c.overruled() {
            out.class.notes.extend(own_chase::note(c, defs));
        }
    }
    let to = after_move(before, after).map(|m| m.1);
    let incidental = defensive::incidental_chase(after, to, &counted, defs);
    let counts = !counted.is_empty() && !incidental.as_ref().is_some_and(|i| i.idle);
    out.class.notes.extend(incidental.map(|i| i.note));
    if !counts {
        return;
    }
    if let Some(article) = king_answers {
        out.class
            .notes
            .push(king_answers_check::chase_note(article));
        return;
    }
    out.class.kinds.push(MoveKind::Chase);
    for c in counted {
        out.class.targets.push(c.target);
        if c.exception.is_some() {
            continue; // its note, citing the article, is written above
        }
        out.class.notes.push(chase::note(again, c, defs));
        // 2011 §26.10.1: the rook pair's contact with an unrooted horse (cannon).
        out.class
            .notes
            .extend(rook_pair::unrooted_note(again, c, defs));
        // 2011 §26.7: the pawn's capture uncovers another piece's check.
        out.class
            .notes
            .extend(pawn_discovered::discovered_check_note(again, c, defs));
    }
}

/// The (from, to) of the move leading from `before` to `after`, found from the boards.
fn after_move(before: &Position, after: &Position) -> Option<(Square, Square)> {
    let mover: Color = before.turn();
    let from = before
        .board()
        .by_color(mover)
        .iter()
        .find(|s| after.board().get(*s).is_none_or(|o| o.color != mover))?;
    let to = after
        .board()
        .by_color(mover)
        .iter()
        .find(|s| before.board().get(*s).is_none_or(|o| o.color != mover))?;
    Some((from, to))
}

/// Helpers for the tests of the article modules.
#[cfg(test)]
mod testing {
    use super::Definitions;
    use crate::{MoveRules, Position, Square};

    /// The position of `fen` under standard rules.
    pub(super) fn pos(fen: &str) -> Position {
        Position::from_fen(fen, MoveRules::STANDARD).expect("legal")
    }

    /// The square named `s`.
    pub(super) fn sq(s: &str) -> Square {
        s.parse().expect("a square")
    }

    /// The positions before and after the last of `moves` (ICCS), played from `fen`.
    pub(super) fn last_move(fen: &str, moves: &str) -> (Position, Position) {
        let moves: Vec<&str> = moves.split_whitespace().collect();
        let (last, first) = moves.split_last().expect("a move");
        let mut before = pos(fen);
        for m in first {
            before.play(m.parse().expect("ICCS")).expect("legal");
        }
        let mut after = before.clone();
        after.play(last.parse().expect("ICCS")).expect("legal");
        (before, after)
    }

    /// AXF's definitions, as far as the classifier's tests of AXF's articles need them (the
    /// `axf` edition lives in its own crate).
    pub(super) fn axf_like() -> Definitions {
        super::definitions::axf_for_tests()
    }
}
