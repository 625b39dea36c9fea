//! The notations against real records.
//!
//! * `wukong/`: the same 15 games (wukong-xiangqi, MIT) in ICCS (`bulk_games_uci.pgn`),
//!   simplified Chinese (`xqdb_traditional.pgn`, despite its name) and full-width WXF
//!   (`xqdb_international.pgn`).
//! * `ccpd/world-cup.pgn`: 1389 games of the CCPD corpus (CC BY 4.0) in traditional Chinese,
//!   Big5.
//!
//! The PGN files are read by a small token extractor here (tags, move numbers and results are
//! skipped), independent of the crate's PGN reader.

use std::path::PathBuf;
use xqr_core::notation::chinese::{self, ChineseOptions};
use xqr_core::notation::wxf::{self, WxfOptions};
use xqr_core::notation::{self, Notation};
use xqr_core::{Move, MoveRules, Position};

fn shared_data(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data")
        .join(rel)
}

fn read_utf8(rel: &str) -> String {
    let path = shared_data(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn is_move_number(tok: &str) -> bool {
    let digits = tok.trim_end_matches('.');
    digits.len() < tok.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

fn is_result(tok: &str) -> bool {
    matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// One game of a PGN text: its FEN tag, if any, and its move tokens.
#[derive(Debug, Default)]
struct Game {
    fen: Option<String>,
    moves: Vec<String>,
}

/// Splits a PGN text into games: a tag line after move text starts a new game.
fn games(text: &str) -> Vec<Game> {
    let mut out = Vec::new();
    let mut current = Game::default();
    let mut in_moves = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            if in_moves {
                out.push(std::mem::take(&mut current));
                in_moves = false;
            }
            if let Some(fen) = line
                .strip_prefix("[FEN \"")
                .and_then(|r| r.strip_suffix("\"]"))
            {
                current.fen = Some(fen.to_owned());
            }
            continue;
        }
        for tok in line.split_whitespace() {
            in_moves = true;
            if !is_move_number(tok) && !is_result(tok) {
                current.moves.push(tok.to_owned());
            }
        }
    }
    if in_moves {
        out.push(current);
    }
    out
}

fn start(game: &Game) -> Position {
    match &game.fen {
        Some(fen) => Position::from_fen(fen, MoveRules::STANDARD).expect("FEN tag"),
        None => Position::new(),
    }
}

/// Replays the tokens of `game` with `parse_move`, giving the moves in ICCS.
fn replay(game: &Game, label: &str) -> Vec<String> {
    let mut pos = start(game);
    let mut out = Vec::new();
    for (ply, tok) in game.moves.iter().enumerate() {
        let m = notation::parse_move(&pos, tok)
            .unwrap_or_else(|e| panic!("{label}, ply {}: {e}", ply + 1));
        pos.play(m).expect("parse_move returns legal moves");
        out.push(m.to_string());
    }
    out
}

#[test]
fn token_extractor() {
    let g = games("[Event \"x\"]\n\n1. h2e2 h9g7 2. h0g2\n1-0\n\n[Event \"y\"]\n1. c3c4 *\n");
    assert_eq!(g.len(), 2);
    assert_eq!(g[0].moves, ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(g[1].moves, ["c3c4"]);
}

/// Replays `game` and checks that writing each move back gives the source token.
fn check_write_back(game: &Game, label: &str, write: impl Fn(&Position, Move) -> String) -> usize {
    let mut pos = start(game);
    for (ply, tok) in game.moves.iter().enumerate() {
        let m = notation::parse_move(&pos, tok).expect("replayed before");
        assert_eq!(write(&pos, m), *tok, "{label}, ply {}", ply + 1);
        pos.play(m).unwrap();
    }
    game.moves.len()
}

/// The one place where the wukong files disagree: in game 2 (Jiafun Cup 1997, LIU DianZhong -
/// LIU DaHua), move 36, Red has pawns on e3 and e5; the ICCS file plays the front pawn (e5e6),
/// the Chinese and WXF files the rear one (`后兵进一`, `－Ｐ＋１`, e3e4). All three records
/// stay legal to the end, so the data itself is inconsistent there.
const KNOWN_DISAGREEMENT: (usize, usize, &str, &str) = (2, 71, "e5e6", "e3e4");

type Disagreement = (usize, usize, String, String);

#[test]
fn wukong_three_notations_agree_and_round_trip() {
    let iccs = games(&read_utf8("games/wukong/bulk_games_uci.pgn"));
    let chinese_games = games(&read_utf8("games/wukong/xqdb_traditional.pgn"));
    let wxf_games = games(&read_utf8("games/wukong/xqdb_international.pgn"));
    assert_eq!(iccs.len(), 15);
    assert_eq!(chinese_games.len(), 15);
    assert_eq!(wxf_games.len(), 15);
    let mut disagreements: Vec<Disagreement> = Vec::new();
    let mut plies = 0;
    for (i, ((a, b), c)) in iccs.iter().zip(&chinese_games).zip(&wxf_games).enumerate() {
        let game = i + 1;
        let from_iccs = replay(a, &format!("ICCS game {game}"));
        let from_chinese = replay(b, &format!("Chinese game {game}"));
        let from_wxf = replay(c, &format!("WXF game {game}"));
        assert_eq!(from_iccs.len(), from_chinese.len(), "game {game}");
        assert_eq!(from_iccs.len(), from_wxf.len(), "game {game}");
        // Chinese and WXF come from the same source and agree everywhere.
        assert_eq!(from_chinese, from_wxf, "game {game}: Chinese vs WXF");
        for (ply, (x, y)) in from_iccs.iter().zip(&from_chinese).enumerate() {
            if x != y {
                disagreements.push((game, ply + 1, x.clone(), y.clone()));
            }
        }
        assert_eq!(Notation::detect(&a.moves[0]), Some(Notation::Iccs));
        assert_eq!(Notation::detect(&b.moves[0]), Some(Notation::Chinese));
        assert_eq!(Notation::detect(&c.moves[0]), Some(Notation::Wxf));
        // Writing back reproduces the source tokens.
        let label = format!("game {game}");
        plies += check_write_back(a, &label, |p, m| notation::write_move(p, m, Notation::Iccs));
        check_write_back(b, &label, |p, m| {
            notation::write_move(p, m, Notation::Chinese)
        });
        check_write_back(b, &label, |p, m| {
            chinese::write_with(p, m, &ChineseOptions::SIMPLIFIED)
        });
        check_write_back(c, &label, |p, m| {
            wxf::write_with(p, m, &WxfOptions::FULL_WIDTH)
        });
    }
    let (g, ply, x, y) = KNOWN_DISAGREEMENT;
    assert_eq!(disagreements, [(g, ply, x.to_owned(), y.to_owned())]);
    assert!(plies > 1000, "{plies} plies");
}

#[test]
fn ccpd_world_cup_traditional_round_trip() {
    let path = shared_data("games/ccpd/world-cup.pgn");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (text, _, had_errors) = encoding_rs::BIG5.decode(&bytes);
    assert!(!had_errors, "world-cup.pgn is valid Big5");
    // Every game starts with a `[Game ...]` tag.
    let chunks: Vec<&str> = text.split("[Game ").skip(1).collect();
    assert_eq!(chunks.len(), 1389);
    let mut failures = Vec::new();
    let mut plies = 0usize;
    for (index, chunk) in chunks.iter().enumerate() {
        let list = games(&format!("[Game {chunk}"));
        assert_eq!(list.len(), 1, "game {}", index + 1);
        let game = &list[0];
        let mut pos = start(game);
        for (ply, tok) in game.moves.iter().enumerate() {
            let at = format!("world-cup.pgn game {} ply {} {tok:?}", index + 1, ply + 1);
            let m = match chinese::parse(&pos, tok) {
                Ok(m) => m,
                Err(e) => {
                    failures.push(format!("{at}: {e}"));
                    break;
                }
            };
            let written = chinese::write_with(&pos, m, &ChineseOptions::CCPD);
            if written != *tok {
                failures.push(format!("{at}: written back as {written:?}"));
            }
            pos.play(m).unwrap();
            plies += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(plies > 100_000, "{plies} plies");
}
