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

/// One of our wire structs as rmcp's type of the same MCP shape.
pub(crate) fn to_rmcp<T: DeserializeOwned>(
    value: impl Serialize,
    what: &str,
) -> Result<T, ErrorData> {
    serde_json::to_value(value)
        .and_then(serde_json::from_value)
        .map_err(|e| ErrorData::internal_error(format!("{what} could not be encoded: {e}"), None))
}
