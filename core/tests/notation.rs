//! Every notation case of `tests/data/notation.toml`, checked in each direction: writing a move
//! in ICCS, WXF (ASCII and full width) and Chinese (simplified, traditional, Black's digits half
//! width) gives the stated text, and reading that text, with the notation's parser and with the
//! detecting `parse_move`, gives the move back; other accepted spellings are read; wrong texts
//! are refused with the stated error. The file's header describes the format.

use std::path::Path;

use serde::Deserialize;
use xqr_core::notation::chinese::{self, BlackDigits, ChineseOptions};
use xqr_core::notation::wxf::{self, WxfOptions};
use xqr_core::notation::{iccs, parse_move, NotationError};
use xqr_core::{Move, MoveRules, Position};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Cases {
    position: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    note: String,
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    jieqi: bool,
    #[serde(default)]
    play: Vec<String>,
    #[serde(default, rename = "move")]
    moves: Vec<Written>,
    #[serde(default, rename = "error")]
    errors: Vec<Refused>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Written {
    iccs: String,
    wxf: Option<String>,
    wxf_full_width: Option<String>,
    chinese: Option<String>,
    traditional: Option<String>,
    chinese_half_width: Option<String>,
    #[serde(default)]
    iccs_reads: Vec<String>,
    #[serde(default)]
    wxf_reads: Vec<String>,
    #[serde(default)]
    chinese_reads: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Refused {
    notation: String,
    kind: String,
    reason: Option<String>,
    texts: Vec<String>,
}

type Parser = fn(&Position, &str) -> Result<Move, NotationError>;

fn parser(notation: &str) -> Parser {
    match notation {
        "iccs" => iccs::parse,
        "wxf" => wxf::parse,
        "chinese" => chinese::parse,
        other => panic!("unknown notation {other:?}"),
    }
}

fn cases() -> Cases {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/notation.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn position(case: &Case) -> Position {
    let rules = if case.jieqi {
        MoveRules::JIEQI
    } else {
        MoveRules::STANDARD
    };
    let mut pos = match &case.fen {
        Some(fen) => {
            Position::from_fen(fen, rules).unwrap_or_else(|e| panic!("{}: {fen}: {e}", case.note))
        }
        None => Position::new(),
    };
    for m in &case.play {
        pos.play(
            m.parse()
                .unwrap_or_else(|e| panic!("{}: {m}: {e}", case.note)),
        )
        .unwrap_or_else(|e| panic!("{}: {m}: {e}", case.note));
    }
    pos
}

/// Reads `text` with `parse` and with `parse_move`; both must give `m`.
fn reads(pos: &Position, note: &str, notation: &str, text: &str, m: Move) {
    for (how, got) in [
        (notation, parser(notation)(pos, text)),
        ("parse_move", parse_move(pos, text)),
    ] {
        assert_eq!(got, Ok(m), "{note}: {text:?} read by {how}");
    }
}

#[test]
fn every_case_in_each_direction() {
    let cases = cases();
    let mut checked = 0;
    for case in &cases.position {
        let pos = position(case);
        let note = case.note.as_str();
        for w in &case.moves {
            let m: Move = w
                .iccs
                .parse()
                .unwrap_or_else(|e| panic!("{note}: {}: {e}", w.iccs));
            assert_eq!(iccs::write(m), w.iccs, "{note}: ICCS written");
            reads(&pos, note, "iccs", &w.iccs, m);
            let half = ChineseOptions {
                black_digits: BlackDigits::HalfWidth,
                ..ChineseOptions::SIMPLIFIED
            };
            let forms: [(&str, &Option<String>, String); 5] = [
                ("wxf", &w.wxf, wxf::write_with(&pos, m, &WxfOptions::ASCII)),
                (
                    "wxf",
                    &w.wxf_full_width,
                    wxf::write_with(&pos, m, &WxfOptions::FULL_WIDTH),
                ),
                (
                    "chinese",
                    &w.chinese,
                    chinese::write_with(&pos, m, &ChineseOptions::SIMPLIFIED),
                ),
                (
                    "chinese",
                    &w.traditional,
                    chinese::write_with(&pos, m, &ChineseOptions::TRADITIONAL),
                ),
                (
                    "chinese",
                    &w.chinese_half_width,
                    chinese::write_with(&pos, m, &half),
                ),
            ];
            for (notation, want, written) in forms {
                let Some(want) = want else { continue };
                assert_eq!(&written, want, "{note}: {} written in {notation}", w.iccs);
                reads(&pos, note, notation, want, m);
                checked += 1;
            }
            for (notation, texts) in [
                ("iccs", &w.iccs_reads),
                ("wxf", &w.wxf_reads),
                ("chinese", &w.chinese_reads),
            ] {
                for text in texts {
                    reads(&pos, note, notation, text, m);
                    checked += 1;
                }
            }
        }
        for r in &case.errors {
            for text in &r.texts {
                let got = parser(&r.notation)(&pos, text);
                let Err(e) = got else {
                    panic!("{note}: {text:?} read by {} as {got:?}", r.notation);
                };
                let debug = format!("{e:?}");
                assert!(
                    debug.starts_with(&format!("{} ", r.kind)),
                    "{note}: {text:?} refused by {} as {debug}, not {}",
                    r.notation,
                    r.kind
                );
                if let Some(want) = &r.reason {
                    let NotationError::Illegal { reason, .. } = &e else {
                        panic!("{note}: {text:?}: a reason is given for a {debug}");
                    };
                    assert!(
                        format!("{reason:?}").starts_with(want.as_str()),
                        "{note}: {text:?}: {reason:?}, not {want}"
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 200, "only {checked} cases read");
}
