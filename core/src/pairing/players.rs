//! The list of players (`players.csv`): who is paired, with the seeding facts of 二.1.
//!
//! Header: `name` (required), and optional `team`, `rating` (等级分, a whole number), `seeded`
//! (种子: yes/no, true/false, 1/0, or empty for no) and `number` (the 序号 drawn, when the
//! draw was made outside the program). Every problem is reported with its line.

use std::collections::HashMap;

use super::{PairingError, PairingErrorKind, Source};

/// One player of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// Name, as written in the results.
    pub name: String,
    /// Team (单位), if given.
    pub team: Option<String>,
    /// Rating, if given.
    pub rating: Option<i32>,
    /// A seed (种子选手, 二.1).
    pub seeded: bool,
    /// The number (序号) drawn outside the program, if given.
    pub number: Option<u32>,
    /// Line in the list.
    pub line: u64,
}

fn err(line: u64, kind: PairingErrorKind) -> PairingError {
    PairingError {
        file: Source::Players,
        line,
        kind,
    }
}

/// Reads the list of players.
///
/// ```
/// use xqr_core::pairing::read_players;
/// let list = read_players("name,rating,seeded\nLi,2400,yes\nWang,,\n").unwrap();
/// assert!(list[0].seeded && !list[1].seeded);
/// let bad = read_players("name\nLi\nLi\n").unwrap_err();
/// assert_eq!(bad.to_string(), "line 3: \"Li\" is listed twice (also on line 2)");
/// ```
pub fn read_players(text: &str) -> Result<Vec<Entrant>, PairingError> {
    let text = text.trim_start_matches('\u{feff}');
    let mut rdr = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(false)
        .from_reader(text.as_bytes());
    let csv_err = |e: csv::Error| {
        let line = e.position().map_or(1, |p| p.line());
        err(line, PairingErrorKind::Csv(e.to_string()))
    };
    let header = rdr.headers().map_err(csv_err)?.clone();
    let mut cols: HashMap<&str, usize> = HashMap::new();
    for (i, name) in header.iter().enumerate() {
        let name = name.trim();
        match name {
            "name" | "team" | "rating" | "seeded" | "number" => {
                if cols.insert(name, i).is_some() {
                    return Err(err(
                        1,
                        PairingErrorKind::BadColumn(format!("{name:?} appears twice")),
                    ));
                }
            }
            _ => {
                return Err(err(
                    1,
                    PairingErrorKind::BadColumn(format!(
                        "unknown column {name:?} (known: name, team, rating, seeded, number)"
                    )),
                ))
            }
        }
    }
    if !cols.contains_key("name") {
        return Err(err(
            1,
            PairingErrorKind::BadColumn("the header has no \"name\" column".into()),
        ));
    }
    let mut list: Vec<Entrant> = Vec::new();
    let mut seen: HashMap<String, u64> = HashMap::new();
    for rec in rdr.records() {
        let rec = rec.map_err(csv_err)?;
        let line = rec.position().map_or(0, |p| p.line());
        if rec.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let get = |c: &str| cols.get(c).and_then(|&i| rec.get(i)).map_or("", str::trim);
        let name = get("name").to_owned();
        if name.is_empty() {
            return Err(err(line, PairingErrorKind::BadField("no name".into())));
        }
        if let Some(&first) = seen.get(&name) {
            return Err(err(
                line,
                PairingErrorKind::ListedTwice {
                    name,
                    first_line: first,
                },
            ));
        }
        seen.insert(name.clone(), line);
        let rating = match get("rating") {
            "" => None,
            s => Some(s.parse::<i32>().map_err(|_| {
                err(
                    line,
                    PairingErrorKind::BadField(format!("rating {s:?} is not a whole number")),
                )
            })?),
        };
        let seeded = match get("seeded").to_ascii_lowercase().as_str() {
            "" | "no" | "false" | "0" | "n" => false,
            "yes" | "true" | "1" | "y" => true,
            s => {
                return Err(err(
                    line,
                    PairingErrorKind::BadField(format!("seeded {s:?} is not yes or no")),
                ))
            }
        };
        let number = match get("number") {
            "" => None,
            s => Some(s.parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(|| {
                err(
                    line,
                    PairingErrorKind::BadField(format!(
                        "number {s:?} is not a positive whole number"
                    )),
                )
            })?),
        };
        let team = Some(get("team").to_owned()).filter(|t| !t.is_empty());
        list.push(Entrant {
            name,
            team,
            rating,
            seeded,
            number,
            line,
        });
    }
    Ok(list)
}
