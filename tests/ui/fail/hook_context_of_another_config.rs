// `&HookContext<C>` with a `C` that is not the plugin's config.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
    config: GuardConfig,
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct GuardConfig {
    pub strict: bool,
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct OtherConfig {
    pub loose: bool,
}

/// Reads the wrong config.
#[hook(before_tool_call)]
fn watch(ev: &BeforeToolCall, ctx: &HookContext<OtherConfig>) {
    let _ = (ev, ctx.config().loose);
}

fn main() {}
