//! Exact scores for standings: points, 小分, 对手分, 累进分 … as rationals, never floats.

use core::fmt;
use core::ops::{Add, AddAssign, Mul, Sub};

use num_rational::Ratio;
use num_traits::Zero;

use crate::points::Points;

/// An exact non-integer-safe number used in standings.
///
/// Points are whole or half points, but 小分 (cxa-2011 §14.1: all points of the beaten
/// opponents plus *half* the points of the drawn ones) needs quarters, and a ruleset may
/// define other schemes; so a score is a rational over `i64` ([`num_rational::Ratio`], a
/// well-kept crate already in the dependency tree), which keeps every sum exact and compares
/// exactly. Event sizes keep numerators far below `i64` limits.
///
/// It prints as an exact decimal (`7.5`, `3.25`, `12`); a value without a finite decimal
/// expansion (no rulebook criterion produces one) prints as a fraction `p/q`.
///
/// ```
/// use xqr_core::rules::Points;
/// use xqr_core::standings::Score;
/// let s = Score::from(Points::from_halves(15)) + Score::from(Points::HALF).half();
/// assert_eq!(s.to_string(), "7.75");
/// assert_eq!(Score::integer(-3).to_string(), "-3");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(Ratio<i64>);

impl Score {
    /// Zero.
    pub const ZERO: Score = Score(Ratio::new_raw(0, 1));

    /// A whole number.
    pub fn integer(n: i64) -> Score {
        Score(Ratio::from_integer(n))
    }

    /// `numer / denom`; `None` when `denom` is zero.
    pub fn ratio(numer: i64, denom: i64) -> Option<Score> {
        (denom != 0).then(|| Score(Ratio::new(numer, denom)))
    }

    /// Half of this score.
    pub fn half(self) -> Score {
        Score(self.0 / 2)
    }

    /// Whether this is zero.
    pub fn is_zero(self) -> bool {
        self.0.is_zero()
    }
}

impl From<Points> for Score {
    fn from(p: Points) -> Score {
        Score(Ratio::new(i64::from(p.halves()), 2))
    }
}

impl From<u32> for Score {
    fn from(n: u32) -> Score {
        Score::integer(i64::from(n))
    }
}

impl Add for Score {
    type Output = Score;
    fn add(self, o: Score) -> Score {
        Score(self.0 + o.0)
    }
}

impl AddAssign for Score {
    fn add_assign(&mut self, o: Score) {
        self.0 += o.0;
    }
}

impl Sub for Score {
    type Output = Score;
    fn sub(self, o: Score) -> Score {
        Score(self.0 - o.0)
    }
}

impl Mul<i64> for Score {
    type Output = Score;
    fn mul(self, k: i64) -> Score {
        Score(self.0 * k)
    }
}

impl core::iter::Sum for Score {
    fn sum<I: Iterator<Item = Score>>(iter: I) -> Score {
        iter.fold(Score::ZERO, |a, b| a + b)
    }
}

/// Exact decimal (`7.5`, `-0.25`), or `p/q` when no finite decimal exists.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, d) = (*self.0.numer(), *self.0.denom());
        let (mut twos, mut fives, mut rest) = (0u32, 0u32, d);
        while rest % 2 == 0 {
            rest /= 2;
            twos += 1;
        }
        while rest % 5 == 0 {
            rest /= 5;
            fives += 1;
        }
        if rest != 1 {
            return write!(f, "{n}/{d}");
        }
        let digits = twos.max(fives);
        if digits == 0 {
            return write!(f, "{n}");
        }
        // n/d = n * (10^digits / d) / 10^digits, exactly.
        let scale = 10i128.pow(digits);
        let scaled = i128::from(n) * (scale / i128::from(d));
        let sign = if scaled < 0 { "-" } else { "" };
        let abs = scaled.unsigned_abs();
        let (int, frac) = (abs / scale as u128, abs % scale as u128);
        let frac = format!("{frac:0width$}", width = digits as usize);
        write!(f, "{sign}{int}.{}", frac.trim_end_matches('0'))
    }
}

impl serde::Serialize for Score {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_exact_decimals() {
        let q = |n, d| Score::ratio(n, d).unwrap().to_string();
        assert_eq!(q(15, 2), "7.5");
        assert_eq!(q(13, 4), "3.25");
        assert_eq!(q(-1, 4), "-0.25");
        assert_eq!(q(1, 5), "0.2");
        assert_eq!(q(1, 3), "1/3");
        assert_eq!(q(0, 7), "0");
        assert_eq!(q(40, 8), "5");
        assert_eq!(Score::ratio(1, 0), None);
    }

    #[test]
    fn points_convert_exactly() {
        assert_eq!(
            Score::from(Points::from_halves(3)),
            Score::ratio(3, 2).unwrap()
        );
        assert_eq!(Score::from(Points::whole(2)).half(), Score::integer(1));
    }
}
