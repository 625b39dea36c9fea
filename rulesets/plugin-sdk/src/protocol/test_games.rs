//! Games the protocol's tests write and read.

use xqr_core::rules::GameInput;

/// A game of these moves, FEN and tags.
pub(crate) fn game(moves: &[&str], fen: Option<&str>, tags: &[(&str, &str)]) -> GameInput {
    GameInput {
        fen: fen.map(str::to_owned),
        moves: moves.iter().map(|m| (*m).into()).collect(),
        tags: tags
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
    }
}
