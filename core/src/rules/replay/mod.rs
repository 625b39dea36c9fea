//! A game replayed under a ruleset's components one ply at a time, and what is made of it:
//! the verdict on a record ([`verdict_with_components`], the default [`Ruleset::judge`]) and
//! the answer to a claim made during the game ([`claim_with_components`], the default
//! [`Ruleset::claim`]).
//!
//! After each ply the replay knows whether the game has ended by itself (checkmate, stalemate,
//! facing kings, a captured king, an illegal move ruled on), which rulings a claim would get
//! now (a repetition ruling, the natural limit: see [`Claim`]), the obligation to change (or
//! pending draw) still open, and every claim available so far.
//!
//! Cost: one legality check and one game-end test per ply, a hash comparison per ply for
//! repetitions (bounded by the last capture), and the repetition judge only when a position
//! repeats or an obligation is open.

mod arbiter;
mod live_claim;
mod start;
mod verdict;

pub use arbiter::{Arbiter, Forbidden, ForbiddenConsequence, Status};
pub use live_claim::claim_with_components;
pub use verdict::verdict_with_components;

use super::{
    Claim, Claimant, Claims, GameEnd, GameHistory, GameInput, GameResult, IllegalMovePolicy,
    IllegalMoveRuling, JudgeError, LoopReport, RepetitionRuling, RuleRef, Ruleset, Termination,
};
use crate::notation::{self, NotationError};
use crate::Color;

/// A foul that stops a record: an illegal move the edition wants replaced (2011 §4.1.8).
#[derive(Clone, Debug)]
pub(crate) struct Foul {
    pub(crate) ply: u32,
    pub(crate) rule: RuleRef,
    pub(crate) explanation: String,
}

/// A game under replay.
pub(crate) struct Replay<'r, R: Ruleset + ?Sized> {
    rs: &'r R,
    pub(crate) history: GameHistory,
    /// The end the game came to by itself, if any.
    pub(crate) end: Option<GameEnd>,
    /// A foul that stops the record.
    pub(crate) foul: Option<Foul>,
    /// The obligation to change (or pending draw) still open.
    pub(crate) obligation: Option<RepetitionRuling>,
    /// The last obligation that was met, in words (for an undecided verdict).
    pub(crate) met: Option<String>,
    /// What a claim after the last ply would get, whoever may make it: the natural limit first,
    /// then a repetition ruling (the order the game-end test and the repetition judge are asked
    /// in). [`Replay::ready`] keeps those the side to move may claim.
    pub(crate) claimable: Vec<(GameEnd, Option<LoopReport>)>,
    /// Every claim available so far.
    pub(crate) claims: Claims,
    /// The record's next move, read in the last position already (to spare the game-end test
    /// its search for a move): the next [`Replay::play`] uses it instead of reading it again.
    read_ahead: Option<crate::Move>,
}

impl<'r, R: Ruleset + ?Sized> Replay<'r, R> {
    /// The game's start position under `rs`, checked: a Jieqi game (hidden pieces, a Jieqi
    /// `Variant` tag, or a `Deal` or `DealSeed` tag) under an edition of standard Xiangqi is
    /// refused.
    pub(crate) fn start(rs: &'r R, game: &GameInput) -> Result<Replay<'r, R>, JudgeError> {
        let legality = rs.legality();
        let rules = legality.move_rules();
        let start = match &game.fen {
            Some(fen) => start::position_from_fen(fen, rules).map_err(|e| JudgeError::BadFen {
                fen: fen.clone(),
                reason: e.to_string(),
            })?,
            None => legality.start_position(),
        };
        if !legality.plays_hidden_pieces() {
            let hidden = Color::ALL
                .into_iter()
                .any(|c| !start.board().hidden(c).is_empty())
                || !start.pool().is_empty();
            // A Jieqi record may say so only by its tags: the variant, or a deal (jieqi crate).
            // (Every tag the replay reads is named in `REPLAY_TAGS`.)
            let tagged = game.tags.get("Variant").is_some_and(|v| {
                let v = v.to_lowercase();
                v.contains("jieqi") || v.contains("揭棋")
            }) || ["Deal", "DealSeed"]
                .iter()
                .any(|t| game.tags.contains_key(*t));
            if hidden || tagged {
                return Err(JudgeError::Unsupported {
                    ruleset: rs.meta().id.clone(),
                    reason: "the game is Jieqi (揭棋: hidden pieces); this ruleset plays standard Xiangqi only".to_owned(),
                });
            }
        }
        let mut replay = Replay {
            rs,
            history: GameHistory::with_capacity(start, game.moves.len()),
            end: None,
            foul: None,
            obligation: None,
            met: None,
            claimable: Vec::new(),
            claims: Claims::default(),
            read_ahead: None,
        };
        replay.look_at_ends();
        replay.record_claims();
        Ok(replay)
    }

    /// Whether the record cannot be followed further (an end by itself or a foul).
    pub(crate) fn is_over(&self) -> bool {
        self.end.is_some() || self.foul.is_some()
    }

    /// Plays the next move of the record, written `text`, and looks at what it brings; `next`
    /// is the move after it in the record, if any (a legal one proves that the side to move
    /// then has a move). An illegal move is an error or the edition's ruling, as `illegal`
    /// says.
    pub(crate) fn play(
        &mut self,
        text: &str,
        next: Option<&str>,
        illegal: IllegalMovePolicy,
    ) -> Result<(), JudgeError> {
        let ply = self.history.ply_count() + 1;
        let pos = self.history.last();
        // Read already in this position by the previous call, from the same text.
        let read = match self.read_ahead.take() {
            Some(m) => Ok(m),
            None => notation::parse_move(pos, text),
        };
        let m = match read {
            Ok(m) => m,
            // A reveal or captured identity that cannot be is a wrong record (Jieqi).
            Err(NotationError::Illegal { reason, .. }) if reason.concerns_identity() => {
                return Err(JudgeError::IllegalMove {
                    ply,
                    text: text.to_owned(),
                    reason: reason.to_string(),
                })
            }
            Err(NotationError::Illegal { reason, .. }) => {
                if illegal == IllegalMovePolicy::Reject {
                    return Err(JudgeError::IllegalMove {
                        ply,
                        text: text.to_owned(),
                        reason: reason.to_string(),
                    });
                }
                let mover = pos.turn();
                self.claimable.clear();
                match self
                    .rs
                    .legality()
                    .illegal_move_ruling(&self.history, &reason)
                {
                    IllegalMoveRuling::Loss { rule } => {
                        self.end = Some(GameEnd {
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
                        self.foul = Some(Foul {
                            ply,
                            rule,
                            explanation: format!(
                                "{mover} played the illegal move {text} ({reason}): a foul; the move must be replaced, so the record cannot be followed further"
                            ),
                        });
                    }
                }
                return Ok(());
            }
            Err(e) => {
                return Err(JudgeError::BadMove {
                    ply,
                    text: text.to_owned(),
                    reason: e.to_string(),
                })
            }
        };
        self.history.push_unchecked(m);
        if let Some(Ok(n)) = next.map(|t| notation::parse_move(self.history.last(), t)) {
            self.history.know_legal_move(n);
            self.read_ahead = Some(n);
        }
        self.look_after_move();
        Ok(())
    }

    /// Plays the legal move `m` and looks at what it brings.
    pub(crate) fn advance(&mut self, m: crate::Move) {
        self.read_ahead = None;
        self.history.push_unchecked(m);
        self.look_after_move();
    }

    /// What the last move brings: an end, a repetition ruling, claims.
    fn look_after_move(&mut self) {
        self.look_at_ends();
        if self.end.is_none() {
            self.look_at_repetition();
        }
        self.record_claims();
    }

    /// The rulings a claim made now would get, among those its claimant may make now: a player
    /// raises a question in its own time (1999 §8.5 "应在自己走棋的时间内提出", 2011 §16.3), so a
    /// win is claimed when the winner is to move, a draw by whoever is.
    pub(crate) fn ready(&self) -> impl Iterator<Item = &(GameEnd, Option<LoopReport>)> + '_ {
        let turn = self.history.last().turn();
        self.claimable
            .iter()
            .filter(move |(end, _)| Claimant::for_result(end.result).may_claim(turn))
    }

    /// Adds what a claim would get now, and may be made now, to the claims.
    fn record_claims(&mut self) {
        let ready: Vec<Claim> = self
            .ready()
            .map(|(end, found)| Claim::of(end, found.as_ref()))
            .collect();
        for c in ready {
            self.claims.add(c);
        }
    }

    /// The game-end test after the last ply: an end by itself stops the game, the natural
    /// limit is only claimable.
    fn look_at_ends(&mut self) {
        self.claimable.clear();
        match self.rs.scoring().game_end(&self.history) {
            Some(e) if is_claimed(&e) => self.claimable.push((e, None)),
            Some(e) => self.end = Some(e),
            None => {}
        }
    }

    /// The repetition judge after the last ply, when a position repeats or an obligation is
    /// open.
    fn look_at_repetition(&mut self) {
        let open = self.obligation.is_some();
        if !open && !self.rs.repetition().watches(&self.history) {
            return;
        }
        match self
            .rs
            .repetition()
            .rule(&self.history, self.obligation.as_ref())
        {
            // A claim would get this; the obligation, if any, stays as it was.
            Some(RepetitionRuling::Decided { end, found }) => {
                self.claimable.push((end, Some(found)));
            }
            Some(r) => self.obligation = Some(r),
            None if open => {
                // The side obliged to change did, or a pending draw was averted.
                let now = self.history.ply_count();
                self.met = match self.obligation.take() {
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
                        self.history.position(now - 1).turn()
                    )),
                    _ => self.met.take(),
                };
            }
            None => {}
        }
    }
}

/// Whether a game end needs a claim: the natural limit (1999 §23.3, 2011 §22.2). Repetition
/// rulings always do; every other end happens by itself.
pub(crate) fn is_claimed(end: &GameEnd) -> bool {
    end.termination == Termination::NaturalLimit
}
