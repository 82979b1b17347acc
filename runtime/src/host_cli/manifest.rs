//! `manifest`: everything a client or an exporter needs, as JSON.

use serde_json::{Value, json};
use tackle::def::{HookDef, ToolDef};
use tackle::hook::{HookHandler, OnError};
use tackle::schema::object_root_problem;

use super::{exit, output};
use tackle_host::Host;

pub(super) fn run(host: &Host) -> u8 {
    let (manifest, problems) = build(host);
    output::write(&format!("{manifest:#}\n"));
    for problem in &problems {
        output::err(format_args!("warning: {problem}"));
    }
    if problems.is_empty() && host.failures().next().is_none() {
        exit::OK
    } else {
        exit::CONFIG
    }
}

/// The manifest, and the schema problems found while writing it (a tool
/// whose arguments or output are not an object, which clients reject).
pub(crate) fn build(host: &Host) -> (Value, Vec<String>) {
    let mut problems = Vec::new();
    let plugins: Vec<Value> = host
        .plugins()
        .iter()
        .map(|p| {
            let def = p.def();
            let tools: Vec<Value> = host
                .tools_of(def.id)
                .map(|t| tool(t, &mut problems))
                .collect();
            json!({
                "id": def.id,
                "name": def.name,
                "version": def.version,
                "description": def.description,
                "crate": def.crate_name,
                "location": def.location.to_string(),
                "status": p.status().as_str(),
                "config": def.config.type_name.map(|type_name| json!({
                    "type": type_name,
                    "schema": (def.config.schema)(),
                })),
                "tools": tools,
                "hooks": host.hooks().filter(|h| h.plugin.id == def.id).map(hook).collect::<Vec<_>>(),
                "permission_rules": def.permission_rules.iter().map(|r| json!({
                    "tool": r.tool,
                    "pattern": r.pattern,
                    "argument": r.argument,
                    "action": r.action,
                })).collect::<Vec<_>>(),
                "context_files": def.context_files.iter().map(|f| f.path).collect::<Vec<_>>(),
                "commands": host.commands().iter().filter(|c| c.plugin.id == def.id).map(|c| super::command::manifest(c)).collect::<Vec<_>>(),
                "skills": def.skills.iter().map(|s| json!({
                    "name": s.name,
                    "description": s.description,
                    "enabled": s.enabled,
                    "path": s.path,
                    "input_schema": s.input_schema(),
                    "output_schema": s.output_schema(),
                })).collect::<Vec<_>>(),
                "doctor_checks": host.registry().checks().iter().filter(|c| c.plugin.id == def.id).map(|c| json!({
                    "name": c.name,
                    "category": c.category,
                    "description": c.description,
                    "location": c.location.to_string(),
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let manifest = json!({
        "tackle": env!("CARGO_PKG_VERSION"),
        "plugins": plugins,
        "providers": super::providers::json(host),
        "cron": super::run::list_json(host),
        "skills": host.skills().skills().iter().map(crate::skills::Skill::to_json).collect::<Vec<_>>(),
    });
    (manifest, problems)
}

fn tool(t: &ToolDef, problems: &mut Vec<String>) -> Value {
    let input = (t.input_schema)();
    if let Some(p) = object_root_problem(input) {
        problems.push(format!(
            "tool `{}` ({}): its arguments schema is not portable: {p}",
            t.name, t.location
        ));
    }
    let output = (t.output_schema)();
    if let Some(p) = output.and_then(object_root_problem) {
        problems.push(format!(
            "tool `{}` ({}): its output schema is not portable: {p}",
            t.name, t.location
        ));
    }
    let mut value = json!({
        "name": t.name,
        "description": t.description,
        "function": t.function,
        "location": t.location.to_string(),
        "annotations": t.annotations,
        "inputSchema": input,
    });
    if let Some(title) = t.title {
        value["title"] = json!(title);
    }
    if let Some(output) = output {
        value["outputSchema"] = output.clone();
    }
    value
}

/// A hook as `manifest` and `list --json` show it.
pub(crate) fn hook(h: &HookDef) -> Value {
    json!({
        "name": h.id().to_string(),
        "plugin": h.plugin.id,
        "point": h.point.name(),
        "description": h.description,
        "matcher": h.matcher,
        "args": h.args,
        "order": h.order,
        "timeout_ms": h.timeout_ms,
        "on_error": if h.on_error == OnError::Closed { "closed" } else { "open" },
        "async": matches!(h.handler, HookHandler::Async(_)),
        "location": h.location.to_string(),
    })
}
