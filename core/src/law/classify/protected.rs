//! What makes an attacked piece chased: the complete exchange (CXA) or one recapture (AXF).
//!
//! - CXA 1999 §29.1 "能够通过完整的交换过程得子", §29.3 "直接或间接被捉的,是有子力价值的无根子
//!   (含:假根子.少根子)"; 2011 §24.3 "通过完整互吃交换后吃掉对方子且得子".
//! - AXF terms (Section 1, reconstructed in the paraphrase): "Piece B is protected if, whenever
//!   A takes B, some piece C can take A back"; a real protector can actually remove the taker,
//!   a false one (pinned, its recapture exposing or facing its own king, its path blocked by
//!   the taker) cannot. One ply only: later losses are ignored (D22–23).
//! - AXF rules 15 and 21: one or two cannons, or a horse, may not perpetually chase a rook,
//!   "even a protected one".
//! - AXF rule 24: same-kind pieces attacking each other are a sacrifice (a draw) when each can
//!   take the other; when the victim cannot take back, it may not be chased perpetually; D54: a
//!   victim protected on its square is not chased.
//!
//! The exchange test is `chase.rs` with `exchange.rs`; this module holds the one-recapture test
//! ([`ChaseTest::OneRecapture`]) and the rook rule of AXF rules 15 and 21.
//!
//! # The reading (one recapture)
//!
//! An enemy piece of material value (not the king, not an uncrossed pawn:
//! [`MaterialValues::of`](super::MaterialValues::of) > 0) is chased when the side to move has a
//! legal capture of it after which the victim's side has no legal move that captures on that
//! point. No values are weighed: neither the complete exchange, nor a weaker attacker, nor
//! roots fewer than the attackers (少根, joint chase: AXF rule 35, several pieces against a
//! protected piece do not chase it), nor what the recapture costs later (D22–23). Testing the
//! recapture by legal moves in the position after the capture makes every false protector of
//! the AXF terms fall out: a pinned protector, a recapture that leaves its king attacked (x-ray,
//! FSF 1205) or facing the other king (FSF 1209), a cannon whose screen was the taker (FSF
//! 1213), a horse whose leg the taker blocks, a protector whose recapture does not answer the
//! check the capture uncovered (FSF 1199, 1201).
//!
//! Two more readings, both the same as in the exchange test:
//!
//! - A capture after which the capturer's side is mated at once wins nothing (CXA 1999 §29.4
//!   states it; AXF does not). Read here as part of the one-ply answer: the victim's side
//!   answers the capture by taking back, or by mating, and either protects the piece. Without
//!   it a piece guarded by a mate would count as chased while taking it loses the game.
//! - Same-kind pieces attacking each other (AXF rule 24): when the victim can legally take the
//!   attacker back (`chase.rs`'s `mutual_same_role`), the attack is an exchange offer, not a
//!   chase, and no second attacker changes that (no 少根 exception). A victim that cannot take
//!   back (pinned, its horse leg blocked: FSF 1180) is tested for protection like any piece (D54,
//!   FSF 1185).
//!
//! With [`Definitions::rook_chased_by_horse_or_cannon`] (AXF rules 15, 21), a horse's or a
//! cannon's legal capture of a rook chases it even when a recapture protects it
//! ([`ChaseException::RookByHorseOrCannon`]); the §29.4-style mate test still applies.
//!
//! What is *not* checked under the one-recapture test: the 2011 exceptions (§24.16 false roots by
//! duty, §26.5, §26.6, §26.9, §26.10), which weigh values; and the win through checks, which
//! `chase.rs` searches with the exchange's values (AXF looks one check deep only to name such a
//! threat idle: rule 38, `check_capture.rs`).

use super::chase::mutual_same_role;
use super::mate::mated_after;
use super::{ChaseException, ChaseTarget, Definitions};
use crate::{Move, Position, Role};

/// The test a capture must pass for its target to be chased.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ChaseTest {
    /// The capture wins material in the complete exchange on the point, by material values
    /// (CXA 1999 §29.1, §29.3; 2011 §24.3): a weaker attacker wins a protected piece, several
    /// attackers win a piece with fewer roots (少根).
    Exchange,
    /// The target is unprotected: after the capture no legal move of its side takes the
    /// capturer back (AXF terms "protected", "real / false protector").
    OneRecapture,
}

/// The one-recapture test of the captures of one target, asked capture by capture.
#[derive(Copy, Clone, Debug)]
pub(super) struct OneRecapture<'a> {
    defs: &'a Definitions,
    /// Some capture finds no legal recapture.
    unprotected: bool,
    /// Some capture chases a protected rook by AXF rules 15, 21.
    rook_rule: bool,
}

impl<'a> OneRecapture<'a> {
    /// The test, when the edition's chase test is [`ChaseTest::OneRecapture`].
    pub(super) fn new(defs: &'a Definitions) -> Option<OneRecapture<'a>> {
        (defs.chase_test.reading == ChaseTest::OneRecapture).then_some(OneRecapture {
            defs,
            unprotected: false,
            rook_rule: false,
        })
    }

    /// Whether the legal capture `m` in `pos` (by the side to move) chases its target, by the
    /// reading of the module notes.
    pub(super) fn wins(&mut self, pos: &Position, m: Move) -> bool {
        if mutual_same_role(pos, m) {
            return false; // rule 24: an exchange offer
        }
        let mut next = pos.clone();
        next.play_unchecked(m);
        let unprotected = !next.can_capture_on(m.to);
        if !unprotected && !rook_rule_applies(pos, m, self.defs) {
            return false;
        }
        if mated_after(pos, m) {
            return false; // §29.4-style: taking it is answered by mate
        }
        if unprotected {
            self.unprotected = true;
        } else {
            self.rook_rule = true;
        }
        true
    }

    /// The article that made the target chased against its protection: AXF rules 15, 21, when
    /// no capture of it found it unprotected.
    pub(super) fn exception(&self) -> Option<ChaseException> {
        (self.rook_rule && !self.unprotected).then_some(ChaseException::RookByHorseOrCannon)
    }
}

/// AXF rules 15, 21: the capture `m` is a horse's or a cannon's capture of a rook, and the
/// edition has the rule.
fn rook_rule_applies(pos: &Position, m: Move, defs: &Definitions) -> bool {
    let role = |s| pos.board().get(s).map(|o| o.role);
    defs.rook_chased_by_horse_or_cannon.is_some()
        && role(m.to) == Some(Role::Rook)
        && matches!(role(m.from), Some(Role::Horse | Role::Cannon))
}

/// The note for a protected rook chased by a horse or cannon (AXF rules 15, 21).
pub(super) fn rook_note(c: &ChaseTarget, defs: &Definitions) -> Option<String> {
    let article = defs.rook_chased_by_horse_or_cannon.as_ref()?;
    Some(format!(
        "chase: {} on {} can be taken next move by {}; a recapture protects it, but a horse or \
         cannon attacking a rook chases it, protected or not ({article})",
        c.role,
        c.target,
        c.attackers()
    ))
}

#[cfg(test)]
mod tests {
    use crate::law::classify::definitions::axf_for_tests;
    use crate::law::classify::testing::{last_move, pos, sq};
    use crate::law::classify::{
        chased, classify_move, ChaseException, Classification, Definitions,
    };
    use crate::law::MoveKind;
    use crate::Square;

    /// The classification of the last of `moves` played from `fen`.
    fn last(fen: &str, moves: &str, defs: &Definitions) -> Classification {
        let (before, after) = last_move(fen, moves);
        classify_move(&before, &after, defs)
    }

    /// The pieces the last of `moves` chases (none unless the move is a chase).
    fn chased_by_last(fen: &str, moves: &str, defs: &Definitions) -> Vec<Square> {
        let c = last(fen, moves, defs);
        c.counted_chases(defs).map(|c| c.target).collect()
    }

    /// FSF 1160 (AXF rule 15): the red cannon comes to a2 behind the pawn a5 and attacks the
    /// black rook a7, which the elephant c9 protects. A cannon attacking a rook chases it,
    /// protected or not; without rules 15 and 21 the one-recapture test finds it protected.
    #[test]
    fn a_cannon_against_a_protected_rook_chases() {
        let fen = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1";
        let axf = axf_for_tests();
        let c = last(fen, "c2a2", &axf);
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("a7")]);
        assert_eq!(
            c.chases[0].exception,
            Some(ChaseException::RookByHorseOrCannon)
        );
        assert!(
            c.class.notes.iter().any(|n| n.contains("axf rules 15, 21")),
            "{:?}",
            c.class.notes
        );
        let mut without = axf;
        without.rook_chased_by_horse_or_cannon = None;
        assert_eq!(chased_by_last(fen, "c2a2", &without), vec![]);
    }

    /// AXF rule 21: the red horse comes to b5 against the black rook c7, which the rook c9
    /// protects: a chase, protected or not.
    #[test]
    fn a_horse_against_a_protected_rook_chases() {
        let fen = "2r1k4/9/2r6/9/9/9/N8/9/9/5K3 w - - 0 1";
        let c = last(fen, "a3b5", &axf_for_tests());
        assert_eq!(c.class.targets, vec![sq("c7")], "{:?}", c.class);
        assert_eq!(
            c.chases[0].exception,
            Some(ChaseException::RookByHorseOrCannon)
        );
    }

    /// The one-ply answer may be a mate (the §29.4-style reading of the module notes): the red
    /// rook b5 can take the unprotected black horse f5, but leaving the b-file lets the rook b9
    /// mate on b0 (the rook a1 holds e1). Without the rook a1 there is no mate: chased.
    #[test]
    fn a_capture_answered_by_mate_wins_nothing() {
        let axf = axf_for_tests();
        let guarded = pos("1r1k5/9/9/9/1R3n3/9/9/9/r8/4K4 w - - 0 1");
        assert!(!chased(&guarded, &axf).iter().any(|c| c.target == sq("f5")));
        let free = pos("1r1k5/9/9/9/1R3n3/9/9/9/9/4K4 w - - 0 1");
        let targets: Vec<_> = chased(&free, &axf).iter().map(|c| c.target).collect();
        assert_eq!(targets, vec![sq("f5")]);
    }

    /// FSF 1180 (AXF rule 24): the red rook on e3 cannot take back the black rook c3, since
    /// leaving the e-file would uncover the cannon e9's check: a same-kind attack on a victim
    /// that cannot take back is a chase. FSF 1185: the same with red horses protecting e3 and
    /// e4 (D54, protected on its square): no chase.
    #[test]
    fn a_rook_that_cannot_take_back_is_chased_unless_protected() {
        let axf = axf_for_tests();
        let pinned = "4ck3/9/9/9/9/2r1R4/9/9/4A4/3AK4 w - - 0 1";
        assert_eq!(chased_by_last(pinned, "e4e3 c4c3", &axf), vec![sq("e3")]);
        assert_eq!(
            chased_by_last(pinned, "e4e3 c4c3 e3e4 c3c4", &axf),
            vec![sq("e4")]
        );
        let protected = "4ck3/9/9/9/9/2r1R1N2/6N2/9/4A4/3AK4 w - - 0 1";
        assert_eq!(chased_by_last(protected, "e4e3 c4c3", &axf), vec![]);
        assert_eq!(
            chased_by_last(protected, "e4e3 c4c3 e3e4 c3c4", &axf),
            vec![]
        );
    }

    /// AXF rule 24 (each can take the other: a sacrifice) with rule 35 (no joint chase): the
    /// red horse f4 and the black horse e6 attack each other, and the red rook coming to e2
    /// adds a second attacker. CXA 1999 finds the exchange won (少根): a chase. Under AXF the
    /// horses offer an exchange and the rook's capture is answered by the horse g7: no chase.
    #[test]
    fn a_mutual_contact_stays_an_offer_whatever_the_second_attacker() {
        let fen = "3k5/4a4/6n2/4n4/9/5N3/P8/R8/9/5K3 w - - 0 1";
        assert_eq!(chased_by_last(fen, "a2e2", &axf_for_tests()), vec![]);
        let cxa = Definitions::cxa_1999();
        assert_eq!(chased_by_last(fen, "a2e2", &cxa), vec![sq("e6")]);
    }

    /// FSF 1199: the black rook on c0 attacks the red horse c2; taking it would uncover the
    /// cannon a0's check through the rook d0, and Red's cannon f2 could not retake without
    /// answering that check: the horse is unprotected. Without the cannon a0 it is protected.
    #[test]
    fn a_capture_that_uncovers_check_cannot_be_retaken() {
        let axf = axf_for_tests();
        let fen = "5k3/9/9/9/9/1N2P1C2/9/4BC3/9/cr1RK4 w - - 0 1";
        assert_eq!(chased_by_last(fen, "b4c2 b0c0", &axf), vec![sq("c2")]);
        let no_check = "5k3/9/9/9/9/1N2P1C2/9/4BC3/9/1r1RK4 w - - 0 1";
        assert!(!chased_by_last(no_check, "b4c2 b0c0", &axf).contains(&sq("c2")));
    }

    /// FSF 1201: the black horse d3 attacks the red advisor f2, protected by the advisor e1.
    /// With the cannon on d4 (king d0) the horse's capture uncovers a check that a recapture
    /// does not answer; with the cannon on e4 (king e0) the advisor e1 is pinned through the
    /// elephant e2. The advisor f2 is chased after either cannon move.
    #[test]
    fn a_root_that_the_capture_or_a_pin_disables_does_not_protect() {
        let axf = axf_for_tests();
        let fen = "5k3/9/9/9/9/4c4/3n5/3NBA3/4A4/4K4 w - - 0 1";
        assert_eq!(chased_by_last(fen, "e0d0 e4d4", &axf), vec![sq("f2")]);
        assert_eq!(
            chased_by_last(fen, "e0d0 e4d4 d0e0 d4e4", &axf),
            vec![sq("f2")]
        );
    }

    /// FSF 1203: the black rook d3 attacks the red horse d2, whose only protector is the
    /// advisor e1. Each cannon move disables it (a pin through the elephant e2, or a check the
    /// recapture would not answer) where the move before left it free: a new chase every time.
    /// CXA's complete exchange found the horse already won before the cannon's return to e4
    /// (the cannon d4 joining the exchange), so there the chase was not new.
    #[test]
    fn a_pinned_protector_makes_a_new_chase_in_one_ply() {
        let fen = "5k3/9/9/9/9/4c4/3r5/3NB4/4A4/4K4 w - - 0 1";
        let axf = axf_for_tests();
        assert_eq!(chased_by_last(fen, "e0d0 e4d4", &axf), vec![sq("d2")]);
        let moves = "e0d0 e4d4 d0e0 d4e4";
        assert_eq!(chased_by_last(fen, moves, &axf), vec![sq("d2")]);
        assert_eq!(chased_by_last(fen, moves, &Definitions::cxa_1999()), vec![]);
    }

    /// FSF 1205 (x-ray): the black cannon g0 attacks the red horse d0 over the red king e0;
    /// the king cannot retake, as the black rook h0 behind the cannon would then attack it.
    #[test]
    fn x_ray_a_king_that_would_be_attacked_does_not_protect() {
        let fen = "5k3/9/9/9/9/9/9/9/9/3NK1cr1 w - - 0 1";
        let moves = "d0c2 h0h2 c2d0 h2h0";
        assert_eq!(chased_by_last(fen, moves, &axf_for_tests()), vec![sq("d0")]);
    }

    /// FSF 1207 and 1209: the black rook comes to d3 against the red horse d0 beside the red
    /// king e0. With the black horse d6 between the kings the king retakes: protected. Without
    /// it the kings would face each other (flying general): unprotected, chased.
    #[test]
    fn the_king_protects_unless_the_kings_would_face() {
        let axf = axf_for_tests();
        let moves = "d0c2 d3c3 c2d0 c3d3";
        let blocked = "3k5/9/9/3n5/9/9/3r5/9/9/3NK4 w - - 0 1";
        assert_eq!(chased_by_last(blocked, moves, &axf), vec![]);
        let open = "3k5/9/9/9/9/9/3r5/9/9/3NK4 w - - 0 1";
        assert_eq!(chased_by_last(open, moves, &axf), vec![sq("d0")]);
    }

    /// FSF 1213 (fake protection by cannon): the black rook b3 stands between the red cannons
    /// b4 and b1, each seeming to protect the other through it; once the rook captures one,
    /// the other has no screen. Both are chased.
    #[test]
    fn a_cannon_whose_screen_is_the_taker_does_not_protect() {
        let fen = "5k3/9/9/9/9/1C7/1r7/9/1C7/4K4 w - - 0 1";
        let mut got = chased_by_last(fen, "b4c4 b3c3 c4b4 c3b3", &axf_for_tests());
        got.sort_by_key(|s| s.to_string());
        assert_eq!(got, vec![sq("b1"), sq("b4")]);
    }
}
