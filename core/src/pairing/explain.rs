//! Why each board is as it is, in the words of the appendix (`xqr pair --explain`): the picker
//! and the item of 二.2 that chose him, the form of 二.3, floaters (下调), the colour rule
//! (二.4, 一.11), broken pairs (拆对) and the wishes a group gave up.

use super::{Board, PairedRound};
impl PairedRound {
    /// Why the board is as it is, in words (`--explain`).
    pub fn explain(&self, board: &Board, names: &[String]) -> String {
        let name = |p: usize| names.get(p).map_or("?", String::as_str);
        let card = |p: usize| {
            let c = &self.cards[p];
            format!(
                "{} no.{} {} pts {}",
                name(p),
                self.numbers[p],
                c.score,
                c.colour_state().card()
            )
        };
        let Some(black) = board.black else {
            if self.round == 1 {
                return format!(
                    "{} has the largest number, {}, left out of the first-round table: the bye (二.1, 一.5), scored as a win",
                    name(board.red),
                    self.numbers[board.red]
                );
            }
            return format!(
                "{} has the bye: the last left in the lowest group (一.5), scored as a win",
                card(board.red)
            );
        };
        if self.round == 1 {
            return format!(
                "numbers {} and {} of the first-round table (二.1); the number listed first has Red",
                self.numbers[board.red], self.numbers[black]
            );
        }
        let g = &self.groups[board.group];
        let mut parts = Vec::new();
        if let (Some(p), Some(rule)) = (board.picker, board.pick_rule) {
            let other = if p == board.red { black } else { board.red };
            parts.push(format!(
                "{} picks first in the {}-point group ({})",
                card(p),
                g.score,
                rule.item()
            ));
            if let Some(form) = board.form {
                parts.push(format!("takes {} ({})", card(other), form.item()));
            }
            for q in [p, other] {
                if g.incoming.contains(&q) {
                    parts.push(format!(
                        "{} floated down from a higher group (二.3 (5) 下调)",
                        name(q)
                    ));
                }
            }
        }
        if let Some(rule) = board.colour_rule {
            parts.push(format!("{} has Red: {}", name(board.red), rule.item()));
        }
        if g.rebuilt {
            parts.push("pairs of this group were broken and made again (二.3 (4) 拆对)".to_owned());
        }
        for r in &g.relaxed {
            parts.push(format!("gave up: {r}"));
        }
        parts.join("; ")
    }
}
