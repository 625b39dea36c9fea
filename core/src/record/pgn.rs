//! The PGN reader: a lenient tokenizer that splits a file into [`RawGame`]s, and the replay that
//! turns a raw game into a [`Game`] of legal moves.

use super::cursor::Cursor;
use super::game::{Game, GameResult};
use crate::fen::START_FEN;
use crate::notation::{self, NotationError};
use crate::{LoadFenError, MoveRules, Position, Setup};
use core::fmt;

/// A tag pair as read, with its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawTag {
    /// Tag name (`Event`, `Red`, `FEN` …).
    pub name: String,
    /// Tag value, with `\"` and `\\` unescaped.
    pub value: String,
    /// 1-based line of the tag.
    pub line: usize,
}

/// A move token as read (move numbers, annotation suffixes `!?`, NAGs, comments and variations
/// removed), with its place in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveToken {
    /// The move text, for instance `h2e2`, `C2.5` or `炮二平五`.
    pub text: crate::MoveText,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

/// A place where the text is not well-formed PGN.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct SyntaxError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: SyntaxErrorKind,
}

/// What is wrong in a [`SyntaxError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxErrorKind {
    /// A `{` comment without its `}` (before the end of the file or the next tag section).
    #[error("comment '{{' is never closed")]
    UnterminatedComment,
    /// A `(` variation without its `)` (before the end of the file or the next tag section).
    #[error("variation '(' is never closed")]
    UnterminatedVariation,
    /// A `)`, `}` or `]` that closes nothing.
    #[error("unmatched {0:?}")]
    Unmatched(char),
    /// A tag pair that cannot be read.
    #[error("malformed tag pair: {0}")]
    MalformedTag(&'static str),
}

/// One game as read from a PGN file, before its moves are checked: tags, move tokens,
/// termination marker and the syntax errors met while reading it.
///
/// Made by [`read_games`] or [`GameReader`]; [`RawGame::replay`] turns it into a [`Game`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawGame {
    index: usize,
    line: usize,
    tags: Vec<RawTag>,
    tokens: Vec<MoveToken>,
    result: Option<GameResult>,
    errors: Vec<SyntaxError>,
}

impl RawGame {
    /// 1-based index of the game in its file.
    pub fn index(&self) -> usize {
        self.index
    }

    /// 1-based line where the game starts.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The tag pairs in file order.
    pub fn tags(&self) -> &[RawTag] {
        &self.tags
    }

    /// The value of the first tag named `name` (exact match, or else ASCII case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.find_tag(name).map(|t| t.value.as_str())
    }

    fn find_tag(&self, name: &str) -> Option<&RawTag> {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .or_else(|| self.tags.iter().find(|t| t.name.eq_ignore_ascii_case(name)))
    }

    /// The move tokens in order.
    pub fn tokens(&self) -> &[MoveToken] {
        &self.tokens
    }

    /// The tag pairs and the move tokens, taken out of the game.
    pub fn into_tags_and_tokens(self) -> (Vec<RawTag>, Vec<MoveToken>) {
        (self.tags, self.tokens)
    }

    /// The termination marker of the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`), if present.
    pub fn termination(&self) -> Option<GameResult> {
        self.result
    }

    /// Syntax errors met while reading this game (a game with any fails to replay).
    pub fn syntax_errors(&self) -> &[SyntaxError] {
        &self.errors
    }

    /// Checks the game and plays its moves: the start position is the `FEN` tag (the standard
    /// start when absent or empty) validated under `rules`, and each token is read with
    /// [`notation::parse_move`] in the current position and must be legal.
    ///
    /// The result is the termination marker unless it is absent or `*`, in which case the
    /// `Result` tag is used when it holds a result.
    ///
    /// ```
    /// use xqr_core::record::{read_games, GameResult, RecordErrorKind};
    /// use xqr_core::MoveRules;
    /// let games = read_games(
    ///     "[Result \"1-0\"]\n1. h2e2 h9g7 2. h0g2 {ok} *\n\n[Event \"bad\"]\n1. h2e2 h2e2 *\n",
    /// );
    /// let game = games[0].replay(MoveRules::STANDARD).unwrap();
    /// assert_eq!(game.moves().len(), 3);
    /// assert_eq!(game.result(), GameResult::RedWins);
    /// let err = games[1].replay(MoveRules::STANDARD).unwrap_err();
    /// assert_eq!((err.game, err.ply(), err.line()), (2, Some(2), 5));
    /// assert!(matches!(*err.kind, RecordErrorKind::Move { .. }));
    /// ```
    pub fn replay(&self, rules: MoveRules) -> Result<Game, RecordError> {
        let fail = |kind| RecordError {
            game: self.index,
            game_line: self.line,
            kind: Box::new(kind),
        };
        if let Some(e) = self.errors.first() {
            return Err(fail(RecordErrorKind::Syntax(e.clone())));
        }
        let fen_tag = self.find_tag("FEN").filter(|t| !t.value.trim().is_empty());
        let start = match fen_tag {
            Some(tag) => Position::from_fen(tag.value.trim(), rules).map_err(|source| {
                fail(RecordErrorKind::Fen {
                    line: tag.line,
                    fen: tag.value.clone(),
                    source,
                })
            })?,
            None => Position::from_setup(Setup::start(), rules).map_err(|e| {
                fail(RecordErrorKind::Fen {
                    line: self.line,
                    fen: START_FEN.to_owned(),
                    source: LoadFenError::Position(e),
                })
            })?,
        };
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(self.tokens.len());
        for (i, tok) in self.tokens.iter().enumerate() {
            let played = notation::parse_move(&pos, &tok.text).and_then(|m| {
                // parse_move checks legality; checking again keeps a parser bug from
                // corrupting the game.
                pos.play(m)
                    .map(|()| m)
                    .map_err(|reason| NotationError::Illegal {
                        text: tok.text.to_string(),
                        reason,
                    })
            });
            match played {
                Ok(m) => moves.push(m),
                Err(source) => {
                    return Err(fail(RecordErrorKind::Move {
                        ply: i + 1,
                        token: tok.text.to_string(),
                        line: tok.line,
                        column: tok.column,
                        source,
                    }))
                }
            }
        }
        let result = match self.result {
            Some(r) if r != GameResult::Undecided => r,
            _ => self
                .tag("Result")
                .and_then(|v| v.parse().ok())
                .unwrap_or(GameResult::Undecided),
        };
        let tags = self
            .tags
            .iter()
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect();
        Ok(Game::from_parts(tags, start, moves, pos, result))
    }
}

/// A game in a record that cannot be replayed, with where and why.
///
/// `Display` gives the whole story, for example
/// `game 3 (line 41): ply 14, move "炮八平五" at line 45, column 10: "炮八平五": no such piece
/// of the side to move`; [`std::error::Error::source`] is the underlying [`NotationError`],
/// [`LoadFenError`] or [`SyntaxError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based index of the game in its file.
    pub game: usize,
    /// 1-based line where the game starts.
    pub game_line: usize,
    /// What went wrong.
    pub kind: Box<RecordErrorKind>,
}

impl RecordError {
    /// The 1-based ply of a bad move, if the error is one.
    pub fn ply(&self) -> Option<usize> {
        match &*self.kind {
            RecordErrorKind::Move { ply, .. } => Some(*ply),
            _ => None,
        }
    }

    /// The 1-based line of the offending text.
    pub fn line(&self) -> usize {
        match &*self.kind {
            RecordErrorKind::Syntax(e) => e.line,
            RecordErrorKind::Fen { line, .. } | RecordErrorKind::Move { line, .. } => *line,
            RecordErrorKind::NoGame => self.game_line,
        }
    }

    /// The move token of a bad move, if the error is one.
    pub fn token(&self) -> Option<&str> {
        match &*self.kind {
            RecordErrorKind::Move { token, .. } => Some(token),
            _ => None,
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {} (line {}): {}",
            self.game, self.game_line, self.kind
        )
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &*self.kind {
            RecordErrorKind::Syntax(e) => Some(e),
            RecordErrorKind::Fen { source, .. } => Some(source),
            RecordErrorKind::Move { source, .. } => Some(source),
            RecordErrorKind::NoGame => None,
        }
    }
}

/// What went wrong in a [`RecordError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordErrorKind {
    /// The text of the game is not well-formed PGN.
    #[error("{0}")]
    Syntax(SyntaxError),
    /// The `FEN` tag is not a legal position under the rules.
    #[error("FEN tag at line {line} ({fen:?}): {source}")]
    Fen {
        /// 1-based line of the tag.
        line: usize,
        /// The tag value.
        fen: String,
        /// Why it is rejected.
        source: LoadFenError,
    },
    /// A move token is unreadable or illegal in its position.
    #[error("ply {ply}, move {} at line {line}, column {column}: {source}", crate::Quoted(.token))]
    Move {
        /// 1-based ply (half-move) number in the game.
        ply: usize,
        /// The token.
        token: String,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// Why it is rejected.
        source: NotationError,
    },
    /// The text holds no game at all.
    #[error("no game found")]
    NoGame,
}

/// Reads every game of a PGN text. Never fails: problems are kept in each [`RawGame`] and
/// reported by [`RawGame::replay`], so one bad game never hides the others.
///
/// ```
/// use xqr_core::record::read_games;
/// let text = "[Event \"one\"]\n1. h2e2 {center cannon} h9g7 (1... b9c7 2. h0g2) 2. h0g2 $1 1-0\n\
///             [Event \"two\"]\n1.c3c4! ; pawn\n*";
/// let games = read_games(text);
/// assert_eq!(games.len(), 2);
/// let tokens: Vec<&str> = games[0].tokens().iter().map(|t| t.text.as_str()).collect();
/// assert_eq!(tokens, ["h2e2", "h9g7", "h0g2"]);
/// assert_eq!(games[1].tokens()[0].text, "c3c4");
/// assert_eq!((games[1].index(), games[1].line(), games[1].tokens()[0].line), (2, 3, 4));
/// ```
pub fn read_games(text: &str) -> Vec<RawGame> {
    GameReader::new(text).collect()
}

/// An iterator over the games of a PGN text (see [`read_games`]).
///
/// A game starts at a tag section (or, without tags, at the first movetext) and ends at its
/// termination marker or at the next tag section; blank lines are not needed. Comments `{…}` and
/// `;…`, `%` escape lines, variations `(…)` (nested), NAGs `$n`, move numbers (`1.`, `1...`) and
/// the annotation suffixes `!` `?` are skipped. A `{` or `(` that is not closed before a line
/// that starts a tag pair is an error of its game, and reading goes on with the next game.
#[derive(Clone, Debug)]
pub struct GameReader<'a> {
    cur: Cursor<'a>,
    next_index: usize,
    /// Move tokens of the game read last: games of a file are alike in length, so a game's
    /// list is made that large at once instead of grown a few times.
    tokens_hint: usize,
}

impl<'a> GameReader<'a> {
    /// Reads `text`.
    pub fn new(text: &'a str) -> GameReader<'a> {
        GameReader {
            cur: Cursor::new(text),
            next_index: 1,
            tokens_hint: 0,
        }
    }

    /// Reads `text`, a piece of a longer text that starts where `place` stood; `last` tells
    /// whether the piece runs to the end of the whole.
    pub(super) fn resume(text: &'a str, place: ReaderPlace, last: bool) -> GameReader<'a> {
        let mut cur = Cursor::new(text);
        cur.line = place.line;
        cur.column = place.column;
        cur.blank_so_far = place.blank_so_far;
        cur.partial = !last;
        GameReader {
            cur,
            next_index: place.next_index,
            tokens_hint: 0,
        }
    }

    /// Where the reader stands: bytes of its text read, and the place to resume from.
    pub(super) fn place(&self) -> (usize, ReaderPlace) {
        let place = ReaderPlace {
            line: self.cur.line,
            column: self.cur.column,
            blank_so_far: self.cur.blank_so_far,
            next_index: self.next_index,
        };
        (self.cur.pos, place)
    }

    /// The next game, if the text read so far decides it whole; `None` when it does not (the
    /// reader then stands where it stood, to be resumed with more text) or no game is left.
    pub(super) fn next_decided(&mut self) -> Option<RawGame> {
        let before = (self.cur.clone(), self.next_index);
        self.cur.hit_end.set(false);
        let game = self.next();
        if self.cur.hit_end.get() {
            (self.cur, self.next_index) = before;
            return None;
        }
        game
    }
}

/// Where a [`GameReader`] stopped in a text read in pieces: enough to resume it on the next
/// piece as if the text were whole.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct ReaderPlace {
    line: usize,
    column: usize,
    blank_so_far: bool,
    next_index: usize,
}

impl ReaderPlace {
    /// The start of a text.
    pub(super) const START: ReaderPlace = ReaderPlace {
        line: 1,
        column: 0,
        blank_so_far: true,
        next_index: 1,
    };
}

impl Iterator for GameReader<'_> {
    type Item = RawGame;

    fn next(&mut self) -> Option<RawGame> {
        loop {
            self.cur.skip_ws();
            self.cur.peek()?;
            let mut game = RawGame {
                index: self.next_index,
                line: self.cur.line,
                tags: Vec::new(),
                tokens: Vec::with_capacity(self.tokens_hint),
                result: None,
                errors: Vec::new(),
            };
            self.read_tags(&mut game);
            self.read_movetext(&mut game);
            let empty = game.tags.is_empty()
                && game.tokens.is_empty()
                && game.result.is_none()
                && game.errors.is_empty();
            if !empty {
                self.tokens_hint = game.tokens.len();
                self.next_index += 1;
                return Some(game);
            }
        }
    }
}

impl GameReader<'_> {
    fn read_tags(&mut self, game: &mut RawGame) {
        loop {
            self.cur.skip_ws();
            match self.cur.peek() {
                Some('[') => self.read_tag(game),
                Some('{') => self.cur.comment(&mut game.errors),
                Some(';') => self.cur.skip_line(),
                Some('%') if self.cur.at_line_start() => self.cur.skip_line(),
                _ => return,
            }
        }
    }

    fn read_tag(&mut self, game: &mut RawGame) {
        let cur = &mut self.cur;
        let (line, column) = (cur.line, cur.column());
        let mut error = |cur: &mut Cursor<'_>, reason| {
            game.errors.push(SyntaxError {
                line,
                column,
                kind: SyntaxErrorKind::MalformedTag(reason),
            });
            cur.skip_line();
        };
        cur.bump(); // '['
        cur.skip_blanks();
        let name_start = cur.pos;
        // The name's characters up to a space, quote or bracket in one walk; the loop below
        // reads on only past a byte order mark, which the walk takes for a space.
        cur.skip_word(|d| matches!(d, b'"' | b']' | b'['));
        while let Some(c) = cur.peek() {
            if c.is_whitespace() || matches!(c, '"' | ']' | '[') {
                break;
            }
            cur.bump();
        }
        let name = cur.text[name_start..cur.pos].to_owned();
        if name.is_empty() {
            return error(cur, "missing tag name");
        }
        cur.skip_blanks();
        let value = if cur.peek() == Some('"') {
            cur.bump();
            match cur.quoted_value() {
                Some(v) => v,
                None => return error(cur, "tag value has no closing quote on its line"),
            }
        } else {
            // Lenient: an unquoted value up to the closing bracket on the same line.
            let rest = cur.rest_of_line();
            match rest.find(']') {
                Some(end) => {
                    let v = rest[..end].trim().to_owned();
                    cur.advance_bytes(end);
                    v
                }
                None => return error(cur, "tag value is neither quoted nor closed by ']'"),
            }
        };
        cur.skip_blanks();
        match cur.peek() {
            Some(']') => {
                cur.bump();
            }
            // Lenient: a missing ']' at the end of the line.
            None | Some('\n' | '\r') => {}
            Some(_) => return error(cur, "unexpected text after the tag value"),
        }
        game.tags.push(RawTag { name, value, line });
    }

    fn read_movetext(&mut self, game: &mut RawGame) {
        let cur = &mut self.cur;
        loop {
            cur.skip_ws();
            // Every character this looks for is ASCII: a token's first byte, not its character.
            let Some(b) = cur.peek_byte() else { return };
            match b {
                b'[' => return, // the next game's tag section
                b'{' => cur.comment(&mut game.errors),
                b';' => cur.skip_line(),
                b'%' if cur.at_line_start() => cur.skip_line(),
                b'(' => cur.variation(&mut game.errors),
                b')' | b'}' | b']' => {
                    game.errors.push(SyntaxError {
                        line: cur.line,
                        column: cur.column(),
                        kind: SyntaxErrorKind::Unmatched(char::from(b)),
                    });
                    cur.bump();
                }
                b'$' => {
                    cur.bump();
                    while cur.peek().is_some_and(|d| d.is_ascii_digit()) {
                        cur.bump();
                    }
                }
                _ => {
                    let (line, column) = (cur.line, cur.column());
                    let start = cur.pos;
                    cur.skip_word(|d| {
                        matches!(d, b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$')
                    });
                    let raw = &cur.text[start..cur.pos];
                    if let Some(r) = termination_marker(raw) {
                        game.result = Some(r);
                        return;
                    }
                    if let Some(text) = move_text(raw) {
                        game.tokens.push(MoveToken {
                            text: text.into(),
                            line,
                            column,
                        });
                    }
                }
            }
        }
    }
}

/// The termination marker a movetext token is, if it is one ([`GameResult::from_pgn`]). A
/// token holds no spaces, and every marker starts with `0`, `1`, `*` or `½`: the other tokens,
/// most of them moves, are not read as markers.
pub(super) fn termination_marker(raw: &str) -> Option<GameResult> {
    let marker = matches!(raw.as_bytes().first(), Some(b'0' | b'1' | b'*')) || raw.starts_with('½');
    marker.then(|| GameResult::from_pgn(raw)).flatten()
}

/// The move in a movetext token, without move number and annotation suffix; `None` for a bare
/// move number, ellipsis or annotation.
fn move_text(raw: &str) -> Option<&str> {
    let is_digit = |c: char| c.is_ascii_digit() || ('０'..='９').contains(&c);
    let is_dot = |c: char| c == '.' || c == '．';
    let mut t = raw;
    // Most tokens are moves, which start with neither a digit nor a dot (the full-width forms
    // start with the byte 0xEF) and end without a suffix: they are taken as they are.
    if matches!(t.as_bytes().first(), Some(b'0'..=b'9' | b'.' | 0xEF)) {
        // A move number in ASCII (`12.`), as nearly every record writes it, a byte at a time.
        let ascii = t.bytes().take_while(u8::is_ascii_digit).count();
        let rest = &t[ascii..];
        if ascii > 0 && !rest.is_empty() && rest.bytes().all(|b| b == b'.') {
            return None;
        }
        let after_digits = t.trim_start_matches(is_digit);
        if after_digits.len() < t.len() && after_digits.starts_with(is_dot) {
            t = after_digits;
        }
        t = t.trim_start_matches(is_dot);
    }
    // '!' and '?', or the last byte of '！' (EF BC 81) or '？' (EF BC 9F).
    if matches!(t.as_bytes().last(), Some(b'!' | b'?' | 0x81 | 0x9F)) {
        t = t.trim_end_matches(['!', '?', '！', '？']);
    }
    (!t.is_empty()).then_some(t)
}
