//! The numbers (序号) of 二.1: given in the list, drawn for round 1, or read back from round 1
//! of the results for the later rounds (二.2 orders cards by number).
//!
//! # The reading
//!
//! The results do not record numbers. The game rows of round 1, in file order, are read as the
//! boards of the first-round table of the method, the bye row as its bye; a player absent from
//! round 1 takes the smallest number left, in list order. A `number` column in the list
//! overrides this (for a draw made by hand), and must then be filled for every player.

use super::{draw_numbers, DrawEntry, PairingError, PairingErrorKind, PairingRequest, Source};
use crate::standings::{ResultRow, RowResult};
/// The entrants' numbers: given in the list, drawn (round 1), or read back from round 1 of the
/// results (game rows in file order are the boards of the first-round table; a player absent
/// from round 1 takes the smallest number left, in list order).
pub(crate) fn numbers(
    req: &PairingRequest<'_>,
    rows: &[ResultRow],
) -> Result<Vec<u32>, PairingError> {
    let n = req.entrants.len();
    if req.entrants.iter().all(|e| e.number.is_some()) {
        let mut used = vec![false; n + 1];
        let mut out = Vec::new();
        for e in req.entrants {
            let k = e.number.unwrap_or(0);
            if k as usize > n || used[k as usize] {
                return Err(PairingError {
                    file: Source::Players,
                    line: e.line,
                    kind: PairingErrorKind::BadNumber(k),
                });
            }
            used[k as usize] = true;
            out.push(k);
        }
        return Ok(out);
    }
    if let Some(e) = req.entrants.iter().find(|e| e.number.is_none()) {
        if req.entrants.iter().any(|e| e.number.is_some()) {
            return Err(PairingError {
                file: Source::Players,
                line: e.line,
                kind: PairingErrorKind::BadField(format!(
                    "{:?} has no number: give a number to every player or to none",
                    e.name
                )),
            });
        }
    }
    if req.round == 1 {
        let draw: Vec<DrawEntry> = req
            .entrants
            .iter()
            .map(|e| DrawEntry {
                seeded: e.seeded,
                rating: e.rating,
            })
            .collect();
        return Ok(draw_numbers(&draw, req.seed));
    }
    let (games, bye) = req.first_round.table(n as u32);
    let index = |name: &str| req.entrants.iter().position(|e| e.name == name);
    let mut numbers: Vec<Option<u32>> = vec![None; n];
    let mut used = vec![false; n + 2];
    let mut k = 0;
    for r in rows.iter().filter(|r| r.round == 1) {
        let given: Vec<(Option<usize>, u32)> = match (&r.black, r.result) {
            (None, _) | (_, RowResult::Bye) => {
                bye.map(|x| vec![(index(&r.red), x)]).unwrap_or_default()
            }
            (Some(b), _) => {
                let g = games.get(k).copied();
                k += 1;
                g.map(|(red, black)| vec![(index(&r.red), red), (index(b), black)])
                    .unwrap_or_default()
            }
        };
        for (p, x) in given {
            if let Some(p) = p {
                if numbers[p].is_none() && !used[x as usize] {
                    numbers[p] = Some(x);
                    used[x as usize] = true;
                }
            }
        }
    }
    let mut free = (1..=n as u32).filter(|&x| !used[x as usize]);
    Ok(numbers
        .into_iter()
        .map(|x| x.or_else(|| free.next()).unwrap_or(0))
        .collect())
}
