//! A round from the cards (2011 附录二 二.1–二.4): round 1 from the table of the draw, later
//! rounds from the score groups, with the bye's phantom opponent (一.5) and the colours of each
//! pair. The readings are in the modules this one calls.

use super::colours::{allocate, Side};
use super::forms::ColourWish;
use super::groups::{pair_field, Field, Stuck};
use super::numbers::numbers;
use super::pick_order::Entry;
use super::{
    record, Board, Card, ColourRule, ColourState, Form, GroupReport, PairedRound, PairingError,
    PairingErrorKind, PairingRequest, Set, Source,
};
use crate::standings::{ResultRow, Score};
/// Pairs the round of `req` after `rows` (the results, or a team event's matches).
pub(crate) fn pair_rows(
    req: &PairingRequest<'_>,
    rows: &[ResultRow],
) -> Result<PairedRound, PairingError> {
    let n = req.entrants.len();
    let whole = |kind| PairingError {
        file: Source::Players,
        line: 1,
        kind,
    };
    if n < 2 {
        return Err(whole(PairingErrorKind::TooFew(n)));
    }
    if n >= Set::CAPACITY {
        return Err(whole(PairingErrorKind::TooMany(n)));
    }
    let names: Vec<String> = req.entrants.iter().map(|e| e.name.clone()).collect();
    let cards = record::cards(&names, rows, req.round, &req.points)?;
    let numbers = numbers(req, rows)?;
    if req.round == 1 {
        return Ok(first_round(req, numbers, cards));
    }
    let mut entries: Vec<Entry> = (0..n)
        .map(|i| Entry {
            score: cards[i].score,
            state: cards[i].colour_state(),
            number: numbers[i],
        })
        .collect();
    let mut met: Vec<Set> = cards
        .iter()
        .map(|c| c.opponents.iter().copied().collect())
        .collect();
    if req.avoid_teammates {
        for (p, a) in req.entrants.iter().enumerate() {
            for (q, b) in req.entrants.iter().enumerate() {
                if p != q && a.team.is_some() && a.team == b.team {
                    met[p].insert(q);
                }
            }
        }
    }
    let phantom = (n % 2 == 1).then_some(n);
    if phantom.is_some() {
        entries.push(Entry {
            score: Score::integer(-1),
            state: ColourState::default(),
            number: n as u32 + 1,
        });
        met.push(Set::EMPTY);
    }
    let mut field = Field {
        entries,
        met,
        downs: cards.iter().map(|c| c.downs).chain([0]).collect(),
        ups: cards.iter().map(|c| c.ups).chain([0]).collect(),
        alone: (0..=n)
            .map(|p| p < n && cards.iter().filter(|c| c.score == cards[p].score).count() == 1)
            .collect(),
        phantom,
        round: req.round,
        final_round: req.rounds == Some(req.round) && req.round % 2 == 1,
    };
    let stuck = |s: Stuck| {
        whole(match s {
            Stuck::NoPairing => PairingErrorKind::NoPairing(req.round),
            Stuck::Exhausted => PairingErrorKind::Exhausted(req.round),
        })
    };
    let groups = match phantom {
        None => pair_field(&field).map_err(stuck)?,
        Some(x) => {
            // 一.5: the bye to the lowest score, a player without a bye first; then (not in the
            // text) a second bye in the lowest score; then anyone without a bye; then anyone.
            let lowest = cards.iter().map(|c| c.score).min().unwrap_or(Score::ZERO);
            let mut outcome = Err(Stuck::NoPairing);
            for (lowest_only, first_bye) in
                [(true, true), (true, false), (false, true), (false, false)]
            {
                let barred: Set = (0..n)
                    .filter(|&p| {
                        (lowest_only && cards[p].score != lowest)
                            || (first_bye && cards[p].byes > 0)
                    })
                    .collect();
                for p in 0..n {
                    if barred.contains(p) {
                        field.met[p].insert(x);
                    } else {
                        field.met[p].remove(x);
                    }
                }
                field.met[x] = barred;
                outcome = pair_field(&field);
                if !matches!(outcome, Err(Stuck::NoPairing)) {
                    break;
                }
            }
            outcome.map_err(stuck)?
        }
    };
    let mut boards = Vec::new();
    let mut bye = None;
    let mut reports = Vec::new();
    for (gi, g) in groups.iter().enumerate() {
        for m in &g.solved.pairs {
            if Some(m.partner) == phantom || Some(m.picker) == phantom {
                let player = if Some(m.partner) == phantom {
                    m.picker
                } else {
                    m.partner
                };
                bye = Some(Board {
                    board: 0,
                    red: player,
                    black: None,
                    group: gi,
                    picker: Some(m.picker),
                    pick_rule: Some(m.rule),
                    form: Some(Form::Bye),
                    colour_rule: None,
                });
                continue;
            }
            let side = |p: usize| Side {
                state: field.entries[p].state,
                number: field.entries[p].number,
            };
            let (picker_red, rule) = allocate(
                side(m.picker),
                side(m.partner),
                req.round,
                field.final_round,
            );
            let (red, black) = if picker_red {
                (m.picker, m.partner)
            } else {
                (m.partner, m.picker)
            };
            boards.push(Board {
                board: 0,
                red,
                black: Some(black),
                group: gi,
                picker: Some(m.picker),
                pick_rule: Some(m.rule),
                form: Some(m.form),
                colour_rule: Some(rule),
            });
        }
        let mut relaxed = Vec::new();
        match g.pass.colours {
            ColourWish::Balanced => {}
            ColourWish::NoThree if !field.final_round => {}
            ColourWish::NoThree => relaxed.push("colours at most one apart (一.11 (4))"),
            ColourWish::Any => relaxed.push("no three up or in a row (一.11 (3))"),
        }
        if g.pass.float_limit > 1 && !g.solved.floaters.is_empty() {
            relaxed.push("only residents who never floated down float (一.9, 一.4)");
        }
        if g.pass.float_limit > 2 {
            relaxed.push("at most two floats (一.9)");
        }
        reports.push(GroupReport {
            score: g.score,
            members: g
                .members
                .iter()
                .copied()
                .filter(|&p| Some(p) != phantom)
                .collect(),
            incoming: g.incoming.clone(),
            floated_down: g.solved.floaters.clone(),
            rebuilt: g.solved.rebuilt,
            relaxed,
        });
    }
    boards.extend(bye);
    for (i, b) in boards.iter_mut().enumerate() {
        b.board = i as u32 + 1;
    }
    Ok(PairedRound {
        round: req.round,
        numbers,
        cards,
        boards,
        groups: reports,
    })
}

/// Round 1 from the table of the method.
fn first_round(req: &PairingRequest<'_>, numbers: Vec<u32>, cards: Vec<Card>) -> PairedRound {
    let n = numbers.len();
    let mut by_number = vec![0; n + 1];
    for (i, &k) in numbers.iter().enumerate() {
        by_number[k as usize] = i;
    }
    let (games, bye) = req.first_round.table(n as u32);
    let mut boards: Vec<Board> = games
        .iter()
        .map(|&(r, b)| (by_number[r as usize], Some(by_number[b as usize])))
        .chain(bye.map(|x| (by_number[x as usize], None)))
        .enumerate()
        .map(|(i, (red, black))| Board {
            board: i as u32 + 1,
            red,
            black,
            group: 0,
            picker: None,
            pick_rule: None,
            form: black.is_none().then_some(Form::Bye),
            colour_rule: black.is_some().then_some(ColourRule::FirstRound),
        })
        .collect();
    boards.sort_by_key(|b| b.board);
    PairedRound {
        round: 1,
        numbers,
        cards,
        boards,
        groups: vec![GroupReport {
            score: Score::ZERO,
            members: (0..n).collect(),
            incoming: Vec::new(),
            floated_down: Vec::new(),
            rebuilt: false,
            relaxed: Vec::new(),
        }],
    }
}
