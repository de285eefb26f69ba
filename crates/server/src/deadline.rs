//! A deadline for every request: a client that sends its body too slowly, or a request whose work
//! outlasts the deadline, gets a JSON 408 instead of holding a connection and a worker for ever.
//! (Work already handed to a blocking thread finishes on its own; a score is acknowledged only by
//! its 201, so a timed-out submission is never reported as stored.)

use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::AppError;

/// How long one request may take from its headers to its response.
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(30);

/// Middleware (use with `axum::middleware::from_fn_with_state`): runs the rest of the stack
/// under the given deadline.
pub async fn enforce(State(limit): State<Duration>, request: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => AppError::new(
            StatusCode::REQUEST_TIMEOUT,
            "timeout",
            format!(
                "the request was not finished within {} ms",
                limit.as_millis()
            ),
        )
        .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::Router;
    use axum::body::Body;
    use axum::routing::get;
    use tower::ServiceExt;

    fn router(limit: Duration) -> Router {
        Router::new()
            .route(
                "/slow",
                get(|| async {
                    tokio::time::sleep(Duration::from_millis(400)).await;
                    "late"
                }),
            )
            .route("/fast", get(|| async { "ok" }))
            .layer(axum::middleware::from_fn_with_state(limit, enforce))
    }

    #[tokio::test]
    async fn slow_requests_get_a_json_408_and_fast_ones_pass() {
        let app = router(Duration::from_millis(50));
        let slow = app
            .clone()
            .oneshot(Request::get("/slow").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(slow.status(), StatusCode::REQUEST_TIMEOUT);
        let bytes = axum::body::to_bytes(slow.into_body(), 4096).await.unwrap();
        let body: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(body["error"]["code"], "timeout");
        let fast = app
            .oneshot(Request::get("/fast").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(fast.status(), StatusCode::OK);
    }
}
