//! Gemini CLI: hooks in an extension's `hooks/hooks.json` (Claude Code's
//! shape, timeouts in milliseconds), its own event names, a top-level
//! `decision` in the reply.

pub(crate) mod export;
pub(crate) mod install;
pub(crate) mod reply;

use super::Agent;
use super::coverage::{CONTEXT_AT_START, PERMISSION_AT_TOOL, TURN_END, TURN_START};
use super::export::matcher::Filter;
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::Tool;

native_events! {
    /// Gemini CLI's hook events that tackle answers.
    pub(crate) enum Event {
        SessionStart = "SessionStart" => [SessionStart, SystemPrompt ~ CONTEXT_AT_START],
        SessionEnd = "SessionEnd" => [SessionEnd],
        BeforeAgent = "BeforeAgent" => [TurnStart ~ TURN_START, UserPromptSubmit],
        AfterAgent = "AfterAgent" => [TurnEnd ~ TURN_END, Stop],
        BeforeModel = "BeforeModel" => [BeforeLlmCall],
        AfterModel = "AfterModel" => [AfterLlmCall],
        BeforeTool = "BeforeTool" => [BeforeToolCall, PermissionRequest ~ PERMISSION_AT_TOOL],
        AfterTool = "AfterTool" => [AfterToolCall],
        PreCompress = "PreCompress" => [BeforeCompact],
        Notification = "Notification" => [Notification],
    }
}

/// Gemini CLI's built-in tools.
const TOOLS: &[(Tool, &str)] = &[
    (Tool::Bash, "run_shell_command"),
    (Tool::Read, "read_file"),
    (Tool::Write, "write_file"),
    (Tool::Edit, "replace"),
    (Tool::Glob, "glob"),
    (Tool::Grep, "grep_search"),
    (Tool::WebFetch, "web_fetch"),
    (Tool::WebSearch, "google_web_search"),
    (Tool::LS, "list_directory"),
];

/// Gemini CLI's names for the last answer (`AfterAgent`) and the model
/// request and response (`BeforeModel`, `AfterModel`).
const RENAMES: &[(&str, &str)] = &[
    ("prompt_response", "last_assistant_message"),
    ("llm_request", "request"),
    ("llm_response", "response"),
];

/// Who Gemini CLI is.
const CARD: Card = Card {
    name: "gemini",
    title: "Gemini CLI",
    events: Event::EVENTS,
    tools: TOOLS,
    aliases: &[],
    renames: RENAMES,
    export: export::write,
    install: Ok(install::INSTALL),
    managed: Err(
        "its system settings (/etc/gemini-cli/settings.json) come first, but a user's `hooksConfig.disabled` switches any hook off by name, and hooks run only in a folder the user trusts (0.61.0)",
    ),
};

/// Gemini CLI's protocol.
pub(crate) struct Gemini;

impl Protocol for Gemini {
    fn card(&self) -> &'static Card {
        &CARD
    }

    fn reply(&self, event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        reply::encode(event.of(), answer, reply);
    }

    fn carries_commands(&self) -> bool {
        true
    }

    fn matcher(&self, filter: &Filter) -> Option<String> {
        filter.anchored_regex(Agent::Gemini)
    }

    fn how_to_load(&self, dir: &str, name: &str) -> String {
        format!(
            "install it with `gemini extensions install {dir}`; its slash commands find the binary in ~/.gemini/extensions/{name}/"
        )
    }

    fn hook_lines_per_system(&self) -> bool {
        true
    }
}
