//! The king's and the pawn's own chase: CXA 1999 §27.1 "允許帥(將)本身步步叫吃對方的棋子，按閑著
//! 處理." and §27.2 "兵(卒)本身捉吃對方的棋子(不含將.殺),按閑處理;如形成相互長打局面,則應按捉處
//! 理."; 2011 §26.1 "帥（將）、兵（卒）本身允許長捉。" with §26.1.1 "走動帥（將）、兵（卒）后與其他
//! 子配合同時產生"捉"或走動后其他子產生新的"捉"，按 "捉"處理。"
//!
//! # The reading
//!
//! A chased piece that only the king can win ([`ChaseTarget::king_only`]), or only pawns
//! ([`ChaseTarget::pawn_only`]), is that piece's own chase: under [`OwnChase::Idle`] it does not
//! make the move a chase, under [`OwnChase::IdleUnlessMutual`] (1999 pawns) the loop judge
//! decides whether both sides keep attacking, and under [`OwnChase::Counts`] it is a chase like
//! any other. A piece won through checks is nobody's own chase (the checks are the mover's),
//! except a pawn's drawing capture under 2011 §26.7 (`pawn_discovered.rs`). A chase the king or
//! pawn makes with other pieces (§26.1.1 "與其他子配合") has other attackers, so it is not its own.
//!
//! # AXF: the king together with other pieces
//!
//! AXF rule 28: "The King may perpetually chase, alone or together with another piece" (D67,
//! the king alone on a cannon; D68, "King together with a Knight chases a Pawn: allowed,
//! draw"). Under [`OwnChase::IdleWithOthers`] a chase made by a king move in which the king is
//! among the attackers is the king's, idle like its own chase
//! ([`ChaseException::OwnChaseWithOthers`]), whatever the other attackers; the king's part makes
//! the whole attack allowed. A chase another piece's move makes is that piece's, though the
//! standing king attacks too: rule 28 lets the king chase, not the pieces beside it. One
//! exception to the first: an
//! attack *discovered* by the king's move, one that another piece could not make before the
//! king moved (the king stood on its line or its horse's leg, or its capture would have exposed
//! the king), belongs to the discovered piece, not the king, and the chase counts.
//!
//! That exception is what squares Fairy-Stockfish's ruling 1179 with D68. In 1179 the black
//! king shuttles d8/e8 beside its horses d7 and e7 while Red's crossed pawn shuttles d9/e9: each
//! king move attacks the pawn and opens a horse's leg (d8 for the horse d7, e8 for the horse
//! e7), so a horse attacks the pawn too; FSF rules Black loses. Its moves are D68's list with
//! the colours changed (`K4=5 p5=6 / K5=4 p6=5`), but with two horses, so that *every* king move
//! uncovers one: the two horses then take turns on the same pawn (rule 33) and Black must
//! change. D68 has one knight: if its attack comes with every other king move at most, or
//! stands without the king's help, the king's remaining moves are its own chases, idle, and the
//! loop is one chase one idle, or no chase at all: a draw. Read literally ("together with
//! another piece"), rule 28 would make 1179 a draw as well; the paraphrase gives D68's moves
//! but not its position, so this reading is the one both rulings allow.
//!
//! The doubt: CXA 1999 chapter 7 example 11 has D68's moves mirrored (帅六平五 卒5平4 / 帅五平六
//! 卒4平5) with *two* horses uncovered in turn by the king, and rules "红帅捉卒本来是闲，但双马也同
//! 时轮流捉卒，按长捉处理". If D68 is that diagram, AXF's "allowed" overrules CXA on exactly this
//! point, FSF 1179 follows CXA, and the exception above sides with them against D68.
//!
//! Not checked: an attack that the king's move makes a chase without uncovering it (the king
//! stepping onto the line of a protector of the target): the king is among the attackers, or it
//! is not, as the position shows.
//!
//! For pawns, [`OwnChase::IdleWithOthers`] reads the same (a pawn among the attackers, an
//! attack discovered by the pawn's move), but AXF does not use it: rule 29 "A Pawn may
//! perpetually chase; several Pawns may combine; still allowed if one of the Pawn's chasing
//! moves involves a Rook, Cannon or Knight" is [`OwnChase::Idle`], a chase by pawns alone being
//! idle whatever it attacks: "involves a Rook, Cannon or Knight" is read as the pawns' chases
//! *targeting* those pieces, not as a pawn move uncovering another piece's attack. FSF 1166 (a
//! pawn alone on a rook: draw) against 1164 (the pawn's capture uncovers the cannon behind it on
//! the same rook: Black wins) pins that reading, and [`ChaseTarget::pawn_only`] gives it, being
//! false as soon as another piece attacks as well.
//!
//! Not implemented: a third-party summary of AXF rule 30 (its text was not retrieved) reads "a
//! King or a Pawn cannot work together with another piece to perpetually chase". It
//! contradicts rule 28 ("alone or together with another piece") and D68's ruling as written,
//! and rule 29's "several Pawns may combine"; with no text and no diagram behind it, it is not
//! a reading any edition can choose.

use super::{pawn_discovered, ChaseException, ChaseTarget, ChaseVia, Definitions};
use crate::{Position, Role, Square};

/// Whose own chase counts (1999 §27.1–27.2, 2011 §26.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum OwnChase {
    /// A chase by this piece alone is idle (1999 §27.1 for the king).
    Idle,
    /// Idle unless both sides keep attacking (1999 §27.2 for the pawn); the loop judge decides.
    IdleUnlessMutual,
    /// It is a chase like any other (2011 §26.1).
    Counts,
    /// Idle alone, and idle together with other pieces, unless the piece's move discovered
    /// another piece's attack (AXF rule 28 for the king, D67–68; FSF 1179).
    IdleWithOthers,
}

/// Whether a chase counts as the mover's chase under `defs` (not the king's or a pawn's own,
/// and not made idle by an article).
pub(super) fn counts(c: &ChaseTarget, defs: &Definitions) -> bool {
    let king_idle = c.king_only && defs.king_chase.reading != OwnChase::Counts;
    let pawn_idle = c.pawn_only && defs.pawn_chase.reading != OwnChase::Counts;
    !king_idle && !pawn_idle && !c.overruled()
}

/// AXF rule 28 ([`OwnChase::IdleWithOthers`]): marks idle each chase in `chases` (made by the
/// move from `before`, found in `again`, `from` being the point the mover's piece left) that
/// the king, or a pawn, makes together with other pieces, unless the move was that piece's and
/// discovered the attack of one of the others (then a note says so).
pub(super) fn with_others(
    before: &Position,
    again: &Position,
    from: Option<Square>,
    chases: &mut [ChaseTarget],
    defs: &Definitions,
    notes: &mut Vec<String>,
) {
    let readings = [
        (Role::King, defs.king_chase.reading),
        (Role::Pawn, defs.pawn_chase.reading),
    ];
    if readings.iter().all(|(_, r)| *r != OwnChase::IdleWithOthers) {
        return;
    }
    let moved = from.and_then(|s| before.board().get(s)).map(|o| o.role);
    let mut earlier = None;
    for c in chases.iter_mut() {
        if c.via == ChaseVia::Checks || c.overruled() || c.king_only || c.pawn_only {
            continue;
        }
        let role_at = |s: &Square| again.board().get(*s).map(|o| o.role);
        for (role, reading) in readings {
            // Only the king's (pawn's) own move makes its chase: a chase another piece's move
            // makes is the mover's, whoever else stands attacking.
            if reading != OwnChase::IdleWithOthers
                || moved != Some(role)
                || !c.by.iter().any(|s| role_at(s) == Some(role))
            {
                continue;
            }
            // The attack of a piece other than a king or a pawn that the move discovered.
            let discovered = c.by.iter().copied().find(|s| {
                !matches!(role_at(s), Some(Role::King | Role::Pawn) | None)
                    && !earlier
                        .get_or_insert_with(|| before.legal_captures())
                        .iter()
                        .any(|m| m.from == *s && m.to == c.target)
            });
            let Some(by) = discovered else {
                c.exception = Some(ChaseException::OwnChaseWithOthers { role });
                break;
            };
            let uncovered = role_at(&by).map_or_else(String::new, |r| r.to_string());
            notes.push(format!(
                "the {role} is among the pieces attacking the {} on {}, but its move uncovered the \
                 attack of the {uncovered} on {by}: that piece's chase, not the {role}'s own ({})",
                c.role,
                c.target,
                if role == Role::King {
                    &defs.king_chase.article
                } else {
                    &defs.pawn_chase.article
                }
            ));
            break;
        }
    }
}

/// The note for a chase that the king or a pawn makes together with other pieces, idle under
/// [`OwnChase::IdleWithOthers`].
pub(super) fn with_others_note(c: &ChaseTarget, role: Role, defs: &Definitions) -> String {
    let article = if role == Role::King {
        &defs.king_chase.article
    } else {
        &defs.pawn_chase.article
    };
    format!(
        "the {role} is among the pieces attacking the {} on {} ({}), and its move uncovered none of \
         the others' attacks: its own chase together with other pieces, idle ({article})",
        c.role,
        c.target,
        c.attackers()
    )
}

/// The note for an attack that is the king's or a pawn's own chase, if it is one.
pub(super) fn note(c: &ChaseTarget, defs: &Definitions) -> Option<String> {
    if c.king_only && defs.king_chase.reading != OwnChase::Counts {
        return Some(format!(
            "only the king attacks {} on {}: idle ({})",
            c.role, c.target, defs.king_chase.article
        ));
    }
    if c.pawn_only && c.via == ChaseVia::Checks {
        return defs
            .pawn_discovered
            .as_ref()
            .map(|a| pawn_discovered::drawing_capture_note(c, a));
    }
    if c.pawn_only && defs.pawn_chase.reading != OwnChase::Counts {
        let why = if defs.pawn_chase.reading == OwnChase::IdleUnlessMutual {
            "idle unless both sides keep attacking"
        } else {
            "idle"
        };
        return Some(format!(
            "only pawns attack {} on {}: {why} ({})",
            c.role, c.target, defs.pawn_chase.article
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::law::classify::testing::{axf_like, pos, sq};
    use crate::law::classify::{classify_move, Definitions};
    use crate::law::MoveKind;
    use crate::Position;

    /// `before` with the ICCS move `m` played.
    fn after(before: &Position, m: &str) -> Position {
        let mut p = before.clone();
        p.play(m.parse().expect("ICCS")).expect("legal");
        p
    }

    /// FSF 1179: the black king's moves attack Red's crossed pawn and each opens a horse's leg
    /// (d8e8 frees the horse d7 onto e9, e8d8 the horse e7 onto d9). The horses' attacks are
    /// discovered by the king's move, so they are the horses' chases, not the king's: chases
    /// under rule 28 read with others (and under CXA 1999, where the horse makes the chase not
    /// the king's own).
    #[test]
    fn fsf_1179_a_horse_uncovered_by_the_king_chases() {
        let before = pos("4P4/3k5/3nn4/9/9/9/9/9/9/5K3 b - - 0 1");
        let black = after(&before, "d8e8");
        for d in [axf_like(), Definitions::cxa_1999()] {
            let c = classify_move(&before, &black, &d);
            assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
            assert_eq!(c.class.targets, vec![sq("e9")]);
            assert_eq!(c.chases[0].exception, None);
        }
        let c = classify_move(&before, &black, &axf_like());
        assert!(
            c.class
                .notes
                .iter()
                .any(|n| n.contains("uncovered the attack of the horse on d7")
                    && n.contains("axf rule 28")),
            "{:?}",
            c.class.notes
        );
        let red = after(&black, "e9d9");
        let black = after(&red, "e8d8");
        let c = classify_move(&red, &black, &axf_like());
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        let d9 = &c.chases[0];
        assert!(
            d9.by.contains(&sq("e7")) && d9.by.contains(&sq("d8")),
            "{d9:?}"
        );
    }

    /// D68 with one knight (1179 without the horse e7): the king's move to e8 uncovers the
    /// horse d7, a chase; its move back to d8 uncovers nothing, and the king alone attacks the
    /// pawn, its own chase, idle. One chase one idle: the king "together with a Knight" may
    /// chase (rule 28).
    #[test]
    fn d68_the_king_with_one_knight_chases_every_other_move() {
        let before = pos("4P4/3k5/3n5/9/9/9/9/9/9/5K3 b - - 0 1");
        let e8 = after(&before, "d8e8");
        let c = classify_move(&before, &e8, &axf_like());
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        let red = after(&e8, "e9d9");
        let d8 = after(&red, "e8d8");
        let c = classify_move(&red, &d8, &axf_like());
        assert_ne!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert!(c.chases.iter().any(|c| c.king_only), "{:?}", c.chases);
        assert!(
            c.class
                .notes
                .iter()
                .any(|n| n.contains("only the king") && n.contains("axf rule 28")),
            "{:?}",
            c.class.notes
        );
    }

    /// Rule 28 is about the king's own moves: the red king e1 attacks the crossed pawn e0, and
    /// the horse steps up to it too (b3c1). The horse's move makes the chase, so it is the
    /// horse's, as under CXA 1999, though the standing king also attacks the pawn; D68's
    /// "together with a Knight" is the king moving while a knight attacks.
    #[test]
    fn a_knight_joining_the_standing_kings_attack_chases() {
        let before = pos("3k5/9/9/9/9/9/1N7/9/4K4/4p4 w - - 0 1");
        let after = after(&before, "b3c1");
        for d in [axf_like(), Definitions::cxa_1999()] {
            let c = classify_move(&before, &after, &d);
            assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
            assert_eq!(c.class.targets, vec![sq("e0")]);
        }
    }

    /// D67 ("King chases: allowed"): the king alone steps up to a loose cannon, idle.
    #[test]
    fn d67_the_king_alone_chases_a_cannon() {
        let before = pos("5k3/9/9/9/9/9/9/9/3c5/4K4 w - - 0 1");
        let after = after(&before, "e0e1");
        let c = classify_move(&before, &after, &axf_like());
        assert_ne!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert!(c.chases.iter().any(|c| c.target == sq("d1") && c.king_only));
    }

    /// Rule 29 (FSF 1166 against 1164): the pawn a4 takes on a5 and attacks the rook a6. Alone
    /// it is the pawn's own chase, idle whatever it attacks (1166); with the cannon a0 behind
    /// it, uncovered by the capture, it is the cannon's chase too (1164).
    #[test]
    fn fsf_1164_1166_a_pawn_alone_on_a_rook_is_idle_the_cannon_behind_it_chases() {
        let alone = pos("2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/1C1AKA3 w - - 0 1");
        let c = classify_move(&alone, &after(&alone, "a4a5"), &axf_like());
        assert_ne!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert!(c.chases.iter().any(|c| c.target == sq("a6") && c.pawn_only));
        let cannon = pos("2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w - - 0 1");
        let c = classify_move(&cannon, &after(&cannon, "a4a5"), &axf_like());
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("a6")]);
    }
}
