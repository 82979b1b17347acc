//! `tools/call`: one call through the hooks, with progress, cancellation
//! and the result in MCP's shape.

use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer};
use serde_json::Value;
use tackle::def::ToolDef;
use tackle::{CallInfo, Cancellation, Content, ToolResult};

use super::approve::Elicit;
use super::client::Client;
use super::handler::Handler;
use super::progress::{Notifier, Report, Sink};
use tackle_host::suggest;
use tackle_host::{GuardedCall, ToolCallRequest};
use tokio_util::sync::CancellationToken;

/// The failure `tool_error` hooks see when a cancelled tool does not stop.
const CANCELLED: &str = "the client cancelled the call, and the tool did not stop within 2 s";

/// How long a cancelled tool has to return before it is dropped.
const CANCEL_GRACE: Duration = Duration::from_secs(2);

/// How long a call with no `tool_timeout_secs` may still run once the
/// client has closed its input; then it is cancelled and answered as
/// timed out, so the server's exit never waits on a tool that does not
/// return. A call with a time limit keeps its limit.
pub const SHUTDOWN_LIMIT: Duration = Duration::from_secs(5);

/// Why a call was stopped before it returned.
pub(crate) enum Expired {
    /// It ran past `tool_timeout_secs`.
    Limit(Duration),
    /// It was still running [`SHUTDOWN_LIMIT`] after the input closed.
    Shutdown,
}

/// Ends when plugin code that started now has run too long: after `limit`,
/// or without one, [`SHUTDOWN_LIMIT`] after the client closed its input.
pub(crate) async fn expiry(limit: Option<Duration>, input_closed: &CancellationToken) -> Expired {
    match limit {
        Some(limit) => {
            tokio::time::sleep(limit).await;
            Expired::Limit(limit)
        }
        None => {
            input_closed.cancelled().await;
            tokio::time::sleep(SHUTDOWN_LIMIT).await;
            Expired::Shutdown
        }
    }
}

impl Handler {
    pub(crate) async fn call(
        &self,
        params: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, ErrorData> {
        let def = self.callable(&params.name)?;
        let arguments = Value::Object(params.arguments.unwrap_or_default());
        let cancel = context.ct.clone();
        // Every call has a sink for its logs; progress and streamed output
        // become notifications only when the client gave a progress token.
        let (sink, mut reports) = Sink::new();
        let mut notifier = context.meta.get_progress_token().map(Notifier::new);
        // The tool's own token: the client's cancellation reaches it, and
        // so does the config's time limit, without cancelling the request
        // (whose result then says why).
        let stop = cancel.child_token();
        let limit = self
            .host
            .config()
            .tool_timeout_secs
            .map(Duration::from_secs);
        let mut info = CallInfo::new(&self.cwd)
            .with_session(&self.session)
            .with_cancellation(Cancellation::from(stop.clone()));
        info = info.with_sink(Arc::new(sink)).with_client(Arc::new(Client {
            peer: context.peer.clone(),
            input_closed: self.input_closed.clone(),
        }));
        let request = ToolCallRequest {
            tool: def.name.to_owned(),
            arguments,
            tool_use_id: Some(format!("mcp-{}", context.id)),
            session: self.session.clone(),
            cwd: self.cwd.clone(),
        };
        let session = self.session_info(&context);
        let elicit = Elicit::for_peer(&context.peer, &self.input_closed);
        let host = &self.host;
        let input_closed = &self.input_closed;
        let run = |arguments: Value| async move {
            // Off the server's thread: a sync tool that blocks holds a
            // thread of the pool, and the limits below still fire.
            let call = host.call_tool_off_thread(def.name, arguments, info);
            tokio::pin!(call);
            let expired = expiry(limit, input_closed);
            let (outcome, why) = tokio::select! {
                biased;
                outcome = &mut call => (Some(outcome), None),
                // The tool sees the cancellation too; give it a moment to
                // stop on its own and say so.
                () = cancel.cancelled() => {
                    (tokio::time::timeout(CANCEL_GRACE, &mut call).await.ok(), Some(CANCELLED.to_owned()))
                }
                expired = expired => {
                    stop.cancel();
                    let why = match expired {
                        Expired::Limit(limit) => format!(
                            "the tool `{}` did not finish within {} s (tool_timeout_secs), so it was cancelled",
                            def.name,
                            limit.as_secs()
                        ),
                        Expired::Shutdown => format!(
                            "the tool `{}` was still running {} s after the client closed its input, so it was cancelled (tool_timeout_secs gives calls a limit of their own)",
                            def.name,
                            SHUTDOWN_LIMIT.as_secs()
                        ),
                    };
                    // What it returns once cancelled is dropped: the limit decided.
                    let _ = tokio::time::timeout(CANCEL_GRACE, &mut call).await;
                    (None, Some(why))
                }
            };
            match (outcome, why) {
                (Some(Ok(result)), _) => result,
                (Some(Err(e)), _) => ToolResult::error(e.to_string()),
                (None, why) => ToolResult::error(why.unwrap_or_else(|| CANCELLED.to_owned())),
            }
        };
        let guarded = host.guarded_call(
            request,
            session,
            elicit.as_ref().map(|e| e as &dyn tackle_host::Approver),
            run,
        );
        let guarded = {
            tokio::pin!(guarded);
            loop {
                tokio::select! {
                    biased;
                    Some(report) = reports.recv() => {
                        self.report(&context, def.name, notifier.as_mut(), report).await;
                    }
                    done = &mut guarded => {
                        while let Ok(report) = reports.try_recv() {
                            self.report(&context, def.name, notifier.as_mut(), report).await;
                        }
                        break done;
                    }
                }
            }
        };
        Ok(to_mcp(def, guarded))
    }

    /// Sends a tool's report as a notification and waits until it is
    /// written, so that none follows the result; not once the client
    /// closed its input, as rmcp then sends nothing more but the results.
    /// A log below the client's level, and progress without a token, are
    /// dropped.
    async fn report(
        &self,
        context: &RequestContext<RoleServer>,
        tool: &str,
        notifier: Option<&mut Notifier>,
        report: Report,
    ) {
        let peer = &context.peer;
        let sent = match report {
            Report::Log { level, message } => {
                if !self.log_threshold.passes(level) {
                    return;
                }
                super::served::logging::send(peer, tool, level, message)
            }
            report => match notifier {
                Some(notifier) => Box::pin(async move {
                    let _ = peer.notify_progress(notifier.notification(report)).await;
                }),
                None => return,
            },
        };
        tokio::select! {
            _ = sent => {}
            () = self.input_closed.cancelled() => {}
        }
    }

    /// The tool `name`, if a client may call it; the error names the tools
    /// it may call.
    fn callable(&self, name: &str) -> Result<&'static ToolDef, ErrorData> {
        if let Some(def) = self.host.tool(name)
            && self.host.is_callable(def)
        {
            return Ok(def);
        }
        let callable: Vec<&str> = self.host.callable_tools().map(|t| t.name).collect();
        let why = match self.host.tool(name) {
            Some(def) => format!(
                "tool `{name}` cannot be called: its plugin `{}` is off (see `doctor`)",
                def.plugin.id
            ),
            None => format!(
                "unknown tool `{name}`{} (tools: {})",
                suggest::did_you_mean(name, &callable),
                suggest::listing(&callable)
            ),
        };
        Err(ErrorData::invalid_params(why, None))
    }
}

/// The guarded call's result as MCP's: content blocks, the hooks' context
/// as more text blocks, structured content, `isError`.
fn to_mcp(def: &ToolDef, guarded: GuardedCall) -> CallToolResult {
    let GuardedCall {
        result,
        replaced,
        context,
        ..
    } = guarded;
    // A tool with an output schema must give structured content unless it
    // failed; a hook that replaced the result without it made that
    // impossible, so say so rather than send what the client rejects.
    if replaced
        && !result.is_error
        && result.structured_content.is_none()
        && (def.output_schema)().is_some()
    {
        return CallToolResult::error(vec![ContentBlock::text(format!(
            "the result of `{}` was replaced by an `after_tool_call` hook without `structuredContent`, which the tool's output schema requires",
            def.name
        ))]);
    }
    let mut content: Vec<ContentBlock> = result.content.into_iter().map(block).collect();
    content.extend(context.into_iter().map(ContentBlock::text));
    let mut out = if result.is_error {
        CallToolResult::error(content)
    } else {
        CallToolResult::success(content)
    };
    out.structured_content = result.structured_content;
    out
}

fn block(content: Content) -> ContentBlock {
    match content {
        Content::Text { text } => ContentBlock::text(text),
        Content::Image { data, mime_type } => ContentBlock::image(data, mime_type),
        Content::Audio { data, mime_type } => ContentBlock::audio(data, mime_type),
        // The rest in MCP's shape, through serde: the same fields on both sides.
        other => serde_json::to_value(&other)
            .and_then(serde_json::from_value)
            .unwrap_or_else(|e| {
                ContentBlock::text(format!("(content that could not be encoded: {e})"))
            }),
    }
}
