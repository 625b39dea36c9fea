//! Positions in an overlay file: byte offsets to lines and columns, and where each key stood.

use std::collections::BTreeMap;
use std::fmt;

/// A position in a file: line and column, both 1-based; the column counts characters.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub struct Location {
    /// Line, 1-based.
    pub line: usize,
    /// Column in characters, 1-based.
    pub column: usize,
}

impl Location {
    /// The location of byte `offset` of `text` (clamped to the text, and to a character
    /// boundary).
    pub fn of_offset(text: &str, offset: usize) -> Location {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        Location { line, column }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// Where each key path of a loaded overlay stood: the key itself and its value.
///
/// Source positions take no part in equality: two variants with the same knobs are equal
/// wherever their keys stood.
#[derive(Clone, Debug, Default)]
pub(crate) struct SourceMap {
    keys: BTreeMap<String, (Location, Location)>,
}

impl PartialEq for SourceMap {
    fn eq(&self, _: &SourceMap) -> bool {
        true
    }
}

impl SourceMap {
    pub(crate) fn insert(&mut self, path: String, key: Location, value: Location) {
        self.keys.entry(path).or_insert((key, value));
    }

    pub(crate) fn key(&self, path: &str) -> Option<Location> {
        self.keys.get(path).map(|(k, _)| *k)
    }

    pub(crate) fn value(&self, path: &str) -> Option<Location> {
        self.keys.get(path).map(|(_, v)| *v)
    }
}

#[cfg(test)]
mod tests {
    use super::Location;

    #[test]
    fn offsets_become_lines_and_character_columns() {
        let text = "a = 1\n名 = \"x\"\nb";
        assert_eq!(
            Location::of_offset(text, 0),
            Location { line: 1, column: 1 }
        );
        assert_eq!(
            Location::of_offset(text, 4),
            Location { line: 1, column: 5 }
        );
        // After the three-byte 名: column 2, not 4.
        assert_eq!(
            Location::of_offset(text, 9),
            Location { line: 2, column: 2 }
        );
        // Inside a character and past the end are clamped.
        assert_eq!(
            Location::of_offset(text, 7),
            Location { line: 2, column: 1 }
        );
        assert_eq!(
            Location::of_offset(text, 999),
            Location { line: 3, column: 2 }
        );
    }
}
