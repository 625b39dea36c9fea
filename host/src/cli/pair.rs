//! `xqr pair --ruleset ID PLAYERS.csv RESULTS.csv --round N`: the next round of a Swiss event
//! by the 定位编排 method (cxa-2011 附录二).

use std::path::{Path, PathBuf};

use serde::Serialize;
use xqr_core::pairing::{
    pair_round, pair_team_round, read_players, FirstRoundMethod, PairedRound, PairingError,
    PairingRequest, Source, TeamRound,
};
use xqr_core::registry::Registry;
use xqr_core::standings::EventResults;

use super::{CliError, Format, Output};

/// Options of `xqr pair`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The ruleset whose points form the score groups (id or alias); the pairing method is
    /// the one of cxa-2011 附录二.
    #[arg(long)]
    pub ruleset: String,
    /// The players: CSV with header `name` and optional `team`, `rating`, `seeded` (yes/no),
    /// `number` (a number drawn by hand).
    pub players: PathBuf,
    /// The results so far, as for `xqr standings` (`round,red,black,result`); empty before
    /// round 1; an empty result in the last round is an unfinished game, counted as a draw.
    pub results: PathBuf,
    /// The round to pair: the one after the last round of the results.
    #[arg(long)]
    pub round: u32,
    /// The number of rounds of the event: in the last round of an odd number of rounds,
    /// colours are balanced to at most one apart where possible (附录二 一.11 (4)).
    #[arg(long, value_name = "N")]
    pub rounds: Option<u32>,
    /// The seed of the draw of numbers (round 1): the same seed and list give the same draw.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// How round 1 is paired: near (近号 1-2, 4-3 …), head-tail (首尾), halves (对半交叉).
    /// Later rounds read the numbers back from round 1 of the results by the same table.
    #[arg(long, value_name = "METHOD", default_value = "near")]
    pub first_round: FirstRoundMethod,
    /// Keep players of one team (the `team` column) apart from round 2 on, when the event's
    /// supplementary rules ask for it (附录二 一.7: by default they are not kept apart).
    #[arg(long)]
    pub avoid_teammates: bool,
    /// A team event (2011 §12.3): the `team` column groups the players (in board order), teams
    /// are paired by match points, and the 先走 team takes Red on odd boards. The results
    /// need the `board,red_team,black_team` columns.
    #[arg(long)]
    pub teams: bool,
    /// Say why each pair was formed: the picker and the rule that chose him, the form, the
    /// colour rule.
    #[arg(long)]
    pub explain: bool,
}

pub const AFTER_HELP: &str = "\
Example:
  xqr pair --ruleset cxa-2011 players.csv results.csv --round 1 --seed 7
  xqr pair --ruleset cxa-2011 --format csv players.csv results.csv --round 4 >> results.csv

CSV: rows round,red,black,result with the result empty and black empty for a bye, in the
column order of results.csv (other columns left empty; with --teams board,red_team,black_team
filled), a header first when results.csv is empty: ready to be filled in and appended.
JSON: [{\"board\", \"red\", \"black\"}], black null for a bye, plus \"explain\" with --explain;
with --teams also \"red_team\", \"black_team\" and \"match\".";

fn read_text(path: &Path) -> Result<String, CliError> {
    let shown = path.display();
    let bytes =
        std::fs::read(path).map_err(|e| CliError::input(format!("{shown}: cannot read: {e}")))?;
    String::from_utf8(bytes).map_err(|e| {
        CliError::input(format!(
            "{shown}: not UTF-8 (byte {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

#[derive(Serialize)]
struct JsonBoard<'a> {
    board: u32,
    red: &'a str,
    black: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explain: Option<String>,
}

/// Runs `xqr pair`.
pub fn run(args: &Args, registry: &Registry, out: &mut Output) -> Result<(), CliError> {
    let rs = super::judge::find(registry, &args.ruleset)?;
    let points = rs.scoring().standings().points;
    let players_text = read_text(&args.players)?;
    let results_text = read_text(&args.results)?;
    let locate = |e: PairingError| {
        let file = match e.file {
            Source::Players => args.players.display(),
            Source::Results => args.results.display(),
        };
        CliError::input(format!("{file}: {e}"))
    };
    let entrants = read_players(&players_text).map_err(locate)?;
    let empty = results_text.trim().is_empty();
    let header_only = if args.teams {
        "round,red,black,result,board,red_team,black_team\n"
    } else {
        "round,red,black,result\n"
    };
    let results =
        EventResults::in_progress_from_csv_str(if empty { header_only } else { &results_text })
            .map_err(|errs| {
                let shown = args.results.display();
                let mut lines: Vec<String> =
                    errs.0.iter().map(|e| format!("{shown}: {e}")).collect();
                let last = lines.pop().unwrap_or_default();
                for l in &lines {
                    super::report_error(l);
                }
                CliError::input(last)
            })?;
    let req = PairingRequest {
        entrants: &entrants,
        results: &results,
        round: args.round,
        rounds: args.rounds,
        points,
        first_round: args.first_round,
        seed: args.seed,
        avoid_teammates: args.avoid_teammates,
    };
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    // The columns of the rows written: those of results.csv, or the default header.
    let header: Vec<String> = if empty {
        let h = if args.teams { TEAM_HEADER } else { HEADER };
        h.split(',').map(str::to_owned).collect()
    } else {
        results_text
            .trim_start_matches('\u{feff}')
            .lines()
            .next()
            .unwrap_or_default()
            .split(',')
            .map(|c| c.trim().to_owned())
            .collect()
    };
    if args.teams {
        let points = rs.scoring().standings();
        let round = pair_team_round(&req, &points.match_points).map_err(locate)?;
        return write_teams(&round, &names, &header, empty, args, out);
    }
    let paired = pair_round(&req).map_err(locate)?;
    if out.csv() {
        let mut text = String::new();
        if empty {
            text.push_str(&csv_row(&header));
        }
        for b in &paired.boards {
            let row = Row {
                round: paired.round,
                red: &names[b.red],
                black: b.black.map(|k| names[k].as_str()),
                board: None,
                teams: None,
            };
            text.push_str(&row.csv(&header));
        }
        return out.text(&text);
    }
    match out.format() {
        Format::Json => {
            let rows: Vec<JsonBoard> = paired
                .boards
                .iter()
                .map(|b| JsonBoard {
                    board: b.board,
                    red: &names[b.red],
                    black: b.black.map(|k| names[k].as_str()),
                    explain: args.explain.then(|| paired.explain(b, &names)),
                })
                .collect();
            out.json(&rows)
        }
        Format::Text => {
            for l in text(&paired, &names, args, &rs.meta().id) {
                out.line(&l)?;
            }
            Ok(())
        }
    }
}

const HEADER: &str = "round,red,black,result";
const TEAM_HEADER: &str = "round,red,black,result,board,red_team,black_team";

/// One row to write, by column name.
struct Row<'a> {
    round: u32,
    red: &'a str,
    black: Option<&'a str>,
    board: Option<u32>,
    teams: Option<(&'a str, Option<&'a str>)>,
}

impl Row<'_> {
    fn csv(&self, header: &[String]) -> String {
        let round = self.round.to_string();
        let board = self.board.map(|b| b.to_string()).unwrap_or_default();
        let fields: Vec<&str> = header
            .iter()
            .map(|c| match c.as_str() {
                "round" => round.as_str(),
                "red" => self.red,
                "black" => self.black.unwrap_or(""),
                "board" => board.as_str(),
                "red_team" => self.teams.map_or("", |t| t.0),
                "black_team" => self.teams.and_then(|t| t.1).unwrap_or(""),
                _ => "",
            })
            .collect();
        csv_row(&fields)
    }
}

#[derive(Serialize)]
struct JsonTeamBoard<'a> {
    #[serde(rename = "match")]
    match_number: usize,
    board: u32,
    red: &'a str,
    black: Option<&'a str>,
    red_team: &'a str,
    black_team: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explain: Option<String>,
}

fn write_teams(
    round: &TeamRound,
    names: &[String],
    header: &[String],
    empty: bool,
    args: &Args,
    out: &mut Output,
) -> Result<(), CliError> {
    let team = |t: usize| round.teams[t].as_str();
    let mut rows = Vec::new();
    for (i, m) in round.matches.iter().enumerate() {
        for &(board, red, black) in &m.boards {
            // 12.3: odd boards Red for the first team.
            let (red_team, black_team) = match m.second {
                Some(s) if board % 2 == 0 => (team(s), Some(team(m.first))),
                Some(s) => (team(m.first), Some(team(s))),
                None => (team(m.first), None),
            };
            rows.push((i, board, red, black, red_team, black_team));
        }
    }
    if out.csv() {
        let mut text = String::new();
        if empty {
            text.push_str(&csv_row(header));
        }
        for &(_, board, red, black, red_team, black_team) in &rows {
            let row = Row {
                round: round.paired.round,
                red: &names[red],
                black: black.map(|k| names[k].as_str()),
                board: Some(board),
                teams: Some((red_team, black_team)),
            };
            text.push_str(&row.csv(header));
        }
        return out.text(&text);
    }
    let explain = |i: usize| {
        let b = &round.paired.boards[i];
        format!(
            "{}; the first team has Red on odd boards (§12.3)",
            round.paired.explain(b, &round.teams)
        )
    };
    match out.format() {
        Format::Json => {
            let json: Vec<JsonTeamBoard> = rows
                .iter()
                .map(
                    |&(i, board, red, black, red_team, black_team)| JsonTeamBoard {
                        match_number: i + 1,
                        board,
                        red: &names[red],
                        black: black.map(|k| names[k].as_str()),
                        red_team,
                        black_team,
                        explain: args.explain.then(|| explain(i)),
                    },
                )
                .collect();
            out.json(&json)
        }
        Format::Text => {
            out.line(&format!(
                "Round {} (team event) by cxa-2011 附录二 定位编排 and §12.3: {} teams",
                round.paired.round,
                round.teams.len()
            ))?;
            for (i, m) in round.matches.iter().enumerate() {
                let head = match m.second {
                    Some(s) => format!("match {}: {} (先走) - {}", i + 1, team(m.first), team(s)),
                    None => format!("bye: {}", team(m.first)),
                };
                out.line(&head)?;
                if args.explain {
                    out.line(&format!("     why: {}", explain(i)))?;
                }
                for &(board, red, black) in &m.boards {
                    let black = black.map_or("(bye)", |k| names[k].as_str());
                    out.line(&format!("  board {board}: {} - {black}", names[red]))?;
                }
            }
            Ok(())
        }
    }
}

/// One CSV row, quoting fields that need it.
fn csv_row<S: AsRef<str>>(fields: &[S]) -> String {
    let quoted: Vec<String> = fields
        .iter()
        .map(|f| {
            let f = f.as_ref();
            if f.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", f.replace('"', "\"\""))
            } else {
                f.to_owned()
            }
        })
        .collect();
    format!("{}\n", quoted.join(","))
}

fn text(p: &PairedRound, names: &[String], args: &Args, ruleset: &str) -> Vec<String> {
    let who = |k: usize| {
        format!(
            "{} (no. {}, {} pts)",
            names[k], p.numbers[k], p.cards[k].score
        )
    };
    let mut lines = vec![format!(
        "Round {} by cxa-2011 附录二 定位编排 ({} points): {} players",
        p.round,
        ruleset,
        names.len()
    )];
    if p.round == 1 {
        lines.push(format!(
            "numbers drawn with seed {}, {} ({})",
            args.seed,
            args.first_round.chinese(),
            args.first_round.name()
        ));
    }
    for b in &p.boards {
        let line = match b.black {
            Some(k) => format!("{:>3}  {}  -  {}", b.board, who(b.red), who(k)),
            None => format!("bye  {}", who(b.red)),
        };
        lines.push(line);
        if args.explain {
            lines.push(format!("     why: {}", p.explain(b, names)));
        }
    }
    if args.explain && p.round > 1 {
        lines.push("score groups, top down (一.4):".to_owned());
        for g in &p.groups {
            let list = |ps: &[usize]| {
                ps.iter()
                    .map(|&k| names[k].as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let mut line = format!("  {} pts: {}", g.score, list(&g.members));
            if !g.incoming.is_empty() {
                line.push_str(&format!("; from above: {}", list(&g.incoming)));
            }
            if !g.floated_down.is_empty() {
                line.push_str(&format!("; floated down (下调): {}", list(&g.floated_down)));
            }
            if g.rebuilt {
                line.push_str("; pairs broken and made again (拆对)");
            }
            for r in &g.relaxed {
                line.push_str(&format!("; gave up: {r}"));
            }
            lines.push(line);
        }
    }
    lines
}
