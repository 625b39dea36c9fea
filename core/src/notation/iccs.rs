//! ICCS coordinate notation: from-point and to-point, `h2e2` (files a–i from Red's left, ranks
//! 0–9 from Red's side). Jieqi reveals add the revealed piece's letter (`a3a4R`); a record that
//! states what a captured hidden piece was adds its letter too (`b2b9Cn`, or `b2b9n` when the
//! mover was face up: a letter of the opponent's color names the captured piece).

use super::NotationError;
use crate::{Move, Position};

/// Reads an ICCS move (either case, `h2-e2` accepted) and checks it is legal in `pos`.
///
/// A stated identity of a captured piece that is face up anyway is checked and dropped, so the
/// move returned states identities only where they say something.
///
/// ```
/// use xqr_core::notation::iccs;
/// use xqr_core::{fen::JIEQI_START_FEN, MoveRules, Position};
/// let pos = Position::from_fen(JIEQI_START_FEN, MoveRules::JIEQI).unwrap();
/// let m = iccs::parse(&pos, "b2b9Cn").unwrap();
/// assert_eq!(m.capture.unwrap().to_string(), "n");
/// // The pool holds no third black horse once both are accounted for.
/// let mut p = pos.clone();
/// p.play(m).unwrap();
/// assert!(iccs::parse(&p, "h9g7n").is_ok());
/// ```
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let mut m: Move = text
        .parse()
        .map_err(|e: crate::ParseMoveError| NotationError::Syntax {
            text: text.to_owned(),
            reason: e.reason.to_owned(),
        })?;
    if m.capture.is_none() {
        if let Some(p) = m.reveal {
            let mover_hidden = pos.board().get(m.from).is_some_and(|o| o.hidden);
            if p.color != pos.turn() && !mover_hidden {
                m = Move {
                    reveal: None,
                    capture: Some(p),
                    ..m
                };
            }
        }
    }
    pos.check_move(m).map_err(|reason| NotationError::Illegal {
        text: text.to_owned(),
        reason,
    })?;
    Ok(super::normalize_capture(pos, m))
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
    }
}
