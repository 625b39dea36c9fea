//! The natural move limit (自然限着): moves without a capture, with a cap on counted checks.

use super::GameHistory;

/// Whether a natural-limit claim succeeds after the last ply: `moves` moves by both sides
/// (2 × `moves` plies) without a capture, where the claimant's checks beyond `check_cap` do not
/// count. Returns the side whose claim succeeds and the plies counted.
/// ```
/// use xqr_core::rules::{natural_limit, GameHistory};
/// use xqr_core::{MoveRules, Position};
/// let h = GameHistory::new(Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 120 80", MoveRules::STANDARD).unwrap());
/// assert!(natural_limit(&h, 60, 10).is_some());
/// assert!(natural_limit(&h, 61, 10).is_none());
/// ```
pub fn natural_limit(
    history: &GameHistory,
    moves: u32,
    check_cap: u32,
) -> Option<(crate::Color, u32)> {
    let pos = history.last();
    let since = pos.halfmove_clock();
    let needed = moves * 2;
    if since < needed {
        return None;
    }
    let ply = history.ply_count();
    let window = since.min(ply);
    for claimant in crate::Color::ALL {
        // Checks given by the claimant within the recorded part of the window.
        let checks = history.checks_given(claimant, ply - window + 1, ply);
        let counted = since - checks.saturating_sub(check_cap);
        if counted >= needed {
            return Some((claimant, counted));
        }
    }
    None
}
