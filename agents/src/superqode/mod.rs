//! SuperQode: a generated Python plugin (`shim.py`) whose event hooks,
//! context injector, tools and commands run the binary; it sends
//! SuperQode's `LifecycleContext` and reads tackle's own reply, holding
//! only what SuperQode acts on at the event.

pub(crate) mod export;
pub(crate) mod reply;

use serde_json::{Map, Value};
use tackle::hook::SessionInfo;

use super::Agent;
use super::export::ExportError;
use super::export::matcher::Filter;
use super::export::package::Package;
use super::export::write::Out;
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::coverage::Delivery;
use super::protocol::{Protocol, native_events};
use tackle::hook::HookPoint;
use super::tools::Tool;

native_events! {
    /// SuperQode's hook points (tackle's own names), and its context
    /// injector.
    pub(crate) enum Event {
        SessionStart = "session_start",
        UserPromptSubmit = "user_prompt_submit",
        Stop = "stop",
        AfterTurnComplete = "after_turn_complete",
        ContextInjectors = "context_injectors",
        BeforeLlmCall = "before_llm_call",
        AfterLlmCall = "after_llm_call",
        ContextSelection = "context_selection",
        ContextRetrieval = "context_retrieval",
        BeforeToolCall = "before_tool_call",
        AfterToolCall = "after_tool_call",
        PermissionRequest = "permission_request",
        BeforeCompact = "before_compact",
        AfterCompact = "after_compact",
    }
}

/// SuperQode has no event of its own for a failed tool: its
/// `after_tool_call` gets every result, failed or not.
const TOOL_ERROR_AFTER: &str =
    "after a tool call whose result is an error (`after_tool_call` hooks see it too)";
/// SuperQode's `stop` comes at the end of every run, failed or not.
const RUN_ERROR_AT_STOP: &str = "when the run ends with an error";

/// The agent's column of the [coverage table](crate::coverage): how it
/// delivers each hook point it delivers, in the catalogue's order.
#[rustfmt::skip]
pub(crate) const COVERAGE: &[(HookPoint, Delivery)] = {
    use HookPoint as P;
    use crate::coverage::{TURN_START, TURN_END};
    &[
        (P::SessionStart, Event::SessionStart.native()),
        (P::TurnStart, Event::UserPromptSubmit.emulated(TURN_START)),
        (P::TurnEnd, Event::Stop.emulated(TURN_END)),
        (P::AfterTurnComplete, Event::AfterTurnComplete.native()),
        (P::UserPromptSubmit, Event::UserPromptSubmit.native()),
        (P::SystemPrompt, Event::ContextInjectors.native()),
        (P::BeforeLlmCall, Event::BeforeLlmCall.native()),
        (P::AfterLlmCall, Event::AfterLlmCall.native()),
        (P::ContextSelection, Event::ContextSelection.native()),
        (P::ContextRetrieval, Event::ContextRetrieval.native()),
        (P::BeforeToolCall, Event::BeforeToolCall.native()),
        (P::AfterToolCall, Event::AfterToolCall.native()),
        (P::ToolFailure, Event::AfterToolCall.emulated_when("status", "error", TOOL_ERROR_AFTER)),
        (P::PermissionRequest, Event::PermissionRequest.native()),
        (P::Stop, Event::Stop.native()),
        (P::StopFailure, Event::Stop.emulated_when("stopped_reason", "error", RUN_ERROR_AT_STOP)),
        (P::BeforeCompact, Event::BeforeCompact.native()),
        (P::AfterCompact, Event::AfterCompact.native()),
    ]
};

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

/// SuperQode's protocol.
pub(crate) struct SuperQode;

impl Protocol for SuperQode {
    fn agent(&self) -> Agent {
        Agent::SuperQode
    }

    fn name(&self) -> &'static str {
        "superqode"
    }

    fn title(&self) -> &'static str {
        "SuperQode"
    }

    fn events(&self) -> &'static [&'static str] {
        Event::NAMES
    }

    fn uses_shim(&self) -> bool {
        true
    }

    /// The package carries the context files as `context_injectors`.
    fn reads_context_files(&self) -> bool {
        true
    }

    fn tools(&self) -> &'static [(Tool, &'static str)] {
        TOOLS
    }

    fn tool_aliases(&self) -> &'static [(&'static str, Tool)] {
        TOOL_ALIASES
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

    fn reply(&self, event: &str, answer: &Answer, reply: &mut NativeReply) {
        if let Some(event) = Event::from_name(event) {
            reply::encode(event, answer, reply);
        }
    }

    /// The shim filters in Python, by the tools' native names.
    fn matcher(&self, _filter: &Filter) -> Option<String> {
        None
    }

    fn carries_commands(&self) -> bool {
        true
    }

    fn export(&self, package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
        export::write(package, out)
    }

    fn how_to_load(&self, dir: &str, name: &str) -> String {
        format!(
            "install it in a project with `superqode trust yes` then `superqode plugins add {dir}` (it is copied to .superqode/plugins/{name}/), and check it with `superqode plugins doctor --runtime`"
        )
    }

    fn managed(&self) -> Result<crate::install::managed::Policy, &'static str> {
        Err("no managed settings file of SuperQode's is documented")
    }

    fn install(&self) -> Result<crate::install::targets::Install, &'static str> {
        Err("SuperQode loads the package as a Python plugin: follow the export's note")
    }

    fn coverage(&self) -> &'static [(HookPoint, Delivery)] {
        COVERAGE
    }
}
