//! Game ends and points under the Jieqi trial rules.

use xqr_core::rules::{
    natural_limit, recorded_end, GameEnd, GameHistory, GameResult, PointScheme, RecordArticles,
    RuleRef, Scoring, Termination,
};
use xqr_core::{Color, Role};

/// Natural limit: 60 moves (回合) by both sides without a capture (§5.2.3).
pub const NATURAL_LIMIT_MOVES: u32 = 60;

/// At most this many checks of the claimant count towards the natural limit (§23.3).
pub const NATURAL_LIMIT_CHECK_CAP: u32 = 10;

const RECORD_ARTICLES: RecordArticles = RecordArticles {
    resignation: "§5.1.7",
    agreed_draw: "§5.2.1",
    time_forfeit: "§5.1.3",
    unstated: "§5",
};

/// Game ends of the Jieqi trial rules.
///
/// - The side whose king was captured has lost (§3.3 如被吃掉的棋子为帅(将)，则该局判胜; §5.1.1),
///   whether it did not answer a check (§4.3, 将死) or its own move exposed the king (§4.4,
///   自毙); a king taken by the other king across an open file is §5.1.2.
/// - A side to move without any legal move has lost (§4 将死和困毙, which titles 将死 and 困毙 as
///   in the 1999 rules the trial rules follow): checkmated when in check, stalemated otherwise.
///   Under the trial rules a king may step into attack, so this only happens when every piece of
///   the side is blocked; under move rules that forbid leaving the king attacked (a house
///   variant's `king_safety`) it is the usual checkmate and stalemate.
/// - Natural limit (§5.2.3): 60 moves by both sides without a capture draw, the claimant's
///   checks counted at most 10 (§23.3): a draw a player may claim from there.
/// - Points §16.1: win 1, draw ½, loss 0.
#[derive(Clone, Debug)]
pub struct JieqiScoring {
    /// The ruleset id cited.
    pub ruleset: String,
    /// Moves by both sides without a capture for the natural limit.
    pub natural_limit_moves: u32,
}

impl JieqiScoring {
    /// The trial rules' scoring, citing `ruleset`.
    pub fn new(ruleset: &str) -> JieqiScoring {
        JieqiScoring {
            ruleset: ruleset.to_owned(),
            natural_limit_moves: NATURAL_LIMIT_MOVES,
        }
    }

    fn rule(&self, article: &str) -> RuleRef {
        RuleRef::new(self.ruleset.clone(), article)
    }

    /// The end by king capture after the last ply, if the side to move has no king.
    fn king_captured(&self, history: &GameHistory) -> Option<GameEnd> {
        let pos = history.last();
        let loser = pos.turn();
        if pos.king(loser).is_some() {
            return None;
        }
        let ply = history.ply_count();
        let winner = !loser;
        let by_king = history.move_at(ply).is_some_and(|m| {
            history
                .position(ply - 1)
                .board()
                .get(m.from)
                .is_some_and(|o| o.role == Role::King && !o.hidden)
        });
        // Why the king could be taken: the loser's last move left it attacked (自毙, §4.4) or
        // did not answer a check that was already there (§4.3).
        let why = match ply.checked_sub(2) {
            Some(before) if history.position(before).is_king_attacked(loser) => format!(
                "{loser} did not answer the check (§4.3) and {winner} captured the king"
            ),
            Some(_) => format!(
                "{loser}'s own move left its king to be captured (自毙, §4.4) and {winner} captured it"
            ),
            None => format!("{winner} captured the {loser} king"),
        };
        let (article, how) = if by_king {
            (
                "§5.1.2",
                " with its own king across the open file (帅将对面)",
            )
        } else {
            ("§5.1.1", "")
        };
        Some(GameEnd {
            result: GameResult::win_for(winner),
            termination: Termination::KingCaptured,
            rule: self.rule(article),
            offender: None,
            ply,
            explanation: format!("{why}{how}"),
        })
    }
}

impl Scoring for JieqiScoring {
    fn game_end(&self, history: &GameHistory) -> Option<GameEnd> {
        if let Some(end) = self.king_captured(history) {
            return Some(end);
        }
        let pos = history.last();
        let ply = history.ply_count();
        if pos.has_no_legal_moves() {
            let side: Color = pos.turn();
            let (termination, explanation) = if pos.is_check() {
                (
                    Termination::Checkmate,
                    format!("{side} is in check and has no legal move: 将死 loses (§4)"),
                )
            } else {
                (
                    Termination::Stalemate,
                    format!("{side} has no legal move: 困毙 loses (§4)"),
                )
            };
            return Some(GameEnd {
                result: GameResult::win_for(!side),
                termination,
                rule: self.rule("§4"),
                offender: None,
                ply,
                explanation,
            });
        }
        natural_limit(history, self.natural_limit_moves, NATURAL_LIMIT_CHECK_CAP).map(
            |(claimant, counted)| GameEnd {
                result: GameResult::Draw,
                termination: Termination::NaturalLimit,
                rule: self.rule("§5.2.3"),
                offender: None,
                ply,
                explanation: format!(
                    "{} moves by both sides without a capture ({counted} plies counted with at most {NATURAL_LIMIT_CHECK_CAP} checks of {claimant}, §23.3): a claim succeeds from here",
                    self.natural_limit_moves
                ),
            },
        )
    }

    fn points(&self) -> PointScheme {
        PointScheme::ONE_HALF_ZERO
    }

    fn recorded_end(
        &self,
        result: GameResult,
        termination: Option<&str>,
        ply: u32,
    ) -> Option<GameEnd> {
        recorded_end(&self.ruleset, &RECORD_ARTICLES, result, termination, ply)
    }
}
