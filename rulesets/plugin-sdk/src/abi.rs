//! The binary interface between a host and a plugin: the entry symbol, the function table and
//! the byte buffers it exchanges. See the [crate documentation](crate) for the rules.

use core::mem::{align_of, size_of};

/// Name of the one symbol a plugin exports (without the trailing NUL).
pub const ENTRY_SYMBOL: &str = "xqr_plugin_entry";

/// [`ENTRY_SYMBOL`] with its trailing NUL, as `dlsym` wants it.
pub const ENTRY_SYMBOL_NUL: &[u8] = b"xqr_plugin_entry\0";

/// The first field of every table: ASCII `XQR_PLUG` read as a big-endian `u64`.
///
/// ```
/// assert_eq!(xqr_plugin_sdk::MAGIC.to_be_bytes(), *b"XQR_PLUG");
/// ```
pub const MAGIC: u64 = u64::from_be_bytes(*b"XQR_PLUG");

/// Version of the binary layout of [`XqrPluginTable`] and [`XqrBuffer`] and of the calling
/// conventions of the functions. Changed on any incompatible change; a host loads only plugins
/// of exactly its version.
pub const ABI_VERSION: u32 = 1;

/// Version of the JSON messages exchanged through the table (see [`crate::protocol`]).
///
/// Version 2 added the `draw_pending` repetition ruling
/// ([`RepetitionRuling::DrawPending`](xqr_core::rules::RepetitionRuling::DrawPending), 2011
/// §23.5.2.1), which a version-1 host could not read. A host of this SDK still loads version-1
/// plugins: they never send it.
///
/// Version 3: `judge` honours the `claim` of its options ([`ClaimPolicy`](xqr_core::rules::ClaimPolicy):
/// judged as played by default) and verdicts list their `claims`. An older plugin ends every
/// game at its first claim, so a host of this SDK judges a record as played under it with the
/// host's own driver over the plugin's components (`query`), and calls its `judge` only for
/// `claim = "first"`.
///
/// Version 4: a manifest may declare `accepts_law_patch`; a `judge` request and a `query`
/// request (`repetition`, `classify`, the new `check_law`) may then carry `law`, a
/// [`LawChange`](crate::protocol::LawChange) the plugin applies to the law it is built from
/// before answering, so that a house variant changes a plugin's repetition law. A host of this
/// SDK still loads plugins of versions 1–3: they take no patch, and a variant that changes the
/// law of one is refused.
///
/// Version 5: a `judge` request may carry several games (`games` instead of `game`), answered
/// with one reply holding each game's reply in order
/// ([`protocol::batch`](crate::protocol::batch)), so that a corpus run through a plugin in
/// another process pays one round trip per batch rather than per game. A host of this SDK
/// still sends one game per request to a plugin of an older version.
///
/// Version 6: a `judge` request may carry its games packed, each text given by its length
/// rather than as a JSON string ([`protocol::packed`](crate::protocol::packed)), so that
/// neither side looks at the bytes of a move. A host of this SDK still sends JSON to a plugin
/// of an older version.
pub const PROTOCOL_VERSION: u32 = 6;

/// Size in bytes of [`XqrPluginTable`] on this target, as written in
/// [`XqrPluginTable::struct_size`].
pub const TABLE_SIZE: u32 = size_of::<XqrPluginTable>() as u32;

/// A byte buffer allocated by the plugin and handed to the host: the raw parts of a Rust
/// `Vec<u8>`.
///
/// The host reads `len` bytes at `ptr` and then gives the buffer back, unchanged, to the same
/// plugin's [`XqrPluginTable::free_buffer`]: only the allocator that made it frees it. A null
/// `ptr` with `len == 0` is an empty buffer.
#[repr(C)]
#[derive(Debug)]
pub struct XqrBuffer {
    /// First byte (UTF-8 JSON text).
    pub ptr: *mut u8,
    /// Number of bytes.
    pub len: usize,
    /// Allocated capacity, needed by the plugin to free it.
    pub capacity: usize,
}

impl XqrBuffer {
    /// The empty buffer (null pointer, nothing to free).
    pub const EMPTY: XqrBuffer = XqrBuffer {
        ptr: core::ptr::null_mut(),
        len: 0,
        capacity: 0,
    };

    /// Hands the bytes of `v` over as a buffer; free it with [`XqrBuffer::into_vec`] in the same
    /// library (this is what [`crate::serve::free_buffer`] does).
    pub fn from_vec(v: Vec<u8>) -> XqrBuffer {
        let mut v = core::mem::ManuallyDrop::new(v);
        XqrBuffer {
            ptr: v.as_mut_ptr(),
            len: v.len(),
            capacity: v.capacity(),
        }
    }

    /// Takes a buffer made by [`XqrBuffer::from_vec`] back as the vector it was.
    ///
    /// # Safety
    ///
    /// `self` must come from [`XqrBuffer::from_vec`] in this same library (same allocator),
    /// unchanged, and must not be used again.
    pub unsafe fn into_vec(self) -> Vec<u8> {
        if self.ptr.is_null() {
            return Vec::new();
        }
        // SAFETY: the caller guarantees these are the raw parts of a `Vec<u8>` allocated by this
        // library's allocator and given up by `from_vec`.
        unsafe { Vec::from_raw_parts(self.ptr, self.len, self.capacity) }
    }
}

/// `meta()`: the manifest of the ruleset, as a JSON reply.
pub type XqrMetaFn = extern "C" fn() -> XqrBuffer;

/// `judge`, `legal_moves` and `query`: a JSON request of `input_len` bytes at `input_ptr`
/// (borrowed for the duration of the call) to a JSON reply.
pub type XqrCallFn = unsafe extern "C" fn(input_ptr: *const u8, input_len: usize) -> XqrBuffer;

/// `free_buffer`: gives back a buffer returned by one of the other functions.
pub type XqrFreeFn = unsafe extern "C" fn(buffer: XqrBuffer);

/// The fixed-layout start of every table, whatever its ABI version: what a host reads before it
/// trusts anything else.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct XqrPluginHeader {
    /// [`MAGIC`].
    pub magic: u64,
    /// [`ABI_VERSION`] of the plugin.
    pub abi_version: u32,
    /// Size of the whole table in bytes.
    pub struct_size: u32,
    /// [`PROTOCOL_VERSION`] of the JSON messages.
    pub protocol_version: u32,
    /// Zero; keeps the function pointers 8-byte aligned on every target.
    pub reserved: u32,
}

/// The table a plugin's entry symbol returns (ABI version 1).
///
/// Function pointers are `Option`s so that a table written in another language with a null
/// pointer is reported as incomplete instead of being called. Every function may be called from
/// several host threads at once.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqrPluginTable {
    /// [`MAGIC`].
    pub magic: u64,
    /// [`ABI_VERSION`] of the plugin.
    pub abi_version: u32,
    /// `size_of::<XqrPluginTable>()` as the plugin sees it ([`TABLE_SIZE`]).
    pub struct_size: u32,
    /// [`PROTOCOL_VERSION`] of the JSON messages.
    pub protocol_version: u32,
    /// Zero.
    pub reserved: u32,
    /// The manifest: `{"ok": PluginManifest}` (the ruleset's meta without origin, plus move
    /// rules and points) or `{"error": "..."}`.
    pub meta: Option<XqrMetaFn>,
    /// Judges a whole game: `{"game": GameInput, "options": JudgeOptions}` →
    /// `{"ok": Verdict}` or `{"error": "...", "judge_error": JudgeError}`; from protocol
    /// version 5, several: `{"games": [GameInput, ...], ...}` → `{"ok": [REPLY, ...]}`, one
    /// reply per game (see [`crate::protocol::batch`]).
    pub judge: Option<XqrCallFn>,
    /// Legal moves: `{"fen": "..."}` → `{"ok": ["h2e2", ...]}` or `{"error": "..."}`.
    pub legal_moves: Option<XqrCallFn>,
    /// The components, for callers that use them one by one (see [`crate::protocol::Query`]).
    pub query: Option<XqrCallFn>,
    /// Frees a buffer returned by `meta`, `judge`, `legal_moves` or `query`.
    pub free_buffer: Option<XqrFreeFn>,
}

impl XqrPluginTable {
    /// A table of the current ABI and protocol with these functions.
    pub const fn new(
        meta: XqrMetaFn,
        judge: XqrCallFn,
        legal_moves: XqrCallFn,
        query: XqrCallFn,
        free_buffer: XqrFreeFn,
    ) -> XqrPluginTable {
        XqrPluginTable {
            magic: MAGIC,
            abi_version: ABI_VERSION,
            struct_size: TABLE_SIZE,
            protocol_version: PROTOCOL_VERSION,
            reserved: 0,
            meta: Some(meta),
            judge: Some(judge),
            legal_moves: Some(legal_moves),
            query: Some(query),
            free_buffer: Some(free_buffer),
        }
    }

    /// The header of the table.
    pub const fn header(&self) -> XqrPluginHeader {
        XqrPluginHeader {
            magic: self.magic,
            abi_version: self.abi_version,
            struct_size: self.struct_size,
            protocol_version: self.protocol_version,
            reserved: self.reserved,
        }
    }
}

// The header is a prefix of the table: a host may read it through a header pointer.
const _: () = {
    assert!(size_of::<XqrPluginHeader>() == 24);
    assert!(align_of::<XqrPluginHeader>() <= align_of::<XqrPluginTable>());
    assert!(core::mem::offset_of!(XqrPluginTable, meta) == size_of::<XqrPluginHeader>());
    assert!(core::mem::offset_of!(XqrPluginTable, protocol_version) == 16);
    assert!(size_of::<Option<XqrMetaFn>>() == size_of::<usize>());
};
