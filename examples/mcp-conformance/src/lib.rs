//! The server fixtures of the official MCP conformance suite
//! (`@modelcontextprotocol/conformance` 0.1.16, and 0.2.0-alpha.12's
//! 2026-07-28 requirement set), written as an ordinary
//! tackle plugin: the tools `test_*`, the resources `test://...` and the
//! prompts `test_*` the suite's scenarios call, with the contents they
//! check for.

#![warn(missing_docs)]

mod ask;
mod input_required;
mod prompts;
mod resources;
mod tasks;
mod tools;

tackle::plugin! {
    id: "mcp-conformance",
    name: "MCP conformance fixtures",
    description: "The tools, resources and prompts the MCP conformance suite's server scenarios call.",
    // Served as the prompt `conformance` and the resource `skill://mcp-conformance/conformance`.
    skills: ["skills/conformance.md"],
}

/// A 1×1 PNG, base64.
pub const PNG: &str = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

/// A silent WAV, base64.
pub const WAV: &str = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=";
