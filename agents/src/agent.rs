//! The agents tackle plugins run in, by name; each leads to its own
//! module through the one registry (`registry!` in `lib.rs`), by
//! [`Agent::protocol`].

use std::fmt;

/// The enum and its list, from the `registry!` in `lib.rs`.
macro_rules! agent_enum {
    ($( $(#[$doc:meta])* $variant:ident = $module:ident, )*) => {
        /// An agent tackle plugins run in.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Agent {
            $( $(#[$doc])* $variant, )*
        }

        /// How many agents there are.
        const COUNT: usize = [$(Agent::$variant),*].len();

        impl Agent {
            /// Every agent, in the order tables show them.
            pub const ALL: [Agent; COUNT] = [$(Agent::$variant),*];
        }
    };
}

registry!(agent_enum);

impl Agent {
    /// The name the command line takes (`claude`, `gemini`, ...).
    pub fn name(self) -> &'static str {
        self.protocol().name()
    }

    /// The product's own name.
    pub fn title(self) -> &'static str {
        self.protocol().title()
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
    pub fn uses_shim(self) -> bool {
        self.protocol().uses_shim()
    }

    /// Whether the agent's package carries the plugins' context files for
    /// the agent to read itself (SuperQode's `context_injectors`), so that
    /// the binary leaves them out of the system context it answers with.
    pub(crate) fn reads_context_files(self) -> bool {
        self.protocol().reads_context_files()
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
    fn each_agent_leads_to_its_own_protocol() {
        for agent in Agent::ALL {
            // The card's name is the variant's, in lower case.
            let variant = format!("{agent:?}").to_lowercase();
            assert_eq!(agent.protocol().card().name, variant);
            assert_eq!(Agent::from_name(agent.name()), Some(agent));
        }
    }

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
