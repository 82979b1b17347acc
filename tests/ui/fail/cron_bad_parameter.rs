// Parameters tackle cannot fill.
use tackle::prelude::*;

tackle::plugin! { id: "jobs", config: JobsConfig }

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct JobsConfig {
    /// Days to keep.
    pub keep_days: u32,
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct OtherConfig {}

#[cron("0 3 * * *")]
fn by_value(ctx: CronContext) {
    let _ = ctx;
}

#[cron("0 3 * * *")]
fn mutable(ctx: &mut CronContext) {
    let _ = ctx;
}

#[cron("0 3 * * *")]
fn text(s: &str) {
    let _ = s;
}

#[cron("0 3 * * *")]
fn tool_context(ctx: &ToolContext) {
    let _ = ctx;
}

#[cron("0 3 * * *")]
fn other_config(ctx: &CronContext<OtherConfig>) {
    let _ = ctx;
}

#[cron("0 3 * * *")]
fn generic<T>() {}

#[cron("0 3 * * *")]
unsafe fn danger() {}

fn main() {}
