//! Game corpora from `../shared/data/games`: every game is read and replayed legally, except the
//! known-broken records listed in `tests/fixtures/ccpd-broken.txt`, which must fail exactly as
//! listed.
//!
//! - `wukong/bulk_games_uci.pgn`: 15 games in ICCS, UTF-8 (wukong-xiangqi, MIT).
//! - `wukong/xqdb_international.pgn`, `wukong/xqdb_traditional.pgn`: the same 15 games in WXF
//!   (full-width) and in Chinese notation.
//! - `ccpd/*.pgn`: 3,312 tournament games in Big5 with traditional Chinese moves (CC BY 4.0).

use std::collections::BTreeMap;
use std::path::PathBuf;
use xqr_core::notation::{Notation, NotationError};
use xqr_core::record::{
    read_games, read_games_from_bytes, write_pgn_games, Encoding, Game, RawGame, RecordError,
    RecordErrorKind,
};
use xqr_core::MoveRules;

fn shared_data(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data")
        .join(rel)
}

fn load(rel: &str) -> (Vec<RawGame>, Encoding) {
    let path = shared_data(rel);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    read_games_from_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn replay_all(rel: &str, games: &[RawGame]) -> Vec<Game> {
    games
        .iter()
        .map(|raw| {
            raw.replay(MoveRules::STANDARD)
                .unwrap_or_else(|e| panic!("{rel}: {e}"))
        })
        .collect()
}

#[test]
fn wukong_iccs_games_replay() {
    let (games, encoding) = load("games/wukong/bulk_games_uci.pgn");
    assert_eq!(encoding, Encoding::Utf8);
    assert_eq!(games.len(), 15);
    let replayed = replay_all("bulk_games_uci.pgn", &games);
    assert_eq!(replayed[0].tag("Red"), Some("ZHAO GuoRong"));
    assert_eq!(replayed[0].moves()[0].to_string(), "h2e2");
    let plies: usize = replayed.iter().map(|g| g.moves().len()).sum();
    assert!(plies > 15 * 40, "{plies} plies");
    for (raw, game) in games.iter().zip(&replayed) {
        assert_eq!(raw.tokens().len(), game.moves().len());
    }
}

/// The same 15 games in ICCS, WXF and Chinese notation give the same moves, except one ply where
/// the files disagree: in game 2, ply 71, with Red pawns on e3 and e5, the ICCS file plays
/// `e5e6` (the front pawn) while both xqdb files write the rear pawn (`－Ｐ＋１`, `后兵进一`),
/// which is `e3e4`. Both continuations are legal to the end, so the records, not the parsers,
/// differ.
#[test]
fn wukong_notations_agree() {
    let (iccs, _) = load("games/wukong/bulk_games_uci.pgn");
    let iccs = replay_all("bulk_games_uci.pgn", &iccs);
    let mut replays = Vec::new();
    for rel in [
        "games/wukong/xqdb_international.pgn",
        "games/wukong/xqdb_traditional.pgn",
    ] {
        let (raw, encoding) = load(rel);
        assert_eq!(encoding, Encoding::Utf8);
        assert_eq!(raw.len(), 15, "{rel}");
        let games = replay_all(rel, &raw);
        let mut differences = Vec::new();
        for (i, (game, reference)) in games.iter().zip(&iccs).enumerate() {
            assert_eq!(
                game.moves().len(),
                reference.moves().len(),
                "{rel}, game {}",
                i + 1
            );
            for (ply, (a, b)) in game.moves().iter().zip(reference.moves()).enumerate() {
                if a != b {
                    differences.push((i + 1, ply + 1, a.to_string(), b.to_string()));
                }
            }
        }
        let expected = [(2, 71, "e3e4".to_owned(), "e5e6".to_owned())];
        assert_eq!(differences, expected, "{rel}");
        replays.push(games);
    }
    // Same tags in both xqdb files: the games are equal in everything.
    assert_eq!(replays[0], replays[1]);
}

/// The CCPD files and their game counts.
const CCPD: [(&str, usize); 3] = [
    ("world-cup.pgn", 1389),
    ("asian-cup.pgn", 679),
    ("a-league.pgn", 1244),
];

/// A failure, as listed in the fixture: file, game, ply (`-` when not a move), reason.
type Failure = (String, usize, Option<usize>, String);

/// A short name for why a game fails.
fn reason(e: &RecordError) -> &'static str {
    match &*e.kind {
        RecordErrorKind::Syntax(_) => "syntax",
        RecordErrorKind::Fen { .. } => "fen",
        RecordErrorKind::NoGame => "no_game",
        RecordErrorKind::Move { source, .. } => match source {
            NotationError::Syntax { .. } => "notation_syntax",
            NotationError::NoSuchPiece { .. } => "no_such_piece",
            NotationError::Ambiguous { .. } => "ambiguous",
            NotationError::NoSuchMove { .. } => "no_such_move",
            NotationError::Illegal { .. } => "illegal",
            _ => "other",
        },
    }
}

fn broken_list() -> Vec<Failure> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ccpd-broken.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        let bad = || {
            panic!(
                "ccpd-broken.txt line {}: expected `file game ply reason`",
                n + 1
            )
        };
        if f.len() != 4 {
            bad();
        }
        let game = f[1].parse().unwrap_or_else(|_| bad());
        let ply = if f[2] == "-" {
            None
        } else {
            Some(f[2].parse().unwrap_or_else(|_| bad()))
        };
        out.push((f[0].to_owned(), game, ply, f[3].to_owned()));
    }
    out
}

#[test]
fn ccpd_big5_games_replay() {
    let expected = broken_list();
    let mut failures: Vec<Failure> = Vec::new();
    let mut messages: BTreeMap<(String, usize), String> = BTreeMap::new();
    let mut loaded = 0usize;
    let mut plies = 0usize;
    for (file, count) in CCPD {
        let (games, encoding) = load(&format!("games/ccpd/{file}"));
        assert_eq!(encoding, Encoding::Big5, "{file}");
        assert_eq!(games.len(), count, "{file}");
        for raw in &games {
            match raw.replay(MoveRules::STANDARD) {
                Ok(game) => {
                    loaded += 1;
                    plies += game.moves().len();
                    assert_eq!(game.moves().len(), raw.tokens().len());
                }
                Err(e) => {
                    failures.push((file.to_owned(), e.game, e.ply(), reason(&e).to_owned()));
                    messages.insert((file.to_owned(), e.game), e.to_string());
                }
            }
        }
    }
    let unexpected: Vec<String> = failures
        .iter()
        .filter(|f| !expected.contains(f))
        .map(|f| {
            format!(
                "{} {} {}",
                f.0,
                f.1,
                messages.get(&(f.0.clone(), f.1)).map_or("", |s| s)
            )
        })
        .collect();
    let missing: Vec<&Failure> = expected.iter().filter(|f| !failures.contains(f)).collect();
    assert!(
        unexpected.is_empty() && missing.is_empty(),
        "{} unexpected failures:\n{}\n\nlisted failures that did not happen as listed: {missing:?}",
        unexpected.len(),
        unexpected
            .iter()
            .take(50)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n"),
    );
    assert_eq!(loaded + failures.len(), 3312);
    assert!(plies > 3000 * 40, "{plies} plies");
}

/// Writing the CCPD games in each notation and reading them back gives the same games.
#[test]
fn ccpd_round_trip_in_every_notation() {
    for (file, _) in CCPD {
        let (raw, _) = load(&format!("games/ccpd/{file}"));
        let games: Vec<Game> = raw
            .iter()
            .filter_map(|g| g.replay(MoveRules::STANDARD).ok())
            .collect();
        for notation in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
            let text = write_pgn_games(&games, notation);
            let back = read_games(&text);
            assert_eq!(back.len(), games.len(), "{file} in {notation:?}");
            for (raw, game) in back.iter().zip(&games) {
                let again = raw
                    .replay(MoveRules::STANDARD)
                    .unwrap_or_else(|e| panic!("{file} in {notation:?}: {e}"));
                assert!(
                    again == *game,
                    "{file} in {notation:?}: game {} differs",
                    raw.index()
                );
            }
        }
    }
}

/// Damage in one game of a real file stays in that game: the others still load.
#[test]
fn damaged_games_do_not_hide_the_others() {
    let bytes = std::fs::read(shared_data("games/ccpd/asian-cup.pgn")).expect("asian-cup.pgn");
    let (text, _) = xqr_core::record::decode(&bytes).expect("Big5");
    let games = read_games(&text);
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    // 1-based line of the first move of game `g` (1-based).
    let first_move_line = |g: usize| games[g - 1].tokens()[0].line;
    let (comment, variation, illegal, tag) = (5, 9, 13, 17);
    lines[first_move_line(comment) - 1].insert(0, '{');
    lines[first_move_line(variation) - 1].insert(0, '(');
    let bad = &games[illegal - 1].tokens()[2];
    lines[bad.line - 1] = lines[bad.line - 1].replacen(bad.text.as_str(), "帥五進五", 1);
    let tag_line = games[tag - 1].tags()[1].line;
    lines[tag_line - 1] = "[Event \"never closed".to_owned();
    let damaged = lines.join("\n");
    let games = read_games(&damaged);
    assert_eq!(games.len(), 679);
    let failed: Vec<(usize, String)> = games
        .iter()
        .filter_map(|g| g.replay(MoveRules::STANDARD).err())
        .map(|e| {
            (
                e.game,
                if e.ply().is_some() {
                    "move"
                } else {
                    reason(&e)
                }
                .to_owned(),
            )
        })
        .collect();
    let expected = [
        (comment, "syntax"),
        (variation, "syntax"),
        (illegal, "move"),
        (tag, "syntax"),
    ];
    let expected: Vec<(usize, String)> = expected
        .iter()
        .map(|(g, r)| (*g, (*r).to_owned()))
        .collect();
    assert_eq!(failed, expected);
    let err = games[illegal - 1].replay(MoveRules::STANDARD).unwrap_err();
    assert_eq!(
        (err.ply(), err.token(), err.line()),
        (Some(3), Some("帥五進五"), bad.line)
    );
}
