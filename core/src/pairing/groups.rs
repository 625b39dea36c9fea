//! Score groups from the top down (2011 附录二 一.4, 一.5, 二.3 (4)–(5)).
//!
//! - 一.4 "每轮由最高分按积分段逐段向下编排。即首先同分者编对，次之近分者编对（尽可能避免跨越
//!   积分段），直至全部排通为止。"
//! - 一.5 "如参赛运动员（队）逢单数……轮空者成绩均以胜局计算，轮空的人（队）应是最低分段。"
//!
//! # The reading
//!
//! A group is every player on one score plus the floaters from the group above. With an odd
//! field a phantom opponent (the bye) joins the lowest group and is chosen last (see `forms`).
//! It may only meet players of the lowest score who had no bye; when the round cannot be
//! paired so, a second bye in the lowest score, then a bye above the lowest score is allowed
//! (the text says only that the bye belongs to the lowest group; no second bye is the common
//! practice, not a rule of the appendix). Each group pairs with the fewest
//! floaters it can leave while every group below can still be paired without rematches (the
//! look ahead of 拆对, "在低分遇困难号，应向上临近拆对"); when no pairing of a group leaves
//! the rest pairable, more of it floats, up to the whole group (its players are then paired in
//! the group below, before that group's own players).
//!
//! Not checked: events so small or so long that no pairing without a rematch exists; that
//! round is refused ([`PairingErrorKind::NoPairing`](super::PairingErrorKind::NoPairing)).

use std::collections::HashMap;

use super::forms::{pair_group, ColourWish, Pass, Solved, PASSES};
use super::matching::{can_pair_all, Set};
use super::pick_order::Entry;
use crate::standings::Score;

/// Everything the search knows about the players of a round.
#[derive(Clone, Debug)]
pub(crate) struct Field {
    pub entries: Vec<Entry>,
    /// Opponents met; the phantom has "met" the players who had a bye.
    pub met: Vec<Set>,
    pub downs: Vec<u32>,
    pub ups: Vec<u32>,
    /// Alone on his score: his float this round is not counted (一.9).
    pub alone: Vec<bool>,
    /// The bye's phantom player, with an odd field.
    pub phantom: Option<usize>,
    pub round: u32,
    /// The last round of an event with an odd number of rounds (一.11 (4)).
    pub final_round: bool,
}

impl Field {
    pub fn can_meet(&self, a: usize, b: usize) -> bool {
        !self.met[a].contains(b)
    }

    fn pairable(&self, players: Set) -> bool {
        let mut budget = 2_000_000;
        can_pair_all(players, &|a, b| self.can_meet(a, b), &mut budget) == Some(true)
    }
}

/// One score group as paired.
#[derive(Clone, Debug)]
pub(crate) struct PairedGroup {
    /// The score of the group's own players.
    pub score: Score,
    /// Floaters from above, then the group's players.
    pub members: Vec<usize>,
    pub incoming: Vec<usize>,
    pub solved: Solved,
    pub pass: Pass,
}

/// Why a round could not be paired.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Stuck {
    /// No pairing of the whole field avoids a rematch.
    NoPairing,
    /// The search gave up.
    Exhausted,
}

/// Pairs the whole field, group by group from the top.
pub(crate) fn pair_field(field: &Field) -> Result<Vec<PairedGroup>, Stuck> {
    let everyone: Set = (0..field.entries.len()).collect();
    if !field.pairable(everyone) {
        return Err(Stuck::NoPairing);
    }
    let real: Vec<usize> = (0..field.entries.len())
        .filter(|&p| Some(p) != field.phantom)
        .collect();
    let mut scores: Vec<Score> = real.iter().map(|&p| field.entries[p].score).collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores.dedup();
    let mut groups: Vec<(Score, Vec<usize>)> = scores
        .iter()
        .map(|&s| {
            (
                s,
                real.iter()
                    .copied()
                    .filter(|&p| field.entries[p].score == s)
                    .collect(),
            )
        })
        .collect();
    if let (Some(x), Some(last)) = (field.phantom, groups.last_mut()) {
        last.1.push(x);
    }
    let mut out = Vec::new();
    let mut carry: Vec<usize> = Vec::new();
    for gi in 0..groups.len() {
        let (score, own) = &groups[gi];
        let mut members = carry.clone();
        members.extend(own);
        let rest: Set = groups[gi + 1..]
            .iter()
            .flat_map(|g| g.1.iter().copied())
            .collect();
        let last = gi + 1 == groups.len();
        let mut seen: HashMap<Set, bool> = HashMap::new();
        let mut accept = |floaters: Set| {
            if last {
                return floaters.is_empty();
            }
            *seen.entry(floaters).or_insert_with(|| {
                let mut all = rest;
                for p in floaters.iter() {
                    all.insert(p);
                }
                field.pairable(all)
            })
        };
        let mut found = None;
        'wanted: for k in (members.len() % 2..=members.len()).step_by(2) {
            if last && k > 0 {
                break;
            }
            for pass in PASSES {
                if pass.colours == ColourWish::Balanced && !field.final_round {
                    continue;
                }
                let mut budget = if pass == PASSES[PASSES.len() - 1] {
                    5_000_000
                } else {
                    200_000
                };
                if let Some(s) =
                    pair_group(field, *score, &members, k, pass, &mut accept, &mut budget)
                {
                    found = Some((s, pass));
                    break 'wanted;
                }
            }
        }
        let (solved, pass) = found.ok_or(Stuck::Exhausted)?;
        carry = solved.floaters.clone();
        out.push(PairedGroup {
            score: *score,
            incoming: members[..members.len() - own.len()].to_vec(),
            members,
            solved,
            pass,
        });
    }
    Ok(out)
}
