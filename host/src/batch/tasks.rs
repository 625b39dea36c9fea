//! How the games of one chunk are shared out among the workers: a game under every ruleset
//! judged game by game is one task, as it always was; for a ruleset that judges in batches
//! ([`Ruleset::judges_in_batches`]: a plugin in its own process, which pays a round trip per
//! call), runs of consecutive games are one task and one call.
//!
//! A run holds at most [`MAX_GAMES`] games and, unless it is a single game, at most
//! [`MAX_PLIES`] plies, and a chunk is cut into at least as many runs as there are workers.
//! Beside its judging, a call costs mostly the two wake-ups of its round trip, each of a
//! process or thread waiting on the other core: about 25 µs of CPU time apiece on the
//! two-core virtual machine of `docs/performance.md`, more than the copying of the request.
//! 64 games (a whole chunk on one worker) make that under a microsecond a game, next to about
//! 100 µs of judging; at 16 games a call, one worker took about 4% more CPU time over CCPD.
//! A failed batch costs more than a small one would: its games are judged again one by one.
//! The ply bound keeps a run of long games (CCPD averages 87 plies a game) to about the work
//! of 94 average ones, far within a call's time limit, and its request within the room the
//! isolation's pipes ask for, so that it goes in one write. The split by workers keeps every
//! worker busy when a chunk is small.
//!
//! Whatever the split, each game gets what [`Ruleset::judge`] gives it alone (see
//! [`Ruleset::judge_batch`]); a ruleset that panics on a run, or answers a run with the wrong
//! number of results, has each of its games judged again on its own.

use std::ops::Range;

use rayon::prelude::*;
use xqr_core::rules::{GameInput, JudgeOptions, Ruleset, Verdict};

use super::{judge_one, outcome, Failure};

/// The most games in one call.
pub(super) const MAX_GAMES: usize = 64;

/// The most plies in one call of several games.
pub(super) const MAX_PLIES: usize = 8192;

/// One unit of parallel work.
enum Task {
    /// Game `i` under every ruleset that is judged game by game.
    Game(usize),
    /// Games `games` under ruleset `ruleset`, in one call.
    Run { ruleset: usize, games: Range<usize> },
}

/// The outcome of every game (outer) under every ruleset (inner, in the order of `rulesets`).
pub(super) fn judge_games(
    rulesets: &[std::sync::Arc<dyn Ruleset>],
    options: &JudgeOptions,
    games: &[&GameInput],
) -> Vec<Vec<Result<Verdict, Failure>>> {
    let batched: Vec<bool> = rulesets.iter().map(|rs| rs.judges_in_batches()).collect();
    let mut tasks: Vec<Task> = Vec::new();
    if batched.iter().any(|b| !b) {
        tasks.extend((0..games.len()).map(Task::Game));
    }
    let workers = rayon::current_num_threads().max(1);
    for (r, _) in batched.iter().enumerate().filter(|(_, b)| **b) {
        tasks.extend(
            runs(games, workers)
                .into_iter()
                .map(|games| Task::Run { ruleset: r, games }),
        );
    }
    let done: Vec<(Task, Vec<Result<Verdict, Failure>>)> = tasks
        .into_par_iter()
        .map(|task| {
            let outcomes = match &task {
                Task::Game(i) => rulesets
                    .iter()
                    .zip(&batched)
                    .filter(|(_, b)| !**b)
                    .map(|(rs, _)| judge_one(rs.as_ref(), games[*i], options))
                    .collect(),
                Task::Run {
                    ruleset,
                    games: run,
                } => judge_run(rulesets[*ruleset].as_ref(), &games[run.clone()], options),
            };
            (task, outcomes)
        })
        .collect();
    let mut table: Vec<Vec<Option<Result<Verdict, Failure>>>> = (0..games.len())
        .map(|_| vec![None; rulesets.len()])
        .collect();
    let unbatched: Vec<usize> = (0..rulesets.len()).filter(|&r| !batched[r]).collect();
    for (task, outcomes) in done {
        match task {
            Task::Game(i) => {
                for (&r, o) in unbatched.iter().zip(outcomes) {
                    table[i][r] = Some(o);
                }
            }
            Task::Run { ruleset, games } => {
                for (i, o) in games.zip(outcomes) {
                    table[i][ruleset] = Some(o);
                }
            }
        }
    }
    table
        .into_iter()
        .map(|row| {
            row.into_iter()
                .map(|o| {
                    // Every cell is filled above; an empty one would be a bug of this file,
                    // reported on the game rather than a panic of the run.
                    o.unwrap_or_else(|| Err(Failure::Panicked("the game was not judged".into())))
                })
                .collect()
        })
        .collect()
}

/// The games under one ruleset in one call, or each on its own if the call panics or gives
/// the wrong number of results.
fn judge_run(
    rs: &dyn Ruleset,
    games: &[&GameInput],
    options: &JudgeOptions,
) -> Vec<Result<Verdict, Failure>> {
    let all = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        rs.judge_batch(games, options)
    }));
    match all {
        Ok(all) if all.len() == games.len() => all.into_iter().map(outcome).collect(),
        _ => games
            .iter()
            .map(|game| judge_one(rs, game, options))
            .collect(),
    }
}

/// The runs of consecutive games a chunk is cut into (see the module documentation).
fn runs(games: &[&GameInput], workers: usize) -> Vec<Range<usize>> {
    let most = games.len().div_ceil(workers).clamp(1, MAX_GAMES);
    let mut runs = Vec::new();
    let mut start = 0;
    let mut plies = 0;
    for (i, game) in games.iter().enumerate() {
        let n = game.moves.len();
        if i > start && (i - start == most || plies + n > MAX_PLIES) {
            runs.push(start..i);
            (start, plies) = (i, 0);
        }
        plies += n;
    }
    if start < games.len() {
        runs.push(start..games.len());
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(plies: &[usize]) -> Vec<GameInput> {
        plies
            .iter()
            .map(|&n| GameInput {
                moves: vec!["h2e2".into(); n],
                ..GameInput::default()
            })
            .collect()
    }

    fn cut(plies: &[usize], workers: usize) -> Vec<Range<usize>> {
        let games = games(plies);
        let refs: Vec<&GameInput> = games.iter().collect();
        runs(&refs, workers)
    }

    #[test]
    fn a_chunk_is_cut_into_runs_of_at_most_sixty_four_games() {
        assert_eq!(cut(&[80; 150], 1), [0..64, 64..128, 128..150]);
        assert_eq!(cut(&[], 1), []);
        assert_eq!(cut(&[5], 4), vec![Range { start: 0, end: 1 }]);
    }

    #[test]
    fn every_worker_gets_a_run() {
        assert_eq!(cut(&[80; 10], 4), [0..3, 3..6, 6..9, 9..10]);
    }

    #[test]
    fn long_games_make_short_runs() {
        assert_eq!(
            cut(&[4000, 4000, 4000, 9000, 10], 1),
            [0..2, 2..3, 3..4, 4..5]
        );
    }
}
