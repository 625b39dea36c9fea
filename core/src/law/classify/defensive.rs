//! 占据防守要点 (CXA 1999 §27.3): "占據防守要點，立即構成簡明和棋，附帶產生的捉士相(象)，按閑處理"
//! — when a piece occupies a defensive key point and so at once makes a clear draw, the chase of
//! an advisor or elephant that comes with it is idle.
//!
//! # The mechanical reading
//!
//! A move whose counted chases (after §27.1, §27.2 and §29.2) all target advisors or elephants is
//! not a chase when the moved piece stands, after the move, on a *defensive key point*:
//!
//! 1. with the moved piece on its destination, the opponent (to move) cannot mate by a check or
//!    continuous checks within the edition's mate-threat depth
//!    ([`Definitions::mate_threat`], the same bounded search as 杀 §28.2); and
//! 2. with that piece taken off the board, all else equal, the opponent could.
//!
//! So the piece is what stops a mate from that point: it "holds" the point (守和要点, 1999
//! chapter 7 example 15; 炮不离位固守防御, example 16).
//!
//! What is *not* checked: that the position is a clear or theoretically recognised draw (简明和棋,
//! 理论上公认的和棋). That is endgame knowledge, not decidable by a bounded search; the reading
//! only checks the defensive duty, which is the part of the article that concerns the moved
//! piece. A defence against a mate deeper than the search depth is not recognised (the chase
//! stands). Nor is a piece whose removal would leave its own king attacked (a pinned piece or
//! the screen between the kings): its duty is the king's safety, not a key point, and the
//! position without it is not one the opponent could be to move in.
//!
//! The move's other roles are then named by the idle kinds as usual (a piece that pins a
//! protected piece while it holds the point is a 跟, example 15).
//!
//! # 2011 §26.2
//!
//! CXA 2011 §26.2 "守和方只有一個進攻子時，占據守和要點，附帶產生的捉士象按閑處理" keeps the
//! key point and the incidental chase of advisors and elephants, drops "立即構成簡明和棋", and
//! adds a condition: the defending side (守和方, the mover holding the point) has only one
//! attacking piece (進攻子). An attacking piece is read as a piece that can cross the river and
//! attack: a rook, horse or cannon, or a pawn that has crossed the river (a pawn on its own
//! half cannot attack anything across it; king, advisors and elephants never leave their own
//! half). The pieces are counted after the move, with the moved piece among them
//! ([`DefensiveKeyPoint::SingleAttacker`]).

use super::{mates_by_checks, ChaseTarget, Definitions};
use crate::{Color, Position, Role, Square};

/// Which reading of the defensive key point an edition applies.
///
/// An edition without the article has no reading of it
/// ([`Definitions::defensive_key_point`] is `None`): an incidental chase of advisors or
/// elephants is then a chase.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum DefensiveKeyPoint {
    /// 1999 §27.3: any piece holding a defensive key point.
    AnyDefender,
    /// 2011 §26.2: only when the defending side has a single attacking piece (rook, horse,
    /// cannon or crossed pawn).
    SingleAttacker,
}

/// The attacking pieces (進攻子, 2011 §26.2) of `side` in `pos`: rooks, horses, cannons and
/// pawns that have crossed the river.
///
/// ```
/// use xqr_core::{law::classify::attacking_pieces, Color, MoveRules, Position};
/// // Red: a rook, an advisor and a pawn on its own half; only the rook attacks.
/// let p = Position::from_fen("4k4/9/9/9/9/9/4P4/9/4A4/R3K4 w - - 0 1", MoveRules::STANDARD)
///     .unwrap();
/// assert_eq!(attacking_pieces(&p, Color::Red), 1);
/// ```
pub fn attacking_pieces(pos: &Position, side: Color) -> usize {
    pos.board()
        .by_color(side)
        .iter()
        .filter_map(|s| pos.board().get(s).map(|o| (s, o)))
        .filter(|(s, o)| match o.role {
            Role::Rook | Role::Horse | Role::Cannon => true,
            Role::Pawn => !s.on_own_half(side),
            Role::King | Role::Advisor | Role::Elephant => false,
        })
        .count()
}

/// Whether `to`, where the mover's piece stands in `after` (opponent to move), is a defensive
/// key point in the sense above: the opponent mates by checks within `checks` moves with the
/// piece removed, and not with it there.
///
/// ```
/// use xqr_core::{law::classify::holds_defensive_point, MoveRules, Position};
/// // The red rook on e5 shuts the e-file: without it the black king on e9 keeps the red king
/// // off e0/e1, and the black rook mates on the f-file.
/// let after = Position::from_fen("4k4/9/9/9/4R4/9/8r/9/9/5K3 b - - 0 1", MoveRules::STANDARD)
///     .unwrap();
/// assert!(holds_defensive_point(&after, "e5".parse().unwrap(), 3));
/// ```
pub fn holds_defensive_point(after: &Position, to: Square, checks: u8) -> bool {
    let mover = !after.turn();
    if after.board().get(to).is_none_or(|o| o.color != mover) {
        return false;
    }
    let mut setup = after.to_setup();
    setup.board.set(to, None);
    // Without the piece the position must still be one the opponent could be to move in;
    // otherwise the piece was shielding its own king (see the module notes).
    let Ok(vacated) = Position::from_setup(setup, *after.rules()) else {
        return false;
    };
    if vacated.king(mover).is_none() || vacated.is_king_attacked(mover) {
        return false;
    }
    mates_by_checks(&vacated, checks) && !mates_by_checks(after, checks)
}

/// If the chases `counted` of the move `from`→`to` (from `before` to `after`) are incidental
/// chases of advisors or elephants by a piece holding a defensive key point (1999 §27.3, 2011
/// §26.2, as [`Definitions::defensive_key_point`] says), the note saying so; the move is then
/// not a chase. Under 2011 a piece that holds the point for a side with more than one attacking
/// piece gets a note saying why the article does not apply, and the chase stands.
pub(crate) fn incidental_chase(
    after: &Position,
    to: Option<Square>,
    counted: &[&ChaseTarget],
    defs: &Definitions,
) -> Option<Incidental> {
    let Some(key_point) = &defs.defensive_key_point else {
        return None;
    };
    if counted.is_empty() {
        return None;
    }
    if !counted
        .iter()
        .all(|c| matches!(c.role, Role::Advisor | Role::Elephant))
    {
        return None;
    }
    let to = to?;
    let mover = !after.turn();
    let attackers = attacking_pieces(after, mover);
    if !holds_defensive_point(after, to, defs.mate_threat.checks) {
        return None;
    }
    if key_point.reading == DefensiveKeyPoint::SingleAttacker && attackers != 1 {
        return Some(Incidental {
            idle: false,
            note: format!(
                "the piece on {to} holds a defensive key point, but {mover} has {attackers} \
                 attacking pieces: the incidental chase is idle only for a single one ({})",
                key_point.article,
            ),
        });
    }
    let targets: Vec<String> = counted
        .iter()
        .map(|c| format!("{} on {}", c.role, c.target))
        .collect();
    let condition = match key_point.reading {
        DefensiveKeyPoint::SingleAttacker => {
            format!("; {mover} has a single attacking piece (rook, horse, cannon or crossed pawn)")
        }
        _ => "; the clear draw itself is not checked".to_owned(),
    };
    Some(Incidental {
        idle: true,
        note: format!(
            "the piece on {to} holds a defensive key point (without it {} would mate by checks within {} moves): \
             its chase of {} is incidental, idle ({}{condition})",
            after.turn(),
            defs.mate_threat.checks,
            targets.join(", "),
            key_point.article,
        ),
    })
}

/// What the defensive key point article says of a move's chases.
pub(crate) struct Incidental {
    /// Whether they are idle.
    pub(crate) idle: bool,
    /// The note citing the article.
    pub(crate) note: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::law::classify::classify_move;
    use crate::law::MoveKind;
    use crate::MoveRules;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, MoveRules::STANDARD).expect("legal")
    }

    fn sq(s: &str) -> Square {
        s.parse().expect("square")
    }

    /// Plays `m` in `fen` and classifies it under the 1999 definitions, §27.3 on or off.
    fn classify(fen: &str, m: &str, key_point: bool) -> crate::law::classify::Classification {
        let before = pos(fen);
        let mut after = before.clone();
        after.play(m.parse().expect("ICCS")).expect("legal");
        let mut defs = Definitions::cxa_1999();
        if !key_point {
            defs.defensive_key_point = None;
        }
        classify_move(&before, &after, &defs)
    }

    // Chapter 7 example 15 as constructed in tests/fixtures: the rook returns to e5, where it
    // shuts the e-file against 车1退1, and attacks the pinned elephant on e7.
    const EX15: &str = "4k4/9/4b4/9/3R5/9/9/5K3/r3p4/9 w - - 0 1";

    #[test]
    fn rook_on_the_key_point_chases_the_elephant_incidentally() {
        let c = classify(EX15, "d5e5", true);
        assert!(!c.class.has(MoveKind::Chase), "{:?}", c.class);
        assert_eq!(c.class.heaviest(), MoveKind::Follow, "{:?}", c.class);
        assert!(c.class.notes.iter().any(|n| n.contains("§27.3")));
        // The chase is still recorded as the move's chase; only its weight changes.
        assert!(c.chases.iter().any(|t| t.role == Role::Elephant));
    }

    #[test]
    fn without_the_knob_the_same_move_is_a_chase() {
        let c = classify(EX15, "d5e5", false);
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("e7")]);
    }

    #[test]
    fn the_key_point_is_where_the_piece_stops_a_mate() {
        let on_e5 = pos("4k4/9/4b4/9/4R4/9/9/5K3/r3p4/9 b - - 0 1");
        assert!(holds_defensive_point(&on_e5, sq("e5"), 3));
        // On d5 the rook can only interpose on d2, which Black takes with mate: no defence.
        let on_d5 = pos("4k4/9/4b4/9/3R5/9/9/5K3/r3p4/9 b - - 0 1");
        assert!(!holds_defensive_point(&on_d5, sq("d5"), 3));
        // No black attacker: nothing to defend against.
        let bare = pos("4k4/9/4b4/9/4R4/9/9/5K3/9/9 b - - 0 1");
        assert!(!holds_defensive_point(&bare, sq("e5"), 3));
        // A point that is not the mover's piece is no key point.
        assert!(!holds_defensive_point(&on_e5, sq("e7"), 3));
    }

    #[test]
    fn the_defence_is_looked_for_within_the_mate_threat_depth() {
        // Black's mate without the rook is one check deep: with no checks searched it is not seen.
        let on_e5 = pos("4k4/9/4b4/9/4R4/9/9/5K3/r3p4/9 b - - 0 1");
        assert!(!holds_defensive_point(&on_e5, sq("e5"), 0));
        assert!(holds_defensive_point(&on_e5, sq("e5"), 1));
    }

    #[test]
    fn a_chase_of_anything_but_advisors_and_elephants_stands() {
        // Example 15 with an unprotected black horse on e6 instead of the elephant: the rook
        // still holds the key point, but §27.3 covers advisors and elephants only.
        let fen = "4k4/9/9/4n4/3R5/9/9/5K3/r3p4/9 w - - 0 1";
        let after = pos("4k4/9/9/4n4/4R4/9/9/5K3/r3p4/9 b - - 0 1");
        assert!(holds_defensive_point(&after, sq("e5"), 3));
        let c = classify(fen, "d5e5", true);
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("e6")]);
    }

    #[test]
    fn cannon_holding_its_post_chases_advisor_and_elephant_incidentally() {
        // Chapter 7 example 16 as constructed: the cannon keeps rank 8 against 车二平四.
        let fen = "5kb2/3c5/3a5/9/2b6/2B6/9/3A5/4K4/7R1 b - - 0 1";
        let c = classify(fen, "d8c8", true);
        assert_eq!(c.class.heaviest(), MoveKind::Idle, "{:?}", c.class);
        assert!(c.class.notes.iter().any(|n| n.contains("§27.3")));
        // Without the red rook there is no post to hold: the chase of the elephant stands.
        let fen = "5kb2/3c5/3a5/9/2b6/2B6/9/3A5/4K4/9 b - - 0 1";
        let c = classify(fen, "d8c8", true);
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("c4")]);
    }

    /// 2011 §26.2: the same key point, the defender with a single attacking piece (the rook):
    /// idle, citing the 2011 article. With a second red attacking piece (a horse on a9, far from
    /// the action) 2011 calls the move a chase; 1999 §27.3 has no such condition.
    #[test]
    fn in_2011_only_a_single_attacking_piece_holds_the_point() {
        let play = |fen: &str, defs: &Definitions| {
            let before = pos(fen);
            let mut after = before.clone();
            after.play("d5e5".parse().expect("ICCS")).expect("legal");
            classify_move(&before, &after, defs)
        };
        let new = Definitions::cxa_2011();
        let old = Definitions::cxa_1999();
        let c = play(EX15, &new);
        assert!(!c.class.has(MoveKind::Chase), "{:?}", c.class);
        assert!(
            c.class.notes.iter().any(|n| n.contains("cxa-2011 §26.2")),
            "{:?}",
            c.class.notes
        );
        let two = "N3k4/9/4b4/9/3R5/9/9/5K3/r3p4/9 w - - 0 1";
        assert_eq!(attacking_pieces(&pos(two), crate::Color::Red), 2);
        let c = play(two, &new);
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("e7")]);
        let c = play(two, &old);
        assert!(!c.class.has(MoveKind::Chase), "{:?}", c.class);
        assert!(c.class.notes.iter().any(|n| n.contains("cxa-1999 §27.3")));
    }

    #[test]
    fn attacking_pieces_are_rooks_horses_cannons_and_crossed_pawns() {
        // Black: a horse, a cannon, a crossed pawn (e4) and an uncrossed one (a6), advisors.
        let p = pos("3akc3/4a4/9/p8/9/9/4p4/9/9/3K1n3 w - - 0 1");
        assert_eq!(attacking_pieces(&p, crate::Color::Black), 3);
        assert_eq!(attacking_pieces(&p, crate::Color::Red), 0);
    }

    #[test]
    fn a_piece_shielding_its_own_king_is_no_key_point() {
        // The red rook on e5 stands between the kings: without it the kings would face, a
        // position Black could never be to move in. That is a pin, not a key point.
        let after = pos("4k4/9/9/9/4R4/9/9/9/9/4K4 b - - 0 1");
        assert!(!holds_defensive_point(&after, sq("e5"), 3));
    }
}
