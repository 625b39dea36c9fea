//! Each edition's standings rules: the points scheme and the tie-break order per event kind.

use core::fmt;

use super::Criterion;
use crate::points::{PointScheme, Points};
use crate::reference::RuleRef;

/// The kinds of event the rulebooks rank differently.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventKind {
    /// Individual single-game round robin (一局循环制个人赛): 1999 §15.1, 2011 §14.1.
    RoundRobin,
    /// Individual round robin of two or more games per pairing (两局或多局循环制): 2011 §14.2,
    /// ranked by match points (场分) per pairing.
    MultiGameRoundRobin,
    /// Individual Swiss (一局积分编排制个人赛) by opponents' scores: 1999 §15.2, 2011 §14.3.1.
    Swiss,
    /// Individual Swiss by cumulative score, the alternative of 2011 §14.3.2.
    SwissCumulative,
    /// Team round robin (一局循环制团体赛): 1999 §15.3, 2011 §14.5.
    TeamRoundRobin,
    /// Team Swiss (一局积分编排制团体赛): 1999 §15.4, 2011 §14.6.
    TeamSwiss,
    /// Team Swiss ranked by total game points, the alternative of 2011 §14.7.
    TeamSwissGamePoints,
    /// 队员总分制: teams ranked by the sum of their players' individual ranks, fewer first
    /// (1999 §15.5, 2011 §14.8).
    TeamByPlayerRanks,
}

impl EventKind {
    /// Every kind.
    pub const ALL: [EventKind; 8] = [
        EventKind::RoundRobin,
        EventKind::MultiGameRoundRobin,
        EventKind::Swiss,
        EventKind::SwissCumulative,
        EventKind::TeamRoundRobin,
        EventKind::TeamSwiss,
        EventKind::TeamSwissGamePoints,
        EventKind::TeamByPlayerRanks,
    ];

    /// The kebab-case name (`round-robin`, `team-swiss` …).
    pub fn name(self) -> &'static str {
        match self {
            EventKind::RoundRobin => "round-robin",
            EventKind::MultiGameRoundRobin => "multi-game-round-robin",
            EventKind::Swiss => "swiss",
            EventKind::SwissCumulative => "swiss-cumulative",
            EventKind::TeamRoundRobin => "team-round-robin",
            EventKind::TeamSwiss => "team-swiss",
            EventKind::TeamSwissGamePoints => "team-swiss-game-points",
            EventKind::TeamByPlayerRanks => "team-by-player-ranks",
        }
    }

    /// Whether teams are ranked.
    pub fn is_team(self) -> bool {
        matches!(
            self,
            EventKind::TeamRoundRobin
                | EventKind::TeamSwiss
                | EventKind::TeamSwissGamePoints
                | EventKind::TeamByPlayerRanks
        )
    }
}

impl fmt::Display for EventKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown event kind name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown event kind {0:?}: expected round-robin, multi-game-round-robin, swiss, swiss-cumulative, team-round-robin, team-swiss, team-swiss-game-points or team-by-player-ranks")]
pub struct ParseEventKindError(pub String);

impl core::str::FromStr for EventKind {
    type Err = ParseEventKindError;
    fn from_str(s: &str) -> Result<EventKind, ParseEventKindError> {
        EventKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| ParseEventKindError(s.to_owned()))
    }
}

/// What an entrant is ranked by first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Primary {
    /// Points (individual games) or match points (场分: teams, multi-game pairings).
    Score,
    /// Total game points (全队总局分, 2011 §14.7).
    GamePoints,
    /// The sum of the team's players' individual ranks, fewer first (1999 §15.5, 2011 §14.8).
    PlayerRankSum,
}

/// How one kind of event is ranked: the article, the primary score and the tie-breaks in order.
///
/// In JSON (a plugin's manifest carries it): `{"kind": "round-robin", "rule": "office-cup
/// 中国象棋比赛规程 二.3", "primary": "score", "criteria": ["fewer_losses"]}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KindRules {
    /// The kind.
    pub kind: EventKind,
    /// The article that prescribes it.
    pub rule: RuleRef,
    /// Ranked first by.
    pub primary: Primary,
    /// Tie-breaks in the article's order; ties none separates share the rank (名次并列).
    pub criteria: Vec<Criterion>,
}

/// An edition's standings rules: points per game, match points, and per event kind the order
/// of the tie-breaks.
///
/// ```
/// use xqr_core::standings::{Criterion, EventKind, StandingsRules};
/// let r = StandingsRules::cxa_2011();
/// let rr = r.kind(EventKind::RoundRobin).unwrap();
/// assert_eq!(rr.rule.to_string(), "cxa-2011 §14.1");
/// assert_eq!(rr.criteria[0], Criterion::SonnebornBerger);
/// assert!(StandingsRules::cxa_1999().kind(EventKind::SwissCumulative).is_none());
/// ```
///
/// It serialises to JSON (points as strings, `"3"`, `"0.5"`; articles as `"cxa-2011 §14.1"`)
/// and back, which is how a dynamic plugin hands its rules to the host; rules read from outside
/// are checked with [`StandingsRules::check`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StandingsRules {
    /// The ruleset these rules belong to (an overlay names itself, its articles stay its
    /// parent's).
    pub ruleset: String,
    /// Points per game, with the article (forfeits `+`/`-` score a win/loss of this scheme:
    /// 1999 §21.4, 2011 §20.3; a bye scores a win: 2011 §14.4).
    pub points: PointScheme,
    /// The article of the points, when they are the edition's own.
    pub points_rule: Option<RuleRef>,
    /// Match points (场分) of team matches and of multi-game pairings: 1999 §14.2, 2011 §13.2
    /// (win 2, draw 1, loss 0), decided by the game points (局分).
    pub match_points: PointScheme,
    /// The rules of each event kind the edition ranks.
    pub kinds: Vec<KindRules>,
}

/// Standings rules that cannot rank (read from a plugin's manifest, say).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StandingsRulesError {
    /// A kind of event listed twice: which of the two orders applies would be a guess.
    #[error("kinds[{index}]: {kind} is already listed")]
    DuplicateKind {
        /// Index in [`StandingsRules::kinds`].
        index: usize,
        /// The kind.
        kind: EventKind,
    },
    /// 队员总分制 ranks by the sum of the players' ranks and only it does (1999 §15.5, 2011
    /// §14.8): [`Primary::PlayerRankSum`] belongs to [`EventKind::TeamByPlayerRanks`] alone.
    #[error("kinds[{index}]: a {kind} event cannot be ranked first by {primary:?} (player_rank_sum is the primary of team-by-player-ranks, and of it alone)")]
    PrimaryMismatch {
        /// Index in [`StandingsRules::kinds`].
        index: usize,
        /// The kind.
        kind: EventKind,
        /// Its primary.
        primary: Primary,
    },
}

/// Win 2, draw 1, loss 0 for a match (1999 §14.2, 2011 §13.2).
const MATCH_POINTS: PointScheme = PointScheme::TWO_ONE_ZERO;

fn kind(
    edition: &str,
    kind: EventKind,
    article: &str,
    primary: Primary,
    criteria: &[Criterion],
) -> KindRules {
    KindRules {
        kind,
        rule: RuleRef::new(edition, article),
        primary,
        criteria: criteria.to_vec(),
    }
}

impl StandingsRules {
    /// The 1999 rules: points 1/½/0 (§14.1), match points 2/1/0 (§14.2); round robin §15.1
    /// (小分, 胜局, 直胜, 犯规), Swiss §15.2 (对手分, 胜局, 犯规), team round robin §15.3 (全队总局
    /// 分, 全队胜局, 直胜, 全队犯规), team Swiss §15.4 (团体对手分, 全队总局分, 全队胜场, 全队犯规),
    /// 队员总分制 §15.5 (sum of the players' ranks; 最高个人名次, 次高个人名次, 全队犯规).
    pub fn cxa_1999() -> StandingsRules {
        use Criterion::*;
        use EventKind as K;
        let e = "cxa-1999";
        StandingsRules {
            ruleset: e.to_owned(),
            points: PointScheme::ONE_HALF_ZERO,
            points_rule: Some(RuleRef::new(e, "§14.1")),
            match_points: MATCH_POINTS,
            kinds: vec![
                kind(
                    e,
                    K::RoundRobin,
                    "§15.1",
                    Primary::Score,
                    &[SonnebornBerger, Wins, HeadToHead, Fouls],
                ),
                kind(
                    e,
                    K::Swiss,
                    "§15.2",
                    Primary::Score,
                    &[OpponentScore, Wins, Fouls],
                ),
                kind(
                    e,
                    K::TeamRoundRobin,
                    "§15.3",
                    Primary::Score,
                    &[GamePoints, Wins, HeadToHead, Fouls],
                ),
                kind(
                    e,
                    K::TeamSwiss,
                    "§15.4",
                    Primary::Score,
                    &[OpponentScore, GamePoints, MatchWins, Fouls],
                ),
                kind(
                    e,
                    K::TeamByPlayerRanks,
                    "§15.5",
                    Primary::PlayerRankSum,
                    &[BestPlayerRank, SecondBestPlayerRank, Fouls],
                ),
            ],
        }
    }

    /// The 2011 trial rules: points 2/1/0 (§13.1), match points 2/1/0 (§13.2); round robin
    /// §14.1 (小分, 胜局, 直胜, 犯规, 后走局数, 对局时后走), multi-game round robin §14.2 (局分总
    /// 和, 胜局, 直胜, 犯规, 后走胜局), Swiss §14.3.1 (对手分, 胜局, 犯规, 后走局数, then the
    /// previous rounds) or §14.3.2 (累进分, 胜局, 犯规, 后走局数, then 累进分 without the first
    /// rounds), team round robin §14.5 (全队总局分, 全队胜场, 全队胜局, 直胜, 全队犯规, 后走胜局,
    /// 后走局数), team Swiss §14.6 (团体对手分, 全队总局分, 全队胜场, 全队胜局, 全队犯规, then the
    /// previous rounds) or §14.7 (total game points), 队员总分制 §14.8 (sum of the players' ranks;
    /// 最高个人名次).
    pub fn cxa_2011() -> StandingsRules {
        use Criterion::*;
        use EventKind as K;
        let e = "cxa-2011";
        StandingsRules {
            ruleset: e.to_owned(),
            points: PointScheme::TWO_ONE_ZERO,
            points_rule: Some(RuleRef::new(e, "§13.1")),
            match_points: MATCH_POINTS,
            kinds: vec![
                kind(
                    e,
                    K::RoundRobin,
                    "§14.1",
                    Primary::Score,
                    &[
                        SonnebornBerger,
                        Wins,
                        HeadToHead,
                        Fouls,
                        BlackGames,
                        BlackInMutualGames,
                    ],
                ),
                kind(
                    e,
                    K::MultiGameRoundRobin,
                    "§14.2",
                    Primary::Score,
                    &[GamePoints, Wins, HeadToHead, Fouls, BlackWins],
                ),
                kind(
                    e,
                    K::Swiss,
                    "§14.3.1",
                    Primary::Score,
                    &[OpponentScore, Wins, Fouls, BlackGames, PreviousRounds],
                ),
                kind(
                    e,
                    K::SwissCumulative,
                    "§14.3.2",
                    Primary::Score,
                    &[Cumulative, Wins, Fouls, BlackGames, CumulativeCut],
                ),
                kind(
                    e,
                    K::TeamRoundRobin,
                    "§14.5",
                    Primary::Score,
                    &[
                        GamePoints, MatchWins, Wins, HeadToHead, Fouls, BlackWins, BlackGames,
                    ],
                ),
                kind(
                    e,
                    K::TeamSwiss,
                    "§14.6",
                    Primary::Score,
                    &[
                        OpponentScore,
                        GamePoints,
                        MatchWins,
                        Wins,
                        Fouls,
                        PreviousRounds,
                    ],
                ),
                kind(e, K::TeamSwissGamePoints, "§14.7", Primary::GamePoints, &[]),
                kind(
                    e,
                    K::TeamByPlayerRanks,
                    "§14.8",
                    Primary::PlayerRankSum,
                    &[BestPlayerRank],
                ),
            ],
        }
    }

    /// The office cup of club-and-local-rules-collection.txt (中国象棋比赛规程 二.3): win 3,
    /// draw 1, loss 0, and equal scores separated by fewer losses ("负的次数少的优先"); its
    /// group stage is a round robin, and the same order is used for a Swiss.
    pub fn office_cup() -> StandingsRules {
        let e = "office-cup";
        let article = "中国象棋比赛规程 二.3";
        let three = PointScheme {
            win: Points::whole(3),
            draw_red: Points::whole(1),
            draw_black: Points::whole(1),
            loss: Points::ZERO,
        };
        StandingsRules {
            ruleset: e.to_owned(),
            points: three,
            points_rule: Some(RuleRef::new(e, article)),
            match_points: MATCH_POINTS,
            kinds: [EventKind::RoundRobin, EventKind::Swiss]
                .into_iter()
                .map(|k| kind(e, k, article, Primary::Score, &[Criterion::FewerLosses]))
                .collect(),
        }
    }

    /// The same tie-breaks with another points scheme (a house variant or plugin that changes
    /// only the points, like cxa-2011 §13.3's 3/1/0); the edition's points article no longer
    /// applies then.
    pub fn with_points(mut self, points: PointScheme) -> StandingsRules {
        if points != self.points {
            self.points = points;
            self.points_rule = None;
        }
        self
    }

    /// The same rules under another ruleset's name (an overlay or plugin deriving them); the
    /// articles keep citing the edition they come from.
    pub fn named(mut self, ruleset: &str) -> StandingsRules {
        self.ruleset = ruleset.to_owned();
        self
    }

    /// Checks what ranking relies on: each kind listed once, and [`Primary::PlayerRankSum`]
    /// exactly for [`EventKind::TeamByPlayerRanks`]. Every preset passes.
    ///
    /// ```
    /// use xqr_core::standings::{EventKind, Primary, StandingsRules};
    /// assert!(StandingsRules::office_cup().check().is_ok());
    /// let mut r = StandingsRules::office_cup();
    /// r.kinds[1].primary = Primary::PlayerRankSum;
    /// assert_eq!(
    ///     r.check().unwrap_err().to_string(),
    ///     "kinds[1]: a swiss event cannot be ranked first by PlayerRankSum (player_rank_sum is the primary of team-by-player-ranks, and of it alone)"
    /// );
    /// ```
    pub fn check(&self) -> Result<(), StandingsRulesError> {
        for (index, k) in self.kinds.iter().enumerate() {
            if self.kinds[..index].iter().any(|e| e.kind == k.kind) {
                return Err(StandingsRulesError::DuplicateKind {
                    index,
                    kind: k.kind,
                });
            }
            if (k.primary == Primary::PlayerRankSum) != (k.kind == EventKind::TeamByPlayerRanks) {
                return Err(StandingsRulesError::PrimaryMismatch {
                    index,
                    kind: k.kind,
                    primary: k.primary,
                });
            }
        }
        Ok(())
    }

    /// The rules of one kind of event, if the edition ranks it.
    pub fn kind(&self, kind: EventKind) -> Option<&KindRules> {
        self.kinds.iter().find(|k| k.kind == kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn presets() -> [StandingsRules; 3] {
        [
            StandingsRules::cxa_1999(),
            StandingsRules::cxa_2011(),
            StandingsRules::office_cup(),
        ]
    }

    #[test]
    fn every_preset_passes_the_check() {
        for r in presets() {
            assert_eq!(r.check(), Ok(()), "{}", r.ruleset);
        }
    }

    #[test]
    fn presets_round_trip_through_json() {
        for r in presets() {
            let json = serde_json::to_string(&r).unwrap();
            let back: StandingsRules = serde_json::from_str(&json).unwrap();
            assert_eq!(back, r, "{json}");
        }
        let json = serde_json::to_value(StandingsRules::office_cup()).unwrap();
        assert_eq!(json["points"]["win"], "3");
        assert_eq!(json["kinds"][0]["kind"], "round-robin");
        assert_eq!(json["kinds"][0]["rule"], "office-cup 中国象棋比赛规程 二.3");
        assert_eq!(json["kinds"][0]["criteria"][0], "fewer_losses");
    }

    #[test]
    fn a_duplicate_kind_is_rejected() {
        let mut r = StandingsRules::cxa_2011();
        let first = r.kinds[0].clone();
        r.kinds.push(first);
        assert_eq!(
            r.check(),
            Err(StandingsRulesError::DuplicateKind {
                index: 8,
                kind: EventKind::RoundRobin
            })
        );
    }

    #[test]
    fn team_by_player_ranks_must_rank_by_the_rank_sum() {
        let mut r = StandingsRules::cxa_1999();
        let last = r.kinds.len() - 1;
        r.kinds[last].primary = Primary::Score;
        assert_eq!(
            r.check(),
            Err(StandingsRulesError::PrimaryMismatch {
                index: last,
                kind: EventKind::TeamByPlayerRanks,
                primary: Primary::Score
            })
        );
    }

    #[test]
    fn bad_points_in_json_are_rejected() {
        let mut json = serde_json::to_value(StandingsRules::office_cup()).unwrap();
        json["points"]["draw_red"] = "0.3".into();
        let err = serde_json::from_value::<StandingsRules>(json).unwrap_err();
        assert!(err.to_string().contains("invalid points \"0.3\""), "{err}");
    }
}
