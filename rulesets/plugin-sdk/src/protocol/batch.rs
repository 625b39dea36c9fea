//! Several games in one `judge` request (protocol version 5).
//!
//! A host that runs a plugin in a process of its own pays a round trip between processes per
//! call, a fixed cost that over a corpus of short games is a large share of the judging
//! (about 7 µs a game on the 3,312 games of CCPD). A batch carries several games and gets one
//! reply:
//!
//! - request: `{"games": [GameInput, …], "options": JudgeOptions, "law": LawChange}` — the
//!   fields of a single-game request with `games` instead of `game` ([`JudgeBatchRequest`]);
//!   every game is judged with the same options and law;
//! - reply: `{"ok": [REPLY, …]}`, one element per game in the order of `games`, each exactly
//!   the reply a request with that game alone gets: `{"ok": Verdict}` or `{"error": …,
//!   "judge_error": …}`. A panic while judging one game is that game's error reply
//!   (`plugin panicked: …`); the other games are judged. An error about the request as a whole
//!   (it cannot be read, its law patch does not apply) is one error reply, `{"error": …}`, as
//!   for a single game.
//!
//! A request with `game` is a single-game request, answered as in version 4; one with both
//! `game` and `games` is refused. A host sends batches only to a plugin whose table says
//! version 5 or later. It reads a batch reply with [`decode_batch_reply`]; what to do when the
//! batch as a whole fails (the process died, the reply is not a list of as many replies as
//! games) is the host's choice: the xqr host judges those games again one per request, so that
//! the failure lands on the game that causes it.

use super::pooled::PooledGame;
use super::{decode_reply, Given, LawChange, ReplyError};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use xqr_core::rules::{GameInput, JudgeOptions};

/// Input of a batch `judge` (protocol version 5).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgeBatchRequest {
    /// The games, in the order of the replies.
    pub games: Vec<GameInput>,
    /// The options, for every game.
    #[serde(default)]
    pub options: JudgeOptions,
    /// The law patch to judge every game under, as in a single-game request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub law: Option<LawChange>,
}

/// What a plugin reads from `judge`: a single-game or a batch request, told apart by its
/// fields, so that the request is parsed once.
#[derive(Deserialize)]
pub(crate) struct AnyJudgeRequest {
    #[serde(default)]
    pub(crate) game: Option<PooledGame>,
    #[serde(default)]
    pub(crate) games: Option<Vec<PooledGame>>,
    #[serde(default)]
    pub(crate) options: JudgeOptions,
    #[serde(default)]
    pub(crate) law: Option<LawChange>,
}

/// A batch reply, written one game's reply at a time.
///
/// ```
/// use xqr_plugin_sdk::protocol::batch::BatchReply;
/// use xqr_plugin_sdk::protocol::{decode_batch_reply, encode_error, encode_ok};
/// let mut reply = BatchReply::with_capacity(2);
/// reply.push(&encode_ok(&3));
/// reply.push(&encode_error("boom", None));
/// let bytes = reply.finish();
/// assert_eq!(bytes, br#"{"ok":[{"ok":3},{"error":"boom"}]}"#);
/// let replies = decode_batch_reply::<u32>(&bytes).unwrap();
/// assert_eq!(replies[0], Ok(3));
/// assert_eq!(replies[1].as_ref().unwrap_err().to_string(), "boom");
/// ```
#[derive(Debug)]
pub struct BatchReply {
    out: Vec<u8>,
    replies: usize,
}

impl BatchReply {
    /// An empty list, with room for about `games` verdicts.
    pub fn with_capacity(games: usize) -> BatchReply {
        let mut out = Vec::with_capacity(16 + 2048 * games.min(1024));
        out.extend_from_slice(br#"{"ok":["#);
        BatchReply { out, replies: 0 }
    }

    /// Appends the reply of the next game: the bytes of `{"ok": …}` or `{"error": …}`, as
    /// [`encode_ok`](super::encode_ok) and [`encode_error`](super::encode_error) write them.
    pub fn push(&mut self, reply: &[u8]) {
        if self.replies > 0 {
            self.out.push(b',');
        }
        self.out.extend_from_slice(reply);
        self.replies += 1;
    }

    /// The reply.
    pub fn finish(mut self) -> Vec<u8> {
        self.out.extend_from_slice(b"]}");
        self.out
    }
}

/// Reads a batch reply: each game's reply decoded as [`decode_reply`] decodes a single one, or
/// the error of the whole batch (an error reply, or a reply that is not a list of replies).
///
/// ```
/// use xqr_plugin_sdk::protocol::{decode_batch_reply, ReplyError};
/// let all = decode_batch_reply::<u32>(br#"{"ok": [{"ok": 1}, {"error": "bad"}, [2]]}"#).unwrap();
/// assert_eq!(all.len(), 3);
/// assert_eq!(all[0], Ok(1));
/// assert!(matches!(&all[1], Err(ReplyError::Plugin { message, .. }) if message == "bad"));
/// assert!(matches!(all[2], Err(ReplyError::Malformed(_))));
/// let e = decode_batch_reply::<u32>(br#"{"error": "patch"}"#).unwrap_err();
/// assert_eq!(e.to_string(), "patch");
/// assert!(matches!(decode_batch_reply::<u32>(br#"{"ok": 1}"#), Err(ReplyError::Malformed(_))));
/// assert!(matches!(decode_batch_reply::<u32>(b"[]"), Err(ReplyError::Malformed(_))));
/// ```
pub fn decode_batch_reply<T: DeserializeOwned>(
    bytes: &[u8],
) -> Result<Vec<Result<T, ReplyError>>, ReplyError> {
    #[derive(Deserialize)]
    struct Answer<'a> {
        #[serde(borrow, default)]
        ok: Option<Vec<&'a RawValue>>,
        #[serde(default)]
        error: Given,
    }
    let object = bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
    if let Some(Ok(Answer {
        ok: Some(replies),
        error: Given(false),
    })) = object.then(|| serde_json::from_slice::<Answer<'_>>(bytes))
    {
        return Ok(replies
            .iter()
            .map(|reply| decode_reply(reply.get().as_bytes()))
            .collect());
    }
    // Not a list: the error reply of the whole batch, or something else.
    match decode_reply::<serde::de::IgnoredAny>(bytes) {
        Err(e) => Err(e),
        Ok(_) => Err(ReplyError::Malformed(
            "expected a list of replies, one per game".to_owned(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_request_round_trips_and_reads_as_one() {
        let req = JudgeBatchRequest {
            games: vec![
                GameInput {
                    moves: vec!["h2e2".into()],
                    ..GameInput::default()
                },
                GameInput::default(),
            ],
            ..JudgeBatchRequest::default()
        };
        let json = serde_json::to_string(&req).unwrap();
        assert_eq!(
            serde_json::from_str::<JudgeBatchRequest>(&json).unwrap(),
            req
        );
        let any: AnyJudgeRequest = serde_json::from_str(&json).unwrap();
        let games: Vec<GameInput> = any
            .games
            .expect("a batch")
            .into_iter()
            .map(PooledGame::into_game)
            .collect();
        assert_eq!(games, req.games);
        assert!(any.game.is_none());
    }

    #[test]
    fn an_error_beside_the_list_fails_the_whole_batch() {
        let e = decode_batch_reply::<u32>(br#"{"ok": [{"ok": 1}], "error": "boom"}"#).unwrap_err();
        assert_eq!(e.to_string(), "boom");
        assert!(decode_batch_reply::<u32>(br#"{"ok": null}"#).is_err());
        assert!(decode_batch_reply::<u32>(b"not json").is_err());
    }

    #[test]
    fn an_empty_batch_has_no_replies() {
        let reply = BatchReply::with_capacity(0).finish();
        assert_eq!(decode_batch_reply::<u32>(&reply).unwrap(), []);
    }
}
