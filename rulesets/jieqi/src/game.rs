//! A Jieqi game played under a known deal (the arbiter's game, or a club's seeded round).

use xqr_core::rules::{GameHistory, Observer, View};
use xqr_core::{fen::JIEQI_START_FEN, IllegalMove, Move, Piece, Position, Square};

use crate::{Deal, DealError, MOVE_RULES};

/// A move that cannot be played in a [`JieqiGame`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The move is illegal.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// The move names a reveal other than the identity dealt on its point.
    #[error("the hidden piece on {from} was dealt {dealt}, not {claimed}")]
    RevealDiffersFromDeal {
        /// The point.
        from: Square,
        /// The dealt identity.
        dealt: Piece,
        /// The identity the move names.
        claimed: Piece,
    },
    /// The move names a captured identity other than the one dealt on the captured point.
    #[error("the hidden piece captured on {to} was dealt {dealt}, not {claimed}")]
    CaptureDiffersFromDeal {
        /// The point.
        to: Square,
        /// The dealt identity.
        dealt: Piece,
        /// The identity the move names.
        claimed: Piece,
    },
}

/// A game whose deal is known: each move of a hidden piece reveals its dealt identity
/// (§7.5.1) and each capture of a hidden piece records its identity, which its capturer sees
/// (§7.5.4). [`JieqiGame::view`] gives each observer what it may see.
///
/// ```
/// use xqr_jieqi::JieqiGame;
/// use xqr_core::rules::Observer;
/// let mut game = JieqiGame::from_seed(42);
/// game.play("h2e2".parse().unwrap()).unwrap(); // the hidden cannon of h2 moves and is revealed
/// let revealed = game.position().board().get("e2".parse().unwrap()).unwrap();
/// assert!(!revealed.hidden);
/// assert_eq!(Some(revealed.piece()), game.deal().get("h2".parse().unwrap()));
/// assert!(game.view(Observer::Black).known.is_empty());
/// assert_eq!(game.view(Observer::Arbiter).known.len(), 29);
/// ```
#[derive(Clone, Debug)]
pub struct JieqiGame {
    history: GameHistory,
    deal: Deal,
}

impl JieqiGame {
    /// A game from `start` under `deal`, which must fit it.
    pub fn new(start: Position, deal: Deal) -> Result<JieqiGame, DealError> {
        deal.check(&start)?;
        Ok(JieqiGame {
            history: GameHistory::new(start),
            deal,
        })
    }

    /// A game from the Jieqi start position under the deal of `seed` ([`Deal::from_seed`]).
    pub fn from_seed(seed: u64) -> JieqiGame {
        let start =
            Position::from_fen(JIEQI_START_FEN, MOVE_RULES).expect("the Jieqi start is legal");
        JieqiGame::new(start, Deal::from_seed(seed)).expect("a fresh deal fits the start")
    }

    /// The deal.
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// The game so far.
    pub fn history(&self) -> &GameHistory {
        &self.history
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.history.last()
    }

    /// `m` with the reveal and captured identity the deal gives it; a reveal or captured
    /// identity `m` names must be the dealt one.
    pub fn complete(&self, m: Move) -> Result<Move, GameError> {
        complete_move(self.position(), &self.deal, m)
    }

    /// Plays `m` (reveal and captured identity filled in from the deal).
    pub fn play(&mut self, m: Move) -> Result<(), GameError> {
        let m = self.complete(m)?;
        self.history.push(m)?;
        Ok(())
    }

    /// What `observer` sees now ([`crate::view`] with this game's deal).
    pub fn view(&self, observer: Observer) -> View {
        crate::view(&self.history, Some(&self.deal), observer)
    }
}

/// `m`, a move of `pos`, with the reveal and captured identity `deal` gives it (§7.5.1: a moved
/// hidden piece shows its dealt identity; §7.5.4: the capturer sees a captured hidden piece); a
/// reveal or captured identity `m` names must be the dealt one.
pub(crate) fn complete_move(pos: &Position, deal: &Deal, m: Move) -> Result<Move, GameError> {
    let mut m = m;
    if pos.board().get(m.from).is_some_and(|o| o.hidden) {
        if let Some(dealt) = deal.get(m.from) {
            match m.reveal {
                Some(claimed) if claimed != dealt => {
                    return Err(GameError::RevealDiffersFromDeal {
                        from: m.from,
                        dealt,
                        claimed,
                    })
                }
                _ => m.reveal = Some(dealt),
            }
        }
    }
    if pos.board().get(m.to).is_some_and(|o| o.hidden) {
        if let Some(dealt) = deal.get(m.to) {
            match m.capture {
                Some(claimed) if claimed != dealt => {
                    return Err(GameError::CaptureDiffersFromDeal {
                        to: m.to,
                        dealt,
                        claimed,
                    })
                }
                _ => m.capture = Some(dealt),
            }
        }
    }
    Ok(m)
}
