//! The repetition law (棋例): what each move does in its terms ([`kinds`], [`classify`]) and how
//! a repetition is ruled ([`judge`]).

pub mod classify;
pub mod judge;
mod kinds;

pub use kinds::{MoveKind, PlyClass};
