//! A library whose initialiser aborts the process while the library loads, before any
//! function of it can be called: only a host that loads it in another process survives.

// Exported so that the library is a plugin in every other respect.
xqr_plugin_sdk::xqr_plugin!(xqr_plugin_testkit::MisbehavingRuleset::new(
    "testkit-crash-on-load"
));

/// Run by the dynamic loader when the library is opened.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static CRASH_ON_LOAD: extern "C" fn() = crash;

#[cfg(target_os = "linux")]
extern "C" fn crash() {
    std::process::abort()
}
