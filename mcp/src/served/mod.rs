//! What the server serves beside tools: the plugins' `#[resource]`s (and
//! the changes they tell) and `#[prompt]`s, their skills as prompts and
//! resources, their slash commands as prompts, completions of arguments,
//! the log level the client asked for, and the calls parked for the
//! client's input on protocol 2026-07-28.

pub(crate) mod changes;
mod commands;
pub(crate) mod complete;
pub(crate) mod hook_tool;
pub(crate) mod input;
pub(crate) mod limit;
pub(crate) mod logging;
pub(crate) mod parked;
pub(crate) mod prompts;
pub(crate) mod resources;
pub(crate) mod seal;
mod skills;
mod wire;

use rmcp::ErrorData;
use serde::Serialize;
use serde::de::DeserializeOwned;
use tackle::def::PluginDef;
use tackle_host::Host;

/// The items of ready plugins among `linked`, sorted by `key` (the link
/// order is not stable).
pub(crate) fn of_ready<T: 'static, K: Ord>(
    host: &Host,
    linked: impl Iterator<Item = &'static T>,
    plugin: impl Fn(&T) -> &PluginDef,
    key: impl FnMut(&&'static T) -> K,
) -> std::vec::IntoIter<&'static T> {
    let mut items: Vec<&'static T> = linked.filter(|item| host.is_ready(plugin(item))).collect();
    items.sort_by_key(key);
    items.into_iter()
}

/// One of our wire structs as rmcp's type of the same MCP shape.
pub(crate) fn to_rmcp<T: DeserializeOwned>(
    value: impl Serialize,
    what: &str,
) -> Result<T, ErrorData> {
    serde_json::to_value(value)
        .and_then(serde_json::from_value)
        .map_err(|e| ErrorData::internal_error(format!("{what} could not be encoded: {e}"), None))
}
