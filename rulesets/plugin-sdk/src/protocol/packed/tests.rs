use super::*;
use crate::protocol::pooled::recycle;
use crate::protocol::test_games::game;
use proptest::prelude::*;
use xqr_core::law::LawPatch;
use xqr_core::rules::{GameInput, IllegalMovePolicy, RuleRef};

fn games() -> Vec<GameInput> {
    let event = "全國個人賽".repeat(40);
    vec![
        game(&[], None, &[]),
        game(&["h2e2", "炮８平５"], None, &[("Result", "1-0")]),
        game(
            &[
                "馬二進三",
                "",
                "say \"hi\"",
                "back\\slash",
                "tab\there",
                "\u{0}",
            ],
            Some("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
            &[
                ("Red", "呂欽"),
                ("Black", "許銀川"),
                ("", ""),
                ("Event", &event),
            ],
        ),
        game(&["a"; 300], Some(""), &[("Result", "*")]),
    ]
}

fn tags_of(g: &GameInput, keep: impl Fn(&str) -> bool) -> Vec<(&str, &str)> {
    g.tags
        .iter()
        .filter(|(k, _)| keep(k))
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

fn law() -> LawChange {
    LawChange::new(LawPatch::default(), &RuleRef::new("club-x", "rule \"1\""))
}

fn options() -> JudgeOptions {
    JudgeOptions {
        illegal_moves: IllegalMovePolicy::Rule,
        ..JudgeOptions::default()
    }
}

fn request(games: &[GameInput], packed: Packed, law: Option<&LawChange>) -> Vec<u8> {
    let mut p = PackedGames::with_capacity(games.len(), 10);
    for g in games {
        p.push(g.fen.as_deref(), &g.moves, &tags_of(g, |_| true));
    }
    p.finish(packed, &options(), law).expect("written")
}

/// What a request reads as: its games, options and law.
fn read_back(
    bytes: &[u8],
) -> Result<(Vec<GameInput>, Packed, JudgeOptions, Option<LawChange>), String> {
    let r = read(bytes).expect("packed")?;
    let (games, packed) = match (r.game, r.games) {
        (Some(g), None) => (vec![g], Packed::Game),
        (None, Some(gs)) => (gs, Packed::Games),
        _ => panic!("a game or games"),
    };
    let games = games.into_iter().map(PooledGame::into_game).collect();
    Ok((games, packed, r.options, r.law))
}

#[test]
fn games_are_read_as_they_were_written() {
    let all = games();
    for law in [None, Some(law())] {
        for n in 0..=all.len() {
            let bytes = request(&all[..n], Packed::Games, law.as_ref());
            let (got, packed, opts, l) = read_back(&bytes).unwrap();
            assert_eq!((got.as_slice(), packed), (&all[..n], Packed::Games));
            assert_eq!((opts, l.as_ref()), (options(), law.as_ref()));
            got.into_iter().for_each(recycle);
        }
        for g in &all {
            let bytes = request(std::slice::from_ref(g), Packed::Game, law.as_ref());
            let (got, packed, _, _) = read_back(&bytes).unwrap();
            assert_eq!((got, packed), (vec![g.clone()], Packed::Game));
        }
    }
}

#[test]
fn only_the_tags_kept_are_written() {
    let all = games();
    let mut p = PackedGames::default();
    for g in &all {
        p.push(
            g.fen.as_deref(),
            &g.moves,
            &tags_of(g, |name| name == "Result" || name.is_empty()),
        );
    }
    let bytes = p.finish(Packed::Games, &options(), None).unwrap();
    let (got, _, _, _) = read_back(&bytes).unwrap();
    for (g, mut want) in got.into_iter().zip(all) {
        want.tags.retain(|k, _| k == "Result" || k.is_empty());
        assert_eq!(g, want);
    }
}

#[test]
fn a_json_request_is_not_packed() {
    assert!(read(br#"{"game":{"fen":null,"moves":[],"tags":{}}}"#).is_none());
    assert!(read(b"").is_none());
}

/// A header and payload written by hand, so that what is wrong is exactly one thing.
fn raw(header: &str, payload: &[u8]) -> Vec<u8> {
    let mut out = vec![0];
    out.extend_from_slice(header.as_bytes());
    out.push(0);
    out.extend_from_slice(payload);
    out
}

fn error_of(bytes: &[u8]) -> String {
    match read(bytes).expect("packed") {
        Ok(_) => panic!("read: {bytes:?}"),
        Err(e) => e,
    }
}

#[test]
fn malformed_requests_are_refused_with_what_is_wrong() {
    let games = r#"{"packed":"games"}"#;
    // One game: no FEN, one move of 4 bytes, no tags; numbers 4 bytes long.
    let one = [1, 4, 0, 1, 4, 0];
    let mut good = one.to_vec();
    good.extend_from_slice(b"h2e2");
    assert!(read(&raw(games, &good)).unwrap().is_ok());
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (vec![0, b'{'], "no NUL byte ends the header"),
        (
            raw(r#"{"game":1}"#, &good),
            "the header is not a packed request's",
        ),
        (
            raw(r#"{"packed":"all"}"#, &good),
            "the header is not a packed request's",
        ),
        (
            raw(games, &[]),
            "the numbers end inside the number of games",
        ),
        (
            raw(games, &[1, 0x80]),
            "the numbers end inside the length of the numbers",
        ),
        (
            raw(games, &[1, 9, 0]),
            "the numbers are said to be 9 bytes long, but 1 bytes are left",
        ),
        (
            raw(games, &[0xff; 11]),
            "the number of games does not fit in 64 bits (byte 9)",
        ),
        (
            raw(games, &[100, 1, 0]),
            "100 games cannot be read from 1 bytes of numbers",
        ),
        (
            raw(r#"{"packed":"game"}"#, &[2, 6, 0, 0, 0, 0, 0, 0]),
            "a request for one game carries 2 games",
        ),
        (
            raw(games, &[1, 4, 0, 1, 5, 0, b'h']),
            "a move, 5 bytes from byte 0 of the texts",
        ),
        (
            raw(games, &[1, 3, 0, 9, 0]),
            "the number of moves, 9, is more than",
        ),
        (
            [raw(games, &one), b"h2e2x".to_vec()].concat(),
            "1 bytes of texts are left",
        ),
        (
            raw(games, &[1, 5, 0, 0, 0, 7, 7]),
            "2 bytes of numbers are left",
        ),
        (
            [raw(games, &[1, 4, 0, 1, 1, 0]), vec![0xe7]].concat(),
            "the texts are not UTF-8",
        ),
        (
            [raw(games, &[1, 4, 0, 1, 2, 0]), "炮".as_bytes().to_vec()].concat(),
            "cuts a character",
        ),
    ];
    for (bytes, wanted) in cases {
        let e = error_of(&bytes);
        assert!(e.starts_with("packed request: "), "{e}");
        assert!(e.contains(wanted), "{e:?} does not say {wanted:?}");
    }
}

proptest! {
    /// Any texts, FEN and tags: read back as written.
    #[test]
    fn any_texts_are_read_back(
        moves in prop::collection::vec(any::<String>(), 0..6),
        fen in prop::option::of(any::<String>()),
        tags in prop::collection::btree_map(any::<String>(), any::<String>(), 0..4),
    ) {
        let moves = moves.into_iter().map(MoveText::from).collect();
        let g = GameInput { fen, moves, tags };
        let bytes = request(&[g.clone(), g.clone()], Packed::Games, None);
        let (got, _, _, _) = read_back(&bytes).unwrap();
        prop_assert_eq!(got, vec![g.clone(), g]);
    }

    /// A request cut short or with a byte changed: refused, or read as some games; never a
    /// panic.
    #[test]
    fn damaged_requests_are_refused_or_read(cut in 0usize..400, at in 0usize..400, b in any::<u8>()) {
        let mut bytes = request(&games()[1..3], Packed::Games, Some(&law()));
        if at < bytes.len() {
            bytes[at] = b;
        }
        bytes.truncate(cut.max(1));
        let _ = read(&bytes);
    }
}
