//! Character encodings of game files: UTF-8 (with or without BOM), UTF-16 (with BOM), GBK
//! (GB18030) and Big5, detected per file.
//!
//! # The heuristic
//!
//! A file is decoded as a whole, in one encoding:
//!
//! 1. A byte order mark decides: `EF BB BF` is UTF-8, `FF FE` UTF-16LE, `FE FF` UTF-16BE. The
//!    rest of the file must then be valid in that encoding.
//! 2. Otherwise, valid UTF-8 (which includes pure ASCII) is UTF-8.
//! 3. Otherwise the file is decoded strictly (no replacement characters) as GBK, with the GB18030
//!    decoder, a superset of GBK and GB2312 (简体, mainland software), and as Big5 (繁體, Taiwan
//!    and Hong Kong software; the WHATWG Big5-HKSCS table). An encoding in which some byte
//!    sequence is malformed or unmapped is rejected.
//! 4. If both decode cleanly (double-byte text often does), the one with more Xiangqi record
//!    characters wins: piece names (帥帅將将仕士相象馬马傌車车俥炮砲兵卒), move verbs
//!    (進进平退), 前後后, the numerals 一…九 and the full-width digits １…９, and words of tags
//!    (紅红黑先勝胜負负和局賽赛杯隊队國国棋年月日第輪轮). Text read in the wrong encoding is a
//!    scatter of unrelated characters, so it scores far lower. On a tie, the
//!    one with fewer unusual characters (outside ASCII, the CJK unified ideographs, CJK
//!    punctuation, general punctuation and the full-width forms) wins; on a further tie, GBK.
//!    Both readings are judged on the raw bytes (`byte_score`), each distinct byte sequence
//!    decoded once per process, and only the chosen reading is decoded in full.
//! 5. If no encoding decodes the file, [`decode`] fails with a [`DecodeError`] giving the
//!    offset of the first bad byte sequence (in the encoding that got furthest, and for each).

use core::fmt;

use super::byte_score;

/// An encoding of a game file, as detected by [`decode`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// UTF-8 without byte order mark (also pure ASCII).
    Utf8,
    /// UTF-8 with a byte order mark (`EF BB BF`).
    Utf8Bom,
    /// UTF-16 little endian, with a byte order mark (`FF FE`).
    Utf16Le,
    /// UTF-16 big endian, with a byte order mark (`FE FF`).
    Utf16Be,
    /// GBK / GB2312 (简体中文), read with the GB18030 decoder (a superset of both).
    Gbk,
    /// Big5 (繁體中文), read with the WHATWG Big5 (Big5-HKSCS) decoder.
    Big5,
}

impl Encoding {
    /// A common name: `UTF-8`, `UTF-8 (BOM)`, `UTF-16LE`, `UTF-16BE`, `GBK`, `Big5`.
    ///
    /// ```
    /// use xqr_core::record::Encoding;
    /// assert_eq!(Encoding::Big5.name(), "Big5");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf8Bom => "UTF-8 (BOM)",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
            Encoding::Gbk => "GBK",
            Encoding::Big5 => "Big5",
        }
    }

    pub(super) fn codec(self) -> &'static encoding_rs::Encoding {
        match self {
            Encoding::Utf8 | Encoding::Utf8Bom => encoding_rs::UTF_8,
            Encoding::Utf16Le => encoding_rs::UTF_16LE,
            Encoding::Utf16Be => encoding_rs::UTF_16BE,
            Encoding::Gbk => encoding_rs::GB18030,
            Encoding::Big5 => encoding_rs::BIG5,
        }
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Bytes that no supported encoding decodes cleanly.
///
/// ```
/// use xqr_core::record::{decode, Encoding};
/// let err = decode(b"[Event \"x\"]\n\xff\xff\xff").unwrap_err();
/// assert_eq!(err.offset, 12);
/// assert_eq!(err.line, 2);
/// assert_eq!(err.attempts.len(), 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "not valid text in any supported encoding (UTF-8, GBK, Big5): first bad byte sequence at \
     byte offset {offset} (line {line}) in {encoding}, the encoding that read furthest"
)]
pub struct DecodeError {
    /// Byte offset (0-based, counted from the start of the input, BOM included) of the first bad
    /// byte sequence in [`DecodeError::encoding`].
    pub offset: usize,
    /// The 1-based line of [`DecodeError::offset`].
    pub line: usize,
    /// The encoding that decoded the most bytes before failing (the declared one after a BOM).
    pub encoding: Encoding,
    /// Every encoding tried, with the offset of its first bad byte sequence.
    pub attempts: Vec<(Encoding, usize)>,
}

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// The byte order marks and the encodings they declare.
pub(super) const BOMS: [(&[u8], Encoding); 3] = [
    (UTF8_BOM, Encoding::Utf8Bom),
    (b"\xFF\xFE", Encoding::Utf16Le),
    (b"\xFE\xFF", Encoding::Utf16Be),
];

/// Decodes a whole file, detecting its encoding (see the [module docs](self) for the heuristic).
///
/// ```
/// use xqr_core::record::{decode, Encoding};
/// let (gbk, _, _) = encoding_rs::GBK.encode("炮二平五 马８进７");
/// assert_eq!(decode(&gbk).unwrap(), ("炮二平五 马８进７".to_owned(), Encoding::Gbk));
/// let (big5, _, _) = encoding_rs::BIG5.encode("炮二平五 馬８進７");
/// assert_eq!(decode(&big5).unwrap(), ("炮二平五 馬８進７".to_owned(), Encoding::Big5));
/// assert_eq!(decode("h2e2".as_bytes()).unwrap(), ("h2e2".to_owned(), Encoding::Utf8));
/// ```
pub fn decode(bytes: &[u8]) -> Result<(String, Encoding), DecodeError> {
    for (bom, encoding) in BOMS {
        if let Some(rest) = bytes.strip_prefix(bom) {
            return match strict(encoding, rest) {
                Ok(text) => Ok((text, encoding)),
                Err(at) => {
                    let offset = at + bom.len();
                    Err(DecodeError {
                        offset,
                        line: line_of(bytes, offset),
                        encoding,
                        attempts: vec![(encoding, offset)],
                    })
                }
            };
        }
    }
    let utf8_bad = match core::str::from_utf8(bytes) {
        Ok(text) => return Ok((text.to_owned(), Encoding::Utf8)),
        Err(e) => e.valid_up_to(),
    };
    // Judged on the bytes, so that only the reading chosen is decoded.
    let chosen = match byte_score::scores(bytes) {
        (Some(g), Some(b)) if b.beats(g) => Some(Encoding::Big5),
        (Some(_), _) => Some(Encoding::Gbk),
        (None, Some(_)) => Some(Encoding::Big5),
        (None, None) => None,
    };
    if let Some(encoding) = chosen {
        if let Ok(text) = strict(encoding, bytes) {
            return Ok((text, encoding));
        }
    }
    // No clean reading (the error needs every attempt's offset), or, were the byte-level
    // judgement ever to disagree with the decoder, the comparison of whole decodings.
    compare_decodings(bytes, utf8_bad)
}

/// Steps 3 to 5 of the heuristic as first written: both double-byte readings decoded in full
/// and compared. What [`byte_score`] must agree with.
pub(super) fn compare_decodings(
    bytes: &[u8],
    utf8_bad: usize,
) -> Result<(String, Encoding), DecodeError> {
    let gbk = strict(Encoding::Gbk, bytes);
    let big5 = strict(Encoding::Big5, bytes);
    match (gbk, big5) {
        (Ok(g), Ok(b)) => {
            if prefer_big5(&g, &b) {
                Ok((b, Encoding::Big5))
            } else {
                Ok((g, Encoding::Gbk))
            }
        }
        (Ok(g), Err(_)) => Ok((g, Encoding::Gbk)),
        (Err(_), Ok(b)) => Ok((b, Encoding::Big5)),
        (Err(gbk_bad), Err(big5_bad)) => {
            let attempts = vec![
                (Encoding::Utf8, utf8_bad),
                (Encoding::Gbk, gbk_bad),
                (Encoding::Big5, big5_bad),
            ];
            let best = furthest(&attempts);
            Err(DecodeError {
                offset: best.1,
                line: line_of(bytes, best.1),
                encoding: best.0,
                attempts,
            })
        }
    }
}

/// The attempt that read furthest before failing: the likeliest place of real damage. Ties
/// keep the earlier entry (UTF-8, then GBK).
pub(super) fn furthest(attempts: &[(Encoding, usize)]) -> (Encoding, usize) {
    let mut best = attempts[0];
    for &a in &attempts[1..] {
        if a.1 > best.1 {
            best = a;
        }
    }
    best
}

/// Decodes `bytes` (without BOM) in `encoding`, or returns the offset of the first malformed
/// or unmapped byte sequence.
pub(super) fn strict(encoding: Encoding, bytes: &[u8]) -> Result<String, usize> {
    if matches!(encoding, Encoding::Utf8 | Encoding::Utf8Bom) {
        return match core::str::from_utf8(bytes) {
            Ok(s) => Ok(s.to_owned()),
            Err(e) => Err(e.valid_up_to()),
        };
    }
    let mut decoder = encoding.codec().new_decoder_without_bom_handling();
    let capacity = decoder
        .max_utf8_buffer_length_without_replacement(bytes.len())
        .unwrap_or(bytes.len().saturating_mul(3));
    let mut out = String::with_capacity(capacity);
    let mut read_total = 0usize;
    loop {
        let rest = bytes.get(read_total..).unwrap_or(&[]);
        let (result, read) = decoder.decode_to_string_without_replacement(rest, &mut out, true);
        read_total += read;
        match result {
            encoding_rs::DecoderResult::InputEmpty => return Ok(out),
            encoding_rs::DecoderResult::OutputFull => {
                // Cannot happen with the capacity computed above; grow and go on anyway.
                out.reserve(rest.len().saturating_sub(read).saturating_mul(3).max(16));
            }
            encoding_rs::DecoderResult::Malformed(bad, after) => {
                let back = usize::from(bad) + usize::from(after);
                return Err(read_total.saturating_sub(back));
            }
        }
    }
}

pub(super) fn line_of(bytes: &[u8], offset: usize) -> usize {
    let end = offset.min(bytes.len());
    bytes[..end].iter().filter(|&&b| b == b'\n').count() + 1
}

/// Characters frequent in Xiangqi records (moves and tags), simplified and traditional.
const RECORD_CHARS: &str = "帥帅將将仕士相象馬马傌車车俥炮砲包兵卒進进平退前後后\
                            一二三四五六七八九１２３４５６７８９\
                            紅红黑先勝胜負负和局賽赛杯隊队國国棋年月日第輪轮";

/// Whether `c` is one of [`RECORD_CHARS`].
fn is_record_char(c: char) -> bool {
    // Every character of a file is looked up, twice (the GBK and the Big5 reading).
    static RECORD: std::sync::LazyLock<rustc_hash::FxHashSet<char>> =
        std::sync::LazyLock::new(|| RECORD_CHARS.chars().collect());
    RECORD.contains(&c)
}

/// Whether `c` is unusual in Chinese text.
fn is_unusual(c: char) -> bool {
    !matches!(c,
        '\u{0}'..='\u{7F}'
        | '\u{A0}'..='\u{FF}'
        | '\u{2000}'..='\u{206F}'
        | '\u{3000}'..='\u{303F}'
        | '\u{4E00}'..='\u{9FFF}'
        | '\u{FF00}'..='\u{FFEF}')
}

/// How many record characters `text` holds.
#[cfg(test)]
fn record_score(text: &str) -> usize {
    Score::of(text).record
}

/// Whether the Big5 reading `big5` beats the GBK reading `gbk` of the same bytes.
fn prefer_big5(gbk: &str, big5: &str) -> bool {
    Score::of(big5).beats(Score::of(gbk))
}

/// What decides between two clean readings of the same bytes: record characters, then fewer
/// unusual characters. Scores of consecutive pieces of a text add up to the text's.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Score {
    record: usize,
    unusual: usize,
}

impl Score {
    pub(super) fn of(text: &str) -> Score {
        let mut score = Score::default();
        for c in text.chars().filter(|c| !c.is_ascii()) {
            // Record characters are all ideographs or full-width digits, never unusual.
            if is_record_char(c) {
                score.record += 1;
            } else if is_unusual(c) {
                score.unusual += 1;
            }
        }
        score
    }

    /// The score of one byte sequence (at most two characters) in a byte: record characters
    /// in bits 0–1, unusual ones in bits 2–3.
    pub(super) fn pack(self) -> u8 {
        debug_assert!(self.record < 4 && self.unusual < 4);
        (self.record.min(3) | self.unusual.min(3) << 2) as u8
    }

    pub(super) fn unpack(bits: u8) -> Score {
        Score {
            record: usize::from(bits & 3),
            unusual: usize::from(bits >> 2 & 3),
        }
    }

    /// The score of `n` sequences scoring `self` each.
    pub(super) fn times(self, n: usize) -> Score {
        Score {
            record: self.record * n,
            unusual: self.unusual * n,
        }
    }

    pub(super) fn add(&mut self, other: Score) {
        self.record += other.record;
        self.unusual += other.unusual;
    }

    /// Whether this reading wins over `other` (a tie goes to `other`).
    pub(super) fn beats(self, other: Score) -> bool {
        if self.record != other.record {
            return self.record > other.record;
        }
        self.unusual < other.unusual
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gbk(s: &str) -> Vec<u8> {
        let (bytes, _, unmappable) = encoding_rs::GBK.encode(s);
        assert!(!unmappable, "{s} is not GBK");
        bytes.into_owned()
    }

    fn big5(s: &str) -> Vec<u8> {
        let (bytes, _, unmappable) = encoding_rs::BIG5.encode(s);
        assert!(!unmappable, "{s} is not Big5");
        bytes.into_owned()
    }

    const SIMPLIFIED: &str =
        "[Red \"许银川\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 卒７进１\n";
    const TRADITIONAL: &str =
        "[Red \"許銀川\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 3. 車一平二 卒７進１\n";

    #[test]
    fn record_characters_are_never_unusual() {
        assert!(RECORD_CHARS.chars().all(|c| !is_unusual(c)));
    }

    #[test]
    fn utf8_with_and_without_bom() {
        assert_eq!(
            decode(SIMPLIFIED.as_bytes()).unwrap(),
            (SIMPLIFIED.to_owned(), Encoding::Utf8)
        );
        let mut with_bom = UTF8_BOM.to_vec();
        with_bom.extend_from_slice(TRADITIONAL.as_bytes());
        assert_eq!(
            decode(&with_bom).unwrap(),
            (TRADITIONAL.to_owned(), Encoding::Utf8Bom)
        );
        assert_eq!(decode(b"").unwrap(), (String::new(), Encoding::Utf8));
    }

    #[test]
    fn gbk_simplified_and_traditional() {
        assert_eq!(
            decode(&gbk(SIMPLIFIED)).unwrap(),
            (SIMPLIFIED.to_owned(), Encoding::Gbk)
        );
        // GBK also holds the traditional forms: still detected as GBK.
        assert_eq!(
            decode(&gbk(TRADITIONAL)).unwrap(),
            (TRADITIONAL.to_owned(), Encoding::Gbk)
        );
    }

    #[test]
    fn big5_traditional() {
        let bytes = big5(TRADITIONAL);
        // These bytes also decode cleanly as GBK, into nonsense: the score decides.
        let (as_gbk, _, had_errors) = encoding_rs::GB18030.decode(&bytes);
        assert!(!had_errors);
        assert!(record_score(&as_gbk) < record_score(TRADITIONAL));
        assert_eq!(
            decode(&bytes).unwrap(),
            (TRADITIONAL.to_owned(), Encoding::Big5)
        );
        // Short samples too.
        for s in ["馬８進７", "前車進一", "炮二平五", "帥五平四"] {
            assert_eq!(
                decode(&big5(s)).unwrap(),
                (s.to_owned(), Encoding::Big5),
                "{s}"
            );
        }
        for s in ["马８进７", "前车进一", "炮二平五", "帅五平四"] {
            assert_eq!(
                decode(&gbk(s)).unwrap(),
                (s.to_owned(), Encoding::Gbk),
                "{s}"
            );
        }
    }

    #[test]
    fn big5_tags_with_iccs_moves() {
        let text = "[Event \"2009世界象棋錦標賽 第1輪\"]\n[Red \"呂欽\"]\n[Result \"1-0\"]\n1. h2e2 h9g7 1-0\n";
        assert_eq!(
            decode(&big5(text)).unwrap(),
            (text.to_owned(), Encoding::Big5)
        );
        let text = "[Event \"2009年全国象棋个人赛 第1轮\"]\n[Red \"吕钦\"]\n1. h2e2 h9g7 1-0\n";
        assert_eq!(
            decode(&gbk(text)).unwrap(),
            (text.to_owned(), Encoding::Gbk)
        );
    }

    #[test]
    fn utf16_with_bom() {
        let mut le = vec![0xFF, 0xFE];
        let mut be = vec![0xFE, 0xFF];
        for u in "炮二平五".encode_utf16() {
            le.extend_from_slice(&u.to_le_bytes());
            be.extend_from_slice(&u.to_be_bytes());
        }
        assert_eq!(
            decode(&le).unwrap(),
            ("炮二平五".to_owned(), Encoding::Utf16Le)
        );
        assert_eq!(
            decode(&be).unwrap(),
            ("炮二平五".to_owned(), Encoding::Utf16Be)
        );
    }

    #[test]
    fn garbage_is_an_error_with_offset() {
        let mut bytes = b"[Event \"ok\"]\n1. ".to_vec();
        let bad_at = bytes.len();
        bytes.extend_from_slice(&[0xFF, 0x00, 0x80, 0xFF]);
        let err = decode(&bytes).unwrap_err();
        assert_eq!(err.offset, bad_at);
        assert_eq!(err.line, 2);
        assert_eq!(
            err.attempts,
            vec![
                (Encoding::Utf8, bad_at),
                (Encoding::Gbk, bad_at),
                (Encoding::Big5, bad_at)
            ]
        );
        assert!(err.to_string().contains(&format!("byte offset {bad_at}")));
    }

    #[test]
    fn damage_in_gbk_file_is_located() {
        // A GBK file with one damaged double-byte character: the GBK attempt reads furthest.
        let mut bytes = gbk(SIMPLIFIED);
        let at = bytes.len() - 3; // the full-width digit before the final newline
        bytes[at] = 0x81;
        bytes[at + 1] = 0x0A; // lead byte followed by a newline: malformed everywhere
        let err = decode(&bytes).unwrap_err();
        assert_eq!(err.encoding, Encoding::Gbk);
        assert_eq!(err.offset, at);
        assert_eq!(
            err.attempts[0],
            (Encoding::Utf8, SIMPLIFIED.find('许').unwrap())
        );
    }

    #[test]
    fn bad_utf8_after_bom_is_an_error() {
        let err = decode(b"\xEF\xBB\xBFab\xC3").unwrap_err();
        assert_eq!((err.encoding, err.offset), (Encoding::Utf8Bom, 5));
    }
}
