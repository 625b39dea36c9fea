//! A `judge` request in the layout the xqr host writes, read without `serde_json`'s visitors.
//!
//! The host writes each game as `serde_json` writes a [`GameInput`]: `{"fen":…,"moves":[…],
//! "tags":{…}}`, without spaces, fields in that order. A request is mostly such move texts,
//! and reading them one `serde_json` visitor call at a time was the largest part of what a
//! plugin paid to read a request. This reader takes the games of a request in exactly that
//! layout, every text free of escapes, straight from the bytes; it leaves the options and the
//! law patch, which are small, to `serde_json`. Anything else (spaces, escapes, fields in
//! another order or missing, a second `game` or `games`) is not read here: the request is then
//! read by `serde_json` as before, so that what a plugin makes of a request, and the error it
//! gives for a bad one, do not depend on this reader. The tests hold the two readings equal.

use super::batch::AnyJudgeRequest;
use super::json_text::first_to_escape;
use super::layout_reader::Reader;
use super::pooled::{with_pool, Pool, PooledGame};
use super::LawChange;
use serde::de::{Deserializer, IgnoredAny};
use serde::Deserialize;
use std::collections::BTreeMap;
use xqr_core::rules::JudgeOptions;

/// The request in `text`, if it has the host's layout; `None` says only that it must be read by
/// `serde_json`.
pub(crate) fn read(text: &str) -> Option<AnyJudgeRequest> {
    let mut r = Reader::new(text);
    let (game, games) = if r.eat(r#"{"game":"#) {
        (Some(r.game()?), None)
    } else if r.eat(r#"{"games":["#) {
        let mut games = Vec::new();
        if !r.eat("]") {
            loop {
                games.push(r.game()?);
                if !r.eat(",") {
                    break;
                }
            }
            r.want("]")?;
        }
        (None, Some(games))
    } else {
        return None;
    };
    let tail = r.tail()?;
    Some(AnyJudgeRequest {
        game,
        games,
        options: tail.options,
        law: tail.law,
    })
}

/// The fields after the game or games.
#[derive(Deserialize)]
struct Tail {
    #[serde(default)]
    options: JudgeOptions,
    #[serde(default)]
    law: Option<LawChange>,
    /// A `game` or `games` here too: `serde_json` refuses the request (a duplicate field).
    #[serde(default, rename = "game", deserialize_with = "present")]
    another_game: bool,
    #[serde(default, rename = "games", deserialize_with = "present")]
    more_games: bool,
}

/// `true` for a field that is there, whatever its value.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    IgnoredAny::deserialize(d).map(|_| true)
}

/// The games of a request, read from the place of a [`Reader`] on.
impl Reader<'_> {
    /// `{"fen":null or "…","moves":["…",…],"tags":{"…":"…",…}}`, its FEN and tags in strings
    /// of the calling thread's pool and its moves in a list of it.
    fn game(&mut self) -> Option<PooledGame> {
        with_pool(|pool| self.game_in(pool))
    }

    /// [`Reader::game`], in strings and lists of `pool`.
    fn game_in(&mut self, pool: &mut Pool) -> Option<PooledGame> {
        self.want(r#"{"fen":"#)?;
        let fen = if self.eat("null") {
            None
        } else {
            Some(pool.text(self.string()?))
        };
        self.want(r#","moves":["#)?;
        let moves = self.moves(pool)?;
        self.want(r#","tags":{"#)?;
        let mut tags = BTreeMap::new();
        if !self.eat("}") {
            loop {
                let key = self.string()?;
                self.want(":")?;
                // A key given twice keeps its last value, as `serde_json` reads a map.
                tags.insert(pool.text(key), pool.text(self.string()?));
                if !self.eat(",") {
                    break;
                }
            }
            self.want("}")?;
        }
        self.want("}")?;
        Some(PooledGame::new(fen, moves, tags))
    }

    /// `…]`: the move texts up to the closing bracket, in a list of `pool`.
    ///
    /// A request is mostly these texts, so they are read in one loop over the bytes rather
    /// than through [`Reader::string`] and [`Reader::eat`]; what it accepts is the same.
    fn moves(&mut self, pool: &mut Pool) -> Option<Vec<xqr_core::MoveText>> {
        let mut moves = pool.list();
        let bytes = self.text.as_bytes();
        let mut at = self.at;
        if bytes.get(at) == Some(&b']') {
            self.at = at + 1;
            return Some(moves);
        }
        loop {
            if bytes.get(at) != Some(&b'"') {
                return None;
            }
            let start = at + 1;
            let end = start + first_to_escape(&bytes[start..])?;
            if bytes[end] != b'"' {
                return None;
            }
            // Cut at ASCII quotes: on character boundaries.
            moves.push(xqr_core::MoveText::from(self.text.get(start..end)?));
            at = end + 2;
            match bytes.get(end + 1) {
                Some(b',') => {}
                Some(b']') => break,
                _ => return None,
            }
        }
        self.at = at;
        Some(moves)
    }

    /// The rest of the request: `}`, or `,` and more fields up to the closing `}`, read by
    /// `serde_json` as the fields of an object of their own.
    fn tail(&self) -> Option<Tail> {
        let rest = &self.text[self.at..];
        let tail: Tail = if rest.starts_with('}') && rest[1..].trim_start().is_empty() {
            serde_json::from_str("{}").ok()?
        } else {
            let more = rest.strip_prefix(',')?;
            let mut object = String::with_capacity(more.len() + 1);
            object.push('{');
            object.push_str(more);
            serde_json::from_str(&object).ok()?
        };
        (!tail.another_game && !tail.more_games).then_some(tail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::test_games::game;
    use crate::protocol::JudgeBatchRequest;
    use proptest::prelude::*;
    use xqr_core::law::LawPatch;
    use xqr_core::rules::{GameInput, IllegalMovePolicy, RuleRef};

    /// What the request reads as, through `serde_json` or this reader.
    #[derive(Debug, PartialEq)]
    struct Read {
        game: Option<GameInput>,
        games: Option<Vec<GameInput>>,
        options: JudgeOptions,
        law: Option<LawChange>,
    }

    fn of(r: AnyJudgeRequest) -> Read {
        Read {
            game: r.game.map(PooledGame::into_game),
            games: r
                .games
                .map(|g| g.into_iter().map(PooledGame::into_game).collect()),
            options: r.options,
            law: r.law,
        }
    }

    /// This reader's answer, if any, is `serde_json`'s.
    fn agrees(text: &str) -> bool {
        let ours = read(text).map(of);
        let theirs = serde_json::from_str::<AnyJudgeRequest>(text).map(of);
        match (ours, theirs) {
            (Some(o), Ok(t)) => {
                assert_eq!(o, t, "{text}");
                true
            }
            (Some(o), Err(e)) => panic!("read {o:?} where serde_json says {e}: {text}"),
            (None, _) => false,
        }
    }

    fn law() -> LawChange {
        LawChange::new(LawPatch::default(), &RuleRef::new("club-x", "rule 1"))
    }

    /// Requests as the host writes them (`serde_json`'s layout) are read here, and as
    /// `serde_json` reads them.
    #[test]
    fn the_host_layout_is_read_as_serde_json_reads_it() {
        let games = [
            game(&[], None, &[]),
            game(&["h2e2", "炮８平５"], None, &[("Result", "1-0")]),
            game(
                &["馬二進三"],
                Some("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
                &[("Red", "呂欽"), ("Black", "許銀川"), ("", "")],
            ),
        ];
        let options = JudgeOptions {
            illegal_moves: IllegalMovePolicy::Rule,
            ..JudgeOptions::default()
        };
        for law in [None, Some(law())] {
            for g in &games {
                let text = serde_json::to_string(&crate::protocol::JudgeRequest {
                    game: g.clone(),
                    options: options.clone(),
                    law: law.clone(),
                })
                .unwrap();
                assert!(agrees(&text), "not read here: {text}");
            }
            for n in 0..=games.len() {
                let text = serde_json::to_string(&JudgeBatchRequest {
                    games: games[..n].to_vec(),
                    options: options.clone(),
                    law: law.clone(),
                })
                .unwrap();
                assert!(agrees(&text), "not read here: {text}");
            }
        }
    }

    /// Tags in the host's layout but not in the order a map writes them, or a name given
    /// twice: read as `serde_json` reads them, the last value kept.
    #[test]
    fn tags_out_of_order_or_twice_read_as_serde_json_reads_them() {
        for tags in [
            r#"{"b":"1","a":"2"}"#,
            r#"{"a":"1","a":"2"}"#,
            r#"{"b":"1","a":"2","b":"3"}"#,
            r#"{"a":"1","b":"2","c":"3","b":"4","d":"5"}"#,
            r#"{"Red":"呂欽","Black":"許銀川","Red":"胡榮華"}"#,
        ] {
            let text = format!(r#"{{"game":{{"fen":null,"moves":["h2e2"],"tags":{tags}}}}}"#);
            assert!(agrees(&text), "not read here: {text}");
            let batch = format!(r#"{{"games":[{{"fen":null,"moves":[],"tags":{tags}}}]}}"#);
            assert!(agrees(&batch), "not read here: {batch}");
        }
    }

    /// Games read into strings and move lists that earlier games gave back hold their own
    /// moves, FEN and tags only, longer or shorter than those before.
    #[test]
    fn games_read_after_others_were_judged_hold_their_own_moves() {
        let request = |games: &[GameInput]| {
            serde_json::to_string(&JudgeBatchRequest {
                games: games.to_vec(),
                options: JudgeOptions::default(),
                law: None,
            })
            .unwrap()
        };
        let event = "全國個人賽".repeat(40);
        let fen = Some("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
        let tags = [
            ("Event", event.as_str()),
            ("Red", "呂欽"),
            ("Result", "1-0"),
        ];
        let long = game(&["h2e2", "h9g7", "炮八平五", "馬８進７"], fen, &tags);
        let short = game(&["c3c4"], None, &[("Result", "*")]);
        for games in [
            vec![long.clone(), short.clone()],
            vec![short.clone(), short, long.clone()],
            vec![game(&[], None, &[]), long],
        ] {
            let text = request(&games);
            assert!(agrees(&text), "not read here: {text}");
            let read = read(&text).expect("the host's layout");
            let got: Vec<GameInput> = read
                .games
                .expect("a batch")
                .into_iter()
                .map(PooledGame::into_game)
                .collect();
            assert_eq!(got, games);
            for g in got {
                crate::protocol::pooled::recycle(g);
            }
        }
    }

    /// Requests in other layouts, or that `serde_json` refuses, are left to `serde_json`.
    #[test]
    fn other_layouts_are_left_to_serde_json() {
        for text in [
            r#"{ "game":{"fen":null,"moves":[],"tags":{}}}"#,
            r#"{"game":{"moves":[],"fen":null,"tags":{}}}"#,
            r#"{"game":{"fen":null,"moves":["a\"b"],"tags":{}}}"#,
            r#"{"game":{"fen":null,"moves":["a\u0041"],"tags":{}}}"#,
            r#"{"game":{"fen":null,"moves":[1],"tags":{}}}"#,
            r#"{"game":{"fen":null,"moves":[],"tags":{}},"game":{"fen":null,"moves":[],"tags":{}}}"#,
            r#"{"game":{"fen":null,"moves":[],"tags":{}},"games":null}"#,
            r#"{"games":[],"game":null}"#,
            r#"{"game":{"fen":null,"moves":[],"tags":{}},"options":{},"options":{}}"#,
            r#"{"game":{"fen":null,"moves":[],"tags":{}},"options":{"illegal_moves":"no"}}"#,
            r#"{"game":{"fen":null,"moves":[],"tags":{}}} x"#,
            r#"{"game":{"fen":null,"moves":[],"tags":{}}"#,
            r#"{"game":{"fen":null,"moves":["h2e2"],"tags":{},"extra":1}}"#,
            "{\"game\":{\"fen\":null,\"moves\":[\"a\tb\"],\"tags\":{}}}",
        ] {
            assert!(!agrees(text), "read here: {text}");
        }
        // Unknown fields after the game, and spaces at the end, are read as serde_json reads
        // them.
        for text in [
            r#"{"game":{"fen":null,"moves":[],"tags":{}},"future":[1,2]}"#,
            "{\"game\":{\"fen\":null,\"moves\":[],\"tags\":{}}}\n ",
            r#"{"games":[],"options":{} ,"law":null}"#,
        ] {
            assert!(agrees(text), "not read here: {text}");
        }
    }

    proptest! {
        /// Any texts, written by `serde_json`: read here exactly when they need no escape, and
        /// as `serde_json` reads them.
        #[test]
        fn any_texts_read_as_serde_json_reads_them(
            moves in prop::collection::vec(any::<String>(), 0..6),
            fen in prop::option::of(any::<String>()),
            tags in prop::collection::btree_map(any::<String>(), any::<String>(), 0..4),
        ) {
            let moves = moves.into_iter().map(xqr_core::MoveText::from).collect();
            let g = GameInput { fen, moves, tags };
            let plain = g.moves.iter().map(|m| m.as_str())
                .chain(g.fen.iter().chain(g.tags.keys()).chain(g.tags.values()).map(String::as_str))
                .all(|t| first_to_escape(t.as_bytes()).is_none());
            let text = serde_json::to_string(&JudgeBatchRequest {
                games: vec![g.clone(), g],
                ..JudgeBatchRequest::default()
            }).unwrap();
            prop_assert_eq!(agrees(&text), plain);
        }

        /// Any request cut short or with a byte changed: this reader reads it only as
        /// `serde_json` does.
        #[test]
        fn damaged_requests_are_not_misread(cut in 0usize..120, at in 0usize..120, b in any::<u8>()) {
            let text = serde_json::to_string(&crate::protocol::JudgeRequest {
                game: game(&["h2e2", "炮８平５"], None, &[("Result", "1-0")]),
                options: JudgeOptions::default(),
                law: None,
            }).unwrap();
            let mut bytes = text.into_bytes();
            if at < bytes.len() {
                bytes[at] = b;
            }
            bytes.truncate(cut.max(1));
            if let Ok(text) = String::from_utf8(bytes) {
                agrees(&text);
            }
        }
    }
}
