//! What a plugin sends the host: its manifest and its JSON replies.

use xqr_core::rules::Verdict;
use xqr_plugin_sdk::protocol::{decode_reply, encode_ok, PluginManifest};

/// Reads `data` as a plugin's reply: a manifest, a verdict and a list of moves. A manifest that
/// validates converts to ruleset metadata and its points to a scheme, and each decoded value
/// encodes and decodes back to itself.
pub fn check_plugin(data: &[u8]) {
    if let Ok(manifest) = decode_reply::<PluginManifest>(data) {
        let back: PluginManifest =
            decode_reply(&encode_ok(&manifest)).expect("an encoded manifest decodes");
        assert_eq!(back, manifest);
        if manifest.validate().is_ok() {
            let _ = manifest.to_meta(xqr_core::rules::Origin::Plugin {
                path: "fuzz.so".into(),
            });
        }
        let _ = manifest.points.to_scheme();
    }
    if let Ok(verdict) = decode_reply::<Verdict>(data) {
        let back: Verdict = decode_reply(&encode_ok(&verdict)).expect("an encoded verdict decodes");
        assert_eq!(back, verdict);
    }
    if let Ok(moves) = decode_reply::<Vec<String>>(data) {
        let back: Vec<String> = decode_reply(&encode_ok(&moves)).expect("encoded moves decode");
        assert_eq!(back, moves);
    }
}
