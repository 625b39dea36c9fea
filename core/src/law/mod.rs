//! The repetition law (棋例): what each move does in its terms ([`MoveKind`], [`PlyClass`],
//! [`classify`]), how a repetition is ruled ([`judge`]), and what the ruling says
//! ([`RepetitionRuling`]).
//!
//! The law sits below the ruleset framework ([`crate::rules`]), which re-exports its
//! vocabulary; it does not depend on it.

pub mod classify;
pub mod judge;
mod kinds;
pub mod patch;
mod ruling;

pub use judge::{RepetitionJudge, RepetitionLaw};
pub use kinds::{MoveKind, PlyClass};
pub use patch::{LawPatch, PatchError};
pub use ruling::{Conduct, LoopReport, Outlook, PlyReport, RepetitionRuling};
