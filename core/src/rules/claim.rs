//! Claims (要求裁决): a repetition or the natural move limit ends a game only when a player
//! asks the arbiter for a ruling.
//!
//! - CXA 1999 §24 "在对局中出现双方着法循环反复三次，一方棋手要求裁决，称为待判局面"; 2011 §23.1 the same,
//!   §23.3 "双方重复局面不足三次，裁判不予受理" (a claim before the count is not heard).
//! - The natural limit: 1999 §23.3, 2011 §22.2 "一方提出'自然限着'…的和棋要求，裁判经停钟审核属实，
//!   即应判和" (a false claim is a foul: 1999 five minutes added to the claimant's clock, 2011
//!   five minutes taken off it).
//! - Draws: 1999 §23.2 "循环反复局面达三次后仍在延续，即使双方都没有提和，裁判有权判和" — the
//!   arbiter *may* declare a repetition draw; nobody has to.
//!
//! # The reading
//!
//! A record is judged **as played** ([`ClaimPolicy::AsPlayed`]): a ruling that a player could
//! have claimed, where the record then goes on, was not claimed. It is reported as a [`Claim`]
//! and judging goes on. The verdict is what the record's end gives: the ruling a claim gets at
//! its last position (the loop it ends in), an open obligation to change, or its stated result.
//! [`ClaimPolicy::First`] judges "what if they had claimed": the first successful claim ends
//! the game.
//!
//! An order to change (变着, 1999 §24.3 "犯禁方必须立即变着", 2011 §23.5.2) is taken as given
//! when the pending position arises: it ends nothing, so it is no claim; the loss it leads to
//! is one, from the ply at which the offender has repeated the loop
//! (1999 §24.3 "若再重复一次循环，即判负", 2011 §23.5.2.2). Checkmate, stalemate, facing kings,
//! a captured king and illegal moves end a game as they happen and are never claims.
//!
//! A player raises a question in its own time (1999 §8.5 "对局进行中如有问题，应在自己走棋的时间内
//! 提出", 2011 §16.3): a win is claimed after the opponent's move, when the winner is to move; a
//! draw by whichever side is to move (or declared by the arbiter). A loss the offender incurs by
//! its own move is claimable after its next move, if the loop is still going on then.
//!
//! One claim is listed per stretch of plies in which the same ruling could be claimed: `ply`,
//! the first ply after which it would have succeeded, and `until_ply`, the last (a win is
//! claimable every other ply, when its claimant is to move; those plies are one stretch).

use super::{GameEnd, GameResult, LoopReport, RepetitionRuling, RuleRef, Termination};
use crate::Color;

/// How a record is judged: as played, or ended by the first successful claim.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum ClaimPolicy {
    /// The record as played: claims nobody made are reported, judging goes on to the record's
    /// end (the default).
    #[default]
    AsPlayed,
    /// The first successful claim ends the game ("what if they had claimed").
    First,
}

/// Who would make a claim.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Claimant {
    /// Red (the ruling is a Red win).
    Red,
    /// Black (the ruling is a Black win).
    Black,
    /// Either player, or the arbiter (a draw: 1999 §23.2).
    Either,
}

impl Claimant {
    /// The side a claim with `result` benefits; either for a draw.
    pub fn for_result(result: GameResult) -> Claimant {
        match result.winner() {
            Some(Color::Red) => Claimant::Red,
            Some(Color::Black) => Claimant::Black,
            None => Claimant::Either,
        }
    }

    /// Whether this claimant may claim when `turn` is to move: a side in its own time, either
    /// side at any time.
    pub fn may_claim(self, turn: Color) -> bool {
        match self {
            Claimant::Red => turn == Color::Red,
            Claimant::Black => turn == Color::Black,
            Claimant::Either => true,
        }
    }

    /// `red`, `black` or `either`.
    pub const fn name(self) -> &'static str {
        match self {
            Claimant::Red => "red",
            Claimant::Black => "black",
            Claimant::Either => "either",
        }
    }
}

impl std::fmt::Display for Claimant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A point of a record where a claim would have succeeded.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Claim {
    /// The first ply after which the claim would have succeeded.
    pub ply: u32,
    /// The last ply after which it still would have (the loop went on, the move count stayed
    /// reached); equal to `ply` when it lasted one ply.
    pub until_ply: u32,
    /// Who would claim.
    pub claimant: Claimant,
    /// The result the claim gets.
    pub result: GameResult,
    /// Why the game would end.
    pub termination: Termination,
    /// The article.
    pub rule: RuleRef,
    /// The side that broke a rule, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offender: Option<Color>,
    /// Why, in words (at the first ply).
    pub explanation: String,
    /// The loop the ruling rests on (none for the natural limit).
    #[serde(default, rename = "loop", skip_serializing_if = "Option::is_none")]
    pub loop_found: Option<LoopReport>,
}

impl Claim {
    /// The claim a game end (a repetition ruling, the natural limit) gets at its ply.
    pub fn of(end: &GameEnd, loop_found: Option<&LoopReport>) -> Claim {
        Claim {
            ply: end.ply,
            until_ply: end.ply,
            claimant: Claimant::for_result(end.result),
            result: end.result,
            termination: end.termination.clone(),
            rule: end.rule.clone(),
            offender: end.offender,
            explanation: end.explanation.clone(),
            loop_found: loop_found.cloned(),
        }
    }

    /// Whether `other` is the same ruling (claimant, result, termination, article).
    fn same_ruling(&self, other: &Claim) -> bool {
        self.claimant == other.claimant
            && self.result == other.result
            && self.termination == other.termination
            && self.rule == other.rule
    }
}

/// The claims of a record in order, one per stretch of plies with the same ruling.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Claims(Vec<Claim>);

impl Claims {
    /// Adds a claim available after ply `claim.ply`: it extends the one with the same ruling
    /// that held up to the claimant's previous turn.
    pub fn add(&mut self, claim: Claim) {
        // A side's claim comes every other ply (its own time); a draw every ply.
        let step = if claim.claimant == Claimant::Either {
            1
        } else {
            2
        };
        let held = self.0.iter_mut().rev().find(|c| {
            c.same_ruling(&claim) && (c.until_ply..=c.until_ply + step).contains(&claim.ply)
        });
        match held {
            Some(c) => c.until_ply = claim.ply,
            None => self.0.push(claim),
        }
    }

    /// The claims, in order.
    pub fn into_vec(self) -> Vec<Claim> {
        self.0
    }

    /// The claims, in order.
    pub fn as_slice(&self) -> &[Claim] {
        &self.0
    }
}

/// What a live claim asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    /// A ruling on the repetition (待判局面): 1999 §24, 2011 §23.
    Repetition,
    /// A draw by the natural move limit (自然限着): 1999 §4.2.4, §23.3; 2011 §4.2.4, §22.2.
    NaturalLimit,
}

/// A claim made during a game: after ply `ply` (0: before any move), `by` asks for a ruling.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ClaimRequest {
    /// The ply after which the claim is made.
    pub ply: u32,
    /// The side claiming.
    pub by: Color,
    /// What it claims.
    pub kind: ClaimKind,
}

/// The arbiter's answer to a claim.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "answer")]
pub enum ClaimAnswer {
    /// The claim is heard and ends the game (the ruling may go against the claimant).
    Decided {
        /// The end.
        end: GameEnd,
        /// The loop it rests on (none for the natural limit).
        #[serde(rename = "loop", default, skip_serializing_if = "Option::is_none")]
        loop_found: Option<LoopReport>,
    },
    /// The claim is heard and the game goes on under an order: a side must change (1999 §24.3,
    /// 2011 §23.5.2), or a draw is declared only if neither side changes within two rounds
    /// (2011 §23.5.2.1).
    Ordered {
        /// The ruling: [`RepetitionRuling::Pending`] or [`RepetitionRuling::DrawPending`].
        ruling: RepetitionRuling,
        /// The order in words.
        explanation: String,
    },
    /// The claim is not heard.
    Refused {
        /// The article it is refused under, when one says so.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<RuleRef>,
        /// Why.
        explanation: String,
    },
    /// The game had already ended by itself (checkmate, stalemate, facing kings, a captured
    /// king, an illegal move ruled on): there is nothing to claim.
    GameOver {
        /// How it ended.
        end: GameEnd,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim(ply: u32, result: GameResult, article: &str) -> Claim {
        Claim {
            ply,
            until_ply: ply,
            claimant: Claimant::for_result(result),
            result,
            termination: Termination::RepetitionDraw,
            rule: RuleRef::new("cxa-1999", article),
            offender: None,
            explanation: String::new(),
            loop_found: None,
        }
    }

    /// A ruling claimable on consecutive plies is one claim; a lapse or another ruling starts a
    /// new one.
    #[test]
    fn a_claim_lasts_while_the_same_ruling_can_be_claimed() {
        let mut c = Claims::default();
        for ply in 8..=11 {
            c.add(claim(ply, GameResult::Draw, "§26.2"));
        }
        c.add(claim(14, GameResult::Draw, "§26.2"));
        c.add(claim(15, GameResult::BlackWins, "§24.3"));
        let v = c.into_vec();
        assert_eq!(
            v.iter()
                .map(|c| (c.ply, c.until_ply, c.claimant))
                .collect::<Vec<_>>(),
            vec![
                (8, 11, Claimant::Either),
                (14, 14, Claimant::Either),
                (15, 15, Claimant::Black)
            ]
        );
    }
}
