//! tackle's HTTP candidate with `add` as an `async fn`: an async tool runs
//! on the server's own thread, where a sync one (`tackle-http-bench`) is
//! moved to tokio's blocking pool so that it cannot freeze the server
//! (RELIABILITY.md). The difference between the two is that hop.

use tackle::prelude::*;
use tackle::serde_json::{Value, json};

tackle::plugin! {
    id: "bench-mcp-async",
    description: "The MCP HTTP benchmark's `add`, as an async tool.",
}

/// What `add` returns.
#[tackle::data]
#[derive(Debug, Serialize, JsonSchema)]
struct Sum {
    /// The sum.
    result: i64,
}

/// The sum as the text and `{"result": sum}` as structured content, as
/// bench/mcp's `add` answers.
#[derive(Debug)]
struct Answer(i64);

impl IntoToolResult for Answer {
    fn into_tool_result(self) -> ToolResult {
        ToolResult::text(self.0.to_string()).with_structured(json!({ "result": self.0 }))
    }

    fn output_schema() -> Option<Value> {
        <Json<Sum> as IntoToolResult>::output_schema()
    }
}

/// Add two integers.
#[tool]
async fn add(
    /// The first.
    a: i64,
    /// The second.
    b: i64,
) -> Answer {
    Answer(a.wrapping_add(b))
}

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
