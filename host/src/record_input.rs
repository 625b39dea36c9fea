//! A game of a PGN file as the judges read it: [`RawGame`] → [`GameInput`], keeping where each
//! move stands in the file so that an error on a ply can name its line and column.

use xqr_core::record::{RawGame, SyntaxError};
use xqr_core::rules::{GameInput, JudgeError};

/// A game read from a record, ready to judge, with the place of each move in its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedGame {
    /// 1-based index of the game in its file.
    pub index: usize,
    /// 1-based line where the game starts.
    pub line: usize,
    /// The game: the `FEN` tag (if not empty), the move tokens as written, every tag (the first
    /// of duplicate names), and `Result` set from the termination marker when it is decided.
    pub input: GameInput,
    /// Line and column (1-based) of each move token, ply 1 first.
    pub places: Vec<(usize, usize)>,
}

impl RecordedGame {
    /// Reads a raw game; fails with the first syntax error met while reading it.
    ///
    /// ```
    /// use xqr_core::record::read_games;
    /// use xqr_host::record_input::RecordedGame;
    /// let games = read_games("[Red \"胡荣华\"]\n[Result \"*\"]\n1. h2e2 h9g7 1-0\n");
    /// let game = RecordedGame::from_raw(&games[0]).unwrap();
    /// assert_eq!(game.input.moves, ["h2e2", "h9g7"]);
    /// assert_eq!(game.input.tags["Result"], "1-0");
    /// assert_eq!(game.places, [(3, 4), (3, 9)]);
    /// ```
    pub fn from_raw(raw: &RawGame) -> Result<RecordedGame, SyntaxError> {
        RecordedGame::from_raw_game(raw.clone())
    }

    /// As [`RecordedGame::from_raw`], taking the game's texts over instead of copying them.
    pub fn from_raw_game(raw: RawGame) -> Result<RecordedGame, SyntaxError> {
        if let Some(e) = raw.syntax_errors().first() {
            return Err(e.clone());
        }
        let (index, line) = (raw.index(), raw.line());
        let fen = raw
            .tag("FEN")
            .filter(|f| !f.trim().is_empty())
            .map(str::to_owned);
        let result = raw.termination().filter(|r| r.is_decided());
        let (tags, tokens) = raw.into_tags_and_tokens();
        let places = tokens.iter().map(|t| (t.line, t.column)).collect();
        let mut input = GameInput {
            fen,
            moves: tokens.into_iter().map(|t| t.text).collect(),
            ..GameInput::default()
        };
        for t in tags {
            input.tags.entry(t.name).or_insert(t.value);
        }
        if let Some(r) = result {
            input.tags.insert("Result".to_owned(), r.pgn().to_owned());
        }
        Ok(RecordedGame {
            index,
            line,
            input,
            places,
        })
    }

    /// Line and column of the move of ply `ply` (1-based), if the game has that ply.
    pub fn place_of(&self, ply: u32) -> Option<(usize, usize)> {
        ply.checked_sub(1)
            .and_then(|i| self.places.get(i as usize))
            .copied()
    }

    /// Line and column of the move a judging error concerns, if it concerns one.
    pub fn place_of_error(&self, e: &JudgeError) -> Option<(usize, usize)> {
        e.ply().and_then(|p| self.place_of(p))
    }
}

/// A game picked out of a PGN file, with the label that names it in messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PickedGame {
    /// The game.
    pub game: RecordedGame,
    /// `SOURCE, game N (line L)`.
    pub label: String,
    /// How many games the file holds.
    pub count: usize,
}

impl PickedGame {
    /// Game `index` (1-based) of a PGN file's `bytes` (UTF-8, GBK or Big5, detected), named
    /// `source` in messages; the error is the message, located.
    pub fn read(bytes: &[u8], index: usize, source: &str) -> Result<PickedGame, String> {
        let (games, _) =
            xqr_core::record::read_games_from_bytes(bytes).map_err(|e| format!("{source}: {e}"))?;
        let count = games.len();
        let raw = games
            .into_iter()
            .nth(index.wrapping_sub(1))
            .ok_or_else(|| {
                format!("{source}: there is no game {index} (the file holds {count})")
            })?;
        let label = format!("{source}, game {index} (line {})", raw.line());
        let game = RecordedGame::from_raw(&raw).map_err(|e| format!("{label}: {e}"))?;
        Ok(PickedGame { game, label, count })
    }

    /// A judging error as a message naming the game and, for a ply, its line and column.
    pub fn locate(&self, e: &JudgeError) -> String {
        match self.game.place_of_error(e) {
            Some((l, c)) => format!("{} (line {l}, column {c}): {e}", self.label),
            None => format!("{}: {e}", self.label),
        }
    }
}
