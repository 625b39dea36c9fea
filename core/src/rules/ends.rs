//! Game ends other than repetition, shared by the editions: a side without a legal move
//! (checkmate 将死, stalemate 困毙) and the natural move limit (自然限着), each citing the
//! edition's articles.

use super::{natural_limit, GameEnd, GameHistory, GameResult, RuleRef, Termination};
use crate::Position;

/// The articles an edition cites when the side to move has no legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NoMoveArticles {
    /// Checkmate loses (1999 §4.1.1, 2011 §4.1.1).
    pub checkmate: &'static str,
    /// What checkmate is (1999 §3.1, 2011 §3.2).
    pub checkmate_defined: &'static str,
    /// Stalemate 困毙 loses (1999 §4.1.3, 2011 §4.1.2).
    pub stalemate: &'static str,
    /// What stalemate is (1999 §3.2, 2011 §3.3).
    pub stalemate_defined: &'static str,
}

/// The natural move limit (自然限着): a draw a player may claim once `moves` moves by both sides
/// have gone by without a capture, the claimant's checks counted at most `check_cap` times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaturalLimit {
    /// Moves by both sides without a capture (1999 §4.2.4, 2011 §4.2.4: 60).
    pub moves: u32,
    /// At most this many checks of the claimant count (1999 §23.3, 2011 §22.2: 10).
    pub check_cap: u32,
    /// The article of the limit.
    pub rule: RuleRef,
    /// The article of the check cap, named in the explanation (`None`: not named, as a house
    /// variant's own limit).
    pub check_cap_article: Option<String>,
}

impl NaturalLimit {
    /// The limit after the last ply of `history`, if a claim succeeds there.
    pub fn end(&self, history: &GameHistory) -> Option<GameEnd> {
        let (moves, cap) = (self.moves, self.check_cap);
        natural_limit(history, moves, cap).map(|(claimant, counted)| {
            let cited = self
                .check_cap_article
                .as_ref()
                .map(|a| format!(", {a}"))
                .unwrap_or_default();
            GameEnd {
                result: GameResult::Draw,
                termination: Termination::NaturalLimit,
                rule: self.rule.clone(),
                offender: None,
                ply: history.ply_count(),
                explanation: format!(
                    "{moves} moves by both sides without a capture ({counted} plies counted with at most {cap} checks of {claimant}{cited}): a claim succeeds from here"
                ),
            }
        })
    }
}

/// Checkmate or stalemate (困毙) of the side to move in `pos`, after `ply` plies, citing
/// `ruleset` and the articles `a`; a non-empty `why` says in the explanation why the position
/// counts as having no move (variants with king capture).
pub fn no_move_end(
    ruleset: &str,
    a: &NoMoveArticles,
    pos: &Position,
    ply: u32,
    why: &str,
) -> Option<GameEnd> {
    if !pos.has_no_legal_moves() {
        return None;
    }
    let side = pos.turn();
    let (mate, stale) = (a.checkmate_defined, a.stalemate_defined);
    let (termination, article, what) = match (pos.is_check(), why.is_empty()) {
        (true, true) => (
            Termination::Checkmate,
            a.checkmate,
            format!("{side} is checkmated ({mate})"),
        ),
        (true, false) => (
            Termination::Checkmate,
            a.checkmate,
            format!("{side} is checkmated: {why} ({mate})"),
        ),
        (false, true) => (
            Termination::Stalemate,
            a.stalemate,
            format!("{side} has no legal move: stalemated, 困毙 loses ({stale})"),
        ),
        (false, false) => (
            Termination::Stalemate,
            a.stalemate,
            format!("{side} is stalemated: {why}, 困毙 loses ({stale})"),
        ),
    };
    Some(GameEnd {
        result: GameResult::win_for(!side),
        termination,
        rule: RuleRef::new(ruleset, article),
        offender: None,
        ply,
        explanation: what,
    })
}
