//! The HTTP side of `xqr serve`: routes, the page's files, and the bounds that keep one request
//! from taking the server down: the body's size, the time to answer, and how many requests are
//! judged at once. Every refusal is a JSON `{"error": "…"}` with its status.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use tokio::sync::Semaphore;
use xqr_core::registry::Registry;

use super::api::{answer, Endpoint};

/// How much one request may ask of the server.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest request body, in bytes.
    pub max_body: usize,
    /// The longest a request may take, reading its body included.
    pub timeout: Duration,
    /// How many requests are judged at once; more are refused (503) rather than queued.
    pub at_once: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_body: 8 << 20,
            timeout: Duration::from_secs(30),
            at_once: 8,
        }
    }
}

struct Shared {
    registry: Arc<Registry>,
    limits: Limits,
    slots: Arc<Semaphore>,
}

/// Serves the page and the API on `addr` until the process ends; `ready` is told the address
/// actually bound (port 0 picks a free one).
pub fn run(
    addr: SocketAddr,
    registry: Registry,
    limits: Limits,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        axum::serve(listener, router(registry, limits)).await
    })
}

/// The routes.
fn router(registry: Registry, limits: Limits) -> Router {
    let shared = Arc::new(Shared {
        registry: Arc::new(registry),
        limits,
        slots: Arc::new(Semaphore::new(limits.at_once.max(1))),
    });
    let api = |endpoint: Endpoint| {
        move |State(s): State<Arc<Shared>>, body: Body| async move { call(s, endpoint, body).await }
    };
    Router::new()
        .route("/", get(|| async { page(Asset::Html) }))
        .route("/index.html", get(|| async { page(Asset::Html) }))
        .route("/app.js", get(|| async { page(Asset::Script) }))
        .route("/style.css", get(|| async { page(Asset::Style) }))
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .route("/api/rulesets", get(api(Endpoint::Rulesets)))
        .route("/api/game", post(api(Endpoint::Game)))
        .route("/api/judge", post(api(Endpoint::Judge)))
        .route("/api/compare", post(api(Endpoint::Compare)))
        .route("/api/forbidden", post(api(Endpoint::Forbidden)))
        .fallback(|uri: axum::http::Uri| async move {
            error(
                StatusCode::NOT_FOUND,
                &format!("no such page: {}", uri.path()),
            )
        })
        .method_not_allowed_fallback(
            |method: axum::http::Method, uri: axum::http::Uri| async move {
                let allowed = if uri.path() == "/api/rulesets" || !uri.path().starts_with("/api/") {
                    "GET"
                } else {
                    "POST"
                };
                error(
                    StatusCode::METHOD_NOT_ALLOWED,
                    &format!("{} takes {allowed}, not {method}", uri.path()),
                )
            },
        )
        // The body is read by `call`, under its own limit and with a JSON error.
        .layer(DefaultBodyLimit::disable())
        .with_state(shared)
}

/// Answers one API request within the limits.
async fn call(s: Arc<Shared>, endpoint: Endpoint, body: Body) -> Response {
    let limits = s.limits;
    let work = async move {
        let bytes = match axum::body::to_bytes(body, limits.max_body).await {
            Ok(b) => b,
            Err(e) => {
                return error(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    &format!(
                        "the request body could not be read within {} bytes: {e}",
                        limits.max_body
                    ),
                )
            }
        };
        let Ok(permit) = s.slots.clone().try_acquire_owned() else {
            return error(
                StatusCode::SERVICE_UNAVAILABLE,
                &format!(
                    "busy: {} requests are being answered; try again",
                    limits.at_once
                ),
            );
        };
        let registry = s.registry.clone();
        let task = tokio::task::spawn_blocking(move || {
            let _slot = permit;
            answer(&registry, endpoint, &bytes)
        });
        match task.await {
            Ok(Ok(value)) => json(StatusCode::OK, &value),
            Ok(Err(e)) => error(
                StatusCode::from_u16(e.status).unwrap_or(StatusCode::BAD_REQUEST),
                &e.message,
            ),
            Err(_) => error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the request failed inside xqr (a bug: please report it with the request)",
            ),
        }
    };
    match tokio::time::timeout(limits.timeout, work).await {
        Ok(response) => response,
        Err(_) => error(
            StatusCode::SERVICE_UNAVAILABLE,
            &format!(
                "the request took longer than {} s and was abandoned",
                limits.timeout.as_secs_f64()
            ),
        ),
    }
}

fn json(status: StatusCode, value: &serde_json::Value) -> Response {
    let body = serde_json::to_vec(value).unwrap_or_else(|_| b"null".to_vec());
    (
        status,
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        Bytes::from(body),
    )
        .into_response()
}

fn error(status: StatusCode, message: &str) -> Response {
    json(status, &serde_json::json!({ "error": message }))
}

/// The page's files, built into the binary.
#[derive(Copy, Clone)]
enum Asset {
    Html,
    Script,
    Style,
}

fn page(asset: Asset) -> Response {
    let (body, kind) = match asset {
        Asset::Html => (
            include_str!("assets/index.html"),
            "text/html; charset=utf-8",
        ),
        Asset::Script => (
            include_str!("assets/app.js"),
            "text/javascript; charset=utf-8",
        ),
        Asset::Style => (include_str!("assets/style.css"), "text/css; charset=utf-8"),
    };
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}
