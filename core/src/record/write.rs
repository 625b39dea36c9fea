//! The PGN writer.

use super::game::Game;
use crate::notation::{self, Notation};
use crate::Color;
use core::fmt::Write as _;

/// Writes `game` as PGN: its tag pairs in order, then the moves numbered one move pair per line,
/// then the termination marker ([`Game::result`]), and a blank line. Moves are written in
/// `notation` by [`notation::write_move`] (ICCS `h2e2`, WXF `C2.5`, or simplified Chinese
/// `炮二平五` with full-width digits for Black, `马８进７`).
///
/// Tags are written as stored (quotes and backslashes escaped, line breaks turned into spaces),
/// with one exception: when the `FEN` tag is missing or does not describe [`Game::start`] (an
/// empty value describes the standard start), the start position's FEN is written instead.
/// No tag is added otherwise: the result travels in the termination marker.
///
/// Reading the output back with [`read_games`](super::read_games) and replaying it gives the
/// same game (tag values without line breaks).
///
/// ```
/// use xqr_core::notation::Notation;
/// use xqr_core::record::{read_games, write_pgn, Game, GameResult};
/// use xqr_core::{MoveRules, Position};
/// let mut game = Game::new(Position::new());
/// game.set_tag("Red", "\"Tiger\" Hu");
/// game.set_tag("Result", "*");
/// game.set_result(GameResult::RedWins);
/// for m in ["h2e2", "h9g7", "h0g2"] {
///     game.push(m.parse().unwrap()).unwrap();
/// }
/// let pgn = write_pgn(&game, Notation::Iccs);
/// assert_eq!(pgn, "[Red \"\\\"Tiger\\\" Hu\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7\n2. h0g2\n1-0\n\n");
/// let back = read_games(&pgn)[0].replay(MoveRules::STANDARD).unwrap();
/// assert_eq!(back, game);
/// let chinese = write_pgn(&game, Notation::Chinese);
/// assert!(chinese.ends_with("1. 炮二平五 马８进７\n2. 马二进三\n1-0\n\n"));
/// assert_eq!(read_games(&chinese)[0].replay(MoveRules::STANDARD).unwrap(), game);
/// ```
pub fn write_pgn(game: &Game, notation: Notation) -> String {
    let mut out = String::new();
    let start = game.start();
    let fen = start.fen();
    let describes_start = |value: &str| {
        let value = value.trim();
        if value.is_empty() {
            fen == crate::fen::START_FEN
        } else {
            crate::Setup::from_fen(value).is_ok_and(|s| s.to_fen() == fen)
        }
    };
    let mut fen_written = false;
    for (name, value) in game.tags() {
        if name.eq_ignore_ascii_case("FEN") && !fen_written {
            fen_written = true;
            write_tag(
                &mut out,
                name,
                if describes_start(value) { value } else { &fen },
            );
        } else {
            write_tag(&mut out, name, value);
        }
    }
    if !fen_written && fen != crate::fen::START_FEN {
        write_tag(&mut out, "FEN", &fen);
    }
    if !out.is_empty() {
        out.push('\n');
    }
    let mut pos = start.clone();
    for (i, &m) in game.moves().iter().enumerate() {
        let number = pos.fullmove_number();
        match pos.turn() {
            Color::Red => {
                let _ = write!(out, "{number}. ");
            }
            Color::Black if i == 0 => {
                let _ = write!(out, "{number}... ");
            }
            Color::Black => out.push(' '),
        }
        out.push_str(&notation::write_move(&pos, m, notation));
        if pos.turn() == Color::Black {
            out.push('\n');
        }
        pos.play_unchecked(m);
    }
    if pos.turn() == Color::Black && !game.moves().is_empty() {
        // The last move was Red's: end its line.
        out.push('\n');
    }
    out.push_str(game.result().as_str());
    out.push_str("\n\n");
    out
}

/// Writes several games, one after the other (see [`write_pgn`]).
///
/// ```
/// use xqr_core::notation::Notation;
/// use xqr_core::record::{read_games, write_pgn_games, Game};
/// use xqr_core::Position;
/// let games = [Game::new(Position::new()), Game::new(Position::new())];
/// assert_eq!(read_games(&write_pgn_games(&games, Notation::Wxf)).len(), 2);
/// ```
pub fn write_pgn_games<'a>(
    games: impl IntoIterator<Item = &'a Game>,
    notation: Notation,
) -> String {
    games.into_iter().map(|g| write_pgn(g, notation)).collect()
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    // A name is one word of letters, digits and underscores.
    out.extend(name.chars().map(|c| {
        if c.is_alphanumeric() || c == '_' {
            c
        } else {
            '_'
        }
    }));
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}
