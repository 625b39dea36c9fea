//! A move as a record writes it, before it is read in a position.

use compact_str::CompactString;
use core::fmt;
use core::ops::Deref;

/// A move as written in a record or a request: `h2e2`, `C2.5`, `炮二平五`, `马二进三翻炮吃马`.
///
/// It reads as a `str`. A text of up to 24 bytes (any move in any notation: eight Chinese
/// characters take 24) is kept in place on 64-bit targets (12 bytes on 32-bit ones), so a list
/// of moves is one allocation and not one per move; a longer text is kept on the heap like a
/// `String`. It is made from a `&str`, a `String` or anything `str::parse` reads from. In JSON
/// it is a string.
///
/// ```
/// use xqr_core::MoveText;
/// let m = MoveText::from("炮二平五");
/// assert_eq!(m, "炮二平五");
/// assert_eq!("炮二平五".parse::<MoveText>(), Ok(m.clone()));
/// assert_eq!(m.chars().count(), 4);
/// assert_eq!(serde_json::to_string(&m).unwrap(), r#""炮二平五""#);
/// ```
#[derive(
    Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct MoveText(CompactString);

impl MoveText {
    /// The text.
    #[inline]
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

impl Deref for MoveText {
    type Target = str;

    #[inline]
    fn deref(&self) -> &str {
        self.0.as_str()
    }
}

impl AsRef<str> for MoveText {
    #[inline]
    fn as_ref(&self) -> &str {
        self.0.as_str()
    }
}

impl core::borrow::Borrow<str> for MoveText {
    #[inline]
    fn borrow(&self) -> &str {
        self.0.as_str()
    }
}

impl From<&str> for MoveText {
    fn from(text: &str) -> MoveText {
        MoveText(CompactString::from(text))
    }
}

impl core::str::FromStr for MoveText {
    type Err = core::convert::Infallible;

    fn from_str(text: &str) -> Result<MoveText, core::convert::Infallible> {
        Ok(MoveText::from(text))
    }
}

impl From<Box<str>> for MoveText {
    fn from(text: Box<str>) -> MoveText {
        MoveText(CompactString::from(text))
    }
}

impl From<std::borrow::Cow<'_, str>> for MoveText {
    fn from(text: std::borrow::Cow<'_, str>) -> MoveText {
        MoveText(CompactString::from(text))
    }
}

impl From<&String> for MoveText {
    fn from(text: &String) -> MoveText {
        MoveText::from(text.as_str())
    }
}

impl From<String> for MoveText {
    fn from(text: String) -> MoveText {
        MoveText(CompactString::from(text))
    }
}

impl From<MoveText> for String {
    fn from(text: MoveText) -> String {
        text.0.into_string()
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<str> for MoveText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for MoveText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for MoveText {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<MoveText> for str {
    fn eq(&self, other: &MoveText) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<MoveText> for &str {
    fn eq(&self, other: &MoveText) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<MoveText> for String {
    fn eq(&self, other: &MoveText) -> bool {
        self == other.as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_notation_reads_back_as_written() {
        for text in [
            "h2e2",
            "C2.5",
            "Ｃ２＝５",
            "炮二平五",
            "马二进三翻炮吃马",
            "",
        ] {
            let m = MoveText::from(text);
            assert_eq!(m.as_str(), text);
            assert_eq!(String::from(m.clone()), text);
            let json = serde_json::to_string(&m).unwrap();
            assert_eq!(json, serde_json::to_string(text).unwrap());
            assert_eq!(serde_json::from_str::<MoveText>(&json).unwrap(), m);
        }
    }

    #[test]
    fn what_is_not_a_string_is_refused_as_a_string_would_be() {
        for bad in ["1", "null", "[]", "{}", "\"a", "true", "\"\\x\""] {
            let ours = serde_json::from_str::<MoveText>(bad)
                .unwrap_err()
                .to_string();
            let string = serde_json::from_str::<String>(bad).unwrap_err().to_string();
            assert_eq!(ours, string, "{bad}");
        }
    }

    #[test]
    fn a_long_text_is_kept_whole() {
        let long = "这不是一步棋而是一段很长很长的评论文字";
        assert!(long.len() > 24);
        assert_eq!(MoveText::from(long), long);
        assert_eq!(format!("{:?}", MoveText::from(long)), format!("{long:?}"));
    }
}
