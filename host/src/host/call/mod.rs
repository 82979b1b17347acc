//! Calling a tool: find it, check its plugin, run the glue, contain panics,
//! explain bad arguments, cap the output; and the guarded call, with the
//! hooks and permission rules around it (`guarded.rs`).

pub(super) mod guarded;
pub(super) mod panicked;
pub(super) mod truncate;

use std::sync::Arc;

use serde_json::Value;
use tackle::def::{ToolDef, ToolHandler};
use tackle::{CallInfo, HandlerError, Invocation, ToolResult};
use tracing::Instrument;

use super::contain::{Panic, contain, contain_future, panic_message};
use super::{CallError, Host, LoadState};
use crate::offload::{RunKey, RunName};
use crate::problems;
use crate::suggest;

/// Tool calls: a tool called by name, on this thread or a worker's.
impl Host {
    /// Calls the tool `name` with the model's JSON `args`.
    ///
    /// `Err` only when the call cannot be made (no such tool, its plugin is
    /// off). Everything that goes wrong once it runs — bad arguments, an `Err`
    /// from the tool, a panic — is an `Ok` result with `is_error`, whose text
    /// tells the model what to fix.
    ///
    /// ```rust,standalone_crate
    /// use serde_json::json;
    /// use tackle::prelude::*;
    ///
    /// tackle::plugin! { id: "mathy" }
    ///
    /// /// Divide two numbers.
    /// #[tool]
    /// fn divide(a: i64, b: i64) -> Result<String, String> {
    ///     a.checked_div(b).map(|q| q.to_string()).ok_or_else(|| "cannot divide by zero".into())
    /// }
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() {
    /// use tackle_host::{CallError, CallInfo, Host, Registry};
    ///
    /// let registry = Registry::global().unwrap().only(&["mathy"]);
    /// let host = Host::builder().registry(registry).build().await.unwrap();
    /// let call = || CallInfo::new(".");
    ///
    /// let ok = host.call_tool("divide", json!({"a": 7, "b": 2}), call()).await.unwrap();
    /// assert_eq!((ok.text_content().as_str(), ok.is_error), ("3", false));
    ///
    /// // The tool's `Err`, and arguments the schema refuses: results the model reads.
    /// let zero = host.call_tool("divide", json!({"a": 1, "b": 0}), call()).await.unwrap();
    /// assert!(zero.is_error);
    /// assert_eq!(zero.text_content(), "cannot divide by zero");
    /// let bad = host.call_tool("divide", json!({"a": "one"}), call()).await.unwrap();
    /// assert!(bad.is_error);
    /// assert!(bad.text_content().contains("`a`"), "{}", bad.text_content());
    ///
    /// // A call that cannot be made at all, with the nearest name.
    /// let unknown = host.call_tool("divid", json!({}), call()).await.unwrap_err();
    /// assert!(matches!(unknown, CallError::UnknownTool { .. }));
    /// assert!(unknown.to_string().contains("did you mean `divide`"), "{unknown}");
    /// # }
    /// ```
    pub async fn call_tool(
        &self,
        name: &str,
        args: Value,
        call: CallInfo,
    ) -> Result<ToolResult, CallError> {
        self.call_tool_from::<INLINE>(name, args, call).await
    }

    /// [`Host::call_tool`], with the tool run on a worker thread of the
    /// host's ([`offload`](crate::offload)) instead of the caller's: a
    /// tool that blocks (a sync read from a FIFO with no writer, a
    /// `std::fs` call inside an `async fn`, a lock never released) then
    /// holds that worker, never the runtime's threads, so a time limit or
    /// a cancellation the caller races against the call still fires, and
    /// dropping the call answers at once. Dropping the call does not stop
    /// a thread that is blocked: it runs the tool to its end, and what the
    /// tool returns is discarded. Meanwhile the call counts as stuck: a
    /// tool with stuck calls is refused but for one probe at a time, at
    /// most [`MAX_STUCK_RUNS`](crate::offload::MAX_STUCK_RUNS) held; and
    /// at most [`MAX_WORKERS`](crate::offload::MAX_WORKERS) calls run at
    /// once. Each refusal is a result with `is_error` saying why.
    ///
    /// The MCP server calls tools this way. The hop to the worker costs
    /// two thread wake-ups per call (about 17 µs on a 2-core machine,
    /// BENCHMARKS.md, "MCP stdio round trip"), which is why `call_tool`
    /// does not.
    /// Needs a tokio runtime (any flavour).
    pub async fn call_tool_off_thread(
        &self,
        name: &str,
        args: Value,
        call: CallInfo,
    ) -> Result<ToolResult, CallError> {
        self.call_tool_from::<POOL>(name, args, call).await
    }

    /// The call; `OFF_THREAD` says where a sync tool runs (a const, so
    /// that `call_tool`'s copy is the inline path alone).
    async fn call_tool_from<const OFF_THREAD: bool>(
        &self,
        name: &str,
        args: Value,
        call: CallInfo,
    ) -> Result<ToolResult, CallError> {
        if self.shut_down.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(CallError::ShutDown {
                tool: name.to_owned(),
            });
        }
        let (index, tool) = self.resolve(name)?;
        let LoadState::Ready {
            info,
            config,
            state,
        } = self.load_state(tool.plugin.id)
        else {
            return Err(self.unavailable(tool));
        };
        let call = Arc::new(call.with_default_max_output_bytes(self.max_output_bytes));
        let cap = call.max_output_bytes();
        let args = if args.is_null() {
            Value::Object(Default::default())
        } else {
            args
        };
        // Ranges, lengths and patterns from `#[schemars(...)]` are checked
        // before the tool runs; serde checks only shapes and types.
        let constraints = self.constraints[index]
            .get_or_init(|| problems::constraint_validator((tool.input_schema)()));
        if let Some(validator) = constraints
            && !validator.is_valid(&args)
        {
            let mut result =
                bad_arguments(tool, "the arguments break the schema's constraints", &args);
            super::truncate_output(&mut result, cap);
            return Ok(result);
        }
        // One span per call, inside the plugin's, so log lines carry the
        // tool and session; cheap when nobody listens.
        let span = tracing::info_span!(
            parent: info.span(),
            "tool",
            name = tool.name,
            session = call.session_id().unwrap_or("-")
        );

        // Dropped at the end, on this thread: when a sync tool runs on the
        // pool, the call's context (its cancellation token and client,
        // shared with this thread) is not freed there, where its locks
        // would be contended for on every call.
        let _context = Arc::clone(&call);
        let invocation = Invocation::new(
            tool.name,
            args,
            call,
            info.clone(),
            config.clone(),
            state.clone(),
        );

        let outcome = match tool.handler {
            _ if OFF_THREAD => match self.on_worker(tool, invocation, span).await {
                Ok(outcome) => outcome,
                Err(refused) => {
                    let mut result = ToolResult::error(refused);
                    super::truncate_output(&mut result, cap);
                    return Ok(result);
                }
            },
            ToolHandler::Sync(f) => span.in_scope(|| contain(|| f(invocation))),
            ToolHandler::Async(f) => match span.in_scope(|| contain(|| f(invocation))) {
                Ok(Ok(future)) => contain_future(future).instrument(span).await.map(Ok),
                Ok(Err(e)) => Ok(Err(e)),
                Err(panic) => Err(panic),
            },
        };
        let mut result = match outcome {
            Ok(Ok(result)) => result,
            Ok(Err(HandlerError::Args { error, args })) => {
                bad_arguments(tool, &error.to_string(), &args)
            }
            Ok(Err(HandlerError::Internal(e))) => {
                tracing::error!(tool = tool.name, error = %e, "internal error");
                ToolResult::error(format!(
                    "tool `{}` could not run: internal error: {e}",
                    tool.name
                ))
            }
            Err(panic) => {
                let message = panic_message(&panic);
                tracing::error!(tool = tool.name, plugin = tool.plugin.id, panic = %message, "tool panicked");
                ToolResult::error(format!(
                    "tool `{}` failed: it panicked: {message}",
                    tool.name
                ))
                .with_metadata(panicked::ToolPanicked { panicked: message }.metadata())
            }
        };
        super::truncate_output(&mut result, cap);
        Ok(result)
    }

    /// Runs the tool on a worker, registered there: a call its caller
    /// gives up on (dropping this future) counts as stuck until it
    /// returns. `Err` says why it was not started.
    async fn on_worker(
        &self,
        tool: &'static ToolDef,
        invocation: Invocation,
        span: tracing::Span,
    ) -> Result<ToolOutcome, String> {
        let name = RunName {
            plugin: tool.plugin.id,
            name: tool.name,
        };
        let run = self
            .workers
            .runs
            .start(RunKey::of(tool), name, None)
            .map_err(|stuck| format!("tool {stuck}"))?;
        let abandon = run.abandon_on_drop();
        let work = match tool.handler {
            ToolHandler::Sync(f) => {
                self.workers
                    .offload_sync(move || {
                        let _run = run;
                        span.in_scope(|| contain(|| f(invocation)))
                    })
                    .await
            }
            ToolHandler::Async(f) => {
                self.workers
                    .offload(move || {
                        Box::pin(async move {
                            let _run = run;
                            match span.in_scope(|| contain(|| f(invocation))) {
                                Ok(Ok(future)) => {
                                    contain_future(future).instrument(span).await.map(Ok)
                                }
                                Ok(Err(e)) => Ok(Err(e)),
                                Err(panic) => Err(panic),
                            }
                        })
                    })
                    .await
            }
        }
        .map_err(|busy| format!("tool `{}` was not run: {busy}", tool.name))?;
        let ended = work.await;
        abandon.returned();
        Ok(match ended {
            Ok(outcome) => outcome,
            Err(ended) => Ok(Err(HandlerError::Internal(ended.to_string()))),
        })
    }

    fn resolve(&self, name: &str) -> Result<(usize, &'static ToolDef), CallError> {
        self.by_name
            .get(name)
            .map(|&i| (i, self.tools[i]))
            .ok_or_else(|| {
                let callable: Vec<&str> = self.callable_tools().map(|t| t.name).collect();
                CallError::UnknownTool {
                    name: name.to_owned(),
                    suggestion: suggest::did_you_mean(name, &callable),
                    known: suggest::listing(&callable),
                }
            })
    }

    fn unavailable(&self, tool: &ToolDef) -> CallError {
        CallError::PluginUnavailable {
            tool: tool.name.to_owned(),
            plugin: tool.plugin.id.to_owned(),
            why: self.why_unavailable(tool.plugin.id),
        }
    }
}

/// Where [`Host::call_tool_from`] runs the tool: on the caller's thread, or
/// on a worker.
const INLINE: bool = false;
const POOL: bool = true;

/// What a tool's glue returned, or its panic.
type ToolOutcome = Result<Result<ToolResult, HandlerError>, Panic>;

/// Every problem the tool's schema finds in `args`, or serde's one complaint
/// when the schema finds none.
fn bad_arguments(tool: &ToolDef, serde_error: &str, args: &Value) -> ToolResult {
    let found = problems::check((tool.input_schema)(), args, false);
    let lines: Vec<String> = if found.is_empty() {
        vec![serde_error.to_owned()]
    } else {
        found.iter().map(ToString::to_string).collect()
    };
    let mut text = format!("invalid arguments for tool `{}`:", tool.name);
    for line in lines {
        text.push_str("\n- ");
        text.push_str(&line);
    }
    ToolResult::error(text)
}
