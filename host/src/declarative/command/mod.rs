//! `{"type": "command"}` hooks: a shell command that speaks Claude Code's
//! hook protocol, run for an event of ours.
//!
//! This is the adapters' hook path ([`crate::agents`]) turned round: there
//! an agent runs tackle with its event on stdin; here tackle runs a
//! plugin's command with the event as Claude Code would send it, and reads
//! the command's answer as Claude Code would. A `hooks.json` written for
//! Claude Code works unchanged.
//!
//! # Running
//!
//! With `args` (Claude Code's exec form), `COMMAND` is the program, started
//! with those arguments and no shell; `${CLAUDE_PLUGIN_ROOT}`,
//! `${PLUGIN_ROOT}` and `${CLAUDE_PROJECT_DIR}` in the program and in each
//! argument are replaced by the folders as plain text, as Claude Code
//! does. Without, `/bin/sh -c COMMAND`, in the event's working directory (the plugin's
//! folder if that does not exist), in a process group of its own, with
//! `CLAUDE_PLUGIN_ROOT`, `PLUGIN_ROOT`, `TACKLE_PLUGIN_ROOT` (the plugin's
//! folder) and `CLAUDE_PROJECT_DIR` (the working directory) set. The
//! folder reaches the command only through those variables, which the
//! shell expands (`"${CLAUDE_PLUGIN_ROOT}/hook.sh"`), never pasted into its
//! text, so no folder name can change what runs; Claude Code 2.1.330 runs
//! a shell-form command hook the same way.
//! Past its timeout the whole group is killed. Each of stdout and stderr is
//! read up to [`MAX_OUTPUT_BYTES`]; past that the rest is read and dropped,
//! and the text says it was cut. A command that does not read its stdin is
//! fine. Blocking work happens on threads of its own, so the hook runs on
//! any tokio runtime with timers, the hook binary's included (which has no
//! I/O driver, so `tokio::process` is not an option).
//!
//! # Input (stdin)
//!
//! One JSON object and a newline: `hook_event_name` (Claude Code's name of
//! the point, else ours, such as `after_turn_complete`), `session_id`,
//! `cwd`, `transcript_path` when the host knows it, `permission_mode`,
//! `agent_id` and `agent_type` when the agent sent them, and the event's
//! fields under Claude Code's names: `tool_name`, `tool_input`,
//! `tool_use_id`, `tool_response`, `permission_suggestions`, `error`,
//! `is_interrupt`, `prompt`, `source`, `reason`, `trigger`, `message`,
//! `event` (a file change), `mcp_server_name`, ... Fields the event does not
//! have are left out. A point Claude Code has no event for gets our event's
//! JSON with the same common fields.
//!
//! # Output
//!
//! - **Exit 0**: stdout that starts with `{` is Claude Code's JSON reply:
//!   `continue: false` with `stopReason` (a refusal, except at `stop`,
//!   `subagent_stop` and `teammate_idle`, where stopping is what happens
//!   anyway), `decision` (`"block"` refuses, `"approve"` allows where
//!   allowing means something), `reason`, `systemMessage` (logged),
//!   `suppressOutput`, and `hookSpecificOutput` with `hookEventName`,
//!   `permissionDecision` (`allow`, `deny`, `ask`, `defer`),
//!   `permissionDecisionReason`, `updatedInput` (the tool's new
//!   arguments, whole), `updatedToolOutput` (a tool's new result, at
//!   `after_tool_call`), `additionalContext`, and `PermissionRequest`'s
//!   `decision: {behavior, updatedInput, message}`. Other stdout is added
//!   context at `UserPromptSubmit`, `UserPromptExpansion`, `SessionStart`
//!   and at points of ours that take context (`system_prompt`, ...), and
//!   ignored elsewhere. JSON that does not parse, or a field of the wrong
//!   type, is an error naming the field.
//! - **Exit 2** refuses, with stderr as the reason, at points that can
//!   refuse; elsewhere it is logged and the hook abstains.
//! - **Any other exit**, or death by a signal, is an error (the host fails
//!   open unless the hook fails closed).
//!
//! A `hookEventName` must name the event (Claude Code's name, ours, or an
//! alias). One [`Decision`](tackle::hook::Decision) carries one action, so
//! a reply with several keeps the strongest: deny, then ask, then a
//! rewrite, then allow (a rewrite with `allow` is kept as a rewrite, and
//! the call goes through the usual permission checks; `ask` with a rewrite
//! asks about the call as it was). At observer points the reply is read
//! and checked, and the hook abstains.
//!
//! Not handled here: `http`, `prompt` and `agent` handlers, `async` hooks,
//! the `statusMessage` spinner, showing `systemMessage` to the user (it is
//! logged), and `updatedMCPToolOutput`.

mod check;
mod input;
mod output;
mod process;
mod reply;
#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};
use std::time::Duration;

use tackle::hook::{HookCall, HookReturn};

pub(crate) use self::check::check;

/// The most of stdout, and of stderr, a command hook's answer is read from.
pub(crate) const MAX_OUTPUT_BYTES: usize = 1024 * 1024;

/// One `{"type": "command", ...}` handler.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandHook {
    /// The shell command line, run with `sh -c`; with `args`, the program.
    pub command: String,
    /// Claude Code's exec form: the program's arguments, no shell reading
    /// them or the program.
    pub args: Option<Vec<String>>,
    /// How long it may run before its process group is killed (Claude
    /// Code's `timeout`, in seconds, defaults to 60; OpenSage's to 30).
    pub timeout: Duration,
    /// The plugin's folder: `CLAUDE_PLUGIN_ROOT`, `PLUGIN_ROOT` and
    /// `TACKLE_PLUGIN_ROOT` in the command's environment.
    pub root: PathBuf,
    /// Where it was declared, for messages
    /// (`plugins/careful.json: PreToolUse[0].hooks[1]`).
    pub origin: String,
}

/// The variables that hold the plugin's folder in a command's environment.
pub(crate) const ROOT_VARIABLES: [&str; 3] =
    ["CLAUDE_PLUGIN_ROOT", "PLUGIN_ROOT", "TACKLE_PLUGIN_ROOT"];

impl CommandHook {
    /// An exec-form word with the placeholders filled in as plain text:
    /// `${CLAUDE_PLUGIN_ROOT}` and `${PLUGIN_ROOT}` by the plugin's folder,
    /// `${CLAUDE_PROJECT_DIR}` by `project`. No shell reads the result.
    pub(crate) fn fill(&self, word: &str, project: &Path) -> String {
        let root = self.root.to_string_lossy();
        word.replace("${CLAUDE_PLUGIN_ROOT}", &root)
            .replace("${PLUGIN_ROOT}", &root)
            .replace("${CLAUDE_PROJECT_DIR}", &project.to_string_lossy())
    }
}

/// Runs the command for the event of `call`, and reads its answer.
pub(crate) async fn run(hook: &CommandHook, call: HookCall<'_>) -> HookReturn {
    let event = call.dyn_event();
    let point = event.point();
    let mut stdin = serde_json::to_vec(&input::encode(event, call.session()))
        .map_err(|e| format!("cannot write the event for `{}`: {e}", hook.origin))?;
    stdin.push(b'\n');
    let cwd = working_dir(event.cwd(), &hook.root);
    let ran = process::execute(hook, &cwd, stdin, MAX_OUTPUT_BYTES).await?;
    output::decide(hook, point, &ran)
}

/// The event's working directory, or the plugin's folder when the event
/// has none that exists.
fn working_dir(cwd: &Path, root: &Path) -> PathBuf {
    if !cwd.as_os_str().is_empty() && cwd.is_dir() {
        cwd.to_path_buf()
    } else {
        root.to_path_buf()
    }
}
