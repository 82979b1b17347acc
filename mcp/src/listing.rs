//! `tools/list`: the registry's tools as MCP describes them.

use std::sync::Arc;

use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde_json::Value;
use tackle::def::ToolDef;

use tackle_host::Host;

/// Every callable tool (its plugin is ready), in the host's order, with its
/// portable input schema, output schema, title and annotations.
pub(crate) fn tools(host: &Host) -> Vec<Tool> {
    host.callable_tools().map(describe).collect()
}

/// One tool as MCP sees it.
pub(crate) fn describe(def: &ToolDef) -> Tool {
    let mut tool = Tool::new(def.name, def.description, object((def.input_schema)()));
    if let Some(title) = def.title {
        tool = tool.with_title(title);
    }
    if let Some(schema) = (def.output_schema)() {
        tool = tool.with_raw_output_schema(object(schema));
    }
    let a = def.annotations;
    if a.read_only.is_some()
        || a.destructive.is_some()
        || a.idempotent.is_some()
        || a.open_world.is_some()
    {
        tool = tool.with_annotations(ToolAnnotations::from_raw(
            None,
            a.read_only,
            a.destructive,
            a.idempotent,
            a.open_world,
        ));
    }
    tool
}

/// A schema as a JSON object. The macros generate an object with
/// `type: object` at the root; anything else is wrapped so that a client
/// still gets a valid schema.
fn object(schema: &Value) -> Arc<JsonObject> {
    match schema {
        Value::Object(map) => Arc::new(map.clone()),
        _ => {
            let mut map = JsonObject::new();
            map.insert("type".to_owned(), Value::String("object".to_owned()));
            Arc::new(map)
        }
    }
}
