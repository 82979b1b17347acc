//! The example host's MCP server binary: the plugins of `example-host`
//! served to MCP clients over stdio, and nothing else. Built alone
//! (`-p example-host-mcp`), it leaves out what an MCP server never runs:
//! the command line, the agents' hook handlers, the session store on
//! Redis.
//!
//! ```text
//! claude mcp add example -- target/release/example-host-mcp mcp
//! ```

#![warn(missing_docs)]

// The same plugins as `examples/host/src/main.rs` links.
tackle_runtime::link!(
    metrics,
    textkit,
    guard,
    doomloop,
    read_before_edit,
    reviewer,
    scripted
);

fn main() -> std::process::ExitCode {
    tackle_runtime::mcp_only::main()
}
