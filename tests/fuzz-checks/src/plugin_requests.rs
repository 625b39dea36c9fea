//! What the host sends a plugin's `judge`: a request in JSON or packed (protocol version 6).

use std::sync::{Arc, OnceLock};
use xqr_core::registry::Registry;
use xqr_core::rules::Ruleset;
use xqr_plugin_sdk::protocol::decode_reply;
use xqr_plugin_sdk::serve;

/// The 1999 rules, as a plugin built from them serves them.
fn ruleset() -> &'static dyn Ruleset {
    static RULESET: OnceLock<Arc<dyn Ruleset>> = OnceLock::new();
    &**RULESET.get_or_init(|| {
        Registry::with_static()
            .get("cxa-1999")
            .expect("static")
            .clone()
    })
}

/// Serves `data` as a `judge` request: whatever the bytes, the reply is a reply (a verdict, a
/// list of replies or an error) and no panic, which the SDK would have caught and answered
/// as `plugin panicked: …`.
pub fn check_plugin_requests(data: &[u8]) {
    // SAFETY: `data` is readable for the call.
    let buffer = unsafe { serve::judge(ruleset, data.as_ptr(), data.len()) };
    // SAFETY: the buffer comes from `serve` in this same binary.
    let reply = unsafe { buffer.into_vec() };
    match decode_reply::<serde_json::Value>(&reply) {
        Ok(_) => {}
        Err(e) => {
            let message = e.to_string();
            assert!(!message.contains("plugin panicked"), "{message}");
            assert!(
                !message.starts_with("malformed"),
                "not a reply: {}",
                String::from_utf8_lossy(&reply)
            );
        }
    }
}
