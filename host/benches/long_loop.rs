//! Judging a long loop: a game going round one loop of 240, 480, 960 and 1,920 plies, five
//! times, judged under `cxa-1999`, `cxa-2011` and `axf`.
//!
//! `cargo bench -p xqr-host --bench long_loop`. Throughput is in plies of the game (five
//! periods): equal plies per second across the lengths mean the cost of judging a repetition
//! grows linearly with its length. A judge that read the whole loop again at every ply of it
//! would lose speed in proportion to the period.
//!
//! The loop: Red's two rooks go through every pairing of their squares in turn (the first rook
//! along a path of 8 squares and back, the second one step at the end of each pass, over 2, 4
//! or 8 squares), Black's rook round a cycle of 15 squares. Red's round is 16, 32 or 64 moves
//! (8 for the shortest loop, whose first rook walks 4 squares), Black's 15; the position comes
//! back after both, `2 × 15 × Red's round` plies. The kings stand off the rooks' lines and no
//! piece ever attacks another: every move is idle, both sides' conduct allowed, and the game
//! goes on past the count with a draw claimable at every ply.

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use xqr_core::rules::{GameInput, JudgeOptions};
use xqr_host::loading::{load, Sources};

/// The start: Black's king e9, rook f5; Red's rooks a3 and a1, king d0.
const FEN: &str = "4k4/9/9/9/5r3/9/R8/9/R8/3K5 w - - 0 1";

/// The squares of Red's first rook (a path), of its second (a cycle, closed by the last
/// square's line to the first), and of Black's rook (a cycle of 15).
const FIRST: [&str; 8] = ["a1", "b1", "c1", "d1", "d2", "c2", "b2", "a2"];
const SECOND: [&str; 8] = ["a3", "b3", "c3", "d3", "d4", "c4", "b4", "a4"];
const BLACK: [&str; 15] = [
    "f5", "g5", "h5", "i5", "i6", "h6", "g6", "f6", "f7", "g7", "h7", "i7", "i8", "h8", "f8",
];

/// Red's round: the first rook along its first `first` squares and back, the second rook one
/// step (of its first `second` squares, an even number) after each pass.
fn red_round(first: usize, second: usize) -> Vec<String> {
    let path = &FIRST[..first];
    let mut moves = Vec::new();
    for j in 0..second {
        let pass: Vec<&str> = if j % 2 == 0 {
            path.to_vec()
        } else {
            path.iter().rev().copied().collect()
        };
        moves.extend(pass.windows(2).map(|w| format!("{}{}", w[0], w[1])));
        moves.push(format!("{}{}", SECOND[j], SECOND[(j + 1) % second]));
    }
    moves
}

/// A game going round the loop of Red's round (`first`, `second`) and Black's five times.
fn looping(first: usize, second: usize) -> (usize, GameInput) {
    let red = red_round(first, second);
    let period = 2 * red.len() * BLACK.len();
    let moves = (0..5 * period)
        .map(|ply| {
            let n = ply / 2;
            if ply % 2 == 0 {
                red[n % red.len()].clone()
            } else {
                let b = BLACK.len();
                format!("{}{}", BLACK[n % b], BLACK[(n + 1) % b])
            }
        })
        .map(xqr_core::MoveText::from)
        .collect();
    let game = GameInput {
        fen: Some(FEN.to_owned()),
        moves,
        ..GameInput::default()
    };
    (period, game)
}

fn long_loop(c: &mut Criterion) {
    let registry = load(&Sources::default()).registry;
    let options = JudgeOptions::default();
    let mut group = c.benchmark_group("long_loop");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(5));
    for id in ["cxa-1999", "cxa-2011", "axf"] {
        let rs = registry.get(id).expect("a shipped ruleset");
        for (first, second) in [(4, 2), (8, 2), (8, 4), (8, 8)] {
            let (period, game) = looping(first, second);
            let v = rs.judge(&game, &options).expect("judged");
            assert!(
                !v.claims.is_empty(),
                "{id}: the loop of {period} can be claimed"
            );
            group.throughput(Throughput::Elements(game.moves.len() as u64));
            group.bench_with_input(BenchmarkId::new(id, period), &game, |b, g| {
                b.iter(|| black_box(rs.judge(g, &options).expect("judged")))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, long_loop);
criterion_main!(benches);
