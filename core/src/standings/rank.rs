//! Ranking: the primary score, then each tie-break in order, ties sharing the rank.

use super::entrants::{Encounter, Field, Outcome};
use super::{Better, Criterion, EventKind, EventResults, Primary, Score, StandingsRules};
use crate::reference::RuleRef;

/// Why an event cannot be ranked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StandingsError {
    /// The edition does not say how to rank this kind of event.
    #[error("{ruleset} prescribes no standings for a {kind} event (it ranks: {known})")]
    KindNotRanked {
        /// The ruleset.
        ruleset: String,
        /// The kind asked for.
        kind: EventKind,
        /// The kinds it ranks.
        known: String,
    },
    /// A team kind for a table without team columns, or the reverse.
    #[error("a {kind} event needs {}", if kind.is_team() { "red_team and black_team columns" } else { "a table without team columns (use a team-* kind)" })]
    TeamColumns {
        /// The kind asked for.
        kind: EventKind,
    },
}

/// A tie-break column of a standings table.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Column {
    /// JSON key: the criterion's key, with `_k` for the expanded ones (`score_after_round_4`).
    pub key: String,
    /// The criterion.
    pub criterion: Criterion,
    /// The round this column is about, for expanded criteria.
    pub round: Option<u32>,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// 1-based; entrants no criterion separates share it (名次并列), and the next rank skips.
    pub rank: u32,
    /// Player or team.
    pub player: String,
    /// The primary score (points, match points, or game points for 2011 §14.7).
    pub points: Score,
    /// One value per [`Standings::columns`].
    pub tiebreaks: Vec<Score>,
}

/// An event ranked by an edition's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    /// The ruleset.
    pub ruleset: String,
    /// The kind of event.
    pub kind: EventKind,
    /// The article ranking it.
    pub rule: RuleRef,
    /// The tie-break columns in the order applied.
    pub columns: Vec<Column>,
    /// In rank order (ties in name order).
    pub rows: Vec<Standing>,
}

impl Standings {
    /// The standing of `player`, if ranked.
    pub fn get(&self, player: &str) -> Option<&Standing> {
        self.rows.iter().find(|s| s.player == player)
    }

    /// The value of tie-break column `key` for `player`.
    pub fn tiebreak(&self, player: &str, key: &str) -> Option<Score> {
        let c = self.columns.iter().position(|c| c.key == key)?;
        self.get(player).map(|s| s.tiebreaks[c])
    }
}

impl StandingsRules {
    /// Ranks `results` as a `kind` event.
    ///
    /// ```
    /// use xqr_core::standings::{EventKind, EventResults, StandingsRules};
    /// let ev = EventResults::from_csv_str(
    ///     "round,red,black,result\n1,A,B,1-0\n1,C,D,1/2-1/2\n2,D,A,0-1\n2,B,C,1-0\n3,A,C,1/2-1/2\n3,B,D,0-1\n",
    /// ).unwrap();
    /// let s = StandingsRules::cxa_2011().rank(&ev, EventKind::RoundRobin).unwrap();
    /// assert_eq!(s.rows[0].player, "A");
    /// assert_eq!(s.rows[0].points.to_string(), "5");
    /// ```
    pub fn rank(
        &self,
        results: &EventResults,
        kind: EventKind,
    ) -> Result<Standings, StandingsError> {
        if self.kind(kind).is_some() && kind.is_team() != results.is_team_event() {
            return Err(StandingsError::TeamColumns { kind });
        }
        self.rank_unchecked(results, kind)
    }

    /// [`StandingsRules::rank`] without the team-column check (players of a team event).
    fn rank_unchecked(
        &self,
        results: &EventResults,
        kind: EventKind,
    ) -> Result<Standings, StandingsError> {
        let rules = self
            .kind(kind)
            .ok_or_else(|| StandingsError::KindNotRanked {
                ruleset: self.ruleset.clone(),
                kind,
                known: self.known(),
            })?;
        if kind == EventKind::TeamByPlayerRanks {
            return self.rank_teams_by_player_ranks(results, rules);
        }
        let field = Field::build(results, kind, self);
        let rounds = results.rounds();
        let ctx = Context::new(&field, rounds);
        let primary = match rules.primary {
            Primary::Score => ctx.score.clone(),
            Primary::GamePoints => field.totals(rounds, |e| e.game_points),
            Primary::PlayerRankSum => unreachable_primary(),
        };
        let columns = expand(&rules.criteria, rounds);
        let rows = order(
            &field.names,
            &primary,
            Better::Higher,
            &columns,
            |col, g| ctx.values(col, g),
        );
        Ok(Standings {
            ruleset: self.ruleset.clone(),
            kind,
            rule: rules.rule.clone(),
            columns,
            rows,
        })
    }

    fn known(&self) -> String {
        self.kinds
            .iter()
            .map(|k| k.kind.name())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// `Primary::PlayerRankSum` is handled before any encounter is built.
fn unreachable_primary() -> Vec<Score> {
    Vec::new()
}

/// Orders entrants by `primary`, then by each column in turn inside the groups still tied
/// (`value` gives a column's values for a tied group); ties left share the rank.
fn order(
    names: &[String],
    primary: &[Score],
    primary_better: Better,
    columns: &[Column],
    mut value: impl FnMut(&Column, &[usize]) -> Vec<Score>,
) -> Vec<Standing> {
    let n = names.len();
    let mut values = vec![vec![Score::ZERO; columns.len()]; n];
    let ordered = |g: &mut Vec<usize>, key: &dyn Fn(usize) -> Score, better: Better| {
        g.sort_by(|&a, &b| {
            let o = key(a).cmp(&key(b));
            match better {
                Better::Higher => o.reverse(),
                Better::Lower => o,
            }
            .then_with(|| names[a].cmp(&names[b]))
        });
    };
    let mut all: Vec<usize> = (0..n).collect();
    ordered(&mut all, &|i| primary[i], primary_better);
    let mut groups = split(all, |i| primary[i]);
    for (c, col) in columns.iter().enumerate() {
        let mut next = Vec::with_capacity(groups.len());
        for mut g in groups {
            let v = value(col, &g);
            for (k, &i) in g.iter().enumerate() {
                values[i][c] = v[k];
            }
            ordered(&mut g, &|i| values[i][c], col.criterion.better());
            next.extend(split(g, |i| values[i][c]));
        }
        groups = next;
    }
    let mut rows = Vec::with_capacity(n);
    for g in groups {
        let rank = rows.len() as u32 + 1;
        for i in g {
            rows.push(Standing {
                rank,
                player: names[i].clone(),
                points: primary[i],
                tiebreaks: values[i].clone(),
            });
        }
    }
    rows
}

impl StandingsRules {
    /// 队员总分制 (1999 §15.5, 2011 §14.8): the players are ranked as individuals (a round robin
    /// when every two met once, else a Swiss, by this edition's rules), then each team by the
    /// sum of its players' ranks, fewer first.
    fn rank_teams_by_player_ranks(
        &self,
        results: &EventResults,
        rules: &super::KindRules,
    ) -> Result<Standings, StandingsError> {
        let individual = self.rank_unchecked(results, EventKind::infer_individual(results))?;
        let mut team_names: Vec<String> = Vec::new();
        let mut team_of = std::collections::HashMap::new();
        let mut fouls: Vec<u32> = Vec::new();
        for r in results.rows() {
            let sides = [
                (Some(&r.red), r.red_team.as_ref(), r.red_fouls),
                (r.black.as_ref(), r.black_team.as_ref(), r.black_fouls),
            ];
            for (player, team, f) in sides {
                let (Some(player), Some(team)) = (player, team) else {
                    continue;
                };
                let t = match team_names.iter().position(|t| t == team) {
                    Some(t) => t,
                    None => {
                        team_names.push(team.clone());
                        fouls.push(0);
                        team_names.len() - 1
                    }
                };
                team_of.insert(player.as_str(), t);
                fouls[t] += f;
            }
        }
        let mut ranks: Vec<Vec<u32>> = vec![Vec::new(); team_names.len()];
        for s in &individual.rows {
            if let Some(&t) = team_of.get(s.player.as_str()) {
                ranks[t].push(s.rank);
            }
        }
        for r in &mut ranks {
            r.sort_unstable();
        }
        let primary: Vec<Score> = ranks
            .iter()
            .map(|r| Score::from(r.iter().sum::<u32>()))
            .collect();
        // A team without a second player counts one place below the last.
        let absent = individual.rows.len() as u32 + 1;
        let columns = expand(&rules.criteria, results.rounds());
        let rows = order(&team_names, &primary, Better::Lower, &columns, |col, g| {
            g.iter()
                .map(|&t| match col.criterion {
                    Criterion::BestPlayerRank => {
                        Score::from(ranks[t].first().copied().unwrap_or(absent))
                    }
                    Criterion::SecondBestPlayerRank => {
                        Score::from(ranks[t].get(1).copied().unwrap_or(absent))
                    }
                    Criterion::Fouls => Score::from(fouls[t]),
                    _ => Score::ZERO,
                })
                .collect()
        });
        Ok(Standings {
            ruleset: self.ruleset.clone(),
            kind: rules.kind,
            rule: rules.rule.clone(),
            columns,
            rows,
        })
    }
}

/// Splits an ordered list into runs of equal `key`.
fn split(order: Vec<usize>, key: impl Fn(usize) -> Score) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for i in order {
        match out.last_mut() {
            Some(g) if key(g[0]) == key(i) => g.push(i),
            _ => out.push(vec![i]),
        }
    }
    out
}

/// The columns of a criteria list, expanded criteria unrolled over the rounds.
fn expand(criteria: &[Criterion], rounds: u32) -> Vec<Column> {
    let mut out = Vec::new();
    for &c in criteria {
        match c {
            Criterion::CumulativeCut => out.extend((1..rounds).map(|k| Column {
                key: format!("{}_{k}", c.key()),
                criterion: c,
                round: Some(k),
            })),
            Criterion::PreviousRounds => out.extend((1..rounds).rev().map(|k| Column {
                key: format!("{}_{k}", c.key()),
                criterion: c,
                round: Some(k),
            })),
            _ => out.push(Column {
                key: c.key().to_owned(),
                criterion: c,
                round: None,
            }),
        }
    }
    out
}

/// Event-wide numbers the criteria read.
struct Context<'a> {
    field: &'a Field,
    /// Final score of each entrant.
    score: Vec<Score>,
    /// What a bye's opponent counts as (2011 §14.4: "其对手分按有分棋手中的最低得分处理").
    bye_opponent: Score,
    rounds: u32,
}

impl<'a> Context<'a> {
    fn new(field: &'a Field, rounds: u32) -> Context<'a> {
        let score = field.totals(rounds, |e| e.score);
        let bye_opponent = score
            .iter()
            .copied()
            .filter(|s| *s > Score::ZERO)
            .min()
            .unwrap_or(Score::ZERO);
        Context {
            field,
            score,
            bye_opponent,
            rounds,
        }
    }

    fn opponent_score(&self, e: &Encounter) -> Score {
        e.opponent.map_or(self.bye_opponent, |o| self.score[o])
    }

    /// The values of `col` for the members of `group` (in the group's order).
    fn values(&self, col: &Column, group: &[usize]) -> Vec<Score> {
        let mut member = vec![false; self.score.len()];
        for &i in group {
            member[i] = true;
        }
        group.iter().map(|&i| self.value(col, i, &member)).collect()
    }

    /// The value of `col` for entrant `i`; `member` marks the entrants tied with it.
    fn value(&self, col: &Column, i: usize, member: &[bool]) -> Score {
        let es = &self.field.encounters[i];
        let sum = |f: &dyn Fn(&Encounter) -> Score| es.iter().map(f).sum::<Score>();
        let count = |f: &dyn Fn(&Encounter) -> u32| Score::from(es.iter().map(f).sum::<u32>());
        let in_group = |e: &Encounter| e.opponent.is_some_and(|o| o != i && member[o]);
        // Running score after each round, for 累进分 and the previous-round comparison.
        let running = |k: u32| {
            es.iter()
                .filter(|e| e.round <= k)
                .map(|e| e.score)
                .sum::<Score>()
        };
        match col.criterion {
            Criterion::SonnebornBerger => sum(&|e| match e.outcome {
                Outcome::Win => self.opponent_score(e),
                Outcome::Draw => self.opponent_score(e).half(),
                Outcome::Loss => Score::ZERO,
            }),
            Criterion::Wins => count(&|e| e.wins),
            Criterion::HeadToHead => sum(&|e| if in_group(e) { e.score } else { Score::ZERO }),
            Criterion::Fouls => count(&|e| e.fouls),
            Criterion::BlackGames => count(&|e| e.black_games),
            Criterion::BlackInMutualGames => {
                count(&|e| if in_group(e) { e.black_games } else { 0 })
            }
            Criterion::BlackWins => count(&|e| e.black_wins),
            Criterion::OpponentScore => sum(&|e| self.opponent_score(e)),
            Criterion::Cumulative => (1..=self.rounds).map(running).sum(),
            Criterion::CumulativeCut => {
                let k = col.round.unwrap_or(0);
                (k + 1..=self.rounds).map(running).sum()
            }
            Criterion::PreviousRounds => running(col.round.unwrap_or(0)),
            Criterion::GamePoints => sum(&|e| e.game_points),
            Criterion::MatchWins => count(&|e| u32::from(e.outcome == Outcome::Win)),
            Criterion::FewerLosses => count(&|e| u32::from(e.outcome == Outcome::Loss)),
            // Team criteria of 队员总分制, computed from the individual standings instead.
            Criterion::BestPlayerRank | Criterion::SecondBestPlayerRank => Score::ZERO,
        }
    }
}
