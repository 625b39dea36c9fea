//! Edition diff: the games whose outcome differs between two rulesets, each side's ruling and
//! the position where it was decided.
//!
//! Two judgements of a game *differ* when their results differ (`1-0`, `0-1`, `1/2-1/2`, `*`),
//! judged as played or at their first claim (what the first claim that would have succeeded
//! gives, the result as played when there is none), or when one ruleset gives a verdict and the
//! other cannot judge the game. Same result for different reasons (say, a perpetual check under
//! one edition and the recorded resignation under the other) is not a difference of outcome. A
//! game both rulesets fail on is not a difference either (the batch output lists it).
//!
//! The *deciding position* of a side is the position after its `decided_at_ply`, with that
//! ply's move as the last move; for a verdict that decides nothing (undecided or pending) it is
//! the position where the record ends; for a ruleset that rejects a move, the position the
//! rejected move was played in.

mod report;

use xqr_core::notation::{parse_move, write_move, Notation};
use xqr_core::rules::{GameInput, Ruleset};
use xqr_core::{Move, Position};

use crate::batch::{JudgedGame, Judgement};

pub use report::{Report, ReportFormat};

/// Whether two judgements of a game differ in outcome (see the module docs).
pub fn differ(a: &Judgement, b: &Judgement) -> bool {
    let result = |j: &Judgement| j.outcome.as_ref().ok().map(|v| v.result);
    let first = |j: &Judgement| {
        j.outcome
            .as_ref()
            .ok()
            .map(|v| v.first_claim().map_or(v.result, |c| c.result))
    };
    match (result(a), result(b)) {
        (None, None) => false,
        (x, y) => x != y || first(a) != first(b),
    }
}

/// Whether the first two judgements of `g` differ in outcome.
pub fn game_differs(g: &JudgedGame) -> bool {
    match g.verdicts.as_slice() {
        [a, b, ..] => differ(a, b),
        _ => false,
    }
}

/// The ply (number of moves played) of a judgement's deciding position (see the module docs).
pub fn deciding_ply(g: &JudgedGame, j: &Judgement) -> u32 {
    match &j.outcome {
        Ok(v) => v.decided_at_ply.unwrap_or(g.plies() as u32),
        Err(f) => f.ply().map_or(0, |p| p.saturating_sub(1)),
    }
}

/// A position of a game, with the move that led to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// Plies played.
    pub ply: u32,
    /// The position after them.
    pub position: Position,
    /// The last move, in ICCS and in Chinese notation (`h2e2`, `炮二平五`).
    pub last_move: Option<(Move, String)>,
}

/// The position of `game` after `ply` plies, replayed under `rs`'s move rules (the start is the
/// FEN, else the ruleset's start position). Fails with the reason when a move before it cannot
/// be played.
///
/// ```
/// use xqr_core::rules::GameInput;
/// use xqr_host::diff::position_after;
/// let rs = xqr_cxa1999::Cxa1999::new();
/// let game = GameInput { moves: vec!["h2e2".into(), "马８进７".into()], ..GameInput::default() };
/// let s = position_after(&rs, &game, 2).unwrap();
/// assert_eq!(s.last_move.unwrap().1, "马８进７");
/// assert!(position_after(&rs, &game, 3).is_err());
/// ```
pub fn position_after<R: Ruleset + ?Sized>(
    rs: &R,
    game: &GameInput,
    ply: u32,
) -> Result<Snapshot, String> {
    let legality = rs.legality();
    let mut pos = match &game.fen {
        Some(fen) => Position::from_fen(fen, legality.move_rules())
            .map_err(|e| format!("FEN {fen:?}: {e}"))?,
        None => legality.start_position(),
    };
    let mut last = None;
    for p in 1..=ply {
        let text = game
            .moves
            .get(p as usize - 1)
            .ok_or_else(|| format!("the game has only {} plies", game.moves.len()))?;
        let m = parse_move(&pos, text).map_err(|e| format!("ply {p}, move {text:?}: {e}"))?;
        let chinese = write_move(&pos, m, Notation::Chinese);
        pos.play_unchecked(m);
        last = Some((m, chinese));
    }
    Ok(Snapshot {
        ply,
        position: pos,
        last_move: last,
    })
}
