//! Windsurf's Cascade hooks: `.windsurf/hooks.json` of the workspace (or
//! `~/.codeium/windsurf/hooks.json`, or the system's), `{"hooks":
//! {action: [{command, show_output}]}}`, one JSON payload on stdin:
//! `agent_action_name`, `trajectory_id`, `execution_id`, `timestamp` and
//! the action's `tool_info`.
//!
//! Written from Windsurf's docs (docs.windsurf.com `windsurf/cascade/hooks`,
//! read 2026-11): Windsurf is an editor from windsurf.com, on no registry,
//! so there is no live test (see the shipping guide).
//!
//! * Each kind of tool has its own pair of actions: `pre_`/`post_`
//!   `read_code`, `write_code`, `run_command` and `mcp_tool_use`. tackle
//!   registers the binary under all four with one event of its own,
//!   `pre_tool` (and `post_tool`), and reads the kind of call from what
//!   its `tool_info` holds (`agent_action_name` is kept as metadata):
//!   hooks see a tool call named after the action (`run_command` is the
//!   shell, with `command` and `cwd`; `read_code` and `write_code` carry
//!   `file_path`, and `edits`), or the MCP tool by its name and
//!   arguments.
//! * A pre-hook refuses with exit code 2, the reason on stderr (shown to
//!   the user); that is all a hook can say. A rewrite, added context and
//!   anything at a post-hook are dropped, with a note on stderr; an `ask`
//!   is answered with a refusal (Cascade would run the call unasked).

pub(crate) mod export;
pub(crate) mod install;
pub(crate) mod reply;

use serde_json::{Map, Value};

use super::coverage::{PERMISSION_AT_TOOL, TURN_START};
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::Tool;

native_events! {
    /// Windsurf's hooks as tackle registers them: `pre_tool` and
    /// `post_tool` are tackle's names for the four pre- and post-tool
    /// actions (see [`Event::actions`]).
    pub(crate) enum Event {
        PreUserPrompt = "pre_user_prompt" => [TurnStart ~ TURN_START, UserPromptSubmit],
        PreTool = "pre_tool" => [BeforeToolCall, PermissionRequest ~ PERMISSION_AT_TOOL],
        PostTool = "post_tool" => [AfterToolCall],
        PostCascadeResponse = "post_cascade_response" => [TurnEnd],
    }
}

impl Event {
    /// The hooks file's keys the event is registered under.
    pub(crate) fn actions(self) -> &'static [&'static str] {
        match self {
            Event::PreTool => &[
                "pre_read_code",
                "pre_write_code",
                "pre_run_command",
                "pre_mcp_tool_use",
            ],
            Event::PostTool => &[
                "post_read_code",
                "post_write_code",
                "post_run_command",
                "post_mcp_tool_use",
            ],
            Event::PreUserPrompt => &["pre_user_prompt"],
            Event::PostCascadeResponse => &["post_cascade_response"],
        }
    }
}

/// The shell, as hooks see `run_command`.
const SHELL: &str = "run_command";

/// The actions' tools (`write_code` creates and edits files).
const TOOLS: &[(Tool, &str)] = &[
    (Tool::Bash, SHELL),
    (Tool::Read, "read_code"),
    (Tool::Edit, "write_code"),
];

/// Who Windsurf is.
const CARD: Card = Card {
    name: "windsurf",
    title: "Windsurf",
    events: Event::EVENTS,
    tools: TOOLS,
    aliases: &[],
    renames: &[
        ("trajectory_id", "session_id"),
        ("agent_action_name", "hook_event_name"),
    ],
    export: export::write,
    install: Ok(install::INSTALL),
    managed: Err(
        "its system hooks.json (/etc/windsurf/hooks.json) is merged with the user's, and no lock of them is documented",
    ),
};

/// Windsurf's protocol.
pub(crate) struct Windsurf;

impl Protocol for Windsurf {
    fn card(&self) -> &'static Card {
        &CARD
    }

    /// The trajectory as the session, and `tool_info` as the tool call,
    /// prompt or response its action carries.
    fn read(&self, fields: &mut Map<String, Value>) -> Result<(), String> {
        let Some(Value::Object(info)) = fields.get("tool_info").cloned() else {
            return Ok(());
        };
        let text = |key: &str| info.get(key).cloned();
        // The action's kind: its name (`pre_write_code` is a write, whatever
        // its `tool_info` lacks, so a write guard sees it); else, for a name
        // this module does not know, what its `tool_info` holds.
        let named = fields
            .get("hook_event_name")
            .and_then(Value::as_str)
            .map(|a| a.trim_start_matches("pre_").trim_start_matches("post_"))
            .and_then(|a| KINDS.iter().find(|k| **k == a).copied());
        let has = |key: &str| info.contains_key(key);
        let kind = if let Some(kind) = named {
            kind
        } else if has("command_line") {
            "run_command"
        } else if has("mcp_tool_name") {
            "mcp_tool_use"
        } else if has("edits") {
            "write_code"
        } else if has("file_path") {
            "read_code"
        } else if has("user_prompt") {
            "user_prompt"
        } else if has("response") {
            "cascade_response"
        } else {
            ""
        };
        let (name, input) = match kind {
            // A command to run, or no tool call at all (bad input).
            "run_command" if has("command_line") => {
                let mut input = Map::new();
                for (from, to) in [("command_line", "command"), ("cwd", "cwd")] {
                    if let Some(value) = text(from) {
                        input.insert(to.into(), value);
                    }
                }
                (
                    Some(Value::String(SHELL.into())),
                    Some(Value::Object(input)),
                )
            }
            "read_code" | "write_code" => (
                Some(Value::String(kind.into())),
                Some(Value::Object(info.clone())),
            ),
            "mcp_tool_use" => (text("mcp_tool_name"), text("mcp_tool_arguments")),
            "user_prompt" => {
                if let Some(prompt) = text("user_prompt") {
                    fields.entry("prompt").or_insert(prompt);
                }
                (None, None)
            }
            "cascade_response" => {
                if let Some(response) = text("response") {
                    fields.entry("last_assistant_message").or_insert(response);
                }
                (None, None)
            }
            _ => (None, None),
        };
        if let Some(name) = name {
            fields.entry("tool_name").or_insert(name);
        }
        if let Some(input) = input {
            fields.entry("tool_input").or_insert(input);
        }
        if let Some(cwd) = text("cwd") {
            fields.entry("cwd").or_insert(cwd);
        }
        // A result where the action has one (`mcp_result`); the others
        // report none after the tool (and none is read before it).
        if let Some(result) = text("mcp_result") {
            fields.entry("tool_response").or_insert(result);
        } else if fields.contains_key("tool_name") {
            fields.entry("tool_response").or_insert(Value::Null);
        }
        Ok(())
    }

    fn reply(&self, event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        reply::encode(event.of(), answer, reply);
    }

    // No matcher: Windsurf has none, so the binary filters.
    fn how_to_load(&self, dir: &str, _name: &str) -> String {
        format!(
            "Windsurf reads <workspace>/.windsurf/hooks.json and ~/.codeium/windsurf/hooks.json: copy {dir}/{} there (or merge its `hooks` into yours)",
            export::HOOKS_FILE
        )
    }
}

/// The kinds of action, as Windsurf names them after `pre_`/`post_`.
const KINDS: &[&str] = &[
    "run_command",
    "mcp_tool_use",
    "write_code",
    "read_code",
    "user_prompt",
    "cascade_response",
];

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::Agent;

    #[test]
    fn the_action_s_name_says_its_kind() {
        // A write whose `tool_info` lacks `edits` is still a write.
        let p = crate::hook::input::parse_named(
            Agent::Windsurf,
            "pre_tool",
            br#"{"agent_action_name":"pre_write_code","tool_info":{"file_path":"/p/a.rs"}}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["tool_name"], "Edit");
        // An action name it does not know: told by the keys.
        let p = crate::hook::input::parse_named(
            Agent::Windsurf,
            "pre_tool",
            br#"{"agent_action_name":"pre_something_new","tool_info":{"file_path":"/p/a.rs"}}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["tool_name"], "Read");
    }

    #[test]
    fn each_action_reads_as_its_tool_call() {
        let p = crate::hook::input::parse_named(
            Agent::Windsurf,
            "pre_tool",
            br#"{"agent_action_name":"pre_run_command","trajectory_id":"t1","execution_id":"e1",
                "tool_info":{"command_line":"ls -la","cwd":"/p"}}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["tool_name"], "Bash");
        assert_eq!(
            p.fields["tool_input"],
            json!({"command": "ls -la", "cwd": "/p"})
        );
        assert_eq!(p.fields["session_id"], "t1");
        assert_eq!(p.fields["cwd"], "/p");
        let p = crate::hook::input::parse_named(
            Agent::Windsurf,
            "pre_tool",
            br#"{"agent_action_name":"pre_mcp_tool_use","tool_info":{"mcp_server_name":"gh",
                "mcp_tool_name":"create_issue","mcp_tool_arguments":{"title":"x"}}}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["tool_name"], "create_issue");
        assert_eq!(p.fields["tool_input"], json!({"title": "x"}));
        let p = crate::hook::input::parse_named(
            Agent::Windsurf,
            "pre_user_prompt",
            br#"{"agent_action_name":"pre_user_prompt","tool_info":{"user_prompt":"hi"}}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["prompt"], "hi");
    }

    #[test]
    fn an_action_without_its_tool_info_carries_no_tool() {
        let p = crate::hook::input::parse_named(
            Agent::Windsurf,
            "pre_tool",
            br#"{"agent_action_name":"pre_run_command"}"#,
        )
        .expect("reads");
        assert!(p.fields.get("tool_name").is_none());
    }
}
