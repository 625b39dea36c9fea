//! A verdict's reply, written and read by hand when the verdict is plain.
//!
//! Most games end with nothing to report but the ending: no loop, no pending obligation, no
//! classified plies, no claims. Over CCPD nearly every reply is
//! `{"ok":{"ruleset":…,"result":…,"termination":…,…,"plies":[],"claims":[]}}`, and `serde_json`
//! wrote it and read it back field by field and byte by byte: about 5,000 instructions to write
//! and 7,700 to read, a fifth of what a plugin paid beside the same ruleset built in.
//!
//! [`encode_verdict`] writes a plain verdict whose texts need no escape with the bytes
//! `serde_json` writes ([`encode_ok`]), and any other through `serde_json`.
//! [`decode_verdict_reply`] and [`decode_verdict_batch_reply`] read a reply in exactly that
//! layout here, and any other (spaces, escapes, a loop, an error) through [`decode_reply`] and
//! [`decode_batch_reply`], so that neither the bytes nor what a host reads, errors included,
//! depend on this module. The tests hold both equal to `serde_json`.

use super::json_text::needs_escape;
use super::layout_reader::Reader;
use super::{decode_batch_reply, decode_reply, encode_ok, ReplyError};
use serde::de::value::StrDeserializer;
use serde::de::IntoDeserializer;
use serde::Deserialize;
use serde_json::value::RawValue;
use std::io::Write;
use xqr_core::rules::{GameResult, RuleRef, Termination, Verdict};
use xqr_core::Color;

/// `{"ok":VERDICT}`: the bytes of [`encode_ok`] for `verdict`.
///
/// ```
/// use xqr_plugin_sdk::protocol::{decode_verdict_reply, encode_ok, encode_verdict};
/// use xqr_core::rules::{GameResult, Verdict};
/// let v = Verdict {
///     ruleset: "club-x".into(),
///     result: GameResult::Undecided,
///     termination: None,
///     winner: None,
///     offender: None,
///     rule: None,
///     decided_at_ply: None,
///     pending: None,
///     loop_found: None,
///     explanation: "no result".into(),
///     plies: vec![],
///     claims: vec![],
/// };
/// assert_eq!(encode_verdict(&v), encode_ok(&v));
/// assert_eq!(decode_verdict_reply(&encode_verdict(&v)).unwrap(), v);
/// ```
pub fn encode_verdict(verdict: &Verdict) -> Vec<u8> {
    if !is_plain(verdict) {
        return encode_ok(verdict);
    }
    let mut out = Vec::with_capacity(512);
    match write_plain(&mut out, verdict) {
        Some(()) => out,
        None => encode_ok(verdict),
    }
}

/// Whether `v` has nothing to report but its ending: no pending obligation, no loop, no plies,
/// no claims.
fn is_plain(v: &Verdict) -> bool {
    v.pending.is_none() && v.loop_found.is_none() && v.plies.is_empty() && v.claims.is_empty()
}

/// Reads a reply to a one-game `judge`: what [`decode_reply`] reads, the verdict or the error.
pub fn decode_verdict_reply(bytes: &[u8]) -> Result<Verdict, ReplyError> {
    if let Ok(text) = simdutf8::basic::from_utf8(bytes) {
        let mut r = Reader::new(text);
        if let Some(v) = read_plain(&mut r).filter(|_| r.rest().is_empty()) {
            return Ok(v);
        }
    }
    decode_reply(bytes)
}

/// Reads a reply to a batch `judge`: what [`decode_batch_reply`] reads, each game's verdict or
/// error, or the error of the whole batch.
pub fn decode_verdict_batch_reply(
    bytes: &[u8],
) -> Result<Vec<Result<Verdict, ReplyError>>, ReplyError> {
    simdutf8::basic::from_utf8(bytes)
        .ok()
        .and_then(read_batch)
        .map_or_else(|| decode_batch_reply(bytes), Ok)
}

/// `{"ok":[REPLY,…]}` without spaces: a plain reply read here, any other through
/// [`decode_reply`] once `serde_json` has found where it ends. `None` when the text is not a
/// list of replies in this layout.
fn read_batch(text: &str) -> Option<Vec<Result<Verdict, ReplyError>>> {
    let mut r = Reader::new(text);
    r.want(r#"{"ok":["#)?;
    let mut replies = Vec::new();
    if !r.eat("]") {
        loop {
            let mut plain = r.clone();
            match read_plain(&mut plain) {
                Some(v) => {
                    r = plain;
                    replies.push(Ok(v));
                }
                None => {
                    let mut values =
                        serde_json::Deserializer::from_str(r.rest()).into_iter::<&RawValue>();
                    let raw = values.next()?.ok()?;
                    replies.push(decode_reply(raw.get().as_bytes()));
                    r.skip(values.byte_offset());
                }
            }
            if !r.eat(",") {
                break;
            }
        }
        r.want("]")?;
    }
    r.want("}")?;
    r.rest().is_empty().then_some(replies)
}

/// `{"ok":{…}}` of a plain verdict (see [`write_plain`]), in the order of `Verdict`'s fields.
fn read_plain(r: &mut Reader<'_>) -> Option<Verdict> {
    r.want(r#"{"ok":{"ruleset":"#)?;
    let ruleset = r.string()?.to_owned();
    r.want(r#","result":"#)?;
    // As `GameResult`'s own reading does.
    let result = GameResult::from_pgn(r.string()?)?;
    r.want(r#","termination":"#)?;
    let termination = nullable(r, |r| {
        // The names, and another reason as `Other`, as the derived reading has them.
        let name: StrDeserializer<'_, serde::de::value::Error> = r.string()?.into_deserializer();
        Termination::deserialize(name).ok()
    })?;
    r.want(r#","winner":"#)?;
    let winner = nullable(r, color)?;
    r.want(r#","offender":"#)?;
    let offender = nullable(r, color)?;
    r.want(r#","rule":"#)?;
    let rule = nullable(r, |r| r.string()?.parse::<RuleRef>().ok())?;
    r.want(r#","decided_at_ply":"#)?;
    let decided_at_ply = nullable(r, ply)?;
    r.want(r#","pending":null,"loop":null,"explanation":"#)?;
    let explanation = r.string()?.to_owned();
    r.want(r#","plies":[],"claims":[]}}"#)?;
    Some(Verdict {
        ruleset,
        result,
        termination,
        winner,
        offender,
        rule,
        decided_at_ply,
        pending: None,
        loop_found: None,
        explanation,
        plies: Vec::new(),
        claims: Vec::new(),
    })
}

/// `null`, or what `value` reads.
fn nullable<'a, T>(
    r: &mut Reader<'a>,
    value: impl FnOnce(&mut Reader<'a>) -> Option<T>,
) -> Option<Option<T>> {
    if r.eat("null") {
        Some(None)
    } else {
        value(r).map(Some)
    }
}

/// `"red"` or `"black"`.
fn color(r: &mut Reader<'_>) -> Option<Color> {
    match r.string()? {
        "red" => Some(Color::Red),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// A `u32` as JSON writes it: `0`, or digits without a leading zero. A number in another form
/// (a sign, a fraction, an exponent) or past `u32::MAX` is left to `serde_json`.
fn ply(r: &mut Reader<'_>) -> Option<u32> {
    let rest = r.rest();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let text = &rest[..digits];
    let next = rest.as_bytes().get(digits);
    if text.is_empty()
        || (text.starts_with('0') && digits > 1)
        || matches!(next, Some(b'.' | b'e' | b'E'))
    {
        return None;
    }
    let n = text.parse().ok()?;
    r.skip(digits);
    Some(n)
}

/// Writes the reply of `v` as `serde_json` does when `v` is plain ([`is_plain`]) and no text
/// of it needs an escape. `None` (and `out` to be let go) otherwise.
fn write_plain(out: &mut Vec<u8>, v: &Verdict) -> Option<()> {
    if !is_plain(v) {
        return None;
    }
    out.extend_from_slice(br#"{"ok":{"ruleset":"#);
    write_text(out, &v.ruleset)?;
    out.extend_from_slice(br#","result":"#);
    write_text(out, v.result.pgn())?;
    out.extend_from_slice(br#","termination":"#);
    match &v.termination {
        Some(t) => write_text(out, t.name())?,
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(br#","winner":"#);
    write_color(out, v.winner);
    out.extend_from_slice(br#","offender":"#);
    write_color(out, v.offender);
    out.extend_from_slice(br#","rule":"#);
    match &v.rule {
        Some(rule) => {
            let start = out.len() + 1;
            write!(out, "\"{rule}\"").ok()?;
            if needs_escape(&out[start..out.len() - 1]) {
                return None;
            }
        }
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(br#","decided_at_ply":"#);
    match v.decided_at_ply {
        Some(n) => write!(out, "{n}").ok()?,
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(br#","pending":null,"loop":null,"explanation":"#);
    write_text(out, &v.explanation)?;
    out.extend_from_slice(br#","plies":[],"claims":[]}}"#);
    Some(())
}

/// `s` between quotes, if it needs no escape.
fn write_text(out: &mut Vec<u8>, s: &str) -> Option<()> {
    if needs_escape(s.as_bytes()) {
        return None;
    }
    out.push(b'"');
    out.extend_from_slice(s.as_bytes());
    out.push(b'"');
    Some(())
}

/// `"red"`, `"black"` or `null`, as `Color` is written in lowercase.
fn write_color(out: &mut Vec<u8>, c: Option<Color>) {
    out.extend_from_slice(match c {
        Some(Color::Red) => br#""red""#,
        Some(Color::Black) => br#""black""#,
        None => b"null",
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::batch::BatchReply;
    use crate::protocol::encode_error;
    use xqr_core::rules::{Claim, ClaimPolicy, GameEnd, GameInput, JudgeOptions, Ruleset};

    /// A plain verdict, and variations of each field: every termination, texts that need an
    /// escape or are not ASCII, the extremes of the ply.
    fn verdicts() -> Vec<Verdict> {
        let base = Verdict {
            ruleset: "club-casual".into(),
            result: GameResult::BlackWins,
            termination: Some(Termination::RecordedResult),
            winner: Some(Color::Black),
            offender: None,
            rule: Some(RuleRef::new("cxa-1999", "§4")),
            decided_at_ply: Some(100),
            pending: None,
            loop_found: None,
            explanation: "0-1 result stated by the record".into(),
            plies: vec![],
            claims: vec![],
        };
        let mut out = vec![base.clone()];
        let texts = [
            "",
            "长将 §26.4",
            "say \"hi\"",
            "back\\slash",
            "tab\t",
            "null",
            "0",
        ];
        let terminations = [
            "checkmate",
            "stalemate",
            "flying_general",
            "king_captured",
            "perpetual_check",
            "perpetual_chase",
            "perpetual_mate_threat",
            "forbidden_repetition",
            "repetition_draw",
            "natural_limit",
            "illegal_move",
            "resignation",
            "agreed_draw",
            "time_forfeit",
            "recorded_result",
        ];
        for name in terminations.iter().chain(&texts) {
            let t: Termination = serde_json::from_value(serde_json::Value::from(*name)).unwrap();
            out.push(Verdict {
                termination: Some(t),
                ..base.clone()
            });
        }
        for t in texts {
            out.push(Verdict {
                ruleset: t.into(),
                explanation: t.into(),
                ..base.clone()
            });
            out.push(Verdict {
                rule: Some(RuleRef::new("club-x", t)),
                ..base.clone()
            });
        }
        for result in [
            GameResult::RedWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Undecided,
        ] {
            for side in [None, Some(Color::Red), Some(Color::Black)] {
                out.push(Verdict {
                    result,
                    winner: side,
                    offender: side.map(|c| !c),
                    ..base.clone()
                });
            }
        }
        for ply in [None, Some(0), Some(7), Some(10), Some(u32::MAX)] {
            out.push(Verdict {
                decided_at_ply: ply,
                termination: None,
                rule: None,
                ..base.clone()
            });
        }
        out.extend(judged());
        out
    }

    /// Verdicts of a ruleset: a short game, and figure 3 of the 1999 rules (a loop, an
    /// obligation to change, every ply classified); and the short game's with a claim, a loop
    /// or an obligation alone.
    fn judged() -> Vec<Verdict> {
        let rs = xqr_cxa1999::Cxa1999::new();
        let game = |fen: Option<&str>, moves: &str| GameInput {
            fen: fen.map(str::to_owned),
            moves: moves.split(' ').map(xqr_core::MoveText::from).collect(),
            ..GameInput::default()
        };
        let short = game(None, "h2e2 h9g7");
        let loop_game = game(
            Some("1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1"),
            "h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9",
        );
        let all_plies = JudgeOptions {
            all_plies: true,
            ..JudgeOptions::default()
        };
        let as_played = JudgeOptions {
            claim: ClaimPolicy::AsPlayed,
            ..JudgeOptions::default()
        };
        let mut out = Vec::new();
        for g in [&short, &loop_game] {
            for o in [&JudgeOptions::default(), &all_plies, &as_played] {
                out.push(rs.judge(g, o).expect("judged"));
            }
        }
        let with_loop = out
            .iter()
            .find(|v| v.loop_found.is_some() && v.pending.is_some())
            .expect("figure 3 leaves an obligation to change")
            .clone();
        let end = GameEnd {
            result: GameResult::Draw,
            termination: Termination::RepetitionDraw,
            rule: RuleRef::new("cxa-1999", "§23.2"),
            offender: None,
            ply: 8,
            explanation: "不变作和".into(),
        };
        // Each part that makes a verdict other than plain, alone.
        let plain = out[0].clone();
        out.push(Verdict {
            claims: vec![Claim::of(&end, with_loop.loop_found.as_ref())],
            ..plain.clone()
        });
        out.push(Verdict {
            loop_found: with_loop.loop_found.clone(),
            ..plain.clone()
        });
        out.push(Verdict {
            pending: with_loop.pending.clone(),
            ..plain.clone()
        });
        assert!(out.iter().any(|v| !v.plies.is_empty()));
        out
    }

    #[test]
    fn a_verdict_is_written_as_serde_json_writes_it() {
        let mut plain = 0;
        for v in verdicts() {
            let ours = encode_verdict(&v);
            assert_eq!(
                String::from_utf8(ours.clone()).unwrap(),
                String::from_utf8(encode_ok(&v)).unwrap()
            );
            plain += usize::from(write_plain(&mut Vec::new(), &v).is_some());
        }
        // Most of them take the hand-written path.
        assert!(plain > 40, "{plain}");
    }

    /// What the reply reads as, with the error's message.
    fn read(r: Result<Verdict, ReplyError>) -> Result<Verdict, String> {
        r.map_err(|e| format!("{e:?}"))
    }

    #[test]
    fn a_reply_reads_as_serde_json_reads_it() {
        let all = verdicts();
        let mut read_back = 0;
        for v in all.iter().cloned() {
            let bytes = encode_verdict(&v);
            assert_eq!(
                read(decode_verdict_reply(&bytes)),
                read(decode_reply(&bytes))
            );
            // A rule reference with an empty article, or white space around it, does not read back
            // as it was, whichever way it is read.
            read_back += usize::from(decode_verdict_reply(&bytes).is_ok_and(|back| back == v));
            // Every reply cut short, and with any byte changed to one of a few that matter.
            for cut in 0..bytes.len() {
                let b = &bytes[..cut];
                assert_eq!(read(decode_verdict_reply(b)), read(decode_reply(b)));
            }
            for at in 0..bytes.len() {
                for byte in [
                    b' ', b'"', b'\\', b'0', b'1', b'9', b'n', b'}', b',', b'.', 0xff,
                ] {
                    let mut b = bytes.clone();
                    b[at] = byte;
                    assert_eq!(
                        read(decode_verdict_reply(&b)),
                        read(decode_reply(&b)),
                        "{at}"
                    );
                }
            }
        }
        assert_eq!(read_back, all.len() - 2);
        let spaced = concat!(
            r#"{"ok": {"ruleset":"x","result":"*","termination":null,"winner":null,"#,
            r#""offender":null,"rule":null,"decided_at_ply":null,"pending":null,"loop":null,"#,
            r#""explanation":"","plies":[],"claims":[]}}"#
        )
        .as_bytes();
        assert_eq!(
            read(decode_verdict_reply(spaced)),
            read(decode_reply(spaced))
        );
        assert!(decode_verdict_reply(spaced).is_ok());
    }

    #[test]
    fn a_batch_reply_reads_as_serde_json_reads_it() {
        let all = verdicts();
        let mut reply = BatchReply::with_capacity(all.len() + 1);
        for (i, v) in all.iter().enumerate() {
            reply.push(&encode_verdict(v));
            if i == 3 {
                reply.push(&encode_error("boom", None));
            }
        }
        let bytes = reply.finish();
        let ours = decode_verdict_batch_reply(&bytes).unwrap();
        let theirs = decode_batch_reply::<Verdict>(&bytes).unwrap();
        assert_eq!(ours.len(), all.len() + 1);
        let as_text = |r: &Result<Verdict, ReplyError>| format!("{r:?}");
        assert_eq!(
            ours.iter().map(as_text).collect::<Vec<_>>(),
            theirs.iter().map(as_text).collect::<Vec<_>>()
        );
        let whole = |r: Result<Vec<Result<Verdict, ReplyError>>, ReplyError>| {
            r.map(|v| v.iter().map(as_text).collect::<Vec<_>>())
                .map_err(|e| format!("{e:?}"))
        };
        // Cut short or changed anywhere in the first replies, the batch reads alike.
        for at in 0..1200.min(bytes.len()) {
            assert_eq!(
                whole(decode_verdict_batch_reply(&bytes[..at])),
                whole(decode_batch_reply(&bytes[..at]))
            );
            for byte in [b' ', b'"', b']', b'}', b',', b'x'] {
                let mut b = bytes.clone();
                b[at] = byte;
                assert_eq!(
                    whole(decode_verdict_batch_reply(&b)),
                    whole(decode_batch_reply(&b)),
                    "{at}"
                );
            }
        }
        for text in [
            &br#"{"ok":[]}"#[..],
            br#"{"ok":[],"error":"x"}"#,
            br#"{"error":"x"}"#,
            b"[]",
        ] {
            assert_eq!(
                whole(decode_verdict_batch_reply(text)),
                whole(decode_batch_reply(text))
            );
        }
    }
}
