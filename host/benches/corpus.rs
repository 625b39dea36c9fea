//! Corpus throughput: the shared CCPD games (3,312 master games, Big5) judged under three
//! rulesets at once (`cxa-1999`, `lenient`, `quick-limit`), as `xqr batch` does.
//!
//! `cargo bench -p xqr-host --bench corpus`. Benchmarks (throughput in plies of the corpus,
//! 286,802):
//!
//! - `batch_3_rulesets_1_thread`: [`Batch::run`] on a one-thread rayon pool: reading (decode,
//!   split, tokenize) and judging every game under the three rulesets; per-core figures.
//! - `batch_3_rulesets_all_threads`: the same on one thread per core.
//! - `read_only`: the same run with no ruleset (the reading cost alone).
//! - `judge_no_loop/<length>`: `Ruleset::judge` under `cxa-1999` alone, in memory, over the games
//!   in which no position repeats (no loop found), grouped by length (plies). Equal plies per
//!   second across the groups mean the cost per ply does not grow with the length of the game:
//!   judging is linear in plies when no loop occurs.
//! - `judge_with_loops`: the same over the games in which a loop was found (the repetition judge
//!   classifies the loop's plies), for comparison.
//!
//! Peak memory is measured on the command line instead: see `host/BENCHMARKS.md`.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use xqr_core::rules::{GameInput, JudgeOptions, Ruleset};
use xqr_host::batch::{Batch, Item};
use xqr_host::loading::{load, Sources};

fn ccpd_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/games/ccpd")
}

fn rulesets(ids: &[&str]) -> Vec<Arc<dyn Ruleset>> {
    let loaded = load(&Sources::default());
    ids.iter()
        .map(|id| Arc::clone(loaded.registry.get(id).expect("a shipped ruleset")))
        .collect()
}

/// Every judged game of a run (panics on any error: the corpus is clean).
fn run(batch: &Batch, dir: &Path) -> Vec<xqr_host::batch::JudgedGame> {
    let mut games = Vec::new();
    batch
        .run(&[dir.to_path_buf()], |item| -> Result<(), ()> {
            match item {
                Item::Game(g) => games.push(g),
                Item::Error(e) => panic!("{e}"),
            }
            Ok(())
        })
        .unwrap();
    games
}

fn corpus(c: &mut Criterion) {
    let dir = ccpd_dir();
    if !dir.is_dir() {
        eprintln!("corpus bench: skipped, {} is missing", dir.display());
        return;
    }
    let three = Batch::new(
        rulesets(&["cxa-1999", "lenient", "quick-limit"]),
        JudgeOptions::default(),
    );
    let games = run(&three, &dir);
    assert_eq!(games.len(), 3312);
    let plies: u64 = games.iter().map(|g| g.plies() as u64).sum();

    let mut group = c.benchmark_group("ccpd");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(20))
        .throughput(Throughput::Elements(plies));
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    group.bench_function("batch_3_rulesets_1_thread", |b| {
        b.iter(|| one_thread.install(|| black_box(run(&three, &dir).len())))
    });
    group.bench_function("batch_3_rulesets_all_threads", |b| {
        b.iter(|| black_box(run(&three, &dir).len()))
    });
    let none = Batch::new(Vec::new(), JudgeOptions::default());
    group.bench_function("read_only", |b| {
        b.iter(|| one_thread.install(|| black_box(run(&none, &dir).len())))
    });
    group.finish();

    // Judging alone, in memory, by game length, for games with and without a loop.
    let cxa = &rulesets(&["cxa-1999"])[0];
    let options = JudgeOptions::default();
    let mut buckets: Vec<(&str, Vec<GameInput>)> = vec![
        ("0-79", Vec::new()),
        ("80-119", Vec::new()),
        ("120-179", Vec::new()),
        ("180+", Vec::new()),
    ];
    let mut with_loops = Vec::new();
    for g in &games {
        let v = g.verdicts[0].outcome.as_ref().expect("judged");
        if v.loop_found.is_some() {
            with_loops.push(g.game.input.clone());
            continue;
        }
        let i = match g.plies() {
            0..80 => 0,
            80..120 => 1,
            120..180 => 2,
            _ => 3,
        };
        buckets[i].1.push(g.game.input.clone());
    }
    let mut group = c.benchmark_group("judge_cxa1999");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(5));
    for (name, inputs) in buckets.iter().chain([("with_loops", with_loops)].iter()) {
        let plies: u64 = inputs.iter().map(|g| g.moves.len() as u64).sum();
        eprintln!(
            "judge_cxa1999/{name}: {} games, {plies} plies",
            inputs.len()
        );
        group.throughput(Throughput::Elements(plies));
        group.bench_function(*name, |b| {
            b.iter(|| {
                for g in inputs {
                    black_box(cxa.judge(g, &options).expect("judged"));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, corpus);
criterion_main!(benches);
