//! Values kept per ply of a game ([`crate::rules::GameHistory::memo`]), by type and by the
//! fingerprint of what they were computed from.
//!
//! The repetition law keeps what it works out of a ply (a classification, whether the ply
//! attacks, a nine-round window, a tally) with the history, so that the next ply and the
//! report read it instead of working it out again. Most of these values are a few bytes and
//! many are kept per game: the values of one type under one key are kept together, in a list
//! indexed by ply, so that keeping one costs no allocation of its own and finding one no hash
//! of its ply. The history knows nothing of what the values are.

use rustc_hash::FxHashMap;
use std::any::{Any, TypeId};
use std::cell::RefCell;

/// The values kept for a game's plies.
#[derive(Default)]
pub(crate) struct Memo(RefCell<FxHashMap<(TypeId, u64), Box<dyn Column>>>);

impl Memo {
    /// `f` of the value of type `T` kept for `ply` under `key`, if there is one.
    pub(crate) fn peek<T: Any, R>(&self, key: u64, ply: u32, f: impl FnOnce(&T) -> R) -> Option<R> {
        let columns = self.0.borrow();
        let column = columns.get(&(TypeId::of::<T>(), key))?;
        let values = column.as_any().downcast_ref::<Values<T>>()?;
        values.0.get(ply as usize)?.as_ref().map(f)
    }

    /// Keeps `value` for `ply` under `key`, in place of any kept before.
    pub(crate) fn keep<T: Any + Clone + Send + Sync>(&self, key: u64, ply: u32, value: T) {
        let mut columns = self.0.borrow_mut();
        let column = columns
            .entry((TypeId::of::<T>(), key))
            .or_insert_with(|| Box::new(Values::<T>(Vec::new())));
        let Some(values) = column.as_any_mut().downcast_mut::<Values<T>>() else {
            unreachable!("a column is made for the type it is found by");
        };
        let at = ply as usize;
        if values.0.len() <= at {
            values.0.resize_with(at + 1, || None);
        }
        values.0[at] = Some(value);
    }

    /// Forgets the values of `ply` and later plies (a ply taken back).
    pub(crate) fn forget_from(&self, ply: u32) {
        for column in self.0.borrow_mut().values_mut() {
            column.forget_from(ply);
        }
    }

    /// How many values are kept.
    pub(crate) fn len(&self) -> usize {
        self.0.borrow().values().map(|c| c.len()).sum()
    }
}

impl Clone for Memo {
    fn clone(&self) -> Memo {
        let columns = self.0.borrow();
        Memo(RefCell::new(
            columns.iter().map(|(k, c)| (*k, c.boxed_clone())).collect(),
        ))
    }
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Memo({} values)", self.len())
    }
}

/// The values of one type under one key, by ply.
struct Values<T>(Vec<Option<T>>);

/// [`Values`] of any type.
trait Column: Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn forget_from(&mut self, ply: u32);
    fn boxed_clone(&self) -> Box<dyn Column>;
    fn len(&self) -> usize;
}

impl<T: Any + Clone + Send + Sync> Column for Values<T> {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn forget_from(&mut self, ply: u32) {
        self.0.truncate(ply as usize);
    }

    fn boxed_clone(&self) -> Box<dyn Column> {
        Box::new(Values(self.0.clone()))
    }

    fn len(&self) -> usize {
        self.0.iter().filter(|v| v.is_some()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::Memo;

    /// Values are found by type, key and ply; a later value for the same place replaces the
    /// earlier; forgetting from a ply keeps the plies before it; a copy is independent.
    #[test]
    fn values_are_kept_by_type_key_and_ply() {
        let memo = Memo::default();
        memo.keep(7, 3, 30u32);
        memo.keep(7, 1, 10u32);
        memo.keep(8, 3, 99u32);
        memo.keep(7, 3, "three");
        assert_eq!(memo.peek(7, 3, |v: &u32| *v), Some(30));
        assert_eq!(memo.peek(7, 1, |v: &u32| *v), Some(10));
        assert_eq!(memo.peek(7, 2, |v: &u32| *v), None);
        assert_eq!(memo.peek(7, 9, |v: &u32| *v), None);
        assert_eq!(memo.peek(8, 3, |v: &u32| *v), Some(99));
        assert_eq!(memo.peek(7, 3, |v: &&str| *v), Some("three"));
        assert_eq!(memo.peek(7, 3, |v: &u64| *v), None);
        memo.keep(7, 3, 31u32);
        assert_eq!(memo.peek(7, 3, |v: &u32| *v), Some(31));
        assert_eq!(memo.len(), 4);

        let copy = memo.clone();
        memo.forget_from(2);
        assert_eq!(memo.peek(7, 1, |v: &u32| *v), Some(10));
        assert_eq!(memo.peek(7, 3, |v: &u32| *v), None);
        assert_eq!(memo.peek(7, 3, |v: &&str| *v), None);
        assert_eq!(memo.len(), 1);
        assert_eq!(copy.peek(7, 3, |v: &u32| *v), Some(31));
        assert_eq!(copy.len(), 4);
        assert_eq!(format!("{copy:?}"), "Memo(4 values)");
    }
}
