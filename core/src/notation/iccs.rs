//! ICCS coordinate notation: from-point and to-point, `h2e2` (files a–i from Red's left, ranks
//! 0–9 from Red's side). Jieqi reveals add the revealed piece's letter (`a3a4R`).

use super::NotationError;
use crate::{Move, Position};

/// Reads an ICCS move (either case, `h2-e2` accepted) and checks it is legal in `pos`.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let m: Move = text
        .parse()
        .map_err(|e: crate::ParseMoveError| NotationError::Syntax {
            text: text.to_owned(),
            reason: e.reason.to_owned(),
        })?;
    pos.check_move(m).map_err(|reason| NotationError::Illegal {
        text: text.to_owned(),
        reason,
    })?;
    Ok(m)
}

/// Writes a move in ICCS (lower case, reveal letter appended when present).
pub fn write(m: Move) -> String {
    m.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let pos = Position::new();
        for m in pos.legal_moves() {
            assert_eq!(parse(&pos, &write(m)).unwrap(), m);
        }
        assert_eq!(parse(&pos, "H2-E2").unwrap().to_string(), "h2e2");
        assert!(matches!(
            parse(&pos, "h2e9"),
            Err(NotationError::Illegal { .. })
        ));
        assert!(matches!(
            parse(&pos, "z2e2"),
            Err(NotationError::Syntax { .. })
        ));
    }
}
