//! Factory Droid (`@factory/cli` 0.225): hooks in Claude Code's shape
//! and reply format, from a plugin's `hooks/hooks.json` or
//! `.factory/settings.json`, with Droid's own tool names (`Execute`,
//! `Read`, `Create`, ...), timeouts in seconds (60 by default).
//!
//! What differs from Claude Code, read from the shipped binary:
//!
//! - Before a tool, Droid reads `hookSpecificOutput.permissionDecision`
//!   (`allow` skips its confirmation, `deny` refuses) and merges
//!   `updatedInput` into the call's input, with or without a decision. It
//!   reads no top-level `decision` there, does nothing with `ask`, and
//!   adds no context there.
//! - `ask` is therefore answered with a refusal, and stderr says why:
//!   Droid's own permission flow may run the call without asking anyone
//!   (`droid exec --auto high`, `--skip-permissions-unsafe`), so leaving an
//!   `ask` to it could run what a hook wanted a person to confirm.
//! - Exit code 3 aborts Droid's whole run; tackle never exits with it.
//! - The payload has no tool-use id.
//!
//! The events beyond `PreToolUse` are read as Claude Code reads them
//! ([`crate::claude::reply`]).

pub(crate) mod export;
pub(crate) mod install;
pub(crate) mod managed;
pub(crate) mod reply;

use super::Agent;
use super::claude;
use super::coverage::{CONTEXT_AT_START, PERMISSION_AT_TOOL, TURN_END, TURN_START};
use super::export::matcher::Filter;
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::Tool;

native_events! {
    /// Factory Droid's hook events (all of them).
    pub(crate) enum Event {
        SessionStart = "SessionStart" => [SessionStart, SystemPrompt ~ CONTEXT_AT_START],
        SessionEnd = "SessionEnd" => [SessionEnd],
        UserPromptSubmit = "UserPromptSubmit" => [TurnStart ~ TURN_START, UserPromptSubmit],
        Stop = "Stop" => [TurnEnd ~ TURN_END, Stop],
        PreToolUse = "PreToolUse" => [BeforeToolCall, PermissionRequest ~ PERMISSION_AT_TOOL],
        PostToolUse = "PostToolUse" => [AfterToolCall],
        SubagentStop = "SubagentStop" => [SubagentStop],
        PreCompact = "PreCompact" => [BeforeCompact],
        Notification = "Notification" => [Notification],
    }
}

/// Factory Droid's built-in tools. `ApplyPatch`, which GPT-style models
/// get instead of `Create` and `Edit`, has no counterpart among the
/// tools hooks know by name.
const TOOLS: &[(Tool, &str)] = &[
    (Tool::Bash, "Execute"),
    (Tool::Read, "Read"),
    (Tool::Write, "Create"),
    (Tool::Edit, "Edit"),
    (Tool::Glob, "Glob"),
    (Tool::Grep, "Grep"),
    (Tool::WebFetch, "FetchUrl"),
    (Tool::WebSearch, "WebSearch"),
    (Tool::LS, "LS"),
];

/// Who Factory Droid is.
const CARD: Card = Card {
    name: "droid",
    title: "Factory Droid",
    events: Event::EVENTS,
    tools: TOOLS,
    aliases: &[],
    renames: &[],
    export: export::write,
    install: Ok(install::INSTALL),
    managed: Ok(managed::POLICY),
};

/// Factory Droid's protocol.
pub(crate) struct Droid;

impl Protocol for Droid {
    fn card(&self) -> &'static Card {
        &CARD
    }

    /// `PreToolUse` by Droid's own rules ([`reply`]); the other events as
    /// Claude Code reads them (its `Stop` hook, for one, reads `decision:
    /// "block"` and exit code 2), with no new tool result.
    fn reply(&self, event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        match event.of::<Event>() {
            Event::PreToolUse => reply::before_tool(answer, reply),
            _ => claude::encode_other(event, answer, reply),
        }
    }

    /// Droid matches a matcher exactly or, failing that, as an unanchored
    /// regex: the anchored alternatives of its names.
    fn matcher(&self, filter: &Filter) -> Option<String> {
        filter.anchored_regex(Agent::Droid)
    }

    /// Droid 0.225.2 installs a plugin only from a marketplace; a local
    /// one is a folder whose `.factory-plugin/marketplace.json` lists the
    /// plugin by a path relative to it (an absolute `source` is "Could not
    /// locate plugin in marketplace"), and is named after the folder, not
    /// the file's `name` (read live: `live_droid.rs` installs this way).
    fn how_to_load(&self, dir: &str, name: &str) -> String {
        format!(
            "Droid installs plugins from a marketplace: in the folder holding {dir} (MARKET), write .factory-plugin/marketplace.json as {{\"name\": \"MARKET\", \"owner\": {{\"name\": \"you\"}}, \"plugins\": [{{\"name\": \"{name}\", \"source\": \"./FOLDER\"}}]}} (FOLDER: {dir}'s name), then run `droid plugin marketplace add MARKET` and `droid plugin install {name}@MARKET`, MARKET being the folder's name"
        )
    }
}
