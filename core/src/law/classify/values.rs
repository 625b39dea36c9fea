//! Material values for judging gains (子力价值, CXA 1999 §25.3, 2011 §24).

use crate::{Occupant, Role, Square};

/// Material value of each kind of piece, in whole units.
///
/// CXA 1999 §25.3: a rook equals two horses, two cannons or a horse and a cannon; horse equals
/// cannon; advisor equals elephant; a crossed pawn's value floats and "a pawn for several pieces
/// or a piece for several pawns is not a gain". The king and an uncrossed pawn are not material
/// (不算子力). The article does not compare advisors with horses; this crate reads the usual
/// scale rook 4, horse/cannon 2, advisor/elephant/crossed pawn 1 (pinned by fixtures).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct MaterialValues {
    /// 车.
    pub rook: i32,
    /// 马.
    pub horse: i32,
    /// 炮.
    pub cannon: i32,
    /// 士.
    pub advisor: i32,
    /// 相/象.
    pub elephant: i32,
    /// 过河兵.
    pub crossed_pawn: i32,
    /// 过河兵价值浮动 (1999 §25.3): pawns given for pieces, or pieces for pawns, are no gain
    /// (the reading is in `floating.rs`). Off: the fixed scale throughout.
    #[serde(default)]
    pub floating_crossed_pawn: bool,
}

impl MaterialValues {
    /// The scale described above (1999 §25.3, 2011 §24.3 alike), every exchange valued by it.
    pub const STANDARD: MaterialValues = MaterialValues {
        rook: 4,
        horse: 2,
        cannon: 2,
        advisor: 1,
        elephant: 1,
        crossed_pawn: 1,
        floating_crossed_pawn: false,
    };

    /// The 1999 values: the standard scale with the crossed pawn's floating value (§25.3,
    /// "一兵換取數子或一子換取數兵均不算得子").
    pub const CXA_1999: MaterialValues = MaterialValues {
        floating_crossed_pawn: true,
        ..MaterialValues::STANDARD
    };

    /// Value of the piece `occ` standing on `sq` (0 for kings and uncrossed pawns; a hidden
    /// Jieqi piece is valued as the role it moves as).
    pub fn of(&self, occ: Occupant, sq: Square) -> i32 {
        match occ.role {
            Role::King => 0,
            Role::Rook => self.rook,
            Role::Horse => self.horse,
            Role::Cannon => self.cannon,
            Role::Advisor => self.advisor,
            Role::Elephant => self.elephant,
            Role::Pawn => {
                if sq.on_own_half(occ.color) {
                    0
                } else {
                    self.crossed_pawn
                }
            }
        }
    }
}

impl Default for MaterialValues {
    fn default() -> MaterialValues {
        MaterialValues::STANDARD
    }
}
