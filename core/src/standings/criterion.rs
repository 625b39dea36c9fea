//! Tie-break criteria (名次区分): composable items each edition lists in its own order.

/// One tie-break criterion. Each edition's [`super::StandingsRules`] lists them per event kind
/// in the order of its article; they apply to players (or teams) still tied on the primary
/// score and on every earlier criterion.
///
/// Readings where the rulebooks are silent are stated on each variant and pinned by tests.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Criterion {
    /// 小分, more first: the total points of every beaten opponent plus half the total points
    /// of every drawn opponent (defined in cxa-2011 §14.1; cxa-1999 §15.1 names 小分 without
    /// defining it and is read the same way). A forfeit win counts as a win (the `+` is worth a
    /// win in "最后作统计时", 1999 §21.4, 2011 §20.3); a bye counts as a win over an opponent
    /// holding the lowest score among players with points (2011 §14.4).
    SonnebornBerger,
    /// 胜局 (team: 全队胜局, boards won), more first. Forfeit wins and byes count (a bye "按胜局
    /// 计分", 2011 §14.4).
    Wins,
    /// 直胜, more first: points scored in the games among the players still tied at this
    /// step (a mini-table, so it also separates three or more; 0 for a player tied with nobody).
    /// For teams, match points among the tied teams.
    HeadToHead,
    /// 犯规 (team: 全队犯规), fewer first.
    Fouls,
    /// 后走局数, more first: games played as Black over the board (forfeits and byes are not
    /// played).
    BlackGames,
    /// 对局时后走 (cxa-2011 §14.1, last), more first: among the players still tied, games played
    /// as Black against one another (for two players: who had Black in their game ranks ahead).
    BlackInMutualGames,
    /// 后走胜局 (cxa-2011 §14.2, §14.5), more first: games won as Black over the board.
    BlackWins,
    /// 对手分 (team: 团体对手分), more first: the sum of the final scores of every opponent met,
    /// forfeits included; a bye's opponent counts with the lowest score among players with
    /// points (cxa-2011 §14.4).
    OpponentScore,
    /// 累进分 (cxa-2011 §14.3.2), more first: the sum of the running score after each round.
    Cumulative,
    /// 累进分 with the first rounds dropped in turn (cxa-2011 §14.3.2 "去除第一轮得分进行比较，如仍
    /// 相等，则再去除第二轮的积分，以此类推"), more first: expands to one column per dropped
    /// round, `cumulative_cut_1` … `cumulative_cut_{R-1}`, each the 累进分 without the running
    /// scores of the first k rounds. Read as dropping the running-score terms; recomputing the
    /// running scores without those rounds' points orders still-tied players identically.
    CumulativeCut,
    /// "比较前一轮成绩，以此类推，直至区分" (cxa-2011 §14.3.1, §14.6), more first: expands to the
    /// score after round R-1, then after R-2 … after round 1 (`score_after_round_k`). 成绩 is read
    /// as the running score.
    PreviousRounds,
    /// 局分总和 / 全队总局分, more first: the game points inside the matches (team events, multi-
    /// game round robins).
    GamePoints,
    /// 全队胜场, more first: matches won.
    MatchWins,
    /// Fewer losses first (the office cup of club-and-local-rules-collection.txt: "出现同分时，计
    /// 小分，即负的次数少的优先").
    FewerLosses,
    /// 最高个人名次 (1999 §15.5, 2011 §14.8), lower first: the team's best individual rank.
    BestPlayerRank,
    /// 次高个人名次 (1999 §15.5), lower first: the team's second-best individual rank (one below
    /// the last place for a team with a single player).
    SecondBestPlayerRank,
}

/// Which way a criterion ranks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Better {
    /// The larger value ranks ahead.
    Higher,
    /// The smaller value ranks ahead.
    Lower,
}

impl Criterion {
    /// The JSON key (`sonneborn_berger`, …); expanding criteria add `_k`.
    pub fn key(self) -> &'static str {
        match self {
            Criterion::SonnebornBerger => "sonneborn_berger",
            Criterion::Wins => "wins",
            Criterion::HeadToHead => "head_to_head",
            Criterion::Fouls => "fouls",
            Criterion::BlackGames => "black_games",
            Criterion::BlackInMutualGames => "black_in_mutual_games",
            Criterion::BlackWins => "black_wins",
            Criterion::OpponentScore => "opponent_score",
            Criterion::Cumulative => "cumulative",
            Criterion::CumulativeCut => "cumulative_cut",
            Criterion::PreviousRounds => "score_after_round",
            Criterion::GamePoints => "game_points",
            Criterion::MatchWins => "match_wins",
            Criterion::FewerLosses => "losses",
            Criterion::BestPlayerRank => "best_player_rank",
            Criterion::SecondBestPlayerRank => "second_best_player_rank",
        }
    }

    /// The rulebooks' name.
    pub fn chinese(self) -> &'static str {
        match self {
            Criterion::SonnebornBerger => "小分",
            Criterion::Wins => "胜局",
            Criterion::HeadToHead => "直胜",
            Criterion::Fouls => "犯规",
            Criterion::BlackGames => "后走局数",
            Criterion::BlackInMutualGames => "对局时后走",
            Criterion::BlackWins => "后走胜局",
            Criterion::OpponentScore => "对手分",
            Criterion::Cumulative => "累进分",
            Criterion::CumulativeCut => "累进分去除前轮",
            Criterion::PreviousRounds => "前一轮成绩",
            Criterion::GamePoints => "局分",
            Criterion::MatchWins => "胜场",
            Criterion::FewerLosses => "负局少",
            Criterion::BestPlayerRank => "最高个人名次",
            Criterion::SecondBestPlayerRank => "次高个人名次",
        }
    }

    /// Which way it ranks.
    pub fn better(self) -> Better {
        match self {
            Criterion::Fouls
            | Criterion::FewerLosses
            | Criterion::BestPlayerRank
            | Criterion::SecondBestPlayerRank => Better::Lower,
            _ => Better::Higher,
        }
    }

    /// Whether the value depends on who else is still tied (直胜, 对局时后走).
    pub fn is_group(self) -> bool {
        matches!(self, Criterion::HeadToHead | Criterion::BlackInMutualGames)
    }
}
