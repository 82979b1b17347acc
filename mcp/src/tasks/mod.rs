//! MCP's tasks extension (SEP-2663, `io.modelcontextprotocol/tasks`): a
//! call of a tool declared `#[tool(task)]` answers at once with a task,
//! and runs on; the client polls `tasks/get` for its status and result,
//! answers its questions with `tasks/update`, and stops it with
//! `tasks/cancel`.
//!
//! A task is the same `Running` call a 2026-07-28 request waits on
//! (`call.rs`), through the same hooks: only who watches it changes, a
//! record of the store ([`Tasks`]) instead of the request. Tasks live in
//! the process that created them, bound to the principal that did
//! ([`Handler::principal`]).

pub(crate) mod advertise;
mod drive;
pub(crate) mod limits;
pub(crate) mod store;

use rmcp::model::{
    CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock, CreateTaskResult,
    TASKS_EXTENSION_ID,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer};
use tackle::TaskSupport;
use tackle::def::ToolDef;

pub use limits::{
    MAX_KEPT_TASK_BYTES, MAX_KEPT_TASKS, MAX_RUNNING_TASKS, TASK_POLL_INTERVAL, TASK_TTL,
    TaskLimits,
};
pub(crate) use store::{TASK_STOP_LIMIT, Tasks};

use crate::handler::Handler;
use crate::revision::by_retries;
use crate::running::Running;
#[cfg(feature = "http")]
use crate::served::input::hex;

/// How a call runs for the request that makes it.
pub(crate) enum Mode {
    /// An ordinary call.
    Sync,
    /// As a task.
    Task,
    /// Not at all: this is the answer.
    Refused(Box<Result<CallToolResponse, ErrorData>>),
}

impl Handler {
    /// How a call of `def` runs for this request: as a task when the tool
    /// may and the request declares the extension (on 2026-07-28) and the
    /// bounds leave room. A tool that must run as a task is refused
    /// before any hook runs when it cannot.
    pub(crate) fn task_mode(&self, def: &ToolDef, context: &RequestContext<RoleServer>) -> Mode {
        if def.task == TaskSupport::No {
            return Mode::Sync;
        }
        let declared = context
            .client_capabilities()
            .is_some_and(|c| c.supports_tasks());
        let required = def.task == TaskSupport::Required;
        if required && declared && !by_retries(context) {
            return Mode::Refused(Box::new(Err(ErrorData::invalid_request(
                format!(
                    "the tool `{}` runs only as an MCP task, and this server runs tasks on protocol 2026-07-28 alone, which this client (connected with `initialize`) does not speak",
                    def.name
                ),
                None,
            ))));
        }
        if !declared || !by_retries(context) {
            if !required {
                return Mode::Sync;
            }
            let mut error = ErrorData::missing_required_client_capability(
                ClientCapabilities::builder().enable_tasks().build(),
            );
            error.message = format!(
                "the tool `{}` runs only as an MCP task, and this request's client does not declare the `{TASKS_EXTENSION_ID}` extension",
                def.name
            )
            .into();
            return Mode::Refused(Box::new(Err(error)));
        }
        match (self.tasks.full(), required) {
            (None, _) => Mode::Task,
            (Some(_), false) => Mode::Sync,
            (Some(why), true) => Mode::Refused(Box::new(Ok(CallToolResult::error(vec![ContentBlock::text(
                format!(
                    "the call of `{}` was refused: it runs only as a task, and {why}; try again later",
                    def.name
                ),
            )])
            .into()))),
        }
    }

    /// Makes `running` a task of its principal's, run on alone: the
    /// answer to its request. Gives the call back if no task can be made.
    pub(crate) fn start_task(
        &self,
        running: Running,
        context: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, Box<Running>> {
        match self
            .tasks
            .create(&self.principal(context), running.cancel.clone())
        {
            Ok(task) => {
                let driven = drive::drive(
                    self.tasks.clone(),
                    task.task_id.clone(),
                    running,
                    self.input_closed.clone(),
                );
                tokio::spawn(driven);
                Ok(CallToolResponse::Task(CreateTaskResult::new(task)))
            }
            Err(why) => {
                tracing::warn!(tool = running.def.name, "no task could be made: {why}");
                Err(Box::new(running))
            }
        }
    }

    /// Who makes a request, for the tasks it may see: over HTTP, the
    /// credential it carries (a digest of its `Authorization` header), as
    /// protocol 2026-07-28 has no sessions; over stdio, the connection's
    /// session (its handler's tasks are its own anyway).
    pub(crate) fn principal(&self, context: &RequestContext<RoleServer>) -> String {
        #[cfg(feature = "http")]
        if let Some(parts) = context.extensions.get::<axum::http::request::Parts>() {
            let credential = parts
                .headers
                .get(axum::http::header::AUTHORIZATION)
                .map(|value| value.as_bytes())
                .unwrap_or_default();
            return format!("http:{}", hex(&hmac_sha256::Hash::hash(credential)[..16]));
        }
        let _ = context;
        format!("session:{}", self.session)
    }
}
