#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| xqr_fuzz_checks::check_plugin_requests(data));
