//! The edition-diff report, written as games arrive: Markdown (default) or a standalone HTML
//! page, one section per differing game with both rulings side by side and an SVG diagram of
//! each deciding position (one diagram when both sides decide at the same ply).

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use xqr_core::rules::Ruleset;

use super::{deciding_ply, position_after, Snapshot};
use crate::batch::{JudgedGame, Judgement, Summary};
use crate::diagram::{escape, Diagram};

/// The format of a [`Report`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReportFormat {
    /// Markdown (CommonMark with inline HTML for the diagrams, or image links with an SVG
    /// directory).
    Markdown,
    /// A standalone HTML page.
    Html,
}

/// A report under construction: [`Report::begin`], [`Report::game`] for each differing game,
/// [`Report::end`].
pub struct Report<W: Write> {
    out: W,
    format: ReportFormat,
    rulesets: [Arc<dyn Ruleset>; 2],
    svg_dir: Option<PathBuf>,
    shown: usize,
}

/// A deciding position and the rulesets (with their deciding ply) it belongs to.
type Deciding = (Result<Snapshot, String>, Vec<(String, u32)>);

/// A row of a game's table: its name is paired with the field of each side it shows.
type Field = fn(&Side) -> &str;

/// A diagram of a report, with its caption.
enum Figure {
    /// The SVG document, to inline.
    Inline { svg: String, caption: String },
    /// The SVG written to a file, and the link to it.
    File { link: String, caption: String },
    /// No diagram (the position could not be replayed), and why.
    Missing { caption: String, why: String },
}

/// One side's column of a game's table.
struct Side {
    id: String,
    result: String,
    termination: String,
    rule: String,
    ply: String,
    first_claim: String,
    explanation: String,
}

impl Side {
    fn of(j: &Judgement, g: &JudgedGame, snapshot: Option<&Snapshot>) -> Side {
        let ply = deciding_ply(g, j);
        let mv = snapshot
            .filter(|s| s.ply == ply)
            .and_then(|s| s.last_move.as_ref())
            .map_or(String::new(), |(m, c)| format!(" ({c}, {m})"));
        match &j.outcome {
            Ok(v) => Side {
                id: j.ruleset.clone(),
                result: v.result.to_string(),
                termination: match (&v.termination, &v.pending) {
                    (Some(t), _) => t.to_string(),
                    (None, Some(p)) => format!("pending: {} must change", p.must_change),
                    (None, None) => "undecided".to_owned(),
                },
                rule: v
                    .rule
                    .as_ref()
                    .or(v.pending.as_ref().map(|p| &p.rule))
                    .map_or("-".to_owned(), |r| r.to_string()),
                ply: match v.decided_at_ply {
                    Some(p) => format!("{p}{mv}"),
                    None => format!("- (record ends after ply {ply})"),
                },
                first_claim: v.first_claim().map_or_else(
                    || "none".to_owned(),
                    |c| {
                        format!(
                            "{} {} ({}) after ply {}, by {}",
                            c.result, c.termination, c.rule, c.ply, c.claimant
                        )
                    },
                ),
                explanation: v.explanation.clone(),
            },
            Err(e) => Side {
                id: j.ruleset.clone(),
                result: "no verdict".to_owned(),
                termination: "error".to_owned(),
                rule: "-".to_owned(),
                ply: e.ply().map_or("-".to_owned(), |p| p.to_string()),
                first_claim: "-".to_owned(),
                explanation: match e.ply().and_then(|p| g.game.place_of(p)) {
                    Some((l, c)) => format!("{e} (line {l}, column {c})"),
                    None => e.to_string(),
                },
            },
        }
    }
}

impl<W: Write> Report<W> {
    /// A report comparing `a` (left) with `b` (right). With `svg_dir`, diagrams are written
    /// there as files and linked (`svg_dir` as given is the link prefix); otherwise inline.
    pub fn new(
        out: W,
        format: ReportFormat,
        a: Arc<dyn Ruleset>,
        b: Arc<dyn Ruleset>,
        svg_dir: Option<PathBuf>,
    ) -> Report<W> {
        Report {
            out,
            format,
            rulesets: [a, b],
            svg_dir,
            shown: 0,
        }
    }

    fn ids(&self) -> (String, String) {
        (
            self.rulesets[0].meta().id.clone(),
            self.rulesets[1].meta().id.clone(),
        )
    }

    /// The title and the inputs.
    pub fn begin(&mut self, paths: &[PathBuf]) -> io::Result<()> {
        let (a, b) = self.ids();
        let inputs: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        match self.format {
            ReportFormat::Markdown => {
                writeln!(self.out, "# Edition diff: {a} vs {b}\n")?;
                writeln!(
                    self.out,
                    "Games whose outcome differs between `{a}` and `{b}`, as played or at the \
                     first claim, with each side's ruling, its article and the deciding ply, the \
                     first claim that would have succeeded, and the board at the deciding \
                     position. Inputs: {}.\n",
                    inputs.iter().map(|i| md(i)).collect::<Vec<_>>().join(", ")
                )?;
            }
            ReportFormat::Html => {
                write!(
                    self.out,
                    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
                     <title>Edition diff: {a} vs {b}</title>\n<style>\n\
                     body {{ font-family: sans-serif; max-width: 60em; margin: 2em auto; line-height: 1.4; }}\n\
                     table {{ border-collapse: collapse; margin: 1em 0; }}\n\
                     th, td {{ border: 1px solid #bbb; padding: 0.3em 0.6em; text-align: left; vertical-align: top; }}\n\
                     figure {{ display: inline-block; margin: 0 1em 1em 0; }}\n\
                     figcaption {{ font-size: 0.9em; color: #444; }}\n\
                     </style>\n</head>\n<body>\n<h1>Edition diff: {a} vs {b}</h1>\n\
                     <p>Games whose outcome differs between <code>{a}</code> and <code>{b}</code>, \
                     as played or at the first claim, with each side's ruling, its article and \
                     the deciding ply, the first claim that would have succeeded, and the board \
                     at the deciding position. Inputs: {}.</p>\n",
                    inputs
                        .iter()
                        .map(|i| format!("<code>{}</code>", escape(i)))
                        .collect::<Vec<_>>()
                        .join(", "),
                    a = escape(&a),
                    b = escape(&b),
                )?;
            }
        }
        Ok(())
    }

    /// One differing game.
    pub fn game(&mut self, g: &JudgedGame) -> io::Result<()> {
        self.shown += 1;
        let n = self.shown;
        let (ja, jb) = (&g.verdicts[0], &g.verdicts[1]);
        let plies = [deciding_ply(g, ja), deciding_ply(g, jb)];
        let snapshots: Vec<Result<Snapshot, String>> = plies
            .iter()
            .zip(&self.rulesets)
            .map(|(&p, rs)| position_after(rs.as_ref(), &g.game.input, p))
            .collect();
        let sides = [
            Side::of(ja, g, snapshots[0].as_ref().ok()),
            Side::of(jb, g, snapshots[1].as_ref().ok()),
        ];
        // One diagram per distinct deciding position (same board, same last move), naming the
        // rulesets it belongs to.
        let mut figures: Vec<Deciding> = Vec::new();
        for ((s, side), ply) in snapshots.into_iter().zip(&sides).zip(plies) {
            match figures.iter_mut().find(|(f, _)| same_position(f, &s)) {
                Some((_, ids)) => ids.push((side.id.clone(), ply)),
                None => figures.push((s, vec![(side.id.clone(), ply)])),
            }
        }
        let tag = |name: &str| g.game.input.tags.get(name).map_or("?", String::as_str);
        let heading = format!(
            "{}. {}, game {} (line {})",
            n,
            g.file.display(),
            g.game.index,
            g.game.line
        );
        let about = format!(
            "Event {} · Red {} · Black {} · recorded result {} · {} plies",
            tag("Event"),
            tag("Red"),
            tag("Black"),
            tag("Result"),
            g.plies()
        );
        let rows: [(&str, Field); 6] = [
            ("result", |s| &s.result),
            ("termination", |s| &s.termination),
            ("rule", |s| &s.rule),
            ("deciding ply", |s| &s.ply),
            ("first claim", |s| &s.first_claim),
            ("explanation", |s| &s.explanation),
        ];
        match self.format {
            ReportFormat::Markdown => {
                writeln!(self.out, "## {}\n\n{}\n", md(&heading), md(&about))?;
                writeln!(
                    self.out,
                    "| | {} | {} |\n|---|---|---|",
                    md(&sides[0].id),
                    md(&sides[1].id)
                )?;
                for (name, field) in rows {
                    writeln!(
                        self.out,
                        "| {name} | {} | {} |",
                        md(field(&sides[0])),
                        md(field(&sides[1]))
                    )?;
                }
                writeln!(self.out)?;
                for figure in self.figures(n, &figures)? {
                    match figure {
                        Figure::Inline { svg, caption } => writeln!(
                            self.out,
                            "<div>\n{}\n</div>\n\n*{}*\n",
                            svg.trim_end(),
                            md(&caption)
                        )?,
                        Figure::File { link, caption } => {
                            writeln!(self.out, "![{c}]({link})\n\n*{c}*\n", c = md(&caption))?
                        }
                        Figure::Missing { caption, why } => {
                            writeln!(self.out, "*{}: {}*\n", md(&caption), md(&why))?
                        }
                    }
                }
            }
            ReportFormat::Html => {
                writeln!(
                    self.out,
                    "<section>\n<h2>{}</h2>\n<p>{}</p>\n<table>\n<tr><th></th><th>{}</th><th>{}</th></tr>",
                    escape(&heading),
                    escape(&about),
                    escape(&sides[0].id),
                    escape(&sides[1].id)
                )?;
                for (name, field) in rows {
                    writeln!(
                        self.out,
                        "<tr><th>{name}</th><td>{}</td><td>{}</td></tr>",
                        escape(field(&sides[0])),
                        escape(field(&sides[1]))
                    )?;
                }
                writeln!(self.out, "</table>")?;
                for figure in self.figures(n, &figures)? {
                    match figure {
                        Figure::Inline { svg, caption } => writeln!(
                            self.out,
                            "<figure>\n{}\n<figcaption>{}</figcaption>\n</figure>",
                            svg.trim_end(),
                            escape(&caption)
                        )?,
                        Figure::File { link, caption } => writeln!(
                            self.out,
                            "<figure>\n<img src=\"{}\" alt=\"{c}\">\n<figcaption>{c}</figcaption>\n</figure>",
                            escape(&link),
                            c = escape(&caption)
                        )?,
                        Figure::Missing { caption, why } => writeln!(
                            self.out,
                            "<p><em>{}: {}</em></p>",
                            escape(&caption),
                            escape(&why)
                        )?,
                    }
                }
                writeln!(self.out, "</section>")?;
            }
        }
        Ok(())
    }

    /// The diagrams of differing game number `n`: inline, or written to the SVG directory.
    fn figures(&self, n: usize, figures: &[Deciding]) -> io::Result<Vec<Figure>> {
        let mut out = Vec::new();
        for (i, (snapshot, ids)) in figures.iter().enumerate() {
            let caption = caption(snapshot, ids);
            out.push(match snapshot {
                Err(why) => Figure::Missing {
                    caption,
                    why: why.clone(),
                },
                Ok(s) => {
                    let svg = diagram(s, &caption);
                    match &self.svg_dir {
                        None => Figure::Inline { svg, caption },
                        Some(dir) => {
                            let name = format!("diff-{n}-{}.svg", i + 1);
                            write_svg(&dir.join(&name), &svg)?;
                            Figure::File {
                                link: link(dir, &name),
                                caption,
                            }
                        }
                    }
                }
            });
        }
        Ok(out)
    }

    /// The counts, and the end of the document.
    pub fn end(&mut self, summary: &Summary) -> io::Result<()> {
        let (a, b) = self.ids();
        let text = format!(
            "{} games compared in {} files: the outcome differs in {}; {} games could not be \
             judged by at least one ruleset; {} files or games could not be read.",
            summary.games,
            summary.files,
            self.shown,
            summary.games_with_errors,
            summary.input_errors
        );
        let per: Vec<String> = summary
            .rulesets
            .iter()
            .map(|r| {
                let decided: Vec<String> =
                    r.decided.iter().map(|(t, n)| format!("{t} {n}")).collect();
                format!(
                    "{}: {}; undecided {}, pending {}, errors {}",
                    r.id,
                    decided.join(", "),
                    r.undecided,
                    r.pending,
                    r.errors
                )
            })
            .collect();
        match self.format {
            ReportFormat::Markdown => {
                if self.shown == 0 {
                    writeln!(
                        self.out,
                        "No game's outcome differs between `{a}` and `{b}`.\n"
                    )?;
                }
                writeln!(self.out, "## Summary\n\n{}\n", md(&text))?;
                for p in per {
                    writeln!(self.out, "- {}", md(&p))?;
                }
            }
            ReportFormat::Html => {
                if self.shown == 0 {
                    writeln!(
                        self.out,
                        "<p>No game's outcome differs between <code>{}</code> and <code>{}</code>.</p>",
                        escape(&a),
                        escape(&b)
                    )?;
                }
                writeln!(self.out, "<h2>Summary</h2>\n<p>{}</p>\n<ul>", escape(&text))?;
                for p in per {
                    writeln!(self.out, "<li>{}</li>", escape(&p))?;
                }
                writeln!(self.out, "</ul>\n</body>\n</html>")?;
            }
        }
        self.out.flush()
    }

    /// Number of differing games written so far.
    pub fn shown(&self) -> usize {
        self.shown
    }
}

fn same_position(a: &Result<Snapshot, String>, b: &Result<Snapshot, String>) -> bool {
    match (a, b) {
        (Ok(x), Ok(y)) => {
            x.position.board() == y.position.board()
                && x.last_move.as_ref().map(|m| m.0) == y.last_move.as_ref().map(|m| m.0)
        }
        _ => false,
    }
}

fn caption(snapshot: &Result<Snapshot, String>, ids: &[(String, u32)]) -> String {
    let whose: Vec<String> = ids
        .iter()
        .map(|(id, ply)| format!("{id} (after ply {ply})"))
        .collect();
    let whose = whose.join(" and ");
    match snapshot {
        Ok(s) => match &s.last_move {
            Some((m, chinese)) => {
                format!("Deciding position for {whose}; last move {chinese} ({m})")
            }
            None => format!("Deciding position for {whose}: the start position"),
        },
        Err(_) => format!("No diagram for {whose}"),
    }
}

fn diagram(s: &Snapshot, caption: &str) -> String {
    // The caption is written beside the diagram; inside it, only as the title.
    let mut d = Diagram::new(s.position.board()).title(caption);
    if let Some((m, _)) = s.last_move {
        d = d.last_move(m);
    }
    d.to_svg()
}

fn write_svg(path: &Path, svg: &str) -> io::Result<()> {
    std::fs::write(path, svg).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("cannot write the diagram {}: {e}", path.display()),
        )
    })
}

/// A relative link to `name` in `dir`, with `/` separators and spaces escaped.
fn link(dir: &Path, name: &str) -> String {
    let joined = dir.join(name).to_string_lossy().replace('\\', "/");
    joined.replace(' ', "%20")
}

/// Text safe inside a Markdown table cell or paragraph: `|`, `*`, `_`, `` ` ``, `<`, `[`
/// and `]` escaped, line breaks turned into spaces.
fn md(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '|' | '*' | '_' | '`' | '[' | ']' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '<' => out.push_str("&lt;"),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}
