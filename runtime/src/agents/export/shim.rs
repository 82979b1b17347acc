//! The OpenCode and Pi shims: a shared JavaScript core (`shims/core.js`)
//! and each agent's hooks (`opencode/shim.js`, `pi/shim.ts`), filled in
//! with the binary's path and the events the plugins need.

use serde_json::{Map, Value, json};

use super::package::Package;
use super::quote;

const CORE: &str = include_str!("shims/core.js");

/// The shim's source: the core, then `hooks`, with the binary at
/// `bin_url` (relative to the shim's own file).
pub(crate) fn source(package: &Package<'_>, bin_url: &str, hooks: &str) -> String {
    let agent = package.plan.agent;
    let events = events(package);
    let events = serde_json::to_string_pretty(&Value::Object(events)).unwrap_or_default();
    let mut text = CORE
        .replace("__TACKLE_BIN_NAME__", &package.bin)
        .replace("__TACKLE_AGENT__", agent.name())
        .replace("__TACKLE_AGENT_JSON__", &quote::string(agent.name()))
        .replace("__TACKLE_BIN_URL__", &quote::string(bin_url))
        .replace("__TACKLE_EVENTS__", &events);
    text.push_str(hooks);
    text
}

/// What a generated shim knows of each native event it registers: the
/// tools its hooks concern (`null`: every tool), its timeout, and whether a
/// fail-closed hook guards it. The JS shims and SuperQode's Python module
/// read the same table.
pub(crate) fn events(package: &Package<'_>) -> Map<String, Value> {
    let agent = package.plan.agent;
    let mut events = Map::new();
    for r in &package.plan.registrations {
        let tools = r
            .filter
            .native_names(agent)
            .map_or(Value::Null, |n| json!(n));
        // `true`: a fail-closed hook guards every call; a list: only calls
        // of those tools.
        let fail_closed = match &r.closed {
            None => json!(false),
            Some(filter) => filter.native_names(agent).map_or(json!(true), |n| json!(n)),
        };
        events.insert(
            r.event.to_owned(),
            json!({"tools": tools, "timeoutMs": r.timeout_ms(), "failClosed": fail_closed}),
        );
    }
    events
}
