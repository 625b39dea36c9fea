//! The boards of a team match (2011 §12.3).
//!
//! - §12.3 "积分编排制比赛，按照附录二中的有关条款来确定先后走。团体比赛'先走'的队，其单数台
//!   执红棋先走，双数台则执黑棋后走。"
//!
//! # The reading
//!
//! The team given Red by the pairing (二.4 applied to the teams' records) is the "先走" team;
//! its players take Red on boards 1, 3, 5 … and Black on 2, 4, 6 …. Not done here: pairing
//! teams (a team event is paired as a field of teams, each team one card).

use crate::Color;

/// The colour of the 先走 team's player on boards 1..=`boards` (§12.3).
///
/// ```
/// use xqr_core::{pairing::team_board_colours, Color};
/// assert_eq!(team_board_colours(4), [Color::Red, Color::Black, Color::Red, Color::Black]);
/// ```
pub fn team_board_colours(boards: u32) -> Vec<Color> {
    (1..=boards)
        .map(|b| if b % 2 == 1 { Color::Red } else { Color::Black })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_team_takes_red_on_odd_boards() {
        let c = team_board_colours(5);
        assert_eq!(c.iter().filter(|&&c| c == Color::Red).count(), 3);
        assert_eq!(c[1], Color::Black);
    }
}
