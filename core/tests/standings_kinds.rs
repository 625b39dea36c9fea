//! Small hand-computed events for the criteria and kinds the two big events do not reach:
//! the previous-round comparison (2011 §14.3.1), 累进分 with rounds dropped (§14.3.2), team
//! events (1999 §15.3–15.4, 2011 §14.5–14.7), the multi-game round robin (2011 §14.2), other
//! point schemes (2011 §13.3, the office cup).

use xqr_core::rules::{PointScheme, Points};
use xqr_core::standings::{EventKind, EventResults, Standings, StandingsError, StandingsRules};

fn event(csv: &str) -> EventResults {
    EventResults::from_csv_str(csv).unwrap()
}

/// `rank player points tiebreak…` per line.
fn table(s: &Standings) -> Vec<String> {
    s.rows
        .iter()
        .map(|r| {
            let mut l = format!("{} {} {}", r.rank, r.player, r.points);
            for v in &r.tiebreaks {
                l.push_str(&format!(" {v}"));
            }
            l
        })
        .collect()
}

fn keys(s: &Standings) -> Vec<&str> {
    s.columns.iter().map(|c| c.key.as_str()).collect()
}

/// A and B end level on points (3), 对手分 (C 1 + D 5 + each other 3 = 9), 胜局 (1), 犯规 and
/// 后走局数 (1 each: A's black game in round 2 was forfeited). After round 2 both have 2; after
/// round 1 A has 2 and B 0: A ahead ("比较前一轮成绩，以此类推"). 1999 §15.2 leaves them tied.
#[test]
fn previous_rounds_separate_under_2011_swiss() {
    let ev = event(
        "round,red,black,result\n1,A,C,1-0\n1,D,B,1-0\n2,D,A,+/-\n2,B,C,1-0\n3,B,A,1/2-1/2\n3,C,D,1/2-1/2\n",
    );
    let s = StandingsRules::cxa_2011()
        .rank(&ev, EventKind::Swiss)
        .unwrap();
    assert_eq!(
        keys(&s),
        [
            "opponent_score",
            "wins",
            "fouls",
            "black_games",
            "score_after_round_2",
            "score_after_round_1"
        ]
    );
    assert_eq!(
        table(&s),
        [
            "1 D 5 7 2 0 1 4 2",
            "2 A 3 9 1 0 1 2 2",
            "3 B 3 9 1 0 1 2 0",
            "4 C 1 11 0 0 2 0 0",
        ]
    );
    let s = StandingsRules::cxa_1999()
        .rank(&ev, EventKind::Swiss)
        .unwrap();
    assert_eq!(
        table(&s),
        [
            "1 D 2.5 3.5 2 0",
            "2 A 1.5 4.5 1 0",
            "2 B 1.5 4.5 1 0",
            "4 C 0.5 5.5 0 0"
        ]
    );
}

/// A scores W L L W, B L W W L (2011 points): running scores 2 2 2 4 and 0 2 4 4, both summing
/// to 10 (累进分); 胜局 2, 犯规 0, 后走局数 1 each. Without the first round: A 2+2+4 = 8, B
/// 2+4+4 = 10: B ahead (2011 §14.3.2 "去除第一轮得分进行比较").
#[test]
fn cumulative_without_first_rounds_separates() {
    let ev = event(
        "round,red,black,result
1,A,C,1-0
1,D,B,1-0
1,E,F,1/2-1/2
2,A,D,0-1
2,B,F,1-0
2,C,E,1/2-1/2
3,A,E,0-1
3,B,C,1-0
3,D,F,1/2-1/2
4,B,A,0-1
4,C,F,1/2-1/2
4,D,E,1/2-1/2
",
    );
    let s = StandingsRules::cxa_2011()
        .rank(&ev, EventKind::SwissCumulative)
        .unwrap();
    assert_eq!(
        keys(&s),
        [
            "cumulative",
            "wins",
            "fouls",
            "black_games",
            "cumulative_cut_1",
            "cumulative_cut_2",
            "cumulative_cut_3"
        ]
    );
    assert_eq!(
        table(&s),
        [
            "1 D 6 17 2 0 1 15 11 6",
            "2 E 5 12 1 0 3 11 9 5",
            "3 B 4 10 2 0 1 10 8 4",
            "4 A 4 10 2 0 1 8 6 4",
            "5 F 3 7 0 0 4 6 5 3",
            "6 C 2 4 0 0 2 4 3 2",
        ]
    );
}

/// Four two-board teams, the 附录一 table for four (P=1, Q=2, R=3, S=4; the first-listed team
/// has Red on board 1). P: drew S 1-1, beat Q 1.5-0.5, drew R 1-1; Q: beat R and S 1.5-0.5.
/// P and Q: 场分 4, 全队总局分 3.5 (1999). 1999 §15.3 then counts 全队胜局 (P 3, Q 2): P first;
/// 2011 §14.5 first counts 全队胜场 (P 1, Q 2): Q first.
const TEAMS: &str = "round,board,red,black,result,red_team,black_team
1,1,P1,S1,1-0,P,S
1,2,S2,P2,1-0,S,P
1,1,Q1,R1,1-0,Q,R
1,2,R2,Q2,1/2-1/2,R,Q
2,1,S1,R1,1-0,S,R
2,2,R2,S2,0-1,R,S
2,1,P1,Q1,1/2-1/2,P,Q
2,2,Q2,P2,0-1,Q,P
3,1,Q1,S1,1-0,Q,S
3,2,S2,Q2,1/2-1/2,S,Q
3,1,R1,P1,1-0,R,P
3,2,P2,R2,1-0,P,R
";

#[test]
fn team_round_robin_1999_and_2011_differ_on_match_wins() {
    let ev = event(TEAMS);
    assert_eq!(EventKind::infer(&ev), EventKind::TeamRoundRobin);
    let s = StandingsRules::cxa_1999()
        .rank(&ev, EventKind::TeamRoundRobin)
        .unwrap();
    assert_eq!(s.rule.to_string(), "cxa-1999 §15.3");
    assert_eq!(keys(&s), ["game_points", "wins", "head_to_head", "fouls"]);
    assert_eq!(
        table(&s),
        [
            "1 P 4 3.5 3 0 0",
            "2 Q 4 3.5 2 0 0",
            "3 S 3 3.5 3 0 0",
            "4 R 1 1.5 1 0 0"
        ]
    );
    let s = StandingsRules::cxa_2011()
        .rank(&ev, EventKind::TeamRoundRobin)
        .unwrap();
    assert_eq!(s.rule.to_string(), "cxa-2011 §14.5");
    assert_eq!(
        keys(&s),
        [
            "game_points",
            "match_wins",
            "wins",
            "head_to_head",
            "fouls",
            "black_wins",
            "black_games"
        ]
    );
    // Match points stay 2/1/0 (§13.2); game points are 2/1/0 per board (§13.1).
    assert_eq!(
        table(&s),
        [
            "1 Q 4 7 2 2 0 0 0 3",
            "2 P 4 7 1 3 0 0 1 3",
            "3 S 3 7 1 3 0 0 1 3",
            "4 R 1 3 0 1 0 0 0 3"
        ]
    );
}

/// The same matches as a team Swiss: 团体对手分 P = S 3 + Q 4 + R 1 = 8 = Q's (R 1 + P 4 +
/// S 3), 总局分 equal, 全队胜场 Q 2 > P 1 under both editions (1999 §15.4, 2011 §14.6).
/// Ranked by 总局分 alone (2011 §14.7) P, Q and S share first place with 7.
#[test]
fn team_swiss_and_game_point_ranking() {
    let ev = event(TEAMS);
    let s = StandingsRules::cxa_1999()
        .rank(&ev, EventKind::TeamSwiss)
        .unwrap();
    assert_eq!(
        keys(&s),
        ["opponent_score", "game_points", "match_wins", "fouls"]
    );
    assert_eq!(
        table(&s),
        [
            "1 Q 4 8 3.5 2 0",
            "2 P 4 8 3.5 1 0",
            "3 S 3 9 3.5 1 0",
            "4 R 1 11 1.5 0 0"
        ]
    );
    let s = StandingsRules::cxa_2011()
        .rank(&ev, EventKind::TeamSwissGamePoints)
        .unwrap();
    assert_eq!(s.rule.to_string(), "cxa-2011 §14.7");
    assert_eq!(table(&s), ["1 P 7", "1 Q 7", "1 S 7", "4 R 3"]);
    assert_eq!(
        StandingsRules::cxa_1999().rank(&ev, EventKind::TeamSwissGamePoints),
        Err(StandingsError::KindNotRanked {
            ruleset: "cxa-1999".into(),
            kind: EventKind::TeamSwissGamePoints,
            known: "round-robin, swiss, team-round-robin, team-swiss, team-by-player-ranks".into()
        })
    );
    assert_eq!(
        StandingsRules::cxa_1999().rank(&ev, EventKind::Swiss),
        Err(StandingsError::TeamColumns {
            kind: EventKind::Swiss
        })
    );
}

/// Two games per pairing (2011 §14.2): every pairing is a match worth 2/1/0 by its game points.
/// A beat B 3-1, C beat A 4-0, B beat C 3-1: 场分 2 each; 局分总和 C 5, B 4, A 3.
#[test]
fn multi_game_round_robin_by_match_points() {
    let ev = event(
        "round,red,black,result\n1,A,B,1-0\n2,B,A,1/2-1/2\n3,A,C,0-1\n4,C,A,1-0\n5,B,C,1-0\n6,C,B,1/2-1/2\n",
    );
    assert_eq!(EventKind::infer(&ev), EventKind::MultiGameRoundRobin);
    let s = StandingsRules::cxa_2011()
        .rank(&ev, EventKind::MultiGameRoundRobin)
        .unwrap();
    assert_eq!(
        keys(&s),
        ["game_points", "wins", "head_to_head", "fouls", "black_wins"]
    );
    assert_eq!(
        table(&s),
        ["1 C 2 5 2 0 0 1", "2 B 2 4 1 0 0 0", "3 A 2 3 1 0 0 0"]
    );
    assert!(matches!(
        StandingsRules::cxa_1999().rank(&ev, EventKind::MultiGameRoundRobin),
        Err(StandingsError::KindNotRanked { .. })
    ));
}

/// 2011 §13.3's second alternative: win 3, loss 0, a draw 1 for Red and 2 for Black. Every
/// player is alone on his score, so 直胜 and 对局时后走 read 0 (no one tied with him).
#[test]
fn black_draw_scheme() {
    let scheme = PointScheme {
        win: Points::whole(3),
        draw_red: Points::whole(1),
        draw_black: Points::whole(2),
        loss: Points::ZERO,
    };
    let rules = StandingsRules::cxa_2011().with_points(scheme);
    assert_eq!(rules.points_rule, None);
    let ev = event("round,red,black,result\n1,A,B,1/2-1/2\n2,B,A,+/-\n");
    let s = rules.rank(&ev, EventKind::RoundRobin).unwrap();
    // B: draw as Black 2 + forfeit win 3 = 5; 小分 = A 1 (beaten, by forfeit) + A 1 / 2 (drawn).
    // A: draw as Red 1; 小分 = B 5 / 2. Only B's drawn game was played as Black.
    assert_eq!(table(&s), ["1 B 5 1.5 1 0 0 1 0", "2 A 1 2.5 0 0 0 0 0"]);
}

/// The office cup: 3/1/0, equal scores by fewer losses. X (win, loss) and Y (three draws) have
/// 3 each; Y lost nothing.
#[test]
fn office_cup_fewer_losses() {
    let ev = event(
        "round,red,black,result\n1,X,Z,1-0\n1,Y,W,1/2-1/2\n2,W,X,1-0\n2,Z,Y,1/2-1/2\n3,Y,V,1/2-1/2\n",
    );
    let s = StandingsRules::office_cup()
        .rank(&ev, EventKind::RoundRobin)
        .unwrap();
    assert_eq!(keys(&s), ["losses"]);
    assert_eq!(
        table(&s),
        ["1 W 4 0", "2 Y 3 0", "3 X 3 1", "4 V 1 0", "5 Z 1 1"]
    );
}

/// 队员总分制 on the same games: the eight players first ranked as a Swiss (they did not all
/// meet). 1999 §15.2: Q1 and S2 (2.5, 对手分 3.5, 2 wins) share 1st, P2 3rd, P1 4th, R1 and S1
/// (1, 对手分 5, 1 win) share 5th ahead of Q2 (no win), R2 8th. Team sums: S 1 + 5 = 6,
/// P 3 + 4 = 7, Q 1 + 7 = 8, R 5 + 8 = 13 (1999 §15.5). Under 2011 §14.3.1 the score after
/// round 2 puts S2 before Q1 and S1 before R1: S 6, P 7, Q 9, R 14 (§14.8).
#[test]
fn teams_by_summed_player_ranks() {
    let ev = event(TEAMS);
    assert_eq!(EventKind::infer_individual(&ev), EventKind::Swiss);
    let s = StandingsRules::cxa_1999()
        .rank(&ev, EventKind::TeamByPlayerRanks)
        .unwrap();
    assert_eq!(s.rule.to_string(), "cxa-1999 §15.5");
    assert_eq!(
        keys(&s),
        ["best_player_rank", "second_best_player_rank", "fouls"]
    );
    assert_eq!(
        table(&s),
        ["1 S 6 1 5 0", "2 P 7 3 4 0", "3 Q 8 1 7 0", "4 R 13 5 8 0"]
    );
    let s = StandingsRules::cxa_2011()
        .rank(&ev, EventKind::TeamByPlayerRanks)
        .unwrap();
    assert_eq!(s.rule.to_string(), "cxa-2011 §14.8");
    assert_eq!(table(&s), ["1 S 6 1", "2 P 7 3", "3 Q 9 2", "4 R 14 6"]);
}
