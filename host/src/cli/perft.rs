//! `xqr perft`: the size of the legal-move tree of a position.

use std::time::Instant;

use serde::Serialize;
use xqr_core::{perft, Move, Position};

use super::{input, CliError, Format, Output};

/// Options of `xqr perft`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position, in FEN (default: the start position of `--ruleset`, else the standard one).
    #[arg(long)]
    pub fen: Option<String>,

    /// Depth of the tree, in plies.
    #[arg(long)]
    pub depth: u32,

    /// Also print each legal move with the size of its subtree.
    #[arg(long)]
    pub divide: bool,

    /// Count under this ruleset's move rules (id or alias; default: standard Xiangqi).
    #[arg(long)]
    pub ruleset: Option<String>,
}

/// The JSON document of `xqr perft --format json`.
#[derive(Debug, Serialize)]
struct Report {
    nodes: u64,
    seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<DivideEntry>>,
}

/// One first move and the size of its subtree.
#[derive(Debug, Serialize)]
struct DivideEntry {
    #[serde(rename = "move")]
    mv: String,
    nodes: u64,
}

/// Runs `xqr perft`.
pub fn run(args: &Args, sources: &super::Loading, out: &mut Output) -> Result<(), CliError> {
    let pos = input::position_for(args.fen.as_deref(), args.ruleset.as_deref(), sources)?;
    let start = Instant::now();
    let (nodes, divide) = if args.divide {
        let entries = divide(&pos, args.depth);
        let nodes = if args.depth == 0 {
            1
        } else {
            entries.iter().map(|(_, n)| n).sum()
        };
        (nodes, Some(entries))
    } else {
        (perft(&pos, args.depth), None)
    };
    let seconds = start.elapsed().as_secs_f64();
    match out.format() {
        Format::Json => out.json(&Report {
            nodes,
            seconds,
            divide: divide.map(|d| {
                d.into_iter()
                    .map(|(m, nodes)| DivideEntry {
                        mv: m.to_string(),
                        nodes,
                    })
                    .collect()
            }),
        }),
        Format::Text => {
            for (m, n) in divide.iter().flatten() {
                out.line(&format!("{m}: {n}"))?;
            }
            if divide.as_ref().is_some_and(|d| !d.is_empty()) {
                out.line("")?;
            }
            let rate = if seconds > 0.0 {
                nodes as f64 / seconds / 1e6
            } else {
                0.0
            };
            out.line(&format!(
                "perft({depth}) = {nodes} nodes in {seconds:.3} s ({rate:.1} Mnodes/s)",
                depth = args.depth
            ))
        }
    }
}

/// Perft split by first move, consistent with [`perft`]: a move of a hidden (Jieqi) piece is
/// listed once per identity it may reveal (`a3a4R`), as perft counts it. Empty at depth 0.
fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves: Vec<Move> = Vec::new();
    for &m in &pos.legal_moves() {
        let hidden = pos.board().get(m.from).is_some_and(|o| o.hidden);
        if hidden && !pos.pool().is_empty() {
            moves.extend(pos.pool().distinct(pos.turn()).map(|piece| Move {
                reveal: Some(piece),
                ..m
            }));
        } else {
            moves.push(m);
        }
    }
    moves.sort();
    moves
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divide_sums_to_perft() {
        let pos = Position::new();
        for depth in 0..=3 {
            let d = divide(&pos, depth);
            let total: u64 = if depth == 0 {
                1
            } else {
                d.iter().map(|(_, n)| n).sum()
            };
            assert_eq!(total, perft(&pos, depth), "depth {depth}");
        }
        assert_eq!(divide(&pos, 1).len(), 44);
    }
}
