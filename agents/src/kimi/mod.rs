//! Kimi CLI: `[[hooks]]` tables in its config, Claude Code's event names,
//! and only a refusal read from the reply: exit code 2 with the reason on
//! stderr.
//!
//! Kimi Code CLI, its successor (`@moonshot-ai/kimi-code` on npm, 2.1.0
//! read: `agent-core-v2`'s `externalHooks`), keeps that protocol: the same
//! tables (read from `~/.kimi-code/config.toml`), exit code 2, snake-case
//! payloads with `tool_call_id`. It differs in its tool names, Claude
//! Code's (`Bash`, `Read`, `Write`, `Edit`, `WebSearch`), which the table
//! lists as second names so that one export's matchers match both, in
//! the prompt, sent as content parts (`[{type: "text", text}]`, read as
//! their text), in a failed tool's `error`, an object (`{code, message, name, ...}`) read
//! as its name and message, and in adding a `UserPromptSubmit` hook's
//! stdout to the turn, which carries the hooks' context there.

pub(crate) mod export;
pub(crate) mod install;

use std::time::Duration;

use serde_json::{Map, Value};

use super::Agent;
use super::coverage::{PERMISSION_AT_TOOL, TURN_END, TURN_START};
use super::export::matcher::Filter;
use super::hook::answer::Answer;
use super::hook::reply::{
    NativeReply, block_by_exit, deny_reason, dropped, refusal_dropped, rewrite_dropped,
    taken_context,
};
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::Tool;

native_events! {
    /// Kimi CLI's hook events that tackle answers.
    pub(crate) enum Event {
        SessionStart = "SessionStart" => [SessionStart],
        SessionEnd = "SessionEnd" => [SessionEnd],
        UserPromptSubmit = "UserPromptSubmit" => [TurnStart ~ TURN_START, UserPromptSubmit],
        Stop = "Stop" => [TurnEnd ~ TURN_END, Stop],
        StopFailure = "StopFailure" => [StopFailure],
        PreToolUse = "PreToolUse" => [BeforeToolCall, PermissionRequest ~ PERMISSION_AT_TOOL],
        PostToolUse = "PostToolUse" => [AfterToolCall],
        PostToolUseFailure = "PostToolUseFailure" => [ToolFailure],
        SubagentStart = "SubagentStart" => [SubagentStart],
        SubagentStop = "SubagentStop" => [SubagentStop],
        PreCompact = "PreCompact" => [BeforeCompact],
        PostCompact = "PostCompact" => [AfterCompact],
        Notification = "Notification" => [Notification],
    }
}

impl Event {
    /// Events Kimi fires and forgets: a block there changes nothing.
    fn is_fire_and_forget(self) -> bool {
        matches!(
            self,
            Event::PostToolUse | Event::PostToolUseFailure | Event::SessionEnd
        )
    }
}

/// Kimi CLI's built-in tools.
const TOOLS: &[(Tool, &str)] = &[
    (Tool::Bash, "Shell"),
    (Tool::Read, "ReadFile"),
    (Tool::Write, "WriteFile"),
    (Tool::Edit, "StrReplaceFile"),
    (Tool::Glob, "Glob"),
    (Tool::Grep, "Grep"),
    (Tool::WebFetch, "FetchURL"),
    (Tool::WebSearch, "SearchWeb"),
];

/// Kimi Code CLI's names of the same tools.
const ALIASES: &[(&str, Tool)] = &[
    ("Bash", Tool::Bash),
    ("Read", Tool::Read),
    ("Write", Tool::Write),
    ("Edit", Tool::Edit),
    ("WebSearch", Tool::WebSearch),
];

/// Kimi CLI's names: a subagent's `agent_name` and `response`, a
/// notification's `body`.
const RENAMES: &[(&str, &str)] = &[
    ("agent_name", "agent_type"),
    ("response", "last_assistant_message"),
    ("body", "message"),
];

/// Who Kimi Code is: the product's name now (the npm package's
/// `@moonshot-ai/kimi-code` 2.1.0 calls itself Kimi Code; the Python Kimi
/// CLI it succeeds is archived).
const CARD: Card = Card {
    name: "kimi",
    title: "Kimi Code",
    events: Event::EVENTS,
    tools: TOOLS,
    aliases: ALIASES,
    renames: RENAMES,
    export: export::write,
    install: Ok(install::INSTALL),
    managed: Err("it reads no managed settings file (Kimi Code 2.1.0)"),
};

/// Kimi CLI's protocol.
pub(crate) struct Kimi;

impl Protocol for Kimi {
    fn card(&self) -> &'static Card {
        &CARD
    }

    /// Its names, a failed turn's `error_type` and `error_message` as one
    /// `error`, and Kimi Code CLI's prompt parts as their text and its
    /// error object as its name and message.
    fn read(&self, fields: &mut Map<String, Value>) -> Result<(), String> {
        // Kimi Code CLI sends the prompt as its content parts: the text
        // parts, joined as Kimi joins them for a matcher.
        if let Some(Value::Array(parts)) = fields.get("prompt") {
            let text: Vec<&str> = parts
                .iter()
                .filter(|part| part.get("type").and_then(Value::as_str) == Some("text"))
                .filter_map(|part| part.get("text")?.as_str())
                .collect();
            fields.insert("prompt".into(), Value::String(text.join(" ")));
        }
        crate::hook::rename::error_as_text(fields);
        if !fields.contains_key("error")
            && let Some(Value::String(message)) = fields.get("error_message")
        {
            let error = match fields.get("error_type").and_then(Value::as_str) {
                Some(kind) => format!("{kind}: {message}"),
                None => message.clone(),
            };
            fields.insert("error".into(), Value::String(error));
        }
        Ok(())
    }

    /// Kimi CLI reads a refusal: exit code 2 with the reason on stderr;
    /// Kimi Code CLI also adds what a `UserPromptSubmit` hook prints (plain
    /// text, exit code 0) to the turn, `<hook_result>`-wrapped (2.1.0's
    /// `renderUserPromptHookResult`). Kimi CLI 1.52, archived, was not run:
    /// whether it reads that stdout is not known.
    fn reply(&self, event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        let event: Event = event.of();
        let agent = Agent::Kimi;
        if let Some(reason) = deny_reason(answer) {
            if event.is_fire_and_forget() {
                refusal_dropped(agent, event.name(), reason, reply);
            } else {
                block_by_exit(reason, reply);
            }
            return;
        }
        if answer.outcome.is_ask() {
            dropped(agent, event.name(), "`ask`", reply);
        }
        rewrite_dropped(agent, event.name(), answer, reply);
        // Kimi Code CLI adds a prompt hook's stdout to the turn.
        let takes = event == Event::UserPromptSubmit;
        if let Some(context) = taken_context(agent, event.name(), takes, answer, reply) {
            reply.stdout = Some(context);
        }
    }

    /// Kimi rejects the whole config beyond 600 s.
    fn max_timeout(&self) -> Option<Duration> {
        Some(Duration::from_secs(export::TIMEOUT_SECS.1))
    }

    fn matcher(&self, filter: &Filter) -> Option<String> {
        filter.anchored_regex(Agent::Kimi)
    }

    fn how_to_load(&self, _dir: &str, _name: &str) -> String {
        "Kimi Code has no plugin folder: the hooks go in its config".to_owned()
    }
}
