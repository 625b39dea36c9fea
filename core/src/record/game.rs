//! A replayed game: tags, start position, legal moves and result.

pub use crate::outcome::{GameResult, ParseResultError};
use crate::{IllegalMove, Move, Position};

/// A game: its tags (in file order), the start position, the moves (all legal) and the result.
///
/// Games come from [`RawGame::replay`](super::RawGame::replay) or are built move by move:
///
/// ```
/// use xqr_core::record::{Game, GameResult};
/// use xqr_core::Position;
/// let mut game = Game::new(Position::new());
/// game.set_tag("Red", "许银川");
/// game.push("h2e2".parse().unwrap()).unwrap();
/// game.push("h9g7".parse().unwrap()).unwrap();
/// assert!(game.push("h2e2".parse().unwrap()).is_err());
/// game.set_result(GameResult::Draw);
/// assert_eq!(game.tag("Red"), Some("许银川"));
/// assert_eq!(game.moves().len(), 2);
/// assert_eq!(game.positions().count(), 3);
/// assert_eq!(game.end().fen(), "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    tags: Vec<(String, String)>,
    start: Position,
    moves: Vec<Move>,
    end: Position,
    result: GameResult,
}

impl Game {
    /// A game without moves, starting at `start`, result unknown. It has no tags, except a `FEN`
    /// tag when `start` is not the standard start position.
    ///
    /// ```
    /// use xqr_core::record::Game;
    /// use xqr_core::{MoveRules, Position};
    /// assert!(Game::new(Position::new()).tags().is_empty());
    /// let fen = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1";
    /// let game = Game::new(Position::from_fen(fen, MoveRules::STANDARD).unwrap());
    /// assert_eq!(game.tag("FEN"), Some(fen));
    /// ```
    pub fn new(start: Position) -> Game {
        let fen = start.fen();
        let tags = if fen == crate::fen::START_FEN {
            Vec::new()
        } else {
            vec![("FEN".to_owned(), fen)]
        };
        Game {
            tags,
            end: start.clone(),
            start,
            moves: Vec::new(),
            result: GameResult::Undecided,
        }
    }

    pub(crate) fn from_parts(
        tags: Vec<(String, String)>,
        start: Position,
        moves: Vec<Move>,
        end: Position,
        result: GameResult,
    ) -> Game {
        Game {
            tags,
            start,
            moves,
            end,
            result,
        }
    }

    /// The tag pairs in file order (duplicates kept).
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of the first tag named `name` (exact match, or else ASCII case-insensitive).
    ///
    /// ```
    /// use xqr_core::record::read_games;
    /// let games = read_games("[Red \"胡荣华\"]\n[Event \"a \\\"quoted\\\" word\"]\n1. h2e2 *");
    /// let game = games[0].replay(Default::default()).unwrap();
    /// assert_eq!(game.tag("red"), Some("胡荣华"));
    /// assert_eq!(game.tag("Event"), Some("a \"quoted\" word"));
    /// assert_eq!(game.tag("Black"), None);
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name).map(|i| self.tags[i].1.as_str())
    }

    /// Sets the first tag named `name` (see [`Game::tag`]) or appends a new one.
    ///
    /// Tags are text: setting `FEN` or `Result` here changes neither [`Game::start`] nor
    /// [`Game::result`].
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match find_tag(&self.tags, name) {
            Some(i) => self.tags[i].1 = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
    }

    /// The start position (from the `FEN` tag, else the standard start).
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves, all legal, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position after the last move.
    pub fn end(&self) -> &Position {
        &self.end
    }

    /// The recorded result: the termination marker of the movetext if there is one, else the
    /// `Result` tag, else [`GameResult::Undecided`].
    pub fn result(&self) -> GameResult {
        self.result
    }

    /// Sets the recorded result, and the `Result` tag if the game has one.
    pub fn set_result(&mut self, result: GameResult) {
        self.result = result;
        if let Some(i) = find_tag(&self.tags, "Result") {
            self.tags[i].1 = result.as_str().to_owned();
        }
    }

    /// Appends a move after checking it is legal in [`Game::end`].
    pub fn push(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.end.play(m)?;
        self.moves.push(m);
        Ok(())
    }

    /// The positions of the game: the start position, then the position after each move
    /// (`moves().len() + 1` in all). Zip with [`Game::moves`] to get each move with the position
    /// it was played in.
    ///
    /// ```
    /// use xqr_core::record::Game;
    /// use xqr_core::{Color, Position};
    /// let mut game = Game::new(Position::new());
    /// game.push("h2e2".parse().unwrap()).unwrap();
    /// let turns: Vec<Color> = game.positions().map(|p| p.turn()).collect();
    /// assert_eq!(turns, [Color::Red, Color::Black]);
    /// for (before, m) in game.positions().zip(game.moves()) {
    ///     assert!(before.is_legal(*m));
    /// }
    /// ```
    pub fn positions(&self) -> Positions<'_> {
        Positions {
            moves: &self.moves,
            next: 0,
            current: Some(self.start.clone()),
        }
    }
}

fn find_tag(tags: &[(String, String)], name: &str) -> Option<usize> {
    tags.iter()
        .position(|(n, _)| n == name)
        .or_else(|| tags.iter().position(|(n, _)| n.eq_ignore_ascii_case(name)))
}

/// Iterator over the positions of a [`Game`], from [`Game::positions`].
#[derive(Clone, Debug)]
pub struct Positions<'a> {
    moves: &'a [Move],
    next: usize,
    current: Option<Position>,
}

impl Iterator for Positions<'_> {
    type Item = Position;

    fn next(&mut self) -> Option<Position> {
        let current = self.current.take()?;
        if let Some(&m) = self.moves.get(self.next) {
            let mut after = current.clone();
            after.play_unchecked(m);
            self.current = Some(after);
            self.next += 1;
        }
        Some(current)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = if self.current.is_some() {
            self.moves.len() - self.next + 1
        } else {
            0
        };
        (n, Some(n))
    }
}

impl ExactSizeIterator for Positions<'_> {}

impl core::iter::FusedIterator for Positions<'_> {}
