//! One tool call of the model, through the hooks and to the tool.

use serde_json::{Value, json};
use tackle::hook::{
    AfterToolCall, BeforeToolCall, HookEvent, Outcome, PermissionRequest, ToolFailure, Verdict,
};
use tackle::provider::ToolCall;
use tackle::{CallInfo, ToolResult};

use super::{AgentLoop, CallReport};
use crate::suggest;

impl AgentLoop<'_> {
    /// Runs one call: `before_tool_call`, `permission_request`, the tool,
    /// then `after_tool_call` or `tool_error`.
    pub(super) async fn run_call(&self, call: &ToolCall) -> CallReport {
        let info = self.session_info();
        let event = BeforeToolCall {
            tool_name: call.name.clone(),
            arguments: call.arguments.clone(),
            tool_use_id: Some(call.id.clone()),
            ..Default::default()
        };
        let before = self.host.dispatch_with(self.stamp(event), &info).await;
        let mut arguments = match &before.input {
            Some(input) => (**input).clone(),
            None => call.arguments.clone(),
        };
        let mut context = vec![before.context_text()];
        let mut report = CallReport {
            call: call.clone(),
            arguments: Value::Null,
            refused: None,
            before,
            permission: None,
            after: None,
            content: String::new(),
            is_error: true,
        };
        report.refused = refusal(&report.before);
        if report.refused.is_none() && !report.before.is_allowed() {
            let request = PermissionRequest {
                tool_name: call.name.clone(),
                arguments: arguments.clone(),
                ..Default::default()
            };
            let permission = self.host.dispatch_with(self.stamp(request), &info).await;
            if let Some(input) = &permission.input {
                arguments = (**input).clone();
            }
            report.refused = refusal(&permission);
            report.permission = Some(permission);
        }
        report.arguments = arguments.clone();
        if let Some(why) = &report.refused {
            report.content = join(format!("The call was refused: {why}"), &context);
            return report;
        }

        let result = self.execute(call, arguments.clone()).await;
        let text = result.text_content();
        let after = if result.is_error {
            let event = ToolFailure {
                tool_name: call.name.clone(),
                arguments,
                tool_use_id: Some(call.id.clone()),
                error: text.clone(),
                ..Default::default()
            };
            self.host.dispatch_with(self.stamp(event), &info).await
        } else {
            let event = AfterToolCall {
                tool_name: call.name.clone(),
                arguments,
                tool_use_id: Some(call.id.clone()),
                response: json!({ "content": text }),
                ..Default::default()
            };
            self.host.dispatch_with(self.stamp(event), &info).await
        };
        context.push(after.context_text());
        (report.content, report.is_error) = match (&after.verdict, &after.input) {
            (Verdict::Deny { reason }, _) => (
                format!("The result was withheld by {}: {reason}", by(&after)),
                true,
            ),
            (_, Some(response)) => (response_text(response), result.is_error),
            _ => (text, result.is_error),
        };
        report.content = join(std::mem::take(&mut report.content), &context);
        report.after = Some(after);
        report
    }

    /// Calls a plugin's tool, else a built-in; an unknown name is an error
    /// the model reads, listing what it may call.
    async fn execute(&self, call: &ToolCall, arguments: Value) -> ToolResult {
        if self.host.tool(&call.name).is_some() {
            let info = CallInfo::new(&self.cwd).with_session(&self.session);
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

    fn stamp<E: HookEvent>(&self, event: E) -> E {
        event.in_session(&self.session).in_dir(&self.cwd)
    }
}

/// Why a dispatch refuses the call: a deny, or an ask (no user here).
fn refusal(outcome: &Outcome) -> Option<String> {
    match &outcome.verdict {
        Verdict::Deny { reason } => Some(format!("denied by {}: {reason}", by(outcome))),
        Verdict::Ask { reason } => Some(format!(
            "{} asks the user to approve it{}, and no user takes part in this session",
            by(outcome),
            reason
                .as_deref()
                .map(|r| format!(" ({r})"))
                .unwrap_or_default()
        )),
        _ => None,
    }
}

fn by(outcome: &Outcome) -> String {
    outcome
        .decided_by
        .as_ref()
        .map_or_else(|| "the hooks".to_owned(), ToString::to_string)
}

/// A replaced response as text: a string, `{"content": "..."}`, or JSON.
fn response_text(response: &Value) -> String {
    match response {
        Value::String(text) => text.clone(),
        other => match other.get("content").and_then(Value::as_str) {
            Some(text) => text.to_owned(),
            None => other.to_string(),
        },
    }
}

/// The text followed by every non-empty piece of hook context.
fn join(text: String, context: &[String]) -> String {
    let mut out = text;
    for piece in context.iter().filter(|c| !c.is_empty()) {
        out.push_str("\n\n");
        out.push_str(piece);
    }
    out
}
