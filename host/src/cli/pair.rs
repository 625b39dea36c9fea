//! `xqr pair --ruleset ID PLAYERS.csv RESULTS.csv --round N`: the next round of a Swiss event
//! by the 定位编排 method (cxa-2011 附录二).

use std::path::{Path, PathBuf};

use serde::Serialize;
use xqr_core::pairing::{
    pair_round, read_players, FirstRoundMethod, PairedRound, PairingError, PairingRequest, Source,
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
    /// Say why each pair was formed: the picker and the rule that chose him, the form, the
    /// colour rule.
    #[arg(long)]
    pub explain: bool,
}

pub const AFTER_HELP: &str = "\
Example:
  xqr pair --ruleset cxa-2011 players.csv results.csv --round 1 --seed 7
  xqr pair --ruleset cxa-2011 --format csv players.csv results.csv --round 4 >> results.csv

CSV: rows round,red,black,result with the result empty and black empty for a bye (a header
first when results.csv is empty), ready to be filled in and appended to results.csv.
JSON: [{\"board\", \"red\", \"black\"}], black null for a bye, plus \"explain\" with --explain.";

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
    let header_only = "round,red,black,result\n";
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
    let paired = pair_round(&req).map_err(locate)?;
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    if out.csv() {
        let mut text = String::new();
        if empty {
            text.push_str(header_only);
        }
        for b in &paired.boards {
            let black = b.black.map_or("", |k| names[k].as_str());
            text.push_str(&csv_row(&[
                &paired.round.to_string(),
                &names[b.red],
                black,
                "",
            ]));
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

/// One CSV row, quoting fields that need it.
fn csv_row(fields: &[&str]) -> String {
    let quoted: Vec<String> = fields
        .iter()
        .map(|f| {
            if f.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", f.replace('"', "\"\""))
            } else {
                (*f).to_owned()
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
    lines
}
