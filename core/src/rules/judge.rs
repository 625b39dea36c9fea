//! The shared judging driver: replay a game under a ruleset's components.
//!
//! Cost: one legality check and one game-end test per ply, a hash comparison per ply for
//! repetitions (bounded by the last capture), and the repetition judge only when a position
//! repeats or a ruling is pending (an obligation to change, or a 2011 draw not yet due). Plies are classified only for the loop a ruling
//! rests on (or every ply with [`JudgeOptions::all_plies`]).

use super::{
    GameEnd, GameHistory, GameInput, GameResult, IllegalMovePolicy, IllegalMoveRuling, JudgeError,
    JudgeOptions, Pending, PlyReport, RepetitionRuling, RuleRef, Ruleset, Termination, Verdict,
};
use crate::notation::{self, NotationError};
use crate::Position;

/// Judges `game` with the four components of `rs` (the default [`Ruleset::judge`]).
pub fn judge_with_components<R: Ruleset + ?Sized>(
    rs: &R,
    game: &GameInput,
    options: &JudgeOptions,
) -> Result<Verdict, JudgeError> {
    let id = rs.meta().id.clone();
    let legality = rs.legality();
    let rules = legality.move_rules();
    let start = match &game.fen {
        Some(fen) => Position::from_fen(fen, rules).map_err(|e| JudgeError::BadFen {
            fen: fen.clone(),
            reason: e.to_string(),
        })?,
        None => legality.start_position(),
    };
    if !legality.plays_hidden_pieces() {
        let hidden = crate::Color::ALL
            .into_iter()
            .any(|c| !start.board().hidden(c).is_empty())
            || !start.pool().is_empty();
        let tagged = game.tags.get("Variant").is_some_and(|v| {
            let v = v.to_lowercase();
            v.contains("jieqi") || v.contains("揭棋")
        });
        if hidden || tagged {
            return Err(JudgeError::Unsupported {
                ruleset: id,
                reason: "the game is Jieqi (揭棋: hidden pieces); this ruleset plays standard Xiangqi only".to_owned(),
            });
        }
    }
    let mut history = GameHistory::new(start);
    let mut end: Option<GameEnd> = rs.scoring().game_end(&history);
    let mut ruling: Option<RepetitionRuling> = None;
    // The last obligation to change that was met, for the explanation of an undecided game.
    let mut met: Option<String> = None;
    let mut foul: Option<(u32, RuleRef, String)> = None;

    if end.is_none() {
        for (i, text) in game.moves.iter().enumerate() {
            let ply = i as u32 + 1;
            let pos = history.last();
            let m = match notation::parse_move(pos, text) {
                Ok(m) => m,
                // A reveal or captured identity that cannot be is a wrong record (Jieqi).
                Err(NotationError::Illegal { reason, .. }) if reason.concerns_identity() => {
                    return Err(JudgeError::IllegalMove {
                        ply,
                        text: text.clone(),
                        reason: reason.to_string(),
                    })
                }
                Err(NotationError::Illegal { reason, .. }) => match options.illegal_moves {
                    IllegalMovePolicy::Reject => {
                        return Err(JudgeError::IllegalMove {
                            ply,
                            text: text.clone(),
                            reason: reason.to_string(),
                        })
                    }
                    IllegalMovePolicy::Rule => {
                        let mover = pos.turn();
                        match legality.illegal_move_ruling(&history, &reason) {
                            IllegalMoveRuling::Loss { rule } => {
                                end = Some(GameEnd {
                                    result: GameResult::win_for(!mover),
                                    termination: Termination::IllegalMove,
                                    rule,
                                    offender: Some(mover),
                                    ply,
                                    explanation: format!(
                                        "{mover} played the illegal move {text} ({reason})"
                                    ),
                                });
                            }
                            IllegalMoveRuling::FoulAndReplay { rule } => {
                                foul = Some((ply, rule, format!(
                                    "{mover} played the illegal move {text} ({reason}): a foul; the move must be replaced, so the record cannot be followed further"
                                )));
                            }
                        }
                        break;
                    }
                },
                Err(e) => {
                    return Err(JudgeError::BadMove {
                        ply,
                        text: text.clone(),
                        reason: e.to_string(),
                    })
                }
            };
            history.push_unchecked(m);
            if let Some(e) = rs.scoring().game_end(&history) {
                end = Some(e);
                break;
            }
            let open = matches!(
                ruling,
                Some(RepetitionRuling::Pending { .. } | RepetitionRuling::DrawPending { .. })
            );
            if open || rs.repetition().watches(&history) {
                match rs.repetition().judge(&history, ruling.as_ref()) {
                    Some(r @ RepetitionRuling::Decided { .. }) => {
                        ruling = Some(r);
                        break;
                    }
                    Some(r) => ruling = Some(r),
                    None if open => {
                        // The side obliged to change did, or a pending draw was averted: say
                        // so if nothing else is decided.
                        let now = history.ply_count();
                        met = match ruling.take() {
                            Some(RepetitionRuling::Pending {
                                must_change,
                                rule,
                                since_ply,
                                reason,
                                ..
                            }) => {
                                let why = reason.map_or(String::new(), |r| format!(", {r}"));
                                Some(format!(
                                    "{must_change} had to change under {rule} from ply {since_ply}{why}; the loop was broken at ply {now}"
                                ))
                            }
                            Some(RepetitionRuling::DrawPending {
                                rule,
                                since_ply,
                                due_ply,
                                ..
                            }) => Some(format!(
                                "a draw under {rule} was pending from ply {since_ply}, due at ply {due_ply} if neither side changed; {} changed at ply {now}",
                                history.position(now - 1).turn()
                            )),
                            _ => met.take(),
                        };
                    }
                    None => {}
                }
            }
        }
    }

    let loop_found = ruling.as_ref().map(|r| r.found().clone());
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
        ruleset: id.clone(),
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
    if let Some((ply, rule, why)) = foul {
        verdict.offender = history.position(ply - 1).turn().into();
        verdict.rule = Some(rule);
        verdict.termination = Some(Termination::IllegalMove);
        verdict.explanation = why;
        return Ok(verdict);
    }
    let decided = decided.or_else(|| {
        if verdict.pending.is_some() {
            return None;
        }
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
        verdict.explanation = [Some(undecided), met, rs.repetition().outlook(&history)]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join("; ");
    }
    Ok(verdict)
}
