//! Pairing schedules: the round-robin order table of cxa-2011 附录一.

mod round_robin;

pub use round_robin::{Pairing, RoundRobin, RoundRobinError, ScheduledRound};
