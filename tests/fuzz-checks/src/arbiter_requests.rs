//! The request lines of `xqr arbiter` ([`Session::respond`]): any text, line by line.

use serde_json::Value;
use xqr_host::arbiter_session::Session;

use crate::registry::registry;

/// The most lines of one input, so that it stays fast.
const MAX_LINES: usize = 64;

/// Feeds each line of `data` to a session as a request. Every request gets one response: a
/// JSON object that prints and reads back as itself, carrying the request's `id` (null when
/// the line is not an object with one). A refusal is `{"id", "error"}` with a message and
/// nothing else; an answer carries the request's game name. A session holds no more games
/// than it was asked to start, and `quit` ends it.
pub fn check_arbiter_requests(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut session = Session::new(registry());
    let mut started = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(MAX_LINES)
    {
        let request: Option<serde_json::Map<String, Value>> = serde_json::from_str(line).ok();
        let (response, quit) = session.respond(line);
        let printed = serde_json::to_string(&response).expect("a response prints");
        let back: Value = serde_json::from_str(&printed).expect("a response reads back");
        assert_eq!(back, response, "{line:?}");
        let object = response.as_object().expect("a response is an object");
        let id = request
            .as_ref()
            .and_then(|r| r.get("id").cloned())
            .unwrap_or(Value::Null);
        assert_eq!(object.get("id"), Some(&id), "{line:?}: {response}");
        if let Some(error) = object.get("error") {
            assert!(error.as_str().is_some_and(|e| !e.is_empty()), "{response}");
            assert_eq!(
                object.len(),
                2,
                "a refusal has only id and error: {response}"
            );
            assert!(!quit, "a refusal does not end the session");
            continue;
        }
        let request = request.expect("an answer is to an object");
        let game = match request.get("game") {
            None => "1".to_owned(),
            Some(Value::String(s)) => s.clone(),
            Some(other) => other.to_string(),
        };
        assert_eq!(object.get("game"), Some(&Value::String(game)), "{response}");
        if request.get("cmd").and_then(Value::as_str) == Some("new") {
            started += 1;
        }
        assert!(session.games().count() <= started, "{line:?}");
        if quit {
            assert_eq!(request.get("cmd").and_then(Value::as_str), Some("quit"));
            return;
        }
    }
}
