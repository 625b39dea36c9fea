//! A deal carried in a record: the arbiter's knowledge written into the game's tags, which fills
//! in the reveals and captured identities the moves leave out.

use std::borrow::Cow;
use std::collections::BTreeMap;

use xqr_core::notation;
use xqr_core::rules::{GameInput, JudgeError, MoveLegality};
use xqr_core::{Move, Position};

use crate::game::complete_move;
use crate::Deal;

/// The tag holding the deal as the arbiter's start board: the placement field of the start
/// position with each face-down piece (`X`/`x`) replaced by the letter of its identity, as
/// `xqr deal` prints it (`deal (arbiter's start board): …`); [`Deal::placement`].
pub const DEAL_TAG: &str = "Deal";

/// The tag holding the seed of a fresh deal ([`Deal::from_seed`], `xqr deal --seed N`); it fits
/// only the Jieqi start position.
pub const DEAL_SEED_TAG: &str = "DealSeed";

fn bad_tag(tag: &str, value: &str, reason: impl Into<String>) -> JudgeError {
    JudgeError::BadTag {
        tag: tag.to_owned(),
        value: value.to_owned(),
        reason: reason.into(),
    }
}

/// The deal the tags of a record carry for its start position `start`, if any: the [`DEAL_TAG`]
/// or the [`DEAL_SEED_TAG`] (both may be given; they must agree). A tag that cannot be read, a
/// deal that does not fit `start`, or two tags that disagree are errors naming the tag.
///
/// ```
/// use std::collections::BTreeMap;
/// use xqr_core::{MoveRules, Position};
/// use xqr_jieqi::record::record_deal;
/// let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/X3K4 w R - 0 1", MoveRules::JIEQI).unwrap();
/// let tags = BTreeMap::from([("Deal".to_owned(), "3k5/9/9/9/9/9/9/9/9/R3K4".to_owned())]);
/// let deal = record_deal(&tags, &start).unwrap().unwrap();
/// assert_eq!(deal.get("a0".parse().unwrap()).unwrap().to_string(), "R");
/// let wrong = BTreeMap::from([("Deal".to_owned(), "3k5/9/9/9/9/9/9/9/9/N3K4".to_owned())]);
/// let e = record_deal(&wrong, &start).unwrap_err();
/// assert!(e.to_string().starts_with("tag Deal "), "{e}");
/// ```
pub fn record_deal(
    tags: &BTreeMap<String, String>,
    start: &Position,
) -> Result<Option<Deal>, JudgeError> {
    let from_board = match tags.get(DEAL_TAG) {
        Some(text) => {
            Some(Deal::parse(text, start).map_err(|e| bad_tag(DEAL_TAG, text, e.to_string()))?)
        }
        None => None,
    };
    let from_seed = match tags.get(DEAL_SEED_TAG) {
        Some(text) => {
            let seed: u64 = text.trim().parse().map_err(|_| {
                bad_tag(
                    DEAL_SEED_TAG,
                    text,
                    format!("not a seed (a whole number from 0 to {})", u64::MAX),
                )
            })?;
            let deal = Deal::from_seed(seed);
            deal.check(start).map_err(|e| {
                bad_tag(
                    DEAL_SEED_TAG,
                    text,
                    format!("the deal of seed {seed} does not fit the start position: {e}"),
                )
            })?;
            Some(deal)
        }
        None => None,
    };
    match (from_board, from_seed) {
        (Some(board), Some(seeded)) if board != seeded => Err(bad_tag(
            DEAL_SEED_TAG,
            &tags[DEAL_SEED_TAG],
            format!(
                "the deal of this seed is {}, not the {DEAL_TAG} tag's",
                seeded.placement(start)
            ),
        )),
        (board, seeded) => Ok(board.or(seeded)),
    }
}

/// `game` with every reveal and captured identity its deal gives filled in, when its tags carry
/// a deal ([`record_deal`]); `game` itself otherwise.
///
/// The moves are replayed from the start position (the `fen`, else `legality`'s start) under
/// `legality`'s move rules. A move of a hidden piece gets the identity dealt on its point
/// (§7.5.1), a capture of a hidden piece the identity dealt on the captured point (§7.5.4); a
/// move that names another identity is an error naming its ply
/// ([`crate::GameError::RevealDiffersFromDeal`], [`crate::GameError::CaptureDiffersFromDeal`]).
/// Completed moves are written in ICCS; moves the deal does not change keep their text. From a
/// move that cannot be read or played, or once a king is taken, the moves are left as written
/// for the judge to rule on or report.
pub fn complete_record<'g>(
    game: &'g GameInput,
    legality: &dyn MoveLegality,
) -> Result<Cow<'g, GameInput>, JudgeError> {
    if !game.tags.contains_key(DEAL_TAG) && !game.tags.contains_key(DEAL_SEED_TAG) {
        return Ok(Cow::Borrowed(game));
    }
    let start = match &game.fen {
        Some(fen) => match Position::from_fen(fen, legality.move_rules()) {
            Ok(pos) => pos,
            // The judge reports the FEN.
            Err(_) => return Ok(Cow::Borrowed(game)),
        },
        None => legality.start_position(),
    };
    let Some(deal) = record_deal(&game.tags, &start)? else {
        return Ok(Cow::Borrowed(game));
    };
    let tag = if game.tags.contains_key(DEAL_TAG) {
        DEAL_TAG
    } else {
        DEAL_SEED_TAG
    };
    let mut pos = start;
    let mut moves = Vec::with_capacity(game.moves.len());
    let mut rest = game.moves.iter().enumerate();
    for (i, text) in rest.by_ref() {
        let stated = match read(&pos, text) {
            Some(m) if pos.king(pos.turn()).is_some() => m,
            _ => {
                moves.push(text.clone());
                break;
            }
        };
        let m = complete_move(&pos, &deal, stated).map_err(|e| JudgeError::IllegalMove {
            ply: i as u32 + 1,
            text: text.to_string(),
            reason: format!("{e} (tag {tag})"),
        })?;
        moves.push(if m == stated {
            text.clone()
        } else {
            m.to_string().into()
        });
        if pos.check_move(m).is_err() {
            break;
        }
        pos.play_unchecked(m);
    }
    moves.extend(rest.map(|(_, text)| text.clone()));
    Ok(Cow::Owned(GameInput {
        moves,
        ..game.clone()
    }))
}

/// The move `text` states in `pos`, reveal and captured identity as written: any notation the
/// judge reads when the move is legal as written; ICCS also when it is not (a move of a hidden
/// piece without its reveal letter, or naming an identity its side's pool lacks).
fn read(pos: &Position, text: &str) -> Option<Move> {
    if let Ok(m) = notation::parse_move(pos, text) {
        return Some(m);
    }
    let m: Move = text.trim().parse().ok()?;
    // As the ICCS reader reads it: after a face-up mover a single letter of the other side is
    // the captured hidden piece (`b2b9n`).
    let mover_hidden = pos.board().get(m.from).is_some_and(|o| o.hidden);
    Some(match (m.reveal, m.capture) {
        (Some(p), None) if p.color != pos.turn() && !mover_hidden => Move {
            reveal: None,
            capture: Some(p),
            ..m
        },
        _ => m,
    })
}
