//! Checking the parsed tree of an overlay file against its shape ([`crate::shape`]): unknown
//! keys (with the nearest known one), types, ranges, choices and required keys, each problem
//! located by line, column and key path.

use std::ops::Range;
use std::path::Path;
use toml::de::{DeTable, DeValue};
use toml::Spanned;

use crate::load::{OverlayError, Problem, ProblemKind};
use crate::shape::{Leaf, Node, TableSpec};
use crate::source::{Location, SourceMap};
use crate::variant::{is_valid_id, PointsValue};

pub(crate) struct Checker<'a> {
    pub(crate) text: &'a str,
    pub(crate) file: &'a Path,
    pub(crate) problems: Vec<Problem>,
    pub(crate) source: SourceMap,
}

fn join(prefix: &str, key: &str) -> String {
    if prefix.is_empty() {
        key.to_owned()
    } else {
        format!("{prefix}.{key}")
    }
}

fn a_or_an(type_str: &str) -> &'static str {
    if type_str.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

impl Checker<'_> {
    fn at(&self, span: Range<usize>) -> Option<Location> {
        Some(Location::of_offset(self.text, span.start))
    }

    pub(crate) fn problem(
        &mut self,
        location: Option<Location>,
        key: &str,
        kind: ProblemKind,
        message: String,
    ) {
        self.problems
            .push(Problem::new(self.file, location, key, kind, message));
    }

    pub(crate) fn into_error(mut self) -> OverlayError {
        // File order; problems without a location (missing top-level keys) last.
        self.problems
            .sort_by_key(|p| (p.location.is_none(), p.location));
        OverlayError {
            problems: self.problems,
        }
    }

    /// The source text of a value, shortened, for messages.
    fn snippet(&self, span: Range<usize>) -> String {
        let s = self.text.get(span).unwrap_or("").trim();
        let short: String = s.chars().take(40).collect();
        if short.len() < s.len() {
            format!("{short}…")
        } else {
            short
        }
    }

    fn wrong_type(&mut self, path: &str, v: &Spanned<DeValue<'_>>, expected: &str) {
        let t = v.get_ref().type_str();
        let msg = format!(
            "expected {expected}, found {} {t} `{}`",
            a_or_an(t),
            self.snippet(v.span())
        );
        self.problem(self.at(v.span()), path, ProblemKind::WrongType, msg);
    }

    pub(crate) fn table(
        &mut self,
        table: &DeTable<'_>,
        spec: &TableSpec,
        prefix: &str,
        header: Option<Location>,
    ) {
        for (key, value) in table.iter() {
            let name: &str = key.get_ref();
            let path = join(prefix, name);
            let key_loc = self.at(key.span());
            let Some(field) = spec.fields.iter().find(|f| f.name == name) else {
                let allowed: Vec<&str> = spec.names().collect();
                let hint = suggest(name, &allowed)
                    .map(|s| format!("did you mean `{s}`? "))
                    .unwrap_or_default();
                let within = if prefix.is_empty() {
                    "at the top level".to_owned()
                } else {
                    format!("in [{prefix}]")
                };
                let msg = format!(
                    "unknown key `{name}` {within}; {hint}allowed keys: {}",
                    allowed.join(", ")
                );
                self.problem(key_loc, &path, ProblemKind::UnknownKey, msg);
                continue;
            };
            if let (Some(k), Some(v)) = (key_loc, self.at(value.span())) {
                self.source.insert(path.clone(), k, v);
            }
            match field.node {
                Node::Table(sub) => match value.get_ref() {
                    DeValue::Table(t) => {
                        let header = self.at(value.span());
                        self.table(t, sub, &path, header)
                    }
                    _ => self.wrong_type(&path, value, &format!("a table ([{path}])")),
                },
                Node::Leaf(leaf) => self.leaf(&path, value, leaf),
            }
        }
        for f in spec.fields.iter().filter(|f| f.required) {
            if !table.contains_key(f.name) {
                let path = join(prefix, f.name);
                let within = if prefix.is_empty() {
                    String::new()
                } else {
                    format!(" in [{prefix}]")
                };
                let msg = format!("missing required key `{}`{within}", f.name);
                self.problem(header, &path, ProblemKind::MissingKey, msg);
            }
        }
    }

    fn leaf(&mut self, path: &str, v: &Spanned<DeValue<'_>>, leaf: Leaf) {
        let loc = self.at(v.span());
        match leaf {
            Leaf::Id => match v.get_ref() {
                DeValue::String(s) => self.id(path, loc, s),
                _ => self.wrong_type(path, v, "a string (a ruleset id)"),
            },
            Leaf::Text(nonempty) => match v.get_ref() {
                DeValue::String(s) if nonempty && s.trim().is_empty() => self.problem(
                    loc,
                    path,
                    ProblemKind::OutOfRange,
                    "must not be empty".to_owned(),
                ),
                DeValue::String(_) => {}
                _ => self.wrong_type(path, v, "a string"),
            },
            Leaf::Int(min, max, what) => match v.get_ref() {
                DeValue::Integer(i) => {
                    let n = i64::from_str_radix(i.as_str(), i.radix()).ok();
                    if !n.is_some_and(|n| (min..=max).contains(&n)) {
                        let msg = format!(
                            "{} is out of range: expected {what}, an integer from {min} to {max}",
                            self.snippet(v.span())
                        );
                        self.problem(loc, path, ProblemKind::OutOfRange, msg);
                    }
                }
                _ => self.wrong_type(path, v, &format!("an integer from {min} to {max} ({what})")),
            },
            Leaf::Bool => {
                if !matches!(v.get_ref(), DeValue::Boolean(_)) {
                    self.wrong_type(path, v, "`true` or `false`")
                }
            }
            Leaf::Switch => match v.get_ref() {
                DeValue::Boolean(_) => {}
                DeValue::String(s) if s.trim().is_empty() => self.problem(
                    loc,
                    path,
                    ProblemKind::OutOfRange,
                    "an empty article: write `true` to cite the variant's rule_source, or the article".to_owned(),
                ),
                DeValue::String(_) => {}
                _ => self.wrong_type(
                    path,
                    v,
                    "`true`, `false` or an article string (on, citing it)",
                ),
            },
            Leaf::ChoiceOrOff(names) => match v.get_ref() {
                DeValue::Boolean(false) => {}
                DeValue::Boolean(true) => {
                    let expected = names
                        .iter()
                        .map(|n| format!("\"{n}\""))
                        .collect::<Vec<_>>()
                        .join(", ");
                    let msg = format!("`true` does not say which reading: expected `false` or one of {expected}");
                    self.problem(loc, path, ProblemKind::OutOfRange, msg);
                }
                DeValue::String(_) => self.leaf(path, v, Leaf::Choice(names)),
                _ => {
                    let expected = names
                        .iter()
                        .map(|n| format!("\"{n}\""))
                        .collect::<Vec<_>>()
                        .join(", ");
                    self.wrong_type(path, v, &format!("`false` or one of {expected}"))
                }
            },
            Leaf::Choices(names) => match v.get_ref() {
                DeValue::Array(items) => {
                    let mut seen: Vec<&str> = Vec::new();
                    for (i, item) in items.iter().enumerate() {
                        let p = format!("{path}[{i}]");
                        if let Some(l) = self.at(item.span()) {
                            self.source.insert(p.clone(), l, l);
                        }
                        if let DeValue::String(s) = item.get_ref() {
                            if seen.contains(&s.as_ref()) {
                                let msg = format!("\"{s}\" is listed twice");
                                self.problem(
                                    self.at(item.span()),
                                    &p,
                                    ProblemKind::OutOfRange,
                                    msg,
                                );
                                continue;
                            }
                            seen.push(s);
                        }
                        self.leaf(&p, item, Leaf::Choice(names));
                    }
                }
                _ => {
                    let expected = names
                        .iter()
                        .map(|n| format!("\"{n}\""))
                        .collect::<Vec<_>>()
                        .join(", ");
                    self.wrong_type(path, v, &format!("an array of {expected}"))
                }
            },
            Leaf::Choice(names) => {
                let expected = names
                    .iter()
                    .map(|n| format!("\"{n}\""))
                    .collect::<Vec<_>>()
                    .join(", ");
                match v.get_ref() {
                    DeValue::String(s) if names.contains(&s.as_ref()) => {}
                    DeValue::String(s) => {
                        let hint = suggest(s, names)
                            .map(|n| format!(" (did you mean \"{n}\"?)"))
                            .unwrap_or_default();
                        let msg = format!("expected one of {expected}; found \"{s}\"{hint}");
                        self.problem(loc, path, ProblemKind::OutOfRange, msg);
                    }
                    _ => self.wrong_type(path, v, &format!("one of {expected}")),
                }
            }
            Leaf::Points => {
                let read = match v.get_ref() {
                    DeValue::Integer(i) => match i64::from_str_radix(i.as_str(), i.radix()) {
                        Ok(n) if n >= 0 => u32::try_from(n)
                            .map_err(|_| format!("{n} points is too many"))
                            .and_then(|n| PointsValue::from_f64(f64::from(n))),
                        _ => Err(format!(
                            "{} is not a number of points: expected a non-negative multiple of 0.5",
                            self.snippet(v.span())
                        )),
                    },
                    DeValue::Float(f) => match f.as_str().parse::<f64>() {
                        Ok(x) => PointsValue::from_f64(x),
                        Err(_) => Err(format!("{} is not a number of points", f.as_str())),
                    },
                    DeValue::String(s) => PointsValue::from_text(s),
                    _ => {
                        self.wrong_type(
                            path,
                            v,
                            "a number of points (a multiple of 0.5, as a number or a string)",
                        );
                        return;
                    }
                };
                if let Err(msg) = read {
                    self.problem(loc, path, ProblemKind::OutOfRange, msg);
                }
            }
            Leaf::Ids => match v.get_ref() {
                DeValue::Array(items) => {
                    for (i, item) in items.iter().enumerate() {
                        let p = format!("{path}[{i}]");
                        if let Some(l) = self.at(item.span()) {
                            self.source.insert(p.clone(), l, l);
                        }
                        match item.get_ref() {
                            DeValue::String(s) => self.id(&p, self.at(item.span()), s),
                            _ => self.wrong_type(&p, item, "a string (a ruleset id)"),
                        }
                    }
                }
                _ => self.wrong_type(path, v, "an array of strings (ruleset ids)"),
            },
            Leaf::Strings => match v.get_ref() {
                DeValue::Table(t) => {
                    for (k, item) in t.iter() {
                        let p = join(path, k.get_ref());
                        if let (Some(kl), Some(vl)) = (self.at(k.span()), self.at(item.span())) {
                            self.source.insert(p.clone(), kl, vl);
                        }
                        if !item.get_ref().is_str() {
                            self.wrong_type(&p, item, "a string");
                        }
                    }
                }
                _ => self.wrong_type(path, v, "a table of strings"),
            },
        }
    }

    fn id(&mut self, path: &str, loc: Option<Location>, s: &str) {
        if !is_valid_id(s) {
            let msg = format!(
                "{s:?} is not a valid id: expected lower-case letters, digits and `-`, starting with a letter or digit (pattern ^[a-z0-9][a-z0-9-]*$, e.g. \"cxa-1999\")"
            );
            self.problem(loc, path, ProblemKind::OutOfRange, msg);
        }
    }
}

/// The allowed name closest to `name`, if close enough to be a likely typo.
fn suggest<'a>(name: &str, allowed: &[&'a str]) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).clamp(1, 3);
    allowed
        .iter()
        .map(|a| (edit_distance(name, a), *a))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, a)| a)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_catch_typos_only() {
        let allowed = ["perpetual_chase", "perpetual_check", "repetitions"];
        assert_eq!(
            suggest("perpetual_chasse", &allowed),
            Some("perpetual_chase")
        );
        assert_eq!(suggest("repetition", &allowed), Some("repetitions"));
        assert_eq!(suggest("colour", &allowed), None);
    }
}
