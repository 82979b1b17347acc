//! Asking for a subagent run: the options and what can go wrong.

use crate::subagent::RunError;
use crate::{Origin, Problem};

/// Who is asking for a subagent run, besides the plugin itself.
///
/// ```
/// use tackle::Origin;
/// use tackle::subagent::SpawnOptions;
///
/// let options = SpawnOptions::new()
///     .parent_session("session-7")
///     .origin(Origin::new("telegram:42"));
/// assert_eq!(options.origin_id(), Some(&Origin::new("telegram:42")));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SpawnOptions {
    parent_session: Option<String>,
    origin: Option<Origin>,
    prompt: Option<String>,
}

impl SpawnOptions {
    /// No parent session, and the plugin's own origin, `plugin:<id>`
    /// ([`Origin::plugin`]), which holds only what the host config gives it.
    pub fn new() -> Self {
        SpawnOptions::default()
    }

    /// The session the run is spawned from.
    #[must_use]
    pub fn parent_session(mut self, id: impl Into<String>) -> Self {
        self.parent_session = Some(id.into());
        self
    }

    /// Where the request came from; the run inherits the role the host
    /// gives this origin (never one the plugin names).
    #[must_use]
    pub fn origin(mut self, origin: Origin) -> Self {
        self.origin = Some(origin);
        self
    }

    /// An instruction for the run beside its payload (a prompt-kind cron
    /// job's prompt); the bridge receives it as [`SubagentRun::prompt`](super::SubagentRun::prompt).
    #[must_use]
    pub fn prompt(mut self, text: impl Into<String>) -> Self {
        self.prompt = Some(text.into());
        self
    }

    /// The instruction, if set.
    pub fn prompt_text(&self) -> Option<&str> {
        self.prompt.as_deref()
    }

    /// The parent session, if set.
    pub fn parent_session_id(&self) -> Option<&str> {
        self.parent_session.as_deref()
    }

    /// The origin, if set.
    pub fn origin_id(&self) -> Option<&Origin> {
        self.origin.as_ref()
    }
}

/// Why a subagent could not be run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpawnError {
    /// The plugin declares no subagent of that name.
    #[error("plugin `{plugin}` has no subagent `{name}`{}; declared: {}", hint(suggestion.as_deref()), list(known))]
    UnknownSubagent {
        /// The plugin.
        plugin: &'static str,
        /// The name asked for.
        name: String,
        /// The nearest declared name, if close.
        suggestion: Option<String>,
        /// Every declared name.
        known: Vec<&'static str>,
    },
    /// The host has no plugin of that id (`Host::spawn_subagent`).
    #[error("no plugin `{plugin}` is linked{}", hint(suggestion.as_deref()))]
    UnknownPlugin {
        /// The id asked for.
        plugin: String,
        /// The nearest linked id, if close.
        suggestion: Option<String>,
    },
    /// The payload does not match the subagent's payload schema.
    #[error("the payload of subagent `{plugin}:{subagent}` does not match its schema: {}", problems.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    Payload {
        /// The plugin.
        plugin: &'static str,
        /// The subagent.
        subagent: &'static str,
        /// Every problem, with its JSON path.
        problems: Vec<Problem>,
    },
    /// The host has no bridge to run subagents
    /// (`HostBuilder::subagent_bridge` was not called).
    #[error(
        "cannot run subagent `{plugin}:{subagent}`: the host has no subagent bridge; give one with `HostBuilder::subagent_bridge`"
    )]
    NoBridge {
        /// The plugin.
        plugin: &'static str,
        /// The subagent.
        subagent: &'static str,
    },
    /// The plugin context was not built by a host (a test built it by hand).
    #[error("plugin `{plugin}` is not running in a host, so it cannot reach host services")]
    NoHost {
        /// The plugin.
        plugin: &'static str,
    },
    /// The host's bridge failed the run.
    #[error("subagent `{plugin}:{subagent}` failed: {error}")]
    Run {
        /// The plugin.
        plugin: &'static str,
        /// The subagent.
        subagent: &'static str,
        /// What the bridge said.
        error: RunError,
    },
    /// The run stopped before it finished (the host's bridge dropped it, or
    /// it panicked).
    #[error("subagent `{plugin}:{subagent}` stopped before it finished: {reason}")]
    Aborted {
        /// The plugin.
        plugin: &'static str,
        /// The subagent.
        subagent: &'static str,
        /// Why.
        reason: String,
    },
}

fn hint(suggestion: Option<&str>) -> String {
    suggestion.map_or_else(String::new, |s| format!("; did you mean `{s}`?"))
}

fn list(names: &[&str]) -> String {
    if names.is_empty() {
        return "none".to_owned();
    }
    tackle_spec::listing::backticked(names)
}
