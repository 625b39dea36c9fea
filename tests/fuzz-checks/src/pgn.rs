//! PGN bytes in any supported encoding: decoded, split, replayed, and written back.

use xqr_core::notation::Notation;
use xqr_core::record::{read_games_from_bytes, write_pgn, Encoding, Game, GameStream, StreamError};
use xqr_core::MoveRules;

use crate::notation::round_trip;

/// At most this many games of one input are replayed, so that one input stays fast.
const MAX_GAMES: usize = 8;

/// Reads `data` as a PGN file. Read in pieces, it gives what it gives read whole; UTF-8 input
/// decodes to itself; every game that replays (under
/// standard or Jieqi rules) has every move round-trip through every notation, and is written
/// in every notation as PGN that reads back as the same start, moves and result.
pub fn check_pgn(data: &[u8]) {
    check_stream(data);
    let Ok((games, encoding)) = read_games_from_bytes(data) else {
        return;
    };
    if encoding == Encoding::Utf8 {
        assert!(
            std::str::from_utf8(data).is_ok(),
            "invalid UTF-8 decoded as UTF-8"
        );
    }
    for raw in games.iter().take(MAX_GAMES) {
        for rules in [MoveRules::STANDARD, MoveRules::JIEQI] {
            if let Ok(game) = raw.replay(rules) {
                check_game(&game, rules);
            }
        }
    }
}

/// Read in small pieces (seams everywhere), the bytes give what they give read whole: the same
/// games and encoding, or the same decoding error.
fn check_stream(data: &[u8]) {
    let whole = read_games_from_bytes(data);
    for (piece, window) in [(1, 1), (3, 7), (64, 16)] {
        let streamed = GameStream::open_in_pieces(std::io::Cursor::new(data), piece, window).map(
            |(stream, encoding)| {
                let games: Vec<_> = stream.map(|g| g.expect("in memory")).collect();
                (games, encoding)
            },
        );
        match (&whole, streamed) {
            (Ok(w), Ok(s)) => assert_eq!(w, &s, "pieces of {piece}, window {window}"),
            (Err(w), Err(StreamError::Decode(s))) => assert_eq!(w, &s, "pieces of {piece}"),
            (w, s) => panic!("read whole: {w:?}; in pieces of {piece}: {s:?}"),
        }
    }
}

fn check_game(game: &Game, rules: MoveRules) {
    for (pos, &m) in game.positions().zip(game.moves()) {
        round_trip(&pos, m);
    }
    for notation in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
        let text = write_pgn(game, notation);
        let back = Game::from_pgn(&text, rules).unwrap_or_else(|e| {
            panic!("written in {notation:?}, the game does not read back: {e}\n{text}")
        });
        assert_eq!(back.start(), game.start(), "start in {notation:?}:\n{text}");
        assert_eq!(back.moves(), game.moves(), "moves in {notation:?}:\n{text}");
        assert_eq!(
            back.result(),
            game.result(),
            "result in {notation:?}:\n{text}"
        );
    }
}
