//! FEN, standard and Jieqi: what parses prints back to a FEN that parses to the same thing.

use xqr_core::{MoveRules, Position, Setup};

use crate::moves::rules_of;

/// Reads `data` as FEN text. A setup that parses prints back to text that parses to the same
/// setup; a position valid under some rules prints back to a FEN giving the same position
/// (board, side, pool, clocks and hash) under the same rules, and the printing is stable.
pub fn check_fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(setup) = Setup::from_fen(text) else {
        for rules in [MoveRules::STANDARD, MoveRules::JIEQI] {
            assert!(
                Position::from_fen(text, rules).is_err(),
                "{text:?} is a position but not a setup"
            );
        }
        return;
    };
    let printed = setup.to_fen();
    let again = Setup::from_fen(&printed)
        .unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}, which does not parse: {e}"));
    assert_eq!(again, setup, "{text:?} printed as {printed:?}");
    assert_eq!(again.to_fen(), printed, "printing {text:?} is not stable");

    let mut all_rules = vec![MoveRules::STANDARD, MoveRules::JIEQI];
    all_rules.extend((0..8).map(rules_of));
    for rules in all_rules {
        let Ok(pos) = Position::from_fen(text, rules) else {
            continue;
        };
        let fen = pos.fen();
        let back = Position::from_fen(&fen, rules)
            .unwrap_or_else(|e| panic!("{text:?} printed as {fen:?}, which is refused: {e}"));
        assert_eq!(back, pos, "{text:?} printed as {fen:?} under {rules:?}");
        assert_eq!(back.fen(), fen, "printing {text:?} is not stable");
    }
}
