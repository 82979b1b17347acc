// `#[tool(task)]` and `#[tool(task = ...)]` set `ToolDef::task`: alone it
// means optional, and a tool without it never runs as a task; `asks_first`
// sets `ToolDef::task_asks_first`.
use tackle::prelude::*;
use tackle::TaskSupport;
use tackle_runtime::Host;

tackle::plugin! {
    id: "tasks",
    description: "Tools that may, must or never run as MCP tasks.",
}

/// Never a task.
#[tool]
fn quick() -> String {
    "done".to_owned()
}

/// A task when the client takes tasks.
#[tool(task)]
async fn slow(ctx: &ToolContext) -> String {
    ctx.tool_name().to_owned()
}

/// Spelt out.
#[tool(task = optional, read_only)]
fn spelt() -> String {
    "done".to_owned()
}

/// Asks before its task begins.
#[tool(task, asks_first)]
async fn asking(ctx: &ToolContext) -> String {
    ctx.begin_task();
    "done".to_owned()
}

/// Only ever a task, even without a context.
#[tool(task = required)]
async fn long() -> String {
    "done".to_owned()
}

fn main() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(async {
        let host = Host::builder().build().await.expect("the host builds");
        let task = |tool: &str| host.tool(tool).expect("linked").task;
        assert_eq!(task("quick"), TaskSupport::No);
        assert_eq!(task("slow"), TaskSupport::Optional);
        assert_eq!(task("spelt"), TaskSupport::Optional);
        assert_eq!(task("long"), TaskSupport::Required);
        let asks_first = |tool: &str| host.tool(tool).expect("linked").task_asks_first;
        assert!(asks_first("asking"));
        assert!(!asks_first("slow") && !asks_first("long"));
        host.shutdown().await;
    });
}
