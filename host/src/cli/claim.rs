//! `xqr claim`: a claim made during a game, answered as the arbiter would (the ruling, an order
//! to change, or a refusal with its article).

use std::fmt::Write as _;

use xqr_core::registry::Registry;
use xqr_core::rules::{ClaimAnswer, ClaimKind, ClaimRequest, RepetitionRuling};
use xqr_core::Color;

use super::game_input::GameArgs;
use super::{CliError, Format, Output};

/// Extra `--help` text of `xqr claim`.
pub const AFTER_HELP: &str = "\
The record is replayed to --ply (0: before any move) and --by asks for a ruling there. The \
answer is one of: decided (the claim ends the game: result, termination, article; the ruling may \
go against the claimant), ordered (a side must change, or a draw is declared if neither side \
changes within two rounds), refused (with the article, e.g. cxa-2011 §23.3: fewer than three \
repetitions are not heard), or game_over (the game had ended by itself before the claim). With \
--format json: {\"ruleset\",\"ply\",\"by\",\"kind\",\"answer\":\"decided\"|\"ordered\"|\"refused\"|\"game_over\", …}. \
Exit status 0 whatever the answer; 2 for bad input (a ply beyond the record, an illegal move \
before it).";

/// Options of `xqr claim`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The ruleset (id or alias; `xqr rulesets` lists them).
    #[arg(long)]
    pub ruleset: String,

    /// The game.
    #[command(flatten)]
    pub game: GameArgs,

    /// The ply after which the claim is made (default: the end of the record).
    #[arg(long)]
    pub ply: Option<u32>,

    /// The side claiming.
    #[arg(long, value_enum)]
    pub by: Side,

    /// What is claimed: a ruling on the repetition (待判局面) or a draw by the natural move
    /// limit (自然限着).
    #[arg(long, value_enum, default_value_t = Kind::Repetition)]
    pub kind: Kind,
}

/// `--by`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    /// Red.
    Red,
    /// Black.
    Black,
}

/// `--kind`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// A ruling on the repetition.
    Repetition,
    /// The natural move limit.
    NaturalLimit,
}

/// The JSON answer: the request, then the answer's own fields.
#[derive(serde::Serialize)]
struct Answered<'a> {
    ruleset: &'a str,
    #[serde(flatten)]
    request: &'a ClaimRequest,
    #[serde(flatten)]
    answer: &'a ClaimAnswer,
}

/// Runs `xqr claim`.
pub fn run(args: &Args, registry: &Registry, out: &mut Output) -> Result<(), CliError> {
    let rs = super::judge::find(registry, &args.ruleset)?;
    let source = args.game.game()?;
    let request = ClaimRequest {
        ply: args
            .ply
            .unwrap_or(source.input.moves.len().try_into().unwrap_or(u32::MAX)),
        by: match args.by {
            Side::Red => Color::Red,
            Side::Black => Color::Black,
        },
        kind: match args.kind {
            Kind::Repetition => ClaimKind::Repetition,
            Kind::NaturalLimit => ClaimKind::NaturalLimit,
        },
    };
    let answer = rs
        .claim(&source.input, &request)
        .map_err(|e| source.error(&e))?;
    let id = rs.meta().id.as_str();
    match out.format() {
        Format::Json => out.json(&Answered {
            ruleset: id,
            request: &request,
            answer: &answer,
        }),
        Format::Text => out.text(&render(id, &request, &answer)),
    }
}

/// The answer in words.
fn render(id: &str, request: &ClaimRequest, answer: &ClaimAnswer) -> String {
    let mut s = String::new();
    let what = match request.kind {
        ClaimKind::Repetition => "a ruling on the repetition",
        ClaimKind::NaturalLimit => "a draw by the natural move limit",
    };
    let _ = writeln!(
        s,
        "{id}: after ply {}, {} claims {what}",
        request.ply, request.by
    );
    match answer {
        ClaimAnswer::Decided { end, loop_found } => {
            let _ = writeln!(
                s,
                "decided: {} {}  [{}]",
                end.result, end.termination, end.rule
            );
            let _ = writeln!(s, "{}", end.explanation);
            if let Some(l) = loop_found {
                let _ = writeln!(
                    s,
                    "loop: plies {}-{}; red: {}, black: {}",
                    l.first_ply,
                    l.last_ply,
                    l.red.chinese(),
                    l.black.chinese()
                );
            }
        }
        ClaimAnswer::Ordered {
            ruling,
            explanation,
        } => {
            let rule = match ruling {
                RepetitionRuling::Pending { rule, .. }
                | RepetitionRuling::DrawPending { rule, .. } => rule.to_string(),
                RepetitionRuling::Decided { end, .. } => end.rule.to_string(),
            };
            let _ = writeln!(s, "ordered  [{rule}]");
            let _ = writeln!(s, "{explanation}");
        }
        ClaimAnswer::Refused { rule, explanation } => {
            let rule = rule.as_ref().map_or(String::new(), |r| format!("  [{r}]"));
            let _ = writeln!(s, "refused{rule}");
            let _ = writeln!(s, "{explanation}");
        }
        ClaimAnswer::GameOver { end } => {
            let _ = writeln!(
                s,
                "the game was over: {} {}  [{}] after ply {}",
                end.result, end.termination, end.rule, end.ply
            );
            let _ = writeln!(s, "{}", end.explanation);
        }
    }
    s
}
