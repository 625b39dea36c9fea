//! Judging throughput under `cxa-2011`: every game of the shared CCPD corpus (3,312 master
//! games), with `cxa-1999` on the same games for comparison. 2011 costs more than 1999 where
//! no position repeats: the nine-round rule (§23.4) classifies the latest move of every ply that
//! ends nine rounds without a capture.
//!
//! `cargo bench -p xqr-cxa2011 --bench judge`. Before timing, the games are read, converted to
//! ICCS, and the number of games whose verdict differs between the editions is printed.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use xqr_core::rules::{JudgeOptions, Ruleset};

#[path = "../../cxa-1999/benches/support/ccpd.rs"]
mod ccpd;
use ccpd::corpus;

fn judge(c: &mut Criterion) {
    let Some(games) = corpus() else { return };
    let plies: u64 = games.iter().map(|g| g.moves.len() as u64).sum();
    let new = xqr_cxa2011::Cxa2011::new();
    let old = xqr_cxa1999::Cxa1999::new();
    let options = JudgeOptions::default();
    let mut differ = 0;
    for (i, g) in games.iter().enumerate() {
        let a = old.judge(g, &options).expect("a legal game");
        let b = new.judge(g, &options).expect("a legal game");
        if (a.result, &a.termination, a.pending.is_some())
            != (b.result, &b.termination, b.pending.is_some())
        {
            differ += 1;
            eprintln!(
                "differs: game {i} of the corpus (a-league, asian-cup, world-cup), {} plies: cxa-1999 {} {:?} {:?} / cxa-2011 {} {:?} {:?}",
                g.moves.len(),
                a.result,
                a.termination,
                a.rule
                    .as_ref()
                    .or(a.pending.as_ref().map(|p| &p.rule))
                    .map(|r| r.to_string()),
                b.result,
                b.termination,
                b.rule
                    .as_ref()
                    .or(b.pending.as_ref().map(|p| &p.rule))
                    .map(|r| r.to_string()),
            );
        }
    }
    eprintln!(
        "{} games, {plies} plies; verdicts differing between cxa-1999 and cxa-2011: {differ}",
        games.len()
    );
    let mut group = c.benchmark_group("ccpd");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(20));
    group.throughput(Throughput::Elements(plies));
    for (name, rs) in [
        ("judge_cxa2011_3312_games", &new as &dyn Ruleset),
        ("judge_cxa1999_3312_games", &old as &dyn Ruleset),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                for g in &games {
                    black_box(rs.judge(g, &options).expect("a legal game"));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, judge);
criterion_main!(benches);
