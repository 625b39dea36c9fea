//! Perft against the reference counts of `tests/data/perft/perft.txt` (facts from
//! chessprogramming.org, Fairy-Stockfish and wukong-xiangqi; `tests/data/perft/README.md`), up to
//! about 5 million nodes per position; deeper counts are in the `perft` benchmark.

use std::path::PathBuf;
use xqr_core::{perft, MoveRules, Position};

/// The largest count checked here.
const MAX_NODES: u64 = 5_000_000;

fn perft_txt() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft/perft.txt")
}

fn cases() -> Vec<(String, Vec<(u32, u64)>)> {
    let text = std::fs::read_to_string(perft_txt()).expect("tests/data/perft/perft.txt");
    let mut out: Vec<(String, Vec<(u32, u64)>)> = Vec::new();
    for line in text.lines() {
        if let Some(fen) = line.strip_prefix("fen ") {
            out.push((fen.to_owned(), Vec::new()));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let d: u32 = it.next().unwrap().parse().unwrap();
            let n: u64 = it.next().unwrap().parse().unwrap();
            out.last_mut().expect("perft after fen").1.push((d, n));
        }
    }
    out
}

#[test]
fn reference_perft_counts() {
    let cases = cases();
    assert_eq!(cases.len(), 13, "perft.txt has 13 positions");
    let mut checked = 0;
    for (fen, counts) in cases {
        let pos =
            Position::from_fen(&fen, MoveRules::STANDARD).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (depth, expected) in counts.into_iter().filter(|&(_, n)| n <= MAX_NODES) {
            assert_eq!(perft(&pos, depth), expected, "perft {depth} of {fen}");
            checked += 1;
        }
    }
    assert!(checked >= 50, "only {checked} counts checked");
}
