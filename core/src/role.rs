//! The seven kinds of piece.

use core::fmt;

/// The kind of a piece, independent of its color.
///
/// FEN letters are `K A B N R C P`; `E` (elephant) and `H` (horse) are accepted
/// as synonyms of `B` and `N` when parsing.
///
/// ```
/// use xqr_core::Role;
/// assert_eq!(Role::from_char('h'), Some(Role::Horse));
/// assert_eq!(Role::Horse.char(), 'n');
/// ```
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// 帅/将 (general).
    King = 0,
    /// 仕/士 (advisor, guard).
    Advisor = 1,
    /// 相/象 (elephant, minister).
    Elephant = 2,
    /// 马/傌 (horse, knight).
    Horse = 3,
    /// 车/俥 (rook, chariot).
    Rook = 4,
    /// 炮/砲 (cannon).
    Cannon = 5,
    /// 兵/卒 (pawn, soldier).
    Pawn = 6,
}

impl Role {
    /// All roles in index order.
    pub const ALL: [Role; 7] = [
        Role::King,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Rook,
        Role::Cannon,
        Role::Pawn,
    ];

    /// Index usable for arrays (King = 0 … Pawn = 6).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role with the given index, if any.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Role> {
        if i < 7 {
            Some(Role::ALL[i])
        } else {
            None
        }
    }

    /// Parses a FEN letter of either case (`h`/`e` accepted for horse/elephant).
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'k' => Some(Role::King),
            'a' => Some(Role::Advisor),
            'b' | 'e' => Some(Role::Elephant),
            'n' | 'h' => Some(Role::Horse),
            'r' => Some(Role::Rook),
            'c' => Some(Role::Cannon),
            'p' => Some(Role::Pawn),
            _ => None,
        }
    }

    /// The lower-case FEN letter.
    pub const fn char(self) -> char {
        match self {
            Role::King => 'k',
            Role::Advisor => 'a',
            Role::Elephant => 'b',
            Role::Horse => 'n',
            Role::Rook => 'r',
            Role::Cannon => 'c',
            Role::Pawn => 'p',
        }
    }

    /// The lower-case English name.
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Rook => "rook",
            Role::Cannon => "cannon",
            Role::Pawn => "pawn",
        }
    }

    /// How many pieces of this role each side has at the start (1, 2 or 5).
    pub const fn initial_count(self) -> u8 {
        match self {
            Role::King => 1,
            Role::Pawn => 5,
            _ => 2,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
