// `ToolDef::reads_call` says whether a tool can reach its call: it is set
// by the type of each reference parameter, not by how it is spelt, so a
// `ToolContext` under an alias counts, and a plugin's context or state
// does not.
use tackle::prelude::*;
use tackle_runtime::Host;

tackle::plugin! {
    id: "reach",
    description: "Tools that can and cannot reach their call.",
    config: ReachConfig,
    state: Count,
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct ReachConfig {
    /// A greeting.
    pub greeting: String,
}

pub struct Count(u32);

impl PluginState for Count {
    type Config = ReachConfig;

    async fn init(_plugin: &PluginContext<ReachConfig>) -> Result<Self, BoxError> {
        Ok(Count(0))
    }
}

/// The call's context under another name.
type Call = ToolContext<ReachConfig>;

/// Takes only arguments.
#[tool]
fn plain(n: u32) -> String {
    n.to_string()
}

/// Takes the plugin's context.
#[tool]
fn plugin_only(plugin: &PluginContext<ReachConfig>) -> String {
    plugin.config().greeting.clone()
}

/// Takes the plugin's state.
#[tool]
async fn state_only(count: &Count) -> String {
    count.0.to_string()
}

/// Takes the call's context.
#[tool]
async fn context(ctx: &ToolContext) -> String {
    ctx.tool_name().to_owned()
}

/// Takes the call's context through an alias, after the state.
#[tool]
fn aliased(count: &Count, ctx: &Call) -> String {
    format!("{} {}", count.0, ctx.config().greeting)
}

fn main() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(async {
        let host = Host::builder().build().await.expect("the host builds");
        let reads = |tool: &str| host.tool(tool).expect("linked").reads_call;
        assert!(!reads("plain"));
        assert!(!reads("plugin_only"));
        assert!(!reads("state_only"));
        assert!(reads("context"));
        assert!(reads("aliased"));
        host.shutdown().await;
    });
}
