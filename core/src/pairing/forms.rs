//! Pairing one score group by the five forms (2011 附录二 二.3, 一.10).
//!
//! - 一.10 "在同一积分段中必须最充分配对".
//! - 二.3 "由优先编排者在本积分段的'异行'逐个选择配对者。其原则是三个优先：优先安排少先者与
//!   多先者配对；优先安排连先者与连后者配对；优先安排上先者与上后者配对。尽可能避免出现多三先、
//!   多三后……和连走三先、连走三后". The forms: "（1）同位配对：与'异行'排序列前者同位配对。
//!   （2）错位配对：若同位已相遇过，则仍由先编者在'异行'依次选择配对。（3）通行配对：若同位、
//!   错位均无法配对，或'异行'已无配对者，则在同行内向下按序号临近配对。（4）拆对配对：若本积分段
//!   有两人（含）以上未做到充分配对，或在低分遇困难号，应向上临近拆对，重新编排。请参见下列
//!   '拆对编排方法'。（5）下调配对：本积分段仅剩一人或无法充分配对时，则下调到下一个积分段优先
//!   编排。"
//!
//! # The reading
//!
//! The picker (see `pick_order`) takes the first card of the other row (同位), else the next
//! cards of that row in order (错位), else a card of his own row, the nearest number first
//! (通行). A card is passed over when the two met (一.6), when no colour allocation keeps both
//! within 一.11 (3) (in the stricter passes, see below), or when its player would float up a
//! third time (一.9). With an odd field the bye is the last choice of the lowest group (一.5).
//!
//! 拆对 is read as backtracking: when the pairs made leave two or more unpaired, or leave a
//! floater the groups below cannot absorb ("在低分遇困难号"), the most recent pair is broken
//! and its picker takes his next choice (向上临近拆对). The text announces a separate "拆对编排
//! 方法" that is not in this copy of the rules; the nearest-pair-first order is the reading.
//!
//! 下调: a group pairs as fully as it can; the number left over is the smallest the group allows
//! with the groups below still pairable. Who floats is who is left when the pickers have chosen;
//! a picker with no partner left floats himself before earlier pairs are broken.
//!
//! The search runs in passes that give up one wish at a time (一.11 (1)–(2): full pairing
//! first, colours within it). 一.9 is read as a limit and a wish: nobody floats down or up a
//! third time (the limit; a player alone on his score floats uncounted, as the parenthesis
//! of 一.9 says, so neither limit nor balance applies to him), and the players sent down are, where possible, players who never
//! floated down and not floaters from above floating on (the balance "趋于平衡", with 一.4's
//! "尽可能避免跨越积分段"). The passes: pairs whose colours can stay within 一.11 (3) (and (4)
//! in the last round of an odd-round event) with that balance of floaters; the same with
//! floaters who floated once; then 一.11 (4) is given up, then 一.11 (3), each again with the
//! balance first. When even that leaves the group unpaired the limit of two floats goes, and
//! the colour wishes are tried again without it. Not checked here: the groups below (`groups`).

use std::collections::HashSet;

use super::colours::pair_can_balance;
use super::groups::Field;
use super::matching::Set;
use super::pick_order::{first_picker, row_key, PickRule};
use crate::standings::Score;

/// The form of a pair (二.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// 同位配对: the first card of the other row.
    SamePosition,
    /// 错位配对: a later card of the other row.
    NextPosition,
    /// 通行配对: a card of the picker's own row.
    SameRow,
    /// 轮空 (一.5): no opponent.
    Bye,
}

impl Form {
    /// The item of the appendix, for explanations.
    pub fn item(self) -> &'static str {
        match self {
            Form::SamePosition => "二.3 (1) 同位: first card of the other row",
            Form::NextPosition => "二.3 (2) 错位: next card of the other row",
            Form::SameRow => "二.3 (3) 通行: nearest number in the same row",
            Form::Bye => "一.5 bye to the lowest group",
        }
    }
}

/// How much of 一.11 (3)–(4) a pass keeps.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum ColourWish {
    /// No three up or in a row (一.11 (3)) and, in the last round of an odd-round event, at most
    /// one apart (一.11 (4)).
    Balanced,
    /// No three up or in a row (一.11 (3)).
    NoThree,
    /// Any colours.
    Any,
}

/// The wishes one pass keeps.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pass {
    /// What pairs must allow of 一.11 (3)–(4).
    pub colours: ColourWish,
    /// Floaters must have floated down fewer times than this; at 1, a floater from above does
    /// not float on. Players floating up must have floated up fewer than two times, unless this
    /// is unlimited.
    pub float_limit: u32,
}

/// The passes, strictest first.
pub(crate) const PASSES: [Pass; 9] = [
    Pass {
        colours: ColourWish::Balanced,
        float_limit: 1,
    },
    Pass {
        colours: ColourWish::Balanced,
        float_limit: 2,
    },
    Pass {
        colours: ColourWish::NoThree,
        float_limit: 1,
    },
    Pass {
        colours: ColourWish::NoThree,
        float_limit: 2,
    },
    Pass {
        colours: ColourWish::Any,
        float_limit: 1,
    },
    Pass {
        colours: ColourWish::Any,
        float_limit: 2,
    },
    Pass {
        colours: ColourWish::Balanced,
        float_limit: u32::MAX,
    },
    Pass {
        colours: ColourWish::NoThree,
        float_limit: u32::MAX,
    },
    Pass {
        colours: ColourWish::Any,
        float_limit: u32::MAX,
    },
];

/// One pair as it was made.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Made {
    pub picker: usize,
    pub partner: usize,
    pub rule: PickRule,
    pub form: Form,
}

/// A paired group.
#[derive(Clone, Debug)]
pub(crate) struct Solved {
    pub pairs: Vec<Made>,
    pub floaters: Vec<usize>,
    /// Whether pairs were broken and made again (拆对).
    pub rebuilt: bool,
}

struct Search<'a> {
    field: &'a Field,
    group_score: Score,
    floaters_wanted: usize,
    pass: Pass,
    accept: &'a mut dyn FnMut(Set) -> bool,
    budget: &'a mut u64,
    stack: Vec<Made>,
    failed: HashSet<(Set, Set)>,
    rebuilt: bool,
    found: Option<Set>,
}

/// Pairs `members` leaving exactly `floaters` of them unpaired, the unpaired set approved by
/// `accept`; `None` when no pairing fits (or the budget ran out).
pub(crate) fn pair_group(
    field: &Field,
    group_score: Score,
    members: &[usize],
    floaters: usize,
    pass: Pass,
    accept: &mut dyn FnMut(Set) -> bool,
    budget: &mut u64,
) -> Option<Solved> {
    let mut s = Search {
        field,
        group_score,
        floaters_wanted: floaters,
        pass,
        accept,
        budget,
        stack: Vec::new(),
        failed: HashSet::new(),
        rebuilt: false,
        found: None,
    };
    let all: Set = members.iter().copied().collect();
    if s.run(all, Set::EMPTY) {
        let floaters = s.found.map(|f| f.iter().collect()).unwrap_or_default();
        Some(Solved {
            pairs: s.stack,
            floaters,
            rebuilt: s.rebuilt,
        })
    } else {
        None
    }
}

impl Search<'_> {
    fn can_float(&self, p: usize) -> bool {
        let f = self.field;
        let from_above = f.entries[p].score > self.group_score;
        Some(p) != f.phantom
            && (f.alone[p] || f.downs[p] < self.pass.float_limit)
            && (self.pass.float_limit > 1 || !from_above)
    }

    fn run(&mut self, left: Set, floaters: Set) -> bool {
        if *self.budget == 0 {
            return false;
        }
        *self.budget -= 1;
        let need = self.floaters_wanted.saturating_sub(floaters.len());
        if left.len() <= need {
            if left.len() < need || !left.iter().all(|p| self.can_float(p)) {
                return false;
            }
            let mut all = floaters;
            for p in left.iter() {
                all.insert(p);
            }
            if (self.accept)(all) {
                self.found = Some(all);
                return true;
            }
            return false;
        }
        if self.failed.contains(&(left, floaters)) {
            return false;
        }
        let entries = &self.field.entries;
        let Some((p, rule)) = first_picker(entries, left.iter(), self.field.round) else {
            return false;
        };
        for (c, form) in self.candidates(p, left) {
            self.stack.push(Made {
                picker: p,
                partner: c,
                rule,
                form,
            });
            let mut rest = left;
            rest.remove(p);
            rest.remove(c);
            if self.run(rest, floaters) {
                return true;
            }
            // 二.3 (4) 拆对: break the nearest pair and let its picker choose again.
            self.stack.pop();
            self.rebuilt = true;
        }
        // 二.3 (5) 下调: a picker without a partner floats before earlier pairs are broken.
        if need > 0 && self.can_float(p) {
            let mut rest = left;
            rest.remove(p);
            let mut more = floaters;
            more.insert(p);
            if self.run(rest, more) {
                return true;
            }
        }
        self.failed.insert((left, floaters));
        false
    }

    /// The picker's choices in the order of the forms.
    fn candidates(&self, p: usize, left: Set) -> Vec<(usize, Form)> {
        let f = self.field;
        let round = f.round;
        let phantom = f.phantom;
        let real = |q: usize| q != p && Some(q) != phantom;
        if Some(p) == phantom {
            return left
                .iter()
                .filter(|&q| q != p && f.can_meet(p, q))
                .map(|q| (q, Form::Bye))
                .collect();
        }
        // 二.3 (1)–(2): the other row ("异行") in its 二.2 order; 同位 is its first card still
        // unpaired, 错位 any later one (the text's "依次选择").
        let wants_red = f.entries[p].state.wants_red();
        let mut other: Vec<usize> = left
            .iter()
            .filter(|&q| real(q) && f.entries[q].state.wants_red() != wants_red)
            .collect();
        other.sort_by_key(|&q| row_key(&f.entries[q], round));
        let mut own: Vec<usize> = left
            .iter()
            .filter(|&q| real(q) && f.entries[q].state.wants_red() == wants_red)
            .collect();
        // 二.3 (3) 通行 "在同行内向下按序号临近配对": read as the nearest number first, the row
        // order between equally near numbers.
        let n = f.entries[p].number;
        own.sort_by_key(|&q| {
            (
                f.entries[q].number.abs_diff(n),
                row_key(&f.entries[q], round),
            )
        });
        let first = other.first().copied();
        let mut out: Vec<(usize, Form)> = other
            .into_iter()
            .map(|q| {
                (
                    q,
                    if Some(q) == first {
                        Form::SamePosition
                    } else {
                        Form::NextPosition
                    },
                )
            })
            .chain(own.into_iter().map(|q| (q, Form::SameRow)))
            .filter(|&(q, _)| self.allowed(p, q))
            .collect();
        // 一.5: the bye is the last choice, so it goes to whoever the lowest group leaves.
        if let Some(x) = phantom.filter(|&x| left.contains(x) && f.can_meet(p, x)) {
            out.push((x, Form::Bye));
        }
        out
    }

    fn allowed(&self, p: usize, q: usize) -> bool {
        let f = self.field;
        if !f.can_meet(p, q) {
            return false;
        }
        let (a, b) = (&f.entries[p], &f.entries[q]);
        let balanced = match self.pass.colours {
            ColourWish::Balanced => pair_can_balance(a.state, b.state, f.final_round),
            ColourWish::NoThree => pair_can_balance(a.state, b.state, false),
            ColourWish::Any => true,
        };
        if !balanced {
            return false;
        }
        // 一.9: the lower of the two floats up.
        let lower = match a.score.cmp(&b.score) {
            core::cmp::Ordering::Greater => Some(q),
            core::cmp::Ordering::Less => Some(p),
            core::cmp::Ordering::Equal => None,
        };
        let limit = if self.pass.float_limit == u32::MAX {
            u32::MAX
        } else {
            2
        };
        lower.is_none_or(|l| f.alone[l] || f.ups[l] < limit)
    }
}
