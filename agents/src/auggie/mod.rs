//! Auggie (`@augmentcode/auggie`, Augment Code's CLI): hooks in Claude
//! Code's settings shape, in `.augment/settings.json`.
//!
//! Read in the shipped bundle of `@augmentcode/auggie` 0.36.0
//! (`augment.mjs`), which cannot run here (every model call goes to
//! Augment's API behind a login):
//!
//! - Seven events, of which `Notification` is never sent (nothing in
//!   the bundle fires it), so tackle registers none. The payloads use
//!   Cursor's names: `conversation_id`, `workspace_roots` (the workspace
//!   root alone), `tool_name`, `tool_input`, `tool_output`, `tool_error`,
//!   `is_mcp_tool`; `user_prompt`; `agent_stop_cause` and `_exchange`
//!   (the last exchange, its answer `exchange.response_text`). A value
//!   Auggie left undefined is sent as the string `"[undefined]"` (its
//!   serializer's placeholder: `tool_output` before a tool, a prompt of
//!   attachments only), which [`Auggie::read`] takes out.
//! - The reply is Claude Code's top-level fields and a
//!   `hookSpecificOutput` per event, read only at `PreToolUse`
//!   (`permissionDecision` `deny` refuses, with its reason as the tool's
//!   result; `updatedInput` replaces the input), `PostToolUse`
//!   (`decision: "block"`, `reason` and `additionalContext`, appended to
//!   the tool's result: nothing is withheld) and `Stop`. Auggie acts on
//!   no `allow` (its own permission rules still decide) and no `ask`:
//!   tackle refuses an `ask` with its question. It awaits `Stop` and
//!   `SessionStart` without reading their reply, and starts
//!   `PromptSubmit` without waiting for it (see [`reply`]).
//! - Hooks run only when Augment's server turns them on for the account
//!   (the `enableHooks` flag of its model config).
//! - The matcher is an unanchored regex on the tool's name that never
//!   matches an MCP tool (those take `mcp:` matchers).

pub(crate) mod export;
pub(crate) mod install;
pub(crate) mod reply;

use serde_json::{Map, Value};
use tackle::hook::HookPoint;

use super::Agent;
use super::coverage::{PERMISSION_AT_TOOL, TURN_END, TURN_START};
use super::export::matcher::Filter;
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::{self, Tool};

native_events! {
    /// Auggie's hook events (all of them).
    pub(crate) enum Event {
        SessionStart = "SessionStart" => [SessionStart],
        SessionEnd = "SessionEnd" => [SessionEnd],
        PromptSubmit = "PromptSubmit" => [TurnStart ~ TURN_START, UserPromptSubmit],
        PreToolUse = "PreToolUse" => [BeforeToolCall, PermissionRequest ~ PERMISSION_AT_TOOL],
        PostToolUse = "PostToolUse" => [AfterToolCall],
        // In the settings' schema, but nothing in Auggie 0.36.0 fires it.
        Notification = "Notification",
        Stop = "Stop" => [TurnEnd ~ TURN_END, Stop],
    }
}

/// What Auggie sends for a value it left undefined.
const UNDEFINED: &str = "[undefined]";

/// Auggie's built-in tools, as hooks name them.
const TOOLS: &[(Tool, &str)] = &[
    (Tool::Bash, "launch-process"),
    (Tool::Read, "view"),
    (Tool::Write, "save-file"),
    (Tool::Edit, "str-replace-editor"),
    (Tool::Grep, "grep-search"),
    (Tool::WebFetch, "web-fetch"),
    (Tool::WebSearch, "web-search"),
];

/// Auggie's patch tool, which edits files.
const ALIASES: &[(&str, Tool)] = &[("apply_patch", Tool::Edit)];

/// Who Auggie is.
const CARD: Card = Card {
    name: "auggie",
    title: "Auggie",
    events: Event::EVENTS,
    tools: TOOLS,
    aliases: ALIASES,
    renames: &[
        ("conversation_id", "session_id"),
        ("user_prompt", "prompt"),
        ("notification_message", "message"),
    ],
    export: export::write,
    install: Ok(install::INSTALL),
    managed: Err(
        "its system settings (/etc/augment/settings.json) are read before the user's, but whether any hook runs is Augment's server's to say (its `enableHooks` flag), not the machine's",
    ),
};

/// Auggie's protocol.
pub(crate) struct Auggie;

impl Protocol for Auggie {
    fn card(&self) -> &'static Card {
        &CARD
    }

    fn limits(&self) -> &'static [(HookPoint, &'static str)] {
        &[
            (HookPoint::PermissionRequest, reply::NO_ALLOW),
            (HookPoint::AfterToolCall, reply::RESULT_KEPT),
            (HookPoint::UserPromptSubmit, reply::NOT_AWAITED),
            (HookPoint::Stop, reply::STOP_UNREAD),
        ]
    }

    /// The workspace root as `cwd`, the last exchange's answer (which
    /// `Stop` carries) as the last message, and the placeholders of
    /// undefined values taken out: a prompt of attachments only reads as
    /// empty.
    fn read(&self, fields: &mut Map<String, Value>) -> Result<(), String> {
        let undefined = |v: &Value| v.as_str() == Some(UNDEFINED);
        if let Some(prompt) = fields.get_mut("prompt").filter(|v| undefined(v)) {
            *prompt = Value::String(String::new());
        }
        fields.retain(|_, v| !undefined(v));
        if !fields.contains_key("cwd")
            && let Some(Value::String(root)) = fields
                .get("workspace_roots")
                .and_then(|r| r.as_array()?.first())
        {
            fields.insert("cwd".into(), Value::String(root.clone()));
        }
        if !fields.contains_key("last_assistant_message")
            && let Some(Value::String(text)) = fields
                .get("_exchange")
                .and_then(|e| e.get("exchange")?.get("response_text"))
        {
            fields.insert("last_assistant_message".into(), Value::String(text.clone()));
        }
        Ok(())
    }

    fn reply(&self, event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        reply::encode(event.of(), answer, reply);
    }

    /// The built-in tools' names, anchored; every tool (no matcher) when
    /// the hooks want a regex or an MCP tool, which Auggie matches only
    /// under an `mcp:` matcher.
    fn matcher(&self, filter: &Filter) -> Option<String> {
        match filter {
            Filter::Tools { names, regexes }
                if regexes.is_empty()
                    && names
                        .iter()
                        .all(|n| tools::native(Agent::Auggie, n).is_some()) =>
            {
                filter.anchored_regex(Agent::Auggie)
            }
            _ => None,
        }
    }

    fn how_to_load(&self, dir: &str, _name: &str) -> String {
        format!(
            "merge `hooks` of {dir}/{} into your project's .augment/settings.json (or ~/.augment/settings.json), or run `install auggie`",
            export::FILE
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::Agent;

    #[test]
    fn the_conversation_the_root_and_the_placeholders_read_as_claude_s() {
        let p = crate::hook::input::parse_named(
            Agent::Auggie,
            "PreToolUse",
            br#"{"hook_event_name":"PreToolUse","conversation_id":"c1","workspace_roots":["/p"],
                "tool_name":"launch-process","tool_input":{"command":"ls"},
                "tool_output":"[undefined]","tool_error":null,"is_mcp_tool":false}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["session_id"], "c1");
        assert_eq!(p.fields["cwd"], "/p");
        assert_eq!(p.fields["tool_name"], "Bash");
        assert!(p.fields.get("tool_output").is_none(), "{}", p.fields);
        let p = crate::hook::input::parse_named(
            Agent::Auggie,
            "PromptSubmit",
            br#"{"hook_event_name":"PromptSubmit","conversation_id":"c1","workspace_roots":["/p"],
                "user_prompt":"[undefined]"}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["prompt"], "");
    }
}
