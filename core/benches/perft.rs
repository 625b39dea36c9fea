//! Perft benchmarks: move generation speed on positions with known tree sizes.
//!
//! `cargo bench -p xqr-core --bench perft` times perft(5) of the start position (133,312,995
//! nodes, single-threaded) with 10 flat samples (under a minute on a 2-core machine at ~160 M
//! nodes/s, under one second a run).
//!
//! The deeper reference counts of `tests/data/perft/perft.txt` that the test suite skips (those
//! above 5,000,000 nodes) are opt-in:
//!
//! - `XQR_PERFT_DEEP=1`: criterion benchmarks of the eleven deeper counts of the other twelve
//!   positions (up to 380 million nodes each; ten runs of each, about a minute in all),
//!   each run checked against the reference count;
//! - `XQR_PERFT_DEEP=all`: also perft(6) of the start position (5,392,831,844 nodes), checked
//!   and timed once (under a minute), since ten criterion samples would take several minutes.
//!
//! Every count is checked on every run, so a benchmark of a wrong generator fails instead of
//! reporting a speed.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use xqr_core::{perft, MoveRules, Position};

/// Counts up to this size are checked by the test suite (`core/tests/perft.rs`).
const TESTED_MAX_NODES: u64 = 5_000_000;

/// perft(5) of the start position.
const START_PERFT_5: u64 = 133_312_995;

/// One reference position of `perft.txt` with its deeper counts.
struct Case {
    /// 1-based index in `perft.txt`, for the benchmark's name.
    index: usize,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn perft_txt() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft/perft.txt")
}

/// Reads `perft.txt`.
fn cases() -> Vec<Case> {
    let path = perft_txt();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out: Vec<Case> = Vec::new();
    for (lineno, line) in text.lines().enumerate() {
        if let Some(fen) = line.strip_prefix("fen ") {
            out.push(Case {
                index: out.len() + 1,
                fen: fen.to_owned(),
                counts: Vec::new(),
            });
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let nums: Vec<u64> = rest
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            match (nums.as_slice(), out.last_mut()) {
                ([d, n], Some(case)) => case.counts.push((*d as u32, *n)),
                _ => panic!("{}:{}: malformed line {line:?}", path.display(), lineno + 1),
            }
        }
    }
    out
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen, MoveRules::STANDARD).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn start_depth_5(c: &mut Criterion) {
    let pos = Position::new();
    let mut g = c.benchmark_group("perft_start");
    g.sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(1))
        .measurement_time(Duration::from_secs(30))
        .throughput(Throughput::Elements(START_PERFT_5));
    g.bench_function("5", |b| {
        b.iter(|| {
            let n = perft(black_box(&pos), 5);
            assert_eq!(n, START_PERFT_5, "perft(5) of the start position");
            n
        })
    });
    g.finish();
}

fn deep_counts(c: &mut Criterion) {
    let mode = std::env::var("XQR_PERFT_DEEP").unwrap_or_default();
    if mode.is_empty() || mode == "0" {
        return;
    }
    let cases = cases();
    let start = position(xqr_core::fen::START_FEN);
    let mut g = c.benchmark_group("perft_deep");
    g.sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(1))
        // Short on purpose: each sample is then one perft run, ten runs per count (criterion
        // warns that it cannot finish in time; that is expected).
        .measurement_time(Duration::from_secs(1));
    for case in &cases {
        let pos = position(&case.fen);
        if pos == start {
            continue; // perft_start/5 above; depth 6 below.
        }
        for &(depth, expected) in case.counts.iter().filter(|&&(_, n)| n > TESTED_MAX_NODES) {
            g.throughput(Throughput::Elements(expected));
            let id = BenchmarkId::new(format!("pos{}", case.index), depth);
            g.bench_with_input(id, &pos, |b, pos| {
                b.iter(|| {
                    let n = perft(black_box(pos), depth);
                    assert_eq!(n, expected, "perft {depth} of {}", case.fen);
                    n
                })
            });
        }
    }
    g.finish();
    if mode == "all" {
        for case in cases.iter().filter(|c| position(&c.fen) == start) {
            for &(depth, expected) in case.counts.iter().filter(|&&(d, _)| d > 5) {
                let t = Instant::now();
                let n = perft(&start, depth);
                let s = t.elapsed().as_secs_f64();
                assert_eq!(n, expected, "perft {depth} of the start position");
                println!(
                    "perft_deep/start/{depth}: {n} nodes (as expected) in {s:.1} s, {:.1} M nodes/s",
                    n as f64 / s / 1e6
                );
            }
        }
    }
}

criterion_group!(benches, start_depth_5, deep_counts);
criterion_main!(benches);
