//! What tackle knows of one agent's protocol, as one trait every agent's
//! module implements; the registry (`registry!` in `lib.rs`, by
//! [`Agent::protocol`](crate::Agent::protocol)) is the one place that
//! goes from an [`Agent`](crate::Agent) to its module.

use std::time::Duration;

use serde_json::{Map, Value};
use tackle::hook::{HookPoint, SessionInfo};

use super::coverage::Delivery;
use super::export::ExportError;
use super::export::matcher::Filter;
use super::export::package::Package;
use super::export::write::Out;
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::install::managed::Policy;
use super::install::targets::Install;
use super::native_event::NativeEvent;
use super::tools::Tool;

/// Who an agent is: the facts its protocol is known by, one constant in
/// its module.
pub(crate) struct Card {
    /// The name the command line takes (`claude`, `gemini`, ...).
    pub(crate) name: &'static str,
    /// The product's own name.
    pub(crate) title: &'static str,
    /// Its native events (its event enum's `EVENTS`): their wire names,
    /// which [`NativeEvent`] parses by, and its column of the coverage
    /// table.
    pub(crate) events: Events,
    /// The agent's names of the built-in tools it has, as hooks know them.
    pub(crate) tools: &'static [(Tool, &'static str)],
    /// Other names the agent gives a built-in tool, after its own.
    pub(crate) aliases: &'static [(&'static str, Tool)],
    /// Its payload's keys that tackle's events read under another name
    /// (`from`, `to`), renamed before [`Protocol::read`] reads the rest.
    pub(crate) renames: &'static [(&'static str, &'static str)],
    /// Writes its package (its `export::write`); returns what the user
    /// should know.
    pub(crate) export: fn(&Package<'_>, &mut Out) -> Result<Vec<String>, ExportError>,
    /// How `install` puts the package where the agent reads it, for the
    /// user or a project; `Err(why)` where it does not (the user is told
    /// to export the package and load it as the export's note says).
    pub(crate) install: Result<Install, &'static str>,
    /// Its managed policy: where `install --managed` puts the package's
    /// hooks for every user of the machine, so that none can switch them
    /// off; `Err(why)` where the agent has no such file.
    pub(crate) managed: Result<Policy, &'static str>,
}

/// An agent's native events as its card holds them, both from its enum
/// ([`native_events!`](crate::native_event::native_events) makes it
/// `Event::EVENTS`).
#[derive(Clone, Copy)]
pub(crate) struct Events {
    /// Their wire names, in the order declared, which [`NativeEvent`]
    /// parses by.
    pub(crate) names: &'static [&'static str],
    /// The agent's column of the [coverage table](crate::coverage).
    pub(crate) column: fn() -> &'static [(HookPoint, Delivery)],
}

/// One agent's protocol: its names, its built-in tools, how its hook
/// payloads are read and answered, and its package.
///
/// Its native events are an enum of the module's own (made by
/// [`native_events!`](crate::native_event::native_events)), which the
/// [coverage table](super::coverage) is built from; the methods here take
/// one as a [`NativeEvent`], parsed once where the event came in, which
/// the module reads back as its enum ([`NativeEvent::of`]).
pub(crate) trait Protocol: Sync {
    /// Who the agent is: its names, its events, its tools.
    fn card(&self) -> &'static Card;

    /// The name the command line takes (`claude`, `gemini`, ...).
    fn name(&self) -> &'static str {
        self.card().name
    }

    /// The product's own name.
    fn title(&self) -> &'static str {
        self.card().title
    }

    /// Its column of the [coverage table](super::coverage): how it
    /// delivers each hook point it delivers (natively or emulated at one
    /// of its events), in the catalogue's order.
    fn coverage(&self) -> &'static [(HookPoint, Delivery)] {
        (self.card().events.column)()
    }

    /// What a point it delivers cannot do there, as notes of its cells in
    /// the coverage table: a cell looks the same for every agent that
    /// delivers the point, and a reader must not take it for more.
    fn limits(&self) -> &'static [(HookPoint, &'static str)] {
        &[]
    }

    /// Whether the agent runs the binary through a generated shim (and so
    /// speaks tackle's own reply format) rather than its own hook protocol.
    fn uses_shim(&self) -> bool {
        false
    }

    /// Whether the agent's package carries the plugins' context files for
    /// the agent to read itself, so that the binary leaves them out of the
    /// system context it answers with.
    fn reads_context_files(&self) -> bool {
        false
    }

    /// Whether the agent's hooks can call an MCP tool (Claude Code's
    /// `mcp_tool`) and read its text as a hook process's JSON answer.
    fn mcp_tool_hooks(&self) -> bool {
        false
    }

    /// Whether the agent's hooks can POST the event to a URL (Claude
    /// Code's `http`) and read the body as a hook process's JSON answer.
    fn http_hooks(&self) -> bool {
        false
    }

    /// Whether the agent's hooks can reach a long-lived server: then
    /// [`reply`](Protocol::reply) refuses in JSON alone for
    /// [`Transport::Served`](crate::hook::reply::Transport::Served).
    fn served(&self) -> bool {
        self.mcp_tool_hooks() || self.http_hooks()
    }

    /// The exit code of an error the agent must not take as a decision.
    /// The agents treat an exit other than 0 and 2 as a failure that does
    /// not block.
    fn non_blocking(&self) -> u8 {
        1
    }

    /// The agent's names of the built-in tools it has, as hooks know them.
    fn tools(&self) -> &'static [(Tool, &'static str)] {
        self.card().tools
    }

    /// Other names the agent gives a built-in tool, after its own.
    fn tool_aliases(&self) -> &'static [(&'static str, Tool)] {
        self.card().aliases
    }

    /// Smooths the agent's quirks in a payload, its keys already renamed
    /// (the card's `renames`), into the shape tackle's events read
    /// (values decoded, moved); says what it cannot read.
    fn read(&self, fields: &mut Map<String, Value>) -> Result<(), String> {
        let _ = fields;
        Ok(())
    }

    /// Fills the session with what the payload says beyond the event.
    fn read_session(&self, fields: &Map<String, Value>, session: &mut SessionInfo) {
        let _ = (fields, session);
    }

    /// Writes the answer to `event` (one of the agent's events) in the
    /// agent's own reply format; `reply` holds the answer's notes.
    fn reply(&self, event: NativeEvent, answer: &Answer, reply: &mut NativeReply);

    /// The tool matcher to write in the agent's config, in its own
    /// syntax; `None`, unless the agent says otherwise, to match every
    /// tool (the matcher left out, and the binary filters).
    fn matcher(&self, filter: &Filter) -> Option<String> {
        let _ = filter;
        None
    }

    /// The longest hook timeout the agent accepts, where it has a bound.
    fn max_timeout(&self) -> Option<Duration> {
        None
    }

    /// The longest timeout the agent accepts for its event `event`: the
    /// agent's bound, or a tighter one it keeps for that event.
    fn max_timeout_at(&self, event: NativeEvent) -> Option<Duration> {
        let _ = event;
        self.max_timeout()
    }

    /// Whether its hook lines are written for one system (`--os`), with
    /// no line for the other: a multi-platform package for Windows then
    /// needs a Windows build to start.
    fn hook_lines_per_system(&self) -> bool {
        false
    }

    /// Whether its package carries slash commands.
    fn carries_commands(&self) -> bool {
        false
    }

    /// Writes the package; returns what the user should know.
    fn export(&self, package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
        (self.card().export)(package, out)
    }

    /// Where the agent looks for the package at `dir` (a shell word),
    /// named `name`, in one line.
    fn how_to_load(&self, dir: &str, name: &str) -> String;

    /// The agent's managed policy (its card's).
    fn managed(&self) -> Result<Policy, &'static str> {
        self.card().managed
    }

    /// How `install` puts the package where the agent reads it (its
    /// card's).
    fn install(&self) -> Result<Install, &'static str> {
        self.card().install
    }
}
