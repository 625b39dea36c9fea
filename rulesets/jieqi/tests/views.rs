//! Views never leak (§7.5.2, §7.5.4): for random games under random deals, whatever an observer
//! may not know (hidden pieces on the board, hidden pieces captured by someone else) can be
//! dealt differently without changing its view in any way; the arbiter sees the difference.

use proptest::prelude::*;
use xqr_core::rules::{Observer, Ruleset};
use xqr_core::{Color, Square};
use xqr_jieqi::{Deal, JieqiGame};

/// Plays a random game from the deal of `seed`, `choices` picking among the legal moves.
fn random_game(seed: u64, choices: &[u16]) -> JieqiGame {
    let mut game = JieqiGame::from_seed(seed);
    for &c in choices {
        let pos = game.position();
        if pos.king(pos.turn()).is_none() {
            break;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[usize::from(c) % moves.len()];
        game.play(m).expect("a legal move completed from the deal");
    }
    game
}

/// Whether `observer` may know the identity of a hidden piece captured by `by` (§7.5.4).
fn sees(observer: Observer, by: Color) -> bool {
    match observer {
        Observer::Arbiter => true,
        Observer::Red => by == Color::Red,
        Observer::Black => by == Color::Black,
        Observer::Spectator => false,
    }
}

/// The points whose dealt identity `observer` cannot know in `game`: hidden pieces still on
/// the board, and hidden pieces captured by the other side (or by anyone, for a spectator).
fn unknown_points(game: &JieqiGame, observer: Observer) -> Vec<Square> {
    let h = game.history();
    let mut points: Vec<Square> = game
        .position()
        .board()
        .iter()
        .filter(|(_, o)| o.hidden)
        .map(|(sq, _)| sq)
        .collect();
    for ply in 1..=h.ply_count() {
        if let Some(o) = h.captured_at(ply).filter(|o| o.hidden) {
            if !sees(observer, !o.color) {
                points.push(h.move_at(ply).expect("ply played").to);
            }
        }
    }
    points.sort();
    points
}

/// `deal` with the identities on `points` rotated by `by` within each color.
fn permuted(deal: &Deal, points: &[Square], by: usize) -> Deal {
    let mut out = deal.clone();
    for color in Color::ALL {
        let mine: Vec<Square> = points
            .iter()
            .copied()
            .filter(|&s| deal.get(s).is_some_and(|p| p.color == color))
            .collect();
        if mine.is_empty() {
            continue;
        }
        let n = mine.len();
        for (i, &s) in mine.iter().enumerate() {
            out.set(s, deal.get(mine[(i + by) % n]));
        }
    }
    out
}

/// The same moves (without identities) replayed under another deal.
fn replay(game: &JieqiGame, deal: Deal) -> JieqiGame {
    let mut other = JieqiGame::new(game.history().start().clone(), deal).expect("deal fits");
    for m in game.history().moves() {
        other.play(m.bare()).expect("same shapes, same legality");
    }
    other
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn no_view_leaks(
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u16>(), 0..90),
        by in 1usize..15,
    ) {
        let game = random_game(seed, &choices);
        let pos = game.position();
        prop_assert!(
            game.history().ply_count() as usize == choices.len()
                || pos.king(pos.turn()).is_none()
                || pos.legal_moves().is_empty()
        );
        for observer in [Observer::Red, Observer::Black, Observer::Spectator] {
            let points = unknown_points(&game, observer);
            let other_deal = permuted(game.deal(), &points, by);
            let other = replay(&game, other_deal.clone());
            let view = game.view(observer);
            prop_assert_eq!(&view, &other.view(observer), "{:?} seed {}", observer, seed);
            // The test has teeth: when the deals differ the arbiter tells them apart.
            if other_deal != *game.deal() {
                prop_assert_ne!(game.view(Observer::Arbiter), other.view(Observer::Arbiter));
            }
            // Nothing face down is shown, and only the capturer names a hidden capture.
            prop_assert!(view.known.is_empty());
            for c in &view.captured {
                let hidden = game.history().captured_at(c.ply).is_some_and(|o| o.hidden);
                prop_assert_eq!(c.piece.is_some(), !hidden || sees(observer, c.by));
            }
        }
        // The arbiter sees the deal of every hidden piece and every capture.
        let arbiter = game.view(Observer::Arbiter);
        prop_assert_eq!(&arbiter.known, &game.deal().hidden_in(game.position()));
        prop_assert!(arbiter.captured.iter().all(|c| c.piece.is_some()));
        // The ruleset's visibility component, given the dealt board, sees what the game does;
        // given the record alone, even the arbiter names no hidden piece on the board.
        let jieqi = xqr_jieqi::Jieqi::new();
        let start = game.history().position(0);
        let dealt = game.deal().arbiter_board(start);
        for o in [Observer::Red, Observer::Black, Observer::Spectator, Observer::Arbiter] {
            prop_assert_eq!(jieqi.visibility().view(game.history(), Some(&dealt), o), game.view(o));
        }
        prop_assert!(jieqi.visibility().view(game.history(), None, Observer::Arbiter).known.is_empty());
        // Pools: identities nobody has placed. Red and Black each know their own captures.
        let total = |o: Observer, c: Color| game.view(o).pool.total(c);
        prop_assert!(total(Observer::Arbiter, Color::Black) <= total(Observer::Red, Color::Black));
        prop_assert!(total(Observer::Red, Color::Black) <= total(Observer::Spectator, Color::Black));
        prop_assert_eq!(total(Observer::Black, Color::Black), total(Observer::Spectator, Color::Black));
    }
}

#[test]
fn seeds_are_stable() {
    // Pinned: a change of generator or shuffle would change every club's published deals.
    let start =
        xqr_core::Position::from_fen(xqr_core::fen::JIEQI_START_FEN, xqr_core::MoveRules::JIEQI)
            .unwrap();
    assert_eq!(
        Deal::from_seed(1).placement(&start),
        "narbkcppa/9/1c5p1/p1b1p1n1r/9/9/A1N1R1P1B/1C5P1/9/BAPPKNRCP"
    );
    assert_eq!(
        Deal::from_seed(0).placement(&start),
        Deal::from_seed(0).placement(&start)
    );
    // Every seed deals each side its 15 pieces (§1.2).
    for seed in 0..50 {
        let d = Deal::from_seed(seed);
        d.check(&start).unwrap();
        assert_eq!(d.hidden_in(&start).len(), 30);
    }
}
