//! `tackle-mcp-bench` plus a second plugin, declared here, with one
//! `before_tool_call` hook that abstains: every `tools/call` then runs the
//! hook pipeline with a hook in it, as a host with a policy plugin would.

use tackle::prelude::*;

tackle_runtime::link!(bench_mcp);

tackle::plugin! {
    id: "bench-mcp-observer",
    description: "One hook that watches every tool call and lets it through.",
}

/// Sees every tool call before it runs, and abstains.
#[hook(before_tool_call)]
fn observe(_ev: &BeforeToolCall) {}

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
