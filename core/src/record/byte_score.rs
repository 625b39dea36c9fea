//! A double-byte reading judged on the raw bytes: whether the file is clean in that encoding
//! and its [`Score`], without decoding the file.
//!
//! Detection used to decode a file as GBK and as Big5 and score both texts, then keep one: the
//! loser's decoding (and the winner's scoring) was thrown away, about a sixth of judging a Big5
//! corpus under the 1999 rules. A reading's score is a sum over its characters and each
//! character comes from one byte sequence, so the score is a sum over the sequences: each
//! distinct sequence is decoded once, by the very decoder [`decode`](super::decode) uses, and
//! what it adds (or that it is malformed) is remembered for the rest of the process. Only the
//! chosen reading is then decoded. The old comparison of two whole decodings is kept in the
//! tests as the oracle.
//!
//! Why the sums agree: both decoders are stateless between characters, so a clean file is the
//! concatenation of its sequences decoded one by one, and the sequences are found by the lead
//! byte alone (ASCII below `0x80`; `0x81`–`0xFE` leads a pair, or in GB18030 four bytes when the
//! second is a digit; any other byte stands alone). A file with a bad sequence fails at its
//! first one whichever way it is cut, so the walk stops there too.

use std::sync::atomic::{AtomicU16, Ordering};

use encoding_rs::DecoderResult;

use super::encoding::Score;
use super::Encoding;

/// A sequence's entry: set once known.
const KNOWN: u8 = 0x80;
/// The sequence is malformed or unmapped.
const BAD: u8 = 0x40;

/// What each two bytes add, indexed by the bytes: the GBK entry in the low byte and the Big5
/// entry in the high byte, filled in as pairs are met (0: not yet). Both readings look a pair
/// up at once, in one load. Two bytes that are not a lead byte `0x81..=0xFE` and a trail byte
/// `0x40..=0xFE` are no pair either decoder maps: they are entered as [`BAD`] for both, so that
/// the joint walk stops there as at a bad pair. Every thread computes the same value for a
/// pair, so a race only repeats the work.
static PAIRS: [AtomicU16; 1 << 16] = [const { AtomicU16::new(0) }; 1 << 16];

/// The [`BAD`] bit of both entries of a pair: set in either, one reading fails there (or the
/// bytes are no pair).
const BAD_IN_EITHER: u16 = u16::from_le_bytes([BAD, BAD]);

/// The score of `bytes` (without BOM) read in `encoding` (GBK or Big5), or `None` if some byte
/// sequence is malformed or unmapped there: what strictly decoding the bytes and scoring the
/// text gives. (Detection asks [`scores`], both readings at once.)
#[cfg(test)]
pub(super) fn score(encoding: Encoding, bytes: &[u8]) -> Option<Score> {
    walk(encoding, bytes, 0, Counts::default()).map(|c| c.total())
}

/// [`score`] in GBK and in Big5, in one walk over the bytes while both readings cut them
/// alike (ASCII and pairs), each reading then finishing on its own.
pub(super) fn scores(bytes: &[u8]) -> (Option<Score>, Option<Score>) {
    // How many pairs had each two entries, GBK's score bits low and Big5's high: one count a
    // pair while the readings go together.
    let mut pairs = [0usize; 256];
    let mut i = 0;
    while let Some(&lead) = bytes.get(i) {
        if lead < 0x80 {
            i += 1;
            continue;
        }
        let Some(&trail) = bytes.get(i + 1) else {
            break;
        };
        let both = pair_entries(lead, trail);
        if both & BAD_IN_EITHER != 0 {
            // One reading (or both) fails here, or the bytes are no pair (lone bytes and
            // GB18030's four-byte sequences, which the readings may cut apart): each reading
            // goes on alone from here.
            break;
        }
        let [g, b] = both.to_le_bytes();
        pairs[usize::from(g & 0x0F | (b & 0x0F) << 4)] += 1;
        i += 2;
    }
    let (mut gbk, mut big5) = (Counts::default(), Counts::default());
    for (bits, &n) in (0u8..=255).zip(&pairs) {
        gbk.0[usize::from(bits & 0x0F)] += n;
        big5.0[usize::from(bits >> 4)] += n;
    }
    let finish = |encoding, counts| walk(encoding, bytes, i, counts).map(|c: Counts| c.total());
    (finish(Encoding::Gbk, gbk), finish(Encoding::Big5, big5))
}

/// How many sequences added each packed score: one count a sequence, the sum at the end.
#[derive(Copy, Clone, Default)]
struct Counts([usize; 16]);

impl Counts {
    fn add(&mut self, entry: u8) {
        self.0[usize::from(entry & 0x0F)] += 1;
    }

    fn total(&self) -> Score {
        let mut total = Score::default();
        for (bits, &n) in (0u8..).zip(&self.0) {
            let one = Score::unpack(bits);
            total.add(one.times(n));
        }
        total
    }
}

/// The GBK and the Big5 entry of the bytes `lead`, `trail`, GBK's in the low byte, worked out
/// the first time; [`BAD`] for both if they are no pair (see [`PAIRS`]).
fn pair_entries(lead: u8, trail: u8) -> u16 {
    let slot = &PAIRS[usize::from(u16::from_be_bytes([lead, trail]))];
    let mut both = slot.load(Ordering::Relaxed);
    if both == 0 {
        both = if matches!((lead, trail), (0x81..=0xFE, 0x40..=0xFE)) {
            let pair = [lead, trail];
            u16::from_le_bytes([entry(Encoding::Gbk, &pair), entry(Encoding::Big5, &pair)])
        } else {
            u16::from_le_bytes([KNOWN | BAD, KNOWN | BAD])
        };
        slot.store(both, Ordering::Relaxed);
    }
    both
}

/// The index after the run of ASCII bytes starting at `i` (tags, move numbers, spaces), taken
/// eight bytes at a time.
fn after_ascii(bytes: &[u8], mut i: usize) -> usize {
    i += 1;
    while let Some(word) = bytes.get(i..).and_then(|rest| rest.first_chunk::<8>()) {
        if u64::from_ne_bytes(*word) & 0x8080_8080_8080_8080 != 0 {
            break;
        }
        i += 8;
    }
    i
}

/// `counts` with the sequences of `bytes` from `i` on, read in `encoding`; `None` at the first
/// malformed or unmapped one.
fn walk(encoding: Encoding, bytes: &[u8], mut i: usize, mut counts: Counts) -> Option<Counts> {
    let (half, four_byte) = match encoding {
        Encoding::Gbk => (0, true),
        Encoding::Big5 => (1, false),
        _ => unreachable!("only the double-byte encodings are scored on bytes"),
    };
    while i < bytes.len() {
        let lead = bytes[i];
        // A lead byte and a trail byte both decoders take as a pair (GB18030's four-byte
        // sequences have a digit, below 0x40, second).
        if let (0x81..=0xFE, Some(&trail @ 0x40..=0xFE)) = (lead, bytes.get(i + 1)) {
            let e = pair_entries(lead, trail).to_le_bytes()[half];
            if e & BAD != 0 {
                return None;
            }
            counts.add(e);
            i += 2;
            continue;
        }
        if lead < 0x80 {
            i = after_ascii(bytes, i);
            continue;
        }
        let next = bytes.get(i + 1).copied();
        let len = match next {
            Some(b) if (0x81..=0xFE).contains(&lead) => {
                if four_byte && b.is_ascii_digit() {
                    4
                } else {
                    2
                }
            }
            _ => 1,
        };
        // Lone bytes, four-byte sequences and pairs no table holds are rare: decoded each time.
        let end = (i + len).min(bytes.len());
        let e = entry(encoding, &bytes[i..end]);
        if e & BAD != 0 {
            return None;
        }
        counts.add(e);
        i = end;
    }
    Some(counts)
}

/// Decodes one sequence on its own, as the last bytes of a file: what it adds to a reading's
/// score, or [`BAD`].
fn entry(encoding: Encoding, seq: &[u8]) -> u8 {
    let mut decoder = encoding.codec().new_decoder_without_bom_handling();
    let room = decoder
        .max_utf8_buffer_length_without_replacement(seq.len())
        .unwrap_or(16);
    let mut text = String::with_capacity(room);
    let (result, read) = decoder.decode_to_string_without_replacement(seq, &mut text, true);
    if !matches!(result, DecoderResult::InputEmpty) || read != seq.len() {
        return KNOWN | BAD;
    }
    KNOWN | Score::of(&text).pack()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::encoding::{compare_decodings, strict};
    use crate::record::{decode, DecodeError};
    use proptest::prelude::*;

    /// What scoring a whole strict decoding gives.
    fn oracle_score(encoding: Encoding, bytes: &[u8]) -> Option<Score> {
        strict(encoding, bytes).ok().map(|t| Score::of(&t))
    }

    /// Detection as it was: both readings decoded in full and compared.
    fn oracle_decode(bytes: &[u8]) -> Result<(String, Encoding), DecodeError> {
        match core::str::from_utf8(bytes) {
            Ok(t) => Ok((t.to_owned(), Encoding::Utf8)),
            Err(e) => compare_decodings(bytes, e.valid_up_to()),
        }
    }

    fn agrees(bytes: &[u8]) {
        for encoding in [Encoding::Gbk, Encoding::Big5] {
            assert_eq!(
                score(encoding, bytes),
                oracle_score(encoding, bytes),
                "{encoding} {bytes:02x?}"
            );
        }
        let both = (
            oracle_score(Encoding::Gbk, bytes),
            oracle_score(Encoding::Big5, bytes),
        );
        assert_eq!(scores(bytes), both, "{bytes:02x?}");
        if !bytes.starts_with(b"\xEF\xBB\xBF")
            && !bytes.starts_with(b"\xFF\xFE")
            && !bytes.starts_with(b"\xFE\xFF")
        {
            assert_eq!(decode(bytes), oracle_decode(bytes), "{bytes:02x?}");
        }
    }

    #[test]
    fn every_lone_byte_and_pair_scores_as_decoded() {
        for a in 0x80..=0xFFu8 {
            agrees(&[a]);
            agrees(&[b'x', a, b'\n']);
            for b in 0..=0xFFu8 {
                agrees(&[a, b]);
                agrees(&[b'[', a, b, b']']);
            }
        }
    }

    #[test]
    fn four_byte_sequences_score_as_decoded() {
        for a in [0x81, 0x84, 0x90, 0xE3, 0xFE] {
            for b in [0x30, 0x35, 0x39] {
                for c in [0x30, 0x40, 0x80, 0x81, 0xA0, 0xFE, 0xFF] {
                    for d in [0x00, 0x30, 0x39, 0x3A, 0x81] {
                        agrees(&[a, b, c, d]);
                        agrees(&[a, b, c, d, b'a']);
                        agrees(&[a, b, c]);
                    }
                }
            }
        }
    }

    fn shared_file(rel: &str) -> Option<Vec<u8>> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../shared/data/games")
            .join(rel);
        std::fs::read(path).ok()
    }

    #[test]
    fn the_corpus_files_are_read_as_before() {
        let files = [
            "ccpd/a-league.pgn",
            "ccpd/asian-cup.pgn",
            "ccpd/world-cup.pgn",
            "wukong/bulk_games_uci.pgn",
            "wukong/xqdb_international.pgn",
            "wukong/xqdb_traditional.pgn",
        ];
        let mut read = 0;
        for rel in files {
            let Some(bytes) = shared_file(rel) else {
                continue;
            };
            read += 1;
            assert_eq!(decode(&bytes), oracle_decode(&bytes), "{rel}");
            // Pieces of it, cut anywhere (through a character too).
            let step = bytes.len() / 97 + 1;
            for start in (0..bytes.len()).step_by(step) {
                let piece = &bytes[start..(start + 301).min(bytes.len())];
                agrees(piece);
            }
        }
        assert!(read > 0, "no corpus file under ../shared/data/games");
    }

    /// Pieces of text: ASCII, record text in either encoding, arbitrary bytes.
    fn fragment() -> impl Strategy<Value = Vec<u8>> {
        let text = "[Event \"象棋\"]\n1. 炮二平五 馬８進７ 前車進一 後炮平四 帥五平四 將軍";
        prop_oneof![
            "[ -~\n]{0,12}".prop_map(String::into_bytes),
            (0..text.chars().count(), 1..8usize).prop_map(move |(at, n)| {
                let s: String = text.chars().skip(at).take(n).collect();
                encoding_rs::GBK.encode(&s).0.into_owned()
            }),
            (0..text.chars().count(), 1..8usize).prop_map(move |(at, n)| {
                let s: String = text.chars().skip(at).take(n).collect();
                encoding_rs::BIG5.encode(&s).0.into_owned()
            }),
            "[\u{4E00}-\u{9FFF}\u{3000}-\u{303F}\u{FF00}-\u{FFEF}\u{80}-\u{24F}]{1,6}".prop_map(
                |s| {
                    let (b, _, _) = encoding_rs::BIG5.encode(&s);
                    b.into_owned()
                }
            ),
            proptest::collection::vec(any::<u8>(), 1..6),
            proptest::collection::vec(0x80..=0xFFu8, 1..6),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn mixed_inputs_score_and_decode_as_before(
            parts in proptest::collection::vec(fragment(), 0..12)
        ) {
            agrees(&parts.concat());
        }
    }
}
