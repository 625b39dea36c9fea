//! `xqr render`: an SVG diagram of a position.

use xqr_core::{LoadFenError, Move, Setup};
use xqr_host::diagram::Diagram;

use super::{input, CliError, Format, Output};

/// Options of `xqr render`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position, in FEN (default: the standard start position). Only the placement is
    /// drawn, so positions that are not legal can be drawn too.
    #[arg(long)]
    pub fen: Option<String>,

    /// The move that led to the position, in ICCS (`h2e2`), marked on the board.
    #[arg(long, value_name = "MOVE")]
    pub last_move: Option<String>,

    /// A line of text under the board.
    #[arg(long)]
    pub caption: Option<String>,

    /// How pieces are labelled: Chinese names (in the viewer's CJK fonts) or the FEN letters
    /// (readable without CJK fonts).
    #[arg(long, value_enum, default_value_t = LabelsArg::Chinese)]
    pub labels: LabelsArg,
}

/// `--labels`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LabelsArg {
    /// 帅 仕 相 马 车 炮 兵 / 将 士 象 马 车 炮 卒.
    Chinese,
    /// K A B N R C P / k a b n r c p.
    Latin,
}

/// Runs `xqr render`: the SVG document on standard output (JSON: `{"svg": "<svg …"}`).
pub fn run(args: &Args, out: &mut Output) -> Result<(), CliError> {
    let fen = args.fen.as_deref().unwrap_or(xqr_core::fen::START_FEN);
    let setup = Setup::from_fen(fen)
        .map_err(|e| CliError::input(input::fen_message(fen, &LoadFenError::Fen(e))))?;
    let mut diagram = Diagram::new(&setup.board);
    if let Some(text) = &args.last_move {
        let m: Move = text
            .parse()
            .map_err(|e| CliError::input(format!("--last-move {text:?}: {e}")))?;
        if setup.board.get(m.to).is_none() {
            return Err(CliError::input(format!(
                "--last-move {text}: no piece on {} in the position, where the move put it",
                m.to
            )));
        }
        if setup.board.get(m.from).is_some() {
            return Err(CliError::input(format!(
                "--last-move {text}: {} is occupied in the position, but the move left it",
                m.from
            )));
        }
        diagram = diagram.last_move(m);
    }
    if let Some(c) = &args.caption {
        diagram = diagram.caption(c.clone());
    }
    diagram = diagram.labels(match args.labels {
        LabelsArg::Chinese => xqr_host::diagram::Labels::Chinese,
        LabelsArg::Latin => xqr_host::diagram::Labels::Latin,
    });
    let svg = diagram.to_svg();
    match out.format() {
        Format::Json => out.json(&serde_json::json!({ "svg": svg })),
        Format::Text => out.text(&svg),
    }
}
