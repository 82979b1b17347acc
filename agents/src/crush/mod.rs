//! Crush (`@charmland/crush`, Charm's agent): Claude Code-compatible
//! hooks in `crush.json`, of which Crush has one event, `PreToolUse`.
//!
//! Read in Crush's source (charmbracelet/crush at `37f36e9`, August 2026:
//! `internal/hooks/`, `internal/agent/hooked_tool.go`,
//! `internal/config/load.go`); the npm package (0.96.1) holds only a
//! launcher that downloads the Go binary from GitHub's releases.
//!
//! - The payload is `{event, session_id, cwd, tool_name, tool_input}`:
//!   the event's name under `event`, no tool-use id.
//! - The reply is Crush's own envelope or Claude Code's
//!   `hookSpecificOutput` (`permissionDecision` `allow`/`deny`, its
//!   reason, `updatedInput`, `additionalContext`): tackle writes Claude's.
//!   `allow` skips Crush's permission prompt; `updatedInput` is merged
//!   into the input key by key; the context is appended to the tool's
//!   result; exit code 2 refuses, 49 ends the turn.
//! - `ask` is not read (it is no opinion, and Crush's own permission flow
//!   decides, which `--yolo` or an allowed tool lets through): tackle
//!   refuses the call instead, saying what needed confirming.
//! - The matcher is a regex on the tool's name.

pub(crate) mod export;
pub(crate) mod install;
pub(crate) mod reply;

use super::Agent;
use super::coverage::PERMISSION_AT_TOOL;
use super::export::matcher::Filter;
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::Tool;

native_events! {
    /// Crush's hook events (all of them).
    pub(crate) enum Event {
        PreToolUse = "PreToolUse" => [BeforeToolCall, PermissionRequest ~ PERMISSION_AT_TOOL],
    }
}

/// Crush's built-in tools (`internal/agent/tools`).
const TOOLS: &[(Tool, &str)] = &[
    (Tool::Bash, "bash"),
    (Tool::Read, "view"),
    (Tool::Write, "write"),
    (Tool::Edit, "edit"),
    (Tool::Glob, "glob"),
    (Tool::Grep, "grep"),
    (Tool::WebFetch, "fetch"),
    (Tool::WebSearch, "web_search"),
    (Tool::LS, "ls"),
];

/// Crush's second names: its many-edit tool, and the fetch its agent uses.
const ALIASES: &[(&str, Tool)] = &[("multiedit", Tool::Edit), ("web_fetch", Tool::WebFetch)];

/// Who Crush is.
const CARD: Card = Card {
    name: "crush",
    title: "Crush",
    events: Event::EVENTS,
    tools: TOOLS,
    aliases: ALIASES,
    renames: &[],
    export: export::write,
    install: Ok(install::INSTALL),
    managed: Err(
        "its system config (/etc/crush/crush.json) is merged with the user's and the project's, and nothing documents that a user cannot switch its hooks off",
    ),
};

/// Crush's protocol.
pub(crate) struct Crush;

impl Protocol for Crush {
    fn card(&self) -> &'static Card {
        &CARD
    }

    fn reply(&self, _event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        reply::before_tool(answer, reply);
    }

    /// Crush tests the matcher as a regex on the tool's name: the
    /// anchored alternatives of its names.
    fn matcher(&self, filter: &Filter) -> Option<String> {
        filter.anchored_regex(Agent::Crush)
    }

    fn how_to_load(&self, dir: &str, _name: &str) -> String {
        format!(
            "copy `hooks` of {dir}/crush.json into your project's crush.json (or ~/.config/crush/crush.json), or run `install crush`"
        )
    }
}
