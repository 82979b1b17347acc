// my-plugin/src/hooks.rs
use tackle::prelude::*;

/// Refuse force-pushes, and the command prefixes the config lists.
#[hook(before_tool_call, matcher = "Bash", on_error = "closed")]
fn refuse(ev: &BeforeToolCall, ctx: &HookContext<GuardConfig>) -> Result<Decision, String> {
    let command = ev.arguments["command"].as_str().ok_or("no command to check")?;
    let refused = (command.starts_with("git push") && command.contains("--force"))
        || ctx.config().deny_prefixes.iter().any(|p| command.starts_with(p.as_str()));
    Ok(if refused {
        Decision::deny(format!("`{command}` is refused here"))
    } else {
        Decision::abstain()
    })
}

/// Remember every tool that ran, per session (`SessionLog` is the plugin's state).
#[hook(after_tool_call)]
async fn remember(ev: &AfterToolCall, ctx: &HookContext, log: &SessionLog) {
    log.record(ctx.session_id(), &ev.tool_name).await;
}

/// Tell the model about the house rules.
#[hook(system_prompt)]
fn rules() -> &'static str {
    "Run `cargo test` before saying you are done."
}

// The rest of the plugin, which the guide (docs/guide/hooks.md) leaves out.

tackle::plugin! {
    id: "readme-hooks",
    config: GuardConfig,
    state: SessionLog,
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct GuardConfig {
    /// Command prefixes to refuse.
    pub deny_prefixes: Vec<String>,
}

pub struct SessionLog {
    seen: std::sync::Mutex<Vec<(String, String)>>,
}

impl SessionLog {
    async fn record(&self, session: &str, tool: &str) {
        if let Ok(mut seen) = self.seen.lock() {
            seen.push((session.to_owned(), tool.to_owned()));
        }
    }
}

impl PluginState for SessionLog {
    type Config = GuardConfig;

    async fn init(_: &PluginContext<GuardConfig>) -> Result<Self, BoxError> {
        Ok(SessionLog { seen: std::sync::Mutex::new(Vec::new()) })
    }
}

fn main() {
    let hooks: Vec<(&str, &str)> = tackle::def::linked_hooks()
        .map(|h| (h.name, h.point.name()))
        .collect();
    for expected in [
        ("refuse", "before_tool_call"),
        ("remember", "after_tool_call"),
        ("rules", "system_prompt"),
    ] {
        assert!(hooks.contains(&expected), "{expected:?} in {hooks:?}");
    }
}
