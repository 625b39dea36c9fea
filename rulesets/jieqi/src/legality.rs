//! Move legality under the Jieqi trial rules.

use xqr_core::rules::{GameHistory, IllegalMoveRuling, MoveLegality, RuleRef};
use xqr_core::{fen::JIEQI_START_FEN, IllegalMove, MoveRules, Position};

use crate::{ID, MOVE_RULES};

/// Jieqi move legality: [`MoveRules::JIEQI`] (§2.3, §3.2, §4.4), games start from the Jieqi
/// start position (§2.1), and a move the piece cannot make loses at once (§7.4.2, §5.1.10).
#[derive(Copy, Clone, Debug, Default)]
pub struct JieqiLegality;

impl MoveLegality for JieqiLegality {
    fn move_rules(&self) -> MoveRules {
        MOVE_RULES
    }

    fn start_position(&self) -> Position {
        Position::from_fen(JIEQI_START_FEN, MOVE_RULES).expect("the Jieqi start position is legal")
    }

    fn plays_hidden_pieces(&self) -> bool {
        true
    }

    fn illegal_move_ruling(
        &self,
        _history: &GameHistory,
        _reason: &IllegalMove,
    ) -> IllegalMoveRuling {
        // §7.4.2: 如棋子放在违犯着法的地方（如马行田，车切线等），即时判负 (also §5.1.10); a hidden
        // piece moved against the movement of its start point loses the same way (§7.5.3).
        // Facing kings are not illegal here: the side to move may capture (§5.1.2).
        IllegalMoveRuling::Loss {
            rule: RuleRef::new(ID, "§7.4.2"),
        }
    }
}
