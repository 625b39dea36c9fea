//! A claim made during a game (一方棋手要求裁决), answered on the replayed record: see
//! [`claim_with_components`].

use super::Replay;
use crate::rules::component_failure::or_component_failure;
use crate::rules::{
    ClaimAnswer, ClaimKind, ClaimRequest, GameInput, IllegalMovePolicy, JudgeError,
    RepetitionRuling, Ruleset,
};
use crate::Color;

/// Answers `request` on `game` under the components of `rs` (the default
/// [`Ruleset::claim`]). An input error of the record before the ply of the claim is returned as
/// it is by [`Ruleset::judge`]; a ply beyond the record is [`JudgeError::ClaimBeyondRecord`].
///
/// A claim made during a game (一方棋手要求裁决): the record is replayed to the ply of the claim
/// and the arbiter answers with the ruling, an order to change, or a refusal.
///
/// - A repetition claim (待判局面, 1999 §24, 2011 §23.1) is heard once the edition's count is
///   reached: the answer is the ruling a claim gets there (perpetual check loses, a draw, a
///   side that did not change loses), or the order the pending position gives (a side must
///   change; 2011: a draw once neither side changes within two rounds). Before the count it is
///   refused: "双方重复局面不足三次，裁判不予受理" (2011 §23.3); 1999 §24 names the same count.
/// - A natural-limit claim (1999 §23.3, 2011 §22.2) is heard when the edition's move count
///   without a capture is reached, and refused otherwise.
///
/// A claim is made in the claimant's own time, when it is to move (1999 §8.5 "对局进行中如有问题，
/// 应在自己走棋的时间内提出", 2011 §16.3): one made by the side that has just moved is refused.
///
/// Not checked: whether the claim is in the claimant's favour. A ruling goes the same way
/// whoever asks for it, and the natural limit is granted when it is reached for either claimant
/// (the editions cap the checks of the claimant, 1999 §23.3; the game-end test of a ruleset
/// answers for both sides at once).
pub fn claim_with_components<R: Ruleset + ?Sized>(
    rs: &R,
    game: &GameInput,
    request: &ClaimRequest,
) -> Result<ClaimAnswer, JudgeError> {
    let plies = game.moves.len() as u32;
    if request.ply > plies {
        return Err(JudgeError::ClaimBeyondRecord {
            ply: request.ply,
            plies,
        });
    }
    // A component that failed answered a fallback: the answer is not the ruleset's.
    or_component_failure(|| replay_claim(rs, game, request))
}

fn replay_claim<R: Ruleset + ?Sized>(
    rs: &R,
    game: &GameInput,
    request: &ClaimRequest,
) -> Result<ClaimAnswer, JudgeError> {
    let mut replay = Replay::start(rs, game)?;
    let moves = &game.moves[..request.ply as usize];
    for (i, text) in moves.iter().enumerate() {
        if let Some(answer) = over(&replay) {
            return Ok(answer);
        }
        let next = moves.get(i + 1).map(crate::MoveText::as_str);
        replay.play(text, next, IllegalMovePolicy::Reject)?;
    }
    Ok(answer(rs, &mut replay, request.by, request.kind))
}

/// The answer to a claim of `kind` by `by` after the last ply of `replay`, as
/// [`claim_with_components`] gives it (the live arbiter asks it too).
pub(crate) fn answer<R: Ruleset + ?Sized>(
    rs: &R,
    replay: &mut Replay<'_, R>,
    by: Color,
    kind: ClaimKind,
) -> ClaimAnswer {
    if let Some(answer) = over(replay) {
        return answer;
    }
    let ply = replay.history.ply_count();
    let turn = replay.history.last().turn();
    if by != turn {
        return ClaimAnswer::Refused {
            rule: None,
            explanation: format!(
                "{by}'s claim after ply {ply} is not heard: a player claims in its own time, when it is to move (CXA 1999 §8.5, 2011 §16.3), and {turn} is to move"
            ),
        };
    }
    match kind {
        ClaimKind::Repetition => {
            let ruled = replay.claimable.iter().find(|(_, found)| found.is_some());
            match (ruled, replay.obligation.take()) {
                (Some((end, found)), _) => ClaimAnswer::Decided {
                    end: end.clone(),
                    loop_found: found.clone(),
                },
                (None, Some(ruling)) => ClaimAnswer::Ordered {
                    explanation: order(&ruling, ply),
                    ruling,
                },
                (None, None) => {
                    let outlook = rs.repetition().outlook(&replay.history);
                    let (rule, why) = match outlook {
                        Some(o) => (
                            Some(o.rule),
                            format!("the repetition is not complete: {}", o.explanation),
                        ),
                        None if replay.history.previous_occurrence(ply).is_some() => (
                            None,
                            format!(
                                "the position after ply {ply} has occurred before, but {} has nothing to rule on",
                                rs.meta().id
                            ),
                        ),
                        None => (
                            None,
                            format!("the position after ply {ply} has not occurred before: there is no repetition to rule on"),
                        ),
                    };
                    ClaimAnswer::Refused {
                        rule,
                        explanation: format!("{by}'s claim after ply {ply} is not heard: {why}"),
                    }
                }
            }
        }
        ClaimKind::NaturalLimit => {
            let limit = replay.claimable.iter().find(|(_, found)| found.is_none());
            match limit {
                Some((end, _)) => ClaimAnswer::Decided {
                    end: end.clone(),
                    loop_found: None,
                },
                None => {
                    let quiet = replay.history.last().halfmove_clock();
                    ClaimAnswer::Refused {
                        rule: None,
                        explanation: format!(
                            "{by}'s claim of the natural move limit after ply {ply} is not borne out: {quiet} plies ({} moves by both sides) since the last capture are not enough under {}",
                            quiet / 2,
                            rs.meta().id
                        ),
                    }
                }
            }
        }
    }
}

/// The answer when the game ended by itself before the claim, or a foul stops the record.
pub(crate) fn over<R: Ruleset + ?Sized>(replay: &Replay<'_, R>) -> Option<ClaimAnswer> {
    if let Some(end) = &replay.end {
        return Some(ClaimAnswer::GameOver { end: end.clone() });
    }
    replay.foul.as_ref().map(|f| ClaimAnswer::Refused {
        rule: Some(f.rule.clone()),
        explanation: format!("the record stops at ply {}: {}", f.ply, f.explanation),
    })
}

/// An order in words.
fn order(ruling: &RepetitionRuling, ply: u32) -> String {
    match ruling {
        RepetitionRuling::Pending {
            must_change,
            rule,
            since_ply,
            reason,
            ..
        } => {
            let why = reason.as_ref().map_or(String::new(), |r| format!(" ({r})"));
            let since = if *since_ply < ply {
                format!(", as it has since ply {since_ply}")
            } else {
                String::new()
            };
            format!("{must_change} must change its moves{since} under {rule}{why}; it loses if it does not")
        }
        RepetitionRuling::DrawPending {
            rule,
            due_ply,
            explanation,
            ..
        } => format!("a draw under {rule} if neither side changes by ply {due_ply}: {explanation}"),
        RepetitionRuling::Decided { end, .. } => end.explanation.clone(),
    }
}
