//! A shared library that is not an xqr plugin: it exports a C function, but not
//! `xqr_plugin_entry`. The host's loader tests put it in a plugin directory.

/// Something to export, so that the library is a real one with a symbol table.
#[unsafe(no_mangle)]
pub extern "C" fn not_an_xqr_plugin() -> u32 {
    42
}
