//! Built-in tool names: agents name the same tools differently (`Bash`,
//! `run_shell_command`, `bash`, `Shell`). Hooks see Claude Code's names on
//! every agent, so `matcher = "Bash"` means the shell everywhere; `export`
//! translates matchers back to each agent's names.

use super::Agent;

/// A built-in tool, by the name hooks know it by (Claude Code's). Each
/// agent's module lists its own names for those it has
/// ([`Protocol::tools`](super::protocol::Protocol::tools)) and any second
/// names ([`Protocol::tool_aliases`](super::protocol::Protocol::tool_aliases)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tool {
    Bash,
    Read,
    Write,
    Edit,
    Glob,
    Grep,
    WebFetch,
    WebSearch,
    LS,
}

impl Tool {
    /// Every built-in tool.
    pub(crate) const ALL: [Tool; 9] = [
        Tool::Bash,
        Tool::Read,
        Tool::Write,
        Tool::Edit,
        Tool::Glob,
        Tool::Grep,
        Tool::WebFetch,
        Tool::WebSearch,
        Tool::LS,
    ];

    /// The name hooks see (Claude Code's).
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Tool::Bash => "Bash",
            Tool::Read => "Read",
            Tool::Write => "Write",
            Tool::Edit => "Edit",
            Tool::Glob => "Glob",
            Tool::Grep => "Grep",
            Tool::WebFetch => "WebFetch",
            Tool::WebSearch => "WebSearch",
            Tool::LS => "LS",
        }
    }

    /// The tool hooks know as `name`.
    pub(crate) fn from_name(name: &str) -> Option<Tool> {
        Tool::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// Claude Code's table: every built-in tool under the name hooks know.
pub(crate) const HOOK_NAMES: &[(Tool, &str)] = &[
    (Tool::Bash, Tool::Bash.name()),
    (Tool::Read, Tool::Read.name()),
    (Tool::Write, Tool::Write.name()),
    (Tool::Edit, Tool::Edit.name()),
    (Tool::Glob, Tool::Glob.name()),
    (Tool::Grep, Tool::Grep.name()),
    (Tool::WebFetch, Tool::WebFetch.name()),
    (Tool::WebSearch, Tool::WebSearch.name()),
    (Tool::LS, Tool::LS.name()),
];

/// The name hooks see for a tool the agent calls `native`: Claude Code's
/// name of a built-in tool, or `native` itself (MCP and custom tools).
pub(crate) fn canonical(agent: Agent, native: &str) -> Option<&'static str> {
    let protocol = agent.protocol();
    protocol
        .tools()
        .iter()
        .find(|(_, name)| *name == native)
        .map(|(tool, _)| *tool)
        .or_else(|| {
            protocol
                .tool_aliases()
                .iter()
                .find(|(name, _)| *name == native)
                .map(|(_, tool)| *tool)
        })
        .map(Tool::name)
        .filter(|canonical| *canonical != native)
}

/// Every name the agent gives the tool hooks know as `canonical`: its
/// [`native`] name first, then its aliases; empty where it has no such tool.
pub(crate) fn natives(agent: Agent, canonical: &str) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = native(agent, canonical).into_iter().collect();
    names.extend(
        agent
            .protocol()
            .tool_aliases()
            .iter()
            .filter(|(_, tool)| tool.name() == canonical)
            .map(|(name, _)| *name),
    );
    names
}

/// The agent's name of a tool hooks know as `canonical`, if it differs.
pub(crate) fn native(agent: Agent, canonical: &str) -> Option<&'static str> {
    let tool = Tool::from_name(canonical)?;
    agent
        .protocol()
        .tools()
        .iter()
        .find(|(t, _)| *t == tool)
        .map(|(_, name)| *name)
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
        for agent in Agent::ALL {
            for (tool, name) in agent.protocol().tools() {
                let back = canonical(agent, name).unwrap_or(name);
                assert_eq!(back, tool.name(), "{agent} `{name}`");
                assert_eq!(native(agent, tool.name()), Some(*name), "{agent} {tool:?}");
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

    /// Every name an agent gives the shell (its tool table and aliases),
    /// and no other, is one the engine's permission rules read as a
    /// command line.
    #[test]
    fn the_engine_knows_every_name_of_the_shell() {
        let mut here: Vec<&str> = vec![Tool::Bash.name()];
        for agent in Agent::ALL {
            let protocol = agent.protocol();
            here.extend(
                protocol
                    .tools()
                    .iter()
                    .filter(|(tool, _)| *tool == Tool::Bash)
                    .map(|(_, name)| *name),
            );
            here.extend(
                protocol
                    .tool_aliases()
                    .iter()
                    .filter(|(_, tool)| *tool == Tool::Bash)
                    .map(|(name, _)| *name),
            );
        }
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
