//! Built-in tool names: agents name the same tools differently (`Bash`,
//! `run_shell_command`, `bash`, `Shell`). Hooks see Claude Code's names on
//! every agent, so `matcher = "Bash"` means the shell everywhere; `export`
//! translates matchers back to each agent's names.

use super::Agent;

/// Claude Code's name, then each agent's (Claude, Gemini, Codex, Copilot,
/// Kimi, OpenCode, Pi, SuperQode); `None` where the agent has no such tool.
/// SuperQode's are those of its default `core` harness (`read`, `write`,
/// `edit`, `bash`), and of its coding tool set for the rest.
#[rustfmt::skip]
const TOOLS: &[(&str, [Option<&str>; 8])] = &[
    ("Bash",      [Some("Bash"), Some("run_shell_command"), Some("Bash"), Some("bash"), Some("Shell"), Some("bash"), Some("bash"), Some("bash")]),
    ("Read",      [Some("Read"), Some("read_file"), None, Some("view"), Some("ReadFile"), Some("read"), Some("read"), Some("read")]),
    ("Write",     [Some("Write"), Some("write_file"), None, Some("create"), Some("WriteFile"), Some("write"), Some("write"), Some("write")]),
    ("Edit",      [Some("Edit"), Some("replace"), None, Some("edit"), Some("StrReplaceFile"), Some("edit"), Some("edit"), Some("edit")]),
    ("Glob",      [Some("Glob"), Some("glob"), None, Some("glob"), Some("Glob"), Some("glob"), Some("find"), Some("glob")]),
    ("Grep",      [Some("Grep"), Some("grep_search"), None, Some("grep"), Some("Grep"), Some("grep"), Some("grep"), Some("grep")]),
    ("WebFetch",  [Some("WebFetch"), Some("web_fetch"), None, Some("web_fetch"), Some("FetchURL"), Some("webfetch"), None, Some("web_fetch")]),
    ("WebSearch", [Some("WebSearch"), Some("google_web_search"), None, None, Some("SearchWeb"), Some("websearch"), None, Some("web_search")]),
    ("LS",        [Some("LS"), Some("list_directory"), None, None, None, Some("list"), Some("ls"), Some("list_directory")]),
];

/// Other names of a built-in tool, where an agent has two tools for one of
/// Claude Code's: SuperQode's coding tool set (`ToolRegistry.coding`) reads,
/// writes and edits with tools named otherwise than its `core` harness's;
/// Codex's hooks call every shell tool `Bash`, but its model calls them
/// `shell` (the command as its words), `local_shell` and `shell_command`
/// (openai/codex `codex-rs/core/src/tools/handlers/shell.rs`), the names
/// its transcripts and older hook payloads carry.
const ALIASES: &[(Agent, &str, &str)] = &[
    (Agent::Codex, "shell", "Bash"),
    (Agent::Codex, "local_shell", "Bash"),
    (Agent::Codex, "shell_command", "Bash"),
    (Agent::SuperQode, "read_file", "Read"),
    (Agent::SuperQode, "write_file", "Write"),
    (Agent::SuperQode, "create_file", "Write"),
    (Agent::SuperQode, "edit_file", "Edit"),
];

/// The name hooks see for a tool the agent calls `native`: Claude Code's
/// name of a built-in tool, or `native` itself (MCP and custom tools).
pub(crate) fn canonical(agent: Agent, native: &str) -> Option<&'static str> {
    TOOLS
        .iter()
        .find(|(_, names)| names[agent.index()] == Some(native))
        .map(|(canonical, _)| *canonical)
        .or_else(|| {
            ALIASES
                .iter()
                .find(|(a, name, _)| *a == agent && *name == native)
                .map(|(_, _, canonical)| *canonical)
        })
        .filter(|canonical| *canonical != native)
}

/// Every name the agent gives the tool hooks know as `canonical`: its
/// [`native`] name first, then its aliases; empty where it has no such tool.
pub(crate) fn natives(agent: Agent, canonical: &str) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = native(agent, canonical).into_iter().collect();
    names.extend(
        ALIASES
            .iter()
            .filter(|(a, _, c)| *a == agent && *c == canonical)
            .map(|(_, name, _)| *name),
    );
    names
}

/// The agent's name of a tool hooks know as `canonical`, if it differs.
pub(crate) fn native(agent: Agent, canonical: &str) -> Option<&'static str> {
    TOOLS
        .iter()
        .find(|(name, _)| *name == canonical)
        .and_then(|(_, names)| names[agent.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_go_both_ways() {
        assert_eq!(canonical(Agent::Gemini, "run_shell_command"), Some("Bash"));
        assert_eq!(native(Agent::Gemini, "Bash"), Some("run_shell_command"));
        assert_eq!(canonical(Agent::Claude, "Bash"), None, "already canonical");
        assert_eq!(canonical(Agent::Gemini, "mcp_srv_tool"), None);
        assert_eq!(canonical(Agent::SuperQode, "bash"), Some("Bash"));
        for (canonical_name, names) in TOOLS {
            for agent in Agent::ALL {
                if let Some(name) = names[agent.index()] {
                    let back = canonical(agent, name).unwrap_or(name);
                    assert_eq!(back, *canonical_name, "{agent} `{name}`");
                }
            }
        }
    }

    #[test]
    fn an_alias_reads_as_the_tool_and_is_listed_after_its_name() {
        assert_eq!(canonical(Agent::SuperQode, "read_file"), Some("Read"));
        assert_eq!(canonical(Agent::SuperQode, "read"), Some("Read"));
        assert_eq!(
            canonical(Agent::Claude, "read_file"),
            None,
            "SuperQode's only"
        );
        assert_eq!(
            natives(Agent::SuperQode, "Write"),
            ["write", "write_file", "create_file"]
        );
        assert_eq!(natives(Agent::Gemini, "Write"), ["write_file"]);
        assert!(natives(Agent::Codex, "Write").is_empty());
    }

    /// Every name this table gives the shell, and no other, is one the
    /// engine's permission rules read as a command line.
    #[test]
    fn the_engine_knows_every_name_of_the_shell() {
        let mut here: Vec<&str> = TOOLS
            .iter()
            .filter(|(canonical, _)| *canonical == "Bash")
            .flat_map(|(_, names)| names.iter().flatten().copied())
            .chain(
                ALIASES
                    .iter()
                    .filter(|(_, _, c)| *c == "Bash")
                    .map(|(_, a, _)| *a),
            )
            .collect();
        here.sort_unstable();
        here.dedup();
        let mut engine = tackle_host::permission::SHELL_TOOLS.to_vec();
        engine.sort_unstable();
        assert_eq!(here, engine);
    }

    #[test]
    fn codex_s_shell_tools_read_as_bash() {
        use tackle_host::permission::is_shell;
        for name in ["shell", "local_shell", "shell_command"] {
            assert_eq!(canonical(Agent::Codex, name), Some("Bash"), "{name}");
            assert!(is_shell(name), "{name}");
        }
        assert_eq!(canonical(Agent::Codex, "Bash"), None, "already canonical");
        assert_eq!(
            native(Agent::Codex, "Bash"),
            Some("Bash"),
            "hooks' matchers"
        );
        for name in ["Bash", "run_shell_command", "bash", "Shell"] {
            assert!(is_shell(name), "{name}");
        }
        assert!(!is_shell("Read") && !is_shell("shellcheck"));
    }
}
