//! Where a command may run, and where it is running.

use std::fmt;

/// Where a command runs: inside the agent (a person typed `/review` in the
/// agent's prompt) or on the host (the host binary's `command` subcommand,
/// a terminal outside any agent session).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Surface {
    /// Inside the agent's session.
    Agent,
    /// On the host, outside the agent.
    Host,
}

impl Surface {
    /// `agent` or `host`.
    pub fn as_str(self) -> &'static str {
        match self {
            Surface::Agent => "agent",
            Surface::Host => "host",
        }
    }
}

impl fmt::Display for Surface {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a command may run (`#[command(surface = "...")]`, default `either`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CommandSurface {
    /// Only inside the agent.
    Agent,
    /// Only on the host.
    Host,
    /// Either.
    Either,
}

impl CommandSurface {
    /// Whether a command declared with this surface may run on `on`.
    pub fn allows(self, on: Surface) -> bool {
        matches!(
            (self, on),
            (CommandSurface::Either, _)
                | (CommandSurface::Agent, Surface::Agent)
                | (CommandSurface::Host, Surface::Host)
        )
    }

    /// `agent`, `host` or `either`, as written in `#[command]`.
    pub fn as_str(self) -> &'static str {
        match self {
            CommandSurface::Agent => "agent",
            CommandSurface::Host => "host",
            CommandSurface::Either => "either",
        }
    }
}

impl fmt::Display for CommandSurface {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn either_allows_both_and_the_others_their_own() {
        assert!(CommandSurface::Either.allows(Surface::Agent));
        assert!(CommandSurface::Either.allows(Surface::Host));
        assert!(CommandSurface::Agent.allows(Surface::Agent));
        assert!(!CommandSurface::Agent.allows(Surface::Host));
        assert!(CommandSurface::Host.allows(Surface::Host));
        assert!(!CommandSurface::Host.allows(Surface::Agent));
    }
}
