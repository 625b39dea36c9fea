//! Several games in one `judge` call (protocol version 5), without giving up what one call per
//! game guarantees.
//!
//! Over the 3,312 games of CCPD a plugin in its own process paid about 7 µs a game for the
//! round trip of its call, most of what separated it from the same ruleset built in. A batch
//! pays it once for all its games. What a game gets must not depend on the games beside it, so:
//!
//! - a reply that is one well-formed reply per game gives each game its own: a verdict, or
//!   the error the plugin gives that game (a bad record, or a panic, which the SDK catches per
//!   game) — exactly what a call with that game alone would have given;
//! - anything else (the process crashed, aborted or missed the time limit, the plugin answered
//!   one error for the whole batch, a reply of the wrong length or one that cannot be read)
//!   says nothing about which game caused it: every game of the batch is judged again, one
//!   per call, as without batches. The crash lands on the game that causes it, in a process
//!   started afresh, and the other games get their verdicts. A batch failure does not count
//!   towards disabling `judge` (see `Children::call_batch`); the calls of the games do, as
//!   before.
//!
//! The cost of a failure: the batch's work and, for a hang, one time limit more than without
//! batches.

use super::{request, PluginRuleset};
use crate::plugins::library::{BATCH_PROTOCOL, PACKED_PROTOCOL};
use xqr_core::rules::{GameInput, JudgeError, JudgeOptions, Ruleset, Verdict};
use xqr_plugin_sdk::protocol::packed::Packed;
use xqr_plugin_sdk::protocol::{decode_verdict_batch_reply, ReplyError};

/// Judges `games` in one call when the plugin takes batches, each game on its own otherwise or
/// when the batch fails.
pub(super) fn judge_batch(
    rs: &PluginRuleset,
    games: &[&GameInput],
    options: &JudgeOptions,
) -> Vec<Result<Verdict, JudgeError>> {
    // A plugin of version 5 judges a record as played itself (from version 3 on), so its
    // batch answers what its judge would, game by game.
    if games.len() > 1 && rs.plugin.protocol >= BATCH_PROTOCOL {
        if let Some(judged) = try_batch(rs, games, options) {
            return judged;
        }
    }
    games.iter().map(|game| rs.judge(game, options)).collect()
}

/// One call for all of `games`; `None` when the batch fails as a whole.
fn try_batch(
    rs: &PluginRuleset,
    games: &[&GameInput],
    options: &JudgeOptions,
) -> Option<Vec<Result<Verdict, JudgeError>>> {
    let (law, tags) = (rs.law.as_deref(), rs.tags_read.as_deref());
    let input = if rs.plugin.protocol >= PACKED_PROTOCOL {
        request::packed_request(games, Packed::Games, options, law, tags)
    } else {
        request::judge_batch_request(games, options, law, tags)
    }
    .ok()?;
    let bytes = rs.plugin.call_batch(&input).ok()?;
    let replies = decode_verdict_batch_reply(&bytes).ok()?;
    let readable = replies
        .iter()
        .all(|reply| !matches!(reply, Err(ReplyError::Malformed(_))));
    (replies.len() == games.len() && readable).then(|| {
        replies
            .into_iter()
            .map(|reply| rs.judgement(reply))
            .collect()
    })
}
