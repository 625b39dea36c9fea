//! The idle kinds (闲): CXA 1999 §28.5 "凡走子可與同等子力互換吃去者,稱為"邀兌",簡稱"兌"."; §28.6
//! "凡無根子送吃,而對方同兵種子一旦吃掉此子后,不致立即被將死或立即在子力價值上遭受損失者,稱為
//! "獻"."; §28.7 "凡走子阻攔對方棋子的活動,而又不具攻擊作用者,稱為"攔"."; §28.8 "凡走子盯牽對方有
//! 根子,而又不具攻擊作用者,稱為"跟"."; §28.9 "凡走子性質不屬于將.殺.捉,統稱為"閑".兌.獻.攔.跟,均屬
//! "閑"的范疇.". 2011 §24.4–24.7 say the same (§24.4 adds "雙方不同兵種之間進行等價交換，也成為
//! "兌"", which comparing values already covers).
//!
//! # The reading
//!
//! A move that is neither check, mate threat nor chase is named by the first that applies:
//!
//! - 兑: the moved piece (of value) can be taken by an opponent piece of the same value, and
//!   could be retaken; 献: it could not be retaken and the taker is of its kind;
//! - 跟: the moved piece now attacks a protected piece of value without winning it (盯牵对方有
//!   根子);
//! - 拦: it stands where an opponent rook or cannon could go before, cutting its path;
//! - otherwise plain 闲.
//!
//! The kinds only name the idle move for reports; no verdict depends on which it is. What is
//! *not* checked: §28.6's condition that the taker is not then mated or down in material (a
//! costly offer is a chase under 2011 §26.9, `costly_offer.rs`), and whether a 拦 or 跟 "has no
//! attacking effect" beyond not being a chase.

use super::after_move;
use super::exchange::{captures_on, prize};
use super::Definitions;
use crate::law::{MoveKind, PlyClass};
use crate::{Position, Role, Square};

/// The idle kinds (1999 §28.5–28.9): offer of exchange (兑), offer (献), follow (跟), block
/// (拦), otherwise plain idle (闲).
pub(super) fn idle_kind(
    before: &Position,
    after: &Position,
    defs: &Definitions,
    class: &mut PlyClass,
) {
    let Some(m) = after_move(before, after) else {
        class.kinds.push(MoveKind::Idle);
        return;
    };
    let moved = after.board().get(m.1);
    let mover_value = moved.map_or(0, |o| defs.values.of(o, m.1));
    // 兑 / 献: the moved piece can be taken by an opponent piece of the same value.
    if mover_value > 0 {
        for c in captures_on(after, m.1) {
            let Some(capturer) = after.board().get(c.from) else {
                continue;
            };
            let cv = prize(&defs.values, Some(capturer), c.from);
            if cv != mover_value {
                continue;
            }
            let recapture = {
                let mut next = after.clone();
                next.play_unchecked(c);
                next.can_capture_on(m.1)
            };
            if recapture {
                class.kinds.push(MoveKind::ExchangeOffer);
                class.targets.push(c.from);
                class.notes.push(format!(
                    "offers an exchange with the {} on {} ({})",
                    capturer.role, c.from, defs.exchange
                ));
            } else if capturer.role == moved.map_or(Role::King, |o| o.role) {
                class.kinds.push(MoveKind::Offer);
                class.targets.push(c.from);
                class.notes.push(format!(
                    "offers itself to the {} on {} ({})",
                    capturer.role, c.from, defs.offer
                ));
            }
            break;
        }
    }
    if class.kinds.is_empty() {
        // 跟: the moved piece now attacks a protected piece of value without winning it.
        let again = after.passed();
        let follows: Vec<Square> = again
            .legal_captures()
            .iter()
            .filter(|c| c.from == m.1)
            .filter(|c| {
                again
                    .board()
                    .get(c.to)
                    .is_some_and(|o| defs.values.of(o, c.to) > 0)
            })
            // §28.8: 盯牵对方有根子 — the piece followed has a root: taking it is answered.
            .filter(|c| {
                let mut next = again.clone();
                next.play_unchecked(**c);
                next.can_capture_on(c.to)
            })
            .map(|c| c.to)
            .collect();
        if let Some(&t) = follows.first() {
            class.kinds.push(MoveKind::Follow);
            class.targets.push(t);
            class.notes.push(format!(
                "follows the protected piece on {t} without winning it ({})",
                defs.follow
            ));
        }
    }
    if class.kinds.is_empty() {
        // 拦: the moved piece stands where an opponent piece could go before, cutting its path.
        let blocked: Vec<Square> = before
            .passed()
            .legal_moves()
            .iter()
            .filter(|x| x.to == m.1)
            .filter(|x| {
                before
                    .board()
                    .get(x.from)
                    .is_some_and(|o| matches!(o.role, Role::Rook | Role::Cannon))
            })
            .map(|x| x.from)
            .collect();
        if let Some(&b) = blocked.first() {
            class.kinds.push(MoveKind::Block);
            class.targets.push(b);
            class.notes.push(format!(
                "blocks the path of the piece on {b} ({})",
                defs.block
            ));
        }
    }
    if class.kinds.is_empty() {
        class.kinds.push(MoveKind::Idle);
    }
}
