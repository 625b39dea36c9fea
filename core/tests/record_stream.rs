//! A file read in pieces by `GameStream` gives what it gives read whole: the same games (tags,
//! tokens with lines and columns, results, syntax errors), the same encoding, or the same
//! decoding error. Checked with seams everywhere (pieces of one byte) on texts built to put a
//! seam inside every construct the reader looks ahead over, and on the shared game files.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use xqr_core::record::{read_games_from_bytes, GameStream, StreamError};

/// Reads `bytes` whole and in pieces of each size, and compares.
fn assert_same(bytes: &[u8], sizes: &[(usize, usize)], what: &str) {
    let whole = read_games_from_bytes(bytes);
    for &(piece, window) in sizes {
        let streamed = GameStream::open_in_pieces(Cursor::new(bytes), piece, window).map(
            |(stream, encoding)| {
                let games: Vec<_> = stream.map(|g| g.expect("in memory")).collect();
                (games, encoding)
            },
        );
        match (&whole, streamed) {
            (Ok(w), Ok(s)) => assert_eq!(w, &s, "{what}: pieces of {piece}, window {window}"),
            (Err(w), Err(StreamError::Decode(s))) => assert_eq!(w, &s, "{what}: pieces of {piece}"),
            (w, s) => panic!("{what}: read whole {w:?}; in pieces of {piece}: {s:?}"),
        }
    }
}

const SEAMS: &[(usize, usize)] = &[(1, 1), (2, 3), (5, 2), (7, 64), (4096, 1 << 20)];

/// Texts that make the reader look ahead: a token, a result, a tag value, comments that close
/// late or never, comments and variations broken by a tag line, games glued on one line.
const TRICKY: &[&str] = &[
    "",
    "   \n\n",
    "1. h2e2 h9g7 1-0",
    "1. h2e2 h9g7 1-0 1. c3c4 0-1 1. b2e2 1/2-1/2",
    "[Event \"a\"]\n[Site \"b\"]\n{between tags}\n[Round \"1\"]\n1. h2e2 *\n",
    "[Event \"a\"\n1. h2e2 *\n[Event b]\n1. h2e2 *\n[Event \"quote \\\" inside\"]\n*",
    "[Event \"a\"]\n1. h2e2 {a comment\nover lines} h9g7 *\n[Event \"b\"]\n1. c3c4 *",
    "[Event \"a\"]\n1. h2e2 {never closed\n1-0\n[Event \"b\"]\n1. c3c4 {closed} *\n",
    "[Event \"a\"]\n1. h2e2 {closed only after a tag line\n[Event \"b\"]\n} 1. c3c4 *",
    "1. h2e2 {open to the end of the file",
    "1. h2e2 (1. c3c4 (1. b2e2) {in} h9g7) h9g7 (never closed\n[Event \"b\"]\n1. c3c4 *",
    "1. h2e2 (open to the end",
    "1. h2e2 ; a line comment\n% an escape line\n h9g7 $1 2. h0g2! ?? *",
    "} ) ] 1. h2e2 *\r\n[Event \"crlf\"]\r\n1. h2e2 h9g7\r\n*\r\n",
    "[Event \"中文\"]\n1. 炮二平五 马８进７ 2. 马二进三 {评注} 车９平８ 1-0\n",
    "[A \"1\"][B \"2\"] 1. h2e2 [C \"3\"]\n1. h2e2 *",
];

#[test]
fn tricky_texts_read_alike_in_pieces() {
    for text in TRICKY {
        assert_same(text.as_bytes(), SEAMS, text);
        // Without a final newline and with one; with a byte order mark.
        let with_newline = format!("{text}\n");
        assert_same(with_newline.as_bytes(), SEAMS, text);
        let with_bom = [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat();
        assert_same(&with_bom, SEAMS, text);
    }
}

#[test]
fn encodings_and_bad_bytes_read_alike_in_pieces() {
    let text = "[Event \"許銀川\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 1-0\n";
    let gbk = encoding_rs::GBK
        .encode(&text.replace('許', "许"))
        .0
        .into_owned();
    let big5 = encoding_rs::BIG5.encode(text).0.into_owned();
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(text.encode_utf16().flat_map(|u| u.to_le_bytes()));
    let mut utf16_be = vec![0xFE, 0xFF];
    utf16_be.extend(text.encode_utf16().flat_map(|u| u.to_be_bytes()));
    for (name, bytes) in [
        ("gbk", gbk.clone()),
        ("big5", big5.clone()),
        ("utf-16le", utf16.clone()),
        ("utf-16be", utf16_be),
    ] {
        assert_same(&bytes, SEAMS, name);
    }
    // Damage: a bad byte in the middle, a truncated character at the end, a bad BOM file.
    let mut damaged = big5.clone();
    damaged.insert(20, 0xFF);
    assert_same(&damaged, SEAMS, "damaged big5");
    assert_same(&big5[..big5.len() - 1], SEAMS, "truncated big5");
    assert_same(&utf16[..utf16.len() - 1], SEAMS, "truncated utf-16");
    assert_same(
        b"\xEF\xBB\xBF1. h2e2 \xFF *",
        SEAMS,
        "bad utf-8 after a BOM",
    );
    assert_same(b"1. h2e2\n\xFF\xFF\xFF\n", SEAMS, "no encoding");
    let mut late = b"1. h2e2 h9g7 *\n".repeat(500);
    late.extend_from_slice(b"\x80\x80\x80");
    assert_same(&late, SEAMS, "bad bytes late");
}

fn shared_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/games");
    let mut files = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("the shared game files") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "pgn") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn shared_game_files_read_alike_in_pieces() {
    let files = shared_files();
    assert!(files.len() >= 5, "found {} shared game files", files.len());
    for path in files {
        let bytes = std::fs::read(&path).expect("a shared game file");
        assert_same(
            &bytes,
            &[(61, 97), (4096, 1 << 20)],
            &path.display().to_string(),
        );
    }
}

#[test]
fn a_game_longer_than_the_window_is_read_whole() {
    // One game of 40,000 plies with comments, read through a window of 1 KiB: the window grows
    // to hold it, and the game comes out once, whole.
    let mut text = String::from("[Event \"long\"]\n");
    for i in 0..10_000 {
        text.push_str(&format!("{}. h2e2 {{c}} h9g7 h0g2 h7e7 ", i + 1));
    }
    text.push_str("*\n[Event \"next\"]\n1. c3c4 *\n");
    let (stream, _) = GameStream::open_in_pieces(Cursor::new(text.as_bytes()), 512, 1024).unwrap();
    let games: Vec<_> = stream.map(Result::unwrap).collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tokens().len(), 40_000);
    assert_eq!(games[1].tag("Event"), Some("next"));
    assert_eq!(games[1].line(), 3);
}
