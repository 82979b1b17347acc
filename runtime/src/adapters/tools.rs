//! Built-in tool names: agents name the same tools differently (`Bash`,
//! `run_shell_command`, `bash`, `Shell`). Hooks see Claude Code's names on
//! every agent, so `matcher = "Bash"` means the shell everywhere; `export`
//! translates matchers back to each agent's names.

use super::Agent;

/// Claude Code's name, then each agent's (Claude, Gemini, Codex, Copilot,
/// Kimi, OpenCode, Pi); `None` where the agent has no such tool.
#[rustfmt::skip]
const TOOLS: &[(&str, [Option<&str>; 7])] = &[
    ("Bash",      [Some("Bash"), Some("run_shell_command"), Some("Bash"), Some("bash"), Some("Shell"), Some("bash"), Some("bash")]),
    ("Read",      [Some("Read"), Some("read_file"), None, Some("view"), Some("ReadFile"), Some("read"), Some("read")]),
    ("Write",     [Some("Write"), Some("write_file"), None, Some("create"), Some("WriteFile"), Some("write"), Some("write")]),
    ("Edit",      [Some("Edit"), Some("replace"), None, Some("edit"), Some("StrReplaceFile"), Some("edit"), Some("edit")]),
    ("Glob",      [Some("Glob"), Some("glob"), None, Some("glob"), Some("Glob"), Some("glob"), Some("find")]),
    ("Grep",      [Some("Grep"), Some("grep_search"), None, Some("grep"), Some("Grep"), Some("grep"), Some("grep")]),
    ("WebFetch",  [Some("WebFetch"), Some("web_fetch"), None, Some("web_fetch"), Some("FetchURL"), Some("webfetch"), None]),
    ("WebSearch", [Some("WebSearch"), Some("google_web_search"), None, None, Some("SearchWeb"), Some("websearch"), None]),
    ("LS",        [Some("LS"), Some("list_directory"), None, None, None, Some("list"), Some("ls")]),
];

/// The name hooks see for a tool the agent calls `native`: Claude Code's
/// name of a built-in tool, or `native` itself (MCP and custom tools).
pub(crate) fn canonical(agent: Agent, native: &str) -> Option<&'static str> {
    TOOLS
        .iter()
        .find(|(_, names)| names[agent.index()] == Some(native))
        .map(|(canonical, _)| *canonical)
        .filter(|canonical| *canonical != native)
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
        for (canonical_name, names) in TOOLS {
            for agent in Agent::ALL {
                if let Some(name) = names[agent.index()] {
                    let back = canonical(agent, name).unwrap_or(name);
                    assert_eq!(back, *canonical_name, "{agent} `{name}`");
                }
            }
        }
    }
}
