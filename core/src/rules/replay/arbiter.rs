//! The arbiter of a game in progress: moves played and taken back one at a time, and at any
//! point the status, the claims each side could make, a claim made, and the moves the side to
//! move may not play.
//!
//! The rulebooks rule on a repetition when a player claims (1999 §24 "一方棋手要求裁决", 2011
//! §23.1, AXF rule 3: the arbiter tells the violator to change). A GUI, an engine tournament
//! manager (the UCCI `banmoves` of Chinese engine leagues) or an arbiter at the board needs the
//! same rulings before the move is made: which moves would complete a loop the mover is
//! forbidden to complete. [`Arbiter`] answers them on the replay the judge uses, so a verdict on
//! the finished record and the arbiter's answers during the game agree.
//!
//! A ruleset whose component fails during a call (a dynamic plugin that crashed, hung or
//! answered garbage: see [`take_component_failure`]) makes the call an error: a move is not
//! played, a list of forbidden moves or a claim's answer is not given, rather than answered from
//! the component's fallback.
//!
//! Cost: a move is one ply of the replay (a legality check, the game-end test, and the
//! repetition judge only when a position repeats or an obligation is open), so it does not grow
//! with the game's length; [`Arbiter::forbidden`] plays each legal move once and takes it back.

use super::live_claim::answer;
use super::Replay;
use crate::rules::component_failure::or_component_failure;
use crate::rules::{
    take_component_failure, Claim, ClaimAnswer, ClaimKind, GameEnd, GameInput, GameResult,
    JudgeError, LoopReport, RepetitionRuling, Ruleset,
};
use crate::{Color, Move};

/// What the replay knows after a ply, kept so that a move can be taken back.
#[derive(Clone)]
struct Saved {
    end: Option<GameEnd>,
    obligation: Option<RepetitionRuling>,
    met: Option<String>,
    claimable: Vec<(GameEnd, Option<LoopReport>)>,
    claims: crate::rules::Claims,
}

/// A game in progress under one ruleset.
pub struct Arbiter<'r> {
    rs: &'r (dyn Ruleset + 'r),
    replay: Replay<'r, dyn Ruleset + 'r>,
    /// The state before each ply played, to take it back.
    saved: Vec<Saved>,
}

/// The status of a game in progress.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case", tag = "status")]
pub enum Status {
    /// The game goes on; `obligation` is the order a repetition ruling gave and that still
    /// holds (a side must change, or a draw is pending).
    Ongoing {
        /// The side to move.
        to_move: Color,
        /// The plies played.
        plies: u32,
        /// The order still open, if any.
        #[serde(skip_serializing_if = "Option::is_none")]
        obligation: Option<RepetitionRuling>,
    },
    /// The game has ended: by itself (checkmate, stalemate …) or by a claim that was heard.
    Decided {
        /// The end.
        end: GameEnd,
    },
}

/// What playing a forbidden move would bring on the mover.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ForbiddenConsequence {
    /// The opponent could claim the game at once (perpetual check, a loop the mover had to
    /// change and did not).
    Loses,
    /// The move completes a repetition after which the mover is ordered to change, or goes on
    /// round a loop it was already ordered to change (1999 §24.3, AXF rule 3): it does not lose
    /// yet, but it counts towards the loss.
    MustChange,
}

/// A legal move the side to move is forbidden to play now, with the ruling it would bring.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Forbidden {
    /// The move.
    #[serde(rename = "move")]
    pub mv: Move,
    /// What it would bring on the mover.
    pub consequence: ForbiddenConsequence,
    /// The article.
    pub rule: crate::rules::RuleRef,
    /// Why, in words.
    pub explanation: String,
    /// The loop it would close.
    #[serde(rename = "loop", skip_serializing_if = "Option::is_none")]
    pub loop_found: Option<LoopReport>,
}

impl<'r> Arbiter<'r> {
    /// A game under `rs` from `fen`, or the ruleset's start position.
    pub fn new(rs: &'r (dyn Ruleset + 'r), fen: Option<&str>) -> Result<Arbiter<'r>, JudgeError> {
        let game = GameInput {
            fen: fen.map(str::to_owned),
            ..GameInput::default()
        };
        let replay = or_component_failure(|| Replay::start(rs, &game))?;
        Ok(Arbiter {
            rs,
            replay,
            saved: Vec::new(),
        })
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &'r (dyn Ruleset + 'r) {
        self.rs
    }

    /// The game so far.
    pub fn history(&self) -> &crate::rules::GameHistory {
        &self.replay.history
    }

    /// Plays `text` (ICCS, WXF or Chinese). A move after the game has ended, an illegal move,
    /// or a component that fails on it, is an error and changes nothing.
    pub fn play(&mut self, text: &str) -> Result<Move, JudgeError> {
        let ply = self.replay.history.ply_count() + 1;
        if let Some(end) = &self.replay.end {
            return Err(JudgeError::IllegalMove {
                ply,
                text: text.to_owned(),
                reason: format!("the game is over: {}", end.explanation),
            });
        }
        let m = crate::notation::parse_move(self.replay.history.last(), text).map_err(|e| {
            JudgeError::IllegalMove {
                ply,
                text: text.to_owned(),
                reason: e.to_string(),
            }
        })?;
        take_component_failure();
        self.push(m);
        if let Some(failure) = take_component_failure() {
            self.undo();
            return Err(failure);
        }
        Ok(m)
    }

    /// Takes back the last move, if there is one.
    pub fn undo(&mut self) -> Option<Move> {
        let saved = self.saved.pop()?;
        let m = self.replay.history.pop();
        self.restore(saved);
        m
    }

    /// The status now.
    pub fn status(&self) -> Status {
        match &self.replay.end {
            Some(end) => Status::Decided { end: end.clone() },
            None => Status::Ongoing {
                to_move: self.replay.history.last().turn(),
                plies: self.replay.history.ply_count(),
                obligation: self.replay.obligation.clone(),
            },
        }
    }

    /// The claims that would succeed now, each by the side that may make it now (a win by the
    /// winner when it is to move, a draw by whoever is to move: 1999 §8.5, 2011 §16.3).
    pub fn claims(&self) -> Vec<Claim> {
        if self.replay.end.is_some() {
            return Vec::new();
        }
        self.replay
            .ready()
            .map(|(end, found)| Claim::of(end, found.as_ref()))
            .collect()
    }

    /// A claim of `kind` by `by` now, answered as [`Ruleset::claim`] answers it on a record; a
    /// claim that is heard and decides the game ends it here.
    pub fn claim(&mut self, by: Color, kind: ClaimKind) -> Result<ClaimAnswer, JudgeError> {
        let obligation = self.replay.obligation.clone();
        take_component_failure();
        let a = answer(self.rs, &mut self.replay, by, kind);
        // Answering reads the open order; the game keeps it unless the claim decides.
        self.replay.obligation = obligation;
        if let Some(failure) = take_component_failure() {
            return Err(failure);
        }
        if let ClaimAnswer::Decided { end, .. } = &a {
            // Taking back the last move takes back the claim with it.
            self.replay.end = Some(end.clone());
        }
        Ok(a)
    }

    /// The legal moves of the side to move that would complete a repetition it is forbidden
    /// to complete now, with the ruling each would bring: a loss the opponent could claim at
    /// once, or an order to change. Each move is played and taken back; the game is unchanged.
    pub fn forbidden(&mut self) -> Result<Vec<Forbidden>, JudgeError> {
        or_component_failure(|| Ok(self.find_forbidden()))
    }

    fn find_forbidden(&mut self) -> Vec<Forbidden> {
        if self.replay.end.is_some() {
            return Vec::new();
        }
        let mover = self.replay.history.last().turn();
        let before = self.save();
        let had_order = matches!(
            &self.replay.obligation,
            Some(RepetitionRuling::Pending { must_change, .. }) if *must_change == mover
        );
        let mut out = Vec::new();
        for &m in self.replay.history.last().legal_moves().iter() {
            self.replay.advance(m);
            let lost =
                self.replay.claimable.iter().find(|(end, found)| {
                    found.is_some() && end.result == GameResult::win_for(!mover)
                });
            if let Some((end, found)) = lost {
                out.push(Forbidden {
                    mv: m,
                    consequence: ForbiddenConsequence::Loses,
                    rule: end.rule.clone(),
                    explanation: end.explanation.clone(),
                    loop_found: found.clone(),
                });
            } else if let Some(RepetitionRuling::Pending {
                must_change,
                rule,
                found,
                ..
            }) = &self.replay.obligation
            {
                // An order to change, new with this move or kept by it: the move goes round a
                // loop the mover may not keep to (it loses if it goes on: 1999 §24.3, AXF rule 3).
                let ply = self.replay.history.ply_count();
                let repeats = self.replay.history.previous_occurrence(ply).is_some();
                if *must_change == mover && repeats {
                    let what = if had_order {
                        format!(
                            "{m} goes on round the loop {mover} was told to change under {rule}"
                        )
                    } else {
                        format!("{m} completes a repetition after which {mover} must change its moves under {rule}")
                    };
                    out.push(Forbidden {
                        mv: m,
                        consequence: ForbiddenConsequence::MustChange,
                        rule: rule.clone(),
                        explanation: what,
                        loop_found: Some(found.clone()),
                    });
                }
            }
            self.replay.history.pop();
            self.restore(before.clone());
        }
        out
    }

    fn save(&self) -> Saved {
        Saved {
            end: self.replay.end.clone(),
            obligation: self.replay.obligation.clone(),
            met: self.replay.met.clone(),
            claimable: self.replay.claimable.clone(),
            claims: self.replay.claims.clone(),
        }
    }

    fn restore(&mut self, s: Saved) {
        self.replay.end = s.end;
        self.replay.obligation = s.obligation;
        self.replay.met = s.met;
        self.replay.claimable = s.claimable;
        self.replay.claims = s.claims;
    }

    fn push(&mut self, m: Move) {
        self.saved.push(self.save());
        self.replay.advance(m);
    }
}
