//! One tool call of the model, through the hooks and to the tool.

use serde_json::Value;
use tackle::provider::ToolCall;
use tackle::{CallInfo, ToolResult};

use super::{CallReport, ModelLoop};
use crate::host::ToolCallRequest;
use crate::suggest;

impl ModelLoop<'_> {
    /// Runs one call: `before_tool_call`, `permission_request`, the tool,
    /// then `after_tool_call` or `tool_error` ([`crate::Host::guarded_call`];
    /// an ask is refused, as no user takes part).
    pub(super) async fn run_call(&self, call: &ToolCall) -> CallReport {
        let info = self.session_info();
        let request = ToolCallRequest {
            tool: call.name.clone(),
            arguments: call.arguments.clone(),
            tool_use_id: Some(call.id.clone()),
            session: self.session.clone(),
            cwd: self.cwd.clone(),
        };
        let guarded = self
            .host
            .guarded_call(request, &info, None, |arguments| {
                self.execute(call, arguments)
            })
            .await;
        CallReport {
            call: call.clone(),
            content: guarded.text_with_context(),
            is_error: guarded.result.is_error,
            arguments: guarded.arguments,
            refused: guarded.refused,
            before: guarded.before,
            permission: guarded.permission,
            after: guarded.after,
        }
    }

    /// Calls a plugin's tool, else a built-in; an unknown name is an error
    /// the model reads, listing what it may call.
    async fn execute(&self, call: &ToolCall, arguments: Value) -> ToolResult {
        if self.host.tool(&call.name).is_some() {
            let mut info = CallInfo::new(&self.cwd).with_session(&self.session);
            if let Some(origin) = &self.origin {
                info = info.with_origin(origin.clone());
            }
            return match self.host.call_tool(&call.name, arguments, info).await {
                Ok(result) => result,
                Err(e) => ToolResult::error(e.to_string()),
            };
        }
        let call = ToolCall {
            arguments,
            ..call.clone()
        };
        if let Some(run) = self.builtins.as_ref().and_then(|b| b.run(&call, &self.cwd)) {
            return run.await;
        }
        let known: Vec<&str> = self.request.tools.iter().map(|t| t.name.as_str()).collect();
        ToolResult::error(format!(
            "no tool is named `{}`{} (tools: {})",
            call.name,
            suggest::did_you_mean(&call.name, &known),
            suggest::listing(&known)
        ))
    }
}
