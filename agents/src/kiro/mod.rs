//! Kiro CLI: hooks embedded in an agent configuration
//! (`.kiro/agents/<name>.json` or `~/.kiro/agents/<name>.json`, run with
//! `kiro-cli chat --agent <name>`), events `agentSpawn`,
//! `userPromptSubmit`, `preToolUse`, `postToolUse` and `stop`.
//!
//! Written from Kiro's docs (kiro.dev `docs/cli/hooks`,
//! `docs/cli/reference/exit-codes` and the agent configuration
//! reference, read 2026-11; Kiro CLI 3 still runs hooks embedded in an
//! agent's configuration). Kiro CLI installs from kiro.dev and needs a
//! Kiro (AWS Builder ID or IAM Identity Center) login to reach a model
//! (`kiro-cli` on PyPI is another project), so there is no live test
//! (see the shipping guide). What tackle relies on:
//!
//! * The payload: `hook_event_name`, `cwd`, and at the tool events
//!   `tool_name`, `tool_input`, `tool_response`; `prompt` at
//!   `userPromptSubmit`.
//! * Exit code 0: at `agentSpawn` and `userPromptSubmit`, stdout is added
//!   to the agent's context (plain text). Exit code 2 at `preToolUse`
//!   blocks the call and hands stderr to the model. Nothing else reads a
//!   decision, a rewrite or context: tackle says so on stderr, and answers
//!   an `ask` before a tool with a refusal.
//! * Timeouts in milliseconds (`timeout_ms`, 30 s by default).
//! * A call runs through `preToolUse` before Kiro asks the user to approve
//!   it (the order of aws/amazon-q-developer-cli#2875, where these hooks
//!   come from): a hook's refusal comes first.

pub(crate) mod export;
pub(crate) mod install;
pub(crate) mod reply;

use super::coverage::{CONTEXT_AT_START, PERMISSION_AT_TOOL, TURN_END, TURN_START};
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::Tool;

native_events! {
    /// Kiro CLI's hook events (all of them).
    pub(crate) enum Event {
        AgentSpawn = "agentSpawn" => [SessionStart, SystemPrompt ~ CONTEXT_AT_START],
        UserPromptSubmit = "userPromptSubmit" => [TurnStart ~ TURN_START, UserPromptSubmit],
        PreToolUse = "preToolUse" => [BeforeToolCall, PermissionRequest ~ PERMISSION_AT_TOOL],
        PostToolUse = "postToolUse" => [AfterToolCall],
        Stop = "stop" => [TurnEnd ~ TURN_END, Stop],
    }
}

/// Kiro CLI's built-in tools, as hooks name them (`write` creates and
/// edits files).
const TOOLS: &[(Tool, &str)] = &[
    (Tool::Bash, "shell"),
    (Tool::Read, "read"),
    (Tool::Write, "write"),
    (Tool::Glob, "glob"),
    (Tool::Grep, "grep"),
    (Tool::WebFetch, "web_fetch"),
    (Tool::WebSearch, "web_search"),
];

/// The names of Kiro CLI 1.x (and Amazon Q Developer CLI), which its
/// matchers still accept.
const ALIASES: &[(&str, Tool)] = &[
    ("execute_bash", Tool::Bash),
    ("fs_read", Tool::Read),
    ("fs_write", Tool::Write),
];

/// Who Kiro CLI is.
const CARD: Card = Card {
    name: "kiro",
    title: "Kiro CLI",
    events: Event::EVENTS,
    tools: TOOLS,
    aliases: ALIASES,
    renames: &[],
    export: export::write,
    install: Ok(install::INSTALL),
    managed: Err("no managed hooks file of Kiro CLI's is documented"),
};

/// Kiro CLI's protocol.
pub(crate) struct Kiro;

impl Protocol for Kiro {
    fn card(&self) -> &'static Card {
        &CARD
    }

    fn reply(&self, event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        reply::encode(event.of(), answer, reply);
    }

    // No matcher (one names one tool, or a glob of them, per entry):
    // the binary filters.
    fn how_to_load(&self, dir: &str, name: &str) -> String {
        format!(
            "Kiro CLI loads agents from <project>/.kiro/agents/ and ~/.kiro/agents/: copy {dir}/{}/{name}.json there and run `kiro-cli chat --agent {name}`",
            export::AGENTS_DIR
        )
    }
}
