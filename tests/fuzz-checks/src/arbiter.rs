//! The arbiter's move lines: `xqr arbiter` reads each request's move text with
//! [`Arbiter::play`], which is what this check feeds.

use xqr_core::rules::replay::Arbiter;

use crate::registry::registry;

/// The most lines of one input, so that it stays fast.
const MAX_LINES: usize = 64;

/// The first byte picks a loaded ruleset; the first line is a FEN when it holds a `/`, and
/// every other line is a move text. A move that plays can be taken back and played again to
/// the same move; a refused move changes nothing.
pub fn check_arbiter(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let rulesets: Vec<_> = registry().iter().collect();
    let rs = rulesets[usize::from(pick) % rulesets.len()].as_ref();
    let mut lines = text.lines().peekable();
    let fen = lines.next_if(|l| l.contains('/'));
    let Ok(mut arbiter) = Arbiter::new(rs, fen) else {
        return;
    };
    for line in lines.take(MAX_LINES) {
        let before = arbiter.history().ply_count();
        match arbiter.play(line) {
            Ok(m) => {
                assert_eq!(arbiter.history().ply_count(), before + 1);
                assert_eq!(arbiter.undo(), Some(m), "undo of {line:?}");
                assert_eq!(arbiter.history().ply_count(), before);
                assert_eq!(arbiter.play(line).ok(), Some(m), "{line:?} again");
            }
            Err(_) => assert_eq!(arbiter.history().ply_count(), before, "{line:?} refused"),
        }
        let _ = arbiter.status();
    }
}
