//! `xqr standings --ruleset ID RESULTS.csv`: ranks an event by the edition's points and
//! tie-breaks (1999 §14–15, 2011 §13–14).

use std::path::PathBuf;

use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};
use xqr_core::registry::Registry;
use xqr_core::standings::{EventKind, EventResults, Score, Standing, Standings};

use super::{CliError, Format, Output};

/// Options of `xqr standings`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The ruleset whose points and tie-breaks rank the event (id or alias).
    #[arg(long)]
    pub ruleset: String,
    /// The kind of event: round-robin, multi-game-round-robin, swiss, swiss-cumulative,
    /// team-round-robin, team-swiss, team-swiss-game-points, team-by-player-ranks. Default:
    /// inferred from the table (team columns → team event; every pair met once → round robin;
    /// else Swiss).
    #[arg(long, value_name = "KIND")]
    pub event: Option<EventKind>,
    /// The results: CSV with header `round,red,black,result` (result 1-0, 0-1, 1/2-1/2, +/-,
    /// -/+, -/-; black empty for a bye) and optional `red_fouls,black_fouls,board,red_team,
    /// black_team`.
    pub results: PathBuf,
}

pub const AFTER_HELP: &str = "\
Example:
  xqr standings --ruleset cxa-2011 event.csv
  xqr standings --ruleset cxa-1999 --event swiss --format json event.csv

JSON: an array in rank order of {\"rank\", \"player\", \"points\", \"tiebreaks\": {name: value}},
every value an exact decimal string (\"7.5\"). Tied entrants share the rank (名次并列).";

/// Runs `xqr standings`.
pub fn run(args: &Args, registry: &Registry, out: &mut Output) -> Result<(), CliError> {
    let rs = super::judge::find(registry, &args.ruleset)?;
    let shown = args.results.display();
    let bytes = std::fs::read(&args.results)
        .map_err(|e| CliError::input(format!("{shown}: cannot read: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        CliError::input(format!(
            "{shown}: not UTF-8 (byte {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    let results = EventResults::from_csv_str(&text).map_err(|errs| {
        let mut lines: Vec<String> = errs.0.iter().map(|e| format!("{shown}: {e}")).collect();
        let last = lines.pop().unwrap_or_default();
        for l in &lines {
            super::report_error(l);
        }
        CliError::input(last)
    })?;
    let rules = rs.scoring().standings().named(&rs.meta().id);
    let kind = args.event.unwrap_or_else(|| EventKind::infer(&results));
    let standings = rules
        .rank(&results, kind)
        .map_err(|e| CliError::input(format!("{shown}: {e}")))?;
    match out.format() {
        Format::Json => out.json(&JsonRows(&standings)),
        Format::Text => {
            let points = rules
                .points_rule
                .as_ref()
                .map_or(String::new(), |r| format!(", {r}"));
            let p = rules.points;
            out.line(&format!(
                "{}: {} event ranked by {} (points win {} / draw {} Red, {} Black / loss {}{points})",
                standings.ruleset, standings.kind, standings.rule, p.win, p.draw_red, p.draw_black, p.loss
            ))?;
            for l in table(&standings) {
                out.line(&l)?;
            }
            if !standings.columns.is_empty() {
                let legend: Vec<String> = standings
                    .columns
                    .iter()
                    .filter(|c| c.round.is_none_or(|r| r == 1))
                    .map(|c| {
                        let key = c.criterion.key();
                        let dir = match c.criterion.better() {
                            xqr_core::standings::Better::Higher => "more",
                            xqr_core::standings::Better::Lower => "fewer",
                        };
                        format!("{key} = {} ({dir} first)", c.criterion.chinese())
                    })
                    .collect();
                out.line(&format!("tie-breaks in order: {}", legend.join("; ")))?;
            }
            Ok(())
        }
    }
}

/// Display width, counting East Asian wide characters as two columns.
fn width(s: &str) -> usize {
    s.chars()
        .map(|c| if (c as u32) >= 0x1100 { 2 } else { 1 })
        .sum()
}

fn pad(s: &str, w: usize, right: bool) -> String {
    let fill = " ".repeat(w.saturating_sub(width(s)));
    if right {
        format!("{fill}{s}")
    } else {
        format!("{s}{fill}")
    }
}

/// The standings as aligned text lines: rank, player, points, then every tie-break column.
fn table(s: &Standings) -> Vec<String> {
    let mut header = vec!["rank".to_owned(), "player".to_owned(), "points".to_owned()];
    header.extend(s.columns.iter().map(|c| c.key.clone()));
    let mut rows: Vec<Vec<String>> = vec![header];
    for r in &s.rows {
        let mut row = vec![r.rank.to_string(), r.player.clone(), r.points.to_string()];
        row.extend(r.tiebreaks.iter().map(Score::to_string));
        rows.push(row);
    }
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|c| rows.iter().map(|r| width(&r[c])).max().unwrap_or(0))
        .collect();
    rows.iter()
        .map(|r| {
            r.iter()
                .zip(&widths)
                .enumerate()
                .map(|(c, (v, &w))| pad(v, w, c != 1))
                .collect::<Vec<_>>()
                .join("  ")
                .trim_end()
                .to_owned()
        })
        .collect()
}

/// The JSON contract: an array of rows in rank order.
struct JsonRows<'a>(&'a Standings);

impl Serialize for JsonRows<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.rows.iter().map(|row| JsonRow {
            standings: self.0,
            row,
        }))
    }
}

struct JsonRow<'a> {
    standings: &'a Standings,
    row: &'a Standing,
}

impl Serialize for JsonRow<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Standing", 4)?;
        st.serialize_field("rank", &self.row.rank)?;
        st.serialize_field("player", &self.row.player)?;
        st.serialize_field("points", &self.row.points)?;
        st.serialize_field(
            "tiebreaks",
            &Tiebreaks {
                standings: self.standings,
                row: self.row,
            },
        )?;
        st.end()
    }
}

/// `{name: value}` in the order the criteria apply.
struct Tiebreaks<'a> {
    standings: &'a Standings,
    row: &'a Standing,
}

impl Serialize for Tiebreaks<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.row.tiebreaks.len()))?;
        for (c, v) in self.standings.columns.iter().zip(&self.row.tiebreaks) {
            m.serialize_entry(&c.key, v)?;
        }
        m.end()
    }
}
