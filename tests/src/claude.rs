//! Running an exported Claude Code hook the way Claude Code does.

use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

/// The program and arguments Claude Code starts for an exec-form command
/// hook (an entry with `args`): `${CLAUDE_PLUGIN_ROOT}` replaced by `root`
/// in `command` and in each of `args` as plain text, to be spawned without
/// a shell, with `CLAUDE_PLUGIN_ROOT` set (Claude Code 2.1.330's hook
/// runner).
///
/// Panics when the entry is not in exec form: a shell-form command would
/// have the folder's name read by a shell.
pub fn exec_form(entry: &Value, root: &Path) -> (String, Vec<String>) {
    let root = root.to_str().expect("a UTF-8 plugin folder");
    let fill = |text: &Value| {
        text.as_str()
            .unwrap_or_else(|| panic!("not a string: {text} in {entry}"))
            .replace("${CLAUDE_PLUGIN_ROOT}", root)
    };
    let args = entry["args"]
        .as_array()
        .unwrap_or_else(|| panic!("not an exec-form hook (no `args`): {entry}"));
    (fill(&entry["command"]), args.iter().map(fill).collect())
}

/// A Claude Code `PreToolUse` event from `cwd` for `rm -rf /`, which the
/// guard plugin refuses.
pub fn rm_rf(cwd: &Path) -> Value {
    json!({
        "session_id": "s1",
        "cwd": cwd,
        "transcript_path": "/dev/null",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "rm -rf /"},
        "tool_use_id": "t1",
    })
}

/// `claude` set up to run offline in the throwaway `home`, nothing but
/// `PATH` kept from this process's environment, stdin closed: the
/// updater, telemetry and error reports off; bypass mode allowed as root
/// (CI runs tests in containers as root, where Claude Code refuses it
/// outside a sandbox).
pub fn offline(claude: &Path, home: &Path) -> Command {
    let mut command = Command::new(claude);
    command
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
        .env("DISABLE_AUTOUPDATER", "1")
        .env("DISABLE_TELEMETRY", "1")
        .env("DISABLE_ERROR_REPORTING", "1")
        .env("IS_SANDBOX", "1")
        .stdin(Stdio::null());
    command
}
