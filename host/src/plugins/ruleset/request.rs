//! The JSON of a `judge` request, written by hand: the same bytes `serde_json` writes for the
//! request's derived form, at a fraction of the cost.
//!
//! A request is mostly move texts: over CCPD about 4 MB of short Chinese strings. `serde_json`
//! looks each byte of a string up in its escape table and hands every run to its formatter;
//! that was the largest single cost a plugin ruleset paid beside the same ruleset built in
//! (about 5% of judging CCPD through a plugin). A move or tag text needs no escape unless it
//! holds a quote, a backslash or a control character: such a text is copied as it is, after
//! a test of its bytes a word at a time (`json_text`, shared with the SDK that reads it), and
//! any other is written by `serde_json`. The options and the law patch are small and written
//! by `serde_json`.
//!
//! The SDK reads games in this layout without `serde_json`'s visitors (its `canonical.rs`);
//! the tests hold the bytes equal to `serde_json`'s for the request structs, over texts that
//! need escapes and texts that do not.
//!
//! A plugin of protocol version 6 gets its games packed instead, each text given by its length
//! ([`packed_request`], the SDK's `protocol/packed.rs`): no byte of a text is looked at.

use xqr_core::rules::{GameInput, JudgeOptions};
use xqr_core::MoveText;
use xqr_plugin_sdk::protocol::json_text::needs_escape;
use xqr_plugin_sdk::protocol::packed::{Packed, PackedGames};
use xqr_plugin_sdk::protocol::short_copy::copy_short;
use xqr_plugin_sdk::protocol::LawChange;

/// `{"game":GAME,"options":OPTIONS}`, with `,"law":LAW` before the `}` when there is a law
/// patch: the request for one game. With `tags`, the names the plugin reads (sorted, each
/// once), the game carries only the tags of those names.
pub(super) fn judge_request(
    game: &GameInput,
    options: &JudgeOptions,
    law: Option<&LawChange>,
    tags: Option<&[String]>,
) -> serde_json::Result<Vec<u8>> {
    let mut out = Vec::with_capacity(size(game));
    out.extend_from_slice(br#"{"game":"#);
    write_game(&mut out, game, tags);
    finish(out, options, law)
}

/// `{"games":[GAME,…],"options":OPTIONS}`, with the law patch as in [`judge_request`]: the
/// request for a batch of games (protocol version 5).
pub(super) fn judge_batch_request(
    games: &[&GameInput],
    options: &JudgeOptions,
    law: Option<&LawChange>,
    tags: Option<&[String]>,
) -> serde_json::Result<Vec<u8>> {
    let mut out = Vec::with_capacity(games.iter().map(|g| size(g)).sum());
    out.extend_from_slice(br#"{"games":["#);
    for (i, game) in games.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write_game(&mut out, game, tags);
    }
    out.push(b']');
    finish(out, options, law)
}

/// The request for `games` with their texts packed (protocol version 6): one game asked as
/// `Packed::Game`, a batch as `Packed::Games`; the tags as in [`judge_request`].
pub(super) fn packed_request(
    games: &[&GameInput],
    packed: Packed,
    options: &JudgeOptions,
    law: Option<&LawChange>,
    tags: Option<&[String]>,
) -> serde_json::Result<Vec<u8>> {
    let moves = games.iter().map(|g| g.moves.len()).sum();
    let mut out = PackedGames::with_capacity(games.len(), moves);
    let mut kept = Vec::new();
    for game in games {
        kept.clear();
        for_each_tag_sent(game, tags, |name, value| kept.push((name, value)));
        out.push(game.fen.as_deref(), &game.moves, &kept);
    }
    out.finish(packed, options, law)
}

/// The options and the law patch after the game or games, and the closing brace.
fn finish(
    mut out: Vec<u8>,
    options: &JudgeOptions,
    law: Option<&LawChange>,
) -> serde_json::Result<Vec<u8>> {
    out.extend_from_slice(br#","options":"#);
    serde_json::to_writer(&mut out, options)?;
    if let Some(law) = law {
        out.extend_from_slice(br#","law":"#);
        serde_json::to_writer(&mut out, law)?;
    }
    out.push(b'}');
    Ok(out)
}

/// About the size of a game's JSON, so that it is written without growing.
fn size(game: &GameInput) -> usize {
    // A Chinese move is 12 bytes and its quotes and comma 3; tags are few.
    64 + game.fen.as_ref().map_or(0, String::len) + 16 * game.moves.len() + 128 * game.tags.len()
}

/// `{"fen":FEN or null,"moves":[…],"tags":{…}}`, as `GameInput`'s derived `Serialize`
/// writes it (fields in order, tags sorted by the map), with only the tags named in `read`
/// (sorted) if it is given.
fn write_game(out: &mut Vec<u8>, game: &GameInput, read: Option<&[String]>) {
    out.extend_from_slice(br#"{"fen":"#);
    match &game.fen {
        Some(fen) => write_str(out, fen),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(br#","moves":["#);
    write_moves(out, &game.moves);
    out.extend_from_slice(br#"],"tags":{"#);
    let mut first = true;
    for_each_tag_sent(game, read, |name, value| {
        if !first {
            out.push(b',');
        }
        first = false;
        write_str(out, name);
        out.push(b':');
        write_str(out, value);
    });
    out.extend_from_slice(b"}}");
}

/// Calls `f` with each tag of `game` a request carries, in the map's order: every tag, or only
/// those named in `read` (sorted) if it is given.
fn for_each_tag_sent<'g>(
    game: &'g GameInput,
    read: Option<&'g [String]>,
    mut f: impl FnMut(&'g str, &'g str),
) {
    match read {
        None => game.tags.iter().for_each(|(k, v)| f(k, v)),
        // In the order of the names, which is the map's.
        Some(names) => names
            .iter()
            .filter_map(|name| Some((name, game.tags.get(name)?)))
            .for_each(|(k, v)| f(k, v)),
    }
}

/// The move texts as JSON strings separated by commas.
///
/// A request is mostly these, so the texts that need no escape (all of them, in records read
/// from files) are copied into room made for all of them at once; a text that needs one, and
/// those after it, are written by [`write_str`].
fn write_moves(out: &mut Vec<u8>, moves: &[MoveText]) {
    let start = out.len();
    // Each text between quotes, and a comma after it.
    let room: usize = moves.iter().map(|m| m.len() + 3).sum();
    out.resize(start + room, 0);
    let mut free = &mut out[start..];
    let mut copied = 0;
    for m in moves {
        let text = m.as_bytes();
        if needs_escape(text) {
            break;
        }
        let (slot, rest) = free.split_at_mut(text.len() + 3);
        let (quote, slot) = slot.split_at_mut(1);
        let (copy, end) = slot.split_at_mut(text.len());
        quote[0] = b'"';
        copy_short(copy, text);
        end.copy_from_slice(b"\",");
        free = rest;
        copied += 1;
    }
    let left = free.len();
    out.truncate(start + room - left);
    for m in &moves[copied..] {
        write_str(out, m);
        out.push(b',');
    }
    if !moves.is_empty() {
        // The comma after the last move.
        out.pop();
    }
}

/// A JSON string: copied between quotes when nothing in it needs an escape (`serde_json`
/// escapes only `"`, `\` and the control characters below U+0020), else written by
/// `serde_json`.
fn write_str(out: &mut Vec<u8>, s: &str) {
    if needs_escape(s.as_bytes()) {
        // Writing a `str` into a `Vec` cannot fail.
        serde_json::to_writer(&mut *out, s).expect("a string is written");
    } else {
        out.reserve(s.len() + 2);
        out.push(b'"');
        out.extend_from_slice(s.as_bytes());
        out.push(b'"');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;
    use xqr_core::law::LawPatch;
    use xqr_core::rules::RuleRef;

    #[derive(serde::Serialize)]
    struct One<'a> {
        game: &'a GameInput,
        options: &'a JudgeOptions,
        #[serde(skip_serializing_if = "Option::is_none")]
        law: Option<&'a LawChange>,
    }

    #[derive(serde::Serialize)]
    struct Batch<'a> {
        games: &'a [&'a GameInput],
        options: &'a JudgeOptions,
        #[serde(skip_serializing_if = "Option::is_none")]
        law: Option<&'a LawChange>,
    }

    /// Texts that need no escape, and every kind that does.
    const TEXTS: [&str; 12] = [
        "",
        "h2e2",
        "炮二平五",
        "馬８進７",
        "say \"hi\"",
        "back\\slash",
        "tab\there",
        "line\nbreak",
        "\u{0}\u{1f}",
        "\u{7f} is no control for JSON",
        "é ✓ 🀄",
        "/ is not escaped",
    ];

    fn games() -> Vec<GameInput> {
        let mut out = vec![GameInput::default()];
        for (i, t) in TEXTS.iter().enumerate() {
            let mut tags = BTreeMap::new();
            tags.insert((*t).to_owned(), TEXTS[(i + 1) % TEXTS.len()].to_owned());
            tags.insert("Result".to_owned(), "1-0".to_owned());
            out.push(GameInput {
                fen: (i % 2 == 0).then(|| (*t).to_owned()),
                moves: TEXTS.iter().skip(i).map(|m| (*m).into()).collect(),
                tags,
            });
        }
        out
    }

    fn law() -> LawChange {
        LawChange::new(LawPatch::default(), &RuleRef::new("club-x", "rule \"1\""))
    }

    /// The same bytes, compared as text for a readable failure.
    fn assert_same(ours: serde_json::Result<Vec<u8>>, theirs: serde_json::Result<Vec<u8>>) {
        let text = |b: serde_json::Result<Vec<u8>>| String::from_utf8(b.expect("written"));
        assert_eq!(text(ours).expect("UTF-8"), text(theirs).expect("UTF-8"));
    }

    #[test]
    fn a_request_is_what_serde_json_writes() {
        let options = JudgeOptions::default();
        let law = law();
        for game in &games() {
            for law in [None, Some(&law)] {
                let ours = judge_request(game, &options, law, None);
                let theirs = serde_json::to_vec(&One {
                    game,
                    options: &options,
                    law,
                });
                assert_same(ours, theirs);
            }
        }
    }

    /// With the names of the tags the plugin reads, a request is what `serde_json` writes for
    /// the game with only those tags.
    #[test]
    fn a_request_for_a_plugin_that_reads_some_tags_has_only_those() {
        let options = JudgeOptions::default();
        let read = ["", "Result", "tab\there", "炮二平五"].map(String::from);
        for game in &games() {
            let mut only = game.clone();
            only.tags.retain(|name, _| read.contains(name));
            assert!(game.tags.is_empty() || only.tags.contains_key("Result"));
            for law in [None, Some(&law())] {
                let ours = judge_request(game, &options, law, Some(&read));
                let theirs = serde_json::to_vec(&One {
                    game: &only,
                    options: &options,
                    law,
                });
                assert_same(ours, theirs);
            }
            let ours = judge_batch_request(&[game, game], &options, None, Some(&read));
            let theirs = serde_json::to_vec(&Batch {
                games: &[&only, &only],
                options: &options,
                law: None,
            });
            assert_same(ours, theirs);
        }
        let none: [String; 0] = [];
        let game = &games()[1];
        let ours = String::from_utf8(judge_request(game, &options, None, Some(&none)).unwrap());
        assert!(ours.unwrap().contains(r#""tags":{}}"#));
    }

    /// A packed request holds the games with only the tags read, as the SDK writes them.
    #[test]
    fn a_packed_request_holds_the_games_with_the_tags_read() {
        let options = JudgeOptions::default();
        let all = games();
        let refs: Vec<&GameInput> = all.iter().collect();
        let read = ["", "Result", "tab\there", "炮二平五"].map(String::from);
        for tags in [None, Some(&read[..])] {
            let ours = packed_request(&refs, Packed::Games, &options, None, tags).unwrap();
            let mut theirs = PackedGames::default();
            for g in &all {
                let kept: Vec<(&str, &str)> = g
                    .tags
                    .iter()
                    .filter(|(k, _)| tags.is_none_or(|names| names.contains(k)))
                    .map(|(k, v)| (k.as_str(), v.as_str()))
                    .collect();
                theirs.push(g.fen.as_deref(), &g.moves, &kept);
            }
            assert_eq!(ours, theirs.finish(Packed::Games, &options, None).unwrap());
        }
    }

    #[test]
    fn a_batch_request_is_what_serde_json_writes() {
        let options = JudgeOptions::default();
        let all = games();
        let refs: Vec<&GameInput> = all.iter().collect();
        let law = law();
        for n in [0, 1, refs.len()] {
            for law in [None, Some(&law)] {
                let ours = judge_batch_request(&refs[..n], &options, law, None);
                let theirs = serde_json::to_vec(&Batch {
                    games: &refs[..n],
                    options: &options,
                    law,
                });
                assert_same(ours, theirs);
            }
        }
    }

    /// Each character below 128 (and one above) at each place of texts of 1 to 17 bytes, the
    /// others letters or Chinese: written as `serde_json` writes it.
    #[test]
    fn every_character_anywhere_is_written_as_serde_json_writes_it() {
        let specials = (0u8..128).map(char::from).chain(['é', '炮']);
        for c in specials {
            for len in 1..=17 {
                for at in 0..len {
                    for filler in ["a", "~", "炮"] {
                        let s: String = (0..len)
                            .map(|i| {
                                if i == at {
                                    c.to_string()
                                } else {
                                    filler.to_owned()
                                }
                            })
                            .collect();
                        let mut ours = Vec::new();
                        write_str(&mut ours, &s);
                        assert_eq!(ours, serde_json::to_vec(&s).expect("written"), "{s:?}");
                    }
                }
            }
        }
    }
}
