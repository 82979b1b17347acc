//! A tool call's outcome as MCP's `CallToolResult`: the tool's content
//! and structured content, the hooks' context, or why the call was not
//! run. Shared by calls answered in their request and calls run as tasks.

use rmcp::model::{CallToolResult, ContentBlock};
use tackle::def::ToolDef;
use tackle::{Content, ToolResult};
use tackle_host::GuardedCall;

/// A call given up on, or never started, on a worker: why, as an error
/// result. The tool did not run, or its result is not waited for.
pub(crate) fn not_run(def: &ToolDef, why: &str) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(format!(
        "the call of `{}` was refused: {why}",
        def.name
    ))])
}

/// The guarded call's result as MCP's: content blocks, the hooks' context
/// as more text blocks, structured content, `isError`.
pub(crate) fn to_mcp(def: &ToolDef, guarded: GuardedCall) -> CallToolResult {
    let GuardedCall {
        result,
        replaced,
        context,
        ..
    } = guarded;
    // A tool with an output schema must give structured content unless it
    // failed; a hook that replaced the result without it made that
    // impossible, so say so rather than send what the client rejects.
    if replaced
        && !result.is_error
        && result.structured_content.is_none()
        && (def.output_schema)().is_some()
    {
        return CallToolResult::error(vec![ContentBlock::text(format!(
            "the result of `{}` was replaced by an `after_tool_call` hook without `structuredContent`, which the tool's output schema requires",
            def.name
        ))]);
    }
    answer(result, context)
}

/// A tool's result as MCP's, the hooks' `context` as more text blocks.
pub(crate) fn answer(result: ToolResult, context: Vec<String>) -> CallToolResult {
    let mut content: Vec<ContentBlock> = result.content.into_iter().map(block).collect();
    content.extend(context.into_iter().map(ContentBlock::text));
    let mut out = if result.is_error {
        CallToolResult::error(content)
    } else {
        CallToolResult::success(content)
    };
    out.structured_content = result.structured_content;
    out
}

fn block(content: Content) -> ContentBlock {
    match content {
        Content::Text { text } => ContentBlock::text(text),
        Content::Image { data, mime_type } => ContentBlock::image(data, mime_type),
        Content::Audio { data, mime_type } => ContentBlock::audio(data, mime_type),
        // The rest in MCP's shape, through serde: the same fields on both sides.
        other => serde_json::to_value(&other)
            .and_then(serde_json::from_value)
            .unwrap_or_else(|e| {
                ContentBlock::text(format!("(content that could not be encoded: {e})"))
            }),
    }
}
