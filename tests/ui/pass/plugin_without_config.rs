//! A plugin with no `config`: tools may still take `&ToolContext` and
//! `&PluginContext`, both typed by `()`.

use serde_json::json;
use tackle::prelude::*;
use tackle_runtime::{CallInfo, Host};

tackle::plugin! {
    id: "bare",
}

/// Says which tool and plugin it is.
#[tool]
async fn whoami(ctx: &ToolContext, plugin: &PluginContext<()>) -> String {
    let (): () = *ctx.config();
    format!(
        "{} of {} in {}",
        ctx.tool_name(),
        plugin.id(),
        ctx.working_directory().display()
    )
}

fn main() {
    let host = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a tokio runtime")
        .block_on(Host::builder().build()).expect("the host builds");
    let plugin = host.plugin("bare").expect("plugin `bare` is linked").def();
    assert_eq!(plugin.name, "bare", "the name defaults to the id");
    assert_eq!(
        plugin.version,
        env!("CARGO_PKG_VERSION"),
        "the version defaults to the crate's"
    );
    assert_eq!(plugin.description, "");
    assert_eq!(plugin.config.type_name, None);

    let tool = host.tool("whoami").expect("tool `whoami` is registered");
    assert_eq!((tool.input_schema)()["properties"], json!({}));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a tokio runtime");
    let result = runtime
        .block_on(host.call_tool("whoami", json!({}), CallInfo::new("/somewhere")))
        .expect("the call is made");
    assert!(!result.is_error, "{}", result.text_content());
    assert_eq!(result.text_content(), "whoami of bare in /somewhere");
}
