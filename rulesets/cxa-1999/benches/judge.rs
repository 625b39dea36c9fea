//! Judging throughput: every game of the shared CCPD corpus (3,312 master games, Big5) judged
//! under `cxa-1999`, against a plain replay of the same moves for comparison.
//!
//! `cargo bench -p xqr-cxa1999 --bench judge`. The games are read and converted to ICCS before
//! timing; what is timed is `Ruleset::judge` on every game (legality, game end after every ply,
//! repetition detection, and the 棋例 judge where a position repeats), and, separately, pushing
//! the same moves through a `GameHistory`. Throughput is in plies.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use xqr_core::rules::{GameHistory, JudgeOptions, Ruleset};
use xqr_core::Position;

#[path = "support/ccpd.rs"]
mod ccpd;
use ccpd::corpus;

fn judge(c: &mut Criterion) {
    let Some(games) = corpus() else { return };
    assert_eq!(games.len(), 3312);
    let plies: u64 = games.iter().map(|g| g.moves.len() as u64).sum();
    let rs = xqr_cxa1999::Cxa1999::new();
    let options = JudgeOptions::default();
    let mut group = c.benchmark_group("ccpd");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(20));
    group.throughput(Throughput::Elements(plies));
    group.bench_function("judge_cxa1999_3312_games", |b| {
        b.iter(|| {
            for g in &games {
                black_box(rs.judge(g, &options).expect("a legal game"));
            }
        })
    });
    let moves: Vec<Vec<xqr_core::Move>> = games
        .iter()
        .map(|g| g.moves.iter().map(|m| m.parse().expect("ICCS")).collect())
        .collect();
    group.bench_function("replay_history_3312_games", |b| {
        b.iter(|| {
            for g in &moves {
                let mut h = GameHistory::new(Position::new());
                for &m in g {
                    h.push(m).expect("legal");
                }
                black_box(h.ply_count());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, judge);
criterion_main!(benches);
