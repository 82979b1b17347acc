//! Copilot CLI: hooks in the repository's `.github/hooks/<name>.json`,
//! loaded once the folder is trusted, camelCase events and keys, tool
//! arguments as a JSON string (an object from 1.0.102, read live); Claude's
//! decision fields at the top level of the reply, with its own names for
//! rewrites.

pub(crate) mod export;
pub(crate) mod install;
pub(crate) mod managed;
pub(crate) mod reply;

use serde_json::{Map, Value};

use super::Agent;
use super::coverage::{CONTEXT_AT_START, PERMISSION_AT_TOOL, TURN_END, TURN_START};
use super::export::matcher::Filter;
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::Tool;

native_events! {
    /// Copilot CLI's hook events that tackle answers.
    pub(crate) enum Event {
        SessionStart = "sessionStart" => [SessionStart, SystemPrompt ~ CONTEXT_AT_START],
        SessionEnd = "sessionEnd" => [SessionEnd],
        UserPromptSubmitted = "userPromptSubmitted" => [TurnStart ~ TURN_START, UserPromptSubmit],
        AgentStop = "agentStop" => [TurnEnd ~ TURN_END, Stop],
        PreToolUse = "preToolUse" => [BeforeToolCall, PermissionRequest ~ PERMISSION_AT_TOOL],
        PostToolUse = "postToolUse" => [AfterToolCall],
        PostToolUseFailure = "postToolUseFailure" => [ToolFailure],
        SubagentStart = "subagentStart" => [SubagentStart],
        SubagentStop = "subagentStop" => [SubagentStop],
        ErrorOccurred = "errorOccurred" => [StopFailure],
        PreCompact = "preCompact" => [BeforeCompact],
        Notification = "notification" => [Notification],
    }
}

/// Copilot CLI's built-in tools.
const TOOLS: &[(Tool, &str)] = &[
    (Tool::Bash, "bash"),
    (Tool::Read, "view"),
    (Tool::Write, "create"),
    (Tool::Edit, "edit"),
    (Tool::Glob, "glob"),
    (Tool::Grep, "grep"),
    (Tool::WebFetch, "web_fetch"),
];

/// Who Copilot CLI is.
const CARD: Card = Card {
    name: "copilot",
    title: "Copilot CLI",
    events: Event::EVENTS,
    tools: TOOLS,
    aliases: &[],
    renames: &[("sessionId", "session_id")],
    export: export::write,
    install: Ok(install::INSTALL),
    managed: if cfg!(target_os = "linux") {
        Ok(managed::POLICY)
    } else {
        Err("tackle knows Copilot CLI's managed folder on Linux only (/etc/github-copilot)")
    },
};

/// Copilot CLI's protocol.
pub(crate) struct Copilot;

impl Protocol for Copilot {
    fn card(&self) -> &'static Card {
        &CARD
    }

    /// Copilot CLI refuses a tool call whose hook fails, so an error that
    /// must not decide exits 0.
    fn non_blocking(&self) -> u8 {
        0
    }

    /// Copilot CLI sends camelCase keys (read by the events' aliases) with
    /// the session id as `sessionId`, the tool arguments as a JSON string
    /// (1.0.102 sends an object, read as it is),
    /// and `errorOccurred`'s error as `{message, name, stack}`.
    fn read(&self, fields: &mut Map<String, Value>) -> Result<(), String> {
        if let Some(Value::String(text)) = fields.get("toolArgs") {
            let args: Value = serde_json::from_str(text)
                .map_err(|e| format!("`toolArgs` is a string but not JSON: {e}"))?;
            fields.insert("toolArgs".into(), args);
        }
        crate::hook::rename::error_as_text(fields);
        Ok(())
    }

    /// Copilot CLI 1.0.102's `http` hooks: the stdin JSON POSTed, the
    /// body read as stdout. Its replies are JSON alone (no refusal by
    /// exit code), so a served answer is the process's.
    fn http_hooks(&self) -> bool {
        true
    }

    fn reply(&self, event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        reply::encode(event.of(), answer, reply);
    }

    fn matcher(&self, filter: &Filter) -> Option<String> {
        filter.whole_name_regex(Agent::Copilot)
    }

    fn how_to_load(&self, _dir: &str, _name: &str) -> String {
        "Copilot CLI loads .github/hooks/ from the folder it runs in, once that folder is trusted: export into the repository's root".to_owned()
    }
}
