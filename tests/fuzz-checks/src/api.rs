//! Web API request bodies, for every endpoint.

use xqr_host::serve::api::{answer, Endpoint};

use crate::registry::registry;

const ENDPOINTS: [Endpoint; 5] = [
    Endpoint::Rulesets,
    Endpoint::Game,
    Endpoint::Judge,
    Endpoint::Compare,
    Endpoint::Forbidden,
];

/// The first byte picks the endpoint, the rest is the body. An answer is a JSON value that
/// prints and reads back as itself; a refusal carries one of the documented statuses (400 a
/// malformed request, 404 an unknown ruleset, 422 a game that cannot be read) and a message.
pub fn check_api(data: &[u8]) {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let endpoint = ENDPOINTS[usize::from(pick) % ENDPOINTS.len()];
    match answer(registry(), endpoint, body) {
        Ok(value) => {
            let text = serde_json::to_string(&value).expect("a JSON value prints");
            let back: serde_json::Value =
                serde_json::from_str(&text).expect("printed JSON reads back");
            assert_eq!(back, value, "{endpoint:?} answer does not read back");
        }
        Err(e) => {
            assert!(
                matches!(e.status, 400 | 404 | 422),
                "{endpoint:?}: status {} ({})",
                e.status,
                e.message
            );
            assert!(!e.message.is_empty(), "{endpoint:?}: empty message");
        }
    }
}
