//! One tool call through the hooks, the same for every caller (the agent
//! loop, the MCP server, an embedding agent): `before_tool_call`,
//! `permission_request`, the tool, then `after_tool_call` or `tool_error`.

use std::future::Future;
use std::path::PathBuf;

use serde_json::{Map, Value};
use std::pin::Pin;
use tackle::ToolResult;
use tackle::hook::{
    AfterToolCall, BeforeToolCall, HookEvent, HookPoint, Outcome, PermissionRequest, SessionInfo,
    ToolFailure, Verdict,
};

use crate::host::{Host, refusal};

/// A tool call as the model made it, with where it comes from.
#[derive(Debug, Clone)]
pub struct ToolCallRequest {
    /// The tool's name.
    pub tool: String,
    /// The model's arguments.
    pub arguments: Value,
    /// The caller's id for the call (an MCP request id, a model's call id).
    pub tool_use_id: Option<String>,
    /// The session hooks see.
    pub session: String,
    /// The directory the call is made from.
    pub cwd: PathBuf,
}

/// Settles an `ask`: the hooks want a person to approve the call.
///
/// An MCP server asks its client's user (elicitation); a host without a
/// person to ask passes none, and the call is refused with the reason.
pub trait Approver: Send + Sync {
    /// Whether the person approves calling `tool` with `arguments`;
    /// `reason` is the hooks' explanation, if they gave one.
    fn approve<'a>(
        &'a self,
        tool: &'a str,
        arguments: &'a Value,
        reason: Option<&'a str>,
    ) -> Pin<Box<dyn Future<Output = Approval> + Send + 'a>>;
}

/// A person's answer to an [`Approver`] question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Approval {
    /// Run the call.
    Approved,
    /// Do not run it; why, in the person's or the approver's words.
    Refused(String),
}

/// What became of a call that went through the hooks.
#[derive(Debug, Clone)]
pub struct GuardedCall {
    /// The arguments it ran with (rewritten by a hook, or as made).
    pub arguments: Value,
    /// Why it did not run, if a hook or a permission rule refused it.
    pub refused: Option<String>,
    /// The `before_tool_call` outcome.
    pub before: Outcome,
    /// The `permission_request` outcome, if it was asked.
    pub permission: Option<Outcome>,
    /// The `after_tool_call` or `tool_error` outcome, if the tool ran.
    pub after: Option<Outcome>,
    /// What the caller gets: the tool's result, a hook's replacement, or
    /// the refusal (an error result).
    pub result: ToolResult,
    /// Whether `result` was replaced by an `after_tool_call` hook.
    pub replaced: bool,
    /// Context the hooks added, each piece non-empty, in order.
    pub context: Vec<String>,
}

impl GuardedCall {
    /// The result's text followed by the hooks' context, blank-line
    /// separated: what a model reads.
    pub fn text_with_context(&self) -> String {
        let mut out = self.result.text_content();
        for piece in &self.context {
            out.push_str("\n\n");
            out.push_str(piece);
        }
        out
    }
}

/// Guarded tool calls: a call with the hooks and permission rules around
/// it, as an agent makes one.
impl Host {
    /// Whether a hook or a permission rule takes part in a tool call: if
    /// not, [`Host::guarded_call`] only runs it.
    pub fn watches_tool_calls(&self) -> bool {
        [
            BeforeToolCall::POINT,
            PermissionRequest::POINT,
            AfterToolCall::POINT,
            ToolFailure::POINT,
        ]
        .into_iter()
        .any(|point| self.listens(point))
    }

    /// Runs one call through the hooks; `run` executes the tool with the
    /// final arguments (for a plugin's tool, [`Host::call_tool`]).
    ///
    /// A deny, or an ask that `approver` does not approve (or nobody to
    /// ask), refuses the call: the result is an error that says who
    /// refused and why, so the model can change course. An
    /// `after_tool_call` deny withholds the result; a modify replaces it
    /// with its `response` (a string, or `{"content": ..., "structuredContent": ...}`).
    pub async fn guarded_call<F, Fut>(
        &self,
        mut request: ToolCallRequest,
        session: &SessionInfo,
        approver: Option<&dyn Approver>,
        run: F,
    ) -> GuardedCall
    where
        F: FnOnce(Value) -> Fut,
        Fut: Future<Output = ToolResult>,
    {
        let mut context = Vec::new();
        let before = |request: &ToolCallRequest| BeforeToolCall {
            tool_name: request.tool.clone(),
            arguments: request.arguments.clone(),
            tool_use_id: request.tool_use_id.clone(),
            ..Default::default()
        };
        let before = self
            .consult(before, &mut request, &mut context, session)
            .await;
        let (tool, arguments) = (&request.tool, &request.arguments);
        // A person who approved an ask has settled the permission question.
        let (mut refused, approved) = match self.gate(&before, tool, arguments, approver).await {
            Gate::Refused(why) => (Some(why), false),
            Gate::Approved => (None, true),
            Gate::Open => (None, false),
        };
        let mut permission = None;
        if refused.is_none() && !approved && !before.is_allowed() {
            let ask = |request: &ToolCallRequest| PermissionRequest {
                tool_name: request.tool.clone(),
                arguments: request.arguments.clone(),
                ..Default::default()
            };
            let outcome = self.consult(ask, &mut request, &mut context, session).await;
            let (tool, arguments) = (&request.tool, &request.arguments);
            if let Gate::Refused(why) = self.gate(&outcome, tool, arguments, approver).await {
                refused = Some(why);
            }
            permission = Some(outcome);
        }
        if let Some(why) = refused {
            return GuardedCall {
                arguments: request.arguments,
                result: ToolResult::error(format!("The call was refused: {why}")),
                refused: Some(why),
                before,
                permission,
                after: None,
                replaced: false,
                context,
            };
        }
        let earlier = Earlier {
            before,
            permission,
            context,
        };
        self.run_through(request, earlier, session, run).await
    }

    /// Asks the hooks at `E`'s point about a call; the event is built
    /// only when one listens (an argument can be large). Their rewritten
    /// arguments replace the call's, their context joins `context`.
    async fn consult<E: HookEvent>(
        &self,
        event: impl FnOnce(&ToolCallRequest) -> E,
        request: &mut ToolCallRequest,
        context: &mut Vec<String>,
        session: &SessionInfo,
    ) -> Outcome {
        let outcome = if self.listens(E::POINT) {
            let event = event(request)
                .in_session(&request.session)
                .in_dir(&request.cwd);
            self.dispatch_with(event, session).await
        } else {
            Outcome::new(E::POINT)
        };
        if let Some(input) = &outcome.input {
            request.arguments = (**input).clone();
        }
        push_context(context, &outcome);
        outcome
    }

    /// The rest of a call whose hooks have let it through already, with
    /// its final `request.arguments`: the tool (`run`), then
    /// `after_tool_call` or `tool_error`. An MCP server finishes this way
    /// a call whose `before_tool_call` and `permission_request` hooks ran
    /// on another replica before it asked its client (protocol
    /// 2026-07-28's input round trips), so that they do not run twice;
    /// `before` and `permission` are then empty outcomes.
    pub async fn finish_guarded_call<F, Fut>(
        &self,
        request: ToolCallRequest,
        session: &SessionInfo,
        run: F,
    ) -> GuardedCall
    where
        F: FnOnce(Value) -> Fut,
        Fut: Future<Output = ToolResult>,
    {
        let earlier = Earlier {
            before: Outcome::new(HookPoint::BeforeToolCall),
            permission: None,
            context: Vec::new(),
        };
        self.run_through(request, earlier, session, run).await
    }

    /// Runs a call the hooks let through, then shows its result to
    /// `after_tool_call` (or its failure to `tool_error`); whether a hook
    /// replaced the result is in the [`GuardedCall`].
    async fn run_through<F, Fut>(
        &self,
        request: ToolCallRequest,
        earlier: Earlier,
        session: &SessionInfo,
        run: F,
    ) -> GuardedCall
    where
        F: FnOnce(Value) -> Fut,
        Fut: Future<Output = ToolResult>,
    {
        let ToolCallRequest {
            tool,
            arguments,
            tool_use_id,
            session: session_id,
            cwd,
        } = request;
        let Earlier {
            before,
            permission,
            mut context,
        } = earlier;
        let result = run(arguments.clone()).await;
        let point = if result.is_error {
            ToolFailure::POINT
        } else {
            AfterToolCall::POINT
        };
        let (after, result, replaced) = if self.listens(point) {
            self.observe(
                tool,
                arguments.clone(),
                tool_use_id,
                (&session_id, &cwd),
                result,
                session,
            )
            .await
        } else {
            (Outcome::new(point), result, false)
        };
        push_context(&mut context, &after);
        GuardedCall {
            arguments,
            refused: None,
            before,
            permission,
            after: Some(after),
            result,
            replaced,
            context,
        }
    }

    /// Shows a result to `after_tool_call` (a failure to `tool_error`):
    /// their outcome, the result the caller gets, and whether a hook
    /// replaced it.
    async fn observe(
        &self,
        tool: String,
        arguments: Value,
        tool_use_id: Option<String>,
        (session_id, cwd): (&str, &std::path::Path),
        result: ToolResult,
        session: &SessionInfo,
    ) -> (Outcome, ToolResult, bool) {
        let after = if result.is_error {
            let event = ToolFailure {
                tool_name: tool,
                arguments,
                tool_use_id,
                error: result.text_content(),
                ..Default::default()
            }
            .in_session(session_id)
            .in_dir(cwd);
            self.dispatch_with(event, session).await
        } else {
            let event = AfterToolCall {
                tool_name: tool,
                arguments,
                tool_use_id,
                response: response_json(result.text_content(), &result),
                ..Default::default()
            }
            .in_session(session_id)
            .in_dir(cwd);
            self.dispatch_with(event, session).await
        };
        let (result, replaced) = match (&after.verdict, &after.input) {
            (Verdict::Deny { reason }, _) => (
                ToolResult::error(format!(
                    "The result was withheld by {}: {reason}",
                    by(&after)
                )),
                false,
            ),
            (_, Some(response)) => (replacement(response, result.is_error), true),
            _ => (result, false),
        };
        (after, result, replaced)
    }

    /// Whether an outcome lets the call through: a deny refuses it, an ask
    /// goes to the approver (refused when there is none).
    async fn gate(
        &self,
        outcome: &Outcome,
        tool: &str,
        arguments: &Value,
        approver: Option<&dyn Approver>,
    ) -> Gate {
        match &outcome.verdict {
            Verdict::Deny { reason } => {
                Gate::Refused(refusal::denial(outcome.decided_by.as_ref(), reason))
            }
            Verdict::Ask { reason } => {
                let because = refusal::because(outcome.decided_by.as_ref(), reason.as_deref());
                let Some(approver) = approver else {
                    return Gate::Refused(format!(
                        "{} asks the user to approve it{because}, and no user takes part in this session",
                        by(outcome)
                    ));
                };
                match approver.approve(tool, arguments, reason.as_deref()).await {
                    Approval::Approved => Gate::Approved,
                    Approval::Refused(why) => Gate::Refused(format!(
                        "{} asked the user to approve it{because}: {why}",
                        by(outcome)
                    )),
                }
            }
            _ => Gate::Open,
        }
    }
}

/// What the hooks before a call gave, kept in its [`GuardedCall`].
struct Earlier {
    before: Outcome,
    permission: Option<Outcome>,
    context: Vec<String>,
}

/// What an outcome does to a call about to run.
enum Gate {
    /// Nothing stops it.
    Open,
    /// A person approved it when a hook asked.
    Approved,
    /// It does not run, for this reason.
    Refused(String),
}

/// What `after_tool_call` hooks see of a result: `{"content": text}`, plus
/// `structuredContent` when the tool returned structured output.
fn response_json(text: String, result: &ToolResult) -> Value {
    let mut response = Map::new();
    response.insert("content".to_owned(), Value::String(text));
    if let Some(structured) = &result.structured_content {
        response.insert("structuredContent".to_owned(), structured.clone());
    }
    Value::Object(response)
}

/// A hook's replacement response as a result: a string is the text;
/// `{"content": ..., "structuredContent": ...}` gives both; other JSON is
/// the text.
fn replacement(response: &Value, is_error: bool) -> ToolResult {
    let (text, structured) = match response {
        Value::String(text) => (text.clone(), None),
        other => match other.get("content").and_then(Value::as_str) {
            Some(text) => (text.to_owned(), other.get("structuredContent").cloned()),
            None => (other.to_string(), None),
        },
    };
    let mut result = if is_error {
        ToolResult::error(text)
    } else {
        ToolResult::text(text)
    };
    result.structured_content = structured;
    result
}

/// Who decided, for messages: the plugin and hook, or "the hooks".
fn by(outcome: &Outcome) -> String {
    outcome
        .decided_by
        .as_ref()
        .map_or_else(|| "the hooks".to_owned(), ToString::to_string)
}

fn push_context(context: &mut Vec<String>, outcome: &Outcome) {
    let text = outcome.context_text();
    if !text.is_empty() {
        context.push(text);
    }
}
