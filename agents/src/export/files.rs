//! The shapes of what several agents' packages hold, typed: MCP server
//! entries, and objects whose keys are names the package chooses (events,
//! servers), written in the order given.

use serde::ser::{Serialize, SerializeMap, Serializer};

/// An MCP stdio server entry, `{"command", "args"}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub(crate) struct McpServer {
    /// The binary, as the agent's entries name it.
    pub(crate) command: String,
    /// [`MCP_ARGS`](super::package::MCP_ARGS), and the hook key when the
    /// package's hooks go to the server.
    pub(crate) args: Vec<String>,
}

/// `{"mcpServers": {NAME: SERVER}}`: the MCP file of Claude Code, Codex,
/// Kimi CLI and Copilot CLI.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct McpServers<S> {
    /// The package's one server, by its name.
    pub(crate) mcp_servers: Named<S>,
}

impl<S> McpServers<S> {
    /// The file of the one server `server`, named `name`.
    pub(crate) fn one(name: &str, server: S) -> McpServers<S> {
        McpServers {
            mcp_servers: Named {
                name: name.to_owned(),
                value: server,
            },
        }
    }
}

/// A JSON object of one key.
#[derive(Debug)]
pub(crate) struct Named<V> {
    /// The key.
    pub(crate) name: String,
    /// Its value.
    pub(crate) value: V,
}

impl<V: Serialize> Serialize for Named<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry(&self.name, &self.value)?;
        map.end()
    }
}

/// A JSON object whose keys come in the order given (an agent's events,
/// in the coverage table's order).
#[derive(Debug)]
pub(crate) struct Ordered<V>(pub(crate) Vec<(&'static str, V)>);

impl<V: Serialize> Serialize for Ordered<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(key, value)| (key, value)))
    }
}

/// What a package's manifest opens with: its name, version and
/// description.
#[derive(Debug, serde::Serialize)]
pub(crate) struct About<'a> {
    pub(crate) name: &'a str,
    pub(crate) version: &'a str,
    pub(crate) description: &'a str,
}

/// The `type` of a hook entry that runs a command.
#[derive(Debug, Clone, Copy, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Command {
    Command,
}
