//! Ruleset `testkit-selective`: the 1999 rules, misbehaving on the games whose `Testkit` tag
//! says how; and the same ruleset in a table of protocol version 4.

use xqr_core::rules::Ruleset;
use xqr_plugin_sdk::protocol::encode_error;
use xqr_plugin_sdk::{serve, XqrBuffer, XqrPluginTable};
use xqr_plugin_testkit::selective::SelectiveRuleset;

xqr_plugin_sdk::xqr_plugin!(SelectiveRuleset::new("testkit-selective"));

/// The functions of the protocol-4 table.
mod protocol_4 {
    use super::*;
    use std::sync::OnceLock;

    static RULESET: OnceLock<SelectiveRuleset> = OnceLock::new();

    fn ruleset() -> &'static dyn Ruleset {
        RULESET.get_or_init(|| SelectiveRuleset::new("testkit-selective"))
    }

    pub extern "C" fn meta() -> XqrBuffer {
        serve::meta(ruleset)
    }

    /// A single-game request is judged; a batch request, which a plugin of version 4 cannot
    /// read, is answered with an error, so that a host sending one is caught.
    pub unsafe extern "C" fn judge(ptr: *const u8, len: usize) -> XqrBuffer {
        let bytes = if ptr.is_null() {
            &[][..]
        } else {
            // SAFETY: the host passes `len` readable bytes at `ptr` (ABI contract).
            unsafe { std::slice::from_raw_parts(ptr, len) }
        };
        let batch = serde_json::from_slice::<serde_json::Value>(bytes)
            .is_ok_and(|request| request.get("games").is_some());
        if batch {
            return XqrBuffer::from_vec(encode_error(
                "testkit: a plugin of protocol version 4 was sent a batch",
                None,
            ));
        }
        // SAFETY: as above.
        unsafe { serve::judge(ruleset, ptr, len) }
    }

    pub unsafe extern "C" fn legal_moves(ptr: *const u8, len: usize) -> XqrBuffer {
        // SAFETY: the host passes `len` readable bytes at `ptr` (ABI contract).
        unsafe { serve::legal_moves(ruleset, ptr, len) }
    }

    pub unsafe extern "C" fn query(ptr: *const u8, len: usize) -> XqrBuffer {
        // SAFETY: as above.
        unsafe { serve::query(ruleset, ptr, len) }
    }

    pub unsafe extern "C" fn free_buffer(buffer: XqrBuffer) {
        // SAFETY: the host gives back a buffer these functions returned, once.
        unsafe { serve::free_buffer(buffer) }
    }
}

static PROTOCOL_4: XqrPluginTable = XqrPluginTable {
    protocol_version: 4,
    ..XqrPluginTable::new(
        protocol_4::meta,
        protocol_4::judge,
        protocol_4::legal_moves,
        protocol_4::query,
        protocol_4::free_buffer,
    )
};

/// `testkit-selective` in a table of protocol version 4.
#[unsafe(no_mangle)]
pub extern "C" fn xqr_testkit_selective_protocol_4() -> *const XqrPluginTable {
    &PROTOCOL_4
}
