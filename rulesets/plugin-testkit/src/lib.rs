//! # xqr-plugin-testkit
//!
//! A plugin library for the host's loader tests only (not published). It exports:
//!
//! - `xqr_plugin_entry`: a valid plugin, ruleset `testkit-panic` (the 1999 rules under another
//!   id, built on the 1999 Spec), whose `judge` panics — the host must get the panic back as an error and live on;
//! - `xqr_testkit_bad_magic`: a table with a wrong magic number;
//! - `xqr_testkit_bad_abi`: a table of another ABI version;
//! - `xqr_testkit_small_struct`: a table whose `struct_size` is smaller than the host needs;
//! - `xqr_testkit_bad_protocol`: a table speaking an unknown JSON protocol version;
//! - `xqr_testkit_protocol_1`: a valid table of JSON protocol version 1 (before `draw_pending`);
//! - `xqr_testkit_protocol_3`: a valid table of JSON protocol version 3 (before law patches),
//!   whose manifest nevertheless says it accepts one;
//! - `xqr_testkit_bad_manifest`: a valid table whose manifest fails validation (id `Bad Id`);
//! - `xqr_testkit_null_table`: returns a null table;
//! - `xqr_testkit_missing_function`: a table without a `judge` function.
//!
//! Each extra symbol has the signature of the entry symbol; hosts load them only through the
//! loader's test-only `load_plugin_with_symbol`.

use xqr_core::rules::{
    GameInput, JudgeError, JudgeOptions, MoveLegality, PieceVisibility, RepetitionJudge, Ruleset,
    RulesetMeta, Scoring, Spec, Verdict,
};
use xqr_cxa1999::Cxa1999;
use xqr_plugin_sdk::{serve, XqrBuffer, XqrPluginTable, ABI_VERSION, PROTOCOL_VERSION};

/// The message of the deliberate panic in `judge`.
pub const PANIC_MESSAGE: &str = "testkit: deliberate panic in judge";

/// The 1999 rules under another id, with a `judge` that panics.
pub struct PanickingRuleset {
    inner: Cxa1999,
    meta: RulesetMeta,
}

impl PanickingRuleset {
    /// A ruleset with id `id` whose `judge` panics.
    pub fn new(id: &str) -> PanickingRuleset {
        let inner = Cxa1999::new();
        let meta = RulesetMeta {
            id: id.to_owned(),
            name: format!("Testkit ruleset {id}"),
            aliases: Vec::new(),
            extends: Some(xqr_cxa1999::ID.to_owned()),
            ..inner.meta().clone()
        };
        PanickingRuleset { inner, meta }
    }
}

impl Ruleset for PanickingRuleset {
    fn meta(&self) -> &RulesetMeta {
        &self.meta
    }
    fn legality(&self) -> &dyn MoveLegality {
        self.inner.legality()
    }
    fn visibility(&self) -> &dyn PieceVisibility {
        self.inner.visibility()
    }
    fn repetition(&self) -> &dyn RepetitionJudge {
        self.inner.repetition()
    }
    fn scoring(&self) -> &dyn Scoring {
        self.inner.scoring()
    }
    fn judge(&self, _game: &GameInput, _options: &JudgeOptions) -> Result<Verdict, JudgeError> {
        panic!("{PANIC_MESSAGE}")
    }
    /// The 1999 Spec (under the 1999 id): what a law patch applies to.
    fn spec(&self) -> Option<&Spec> {
        Ruleset::spec(&self.inner)
    }
}

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
