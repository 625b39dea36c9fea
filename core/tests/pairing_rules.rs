//! Small events that pin single items of 2011 附录二 (the random events of `pairing_checks`
//! cover the checks of 一.11).

use xqr_core::pairing::{
    pair_round, read_players, ColourRule, Entrant, FirstRoundMethod, Form, PairedRound,
    PairingErrorKind, PairingRequest, PickRule, Source,
};
use xqr_core::standings::EventResults;

fn players(names: &[&str]) -> Vec<Entrant> {
    let list = format!(
        "name,number\n{}",
        names
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{n},{}\n", i + 1))
            .collect::<String>()
    );
    read_players(&list).unwrap()
}

fn pair(list: &[Entrant], results: &str, round: u32) -> PairedRound {
    let ev = EventResults::in_progress_from_csv_str(results).unwrap();
    pair_round(&PairingRequest::new(list, &ev, round)).unwrap()
}

fn games(list: &[Entrant], p: &PairedRound) -> Vec<String> {
    p.boards
        .iter()
        .map(|b| match b.black {
            Some(k) => format!("{}-{}", list[b.red].name, list[k].name),
            None => format!("{}-bye", list[b.red].name),
        })
        .collect()
}

#[test]
fn near_number_pairing_gives_the_odd_number_red_in_round_one() {
    let list = players(&["A", "B", "C", "D", "E", "F", "G", "H"]);
    let p = pair(&list, "round,red,black,result\n", 1);
    // 二.1: 1-2, 4-3, 5-6, 8-7.
    assert_eq!(games(&list, &p), ["A-B", "D-C", "E-F", "H-G"]);
}

#[test]
fn head_tail_and_cross_halves_are_options_for_round_one() {
    let list = players(&["A", "B", "C", "D", "E", "F"]);
    let ev = EventResults::in_progress_from_csv_str("round,red,black,result\n").unwrap();
    let mut req = PairingRequest::new(&list, &ev, 1);
    req.first_round = FirstRoundMethod::HeadTail;
    assert_eq!(
        games(&list, &pair_round(&req).unwrap()),
        ["A-F", "E-B", "C-D"]
    );
    req.first_round = FirstRoundMethod::CrossHalves;
    assert_eq!(
        games(&list, &pair_round(&req).unwrap()),
        ["A-D", "E-B", "C-F"]
    );
}

#[test]
fn an_odd_field_gives_the_largest_number_the_bye_of_round_one() {
    let list = players(&["A", "B", "C", "D", "E"]);
    let p = pair(&list, "round,red,black,result\n", 1);
    assert_eq!(games(&list, &p), ["A-B", "D-C", "E-bye"]);
    let names: Vec<String> = list.iter().map(|e| e.name.clone()).collect();
    assert!(p
        .explain(&p.boards[2], &names)
        .starts_with("E has the largest number, 5"));
}

const ROUND_ONE: &str = "round,red,black,result\n1,A,B,1-0\n1,D,C,1-0\n1,E,F,1-0\n1,H,G,1-0\n";

#[test]
fn winners_meet_winners_and_the_other_row_is_picked_first() {
    let list = players(&["A", "B", "C", "D", "E", "F", "G", "H"]);
    let p = pair(&list, ROUND_ONE, 2);
    // Winners A, D, E, H all had Red (要后 row, 上先); no 要先 card in their group: 通行.
    // Round 2 is even: the larger number picks first (二.2 (4)), H, and takes the nearest
    // number of his own row, E (二.3 (3)). Both 平先 上先 before: the larger number has Red
    // in an even round (the tie read from 二.2 (4)).
    let first = &p.boards[0];
    assert_eq!(list[first.picker.unwrap()].name, "H");
    assert_eq!(first.pick_rule, Some(PickRule::NumberOrder));
    assert_eq!(first.form, Some(Form::SameRow));
    assert_eq!(first.colour_rule, Some(ColourRule::NumberOrder));
    assert_eq!(games(&list, &p)[..2], ["H-E".to_owned(), "D-A".to_owned()]);
}

#[test]
fn no_rematches_even_when_the_rows_ask_for_one() {
    let list = players(&["A", "B", "C", "D"]);
    let p = pair(
        &list,
        "round,red,black,result\n1,A,B,1/2-1/2\n1,D,C,1/2-1/2\n",
        2,
    );
    for b in &p.boards {
        let pair = [
            list[b.red].name.as_str(),
            list[b.black.unwrap()].name.as_str(),
        ];
        assert!(!(pair.contains(&"A") && pair.contains(&"B")));
        assert!(!(pair.contains(&"C") && pair.contains(&"D")));
    }
}

#[test]
fn the_bye_goes_to_the_lowest_group_and_scores_a_win() {
    let list = players(&["A", "B", "C", "D", "E"]);
    let p = pair(
        &list,
        "round,red,black,result\n1,A,B,1-0\n1,D,C,1-0\n1,E,,\n",
        2,
    );
    let bye = p.boards.iter().find(|b| b.black.is_none()).unwrap();
    // B and C lost; E's bye counted as a win, so E is not in the lowest group.
    assert!(["B", "C"].contains(&list[bye.red].name.as_str()));
    assert_eq!(p.cards[4].score.to_string(), "2");
}

#[test]
fn a_floater_from_above_picks_first_in_the_group_below() {
    let list = players(&["A", "B", "C", "D", "E", "F"]);
    let results = "round,red,black,result\n1,A,B,1-0\n1,D,C,1-0\n1,E,F,1-0\n";
    let p = pair(&list, results, 2);
    // Three winners: one floats down to the three losers and picks first there (二.2 (1)).
    assert_eq!(p.groups[0].floated_down.len(), 1);
    let floater = p.groups[0].floated_down[0];
    let low = p.boards.iter().find(|b| b.group == 1).unwrap();
    assert_eq!(low.picker, Some(floater));
    assert_eq!(low.pick_rule, Some(PickRule::HigherScore));
    // Two floaters (a drawn pair that cannot meet again) are ordered by the later items.
    let results = "round,red,black,result\n1,A,B,1-0\n1,D,C,1/2-1/2\n1,E,F,0-1\n";
    let p = pair(&list, results, 2);
    assert_eq!(p.groups[1].floated_down.len(), 2);
    let low = p.boards.iter().find(|b| b.group == 2).unwrap();
    assert_ne!(low.pick_rule, Some(PickRule::HigherScore));
}

#[test]
fn fewer_reds_takes_red() {
    let list = players(&["A", "B", "C", "D"]);
    let p = pair(&list, "round,red,black,result\n1,A,B,1-0\n1,D,C,0-1\n", 2);
    // A (won with Red) meets C (won with Black): C takes Red (二.4 (1)).
    let b = p.boards.iter().find(|b| b.group == 0).unwrap();
    assert_eq!(list[b.red].name, "C");
    assert_eq!(b.colour_rule, Some(ColourRule::FewerReds));
}

#[test]
fn unfinished_games_of_the_last_round_count_as_draws() {
    let list = players(&["A", "B", "C", "D"]);
    let p = pair(&list, "round,red,black,result\n1,A,B,\n1,D,C,1-0\n", 2);
    assert_eq!(p.cards[0].score.to_string(), "1");
    assert_eq!(p.cards[1].score.to_string(), "1");
}

#[test]
fn bad_results_are_located() {
    let list = players(&["A", "B", "C", "D"]);
    let err = |results: &str, round| {
        let ev = EventResults::in_progress_from_csv_str(results).unwrap();
        let e = pair_round(&PairingRequest::new(&list, &ev, round)).unwrap_err();
        assert_eq!(e.file, Source::Results);
        (e.line, e.kind)
    };
    assert_eq!(
        err("round,red,black,result\n1,A,X,1-0\n", 2),
        (2, PairingErrorKind::UnknownPlayer("X".into()))
    );
    assert!(matches!(
        err(
            "round,red,black,result\n1,A,B,1-0\n1,C,D,1-0\n2,B,A,1-0\n1,x,y,1-0\n",
            3
        )
        .1,
        PairingErrorKind::RoundOutOfOrder {
            found: 1,
            expected: 2
        }
    ));
    assert!(matches!(
        err(
            "round,red,black,result\n1,A,B,1-0\n1,C,D,1-0\n2,B,A,1-0\n2,C,D,1-0\n",
            3
        ),
        (4, PairingErrorKind::Rematch { .. })
    ));
    assert!(matches!(
        err("round,red,black,result\n1,A,B,1-0\n1,C,D,1-0\n", 3).1,
        PairingErrorKind::WrongRound { asked: 3, next: 2 }
    ));
    assert!(matches!(
        err(
            "round,red,black,result\n1,A,B,\n1,C,D,1-0\n2,A,C,1-0\n2,B,D,1-0\n",
            3
        ),
        (2, PairingErrorKind::UnfinishedEarlier(1))
    ));
}

#[test]
fn numbers_are_given_for_everyone_or_for_nobody() {
    let list = read_players("name,number\nA,1\nB,\nC,3\nD,4\n").unwrap();
    let ev = EventResults::in_progress_from_csv_str("round,red,black,result\n").unwrap();
    let e = pair_round(&PairingRequest::new(&list, &ev, 1)).unwrap_err();
    assert_eq!((e.file, e.line), (Source::Players, 3));
    let list = read_players("name,number\nA,1\nB,1\n").unwrap();
    let e = pair_round(&PairingRequest::new(&list, &ev, 1)).unwrap_err();
    assert_eq!(e.kind, PairingErrorKind::BadNumber(1));
}

#[test]
fn an_exhausted_field_is_refused_not_paired_with_a_rematch() {
    let list = players(&["A", "B"]);
    let ev = EventResults::in_progress_from_csv_str("round,red,black,result\n1,A,B,1-0\n").unwrap();
    let e = pair_round(&PairingRequest::new(&list, &ev, 2)).unwrap_err();
    assert_eq!(e.kind, PairingErrorKind::NoPairing(2));
}

#[test]
fn teammates_meet_unless_a_supplementary_rule_keeps_them_apart() {
    let list = read_players("name,team,number\nA,X,1\nB,Y,2\nC,X,3\nD,Y,4\n").unwrap();
    let ev =
        EventResults::in_progress_from_csv_str("round,red,black,result\n1,A,B,1-0\n1,D,C,0-1\n")
            .unwrap();
    // 一.7: by default the two winners (A and C, team X) meet.
    let p = pair_round(&PairingRequest::new(&list, &ev, 2)).unwrap();
    assert_eq!(games(&list, &p)[0], "C-A");
    let mut req = PairingRequest::new(&list, &ev, 2);
    req.avoid_teammates = true;
    let p = pair_round(&req).unwrap();
    for b in &p.boards {
        assert_ne!(list[b.red].team, list[b.black.unwrap()].team);
    }
}

#[test]
fn the_first_team_takes_red_on_odd_boards_and_teams_are_paired_by_match_points() {
    use xqr_core::pairing::pair_team_round;
    use xqr_core::rules::PointScheme;
    let list = read_players("name,team\na1,A\na2,A\nb1,B\nb2,B\nc1,C\nc2,C\nd1,D\nd2,D\n").unwrap();
    let header = "round,red,black,result,board,red_team,black_team\n";
    let ev = EventResults::in_progress_from_csv_str(header).unwrap();
    let mut req = PairingRequest::new(&list, &ev, 1);
    req.seed = 5;
    let r1 = pair_team_round(&req, &PointScheme::TWO_ONE_ZERO).unwrap();
    assert_eq!(r1.matches.len(), 2);
    for m in &r1.matches {
        let (first, second) = (m.first, m.second.unwrap());
        // Board 1: the 先走 team's player has Red; board 2: the other team's.
        assert_eq!(
            list[m.boards[0].1].team.as_deref(),
            Some(r1.teams[first].as_str())
        );
        assert_eq!(
            list[m.boards[1].1].team.as_deref(),
            Some(r1.teams[second].as_str())
        );
    }
    // Round 2 after A beat B 2-0 on boards and C drew D 1-1: A meets C or D (A is alone on
    // top and floats to the drawn teams).
    let ev = EventResults::in_progress_from_csv_str(&format!(
        "{header}1,a1,b1,1-0,1,A,B\n1,b2,a2,0-1,2,B,A\n1,c1,d1,1-0,1,C,D\n1,d2,c2,1-0,2,D,C\n"
    ))
    .unwrap();
    let r2 = pair_team_round(
        &PairingRequest::new(&list, &ev, 2),
        &PointScheme::TWO_ONE_ZERO,
    )
    .unwrap();
    let first = &r2.matches[0];
    let names = [
        r2.teams[first.first].as_str(),
        r2.teams[first.second.unwrap()].as_str(),
    ];
    assert!(names.contains(&"A"), "{names:?}");
    assert!(!names.contains(&"B"), "{names:?}");
    assert_eq!(r2.paired.cards[0].score.to_string(), "2");
}

#[test]
fn the_next_card_of_the_other_row_is_taken_when_the_first_was_met() {
    let list = players(&["A", "B", "C", "D", "E", "F", "G", "H"]);
    let results = "round,red,black,result\n1,A,B,1-0\n1,D,C,0-1\n1,E,F,1/2-1/2\n1,H,G,1/2-1/2\n";
    let p = pair(&list, results, 2);
    // 1 point: E, H (Red, 要后) and F, G (Black, 要先). Round 2 is even: H (8) picks first;
    // the 要先 row is G (7), F (6); H met G, so 错位: F (二.3 (2)).
    let b = p
        .boards
        .iter()
        .find(|b| b.picker.map(|x| list[x].name.as_str()) == Some("H"))
        .unwrap();
    assert_eq!(b.form, Some(Form::NextPosition));
    assert_eq!(
        (
            list[b.red].name.as_str(),
            b.black.map(|k| list[k].name.as_str())
        ),
        ("F", Some("H"))
    );
}
