//! The shared CCPD corpus (3,312 master games, Big5; `shared/data/games/ccpd`) as judge
//! inputs in ICCS, for the judging benches of `xqr-cxa1999` and `xqr-cxa2011` (included with
//! `#[path]`; `None`, with a message, when the data is not there).

use std::path::PathBuf;

use xqr_core::record::read_games_from_bytes;
use xqr_core::rules::GameInput;
use xqr_core::MoveRules;

/// Every game of the corpus, its moves in ICCS.
pub fn corpus() -> Option<Vec<GameInput>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/games/ccpd");
    let mut games = Vec::new();
    for name in ["a-league.pgn", "asian-cup.pgn", "world-cup.pgn"] {
        let bytes = match std::fs::read(dir.join(name)) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("judge bench: skipped, cannot read {name}: {e}");
                return None;
            }
        };
        let (raws, _) = read_games_from_bytes(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        for raw in raws {
            let game = raw
                .replay(MoveRules::STANDARD)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            games.push(GameInput {
                fen: None,
                moves: game.moves().iter().map(|m| m.to_string().into()).collect(),
                ..GameInput::default()
            });
        }
    }
    Some(games)
}
