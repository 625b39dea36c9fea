//! `xqr deal`: a reproducible Jieqi deal (揭棋 §2.1, §6) and what each observer sees of it.

use std::fmt::Write as _;

use serde::Serialize;
use xqr_core::rules::{Observer, Ruleset, View};
use xqr_core::{fen::JIEQI_START_FEN, Board, Move, Square};
use xqr_jieqi::JieqiGame;

use super::{CliError, Format, Output};

/// Options of `xqr deal`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The seed: the same seed gives the same deal on every machine and in every version.
    #[arg(long)]
    pub seed: u64,

    /// Deal this many boards, with seeds SEED, SEED+1, … (a round of a tournament).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub boards: u64,

    /// Moves to play under the deal before showing the views, in ICCS (reveal letters are
    /// filled in from the deal; space-separated).
    #[arg(long, default_value = "")]
    pub moves: String,

    /// Write a PGN record instead of the views: the Jieqi start, the deal in the `DealSeed` and
    /// `Deal` tags, and the moves as given; `xqr judge` fills in the reveals from the deal.
    #[arg(long)]
    pub pgn: bool,
}

/// One deal in the JSON output.
#[derive(Serialize)]
struct DealReport {
    seed: u64,
    /// The generator behind the seed.
    generator: &'static str,
    /// The arbiter's start board: each hidden point with its identity (FEN placement).
    deal: String,
    /// The Jieqi start position every player sees.
    start_fen: String,
    /// The moves played (reveals filled in from the deal).
    moves: Vec<String>,
    /// The position after them.
    fen: String,
    /// What each observer sees: red, black, spectator, arbiter.
    views: Vec<View>,
}

const OBSERVERS: [Observer; 4] = [
    Observer::Red,
    Observer::Black,
    Observer::Spectator,
    Observer::Arbiter,
];

/// Runs `xqr deal`.
pub fn run(args: &Args, out: &mut Output) -> Result<(), CliError> {
    if args.boards == 0 {
        return Err(CliError::input("--boards must be at least 1"));
    }
    let mut reports = Vec::new();
    for i in 0..args.boards {
        let seed = args.seed.checked_add(i).ok_or_else(|| {
            CliError::input(format!("seed {} + {i} does not fit in 64 bits", args.seed))
        })?;
        reports.push(deal(seed, &args.moves)?);
    }
    if args.pgn {
        if out.format() == Format::Json {
            return Err(CliError::input(
                "--pgn writes a PGN record; leave out --format json",
            ));
        }
        let games: Vec<String> = reports.iter().map(|r| record(r, &args.moves)).collect();
        return out.text(&games.join(""));
    }
    match out.format() {
        Format::Json if args.boards == 1 => out.json(&reports[0]),
        Format::Json => out.json(&reports),
        Format::Text => {
            let text: Vec<String> = reports.iter().map(render).collect();
            out.text(&text.join("\n"))
        }
    }
}

fn deal(seed: u64, moves: &str) -> Result<DealReport, CliError> {
    let mut game = JieqiGame::from_seed(seed);
    let start = game.position().clone();
    for (i, text) in moves.split_whitespace().enumerate() {
        let ply = i + 1;
        let m: Move = text
            .parse()
            .map_err(|e| CliError::input(format!("--moves, ply {ply}: {e}")))?;
        game.play(m)
            .map_err(|e| CliError::input(format!("--moves, ply {ply} ({text}): {e}")))?;
        if game.position().king(game.position().turn()).is_none() {
            if let Some(rest) = moves.split_whitespace().nth(ply) {
                return Err(CliError::input(format!(
                    "--moves, ply {} ({rest}): the game is over, a king was captured",
                    ply + 1
                )));
            }
        }
    }
    Ok(DealReport {
        seed,
        generator: "ChaCha20 keyed by the seed (little-endian), Fisher-Yates Red then Black",
        deal: game.deal().placement(&start),
        start_fen: JIEQI_START_FEN.to_owned(),
        moves: game
            .history()
            .moves()
            .iter()
            .map(|m| m.to_string())
            .collect(),
        fen: game.position().fen(),
        views: {
            // What each observer sees is the ruleset's to say (its visibility component).
            let jieqi = xqr_jieqi::Jieqi::new();
            let dealt = game.deal().arbiter_board(&start);
            OBSERVERS
                .iter()
                .map(|&o| jieqi.visibility().view(game.history(), Some(&dealt), o))
                .collect()
        },
    })
}

/// The PGN record of a deal: the Jieqi start, the deal as the `DealSeed` and `Deal` tags
/// (`xqr_jieqi::record`), and `moves` as given, one move pair per line.
fn record(r: &DealReport, moves: &str) -> String {
    use xqr_jieqi::record::{DEAL_SEED_TAG, DEAL_TAG};
    let mut s = String::new();
    let _ = writeln!(s, "[Event \"xqr deal --seed {}\"]", r.seed);
    let _ = writeln!(s, "[Variant \"Jieqi\"]");
    let _ = writeln!(s, "[FEN \"{}\"]", r.start_fen);
    let _ = writeln!(s, "[{DEAL_SEED_TAG} \"{}\"]", r.seed);
    let _ = writeln!(s, "[{DEAL_TAG} \"{}\"]", r.deal);
    let _ = writeln!(s, "[Result \"*\"]\n");
    let moves: Vec<&str> = moves.split_whitespace().collect();
    for (i, pair) in moves.chunks(2).enumerate() {
        let _ = writeln!(s, "{}. {}", i + 1, pair.join(" "));
    }
    s.push_str("*\n\n");
    s
}

/// A board diagram, rank 9 at the top; `known` identities shown in place of `X`/`x`.
fn diagram(board: &Board, known: &[(Square, xqr_core::Piece)]) -> String {
    let mut s = String::new();
    for rank in (0..10u8).rev() {
        let _ = write!(s, "  {rank} ");
        for file in 0..9u8 {
            let sq = Square::new(rank * 9 + file).expect("on board");
            let c = match known.iter().find(|(k, _)| *k == sq) {
                Some((_, p)) => p.char(),
                None => board.get(sq).map_or('.', |o| o.fen_char()),
            };
            s.push(c);
            s.push(' ');
        }
        s.push('\n');
    }
    s.push_str("    a b c d e f g h i\n");
    s
}

fn render(r: &DealReport) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "deal of seed {} ({})", r.seed, r.generator);
    let _ = writeln!(s, "deal (arbiter's start board): {}", r.deal);
    let _ = writeln!(s, "start position: {}", r.start_fen);
    if !r.moves.is_empty() {
        let _ = writeln!(s, "moves: {}", r.moves.join(" "));
        let _ = writeln!(s, "position: {}", r.fen);
    }
    for v in &r.views {
        let who = match v.observer {
            Observer::Red => "red",
            Observer::Black => "black",
            Observer::Spectator => "spectator",
            Observer::Arbiter => "arbiter",
        };
        let _ = writeln!(
            s,
            "\n{who} sees (X/x: face down), unplaced identities {}:",
            v.pool
        );
        s.push_str(&diagram(&v.board, &v.known));
        let captures: Vec<String> = v
            .captured
            .iter()
            .map(|c| {
                let what = c.piece.map_or(
                    if c.owner == xqr_core::Color::Red {
                        "X".to_owned()
                    } else {
                        "x".to_owned()
                    },
                    |p| p.to_string(),
                );
                format!("{what}@{} (ply {}, by {})", c.square, c.ply, c.by)
            })
            .collect();
        if !captures.is_empty() {
            let _ = writeln!(s, "  captured: {}", captures.join(", "));
        }
    }
    s
}
