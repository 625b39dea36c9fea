//! Failures of component calls that the component traits cannot return.
//!
//! [`MoveLegality`](super::MoveLegality), [`RepetitionJudge`](super::RepetitionJudge) and
//! [`Scoring`](super::Scoring) answer without an error channel: every static ruleset always
//! can. A dynamic plugin may crash, hang or answer garbage in the middle of a game; its component
//! then answers a documented fallback (the shared generator's moves, no ruling, no end) and
//! reports the failure here. The drivers that call components for a whole answer (the verdict
//! and claim replays, the live [`Arbiter`](super::replay::Arbiter)) clear the report before
//! they start and turn a failure found after into an error, so that a fallback is never
//! passed off as the plugin's ruling.
//!
//! The report is kept per thread: a component call runs on the thread of the driver that made
//! it (a plugin in its own process is called through a pipe and waited for), so a driver finds
//! its own calls' failures and no other thread's.

use std::cell::RefCell;

use super::JudgeError;

thread_local! {
    static FAILURE: RefCell<Option<JudgeError>> = const { RefCell::new(None) };
}

/// Records that a component call failed and answered its fallback. The first failure since
/// the last [`take_component_failure`] is kept.
pub fn report_component_failure(error: JudgeError) {
    FAILURE.with(|f| {
        let mut f = f.borrow_mut();
        if f.is_none() {
            *f = Some(error);
        }
    });
}

/// The first component failure reported on this thread since the last call, which clears it.
///
/// ```
/// use xqr_core::rules::{report_component_failure, take_component_failure, JudgeError};
/// assert!(take_component_failure().is_none());
/// report_component_failure(JudgeError::Plugin { ruleset: "p".into(), message: "crashed".into() });
/// report_component_failure(JudgeError::Plugin { ruleset: "p".into(), message: "later".into() });
/// assert_eq!(take_component_failure().unwrap().to_string(), "plugin p: crashed");
/// assert!(take_component_failure().is_none());
/// ```
pub fn take_component_failure() -> Option<JudgeError> {
    FAILURE.with(|f| f.borrow_mut().take())
}

/// Runs a driver's component calls: a component failure reported during `run` becomes its
/// error, in place of the answer built on the fallback.
pub(crate) fn or_component_failure<T>(
    run: impl FnOnce() -> Result<T, JudgeError>,
) -> Result<T, JudgeError> {
    take_component_failure();
    let answer = run();
    match take_component_failure() {
        Some(failure) => Err(failure),
        None => answer,
    }
}
