//! Points for results, exact.

use crate::outcome::GameResult;
use crate::Color;
use core::fmt;

/// A number of points, exact to the half point (every scheme in the rulebooks uses whole or
/// half points: 1999 §14.1 1/½/0, 2011 §13.1 2/1/0, §13.3 3/1/0 and 3/0 with Black's draw 2).
///
/// ```
/// use xqr_core::rules::Points;
/// assert_eq!(Points::from_halves(15).to_string(), "7.5");
/// assert_eq!(Points::whole(2).to_string(), "2");
/// assert_eq!("0.5".parse::<Points>().unwrap(), Points::HALF);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(u32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point.
    pub const HALF: Points = Points(1);

    /// `n` whole points.
    pub const fn whole(n: u32) -> Points {
        Points(n * 2)
    }

    /// `n` half points.
    pub const fn from_halves(n: u32) -> Points {
        Points(n)
    }

    /// The number of half points.
    pub const fn halves(self) -> u32 {
        self.0
    }
}

impl core::ops::Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0 + o.0)
    }
}

impl core::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        Points(iter.map(|p| p.0).sum())
    }
}

/// Exact decimal: `7.5`, `2`.
impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 % 2 == 0 {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0 / 2)
        }
    }
}

/// Error for a points value that is not a non-negative multiple of 0.5.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid points {0:?}: expected a non-negative multiple of 0.5, like 2 or 0.5")]
pub struct ParsePointsError(pub String);

impl core::str::FromStr for Points {
    type Err = ParsePointsError;
    fn from_str(s: &str) -> Result<Points, ParsePointsError> {
        let err = || ParsePointsError(s.to_owned());
        let t = s.trim();
        let (int, frac) = t.split_once('.').unwrap_or((t, ""));
        let whole: u32 = int.parse().map_err(|_| err())?;
        let half = match frac.trim_end_matches('0') {
            "" => 0,
            "5" => 1,
            _ => return Err(err()),
        };
        whole
            .checked_mul(2)
            .and_then(|w| w.checked_add(half))
            .map(Points)
            .ok_or_else(err)
    }
}

impl serde::Serialize for Points {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// From the string [`Points`] serialise to (`"3"`, `"0.5"`).
impl<'de> serde::Deserialize<'de> for Points {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Points, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Points for each result, by color.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PointScheme {
    /// For a win.
    pub win: Points,
    /// For a draw as Red.
    pub draw_red: Points,
    /// For a draw as Black.
    pub draw_black: Points,
    /// For a loss.
    pub loss: Points,
}

impl PointScheme {
    /// 1999 §14.1: win 1, draw ½, loss 0.
    pub const ONE_HALF_ZERO: PointScheme = PointScheme {
        win: Points::whole(1),
        draw_red: Points::HALF,
        draw_black: Points::HALF,
        loss: Points::ZERO,
    };
    /// 2011 §13.1: win 2, draw 1, loss 0.
    pub const TWO_ONE_ZERO: PointScheme = PointScheme {
        win: Points::whole(2),
        draw_red: Points::whole(1),
        draw_black: Points::whole(1),
        loss: Points::ZERO,
    };

    /// 2011 §13.3, first alternative: win 3, draw 1, loss 0.
    pub const THREE_ONE_ZERO: PointScheme = PointScheme {
        win: Points::whole(3),
        draw_red: Points::whole(1),
        draw_black: Points::whole(1),
        loss: Points::ZERO,
    };
    /// 2011 §13.3, second alternative: win 3, loss 0, a draw 1 for Red (先手方) and 2 for
    /// Black (后手方).
    pub const THREE_ZERO_BLACK_DRAW_TWO: PointScheme = PointScheme {
        win: Points::whole(3),
        draw_red: Points::whole(1),
        draw_black: Points::whole(2),
        loss: Points::ZERO,
    };

    /// Points earned by `side` for `result` (none for an undecided game).
    pub fn for_result(&self, result: GameResult, side: Color) -> Points {
        match (result.winner(), result) {
            (Some(w), _) if w == side => self.win,
            (Some(_), _) => self.loss,
            (None, GameResult::Draw) => side.fold(self.draw_red, self.draw_black),
            _ => Points::ZERO,
        }
    }
}
