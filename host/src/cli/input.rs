//! Reading the inputs several commands share (FEN), with errors that name what is wrong.

use xqr_core::fen::{FenError, FenField, START_FEN};
use xqr_core::{LoadFenError, MoveRules, Position};

use super::CliError;

/// The `--fen` option, or the start position when it is absent, as a validated position under
/// standard rules.
pub fn position(fen: Option<&str>) -> Result<Position, CliError> {
    position_under(fen, MoveRules::STANDARD)
}

/// The `--fen` option (default: the start position) validated under `rules`.
pub fn position_under(fen: Option<&str>, rules: MoveRules) -> Result<Position, CliError> {
    let fen = fen.unwrap_or(START_FEN);
    Position::from_fen(fen, rules).map_err(|e| CliError::input(fen_message(fen, &e)))
}

/// The `--fen` option validated under the move rules of `--ruleset`; without `--fen`, the
/// ruleset's start position (the Jieqi start for `jieqi`), or the standard start without either.
pub fn position_for(
    fen: Option<&str>,
    ruleset: Option<&str>,
    sources: &super::Loading,
) -> Result<Position, CliError> {
    let Some(name) = ruleset else {
        return position(fen);
    };
    let registry = super::registry(sources);
    let legality = super::judge::find(&registry, name)?.legality();
    match fen {
        Some(_) => position_under(fen, legality.move_rules()),
        None => Ok(legality.start_position()),
    }
}

/// The error message for a FEN that cannot be loaded: the FEN, the field (number and name)
/// and the core error's description.
pub fn fen_message(fen: &str, e: &LoadFenError) -> String {
    match e {
        LoadFenError::Fen(fe) => match fen_field(fe) {
            Some((n, name)) => format!("bad FEN {fen:?}: field {n} ({name}): {fe}"),
            None => format!("bad FEN {fen:?}: {fe}"),
        },
        LoadFenError::Position(pe) => {
            format!("bad FEN {fen:?}: field 1 (piece placement): not a legal position: {pe}")
        }
    }
}

/// The 1-based number and the name of the FEN field an error concerns, if it concerns one.
fn fen_field(e: &FenError) -> Option<(usize, &'static str)> {
    let field = match e {
        FenError::Empty | FenError::TooManyFields { .. } => return None,
        FenError::RankCount { .. }
        | FenError::BadChar { .. }
        | FenError::RankTooLong { .. }
        | FenError::RankTooShort { .. } => FenField::Board,
        FenError::BadTurn { .. } => FenField::Turn,
        FenError::BadPool { .. } => FenField::Pool,
        FenError::BadEnPassant { .. } => FenField::EnPassant,
        FenError::BadNumber { field, .. } => *field,
    };
    Some(match field {
        FenField::Board => (1, "piece placement"),
        FenField::Turn => (2, "side to move"),
        FenField::Pool => (3, "castling / Jieqi pool"),
        FenField::EnPassant => (4, "en passant"),
        FenField::HalfmoveClock => (5, "half-move clock"),
        FenField::FullmoveNumber => (6, "move number"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_by_default() {
        assert_eq!(position(None).unwrap(), Position::new());
    }

    #[test]
    fn messages_name_the_field() {
        let msg = |fen: &str| match position(Some(fen)) {
            Err(CliError::Input(m)) => m,
            other => panic!("{fen}: expected an input error, got {other:?}"),
        };
        let m = msg("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKZBNR w");
        assert!(m.contains("field 1 (piece placement)"), "{m}");
        assert!(m.contains("'Z'"), "{m}");
        let m = msg("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x");
        assert!(m.contains("field 2 (side to move)"), "{m}");
        let m = msg("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - z 1");
        assert!(m.contains("field 5 (half-move clock)"), "{m}");
        let m = msg("4k4/9/9/9/9/9/9/9/9/9 w");
        assert!(
            m.contains("not a legal position") && m.contains("no king"),
            "{m}"
        );
        let m = msg("   ");
        assert!(m.contains("empty FEN"), "{m}");
    }
}
