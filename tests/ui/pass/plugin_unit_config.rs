//! `config: ()` is the same as no config: `&ToolContext<()>` and
//! `&ToolContext` are one type, and the plugin reports no config type.

use serde_json::json;
use tackle::prelude::*;
use tackle_runtime::{CallInfo, Host};

tackle::plugin! {
    id: "unit-config",
    version: "0.0.1",
    config: (),
}

/// Echoes a message.
#[tool]
fn echo(ctx: &ToolContext<()>, message: String) -> String {
    format!("{}: {message}", ctx.plugin().id())
}

/// Echoes nothing.
#[tool]
fn quiet(_ctx: &ToolContext) {}

fn main() {
    let host = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a tokio runtime")
        .block_on(Host::builder().build()).expect("the host builds");
    let plugin = host
        .plugin("unit-config")
        .expect("plugin `unit-config` is linked")
        .def();
    assert_eq!(plugin.config.type_name, None);
    assert_eq!(plugin.version, "0.0.1");
    let names: Vec<&str> = host.tools().iter().map(|t| t.name).collect();
    assert_eq!(names, ["echo", "quiet"]);
    assert_eq!(
        (host.tool("echo").expect("echo").input_schema)()["required"],
        json!(["message"])
    );

    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a tokio runtime");
    let result = runtime
        .block_on(host.call_tool("echo", json!({"message": "hi"}), CallInfo::new(".")))
        .expect("the call is made");
    assert_eq!(result.text_content(), "unit-config: hi");
}
