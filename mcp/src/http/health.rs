//! `GET /healthz` and `GET /readyz`, for a load balancer's checks.
//!
//! Both answer without a token and whatever the `Host`: a balancer checks
//! a replica by its own address, and what they tell (whether the server
//! runs, whether its session store answers) is no secret. Which store,
//! and why it does not answer, is in the server's log, not here: anyone
//! who reaches the balancer reaches these too.
//!
//! - `/healthz` is 200 while the server serves, and 503 once it stops
//!   (SIGTERM): the balancer takes it out before it closes. A session
//!   store that cannot be reached does not make it 503, since the server
//!   still answers every event by its deadline (a fail-closed hook that
//!   needs session state refuses, the others go on): taking every replica
//!   out would answer nothing at all.
//! - `/readyz` is 200 only while the session store can be reached too, for
//!   an orchestrator that should not send traffic to a replica whose store
//!   is down.
//!
//! The body says which, as JSON: `{"status": "serving", "store":
//! {"reachable": true}}`, or `"stopping"`, or `"reachable": false`.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tackle::session::StoreHealth;
use tackle_host::Host;
use tokio_util::sync::CancellationToken;

/// Where the checks are answered.
pub const HEALTH_PATH: &str = "/healthz";
/// Where readiness (the session store reachable too) is answered.
pub const READY_PATH: &str = "/readyz";

/// What the checks read.
#[derive(Debug, Clone)]
pub(super) struct Health {
    pub(super) host: Arc<Host>,
    pub(super) stopping: CancellationToken,
}

/// The body of both checks.
#[derive(Debug, Serialize)]
struct Report {
    status: Status,
    store: Store,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "lowercase")]
enum Status {
    Serving,
    Stopping,
}

/// The store as the body shows it: whether it answered when last asked.
#[derive(Debug, Serialize)]
struct Store {
    reachable: bool,
}

impl Health {
    fn report(&self) -> (bool, bool, Report) {
        let serving = !self.stopping.is_cancelled();
        let StoreHealth { reachable, .. } = self.host.session_store().health();
        let status = if serving {
            Status::Serving
        } else {
            Status::Stopping
        };
        (
            serving,
            reachable,
            Report {
                status,
                store: Store { reachable },
            },
        )
    }
}

/// `GET /healthz`.
pub(super) async fn healthz(State(health): State<Health>) -> Response {
    let (serving, _, report) = health.report();
    answer(serving, &report)
}

/// `GET /readyz`.
pub(super) async fn readyz(State(health): State<Health>) -> Response {
    let (serving, store_up, report) = health.report();
    answer(serving && store_up, &report)
}

/// 200 or 503, with the report as JSON.
fn answer(ok: bool, report: &Report) -> Response {
    let status = if ok {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    // A report of plain strings and flags always serializes.
    let body = serde_json::to_string(report).unwrap_or_default();
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}
