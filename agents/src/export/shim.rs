//! The OpenCode and Pi shims: a shared JavaScript core (`shims/core.js`)
//! and each agent's hooks (`opencode/shim.js`, `pi/shim.ts`), filled in
//! with the binary's path and the events the plugins need.

use serde::Serialize;

use super::files::Ordered;
use super::package::Package;
use super::quote;

const CORE: &str = include_str!("shims/core.js");

/// The shim's source: the core, then `hooks`, with the binary at
/// `bin_url` (relative to the shim's own file).
pub(crate) fn source(package: &Package<'_>, bin_url: &str, hooks: &str) -> String {
    let agent = package.plan.agent;
    let events = events(package);
    let events = serde_json::to_string_pretty(&events).unwrap_or_default();
    let mut text = CORE
        .replace("__TACKLE_BIN_NAME__", &package.bin)
        .replace("__TACKLE_AGENT__", agent.name())
        .replace("__TACKLE_AGENT_JSON__", &quote::string(agent.name()))
        .replace("__TACKLE_BIN_URL__", &quote::string(bin_url))
        .replace("__TACKLE_EVENTS__", &events);
    text.push_str(hooks);
    text
}

/// What a generated shim knows of one native event it registers.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ShimEvent {
    /// The tools its hooks concern (`null`: every tool), by the agent's
    /// names.
    tools: Option<Vec<String>>,
    /// How long the shim waits for the binary.
    timeout_ms: u64,
    /// Whether a fail-closed hook guards it.
    fail_closed: FailClosed,
}

/// `true`: a fail-closed hook guards every call; a list: only calls of
/// those tools; `false`: none.
#[derive(Debug, Serialize)]
#[serde(untagged)]
enum FailClosed {
    All(bool),
    Tools(Vec<String>),
}

/// What a generated shim knows of each native event it registers: the
/// tools its hooks concern, its timeout, and whether a fail-closed hook
/// guards it. The JS shims and SuperQode's Python module read the same
/// table.
pub(crate) fn events(package: &Package<'_>) -> Ordered<ShimEvent> {
    let agent = package.plan.agent;
    Ordered(
        package
            .plan
            .registrations
            .iter()
            .map(|r| {
                let fail_closed = match &r.closed {
                    None => FailClosed::All(false),
                    Some(filter) => filter
                        .native_names(agent)
                        .map_or(FailClosed::All(true), FailClosed::Tools),
                };
                let event = ShimEvent {
                    tools: r.filter.native_names(agent),
                    timeout_ms: r.timeout_ms(),
                    fail_closed,
                };
                (r.event, event)
            })
            .collect(),
    )
}
