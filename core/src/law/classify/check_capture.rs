//! The check-and-capture threat: AXF rule 38 "Perpetually threatening a 'check and capture' is
//! a draw" (D97–98: Red keeps threatening a check that wins material: no violation), with the
//! term "check and capture": a move threatening a check that would also win a piece.
//!
//! # The reading
//!
//! A piece the mover could win only through a check (the search of `through_checks.rs`, as
//! deep as [`Definitions::chase_through_checks`] says: AXF looks one check deep, as CXA does)
//! is a check-and-capture threat: the attack is idle, named with rule 38, not a chase. CXA
//! counts the same attack as a chase (1999 §29.1 "能够通过连续照将吃子", 2011 §24.3 "从下一着开始
//! 运用连续将军得子"); with [`Definitions::check_capture_threat`] off the search's finding stays a
//! chase, as there. A direct capture that also gives a discovered check is not such a threat:
//! it is a chase like any other (FSF 1199), and a checking move's own attacks are chases too
//! (`check_chase.rs`).
//!
//! Not checked: a threat that needs more checks than the search looks for is not noted at all
//! (it is idle either way).

use super::{ChaseException, ChaseTarget, Definitions};

/// The exception for a piece won only through a check, when the edition names such attacks
/// threats (AXF rule 38).
pub(super) fn exception(defs: &Definitions) -> Option<ChaseException> {
    defs.check_capture_threat
        .as_ref()
        .map(|_| ChaseException::CheckAndCaptureThreat)
}

/// The note for a check-and-capture threat.
pub(super) fn note(c: &ChaseTarget, defs: &Definitions) -> Option<String> {
    let article = defs.check_capture_threat.as_ref()?;
    Some(format!(
        "check-and-capture threat: {} on {} could be won by a check from {}, which is no \
         chase: idle ({article})",
        c.role,
        c.target,
        c.attackers()
    ))
}

#[cfg(test)]
mod tests {
    use crate::law::classify::definitions::axf_for_tests;
    use crate::law::classify::testing::last_move;
    use crate::law::classify::{classify_move, Definitions};
    use crate::law::MoveKind;

    /// D97's position: the cannon lines up a discovered check by the rook c8 that would also hit
    /// the loose rook e6.
    const D97: &str = "CN1a5/2R1ak3/9/4r4/9/9/9/9/9/3K5 w - - 0 1";

    /// AXF rule 38, D97: the cannon's move threatens a check that wins the rook, which is no
    /// chase; CXA 1999 §29.1 calls it one (连续照将吃子).
    #[test]
    fn a_check_and_capture_threat_is_idle_under_axf_and_a_chase_under_cxa() {
        let (before, after) = last_move(D97, "a9a8");
        let axf = classify_move(&before, &after, &axf_for_tests());
        assert_ne!(axf.class.heaviest(), MoveKind::Chase, "{:?}", axf.class);
        assert!(
            axf.class
                .notes
                .iter()
                .any(|n| n.contains("check-and-capture threat") && n.contains("axf rule 38")),
            "{:?}",
            axf.class.notes
        );
        let cxa = classify_move(&before, &after, &Definitions::cxa_1999());
        assert_eq!(cxa.class.heaviest(), MoveKind::Chase, "{:?}", cxa.class);
        assert!(!cxa
            .class
            .notes
            .iter()
            .any(|n| n.contains("check-and-capture")));
    }
}
