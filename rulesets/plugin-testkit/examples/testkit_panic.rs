//! The testkit's main plugin library: its entry is ruleset `testkit-panic`, whose `judge`
//! panics, and it exports the broken tables listed in the crate documentation.

use xqr_core::rules::Ruleset;
use xqr_plugin_sdk::{serve, XqrBuffer, XqrPluginTable, ABI_VERSION, PROTOCOL_VERSION};
use xqr_plugin_testkit::PanickingRuleset;

xqr_plugin_sdk::xqr_plugin!(PanickingRuleset::new("testkit-panic"));

/// The functions of the extra tables: a 1999 ruleset under `id`, built once.
macro_rules! functions {
    ($module:ident, $id:expr) => {
        mod $module {
            use super::*;
            use std::sync::OnceLock;

            static RULESET: OnceLock<PanickingRuleset> = OnceLock::new();

            fn ruleset() -> &'static dyn Ruleset {
                RULESET.get_or_init(|| PanickingRuleset::new($id))
            }

            pub extern "C" fn meta() -> XqrBuffer {
                serve::meta(ruleset)
            }

            pub unsafe extern "C" fn judge(ptr: *const u8, len: usize) -> XqrBuffer {
                // SAFETY: the host passes `len` readable bytes at `ptr` (ABI contract).
                unsafe { serve::judge(ruleset, ptr, len) }
            }

            pub unsafe extern "C" fn legal_moves(ptr: *const u8, len: usize) -> XqrBuffer {
                // SAFETY: as above.
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

            pub const TABLE: XqrPluginTable =
                XqrPluginTable::new(meta, judge, legal_moves, query, free_buffer);
        }
    };
}

functions!(header_tests, "testkit-header");
functions!(bad_manifest, "Bad Id");

static BAD_MAGIC: XqrPluginTable = XqrPluginTable {
    magic: 0x0BAD_0BAD_0BAD_0BAD,
    ..header_tests::TABLE
};

static BAD_ABI: XqrPluginTable = XqrPluginTable {
    abi_version: ABI_VERSION + 1,
    ..header_tests::TABLE
};

static SMALL_STRUCT: XqrPluginTable = XqrPluginTable {
    // Header and `meta` only: an older, shorter table.
    struct_size: 32,
    ..header_tests::TABLE
};

static BAD_PROTOCOL: XqrPluginTable = XqrPluginTable {
    protocol_version: PROTOCOL_VERSION + 98,
    ..header_tests::TABLE
};

static PROTOCOL_1: XqrPluginTable = XqrPluginTable {
    protocol_version: 1,
    ..header_tests::TABLE
};

static PROTOCOL_3: XqrPluginTable = XqrPluginTable {
    protocol_version: 3,
    ..header_tests::TABLE
};

static MISSING_FUNCTION: XqrPluginTable = XqrPluginTable {
    judge: None,
    ..header_tests::TABLE
};

static BAD_MANIFEST: XqrPluginTable = bad_manifest::TABLE;

/// A table with a wrong magic number.
#[unsafe(no_mangle)]
pub extern "C" fn xqr_testkit_bad_magic() -> *const XqrPluginTable {
    &BAD_MAGIC
}

/// A table of ABI version [`ABI_VERSION`] + 1.
#[unsafe(no_mangle)]
pub extern "C" fn xqr_testkit_bad_abi() -> *const XqrPluginTable {
    &BAD_ABI
}

/// A table claiming 32 bytes.
#[unsafe(no_mangle)]
pub extern "C" fn xqr_testkit_small_struct() -> *const XqrPluginTable {
    &SMALL_STRUCT
}

/// A table of protocol version [`PROTOCOL_VERSION`] + 98.
#[unsafe(no_mangle)]
pub extern "C" fn xqr_testkit_bad_protocol() -> *const XqrPluginTable {
    &BAD_PROTOCOL
}

/// A valid table of protocol version 1.
#[unsafe(no_mangle)]
pub extern "C" fn xqr_testkit_protocol_1() -> *const XqrPluginTable {
    &PROTOCOL_1
}

/// A valid table of protocol version 3, whose manifest says it accepts a law patch (which a
/// host must not believe: protocol 3 has no law patch).
#[unsafe(no_mangle)]
pub extern "C" fn xqr_testkit_protocol_3() -> *const XqrPluginTable {
    &PROTOCOL_3
}

/// A valid table whose manifest has the id `Bad Id`.
#[unsafe(no_mangle)]
pub extern "C" fn xqr_testkit_bad_manifest() -> *const XqrPluginTable {
    &BAD_MANIFEST
}

/// No table at all.
#[unsafe(no_mangle)]
pub extern "C" fn xqr_testkit_null_table() -> *const XqrPluginTable {
    core::ptr::null()
}

/// A table without `judge`.
#[unsafe(no_mangle)]
pub extern "C" fn xqr_testkit_missing_function() -> *const XqrPluginTable {
    &MISSING_FUNCTION
}
