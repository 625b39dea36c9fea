//! Results carried by a record (resignation, agreed draw, time forfeit), with their articles.

use super::{GameEnd, GameResult, RuleRef, Termination};

/// The articles an edition cites for results that come from the record.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RecordArticles {
    /// Resignation (1999 §4.1.9, 2011 §4.1.12).
    pub resignation: &'static str,
    /// Agreed draw (1999 §4.2.2, 2011 §4.2.1).
    pub agreed_draw: &'static str,
    /// Loss on time (1999 §4.1.4, 2011 §4.1.6).
    pub time_forfeit: &'static str,
    /// A result whose reason the record does not state (the result section, e.g. §4).
    pub unstated: &'static str,
}

/// The game end stated by a record's `Result` and optional `Termination` tag.
///
/// `Termination` values are matched loosely: `time forfeit` (or anything mentioning time,
/// 超时), `resign…` (认输/認輸), `agreed…` / `draw agreed` (议和/議和); anything else, or no tag,
/// gives [`Termination::RecordedResult`]. Returns `None` for an undecided result.
///
/// ```
/// use xqr_core::rules::{recorded_end, GameResult, RecordArticles, Termination};
/// const A: RecordArticles = RecordArticles { resignation: "§4.1.9", agreed_draw: "§4.2.2", time_forfeit: "§4.1.4", unstated: "§4" };
/// let end = recorded_end("cxa-1999", &A, GameResult::RedWins, Some("time forfeit"), 80).unwrap();
/// assert_eq!(end.termination, Termination::TimeForfeit);
/// assert_eq!(end.rule.to_string(), "cxa-1999 §4.1.4");
/// ```
pub fn recorded_end(
    ruleset: &str,
    articles: &RecordArticles,
    result: GameResult,
    termination: Option<&str>,
    ply: u32,
) -> Option<GameEnd> {
    if !result.is_decided() {
        return None;
    }
    let t = termination
        .map(|t| t.trim().to_lowercase())
        .unwrap_or_default();
    let winner = result.winner();
    let (termination, article, why) = if winner.is_some()
        && (t.contains("time") || t.contains("超时") || t.contains("超時"))
    {
        (
            Termination::TimeForfeit,
            articles.time_forfeit,
            "lost on time",
        )
    } else if winner.is_some() && (t.contains("resign") || t.contains("认输") || t.contains("認輸"))
    {
        (Termination::Resignation, articles.resignation, "resigned")
    } else if winner.is_none() && (t.contains("agree") || t.contains("议和") || t.contains("議和"))
    {
        (
            Termination::AgreedDraw,
            articles.agreed_draw,
            "agreed a draw",
        )
    } else {
        (
            Termination::RecordedResult,
            articles.unstated,
            "result stated by the record",
        )
    };
    let explanation = match winner {
        Some(w) if termination != Termination::RecordedResult => {
            format!("{} {why} (from the record)", !w)
        }
        _ => format!("{} {why}", result.pgn()),
    };
    Some(GameEnd {
        result,
        termination,
        rule: RuleRef::new(ruleset, article),
        offender: None,
        ply,
        explanation,
    })
}
