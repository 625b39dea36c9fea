//! `docs/swiss-example.md` pairs an event by hand; the program must pair every round the same
//! way from the results of the rounds before.

use xqr_core::pairing::{pair_round, read_players, PairingRequest};
use xqr_core::standings::EventResults;

struct Round {
    number: u32,
    /// (board, red, black, result)
    boards: Vec<(u32, String, String, String)>,
}

fn document() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/swiss-example.md");
    std::fs::read_to_string(&path).expect("docs/swiss-example.md")
}

/// The players list: the code block that starts with `name,`.
fn players(doc: &str) -> String {
    let start = doc.find("```\nname,").expect("a players.csv block") + 4;
    let end = start + doc[start..].find("```").expect("end of the block");
    doc[start..end].to_owned()
}

/// The `| board | red | black | result |` table under each `## Round N` heading.
fn rounds(doc: &str) -> Vec<Round> {
    let mut out: Vec<Round> = Vec::new();
    for line in doc.lines() {
        if let Some(rest) = line.strip_prefix("## Round ") {
            let number = rest
                .split_whitespace()
                .next()
                .and_then(|n| n.parse().ok())
                .expect("a round number");
            out.push(Round {
                number,
                boards: Vec::new(),
            });
            continue;
        }
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if cells.len() != 4 || !line.starts_with('|') {
            continue;
        }
        let Ok(board) = cells[0].parse::<u32>() else {
            continue;
        };
        if let Some(round) = out.last_mut() {
            round.boards.push((
                board,
                cells[1].to_owned(),
                cells[2].to_owned(),
                cells[3].to_owned(),
            ));
        }
    }
    out
}

#[test]
fn the_program_pairs_the_hand_worked_event_as_the_arbiter_did() {
    let doc = document();
    let list = read_players(&players(&doc)).expect("the players list");
    let rounds = rounds(&doc);
    assert_eq!(rounds.len(), 7, "seven rounds in the document");
    let mut csv = String::from("round,red,black,result\n");
    for round in &rounds {
        assert_eq!(round.boards.len(), 4, "round {}: four boards", round.number);
        let results = EventResults::in_progress_from_csv_str(&csv).expect("results so far");
        let mut req = PairingRequest::new(&list, &results, round.number);
        req.rounds = Some(7);
        let paired = pair_round(&req).expect("a pairing");
        let program: Vec<(u32, String, String)> = paired
            .boards
            .iter()
            .map(|b| {
                let black = b.black.map_or(String::new(), |k| list[k].name.clone());
                (b.board, list[b.red].name.clone(), black)
            })
            .collect();
        let hand: Vec<(u32, String, String)> = round
            .boards
            .iter()
            .map(|(b, r, k, _)| (*b, r.clone(), k.clone()))
            .collect();
        assert_eq!(program, hand, "round {}", round.number);
        for (_, red, black, result) in &round.boards {
            csv.push_str(&format!("{},{red},{black},{result}\n", round.number));
        }
    }
}
