//! What each observer may see of a Jieqi game.

use xqr_core::rules::{GameHistory, Observer, PieceVisibility, SeenCapture, View};
use xqr_core::{Board, Color};

use crate::Deal;

/// Jieqi visibility (§2.2, §7.3.2, §7.5.2, §7.5.4): see [`view`]. Given the dealt board (the
/// arbiter's start board), the arbiter knows every hidden piece and a capturer the hidden piece
/// it took; without it (a record alone) even the arbiter sees only what the record states.
#[derive(Copy, Clone, Debug, Default)]
pub struct JieqiVisibility;

impl PieceVisibility for JieqiVisibility {
    fn view(&self, history: &GameHistory, dealt: Option<&Board>, observer: Observer) -> View {
        let deal = dealt.map(|board| Deal::from_arbiter_board(board, history.position(0)));
        view(history, deal.as_ref(), observer)
    }
}

/// Whether `observer` may look at a hidden piece captured by `capturer`: the capturer only
/// (§7.5.4 所有被吃掉的棋子，吃子方需将所吃掉的棋子翻成文字面朝下，只有吃子方可观看), and the arbiter.
fn sees_capture(observer: Observer, capturer: Color) -> bool {
    match observer {
        Observer::Arbiter => true,
        Observer::Red => capturer == Color::Red,
        Observer::Black => capturer == Color::Black,
        Observer::Spectator => false,
    }
}

/// The view of the last position of `history` for `observer`, knowing `deal` if given.
///
/// - The board: the same for everyone; a hidden piece stays face down (§2.2, §7.5.2: nobody
///   turns it over until it moves, not even its owner). Only the arbiter, with the deal, knows
///   the identities of the hidden pieces ([`View::known`]).
/// - Captured pieces: a face-up piece is seen by everyone; a hidden one only by its capturer
///   and the arbiter (§7.5.4) — its owner never saw it either. The identity comes from the
///   record ([`xqr_core::Move::capture`]) or the deal.
/// - The pool: the identities the observer cannot place: not face up on the board, not among
///   the face-up captures, and not among the hidden captures it looked at.
///
/// ```
/// use xqr_jieqi::JieqiGame;
/// use xqr_core::rules::Observer;
/// use xqr_core::{Color, Role};
/// let mut game = JieqiGame::from_seed(3);
/// // Red's hidden cannon on b2 takes the hidden piece on b9 over the hidden cannon on b7.
/// game.play("b2b9".parse().unwrap()).unwrap();
/// let taken = game.deal().get("b9".parse().unwrap()).unwrap();
/// assert_eq!(game.view(Observer::Red).captured[0].piece, Some(taken));
/// assert_eq!(game.view(Observer::Black).captured[0].piece, None);
/// assert_eq!(game.view(Observer::Spectator).captured[0].piece, None);
/// let black_pool = |o| game.view(o).pool.count(Color::Black, taken.role);
/// assert_eq!(black_pool(Observer::Red) + 1, black_pool(Observer::Black));
/// ```
pub fn view(history: &GameHistory, deal: Option<&Deal>, observer: Observer) -> View {
    let pos = history.last();
    let mut pool = *pos.pool();
    let mut captured: Vec<SeenCapture> = View::captures_of(history);
    for c in &mut captured {
        let hidden = history.captured_at(c.ply).is_some_and(|o| o.hidden);
        if !hidden {
            continue;
        }
        let recorded = c.piece;
        let seen = if sees_capture(observer, c.by) {
            recorded.or_else(|| deal.and_then(|d| d.get(c.square)))
        } else {
            None
        };
        // The position's pool lacks the identities the record states; give back those the
        // observer may not see, and take out those it sees only through the deal.
        match (recorded, seen) {
            (Some(p), None) => pool.put(p),
            (None, Some(p)) => {
                pool.take(p);
            }
            _ => {}
        }
        c.piece = seen;
    }
    let known = match (observer, deal) {
        (Observer::Arbiter, Some(d)) => d.hidden_in(pos),
        _ => Vec::new(),
    };
    View {
        observer,
        board: pos.board().clone(),
        pool,
        known,
        captured,
    }
}
