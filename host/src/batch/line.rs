//! The JSON Lines of `xqr batch`: one object per line, told apart by `"type"`.
//!
//! - `{"type":"game", "file", "game", "line", "plies", "tags": {"Event","Red","Black","Result"},
//!   "verdicts": {ID: {"result","termination","rule","decided_at_ply","pending",
//!   "agrees_with_record","claims","first_claim"} | {"error","ply","line","column"}, …},
//!   "rulesets_agree"}`: `result` … `pending` judge the record as played; `claims` lists every
//!   point where a claim would have succeeded (`{"ply","until_ply","claimant","result",
//!   "termination","rule"}`); `first_claim` is what the first of them would have given
//!   (`{"result","termination","rule","decided_at_ply"}`), null when there is none
//! - `{"type":"error", "file", "game", "line", "column", "error"}`: a file or game that could
//!   not be read (`game`, `line`, `column` are null when they do not apply);
//! - `{"type":"summary", …}`: the last line (see [`Summary`](super::Summary)).

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use xqr_core::rules::{Claim, Claimant, GameResult, Pending, RuleRef, Termination};

use super::{InputError, Item, JudgedGame, Summary};

/// One line of the output.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Line<'a> {
    /// A judged game.
    Game(GameLine<'a>),
    /// A file or game that could not be read.
    Error(&'a InputError),
    /// The summary, last.
    Summary(&'a Summary),
}

impl<'a> Line<'a> {
    /// The line of an item.
    pub fn of(item: &'a Item) -> Line<'a> {
        match item {
            Item::Game(g) => Line::Game(GameLine::of(g)),
            Item::Error(e) => Line::Error(e),
        }
    }
}

/// The tags a game line carries.
#[derive(Serialize)]
struct Tags<'a> {
    #[serde(rename = "Event")]
    event: Option<&'a str>,
    #[serde(rename = "Red")]
    red: Option<&'a str>,
    #[serde(rename = "Black")]
    black: Option<&'a str>,
    #[serde(rename = "Result")]
    result: Option<&'a str>,
}

/// A judged game as a line.
#[derive(Serialize)]
pub struct GameLine<'a> {
    file: String,
    game: usize,
    line: usize,
    plies: usize,
    tags: Tags<'a>,
    verdicts: Verdicts<'a>,
    rulesets_agree: bool,
}

impl<'a> GameLine<'a> {
    /// The line of a judged game.
    pub fn of(g: &'a JudgedGame) -> GameLine<'a> {
        let tag = |name: &str| g.game.input.tags.get(name).map(String::as_str);
        GameLine {
            file: g.file.display().to_string(),
            game: g.game.index,
            line: g.game.line,
            plies: g.plies(),
            tags: Tags {
                event: tag("Event"),
                red: tag("Red"),
                black: tag("Black"),
                result: tag("Result"),
            },
            verdicts: Verdicts(
                (0..g.verdicts.len())
                    .map(|i| (g.verdicts[i].ruleset.as_str(), VerdictLine::of(g, i)))
                    .collect(),
            ),
            rulesets_agree: g.rulesets_agree(),
        }
    }
}

/// The verdicts by ruleset id, in the run's order.
struct Verdicts<'a>(Vec<(&'a str, VerdictLine<'a>)>);

impl Serialize for Verdicts<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (id, v) in &self.0 {
            map.serialize_entry(id, v)?;
        }
        map.end()
    }
}

/// One ruleset's verdict on a game, or why there is none.
#[derive(Serialize)]
#[serde(untagged)]
pub enum VerdictLine<'a> {
    /// A verdict (the fields of the `judge` contract that a corpus study needs).
    Judged {
        /// `1-0`, `0-1`, `1/2-1/2` or `*`.
        result: GameResult,
        /// Why the game ended, null while undecided.
        termination: Option<&'a Termination>,
        /// The article deciding it.
        rule: Option<&'a RuleRef>,
        /// The ply after which it was decided.
        decided_at_ply: Option<u32>,
        /// An open obligation to change.
        pending: Option<&'a Pending>,
        /// Whether the record's result agrees (null when either does not decide; see
        /// [`JudgedGame::agrees_with_record`]).
        agrees_with_record: Option<bool>,
        /// Every point where a claim would have succeeded, in order.
        claims: Vec<ClaimLine<'a>>,
        /// What the first claim would have given, if there was one.
        first_claim: Option<FirstClaim<'a>>,
    },
    /// No verdict: the reason, located at its ply and the move's line and column.
    Failed {
        /// What is wrong.
        error: String,
        /// The ply concerned.
        ply: Option<u32>,
        /// The line of the move.
        line: Option<usize>,
        /// The column of the move.
        column: Option<usize>,
    },
}

impl<'a> VerdictLine<'a> {
    /// The line of verdict number `i` of `g`.
    pub fn of(g: &'a JudgedGame, i: usize) -> VerdictLine<'a> {
        match &g.verdicts[i].outcome {
            Ok(v) => VerdictLine::Judged {
                result: v.result,
                termination: v.termination.as_ref(),
                rule: v.rule.as_ref(),
                decided_at_ply: v.decided_at_ply,
                pending: v.pending.as_ref(),
                agrees_with_record: g.agrees_with_record(i),
                claims: v.claims.iter().map(ClaimLine::of).collect(),
                first_claim: v.first_claim().map(FirstClaim::of),
            },
            Err(e) => {
                let place = e.ply().and_then(|p| g.game.place_of(p));
                VerdictLine::Failed {
                    error: e.to_string(),
                    ply: e.ply(),
                    line: place.map(|p| p.0),
                    column: place.map(|p| p.1),
                }
            }
        }
    }
}

/// A claim as a game line shows it (its explanation is left to `xqr judge`).
#[derive(Serialize)]
pub struct ClaimLine<'a> {
    ply: u32,
    until_ply: u32,
    claimant: Claimant,
    result: GameResult,
    termination: &'a Termination,
    rule: &'a RuleRef,
}

impl<'a> ClaimLine<'a> {
    fn of(c: &'a Claim) -> ClaimLine<'a> {
        ClaimLine {
            ply: c.ply,
            until_ply: c.until_ply,
            claimant: c.claimant,
            result: c.result,
            termination: &c.termination,
            rule: &c.rule,
        }
    }
}

/// The verdict the first claim would have given, in the fields of the verdict as played.
#[derive(Serialize)]
pub struct FirstClaim<'a> {
    result: GameResult,
    termination: &'a Termination,
    rule: &'a RuleRef,
    decided_at_ply: u32,
}

impl<'a> FirstClaim<'a> {
    fn of(c: &'a Claim) -> FirstClaim<'a> {
        FirstClaim {
            result: c.result,
            termination: &c.termination,
            rule: &c.rule,
            decided_at_ply: c.ply,
        }
    }
}
