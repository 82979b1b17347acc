//! The tools of `../shared/bench/mcp_roundtrip.sh` as a tackle plugin:
//! `add(a, b)` and `echo(text)`, answering as the reference servers
//! (`../shared/bench/mcp/server_py.py`, `server_node.mjs`) do: the value as
//! text, `{"result": value}` as structured content, and an output schema
//! with one `result` property.

use tackle::prelude::*;
use tackle::serde_json::{Value, json};

tackle::plugin! {
    id: "bench-mcp",
    description: "The MCP benchmark's tools: add two integers, echo a text.",
}

/// What `add` returns.
#[tackle::data]
#[derive(Debug, Serialize, JsonSchema)]
pub struct Sum {
    /// The sum.
    pub result: i64,
}

/// What `echo` returns.
#[tackle::data]
#[derive(Debug, Serialize, JsonSchema)]
pub struct Echoed {
    /// The text, unchanged.
    pub result: String,
}

/// `Json<T>`'s structured content and output schema, with the value itself
/// as the text (as FastMCP and the TypeScript SDK give it) instead of the
/// whole object as JSON text. The benchmark's driver checks that text.
#[derive(Debug)]
pub struct Answer<T>(pub T);

impl IntoToolResult for Answer<Sum> {
    fn into_tool_result(self) -> ToolResult {
        let n = self.0.result;
        ToolResult::text(n.to_string()).with_structured(json!({ "result": n }))
    }

    fn output_schema() -> Option<Value> {
        <Json<Sum> as IntoToolResult>::output_schema()
    }
}

impl IntoToolResult for Answer<Echoed> {
    fn into_tool_result(self) -> ToolResult {
        let text = self.0.result;
        let structured = json!({ "result": text.as_str() });
        ToolResult::text(text).with_structured(structured)
    }

    fn output_schema() -> Option<Value> {
        <Json<Echoed> as IntoToolResult>::output_schema()
    }
}

/// Add two integers.
#[tool]
fn add(
    /// The first.
    a: i64,
    /// The second.
    b: i64,
) -> Answer<Sum> {
    Answer(Sum {
        result: a.wrapping_add(b),
    })
}

/// Return the text unchanged.
#[tool]
fn echo(
    /// Any text.
    text: String,
) -> Answer<Echoed> {
    Answer(Echoed { result: text })
}
