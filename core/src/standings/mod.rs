//! Standings: ranking an event by an edition's points and tie-breaks (名次确定).
//!
//! - [`EventResults`] reads the results table (CSV `round,red,black,result`, optional
//!   `red_fouls,black_fouls,board,red_team,black_team`), every malformed row a located error;
//! - [`StandingsRules`] is an edition's scheme: points (1999 §14.1 1/½/0, 2011 §13.1 2/1/0, a
//!   variant's own), match points (1999 §14.2, 2011 §13.2) and, per [`EventKind`], the
//!   [`Criterion`] order of its article (1999 §15.1–15.4, 2011 §14.1–14.7);
//! - [`StandingsRules::rank`] ranks, with exact [`Score`]s (rationals, never floats); entrants
//!   no criterion separates share the rank (名次并列).
//!
//! Byes score as a win and count an opponent with the lowest score among players with points
//! (2011 §14.4; the 1999 text says nothing of byes and is read the same way). Forfeits (`+/-`)
//! score a win and a loss of the scheme (1999 §21.4, 2011 §20.3) and are not games played
//! (they count for no colour).
//!
//! ```
//! use xqr_core::standings::{EventKind, EventResults, StandingsRules};
//! let ev = EventResults::from_csv_str("round,red,black,result\n1,A,B,1/2-1/2\n").unwrap();
//! let s99 = StandingsRules::cxa_1999().rank(&ev, EventKind::RoundRobin).unwrap();
//! let s11 = StandingsRules::cxa_2011().rank(&ev, EventKind::RoundRobin).unwrap();
//! // 1999 cannot separate them (名次并列); 2011 §14.1 ranks the player who had Black first.
//! assert_eq!((s99.rows[0].rank, s99.rows[1].rank), (1, 1));
//! assert_eq!((s11.rows[0].player.as_str(), s11.rows[0].rank, s11.rows[1].rank), ("B", 1, 2));
//! ```

mod criterion;
mod entrants;
mod rank;
mod results;
mod rules;
mod score;

pub use criterion::{Better, Criterion};
pub use rank::{Column, Standing, Standings, StandingsError};
pub use results::{
    EventResults, Location, ResultRow, ResultsError, ResultsErrorKind, ResultsErrors, RowResult,
};
pub use rules::{
    EventKind, KindRules, ParseEventKindError, Primary, StandingsRules, StandingsRulesError,
};
pub use score::Score;

use std::collections::{BTreeSet, HashMap};

impl EventKind {
    /// The kind a results table most plausibly records: with team columns a team round robin
    /// when every two teams met exactly once, else a team Swiss; without, a multi-game round
    /// robin when some pair met more than once, a round robin when every two players met
    /// exactly once, else a Swiss.
    pub fn infer(results: &EventResults) -> EventKind {
        Self::infer_pairs(results, results.is_team_event())
    }

    /// The individual kind of a table, team columns ignored (the players of a 队员总分制
    /// event): a round robin when every two players met exactly once, else a Swiss.
    pub fn infer_individual(results: &EventResults) -> EventKind {
        match Self::infer_pairs(results, false) {
            EventKind::RoundRobin => EventKind::RoundRobin,
            _ => EventKind::Swiss,
        }
    }

    fn infer_pairs(results: &EventResults, teams: bool) -> EventKind {
        let mut names = BTreeSet::new();
        // Encounters per unordered pair; team boards of one match count once.
        let mut met: HashMap<(String, String), BTreeSet<u32>> = HashMap::new();
        let mut games: HashMap<(String, String), u32> = HashMap::new();
        for r in results.rows() {
            let (a, b) = if teams {
                (r.red_team.clone(), r.black_team.clone())
            } else {
                (Some(r.red.clone()), r.black.clone())
            };
            let Some(a) = a else { continue };
            names.insert(a.clone());
            let Some(b) = b else { continue };
            names.insert(b.clone());
            let key = if a < b { (a, b) } else { (b, a) };
            met.entry(key.clone()).or_default().insert(r.round);
            *games.entry(key).or_default() += 1;
        }
        let n = names.len();
        let complete = met.len() == n * n.saturating_sub(1) / 2;
        if teams {
            if complete && met.values().all(|r| r.len() == 1) {
                EventKind::TeamRoundRobin
            } else {
                EventKind::TeamSwiss
            }
        } else if complete && games.values().any(|&g| g > 1) {
            EventKind::MultiGameRoundRobin
        } else if complete {
            EventKind::RoundRobin
        } else {
            EventKind::Swiss
        }
    }
}
