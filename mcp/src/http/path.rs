//! The path of the MCP endpoint, below the files that route it and the
//! protected-resource metadata that names it.

/// The path the server answers on.
pub const HTTP_PATH: &str = "/mcp";
