//! Corpus throughput: the shared CCPD games (3,312 master games, Big5) judged under three
//! rulesets at once (`cxa-1999`, `lenient`, `quick-limit`), as `xqr batch` does.
//!
//! `cargo bench -p xqr-host --bench corpus`. Benchmarks (throughput in plies of the corpus,
//! 286,802):
//!
//! - `batch_3_rulesets_1_thread`: [`Batch::run`] on a one-thread rayon pool: reading (decode,
//!   split, tokenize) and judging every game under the three rulesets; per-core figures.
//! - `read_only`: the same run with no ruleset (the reading cost alone).
//! - `judge_cxa1999/<length>`: `Ruleset::judge` under `cxa-1999` alone, in memory, over the games
//!   in which no position occurs twice (no loop), grouped by length in plies. Equal plies per
//!   second across the groups mean the cost per ply does not grow with the length of the game.
//! - `judge_cxa1999/with_repetitions`: the same over the games in which some position recurs
//!   (the repetition judge runs and classifies the loop's plies), for comparison.
//! - `judge_edition/<ruleset>/{all,with_repetitions}`: `Ruleset::judge` in memory under each
//!   standard edition (`cxa-1999`, `cxa-2011`, `axf`) and `jieqi` (over the games it judges:
//!   not those set up from a position), over every game and over the games with a loop: the editions' rates side by side. `cxa-1999-third-occurrence` (the test overlay
//!   judging at the third occurrence, as `axf` does) separates what AXF's count costs (more
//!   loops reach it) from what its classifier costs.
//!
//! The clock is the CPU time of the whole process (`CLOCK_PROCESS_CPUTIME_ID`, all threads), not
//! wall time: throughputs are plies per CPU-second, that is per core, and stay meaningful on a
//! busy machine. Peak memory is measured on the command line instead: see `docs/corpus.md`.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use xqr_core::notation::parse_move;
use xqr_core::rules::{GameHistory, GameInput, JudgeOptions, Ruleset};
use xqr_core::Position;
use xqr_host::batch::{Batch, Item};
use xqr_host::loading::{load, Sources};

fn ccpd_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/games/ccpd")
}

fn rulesets(ids: &[&str]) -> Vec<Arc<dyn Ruleset>> {
    // The shipped rulesets, and the test overlays (the other reading of the 1999 count).
    let loaded = load(&Sources {
        overlay_dirs: vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/variants")],
        ..Sources::default()
    });
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

/// The CPU time of the process, all threads.
struct ProcessCpuTime;

fn cpu_now() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid timespec for the call to fill.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_PROCESS_CPUTIME_ID)");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

impl Measurement for ProcessCpuTime {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        cpu_now()
    }
    fn end(&self, start: Duration) -> Duration {
        cpu_now().saturating_sub(start)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, v: &Duration) -> f64 {
        v.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuFormatter
    }
}

/// Nanoseconds of CPU time shown as CPU-seconds, and throughputs per CPU-second.
struct CpuFormatter;

impl ValueFormatter for CpuFormatter {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = if typical >= 1e9 {
            (1e-9, "cpu-s")
        } else if typical >= 1e6 {
            (1e-6, "cpu-ms")
        } else {
            (1e-3, "cpu-µs")
        };
        values.iter_mut().for_each(|v| *v *= factor);
        unit
    }

    fn scale_throughputs(
        &self,
        _typical: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let n = match throughput {
            Throughput::Elements(n) | Throughput::Bytes(n) | Throughput::BytesDecimal(n) => {
                *n as f64
            }
        };
        // values are CPU nanoseconds per iteration: turn them into thousands per CPU-second.
        values.iter_mut().for_each(|v| *v = n * 1e9 / *v / 1e3);
        "K plies/cpu-s"
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

/// Whether some position of the game occurs twice (no capture in between).
fn repeats(game: &GameInput) -> bool {
    let mut h = GameHistory::new(Position::new());
    game.moves.iter().any(|text| {
        let m = parse_move(h.last(), text).expect("a legal move");
        h.push_unchecked(m);
        h.previous_occurrence(h.ply_count()).is_some()
    })
}

fn corpus(c: &mut Criterion<ProcessCpuTime>) {
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
        if repeats(&g.game.input) {
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
    for (name, inputs) in buckets
        .iter()
        .chain([("with_repetitions", with_loops)].iter())
    {
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

    // The editions side by side, over every game and over the games with a loop.
    let all: Vec<GameInput> = games.iter().map(|g| g.game.input.clone()).collect();
    let looped: Vec<GameInput> = all.iter().filter(|g| repeats(g)).cloned().collect();
    let mut group = c.benchmark_group("judge_edition");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(10));
    for id in [
        "cxa-1999",
        "cxa-1999-third-occurrence",
        "cxa-2011",
        "axf",
        "jieqi",
    ] {
        let rs = &rulesets(&[id])[0];
        // Jieqi judges the games it can play from the standard start (not those set up from
        // a position of standard Xiangqi, which it refuses).
        let judged = |games: &[GameInput]| -> Vec<GameInput> {
            games
                .iter()
                .filter(|g| rs.judge(g, &options).is_ok())
                .cloned()
                .collect()
        };
        let (all, looped) = (judged(&all), judged(&looped));
        for (name, inputs) in [("all", &all), ("with_repetitions", &looped)] {
            let plies: u64 = inputs.iter().map(|g| g.moves.len() as u64).sum();
            group.throughput(Throughput::Elements(plies));
            group.bench_function(format!("{id}/{name}"), |b| {
                b.iter(|| {
                    for g in inputs {
                        black_box(rs.judge(g, &options).expect("judged"));
                    }
                })
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(ProcessCpuTime);
    targets = corpus
}
criterion_main!(benches);
