//! Tests of the PGN reader, replay and writer.

use super::*;
use crate::notation::Notation;
use crate::{MoveRules, Position};
use proptest::prelude::*;

fn texts(game: &RawGame) -> Vec<&str> {
    game.tokens().iter().map(|t| t.text.as_str()).collect()
}

fn tag_pairs(game: &RawGame) -> Vec<(&str, &str)> {
    game.tags()
        .iter()
        .map(|t| (t.name.as_str(), t.value.as_str()))
        .collect()
}

#[test]
fn move_numbers_nags_and_suffixes() {
    let games =
        read_games("1. h2e2 h9g7 2.h0g2 2... i9h9!? 3. c3c4?! $14 $1 g6g5!! 4. ... b0c2 ?? 5.");
    assert_eq!(games.len(), 1);
    assert_eq!(
        texts(&games[0]),
        ["h2e2", "h9g7", "h0g2", "i9h9", "c3c4", "g6g5", "b0c2"]
    );
    assert_eq!(games[0].termination(), None);
    assert!(games[0].syntax_errors().is_empty());
    let game = games[0].replay(MoveRules::STANDARD).unwrap();
    assert_eq!(game.moves().len(), 7);
    assert_eq!(game.result(), GameResult::Undecided);
}

/// A token of digits and dots only is a move number, whatever the dots; digits without a dot,
/// a move number written before its move, and full-width forms read as before.
#[test]
fn move_number_tokens_in_every_form() {
    let games = read_games("12. h2e2 12... h9g7 13.h0g2 ．. 14 １４．i9h9 15.．c3c4 16．g6g5");
    assert_eq!(
        texts(&games[0]),
        ["h2e2", "h9g7", "h0g2", "14", "i9h9", "c3c4", "g6g5"]
    );
}

/// A tag's name runs to a space, a quote or a bracket: a byte order mark inside it is part of
/// it (it is no white space), and the value's column counts the name's characters.
#[test]
fn a_tag_name_runs_to_a_space_quote_or_bracket() {
    let games = read_games("[Ev\u{FEFF}ent \"a\"] [Site\"b\"] [Round\t\"3\" junk]");
    assert_eq!(
        tag_pairs(&games[0]),
        [("Ev\u{FEFF}ent", "a"), ("Site", "b")]
    );
    let e = &games[0].syntax_errors()[0];
    assert_eq!((e.line, e.column), (1, 24));
}

#[test]
fn token_lines_and_columns() {
    let games = read_games("[Event \"x\"]\n\n1. h2e2  h9g7\n  2. h0g2\n");
    let t = games[0].tokens();
    assert_eq!((t[0].line, t[0].column), (3, 4));
    assert_eq!((t[1].line, t[1].column), (3, 10));
    assert_eq!((t[2].line, t[2].column), (4, 6));
    assert_eq!(games[0].line(), 1);
    // Columns count characters, not bytes.
    let games = read_games("1. 炮二平五 馬８進７");
    assert_eq!(games[0].tokens()[1].column, 9);
}

#[test]
fn comments() {
    let text = "[Event \"c\"] ; a comment after a tag\n\
                {before the moves} 1. h2e2 {a {brace comment\n spanning [two] lines} h9g7 ; rest of line 1-0\n\
                % escape line h0g2\n\
                2. h0g2{glued}i9h9 *";
    let games = read_games(text);
    assert_eq!(games.len(), 1);
    assert_eq!(tag_pairs(&games[0]), [("Event", "c")]);
    assert_eq!(texts(&games[0]), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!(games[0].termination(), Some(GameResult::Undecided));
    assert!(games[0].syntax_errors().is_empty());
}

#[test]
fn nested_variations_are_skipped() {
    let text = "1. h2e2 (1. c3c4 (1. b2e2 {(not closed here} ) 1... c6c5; )\n) h9g7 (1... b9c7 2. h0g2 (2. b0c2)) 2. h0g2 1/2-1/2";
    let games = read_games(text);
    assert_eq!(games.len(), 1);
    assert_eq!(texts(&games[0]), ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(games[0].termination(), Some(GameResult::Draw));
    assert!(games[0].syntax_errors().is_empty());
    let game = games[0].replay(MoveRules::STANDARD).unwrap();
    assert_eq!(game.result(), GameResult::Draw);
}

/// What the reader takes byte by byte must read as the characters do: an ideographic space
/// (U+3000) or a byte order mark ends a move, full-width move numbers and suffixes are taken
/// off, and columns after Chinese text count characters.
#[test]
fn full_width_numbers_suffixes_and_spaces() {
    let games = read_games(
        "[Event \"全國賽\"] [Site \"x\"]\n１．炮二平五！　馬８進７？\u{FEFF}2.h0g2！？ ½-½",
    );
    let game = &games[0];
    assert_eq!(texts(game), ["炮二平五", "馬８進７", "h0g2"]);
    assert_eq!(game.termination(), Some(GameResult::Draw));
    assert_eq!(tag_pairs(game), [("Event", "全國賽"), ("Site", "x")]);
    assert_eq!(game.tags()[1].line, 1);
    let t = game.tokens();
    assert_eq!(
        [(t[0].line, t[0].column), (t[1].line, t[1].column)],
        [(2, 1), (2, 9)]
    );
    assert_eq!(t[2].column, 15);
    assert!(game.syntax_errors().is_empty());
    // A tag after a Chinese value: its column counts characters.
    let games = read_games("[Event \"全國賽\"] [Site \"x\" junk]");
    let e = &games[0].syntax_errors()[0];
    assert_eq!((e.line, e.column), (1, 15));
}

/// Every space splits tokens and counts one column, whichever bytes it takes: the ASCII ones
/// the reader skips a byte at a time (vertical tab and form feed among them), and those
/// beyond ASCII (U+00A0, U+0085, U+1680, U+2003, U+2028, U+3000, U+FEFF). Characters sharing
/// a first byte with those spaces (`©`, `→`, `、`, full-width letters) stay inside a token, and
/// a line of nothing but spaces before `%` is still a line start.
#[test]
fn every_space_splits_tokens_and_counts_one_column() {
    let games = read_games(concat!(
        "1.h2e2\u{A0}h9g7\u{85}2.\u{2028}h0g2\u{1680}h7h0\x0B3.\x0Ci0h0\r\n",
        "i9h9\u{3000}©→、ＡＢ\u{FEFF}h2e2\n",
        "\u{3000}\u{A0}% a line the reader skips\n",
        "\u{2003}c3c4 *",
    ));
    assert_eq!(games.len(), 1);
    let game = &games[0];
    let found: Vec<(&str, usize, usize)> = game
        .tokens()
        .iter()
        .map(|t| (t.text.as_str(), t.line, t.column))
        .collect();
    assert_eq!(
        found,
        [
            ("h2e2", 1, 1),
            ("h9g7", 1, 8),
            ("h0g2", 1, 16),
            ("h7h0", 1, 21),
            ("i0h0", 1, 29),
            ("i9h9", 2, 1),
            ("©→、ＡＢ", 2, 6),
            ("h2e2", 2, 12),
            ("c3c4", 4, 2),
        ]
    );
    assert!(game.termination().is_some());
    assert!(game.syntax_errors().is_empty());
}

#[test]
fn escaped_quotes_in_tags() {
    let text = r#"[Event "The \"Silver\" Cup \\ 2024"][Site "北京"]
[Annotator "a "quoted" name"]
[Round ""]
[Black     "spaces"   ]
[White unquoted value]
1. h2e2"#;
    let games = read_games(text);
    assert_eq!(games.len(), 1);
    assert_eq!(
        tag_pairs(&games[0]),
        [
            ("Event", r#"The "Silver" Cup \ 2024"#),
            ("Site", "北京"),
            ("Annotator", r#"a "quoted" name"#),
            ("Round", ""),
            ("Black", "spaces"),
            ("White", "unquoted value"),
        ]
    );
    assert_eq!(games[0].tags()[2].line, 2);
    assert!(games[0].syntax_errors().is_empty());
    assert_eq!(games[0].tag("site"), Some("北京"));
}

#[test]
fn malformed_tags_are_errors_of_their_game() {
    let text =
        "[Event \"unterminated\n1. h2e2 *\n[ \"no name\"]\n1. h2e2 *\n[Event \"ok\"]\n1. h2e2 *";
    let games = read_games(text);
    assert_eq!(games.len(), 3);
    let err = games[0].replay(MoveRules::STANDARD).unwrap_err();
    assert_eq!(err.game, 1);
    assert!(matches!(
        *err.kind,
        RecordErrorKind::Syntax(SyntaxError {
            line: 1,
            column: 1,
            kind: SyntaxErrorKind::MalformedTag(_)
        })
    ));
    let err = games[1].replay(MoveRules::STANDARD).unwrap_err();
    assert_eq!((err.game, err.line()), (2, 3));
    assert!(games[2].replay(MoveRules::STANDARD).is_ok());
}

#[test]
fn missing_results_and_blank_lines() {
    // No results, no blank lines: each tag section starts a game.
    let text = "[Event \"a\"]\n1. h2e2 h9g7\n[Event \"b\"]\n[Result \"0-1\"]\n1. c3c4\n[Event \"c\"]\r\n1. b0c2 1-0";
    let games = read_games(text);
    assert_eq!(games.len(), 3);
    assert_eq!(
        games
            .iter()
            .map(|g| (g.index(), g.line(), g.tokens().len()))
            .collect::<Vec<_>>(),
        [(1, 1, 2), (2, 3, 1), (3, 6, 1)]
    );
    let results: Vec<GameResult> = games
        .iter()
        .map(|g| g.replay(MoveRules::STANDARD).unwrap().result())
        .collect();
    assert_eq!(
        results,
        [
            GameResult::Undecided,
            GameResult::BlackWins,
            GameResult::RedWins
        ]
    );
    // A termination marker ends a game even without tags.
    let games = read_games("1. h2e2 1-0 1. c3c4 0-1\n");
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].termination(), Some(GameResult::BlackWins));
    // Nothing but comments and blanks: no game.
    assert!(read_games(" \n{only a comment}\n; and this\n").is_empty());
    assert!(read_games("").is_empty());
}

#[test]
fn illegal_move_is_located_and_the_next_game_loads() {
    let text = "[Event \"one\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7\n2. h0g2 h9g7\n3. i0h0 1-0\n\n\
                [Event \"two\"]\n\n1. c3c4 *\n";
    let games = read_games(text);
    assert_eq!(games.len(), 2);
    let err = games[0].replay(MoveRules::STANDARD).unwrap_err();
    assert_eq!(err.game, 1);
    assert_eq!(err.game_line, 1);
    assert_eq!(err.ply(), Some(4));
    assert_eq!(err.token(), Some("h9g7"));
    assert_eq!(err.line(), 5);
    match &*err.kind {
        RecordErrorKind::Move { column, source, .. } => {
            assert_eq!(*column, 9);
            assert!(matches!(
                source,
                crate::notation::NotationError::Illegal { .. }
            ));
        }
        other => panic!("unexpected {other:?}"),
    }
    let shown = err.to_string();
    assert!(
        shown.starts_with("game 1 (line 1): ply 4, move \"h9g7\" at line 5, column 9: "),
        "{shown}"
    );
    assert!(std::error::Error::source(&err).is_some());
    let second = games[1].replay(MoveRules::STANDARD).unwrap();
    assert_eq!(second.tag("Event"), Some("two"));
    assert_eq!(second.moves().len(), 1);
}

#[test]
fn unclosed_comment_or_variation_stays_in_its_game() {
    let text = "[Event \"a\"]\n1. h2e2 {never closed\n2. h0g2\n\n[Event \"b\"]\n1. h2e2 (1. c3c4\n\n[Event \"c\"]\n1. h2e2 {ok} *\n";
    let games = read_games(text);
    assert_eq!(games.len(), 3);
    let err = games[0].replay(MoveRules::STANDARD).unwrap_err();
    assert!(matches!(
        *err.kind,
        RecordErrorKind::Syntax(SyntaxError {
            line: 2,
            column: 9,
            kind: SyntaxErrorKind::UnterminatedComment
        })
    ));
    let err = games[1].replay(MoveRules::STANDARD).unwrap_err();
    assert!(matches!(
        *err.kind,
        RecordErrorKind::Syntax(SyntaxError {
            line: 6,
            column: 9,
            kind: SyntaxErrorKind::UnterminatedVariation
        })
    ));
    assert_eq!(games[2].tag("Event"), Some("c"));
    assert!(games[2].replay(MoveRules::STANDARD).is_ok());
    // An unmatched closing parenthesis.
    let games = read_games("1. h2e2 ) h9g7");
    assert!(matches!(
        games[0].syntax_errors(),
        [SyntaxError {
            kind: SyntaxErrorKind::Unmatched(')'),
            line: 1,
            column: 9
        }]
    ));
}

#[test]
fn fen_tag() {
    let fen = "4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 0 30";
    let text = format!("[FEN \"{fen}\"]\n30... e9e8 31. d0e0 *\n[FEN \"\"]\n1. h2e2\n[FEN \"4k4/9/9/9/9/9/9/9/9/9 w\"]\n*");
    let games = read_games(&text);
    let game = games[0].replay(MoveRules::STANDARD).unwrap();
    assert_eq!(game.start().fen(), fen);
    assert_eq!(game.moves().len(), 2);
    // An empty FEN tag means the standard start.
    assert_eq!(
        games[1].replay(MoveRules::STANDARD).unwrap().start(),
        &Position::new()
    );
    let err = games[2].replay(MoveRules::STANDARD).unwrap_err();
    assert_eq!((err.game, err.line()), (3, 5));
    assert!(matches!(
        *err.kind,
        RecordErrorKind::Fen {
            source: crate::LoadFenError::Position(_),
            ..
        }
    ));
}

#[test]
fn garbage_bytes_are_an_encoding_error() {
    // Pseudo-random high bytes with 0xFF (never valid) sprinkled in.
    let bytes: Vec<u8> = (0u32..512)
        .map(|i| {
            if i % 37 == 36 {
                0xFF
            } else {
                (i.wrapping_mul(2_654_435_761) >> 24) as u8 | 0x80
            }
        })
        .collect();
    let err = read_games_from_bytes(&bytes).unwrap_err();
    assert!(err.offset <= 36, "{err}");
    assert_eq!(err.line, 1);
    assert_eq!(err.attempts.iter().map(|a| a.1).max(), Some(err.offset));
    let err = read_games_from_bytes(b"1. h2e2 \xff").unwrap_err();
    assert_eq!(err.offset, 8);
}

#[test]
fn game_accessors() {
    let game = Game::from_pgn(
        "[Red \"呂欽\"]\n[Black \"許銀川\"]\n[Result \"1/2-1/2\"]\n1. h2e2 h9g7 2. h0g2 *",
        MoveRules::STANDARD,
    )
    .unwrap();
    assert_eq!(game.tag("Red"), Some("呂欽"));
    assert_eq!(game.tag("RED"), Some("呂欽"));
    // A `*` marker does not hide the Result tag.
    assert_eq!(game.result(), GameResult::Draw);
    let positions: Vec<Position> = game.positions().collect();
    assert_eq!(positions.len(), 4);
    assert_eq!(game.positions().len(), 4);
    assert_eq!(positions[0], Position::new());
    assert_eq!(&positions[3], game.end());
    for (before, m) in game.positions().zip(game.moves()) {
        assert!(before.is_legal(*m));
    }
}

#[test]
fn write_and_read_back() {
    let text = "[Event \"x \\\"y\\\"\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 0 30\"]\n[Result \"0-1\"]\n\
                30... e9e8 31. d0e0 e8e9 0-1\n";
    let game = Game::from_pgn(text, MoveRules::STANDARD).unwrap();
    let written = write_pgn(&game, Notation::Iccs);
    assert_eq!(
        written,
        "[Event \"x \\\"y\\\"\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 0 30\"]\n[Result \"0-1\"]\n\n\
         30... e9e8\n31. d0e0 e8e9\n0-1\n\n"
    );
    assert_eq!(Game::from_pgn(&written, MoveRules::STANDARD).unwrap(), game);
    // A new game from a non-standard start has a FEN tag.
    let mut bare = Game::new(game.start().clone());
    assert_eq!(
        bare.tag("FEN"),
        Some("4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 0 30")
    );
    bare.push("e9e8".parse().unwrap()).unwrap();
    assert_eq!(
        Game::from_pgn(&write_pgn(&bare, Notation::Iccs), MoveRules::STANDARD).unwrap(),
        bare
    );
    // A FEN tag that does not describe the start is corrected.
    bare.set_tag("FEN", "");
    let written = write_pgn(&bare, Notation::Iccs);
    assert!(
        written.contains("[FEN \"4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 0 30\"]"),
        "{written}"
    );
    // An empty game; the result marker is always written, tags only when the game has them.
    assert_eq!(
        write_pgn(&Game::new(Position::new()), Notation::Iccs),
        "*\n\n"
    );
    let mut g = Game::new(Position::new());
    g.set_result(GameResult::RedWins);
    assert_eq!(
        Game::from_pgn(&write_pgn(&g, Notation::Iccs), MoveRules::STANDARD).unwrap(),
        g
    );
    g.set_tag("Result", "*");
    g.set_result(GameResult::BlackWins);
    assert_eq!(g.tag("Result"), Some("0-1"));
}

#[test]
fn jieqi_records_replay_under_jieqi_rules() {
    let text = format!(
        "[FEN \"{}\"]\n1. h2e2C h9g7n *",
        crate::fen::JIEQI_START_FEN
    );
    let raw = &read_games(&text)[0];
    let game = raw.replay(MoveRules::JIEQI).unwrap();
    assert_eq!(game.moves()[0].to_string(), "h2e2C");
    assert_eq!(game.end().pool().total(crate::Color::Red), 14);
    assert_eq!(
        Game::from_pgn(&write_pgn(&game, Notation::Iccs), MoveRules::JIEQI).unwrap(),
        game
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn decoder_and_reader_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = decode(&bytes);
        let text = String::from_utf8_lossy(&bytes);
        for raw in read_games(&text) {
            let _ = raw.replay(MoveRules::STANDARD);
        }
    }

    #[test]
    fn reader_never_panics_on_pgn_like_text(
        parts in proptest::collection::vec(
            prop_oneof![
                Just("[".to_owned()), Just("]".to_owned()), Just("\"".to_owned()),
                Just("\\".to_owned()), Just("{".to_owned()), Just("}".to_owned()),
                Just("(".to_owned()), Just(")".to_owned()), Just(";".to_owned()),
                Just("%".to_owned()), Just("$".to_owned()), Just("\n".to_owned()),
                Just(" ".to_owned()), Just("1.".to_owned()), Just("1-0".to_owned()),
                Just("*".to_owned()), Just("h2e2".to_owned()), Just("Event".to_owned()),
                Just("FEN".to_owned()), Just("炮二平五".to_owned()), Just("!?".to_owned()),
                "[a-z0-9\\.]{1,5}",
            ],
            0..60,
        )
    ) {
        let text: String = parts.concat();
        let games = read_games(&text);
        for raw in &games {
            for t in raw.tokens() {
                prop_assert!(!t.text.is_empty());
                prop_assert!(t.line >= 1 && t.column >= 1);
            }
            let _ = raw.replay(MoveRules::STANDARD);
        }
        let (encoded, _, _) = encoding_rs::BIG5.encode(&text);
        let _ = read_games_from_bytes(&encoded);
    }

    #[test]
    fn written_games_read_back(seed in any::<u64>(), plies in 0usize..120) {
        let mut game = Game::new(Position::new());
        let mut state = seed;
        for _ in 0..plies {
            let moves = game.end().legal_moves();
            if moves.is_empty() {
                break;
            }
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let m = moves[(state >> 33) as usize % moves.len()];
            game.push(m).unwrap();
        }
        game.set_tag("Event", "随机 \"random\"");
        game.set_result(GameResult::Draw);
        for notation in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
            let written = write_pgn(&game, notation);
            let back = Game::from_pgn(&written, MoveRules::STANDARD);
            prop_assert_eq!(back.as_ref(), Ok(&game), "{:?}:\n{}", notation, written);
        }
    }
}

/// A movetext token is read as a termination marker exactly when the marker reader says it is
/// one: the first-character filter turns away only tokens that are not markers.
#[test]
fn termination_markers_are_those_the_marker_reader_reads() {
    let tokens = [
        "1-0",
        "0-1",
        "1/2-1/2",
        "½-½",
        "0.5-0.5",
        "*",
        "1.",
        "10.",
        "1...",
        "0-1!",
        "1-0?",
        "2-0",
        "½",
        "**",
        "炮二平五",
        "h2e2",
        "C2.5",
        "１-０",
        "0",
        "1",
    ];
    for t in tokens {
        assert_eq!(pgn::termination_marker(t), GameResult::from_pgn(t), "{t}");
    }
}
