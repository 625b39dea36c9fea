//! Opening a plugin library, checking its table, and calling its functions: in this process
//! ([`Table`]) or through a plugin process ([`super::isolation`]).

use super::isolation::Children;
use super::PluginError;
use libloading::Library;
use std::path::{Path, PathBuf};
use xqr_plugin_sdk::protocol::{decode_reply, LawChange, PluginManifest, Query, ReplyError};
use xqr_plugin_sdk::{
    XqrBuffer, XqrCallFn, XqrFreeFn, XqrMetaFn, XqrPluginHeader, XqrPluginTable, ABI_VERSION,
    MAGIC, PROTOCOL_VERSION, TABLE_SIZE,
};

/// The JSON protocol versions this host speaks.
pub(crate) const SPOKEN_PROTOCOLS: &[u32] = &[1, 2, 3, 4, 5, PROTOCOL_VERSION];

/// The first protocol version whose `judge` judges a record as played, with its claims.
pub(crate) const CLAIMS_PROTOCOL: u32 = 3;

/// The first protocol version whose requests may carry a law patch.
pub(crate) const LAW_PATCH_PROTOCOL: u32 = 4;

/// The first protocol version whose `judge` takes several games in one request.
pub(crate) const BATCH_PROTOCOL: u32 = 5;

/// The first protocol version whose `judge` takes its games packed.
pub(crate) const PACKED_PROTOCOL: u32 = 6;

/// Which function of the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Function {
    Meta,
    Judge,
    LegalMoves,
    Query,
}

impl Function {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Function::Meta => "meta",
            Function::Judge => "judge",
            Function::LegalMoves => "legal_moves",
            Function::Query => "query",
        }
    }
}

/// A loaded, checked plugin, answering in this process or in plugin processes.
#[derive(Debug)]
pub(crate) struct Plugin {
    pub(crate) path: PathBuf,
    /// The JSON protocol version it speaks.
    pub(crate) protocol: u32,
    backend: Backend,
}

/// Where a plugin's functions run.
#[derive(Debug)]
enum Backend {
    InProcess(Table),
    Isolated(Box<Children>),
}

/// The checked functions of a library loaded in this process, valid for the life of the
/// process because the library is never unloaded.
#[derive(Debug)]
pub(crate) struct Table {
    meta: XqrMetaFn,
    judge: XqrCallFn,
    legal_moves: XqrCallFn,
    query: XqrCallFn,
    free_buffer: XqrFreeFn,
}

/// Signature of the entry symbol.
type EntryFn = unsafe extern "C" fn() -> *const XqrPluginTable;

impl Plugin {
    /// Opens `path` in this process (see [`Table::open`]).
    pub(crate) fn open(path: &Path, symbol: &str) -> Result<Plugin, PluginError> {
        let (table, protocol) = Table::open(path, symbol)?;
        Ok(Plugin {
            path: path.to_path_buf(),
            protocol,
            backend: Backend::InProcess(table),
        })
    }

    /// A plugin whose library was loaded and checked by a plugin process.
    pub(crate) fn isolated(children: Children, protocol: u32) -> Plugin {
        Plugin {
            path: children.path().to_path_buf(),
            protocol,
            backend: Backend::Isolated(Box::new(children)),
        }
    }

    /// `meta()`: the manifest.
    pub(crate) fn manifest(&self) -> Result<PluginManifest, PluginError> {
        let err = |message: String| PluginError::Call {
            path: self.path.clone(),
            function: "meta",
            message,
        };
        let bytes = self.call(Function::Meta, &[]).map_err(err)?;
        decode_reply(&bytes).map_err(|e| err(e.to_string()))
    }

    /// Whether it runs in processes of its own, where every call costs a round trip.
    pub(crate) fn in_own_process(&self) -> bool {
        matches!(self.backend, Backend::Isolated(_))
    }

    /// Calls `f` with the JSON `input`; the raw reply bytes.
    pub(crate) fn call(&self, f: Function, input: &[u8]) -> Result<Vec<u8>, String> {
        match &self.backend {
            Backend::InProcess(table) => table.call(f, input),
            Backend::Isolated(children) => children.call(f, input),
        }
    }

    /// Calls `judge` with a batch request; a process lost on it does not count towards
    /// disabling `judge` (see [`Children::call_batch`]).
    pub(crate) fn call_batch(&self, input: &[u8]) -> Result<Vec<u8>, String> {
        match &self.backend {
            Backend::InProcess(table) => table.call(Function::Judge, input),
            Backend::Isolated(children) => children.call_batch(Function::Judge, input),
        }
    }
}

impl Table {
    /// Opens `path`, finds `symbol`, and checks the table it returns (magic, ABI version, size,
    /// protocol version, functions present); the functions and the protocol version. The
    /// library is leaked: never unloaded.
    pub(crate) fn open(path: &Path, symbol: &str) -> Result<(Table, u32), PluginError> {
        let p = || path.to_path_buf();
        // SAFETY: loading a library runs its initialisers; plugin directories are trusted by
        // the user who names them (documented in `plugins`). Nothing else is assumed here.
        let lib = unsafe { Library::new(path) }.map_err(|e| PluginError::Open {
            path: p(),
            reason: e.to_string(),
        })?;
        // Never unloaded: functions and the table stay valid for the whole process.
        let lib: &'static Library = Box::leak(Box::new(lib));
        // SAFETY: the symbol is looked up by name; its type is the one the ABI prescribes for
        // the entry symbol. A library that exports the name with another type breaks the ABI
        // contract, which the magic number below detects in all but adversarial cases.
        let entry: EntryFn = unsafe { lib.get::<EntryFn>(symbol.as_bytes()) }
            .map(|s| *s)
            .map_err(|e| PluginError::MissingSymbol {
                path: p(),
                symbol: symbol.to_owned(),
                reason: e.to_string(),
            })?;
        // SAFETY: the entry function takes no argument and returns a pointer (ABI contract).
        let ptr = unsafe { entry() };
        if ptr.is_null() {
            return Err(PluginError::BadTable {
                path: p(),
                symbol: symbol.to_owned(),
                reason: "the entry function returned a null table".to_owned(),
            });
        }
        if (ptr as usize) % core::mem::align_of::<XqrPluginTable>() != 0 {
            return Err(PluginError::BadTable {
                path: p(),
                symbol: symbol.to_owned(),
                reason: format!("the table at {ptr:p} is misaligned"),
            });
        }
        // SAFETY: non-null and aligned; every table, of any ABI version, starts with the
        // 24-byte header (ABI contract), so reading the header alone is in bounds.
        let header = unsafe { ptr.cast::<XqrPluginHeader>().read() };
        if header.magic != MAGIC {
            return Err(PluginError::BadMagic {
                path: p(),
                expected: MAGIC,
                found: header.magic,
            });
        }
        if header.abi_version != ABI_VERSION {
            return Err(PluginError::AbiVersion {
                path: p(),
                expected: ABI_VERSION,
                found: header.abi_version,
            });
        }
        if header.struct_size < TABLE_SIZE {
            return Err(PluginError::StructTooSmall {
                path: p(),
                expected: TABLE_SIZE,
                found: header.struct_size,
            });
        }
        if !SPOKEN_PROTOCOLS.contains(&header.protocol_version) {
            return Err(PluginError::ProtocolVersion {
                path: p(),
                expected: PROTOCOL_VERSION,
                found: header.protocol_version,
            });
        }
        // SAFETY: the plugin declares a table of this ABI version at least as large as the
        // one this host knows; it lives as long as the (never unloaded) library.
        let table = unsafe { ptr.read() };
        let missing = |function: &'static str| PluginError::MissingFunction {
            path: p(),
            function,
        };
        let checked = Table {
            meta: table.meta.ok_or_else(|| missing("meta"))?,
            judge: table.judge.ok_or_else(|| missing("judge"))?,
            legal_moves: table.legal_moves.ok_or_else(|| missing("legal_moves"))?,
            query: table.query.ok_or_else(|| missing("query"))?,
            free_buffer: table.free_buffer.ok_or_else(|| missing("free_buffer"))?,
        };
        Ok((checked, header.protocol_version))
    }

    /// Copies a returned buffer and gives it back to the plugin.
    fn take(&self, buf: XqrBuffer) -> Result<Vec<u8>, String> {
        if buf.ptr.is_null() {
            return if buf.len == 0 {
                Ok(Vec::new())
            } else {
                Err(format!("null reply buffer with length {}", buf.len))
            };
        }
        if buf.len > buf.capacity || buf.len > isize::MAX as usize {
            // Not a buffer the plugin's allocator made: leave it alone rather than free it.
            return Err(format!(
                "invalid reply buffer (length {}, capacity {})",
                buf.len, buf.capacity
            ));
        }
        // SAFETY: the plugin returned `len` initialised bytes at `ptr` (ABI contract), and they
        // stay valid until `free_buffer` below.
        let bytes = unsafe { std::slice::from_raw_parts(buf.ptr, buf.len) }.to_vec();
        // SAFETY: the buffer was returned by this table's function and is given back once,
        // unchanged.
        unsafe { (self.free_buffer)(buf) };
        Ok(bytes)
    }

    /// Calls `f` with the JSON `input` (none for `meta`); the raw reply bytes.
    pub(crate) fn call(&self, f: Function, input: &[u8]) -> Result<Vec<u8>, String> {
        let func = match f {
            // `meta` is a safe function: it takes nothing and returns a buffer of the plugin's.
            Function::Meta => return self.take((self.meta)()),
            Function::Judge => self.judge,
            Function::LegalMoves => self.legal_moves,
            Function::Query => self.query,
        };
        // SAFETY: `input` is valid for reads of its length for the duration of the call, which
        // is all the plugin may assume (ABI contract).
        let buf = unsafe { func(input.as_ptr(), input.len()) };
        self.take(buf)
    }
}

impl Plugin {
    /// Asks a component question, under `law` if given; the decoded answer or a message.
    pub(crate) fn query<T: serde::de::DeserializeOwned>(
        &self,
        q: &Query,
        law: Option<&LawChange>,
    ) -> Result<T, String> {
        self.ask(q, law).map_err(|e| e.to_string())
    }

    /// [`Plugin::query`], keeping the error reply (a failed call as [`ReplyError::Malformed`]).
    pub(crate) fn ask<T: serde::de::DeserializeOwned>(
        &self,
        q: &Query,
        law: Option<&LawChange>,
    ) -> Result<T, ReplyError> {
        #[derive(serde::Serialize)]
        struct Request<'a> {
            #[serde(flatten)]
            query: &'a Query,
            #[serde(skip_serializing_if = "Option::is_none")]
            law: Option<&'a LawChange>,
        }
        let input = serde_json::to_vec(&Request { query: q, law })
            .map_err(|e| ReplyError::Malformed(e.to_string()))?;
        let bytes = self
            .call(Function::Query, &input)
            .map_err(ReplyError::Malformed)?;
        decode_reply(&bytes)
    }
}
