//! What a move does, in the terms of the repetition law (棋例).

use crate::Square;
use core::fmt;

/// One role a move plays, as the 棋例 names them (CXA 1999 §28, 2011 §24).
///
/// A move can play several roles at once (a check that also chases); editions then take the
/// heaviest (1999 §27.4, 2011 §26.4). The order of the variants is from heaviest to lightest.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum MoveKind {
    /// 将 (照将): the move attacks the opposing king (1999 §28.1, 2011 §24.1).
    Check,
    /// 杀 (杀着): the move threatens mate by a check or continuous checks (1999 §28.2).
    MateThreat,
    /// 捉: the move threatens to capture an unprotected piece of value next move (1999 §28.3, §29).
    Chase,
    /// 兑 (邀兑): the move offers an exchange of equal material (1999 §28.5).
    ExchangeOffer,
    /// 献: the move offers an unprotected piece (1999 §28.6).
    Offer,
    /// 拦: the move blocks an opposing piece without attacking (1999 §28.7).
    Block,
    /// 跟: the move pins or follows a protected piece without attacking (1999 §28.8).
    Follow,
    /// 闲: none of the attacking kinds (1999 §28.9).
    Idle,
}

impl MoveKind {
    /// Whether the kind is an attack (打: check, mate threat, chase; 1999 §28.4).
    pub const fn is_attack(self) -> bool {
        matches!(
            self,
            MoveKind::Check | MoveKind::MateThreat | MoveKind::Chase
        )
    }

    /// The snake_case name used in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            MoveKind::Check => "check",
            MoveKind::MateThreat => "mate_threat",
            MoveKind::Chase => "chase",
            MoveKind::ExchangeOffer => "exchange_offer",
            MoveKind::Offer => "offer",
            MoveKind::Block => "block",
            MoveKind::Follow => "follow",
            MoveKind::Idle => "idle",
        }
    }

    /// The Chinese term.
    pub const fn chinese(self) -> &'static str {
        match self {
            MoveKind::Check => "将",
            MoveKind::MateThreat => "杀",
            MoveKind::Chase => "捉",
            MoveKind::ExchangeOffer => "兑",
            MoveKind::Offer => "献",
            MoveKind::Block => "拦",
            MoveKind::Follow => "跟",
            MoveKind::Idle => "闲",
        }
    }
}

impl fmt::Display for MoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The classification of one ply: its kinds (heaviest first) and the pieces concerned.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PlyClass {
    /// Kinds, heaviest first; `[Idle]` for a move with no other role.
    pub kinds: Vec<MoveKind>,
    /// Points of the pieces concerned (the king checked, the pieces chased …).
    pub targets: Vec<Square>,
    /// Why, in words (for example why a chased piece counts as unprotected), with articles.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl PlyClass {
    /// The heaviest kind (1999 §27.4: a move with several roles is named and judged by the
    /// heaviest).
    pub fn heaviest(&self) -> MoveKind {
        self.kinds.iter().copied().min().unwrap_or(MoveKind::Idle)
    }

    /// Whether the ply has the given kind.
    pub fn has(&self, kind: MoveKind) -> bool {
        self.kinds.contains(&kind)
    }
}
