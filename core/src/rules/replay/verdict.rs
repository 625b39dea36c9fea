//! The verdict on a record: replay it under a ruleset's components ([`Replay`]) and turn what
//! the replay found into a [`Verdict`].
//!
//! A record is judged as played or up to its first successful claim, as
//! [`JudgeOptions::claim`] says (the reading is in [`crate::rules::claim`]). Plies are
//! classified only for the loop a ruling rests on (or every ply with
//! [`JudgeOptions::all_plies`]).

use super::Replay;
use crate::rules::component_failure::or_component_failure;
use crate::rules::{
    ClaimPolicy, Claimant, GameEnd, GameInput, GameResult, JudgeError, JudgeOptions, LoopReport,
    Pending, PlyReport, RepetitionRuling, Ruleset, Termination, Verdict,
};

/// The verdict on `game` under the four components of `rs` (the default [`Ruleset::judge`]).
pub fn verdict_with_components<R: Ruleset + ?Sized>(
    rs: &R,
    game: &GameInput,
    options: &JudgeOptions,
) -> Result<Verdict, JudgeError> {
    // A component that failed answered a fallback: the verdict is not the ruleset's.
    or_component_failure(|| replay_verdict(rs, game, options))
}

fn replay_verdict<R: Ruleset + ?Sized>(
    rs: &R,
    game: &GameInput,
    options: &JudgeOptions,
) -> Result<Verdict, JudgeError> {
    let mut replay = Replay::start(rs, game)?;
    let first = options.claim == ClaimPolicy::First;
    for (i, text) in game.moves.iter().enumerate() {
        if replay.is_over() || (first && replay.ready().next().is_some()) {
            break;
        }
        let next = game.moves.get(i + 1).map(crate::MoveText::as_str);
        replay.play(text, next, options.illegal_moves)?;
    }
    Ok(verdict_of(rs, replay, game, options))
}

/// The verdict on a replayed record: an end by itself, a foul, the ruling a claim gets at the
/// record's last position, an open obligation, the record's stated result, or undecided.
fn verdict_of<R: Ruleset + ?Sized>(
    rs: &R,
    replay: Replay<'_, R>,
    game: &GameInput,
    options: &JudgeOptions,
) -> Verdict {
    let claimed = replay.ready().next().cloned();
    // Rulings the winner may claim only in its own time, after the opponent's next move.
    let turn = replay.history.last().turn();
    let waiting: Option<String> = replay
        .claimable
        .iter()
        .find(|(end, _)| !Claimant::for_result(end.result).may_claim(turn))
        .map(|(end, _)| {
            format!(
                "{} could claim {} {} ({}) in its own time, after {turn}'s next move, if the loop goes on: {}",
                Claimant::for_result(end.result),
                end.result,
                end.termination,
                end.rule,
                end.explanation
            )
        });
    let Replay {
        history,
        end,
        foul,
        obligation: ruling,
        met,
        claims,
        ..
    } = replay;
    let (end, claimed_loop): (Option<GameEnd>, Option<LoopReport>) = match end {
        Some(e) => (Some(e), None),
        None => match claimed {
            Some((e, found)) => (Some(e), found),
            None => (None, None),
        },
    };
    let ruling = ruling.filter(|_| claimed_loop.is_none());
    let loop_found = claimed_loop.or_else(|| ruling.as_ref().map(|r| r.found().clone()));
    let plies_to_classify: Vec<u32> = if options.all_plies {
        (1..=history.ply_count()).collect()
    } else if let Some(l) = &loop_found {
        (l.first_ply..=l.last_ply.min(history.ply_count())).collect()
    } else {
        Vec::new()
    };
    let plies = plies_to_classify
        .into_iter()
        .filter(|&p| p >= 1)
        .map(|p| {
            let class = rs.repetition().classify(&history, p);
            PlyReport {
                ply: p,
                mv: history
                    .move_at(p)
                    .map(|m| m.to_string())
                    .unwrap_or_default(),
                side: history.position(p - 1).turn(),
                kinds: class.kinds,
                targets: class.targets,
                notes: class.notes,
            }
        })
        .collect();

    let mut verdict = Verdict {
        ruleset: rs.meta().id.clone(),
        result: GameResult::Undecided,
        termination: None,
        winner: None,
        offender: None,
        rule: None,
        decided_at_ply: None,
        pending: None,
        loop_found,
        explanation: String::new(),
        plies,
        claims: claims.into_vec(),
    };
    let decided = match (end, ruling) {
        (Some(e), _) => Some(e),
        (None, Some(RepetitionRuling::Decided { end, .. })) => Some(end),
        (
            None,
            Some(RepetitionRuling::Pending {
                must_change,
                rule,
                since_ply,
                reason,
                ..
            }),
        ) => {
            let why = reason.map_or(String::new(), |r| format!(" ({r})"));
            verdict.explanation = format!(
                "{must_change} must change its moves (since ply {since_ply}) under {rule}{why}; the record ends before it is decided"
            );
            if let Some(w) = &waiting {
                verdict.explanation = format!("{}; {w}", verdict.explanation);
            }
            verdict.offender = Some(must_change);
            verdict.pending = Some(Pending { must_change, rule });
            None
        }
        (
            None,
            Some(RepetitionRuling::DrawPending {
                rule,
                since_ply,
                due_ply,
                explanation,
                ..
            }),
        ) => {
            verdict.explanation = format!(
                "draw pending under {rule} from ply {since_ply}, due at ply {due_ply}: {explanation}; the record ends at ply {}",
                history.ply_count()
            );
            None
        }
        (None, None) => None,
    };
    if let Some(foul) = foul {
        verdict.offender = history.position(foul.ply - 1).turn().into();
        verdict.rule = Some(foul.rule);
        verdict.termination = Some(Termination::IllegalMove);
        verdict.explanation = foul.explanation;
        return verdict;
    }
    let decided = decided.or_else(|| {
        if verdict.pending.is_some() {
            return None;
        }
        // The recorded end: two of `REPLAY_TAGS`.
        let result = game
            .tags
            .get("Result")
            .and_then(|r| GameResult::from_pgn(r))?;
        if !result.is_decided() {
            return None;
        }
        rs.scoring().recorded_end(
            result,
            game.tags.get("Termination").map(String::as_str),
            history.ply_count(),
        )
    });
    if let Some(e) = decided {
        verdict.result = e.result;
        verdict.winner = e.result.winner();
        verdict.termination = Some(e.termination);
        verdict.offender = e.offender;
        verdict.rule = Some(e.rule);
        verdict.decided_at_ply = Some(e.ply);
        verdict.explanation = e.explanation;
    } else if verdict.explanation.is_empty() {
        let undecided = format!("undecided after {} plies", history.ply_count());
        let outlook = rs.repetition().outlook(&history).map(|o| o.explanation);
        verdict.explanation = [Some(undecided), met, outlook, waiting]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join("; ");
    }
    verdict
}
