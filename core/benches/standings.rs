//! Standings and schedules: parse a results table and rank it; build round-robin tables.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use xqr_core::schedule::RoundRobin;
use xqr_core::standings::{EventKind, EventResults, StandingsRules};

/// A results table: the 附录一 round robin of `players`, results cycling deterministically.
fn round_robin_csv(players: u32, rounds: Option<u32>) -> String {
    let t = RoundRobin::new(players).unwrap();
    let mut csv = String::from("round,red,black,result,red_fouls,black_fouls\n");
    let results = ["1-0", "0-1", "1/2-1/2", "1-0", "1/2-1/2", "0-1", "+/-"];
    let mut k = 0usize;
    for r in t.rounds().iter().take(rounds.unwrap_or(u32::MAX) as usize) {
        for p in &r.pairings {
            let res = results[(k * 7 + p.red as usize) % results.len()];
            csv.push_str(&format!(
                "{},P{},P{},{res},{},\n",
                r.round,
                p.red,
                p.black,
                u32::from(k % 13 == 0)
            ));
            k += 1;
        }
        if let Some(b) = r.bye {
            csv.push_str(&format!("{},P{b},,,,\n", r.round));
        }
    }
    csv
}

fn bench(c: &mut Criterion) {
    let swiss = round_robin_csv(200, Some(9));
    let rr = round_robin_csv(20, None);
    c.bench_function("parse 200 players x 9 rounds", |b| {
        b.iter(|| EventResults::from_csv_str(black_box(&swiss)).unwrap())
    });
    let ev = EventResults::from_csv_str(&swiss).unwrap();
    let r11 = StandingsRules::cxa_2011();
    c.bench_function("rank swiss 200 x 9 (2011 §14.3.1)", |b| {
        b.iter(|| r11.rank(black_box(&ev), EventKind::Swiss).unwrap())
    });
    let ev = EventResults::from_csv_str(&rr).unwrap();
    let r99 = StandingsRules::cxa_1999();
    c.bench_function("rank round robin 20 (1999 §15.1)", |b| {
        b.iter(|| r99.rank(black_box(&ev), EventKind::RoundRobin).unwrap())
    });
    c.bench_function("round-robin table 20", |b| {
        b.iter(|| RoundRobin::new(black_box(20)).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
