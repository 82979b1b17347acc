//! VS Code's agent hooks (GitHub Copilot Chat's agent mode, Preview in
//! VS Code 1.110 and later): Claude Code's events and reply format, read
//! from `.github/hooks/*.json` in the workspace (and `~/.copilot/hooks`),
//! each command with `windows`, `linux` and `osx` overrides.
//!
//! Written from the VS Code docs (`docs/agents/reference/hooks-reference`
//! and `docs/agent-customization/hooks`, read 2026-11): VS Code is no
//! registry package and runs no agent headless, so there is no live test
//! (see the shipping guide). What differs from Claude Code:
//!
//! * The common fields are `timestamp`, `cwd`, `sessionId`,
//!   `hookEventName` and `transcript_path` (camelCase for the first two
//!   ids).
//! * Tools carry VS Code's own names (`run_in_terminal`, `read_file`,
//!   `create_file`, `replace_string_in_file`, ...; the docs' examples use
//!   the tool-reference names, `editFiles`, `runInTerminal`, read as the
//!   same tools).
//! * A hook entry's `matcher` is not applied (dropped when the file is
//!   parsed, microsoft/vscode#332988, 1.135), so every `PreToolUse`
//!   command sees every tool, and the binary filters.
//! * VS Code's maintainers mean to replace these hooks with the Copilot
//!   SDK's (the Agent Host); Copilot CLI's module speaks that format.
//! * `UserPromptSubmit` and `PreCompact` read only the common output: a
//!   refusal stops the session (`continue: false`), and added context is
//!   dropped (stderr says so).

pub(crate) mod export;

use super::claude::reply::{Block, Form};
use super::coverage::{CONTEXT_AT_START, PERMISSION_AT_TOOL, TURN_END, TURN_START};
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::Tool;

native_events! {
    /// VS Code's hook events (all of them).
    pub(crate) enum Event {
        SessionStart = "SessionStart" => [SessionStart, SystemPrompt ~ CONTEXT_AT_START],
        UserPromptSubmit = "UserPromptSubmit" => [TurnStart ~ TURN_START, UserPromptSubmit],
        PreToolUse = "PreToolUse" => [BeforeToolCall, PermissionRequest ~ PERMISSION_AT_TOOL],
        PostToolUse = "PostToolUse" => [AfterToolCall],
        PreCompact = "PreCompact" => [BeforeCompact],
        SubagentStart = "SubagentStart" => [SubagentStart],
        SubagentStop = "SubagentStop" => [SubagentStop],
        Stop = "Stop" => [TurnEnd ~ TURN_END, Stop],
    }
}

impl Event {
    /// How VS Code reads the reply to the event.
    fn form(self) -> Form {
        let other = |block, context| Form::Other {
            block,
            context,
            rewrites_output: false,
        };
        match self {
            Event::PreToolUse => Form::ToolDecision { strict: false },
            Event::PostToolUse => other(Block::TopLevel, true),
            Event::Stop | Event::SubagentStop => other(Block::TopLevel, false),
            Event::SessionStart | Event::SubagentStart => other(Block::ByExit, true),
            // The common output only: `continue: false` is the refusal.
            Event::UserPromptSubmit | Event::PreCompact => other(Block::ByStopping, false),
        }
    }
}

/// VS Code's built-in tools, as hooks name them.
const TOOLS: &[(Tool, &str)] = &[
    (Tool::Bash, "run_in_terminal"),
    (Tool::Read, "read_file"),
    (Tool::Write, "create_file"),
    (Tool::Edit, "replace_string_in_file"),
    (Tool::Glob, "file_search"),
    (Tool::Grep, "grep_search"),
    (Tool::WebFetch, "fetch_webpage"),
    (Tool::LS, "list_dir"),
];

/// The tool-reference names the docs use, and the other edit tools.
const ALIASES: &[(&str, Tool)] = &[
    ("runInTerminal", Tool::Bash),
    ("readFile", Tool::Read),
    ("createFile", Tool::Write),
    ("editFiles", Tool::Edit),
    ("multi_replace_string_in_file", Tool::Edit),
    ("insert_edit_into_file", Tool::Edit),
    ("fetch", Tool::WebFetch),
];

/// Who VS Code is.
const CARD: Card = Card {
    name: "vscode",
    title: "VS Code",
    events: Event::EVENTS,
    tools: TOOLS,
    aliases: ALIASES,
    // `sessionId` and `hookEventName` under Claude Code's names.
    renames: &[
        ("sessionId", "session_id"),
        ("hookEventName", "hook_event_name"),
    ],
    export: export::write,
    install: Err(
        "its hooks are a repository's `.github/hooks/`, which `export` writes in place: export into the repository's root",
    ),
    managed: Err("no managed hooks file of VS Code's is documented"),
};

/// VS Code's agent hooks.
pub(crate) struct VsCode;

impl Protocol for VsCode {
    fn card(&self) -> &'static Card {
        &CARD
    }

    fn reply(&self, event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        crate::claude::reply::encode(event, event.of::<Event>().form(), answer, reply);
    }

    // No matcher: VS Code does not apply one, so the binary filters.
    fn how_to_load(&self, dir: &str, _name: &str) -> String {
        format!(
            "VS Code reads .github/hooks/*.json of the workspace: export into the repository's root ({dir} is meant to be it), and turn on `chat.hooks.enabled` if your VS Code asks"
        )
    }
}

#[cfg(test)]
mod tests {
    use tackle::hook::{HookPoint, Verdict};

    use crate::Agent;
    use crate::claude::reply::{Output, PermissionDecision};
    use crate::hook::reply::encode;
    use crate::hook::reply::tests::{answer, deny, read};

    #[test]
    fn a_refusal_before_a_tool_is_claude_s_permission_decision() {
        let out = encode(
            Agent::VsCode,
            "PreToolUse",
            &deny(HookPoint::BeforeToolCall),
        );
        let read: Output = read(&out);
        let specific = read.hook_specific_output.expect("specific");
        assert_eq!(specific.permission_decision, Some(PermissionDecision::Deny));
        assert_eq!(specific.permission_decision_reason.as_deref(), Some("no"));
        assert_eq!(out.code, 0);
    }

    #[test]
    fn a_refused_prompt_stops_and_its_context_is_reported_dropped() {
        let out = encode(
            Agent::VsCode,
            "UserPromptSubmit",
            &deny(HookPoint::UserPromptSubmit),
        );
        let read: Output = read(&out);
        assert_eq!(
            (read.keep_going, read.stop_reason.as_deref()),
            (Some(false), Some("no"))
        );
        let mut context = answer(HookPoint::UserPromptSubmit, Verdict::Abstain, None);
        context.context.push("ctx".into());
        let out = encode(Agent::VsCode, "UserPromptSubmit", &context);
        assert_eq!(out.stdout, None);
        assert!(out.stderr[0].contains("added context"), "{out:?}");
    }

    #[test]
    fn session_ids_and_tool_names_read_as_claude_s() {
        let p = crate::hook::input::parse_named(
            Agent::VsCode,
            "PreToolUse",
            br#"{"sessionId":"s1","hookEventName":"PreToolUse","tool_name":"runInTerminal","tool_input":{"command":"ls"}}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["session_id"], "s1");
        assert_eq!(p.fields["tool_name"], "Bash");
        assert_eq!(p.session.metadata["native_tool_name"], "runInTerminal");
    }
}
