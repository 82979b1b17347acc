//! A task's call, run to its end: what it reports and asks goes to its
//! record instead of a waiting request.

use std::sync::Arc;

use rmcp::ErrorData;
use rmcp::model::JsonObject;
use tackle_host::offload::Ended;
use tackle_host::{GuardedCall, ToolPanicked};
use tokio_util::sync::CancellationToken;

use super::store::{Settled, Tasks};
use crate::outcome::to_mcp;
use crate::panicked::panicked_with;
use crate::progress::Report;
use crate::running::Running;

/// Runs the call of task `id` until it ends, and settles the task. The
/// server `stopping` cancels it. Its progress messages become the task's
/// status message; its logs and output are dropped, as the tasks
/// extension sends no notification about a task but its status.
pub(crate) async fn drive(
    tasks: Arc<Tasks>,
    id: String,
    mut running: Running,
    stopping: CancellationToken,
) {
    let cancel = running.cancel.clone();
    let done = loop {
        tokio::select! {
            biased;
            Some(report) = running.reports.recv() => {
                if let Report::Progress { message, .. } = report
                    && !message.is_empty()
                {
                    tasks.status(&id, message);
                }
            }
            Some(round) = running.questions.recv() => tasks.ask(&id, round),
            done = &mut running.done => break done,
            () = stopping.cancelled(), if !cancel.is_cancelled() => cancel.cancel(),
        }
    };
    let settled = if cancel.is_cancelled() {
        Settled::Cancelled
    } else {
        settle(running.def, done)
    };
    tasks.settle(&id, settled);
}

/// How a call that was not cancelled ended: its result, or the server's
/// failure (a panic in the tool or the hooks, a worker lost).
fn settle(def: &'static tackle::def::ToolDef, done: Result<GuardedCall, Ended>) -> Settled {
    let failed = |error: ErrorData| Settled::Failed(object(&error));
    match done {
        Ok(guarded) => match ToolPanicked::of(&guarded.result) {
            Some(panic) => failed(panicked_with("tools/call", &panic.panicked)),
            None => Settled::Completed(object(&to_mcp(def, guarded))),
        },
        Err(Ended::Panicked(why)) => failed(panicked_with("tools/call", &why)),
        Err(ended) => failed(ErrorData::internal_error(
            format!("the call of `{}` was given up: {ended}", def.name),
            None,
        )),
    }
}

/// `value` as a JSON object.
fn object(value: &impl serde::Serialize) -> JsonObject {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::Object(object)) => object,
        _ => JsonObject::new(),
    }
}
