//! Each edition's standings rules: the points scheme and the tie-break order per event kind.

use core::fmt;

use super::Criterion;
use crate::rules::{PointScheme, Points, RuleRef};

/// The kinds of event the rulebooks rank differently.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
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

    /// The rules of one kind of event, if the edition ranks it.
    pub fn kind(&self, kind: EventKind) -> Option<&KindRules> {
        self.kinds.iter().find(|k| k.kind == kind)
    }
}
