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
use xqr_core::{Board, Color, Move, Square};

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
}

impl Diagram {
    /// A diagram of `board`, with no move marked and no caption.
    pub fn new(board: &Board) -> Diagram {
        Diagram {
            board: board.clone(),
            last_move: None,
            caption: None,
        }
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
        let caption_height = if self.caption.is_some() { 24 } else { 0 };
        let height = 2 * MARGIN + 9 * CELL + caption_height;
        let mut s = String::new();
        let _ = write!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" \
             width=\"{width}\" height=\"{height}\" role=\"img\" \
             font-family=\"'Noto Serif CJK SC','Source Han Serif SC','SimSun',serif\">"
        );
        let title = self
            .caption
            .clone()
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
        if let Some(c) = &self.caption {
            let _ = write!(
                s,
                "<text class=\"caption\" x=\"{}\" y=\"{}\" font-size=\"15\" text-anchor=\"middle\" \
                 fill=\"#222\">{}</text>",
                width / 2,
                2 * MARGIN + 9 * CELL + 10,
                escape(c)
            );
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
            let name = piece_name(occ.role, occ.color, Script::Simplified);
            let _ = write!(
                s,
                "<g class=\"piece {side}\" data-square=\"{sq}\">\
                 <circle cx=\"{x}\" cy=\"{y}\" r=\"{RADIUS}\" fill=\"#fbeed2\" stroke=\"{ink}\" \
                 stroke-width=\"1.5\"/>\
                 <text x=\"{x}\" y=\"{}\" font-size=\"21\" text-anchor=\"middle\" fill=\"{ink}\">{name}</text></g>",
                y + 7
            );
        }
    }
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
        assert_eq!(caption.text(), Some("红 <先> & \"胜\""));
        let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
        assert_eq!(title.text(), caption.text());
    }
}
