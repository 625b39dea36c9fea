//! `xqr judge` and `xqr compare`: a game adjudicated under one ruleset, or under every loaded
//! ruleset side by side, with the article behind each ruling and what each move of the loop did.

use std::fmt::Write as _;

use xqr_core::registry::Registry;
use xqr_core::rules::{Claim, Claimant, Ruleset, Verdict};

use xqr_host::compare::{compare, CompareRow};

use super::game_input::{GameArgs, JudgingArgs};
use super::{CliError, Format, Output};

/// Options of `xqr judge`.
#[derive(Debug, clap::Args)]
pub struct JudgeArgs {
    /// The ruleset (id or alias; `xqr rulesets` lists them).
    #[arg(long)]
    pub ruleset: String,

    /// The game.
    #[command(flatten)]
    pub game: GameArgs,

    /// How it is judged.
    #[command(flatten)]
    pub judging: JudgingArgs,
}

/// Options of `xqr compare`.
#[derive(Debug, clap::Args)]
pub struct CompareArgs {
    /// The game.
    #[command(flatten)]
    pub game: GameArgs,

    /// How it is judged.
    #[command(flatten)]
    pub judging: JudgingArgs,
}

/// Finds a ruleset by id or alias, or says which exist.
pub fn find<'a>(
    registry: &'a Registry,
    name: &str,
) -> Result<&'a std::sync::Arc<dyn Ruleset>, CliError> {
    registry.get(name).ok_or_else(|| {
        let ids: Vec<&str> = registry.iter().map(|r| r.meta().id.as_str()).collect();
        CliError::input(format!(
            "unknown ruleset {name:?}; loaded: {}",
            ids.join(", ")
        ))
    })
}

/// Runs `xqr judge`.
pub fn run_judge(args: &JudgeArgs, registry: &Registry, out: &mut Output) -> Result<(), CliError> {
    let rs = find(registry, &args.ruleset)?;
    let source = args.game.game()?;
    let verdict = rs
        .judge(&source.input, &args.judging.options())
        .map_err(|e| source.error(&e))?;
    match out.format() {
        Format::Json => out.json(&verdict),
        Format::Text => out.text(&render_verdict(&verdict)),
    }
}

/// Runs `xqr compare`.
pub fn run_compare(
    args: &CompareArgs,
    registry: &Registry,
    out: &mut Output,
) -> Result<(), CliError> {
    let source = args.game.game()?;
    let options = args.judging.options();
    let rows = compare(registry.iter(), &source.input, &options, |e| {
        format!("{}: {e}", source.label)
    });
    if !rows.iter().any(CompareRow::is_verdict) {
        if let Some(CompareRow::Failed { error, .. }) = rows.first() {
            return Err(CliError::input(error.clone()));
        }
    }
    match out.format() {
        Format::Json => out.json(&rows),
        Format::Text => out.text(&render_compare(&rows)),
    }
}

/// The readable form of a verdict: the ruling, then the loop and each classified ply.
pub fn render_verdict(v: &Verdict) -> String {
    let mut s = String::new();
    let termination = v
        .termination
        .as_ref()
        .map_or("undecided".to_owned(), |t| t.to_string());
    let rule = v
        .rule
        .as_ref()
        .map_or(String::new(), |r| format!("  [{r}]"));
    let at = v
        .decided_at_ply
        .map_or(String::new(), |p| format!("  after ply {p}"));
    let _ = writeln!(s, "{}: {}  {termination}{rule}{at}", v.ruleset, v.result);
    if let Some(p) = &v.pending {
        let _ = writeln!(s, "pending: {} must change  [{}]", p.must_change, p.rule);
    }
    let _ = writeln!(s, "{}", v.explanation);
    if !v.claims.is_empty() {
        let _ = writeln!(s, "claims (where a claim would have succeeded):");
        for c in &v.claims {
            let _ = writeln!(s, "  {}", claim_line(c, v.rests_on(c)));
        }
    }
    if let Some(l) = &v.loop_found {
        let _ = writeln!(
            s,
            "loop: plies {}-{}, the position occurred {} times; red: {} ({}), black: {} ({})",
            l.first_ply,
            l.last_ply,
            l.repetitions,
            l.red.chinese(),
            serde_name(&l.red),
            l.black.chinese(),
            serde_name(&l.black)
        );
    }
    if !v.plies.is_empty() {
        let _ = writeln!(
            s,
            "{:>5}  {:<5}  {:<5}  {:<16}  {:<10}  why",
            "ply", "side", "move", "kinds", "targets"
        );
        for p in &v.plies {
            let kinds: Vec<String> = p
                .kinds
                .iter()
                .map(|k| format!("{k} {}", k.chinese()))
                .collect();
            let targets: Vec<String> = p.targets.iter().map(|t| t.to_string()).collect();
            let why = p.notes.join("; ");
            let _ = writeln!(
                s,
                "{:>5}  {:<5}  {:<5}  {:<16}  {:<10}  {why}",
                p.ply,
                p.side.to_string(),
                p.mv,
                kinds.join(", "),
                targets.join(",")
            );
        }
    }
    s
}

/// One claim in words: "after ply 8 (until ply 12): black could claim 0-1 perpetual_chase
/// [cxa-1999 §24.3]: …", marked when the verdict rests on it or nobody made it.
pub fn claim_line(c: &Claim, verdict: bool) -> String {
    let until = if c.until_ply > c.ply {
        format!(" (until ply {})", c.until_ply)
    } else {
        String::new()
    };
    let who = match c.claimant {
        Claimant::Either => "either side".to_owned(),
        side => side.to_string(),
    };
    let status = if verdict {
        "the record ends here: the verdict"
    } else {
        "not claimed: the record went on"
    };
    format!(
        "after ply {}{until}: {who} could claim {} {}  [{}]  ({status}): {}",
        c.ply, c.result, c.termination, c.rule, c.explanation
    )
}

fn serde_name<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|j| j.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// The readable `compare` table: one row per ruleset, then the claims nobody made.
fn render_compare(rows: &[CompareRow]) -> String {
    let mut table: Vec<[String; 6]> = vec![[
        "ruleset".into(),
        "result".into(),
        "reason".into(),
        "article".into(),
        "ply".into(),
        "first claim".into(),
    ]];
    let mut unmade: Vec<String> = Vec::new();
    for r in rows {
        table.push(match r {
            CompareRow::Verdict(v) => {
                let reason = match (&v.termination, &v.pending) {
                    (Some(t), _) => t.to_string(),
                    (None, Some(p)) => format!("pending: {} must change", p.must_change),
                    (None, None) => "undecided".to_owned(),
                };
                let article = v
                    .rule
                    .as_ref()
                    .or(v.pending.as_ref().map(|p| &p.rule))
                    .map_or("-".to_owned(), |r| r.to_string());
                let ply = v.decided_at_ply.map_or("-".to_owned(), |p| p.to_string());
                let first = v.first_claim().map_or("-".to_owned(), |c| {
                    format!("{} {} after ply {}", c.result, c.termination, c.ply)
                });
                for c in v.unmade_claims() {
                    let until = if c.until_ply > c.ply {
                        format!(" (until ply {})", c.until_ply)
                    } else {
                        String::new()
                    };
                    unmade.push(format!(
                        "{}: after ply {}{until}, {} could claim {} {} [{}]",
                        v.ruleset,
                        c.ply,
                        match c.claimant {
                            Claimant::Either => "either side".to_owned(),
                            side => side.to_string(),
                        },
                        c.result,
                        c.termination,
                        c.rule
                    ));
                }
                [
                    v.ruleset.clone(),
                    v.result.to_string(),
                    reason,
                    article,
                    ply,
                    first,
                ]
            }
            CompareRow::Failed {
                ruleset,
                error,
                unsupported: true,
            } => [
                ruleset.clone(),
                "n/a".into(),
                format!("cannot judge: {error}"),
                "-".into(),
                "-".into(),
                "-".into(),
            ],
            CompareRow::Failed { ruleset, error, .. } => [
                ruleset.clone(),
                "error".into(),
                error.clone(),
                "-".into(),
                "-".into(),
                "-".into(),
            ],
        });
    }
    let widths: Vec<usize> = (0..6)
        .map(|i| {
            table
                .iter()
                .map(|r| r[i].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut s = String::new();
    for row in &table {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c}{}", " ".repeat(w - c.chars().count())))
            .collect();
        let _ = writeln!(s, "{}", cells.join("  ").trim_end());
    }
    if !unmade.is_empty() {
        let _ = writeln!(s, "\nclaims nobody made (the record went on past them):");
        for u in unmade {
            let _ = writeln!(s, "  {u}");
        }
    }
    s
}
