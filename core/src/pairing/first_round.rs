//! The first round (2011 附录二 二.1): the draw of numbers and the first-round table.
//!
//! - "重要赛事应根据最新等级分或以往比赛成绩等因素选定一定数量的种子选手并排定序列……其他运动员
//!   抽签或采用其他方法暂时排序，列在种子选手之后。然后分成人（队）数相等的上、下两组（种子和
//!   非种子组），由裁判长主持各组分别以抽签方式确定每个运动员的正式序号。"
//! - "可预先规定种子组抽1、3、5……单数号，非种子组抽2、4、6……双数号，并规定单号台次小号先走、
//!   双号台次大号先走，即近号配对原则——1-2、4-3、5-6……以此类推，号码在前者执红棋先走。"
//! - "此外，还有首尾配对、对半交叉配对等方法。"
//!
//! # The reading
//!
//! Without seeds everyone draws at once (一般比赛可采用全体运动员一次性抽签). With seeds the
//! seeded players come first, best rating first, then the others, best rating first and
//! unrated last, equals in drawn order; the first ⌊n/2⌋ form the upper group
//! and draw the odd numbers, the rest draw the even numbers. With an odd field (一.1 asks for an
//! even one) the last number n has the bye of round 1 and goes to the lower group, which so has
//! one more player: the bye belongs to the lowest group (一.5), and in round 1 that is read as
//! the unseeded half.
//!
//! The draw is a seeded shuffle (ChaCha20, the seed's eight little-endian bytes, then zeros; the
//! generator of the Jieqi deal): the same seed and list give the same numbers everywhere.
//!
//! 首尾 pairs 1 with the last number, 2 with the one before …; 对半交叉 pairs 1 with ½n+1, 2
//! with ½n+2 …. The text gives their colours nowhere; they take the near-number rule's colours
//! by board: on odd boards the smaller number has Red, on even boards the larger. An odd field
//! leaves the largest number out of both (its bye, as above).

use crate::SeededDraw;

/// How round 1 is paired (二.1).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum FirstRoundMethod {
    /// 近号配对: 1-2, 4-3, 5-6, 8-7 ….
    #[default]
    NearNumber,
    /// 首尾配对: 1 against the last number, 2 against the one before ….
    HeadTail,
    /// 对半交叉配对: the upper half against the lower half, 1 against ½n+1 ….
    CrossHalves,
}

impl FirstRoundMethod {
    /// The option name.
    pub fn name(self) -> &'static str {
        match self {
            FirstRoundMethod::NearNumber => "near",
            FirstRoundMethod::HeadTail => "head-tail",
            FirstRoundMethod::CrossHalves => "halves",
        }
    }

    /// The appendix's name.
    pub fn chinese(self) -> &'static str {
        match self {
            FirstRoundMethod::NearNumber => "近号配对",
            FirstRoundMethod::HeadTail => "首尾配对",
            FirstRoundMethod::CrossHalves => "对半交叉配对",
        }
    }

    /// The games of round 1 for numbers 1..=n as `(red, black)` numbers, board by board, and
    /// the number with the bye.
    pub fn table(self, n: u32) -> (Vec<(u32, u32)>, Option<u32>) {
        let m = n - n % 2;
        let bye = (n % 2 == 1).then_some(n);
        let pairs: Vec<(u32, u32)> = match self {
            FirstRoundMethod::NearNumber => (0..m / 2).map(|k| (2 * k + 1, 2 * k + 2)).collect(),
            FirstRoundMethod::HeadTail => (1..=m / 2).map(|k| (k, m + 1 - k)).collect(),
            FirstRoundMethod::CrossHalves => (1..=m / 2).map(|k| (k, m / 2 + k)).collect(),
        };
        let games = pairs
            .into_iter()
            .enumerate()
            .map(|(i, (small, large))| {
                if i % 2 == 0 {
                    (small, large)
                } else {
                    (large, small)
                }
            })
            .collect();
        (games, bye)
    }
}

impl core::str::FromStr for FirstRoundMethod {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "near" | "near-number" => Ok(FirstRoundMethod::NearNumber),
            "head-tail" => Ok(FirstRoundMethod::HeadTail),
            "halves" | "cross-halves" => Ok(FirstRoundMethod::CrossHalves),
            _ => Err(format!(
                "unknown first-round method {s:?} (near, head-tail, halves)"
            )),
        }
    }
}

/// What the draw needs to know about an entrant.
#[derive(Copy, Clone, Debug)]
pub struct DrawEntry {
    /// A seed (种子选手).
    pub seeded: bool,
    /// Rating (等级分), if any.
    pub rating: Option<i32>,
}

/// The numbers drawn for the entrants (index i gets `numbers[i]`), reproducibly from `seed`.
pub fn draw_numbers(entries: &[DrawEntry], seed: u64) -> Vec<u32> {
    let mut draw = SeededDraw::new(seed);
    let n = entries.len();
    let mut numbers = vec![0; n];
    if !entries.iter().any(|e| e.seeded) {
        let mut all: Vec<u32> = (1..=n as u32).collect();
        draw.shuffle(&mut all);
        numbers.copy_from_slice(&all);
        return numbers;
    }
    // The temporary order: seeds by rating, then the others by rating, equals drawn.
    let mut order: Vec<usize> = (0..n).collect();
    draw.shuffle(&mut order);
    order.sort_by_key(|&i| (!entries[i].seeded, core::cmp::Reverse(entries[i].rating)));
    let upper = n / 2;
    let mut odd: Vec<u32> = (0..upper as u32).map(|k| 2 * k + 1).collect();
    let mut even: Vec<u32> = (0..(n - upper) as u32).map(|k| 2 * k + 2).collect();
    if n % 2 == 1 {
        // The lower group holds the largest number, n, and its bye.
        even.pop();
        even.push(n as u32);
    }
    draw.shuffle(&mut odd);
    draw.shuffle(&mut even);
    for (pos, &i) in order.iter().enumerate() {
        numbers[i] = if pos < upper {
            odd[pos]
        } else {
            even[pos - upper]
        };
    }
    numbers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_number_pairing_gives_the_odd_number_red_on_odd_boards() {
        let (games, bye) = FirstRoundMethod::NearNumber.table(8);
        assert_eq!(games, [(1, 2), (4, 3), (5, 6), (8, 7)]);
        assert_eq!(bye, None);
        assert_eq!(FirstRoundMethod::NearNumber.table(7).1, Some(7));
    }

    #[test]
    fn head_tail_and_cross_halves_alternate_colours_by_board() {
        assert_eq!(
            FirstRoundMethod::HeadTail.table(8).0,
            [(1, 8), (7, 2), (3, 6), (5, 4)]
        );
        assert_eq!(
            FirstRoundMethod::CrossHalves.table(8).0,
            [(1, 5), (6, 2), (3, 7), (8, 4)]
        );
    }

    #[test]
    fn seeds_draw_odd_numbers_and_the_draw_is_reproducible() {
        let mut entries = vec![
            DrawEntry {
                seeded: false,
                rating: None
            };
            10
        ];
        for e in entries.iter_mut().take(3) {
            e.seeded = true;
        }
        let a = draw_numbers(&entries, 7);
        assert_eq!(a, draw_numbers(&entries, 7));
        assert!(a[..3].iter().all(|n| n % 2 == 1));
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (1..=10).collect::<Vec<_>>());
    }
}
