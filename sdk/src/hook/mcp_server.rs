//! The MCP server a tool belongs to, as an agent names it in a tool event.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The MCP server serving a tool, for MCP tools (Claude Code's
/// `mcp_server`, on its tool events).
///
/// Claude Code shows a tool of a plugin's server as
/// `mcp__plugin_<plugin>_<server>__<tool>`, and names the server
/// `plugin:<plugin>:<server>` with `source: "plugin"`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct McpServer {
    /// The server's name in the agent's configuration
    /// (`plugin:<plugin>:<server>` for a plugin's server).
    pub name: String,
    /// Where its definition came from: `plugin`, `user`, `project`,
    /// `local`, `sdk`, ... (an open set).
    #[serde(default)]
    pub source: Option<String>,
    /// Anything else the agent says of it.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}
