//! SuperQode: a generated Python plugin (`shim.py`) whose event hooks,
//! context injector, tools and commands run the binary; it sends
//! SuperQode's `LifecycleContext` and reads tackle's own reply, holding
//! only what SuperQode acts on at the event.

pub(crate) mod export;
pub(crate) mod reply;

use serde_json::{Map, Value};
use tackle::hook::SessionInfo;

use super::coverage::{TURN_END, TURN_START};
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::Tool;

native_events! {
    /// SuperQode's hook points (tackle's own names), and its context
    /// injector.
    pub(crate) enum Event {
        SessionStart = "session_start" => [SessionStart],
        UserPromptSubmit = "user_prompt_submit" => [TurnStart ~ TURN_START, UserPromptSubmit],
        Stop = "stop" => [TurnEnd ~ TURN_END, Stop, StopFailure ["stopped_reason" = "error"] ~ RUN_ERROR_AT_STOP],
        AfterTurnComplete = "after_turn_complete" => [AfterTurnComplete],
        ContextInjectors = "context_injectors" => [SystemPrompt],
        BeforeLlmCall = "before_llm_call" => [BeforeLlmCall],
        AfterLlmCall = "after_llm_call" => [AfterLlmCall],
        ContextSelection = "context_selection" => [ContextSelection],
        ContextRetrieval = "context_retrieval" => [ContextRetrieval],
        BeforeToolCall = "before_tool_call" => [BeforeToolCall],
        AfterToolCall = "after_tool_call" => [AfterToolCall, ToolFailure ["status" = "error"] ~ TOOL_ERROR_AFTER],
        PermissionRequest = "permission_request" => [PermissionRequest],
        BeforeCompact = "before_compact" => [BeforeCompact],
        AfterCompact = "after_compact" => [AfterCompact],
    }
}

/// SuperQode has no event of its own for a failed tool: its
/// `after_tool_call` gets every result, failed or not.
const TOOL_ERROR_AFTER: &str =
    "after a tool call whose result is an error (`after_tool_call` hooks see it too)";
/// SuperQode's `stop` comes at the end of every run, failed or not.
const RUN_ERROR_AT_STOP: &str = "when the run ends with an error";

/// The tools of SuperQode's default `core` harness (`read`, `write`,
/// `edit`, `bash`), and of its coding tool set for the rest.
const TOOLS: &[(Tool, &str)] = &[
    (Tool::Bash, "bash"),
    (Tool::Read, "read"),
    (Tool::Write, "write"),
    (Tool::Edit, "edit"),
    (Tool::Glob, "glob"),
    (Tool::Grep, "grep"),
    (Tool::WebFetch, "web_fetch"),
    (Tool::WebSearch, "web_search"),
    (Tool::LS, "list_directory"),
];

/// SuperQode's coding tool set (`ToolRegistry.coding`) reads, writes and
/// edits with tools named otherwise than its `core` harness's.
const TOOL_ALIASES: &[(&str, Tool)] = &[
    ("read_file", Tool::Read),
    ("write_file", Tool::Write),
    ("create_file", Tool::Write),
    ("edit_file", Tool::Edit),
];

/// Who SuperQode is.
const CARD: Card = Card {
    name: "superqode",
    title: "SuperQode",
    events: Event::EVENTS,
    tools: TOOLS,
    aliases: TOOL_ALIASES,
    renames: &[],
    export: export::write,
    install: Err("SuperQode loads the package as a Python plugin: follow the export's note"),
    managed: Err("no managed settings file of SuperQode's is documented"),
};

/// SuperQode's protocol.
pub(crate) struct SuperQode;

impl Protocol for SuperQode {
    fn card(&self) -> &'static Card {
        &CARD
    }

    fn uses_shim(&self) -> bool {
        true
    }

    /// The package carries the context files as `context_injectors`.
    fn reads_context_files(&self) -> bool {
        true
    }

    /// SuperQode's `LifecycleContext`, as the generated plugin sends it:
    /// the provider, the loop's iteration, and its `metadata`, whose keys
    /// join the session's (without replacing tackle's own, such as
    /// `native_event`).
    fn read_session(&self, fields: &Map<String, Value>, session: &mut SessionInfo) {
        session.provider = fields
            .get("provider")
            .and_then(Value::as_str)
            .filter(|p| !p.is_empty())
            .map(str::to_owned);
        session.iteration = fields
            .get("iteration")
            .and_then(Value::as_u64)
            .unwrap_or_default();
        if let Some(Value::Object(metadata)) = fields.get("metadata") {
            for (key, value) in metadata {
                if !session.metadata.contains_key(key) {
                    session.metadata.insert(key.clone(), value.clone());
                }
            }
        }
    }

    fn reply(&self, event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        reply::encode(event.of(), answer, reply);
    }

    fn carries_commands(&self) -> bool {
        true
    }

    // No matcher: the shim filters in Python, by the tools' native names.
    fn how_to_load(&self, dir: &str, name: &str) -> String {
        format!(
            "install it in a project with `superqode trust yes` then `superqode plugins add {dir}` (it is copied to .superqode/plugins/{name}/), and check it with `superqode plugins doctor --runtime`"
        )
    }
}
