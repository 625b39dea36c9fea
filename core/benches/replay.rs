//! Game-record throughput: decode, read and replay the shared CCPD corpus.
//!
//! `cargo bench -p xqr-core --bench replay` decodes the three Big5 files of
//! `../shared/data/games/ccpd/` (3,312 master games), splits them into games and replays every
//! game under standard rules (each traditional-Chinese move parsed and checked for legality),
//! reporting plies per second. The files are read from disk once, before timing; what is timed
//! is [`read_games_from_bytes`] plus [`RawGame::replay`](xqr_core::record::RawGame::replay) of
//! every game. Every run checks that all games replay. A second benchmark times the decoding
//! and splitting alone (same plies as throughput, for comparison).

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use xqr_core::record::read_games_from_bytes;
use xqr_core::MoveRules;

/// The CCPD files and how many games each holds.
const FILES: [(&str, usize); 3] = [
    ("a-league.pgn", 1244),
    ("asian-cup.pgn", 679),
    ("world-cup.pgn", 1389),
];

fn ccpd_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/games/ccpd")
}

/// Decodes, reads and replays one file; returns (games, plies). Panics if a game fails.
fn load_and_replay(name: &str, bytes: &[u8]) -> (usize, u64) {
    let (games, _encoding) = read_games_from_bytes(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut plies = 0;
    for raw in &games {
        let game = raw
            .replay(MoveRules::STANDARD)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        plies += game.moves().len() as u64;
    }
    (games.len(), plies)
}

fn replay(c: &mut Criterion) {
    let dir = ccpd_dir();
    let mut files: Vec<(&str, Vec<u8>)> = Vec::new();
    for (name, _) in FILES {
        match std::fs::read(dir.join(name)) {
            Ok(bytes) => files.push((name, bytes)),
            Err(e) => {
                eprintln!(
                    "replay bench: skipped, cannot read {}: {e}",
                    dir.join(name).display()
                );
                return;
            }
        }
    }
    // Count the plies once (and check the corpus is what the numbers below assume).
    let mut total_plies = 0;
    for ((name, bytes), (_, expected_games)) in files.iter().zip(FILES) {
        let (games, plies) = load_and_replay(name, bytes);
        assert_eq!(games, expected_games, "{name}: number of games");
        total_plies += plies;
    }

    let mut g = c.benchmark_group("replay");
    g.sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    g.throughput(Throughput::Elements(total_plies));
    g.bench_function("ccpd_3312_games", |b| {
        b.iter(|| {
            let mut plies = 0;
            for (name, bytes) in &files {
                plies += load_and_replay(name, black_box(bytes)).1;
            }
            assert_eq!(plies, total_plies);
            plies
        })
    });
    // The share of decoding (Big5 detection) and splitting into games, without the replay.
    g.bench_function("ccpd_3312_games_read_only", |b| {
        b.iter(|| {
            let mut games = 0;
            for (name, bytes) in &files {
                let (read, _) = read_games_from_bytes(black_box(bytes))
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                games += read.len();
            }
            assert_eq!(games, 3312);
            games
        })
    });
    g.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
