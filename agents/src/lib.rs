//! The real agents: one binary as the hook handler of each
//! ([`hook`](crate::cli) on the command line), the table of what each agent
//! can deliver ([`coverage`]), and the plugin packages `export` writes.
//!
//! Claude Code, Gemini CLI, Codex, Copilot CLI and Kimi CLI start the binary
//! once per event with the event's JSON on stdin and read the reply from its
//! stdout and exit code, each by its own rules. OpenCode and Pi load a small
//! generated JS/TS shim that does the same, and SuperQode a generated Python
//! plugin whose tools, too, run through the binary.

pub mod coverage;
pub mod export;
pub mod hook;
pub mod replay;
pub mod tools;

use std::fmt;

/// An agent tackle plugins run in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Agent {
    /// Claude Code.
    Claude,
    /// Gemini CLI.
    Gemini,
    /// OpenAI Codex CLI.
    Codex,
    /// GitHub Copilot CLI.
    Copilot,
    /// Kimi CLI.
    Kimi,
    /// OpenCode, through a generated JS plugin.
    OpenCode,
    /// Pi, through a generated TS extension.
    Pi,
    /// SuperQode, through a generated Python plugin (tools and hooks).
    SuperQode,
}

impl Agent {
    /// Every agent, in the order tables show them.
    pub const ALL: [Agent; 8] = [
        Agent::Claude,
        Agent::Gemini,
        Agent::Codex,
        Agent::Copilot,
        Agent::Kimi,
        Agent::OpenCode,
        Agent::Pi,
        Agent::SuperQode,
    ];

    /// The name the command line takes (`claude`, `gemini`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Agent::Claude => "claude",
            Agent::Gemini => "gemini",
            Agent::Codex => "codex",
            Agent::Copilot => "copilot",
            Agent::Kimi => "kimi",
            Agent::OpenCode => "opencode",
            Agent::Pi => "pi",
            Agent::SuperQode => "superqode",
        }
    }

    /// The product's own name.
    pub const fn title(self) -> &'static str {
        match self {
            Agent::Claude => "Claude Code",
            Agent::Gemini => "Gemini CLI",
            Agent::Codex => "Codex",
            Agent::Copilot => "Copilot CLI",
            Agent::Kimi => "Kimi CLI",
            Agent::OpenCode => "OpenCode",
            Agent::Pi => "Pi",
            Agent::SuperQode => "SuperQode",
        }
    }

    /// The agent with this command-line name.
    pub fn from_name(name: &str) -> Option<Agent> {
        Agent::ALL.into_iter().find(|a| a.name() == name)
    }

    /// The agent with this command-line name, or a message for the user:
    /// unknown agent `x`; did you mean ...; agents: ...
    pub fn parse(name: &str) -> Result<Agent, String> {
        Agent::from_name(name).ok_or_else(|| {
            format!(
                "unknown agent `{name}`{}; agents: {}",
                tackle_host::suggest::did_you_mean(name, &Agent::ALL.map(Agent::name)),
                agent_names()
            )
        })
    }

    /// Whether the agent runs the binary through a generated shim (and so
    /// speaks tackle's own reply format) rather than its own hook protocol.
    pub const fn uses_shim(self) -> bool {
        matches!(self, Agent::OpenCode | Agent::Pi | Agent::SuperQode)
    }

    /// Whether the agent's package carries the plugins' context files for
    /// the agent to read itself (SuperQode's `context_injectors`), so that
    /// the binary leaves them out of the system context it answers with.
    pub(crate) const fn reads_context_files(self) -> bool {
        matches!(self, Agent::SuperQode)
    }

    /// Its position in [`Agent::ALL`].
    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The command-line names of the agents, for messages.
pub(crate) fn agent_names() -> String {
    Agent::ALL.map(Agent::name).join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_names_the_unknown_agent_with_a_suggestion_and_the_list() {
        assert_eq!(Agent::parse("pi"), Ok(Agent::Pi));
        let err = Agent::parse("claud").expect_err("unknown");
        assert!(err.starts_with("unknown agent `claud`"), "{err}");
        assert!(
            err.contains("did you mean") && err.contains("`claude`"),
            "{err}"
        );
        assert!(
            err.ends_with(&format!("agents: {}", agent_names())),
            "{err}"
        );
    }
}
