//! Why a move is illegal, with a specific reason.

use crate::movegen::{gen_pseudo, MoveList};
use crate::{Color, KingSafety, Move, Occupant, Piece, Position, Role, Square};

/// The reason a move is not legal in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// No piece stands on the from-point.
    #[error("no piece on {from}")]
    NoPiece {
        /// The from-point.
        from: Square,
    },
    /// The piece belongs to the side not to move.
    #[error("the piece on {from} belongs to {owner}, but {turn} is to move")]
    NotYourPiece {
        /// The from-point.
        from: Square,
        /// Who owns it.
        owner: Color,
        /// Who is to move.
        turn: Color,
    },
    /// From- and to-point are the same.
    #[error("a move must change the piece's point ({from} to {from})")]
    NullMove {
        /// The point.
        from: Square,
    },
    /// The to-point holds one of the mover's own pieces.
    #[error("{to} holds a piece of the side to move")]
    OwnPieceOnTarget {
        /// The to-point.
        to: Square,
    },
    /// The piece never moves that way (wrong shape of move).
    #[error("a {role} cannot move from {from} to {to}")]
    WrongShape {
        /// How the piece moves.
        role: Role,
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// A horse jump with the leg point occupied (蹩马腿).
    #[error("horse leg blocked at {leg}")]
    HorseLegBlocked {
        /// The blocking point.
        leg: Square,
    },
    /// An elephant move with the eye point occupied (塞象眼).
    #[error("elephant eye blocked at {eye}")]
    ElephantEyeBlocked {
        /// The blocking point.
        eye: Square,
    },
    /// An elephant that would cross the river.
    #[error("an elephant may not cross the river (to {to})")]
    ElephantCrossesRiver {
        /// The to-point.
        to: Square,
    },
    /// A king or advisor that would leave its palace.
    #[error("a {role} may not leave the palace (to {to})")]
    LeavesPalace {
        /// King or advisor.
        role: Role,
        /// The to-point.
        to: Square,
    },
    /// A rook (or a cannon moving without capturing) with a piece in the way.
    #[error("the path is blocked at {at}")]
    PathBlocked {
        /// The first blocking point.
        at: Square,
    },
    /// A cannon capture with no screen (炮需隔子吃子).
    #[error("a cannon captures only by jumping exactly one screen; there is none")]
    CannonWithoutScreen,
    /// A cannon capture over more than one piece.
    #[error("a cannon captures by jumping exactly one screen; there are {screens}")]
    CannonTooManyScreens {
        /// Pieces between.
        screens: usize,
    },
    /// A pawn moving backwards.
    #[error("a pawn never moves backwards")]
    PawnBackwards,
    /// A pawn moving sideways before crossing the river.
    #[error("a pawn moves sideways only after crossing the river")]
    PawnSidewaysBeforeRiver,
    /// The move would leave the kings facing on an open file (对面笑, CXA 1999 §2.2).
    #[error("the move leaves the kings facing each other on an open file")]
    FlyingGeneral,
    /// The move leaves the mover's king attacked (送将 / not answering check, 2011 §3.4 自杀).
    #[error("the move leaves the {color} king in check from {attackers}", attackers = squares(*.attackers))]
    LeavesKingInCheck {
        /// The mover.
        color: Color,
        /// The enemy pieces attacking the king afterwards.
        attackers: crate::SquareSet,
    },
    /// A reveal given for a piece that is face up.
    #[error("the piece on {from} is already face up; a move cannot reveal it")]
    RevealOfRevealedPiece {
        /// The from-point.
        from: Square,
    },
    /// A hidden piece moved without saying what it turns out to be.
    #[error("the hidden piece on {from} must reveal its identity when it moves")]
    RevealMissing {
        /// The from-point.
        from: Square,
    },
    /// The revealed identity is not among the unrevealed pieces.
    #[error("{piece} cannot be revealed: none is left in the pool")]
    RevealNotInPool {
        /// The identity claimed.
        piece: Piece,
    },
    /// The revealed identity has the wrong color or is a king.
    #[error("a {color} hidden piece cannot turn out to be {piece}")]
    RevealWrongPiece {
        /// The mover.
        color: Color,
        /// The identity claimed.
        piece: Piece,
    },
    /// A captured piece's identity is stated, but the move captures nothing.
    #[error("the move states the captured piece {piece}, but {to} is empty")]
    CaptureOfNothing {
        /// The to-point.
        to: Square,
        /// The identity stated.
        piece: Piece,
    },
    /// The stated identity of the captured piece cannot be the piece on the to-point (a face-up
    /// piece of another kind, a piece of the mover's color, or a king, which is never hidden).
    #[error("the piece captured on {to} cannot be {piece}")]
    CaptureWrongPiece {
        /// The to-point.
        to: Square,
        /// The identity stated.
        piece: Piece,
    },
    /// The stated identity of a captured hidden piece is not among the unrevealed pieces.
    #[error("the hidden piece captured on {to} cannot be {piece}: none is left in the pool")]
    CaptureNotInPool {
        /// The to-point.
        to: Square,
        /// The identity stated.
        piece: Piece,
    },
    /// The side to move has lost its king (Jieqi): the game is over.
    #[error("{color} has no king; the game is over")]
    GameOver {
        /// The side without king.
        color: Color,
    },
}

impl IllegalMove {
    /// Whether the move is wrong about what a piece is rather than where it goes: a reveal or a
    /// captured identity that cannot be (not in the pool, wrong color, a face-up piece) or a
    /// hidden piece moved without its reveal. Such a move is a wrong record, not a move a player
    /// made, so judges report it as an input error under every illegal-move policy.
    ///
    /// ```
    /// use xqr_core::{IllegalMove, Square};
    /// let from: Square = "a0".parse().unwrap();
    /// assert!(IllegalMove::RevealMissing { from }.concerns_identity());
    /// assert!(!IllegalMove::PawnBackwards.concerns_identity());
    /// ```
    pub fn concerns_identity(&self) -> bool {
        matches!(
            self,
            IllegalMove::RevealMissing { .. }
                | IllegalMove::RevealNotInPool { .. }
                | IllegalMove::RevealWrongPiece { .. }
                | IllegalMove::RevealOfRevealedPiece { .. }
                | IllegalMove::CaptureOfNothing { .. }
                | IllegalMove::CaptureWrongPiece { .. }
                | IllegalMove::CaptureNotInPool { .. }
        )
    }
}

fn squares(set: crate::SquareSet) -> String {
    set.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl Position {
    /// Checks `m` and says why it is illegal.
    ///
    /// ```
    /// use xqr_core::{IllegalMove, Position};
    /// let pos = Position::new();
    /// assert!(pos.check_move("h0g2".parse().unwrap()).is_ok());
    /// assert_eq!(
    ///     pos.check_move("b0d1".parse().unwrap()),
    ///     Err(IllegalMove::HorseLegBlocked { leg: "c0".parse().unwrap() })
    /// );
    /// assert_eq!(
    ///     pos.check_move("a3a2".parse().unwrap()),
    ///     Err(IllegalMove::PawnBackwards)
    /// );
    /// assert!(matches!(
    ///     pos.check_move("b2b7".parse().unwrap()),
    ///     Err(IllegalMove::CannonWithoutScreen)
    /// ));
    /// ```
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        let turn = self.turn;
        if self.king(turn).is_none() {
            return Err(IllegalMove::GameOver { color: turn });
        }
        let from = m.from;
        let to = m.to;
        let occ = self.board.get(from).ok_or(IllegalMove::NoPiece { from })?;
        if occ.color != turn {
            return Err(IllegalMove::NotYourPiece {
                from,
                owner: occ.color,
                turn,
            });
        }
        if from == to {
            return Err(IllegalMove::NullMove { from });
        }
        if let Some(t) = self.board.get(to) {
            if t.color == turn {
                return Err(IllegalMove::OwnPieceOnTarget { to });
            }
        }
        match (occ.hidden, m.reveal) {
            (false, Some(_)) => return Err(IllegalMove::RevealOfRevealedPiece { from }),
            (true, Some(p)) => {
                if p.color != turn || p.role == Role::King {
                    return Err(IllegalMove::RevealWrongPiece {
                        color: turn,
                        piece: p,
                    });
                }
                if self.pool.count(p.color, p.role) == 0 {
                    return Err(IllegalMove::RevealNotInPool { piece: p });
                }
            }
            _ => {}
        }
        if let Some(p) = m.capture {
            let target = self
                .board
                .get(to)
                .ok_or(IllegalMove::CaptureOfNothing { to, piece: p })?;
            let fits = p.color == target.color
                && p.role != Role::King
                && (target.hidden || target.role == p.role);
            if !fits {
                return Err(IllegalMove::CaptureWrongPiece { to, piece: p });
            }
            if target.hidden {
                // The mover's own reveal comes out of its own side's pool, so the two never compete.
                if self.pool.count(p.color, p.role) == 0 {
                    return Err(IllegalMove::CaptureNotInPool { to, piece: p });
                }
            }
        }
        self.check_shape(occ, from, to)?;
        // The shape is right; the move is pseudo-legal.
        debug_assert!({
            let mut l = MoveList::new();
            gen_pseudo(&self.board, turn.index(), &self.rules, &mut l, false);
            l.contains(&Move::new(from, to))
        });
        if self.rules.king_safety == KingSafety::MustNotBeLeftAttacked && !self.keeps_king_safe(m) {
            let mut after = self.clone();
            after.make(m.bare());
            if after.is_king_attacked(turn) {
                let attackers = after.checkers_of(turn);
                let k = after.king(turn).expect("king still there");
                let only_king = attackers.iter().all(|s| {
                    after.board.get(s).is_some_and(|o| o.role == Role::King) && s.file() == k.file()
                });
                return Err(if only_king {
                    IllegalMove::FlyingGeneral
                } else {
                    IllegalMove::LeavesKingInCheck {
                        color: turn,
                        attackers,
                    }
                });
            }
        }
        if occ.hidden && m.reveal.is_none() && !self.pool.is_empty() {
            return Err(IllegalMove::RevealMissing { from });
        }
        Ok(())
    }

    /// Attackers of `color`'s king.
    fn checkers_of(&self, color: Color) -> crate::SquareSet {
        match self.king(color) {
            Some(k) => self.attackers(k, !color),
            None => crate::SquareSet::EMPTY,
        }
    }

    fn check_shape(&self, occ: Occupant, from: Square, to: Square) -> Result<(), IllegalMove> {
        let color = occ.color;
        let df = to.file().index() as i8 - from.file().index() as i8;
        let dr = to.rank().index() as i8 - from.rank().index() as i8;
        let wrong = || IllegalMove::WrongShape {
            role: occ.role,
            from,
            to,
        };
        let at = |f: i8, r: i8| from.offset(f, r).expect("between two board points");
        match occ.role {
            Role::King => {
                if df == 0
                    && self
                        .board
                        .get(to)
                        .is_some_and(|t| t.role == Role::King && !t.hidden)
                {
                    // Flying capture of the other king along the file.
                    let step = dr.signum();
                    for i in 1..dr.abs() {
                        if self.board.get(at(0, i * step)).is_some() {
                            return Err(IllegalMove::PathBlocked {
                                at: at(0, i * step),
                            });
                        }
                    }
                    return Ok(());
                }
                if df.abs() + dr.abs() != 1 {
                    return Err(wrong());
                }
                if !to.in_palace(color) {
                    return Err(IllegalMove::LeavesPalace {
                        role: Role::King,
                        to,
                    });
                }
            }
            Role::Advisor => {
                if df.abs() != 1 || dr.abs() != 1 {
                    return Err(wrong());
                }
                if (occ.hidden || self.rules.advisor_confined_to_palace) && !to.in_palace(color) {
                    return Err(IllegalMove::LeavesPalace {
                        role: Role::Advisor,
                        to,
                    });
                }
            }
            Role::Elephant => {
                if df.abs() != 2 || dr.abs() != 2 {
                    return Err(wrong());
                }
                if (occ.hidden || self.rules.elephant_confined_to_own_half)
                    && !to.on_own_half(color)
                {
                    return Err(IllegalMove::ElephantCrossesRiver { to });
                }
                let eye = at(df / 2, dr / 2);
                if self.board.get(eye).is_some() {
                    return Err(IllegalMove::ElephantEyeBlocked { eye });
                }
            }
            Role::Horse => {
                let leg = match (df.abs(), dr.abs()) {
                    (1, 2) => at(0, dr / 2),
                    (2, 1) => at(df / 2, 0),
                    _ => return Err(wrong()),
                };
                if self.board.get(leg).is_some() {
                    return Err(IllegalMove::HorseLegBlocked { leg });
                }
            }
            Role::Rook | Role::Cannon => {
                if df != 0 && dr != 0 {
                    return Err(wrong());
                }
                let n = df.abs().max(dr.abs());
                let (sf, sr) = (df.signum(), dr.signum());
                let between: Vec<Square> = (1..n)
                    .map(|i| at(i * sf, i * sr))
                    .filter(|s| self.board.get(*s).is_some())
                    .collect();
                let capture = self.board.get(to).is_some();
                if occ.role == Role::Rook || !capture {
                    if let Some(&b) = between.first() {
                        return Err(IllegalMove::PathBlocked { at: b });
                    }
                } else if between.is_empty() {
                    return Err(IllegalMove::CannonWithoutScreen);
                } else if between.len() > 1 {
                    return Err(IllegalMove::CannonTooManyScreens {
                        screens: between.len(),
                    });
                }
            }
            Role::Pawn => {
                let forward = color.fold(1, -1);
                if dr == forward && df == 0 {
                } else if dr == 0 && df.abs() == 1 {
                    if occ.hidden || from.on_own_half(color) {
                        return Err(IllegalMove::PawnSidewaysBeforeRiver);
                    }
                } else if dr == -forward && df == 0 {
                    return Err(IllegalMove::PawnBackwards);
                } else {
                    return Err(wrong());
                }
            }
        }
        Ok(())
    }
}
