//! SVG board diagrams: the 9×10 board with river and palaces, pieces as discs with their Chinese
//! names (帅仕相马车炮兵 for Red, 将士象马车炮卒 for Black), face-down Jieqi pieces as plain
//! discs, ICCS coordinates on the edges, and the last move marked (a dashed ring where the piece
//! came from, a ring around it where it stands).
//!
//! Red is at the bottom. The output is a standalone SVG document (UTF-8), fit to embed in HTML
//! or Markdown. Each piece is a `<g class="piece red|black [hidden]" data-square="e0">`, so
//! scripts and tests can find it.
//!
//! ```
//! use xqr_core::{Board, Move};
//! use xqr_host::diagram::Diagram;
//! let svg = Diagram::new(&Board::start())
//!     .last_move(Move::new("h2".parse().unwrap(), "e2".parse().unwrap()))
//!     .caption("中炮")
//!     .to_svg();
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches("class=\"piece ").count(), 32);
//! assert!(svg.contains(">帅</text>") && svg.contains(">卒</text>"));
//! ```

use std::fmt::Write as _;

use xqr_core::notation::chinese::{piece_name, Script};
use xqr_core::{Board, Color, Move, Piece, Square};

/// Distance between two lines of the board, in SVG units.
pub const CELL: u32 = 40;
/// Space around the grid (for the coordinates and the pieces on the edge).
pub const MARGIN: u32 = 40;
const RADIUS: u32 = 17;

/// A board diagram.
#[derive(Clone, Debug)]
pub struct Diagram {
    board: Board,
    last_move: Option<Move>,
    caption: Option<String>,
    title: Option<String>,
    labels: Labels,
}

/// How pieces are labelled.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Labels {
    /// Chinese names (帅 仕 相 马 车 炮 兵 / 将 士 象 马 车 炮 卒), drawn in the viewer's CJK fonts.
    #[default]
    Chinese,
    /// The FEN letters (K A B N R C P, Red upper case, Black lower case) in a generic
    /// sans-serif face: readable on a machine without CJK fonts.
    Latin,
}

impl Diagram {
    /// A diagram of `board`, with no move marked and no caption.
    pub fn new(board: &Board) -> Diagram {
        Diagram {
            board: board.clone(),
            last_move: None,
            caption: None,
            title: None,
            labels: Labels::Chinese,
        }
    }

    /// How the pieces are labelled.
    pub fn labels(mut self, labels: Labels) -> Diagram {
        self.labels = labels;
        self
    }

    /// The SVG title only (for a diagram whose caption is written beside it, as in a report).
    pub fn title(mut self, text: impl Into<String>) -> Diagram {
        self.title = Some(text.into());
        self
    }

    /// Marks `m` as the move just played.
    pub fn last_move(mut self, m: Move) -> Diagram {
        self.last_move = Some(m);
        self
    }

    /// A line of text under the board (also the SVG title).
    pub fn caption(mut self, text: impl Into<String>) -> Diagram {
        self.caption = Some(text.into());
        self
    }

    /// The centre of a point of the board, in SVG units.
    pub fn point(sq: Square) -> (u32, u32) {
        (
            MARGIN + CELL * u32::from(sq.file().index()),
            MARGIN + CELL * (9 - u32::from(sq.rank().index())),
        )
    }

    /// The SVG document.
    pub fn to_svg(&self) -> String {
        let width = 2 * MARGIN + 8 * CELL;
        // The caption wrapped to the board's width, so that no line is clipped.
        let lines = self
            .caption
            .as_deref()
            .map_or_else(Vec::new, |c| wrap(c, CAPTION_COLUMNS));
        let caption_height = if lines.is_empty() {
            0
        } else {
            6 + CAPTION_LINE * lines.len() as u32
        };
        let height = 2 * MARGIN + 9 * CELL + caption_height;
        let mut s = String::new();
        let _ = write!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" \
             width=\"{width}\" height=\"{height}\" role=\"img\" \
             font-family=\"'Noto Serif CJK SC','Source Han Serif SC','SimSun',serif\">"
        );
        let title = self
            .title
            .clone()
            .or_else(|| self.caption.clone())
            .unwrap_or_else(|| "Xiangqi board".to_owned());
        let _ = write!(s, "<title>{}</title>", escape(&title));
        let _ = write!(
            s,
            "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#f2d7a0\"/>"
        );
        self.grid(&mut s);
        self.coordinates(&mut s);
        self.move_marks(&mut s);
        self.pieces(&mut s);
        if !lines.is_empty() {
            let _ = write!(
                s,
                "<text class=\"caption\" x=\"{}\" y=\"{}\" font-size=\"15\" text-anchor=\"middle\" \
                 fill=\"#222\">",
                width / 2,
                2 * MARGIN + 9 * CELL + 10,
            );
            for (i, line) in lines.iter().enumerate() {
                let dy = if i == 0 { 0 } else { CAPTION_LINE };
                let _ = write!(
                    s,
                    "<tspan x=\"{}\" dy=\"{dy}\">{}</tspan>",
                    width / 2,
                    escape(line)
                );
            }
            s.push_str("</text>");
        }
        s.push_str("</svg>\n");
        s
    }

    fn grid(&self, s: &mut String) {
        let (left, right) = (MARGIN, MARGIN + 8 * CELL);
        let (top, bottom) = (MARGIN, MARGIN + 9 * CELL);
        let river_top = MARGIN + 4 * CELL;
        let river_bottom = MARGIN + 5 * CELL;
        s.push_str("<g class=\"grid\" stroke=\"#5a3a1a\" stroke-width=\"1.2\" fill=\"none\">");
        let _ = write!(
            s,
            "<rect x=\"{left}\" y=\"{top}\" width=\"{}\" height=\"{}\" stroke-width=\"2.4\"/>",
            8 * CELL,
            9 * CELL
        );
        for r in 1..9 {
            let y = MARGIN + r * CELL;
            let _ = write!(
                s,
                "<line x1=\"{left}\" y1=\"{y}\" x2=\"{right}\" y2=\"{y}\"/>"
            );
        }
        // Inner files stop at the river (楚河 汉界).
        for f in 1..8 {
            let x = MARGIN + f * CELL;
            let _ = write!(
                s,
                "<line x1=\"{x}\" y1=\"{top}\" x2=\"{x}\" y2=\"{river_top}\"/>\
                 <line x1=\"{x}\" y1=\"{river_bottom}\" x2=\"{x}\" y2=\"{bottom}\"/>"
            );
        }
        // Palace diagonals (九宫).
        let (d, f) = (MARGIN + 3 * CELL, MARGIN + 5 * CELL);
        for (y0, y1) in [(top, top + 2 * CELL), (bottom - 2 * CELL, bottom)] {
            let _ = write!(
                s,
                "<line x1=\"{d}\" y1=\"{y0}\" x2=\"{f}\" y2=\"{y1}\"/>\
                 <line x1=\"{f}\" y1=\"{y0}\" x2=\"{d}\" y2=\"{y1}\"/>"
            );
        }
        s.push_str("</g>");
        let y = river_top + CELL / 2 + 7;
        for (x, text) in [(MARGIN + 2 * CELL, "楚 河"), (MARGIN + 6 * CELL, "汉 界")] {
            let _ = write!(
                s,
                "<text class=\"river\" x=\"{x}\" y=\"{y}\" font-size=\"20\" text-anchor=\"middle\" \
                 fill=\"#5a3a1a\">{text}</text>"
            );
        }
    }

    fn coordinates(&self, s: &mut String) {
        s.push_str("<g class=\"coordinates\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#5a3a1a\" text-anchor=\"middle\">");
        for (i, c) in ('a'..='i').enumerate() {
            let x = MARGIN + i as u32 * CELL;
            let _ = write!(
                s,
                "<text x=\"{x}\" y=\"{}\">{c}</text>",
                MARGIN + 9 * CELL + 30
            );
        }
        for r in 0..10u32 {
            let y = MARGIN + (9 - r) * CELL + 4;
            let _ = write!(s, "<text x=\"{}\" y=\"{y}\">{r}</text>", MARGIN - 28);
        }
        s.push_str("</g>");
    }

    fn move_marks(&self, s: &mut String) {
        let Some(m) = self.last_move else { return };
        let (fx, fy) = Self::point(m.from);
        let (tx, ty) = Self::point(m.to);
        let _ = write!(
            s,
            "<circle class=\"last-move-from\" data-square=\"{}\" cx=\"{fx}\" cy=\"{fy}\" r=\"{}\" \
             fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>",
            m.from,
            RADIUS - 4
        );
        let _ = write!(
            s,
            "<line class=\"last-move-path\" x1=\"{fx}\" y1=\"{fy}\" x2=\"{tx}\" y2=\"{ty}\" \
             stroke=\"#1f5fbf\" stroke-width=\"2\" stroke-opacity=\"0.5\"/>"
        );
        let _ = write!(
            s,
            "<circle class=\"last-move-to\" data-square=\"{}\" cx=\"{tx}\" cy=\"{ty}\" r=\"{}\" \
             fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"3\"/>",
            m.to,
            RADIUS + 3
        );
    }

    fn pieces(&self, s: &mut String) {
        for (sq, occ) in self.board.iter() {
            let (x, y) = Self::point(sq);
            let (side, ink) = match occ.color {
                Color::Red => ("red", "#c0131b"),
                Color::Black => ("black", "#1a1a1a"),
            };
            if occ.hidden {
                let _ = write!(
                    s,
                    "<g class=\"piece {side} hidden\" data-square=\"{sq}\">\
                     <circle cx=\"{x}\" cy=\"{y}\" r=\"{RADIUS}\" fill=\"{ink}\" stroke=\"#3b2a14\" \
                     stroke-width=\"1.5\"/></g>"
                );
                continue;
            }
            let (name, face) = match self.labels {
                Labels::Chinese => (
                    piece_name(occ.role, occ.color, Script::Simplified).to_string(),
                    "",
                ),
                Labels::Latin => (
                    Piece::new(occ.color, occ.role).char().to_string(),
                    " font-family=\"sans-serif\" font-weight=\"bold\"",
                ),
            };
            let _ = write!(
                s,
                "<g class=\"piece {side}\" data-square=\"{sq}\">\
                 <circle cx=\"{x}\" cy=\"{y}\" r=\"{RADIUS}\" fill=\"#fbeed2\" stroke=\"{ink}\" \
                 stroke-width=\"1.5\"/>\
                 <text x=\"{x}\" y=\"{}\" font-size=\"21\" text-anchor=\"middle\" fill=\"{ink}\"{face}>{name}</text></g>",
                y + 7
            );
        }
    }
}

/// How many columns a caption line holds (a CJK character takes two) at its font size.
const CAPTION_COLUMNS: usize = 50;
/// The height of a caption line.
const CAPTION_LINE: u32 = 18;

/// `text` in lines of at most `columns` columns (a wide character counts two), broken at a
/// space where there is one, anywhere otherwise (CJK text has none).
fn wrap(text: &str, columns: usize) -> Vec<String> {
    let width = |c: char| if (c as u32) >= 0x1100 { 2 } else { 1 };
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut used = 0;
    for c in text.chars() {
        if used + width(c) > columns {
            match line.rfind(' ') {
                Some(i) if i > 0 => {
                    let rest = line[i + 1..].to_owned();
                    line.truncate(i);
                    lines.push(std::mem::take(&mut line));
                    line = rest;
                }
                _ => lines.push(std::mem::take(&mut line)),
            }
            used = line.chars().map(width).sum();
        }
        if line.is_empty() && c == ' ' {
            continue;
        }
        line.push(c);
        used += width(c);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `text` with the five XML special characters escaped, for element content and attributes;
/// control characters XML does not allow are dropped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => {}
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use xqr_core::{Occupant, Role, Setup};

    fn parse(svg: &str) -> roxmltree::Document<'_> {
        roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed ({e}): {svg}"))
    }

    /// Each piece group: (square, classes, circle centre, text).
    fn pieces(doc: &roxmltree::Document<'_>) -> Vec<(String, String, (u32, u32), String)> {
        doc.descendants()
            .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("piece")))
            .map(|g| {
                let circle = g.children().find(|c| c.has_tag_name("circle")).unwrap();
                let num = |a: &str| circle.attribute(a).unwrap().parse::<u32>().unwrap();
                let text: String = g
                    .descendants()
                    .filter(|t| t.is_text())
                    .map(|t| t.text().unwrap())
                    .collect();
                (
                    g.attribute("data-square").unwrap().to_owned(),
                    g.attribute("class").unwrap().to_owned(),
                    (num("cx"), num("cy")),
                    text,
                )
            })
            .collect()
    }

    #[test]
    fn every_piece_of_the_start_position_is_placed_and_named() {
        let board = Board::start();
        let svg = Diagram::new(&board).to_svg();
        let doc = parse(&svg);
        let placed = pieces(&doc);
        assert_eq!(placed.len(), 32);
        for (square, class, centre, text) in &placed {
            let sq: Square = square.parse().unwrap();
            let occ = board.get(sq).expect("a piece stands there");
            assert_eq!(*centre, Diagram::point(sq), "{square}");
            let side = if occ.color == Color::Red {
                "red"
            } else {
                "black"
            };
            assert_eq!(class, &format!("piece {side}"));
            let name = piece_name(occ.role, occ.color, Script::Simplified).to_string();
            assert_eq!(text, &name, "{square}");
        }
        let at = |sq: &str| placed.iter().find(|p| p.0 == sq).unwrap().3.clone();
        assert_eq!(
            [at("e0"), at("e9"), at("a0"), at("b2"), at("c3"), at("g6")],
            ["帅", "将", "车", "炮", "兵", "卒"]
        );
        // Red at the bottom: a0 is bottom left, i9 top right.
        assert_eq!(
            Diagram::point("a0".parse().unwrap()),
            (MARGIN, MARGIN + 9 * CELL)
        );
        assert_eq!(
            Diagram::point("i9".parse().unwrap()),
            (MARGIN + 8 * CELL, MARGIN)
        );
        assert!(!svg.contains("last-move"));
    }

    #[test]
    fn hidden_pieces_last_move_and_caption() {
        let mut board = Setup::from_fen("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1")
            .unwrap()
            .board;
        board.set(
            "a0".parse().unwrap(),
            Some(Occupant::hidden(Color::Red, Role::Rook)),
        );
        let m = Move::new("d0".parse().unwrap(), "e1".parse().unwrap());
        let svg = Diagram::new(&board)
            .last_move(m)
            .caption("红 <先> & \"胜\"\u{1}")
            .to_svg();
        let doc = parse(&svg);
        let placed = pieces(&doc);
        assert_eq!(placed.len(), 4);
        let hidden = placed.iter().find(|p| p.0 == "a0").unwrap();
        assert_eq!(
            (hidden.1.as_str(), hidden.3.as_str()),
            ("piece red hidden", "")
        );
        let marks: Vec<(&str, &str, (u32, u32))> = doc
            .descendants()
            .filter_map(|n| {
                let class = n.attribute("class")?;
                matches!(class, "last-move-from" | "last-move-to").then(|| {
                    let num = |a: &str| n.attribute(a).unwrap().parse::<u32>().unwrap();
                    (
                        class,
                        n.attribute("data-square").unwrap(),
                        (num("cx"), num("cy")),
                    )
                })
            })
            .collect();
        assert_eq!(
            marks,
            [
                ("last-move-from", "d0", Diagram::point(m.from)),
                ("last-move-to", "e1", Diagram::point(m.to))
            ]
        );
        let caption = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("caption"))
            .unwrap();
        let text: String = caption
            .descendants()
            .filter_map(|n| n.is_text().then(|| n.text()).flatten())
            .collect();
        assert_eq!(text, "红 <先> & \"胜\"");
        let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
        assert_eq!(title.text(), Some(text.as_str()));
    }

    /// A caption longer than the board is wide is wrapped at spaces (or anywhere in CJK text),
    /// every line within the width, nothing lost; the SVG title keeps it whole.
    #[test]
    fn a_long_caption_is_wrapped_not_clipped() {
        let caption = "Deciding position for cxa-1999 (after ply 82) and axf (after ply 82); \
                       last move 象７进５ (g9e7)";
        let lines = wrap(caption, CAPTION_COLUMNS);
        assert_eq!(lines.len(), 2, "{lines:?}");
        let width = |l: &String| {
            l.chars()
                .map(|c| if (c as u32) >= 0x1100 { 2 } else { 1 })
                .sum::<usize>()
        };
        assert!(
            lines.iter().all(|l| width(l) <= CAPTION_COLUMNS),
            "{lines:?}"
        );
        assert_eq!(lines.join(" "), caption);
        let cjk = "红方长捉黑方无根车，黑方闲着，红方必须变着，否则判负。".repeat(2);
        let lines = wrap(&cjk, CAPTION_COLUMNS);
        assert!(lines.len() > 1 && lines.iter().all(|l| width(l) <= CAPTION_COLUMNS));
        assert_eq!(lines.concat(), cjk);
        let svg = Diagram::new(&Board::default()).caption(caption).to_svg();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
        assert_eq!(title.text(), Some(caption));
    }

    /// Latin labels are the FEN letters in a generic face; a title alone draws no caption.
    #[test]
    fn latin_labels_and_a_title_without_caption() {
        let board = xqr_core::Setup::from_fen(xqr_core::fen::START_FEN)
            .unwrap()
            .board;
        let svg = Diagram::new(&board)
            .labels(Labels::Latin)
            .title("start")
            .to_svg();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let labels: String = doc
            .descendants()
            .filter(|n| n.has_tag_name("text") && n.attribute("font-family") == Some("sans-serif"))
            .filter_map(|n| n.text())
            .collect();
        assert_eq!(labels.len(), 32);
        assert!(labels.contains('K') && labels.contains('k') && labels.contains('N'));
        assert!(!svg.contains("class=\"caption\""));
        let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
        assert_eq!(title.text(), Some("start"));
    }
}
