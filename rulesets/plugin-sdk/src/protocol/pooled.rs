//! The games of a `judge` request, their texts read into strings kept from the games judged
//! before.
//!
//! A [`GameInput`] owns a `String` for its FEN and for each tag name and value, and a list of
//! moves (each [`MoveText`] kept in place), so reading a request's games costs allocations, and
//! dropping them frees: over a corpus, a part of what a plugin pays beside the same ruleset built
//! in (whose reader hands its texts over). A plugin reads requests in the host's layout
//! (`canonical.rs`) into [`PooledGame`]s whose strings, and the list holding the moves, come
//! from a pool of the calling thread, and gives each game's back once judged ([`recycle`]);
//! requests read by `serde_json` take nothing from the pool. What is read is exactly what
//! [`GameInput`]'s own reading gives, errors included.

use serde::Deserialize;
use std::cell::RefCell;
use std::collections::BTreeMap;
use xqr_core::rules::GameInput;
use xqr_core::MoveText;

/// How many strings a thread keeps: more than the tags of a batch of games.
const POOL_LIMIT: usize = 1 << 15;

/// How many move lists a thread keeps: more than the games of a batch.
const LISTS_LIMIT: usize = 64;

/// The most moves a kept list has room for: a list grown by a very long record is let go.
const LIST_ROOM_LIMIT: usize = 4096;

/// The most bytes a kept FEN or tag text may hold: a long one (a comment in a tag) would stay in
/// the pool.
const TAG_ROOM_LIMIT: usize = 256;

thread_local! {
    static POOL: RefCell<Pool> = const { RefCell::new(Pool::EMPTY) };
}

/// The strings and the (empty) move lists of games judged before.
pub(crate) struct Pool {
    texts: Vec<String>,
    lists: Vec<Vec<MoveText>>,
}

impl Pool {
    const EMPTY: Pool = Pool {
        texts: Vec::new(),
        lists: Vec::new(),
    };

    /// `text` in a string of the pool, or a new one when the pool has none.
    pub(crate) fn text(&mut self, text: &str) -> String {
        match self.texts.pop() {
            Some(mut s) => {
                s.clear();
                s.push_str(text);
                s
            }
            None => text.to_owned(),
        }
    }

    /// An empty list for a game's moves, with the room of a game judged before if any.
    pub(crate) fn list(&mut self) -> Vec<MoveText> {
        self.lists.pop().unwrap_or_default()
    }
}

/// Runs `f` with the calling thread's pool: taken once for all the texts of a game.
pub(crate) fn with_pool<R>(f: impl FnOnce(&mut Pool) -> R) -> R {
    POOL.with(|pool| f(&mut pool.borrow_mut()))
}

/// A game of a `judge` request: [`GameInput`]'s fields, read alike.
#[derive(Deserialize)]
pub(crate) struct PooledGame {
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    moves: Vec<MoveText>,
    #[serde(default)]
    tags: BTreeMap<String, String>,
}

impl PooledGame {
    /// A game of these fields (the canonical reader takes them from the pool, [`Pool`]).
    pub(crate) fn new(
        fen: Option<String>,
        moves: Vec<MoveText>,
        tags: BTreeMap<String, String>,
    ) -> PooledGame {
        PooledGame { fen, moves, tags }
    }

    /// The game read.
    pub(crate) fn into_game(self) -> GameInput {
        GameInput {
            fen: self.fen,
            moves: self.moves,
            tags: self.tags,
        }
    }
}

/// Gives the move list of `game`, judged, back to the calling thread's pool, and its FEN and
/// tags when they are short.
pub(crate) fn recycle(game: GameInput) {
    let GameInput {
        fen,
        mut moves,
        tags,
    } = game;
    with_pool(|pool| {
        if pool.lists.len() < LISTS_LIMIT && moves.capacity() <= LIST_ROOM_LIMIT {
            moves.clear();
            pool.lists.push(moves);
        }
        let room = POOL_LIMIT.saturating_sub(pool.texts.len());
        let others = fen
            .into_iter()
            .chain(tags.into_iter().flat_map(|(k, v)| [k, v]));
        let short = others.filter(|t| t.capacity() <= TAG_ROOM_LIMIT);
        pool.texts.extend(short.take(room));
    });
}

#[cfg(test)]
mod tests {
    use super::{recycle, PooledGame, POOL};
    use xqr_core::rules::GameInput;

    /// Games read through the pool are those `GameInput` reads, before and after strings are
    /// given back; malformed ones fail with the same message.
    #[test]
    fn reads_as_game_input_does() {
        let texts = [
            r#"{"moves": ["h2e2", "h9g7", "炮二平五"], "tags": {"Result": "1-0"}}"#,
            r#"{"moves": ["\u70ae\u4e8c\u5e73\u4e94", "a long text that is not a move at all"]}"#,
            r#"{"fen": "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "moves": ["e0d0", "e9\"x"]}"#,
            r#"{"moves": []}"#,
            r#"{}"#,
        ];
        for _ in 0..2 {
            for t in texts {
                let pooled: PooledGame = serde_json::from_str(t).unwrap();
                let game = pooled.into_game();
                assert_eq!(game, serde_json::from_str::<GameInput>(t).unwrap(), "{t}");
                recycle(game);
            }
        }
        assert!(POOL.with(|p| !p.borrow().texts.is_empty() && !p.borrow().lists.is_empty()));
        for bad in [
            r#"{"moves": [1]}"#,
            r#"{"moves": "h2e2"}"#,
            r#"{"moves": ["h2e2", null]}"#,
            r#"{"moves": ["h2e2""#,
        ] {
            let ours = serde_json::from_str::<PooledGame>(bad)
                .err()
                .map(|e| e.to_string());
            let theirs = serde_json::from_str::<GameInput>(bad)
                .err()
                .map(|e| e.to_string());
            assert_eq!(ours, theirs, "{bad}");
            assert!(ours.is_some(), "{bad}");
        }
    }
}
