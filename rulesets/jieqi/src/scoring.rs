//! Game ends and points under the Jieqi trial rules.

use xqr_core::rules::{EndCheck, GameEnd, GameHistory, GameResult, RuleRef, Spec, Termination};
use xqr_core::{Color, Role};

/// Natural limit: 60 moves (回合) by both sides without a capture (§5.2.3).
pub const NATURAL_LIMIT_MOVES: u32 = 60;

/// At most this many checks of the claimant count towards the natural limit (§23.3).
pub const NATURAL_LIMIT_CHECK_CAP: u32 = 10;

/// Game ends of the Jieqi trial rules that data cannot say, checked before the Spec's own
/// (the natural limit, [`crate::law::spec`]):
///
/// - The side whose king was captured has lost (§3.3 如被吃掉的棋子为帅(将)，则该局判胜; §5.1.1),
///   whether it did not answer a check (§4.3, 将死) or its own move exposed the king (§4.4,
///   自毙); a king taken by the other king across an open file is §5.1.2.
/// - A side to move without any legal move has lost (§4 将死和困毙, which titles 将死 and 困毙 as
///   in the 1999 rules the trial rules follow): checkmated when in check, stalemated otherwise.
///   Under the trial rules a king may step into attack, so this only happens when every piece of
///   the side is blocked; under move rules that forbid leaving the king attacked (a house
///   variant's `king_safety`) it is the usual checkmate and stalemate.
pub fn king_capture(spec: &Spec, history: &GameHistory) -> EndCheck {
    let rule = |article: &str| RuleRef::new(spec.ends.cites.clone(), article);
    if let Some(end) = king_captured(history, rule) {
        return EndCheck::Ends(end);
    }
    let pos = history.last();
    let ply = history.ply_count();
    if history.has_no_legal_moves() {
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
        return EndCheck::Ends(GameEnd {
            result: GameResult::win_for(!side),
            termination,
            rule: rule("§4"),
            offender: None,
            ply,
            explanation,
        });
    }
    EndCheck::OnlyNaturalLimit
}

/// The end by king capture after the last ply, if the side to move has no king.
fn king_captured(history: &GameHistory, rule: impl Fn(&str) -> RuleRef) -> Option<GameEnd> {
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
        Some(before) if history.position(before).is_king_attacked(loser) => {
            format!("{loser} did not answer the check (§4.3) and {winner} captured the king")
        }
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
        rule: rule(article),
        offender: None,
        ply,
        explanation: format!("{why}{how}"),
    })
}
