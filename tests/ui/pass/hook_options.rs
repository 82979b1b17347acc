//! Every option and parameter shape of `#[hook]`: `matcher`, `args`,
//! `order`, `timeout_ms`, `on_error`, `name`; async hooks with
//! `&HookContext<Config>` and `&State`; the catch-all `event` point with
//! `&AnyEvent`. `main` checks what was registered and runs the hooks.

use std::sync::atomic::{AtomicUsize, Ordering};

use tackle::hook::{HookHandler, HookPoint, OnError, linked_hooks};
use tackle::prelude::*;
use tackle_runtime::Host;

tackle::plugin! {
    id: "options",
    config: GuardConfig,
    state: Counter,
}

/// The plugin's config.
#[tackle::data]
#[derive(Deserialize, JsonSchema)]
#[serde(default)]
pub struct GuardConfig {
    /// What denials say.
    pub message: String,
}

impl Default for GuardConfig {
    fn default() -> Self {
        GuardConfig {
            message: "not here".into(),
        }
    }
}

/// Events seen by the catch-all hook.
#[derive(Debug, Default)]
pub struct Counter {
    events: AtomicUsize,
}

impl PluginState for Counter {
    type Config = GuardConfig;

    async fn init(_: &PluginContext<GuardConfig>) -> Result<Self, BoxError> {
        Ok(Counter::default())
    }
}

/// Refuses `git push` in a shell.
#[hook(
    before_tool_call,
    matcher = "Bash|run_shell_command",
    args = "git push*",
    order = -5,
    timeout_ms = 250,
    on_error = "closed",
    name = "no-push"
)]
async fn refuse_push(
    ev: &BeforeToolCall,
    ctx: &HookContext<GuardConfig>,
    counter: &Counter,
) -> Decision {
    tokio::task::yield_now().await;
    let _ = counter.events.load(Ordering::Relaxed);
    Decision::deny(format!("{}: {}", ctx.config().message, ev.tool_name))
}

/// Asks about MCP tools: a regex matcher; parameters in any order, the
/// event type written with its path.
#[hook(before_tool_call, matcher = "mcp__.*", order = 3, on_error = "open")]
fn ask_mcp(ctx: &HookContext, ev: &tackle::hook::BeforeToolCall) -> Decision {
    let _ = ctx.plugin_id();
    Decision::ask_because(format!("`{}` is an MCP tool", ev.tool_name))
}

/// Takes nothing at all; its function name is a raw identifier.
#[hook(session_start, matcher = "startup|resume")]
fn r#loop() -> Decision {
    Decision::context("Be brief.")
}

/// Every event the catch-all hook saw.
static EVENTS: AtomicUsize = AtomicUsize::new(0);

/// Counts every event, after its own hooks ran.
#[hook(event)]
async fn count(ev: &AnyEvent, state: &Counter, ctx: &HookContext<GuardConfig>) {
    let _ = (ev.point(), ctx.config());
    state.events.fetch_add(1, Ordering::Relaxed);
    EVENTS.fetch_add(1, Ordering::Relaxed);
}

fn main() {
    let hooks: Vec<_> = linked_hooks()
        .filter(|h| h.plugin.id == "options")
        .collect();
    let hook = |name: &str| {
        *hooks
            .iter()
            .find(|h| h.name == name)
            .unwrap_or_else(|| panic!("hook `{name}` is registered"))
    };
    assert_eq!(hooks.len(), 4);

    let push = hook("no-push");
    assert_eq!(push.point, HookPoint::BeforeToolCall);
    assert_eq!(push.description, "Refuses `git push` in a shell.");
    assert_eq!(push.matcher, Some("Bash|run_shell_command"));
    assert_eq!(push.args, Some("git push*"));
    assert_eq!(push.order, -5);
    assert_eq!(push.timeout_ms, Some(250));
    assert_eq!(push.on_error, OnError::Closed);
    assert!(matches!(push.handler, HookHandler::Async(_)));

    let mcp = hook("ask_mcp");
    assert_eq!(
        (mcp.matcher, mcp.args, mcp.order),
        (Some("mcp__.*"), None, 3)
    );
    assert_eq!((mcp.timeout_ms, mcp.on_error), (None, OnError::Open));
    assert!(matches!(mcp.handler, HookHandler::Sync(_)));

    let start = hook("loop");
    assert_eq!(start.point, HookPoint::SessionStart);
    assert_eq!(start.matcher, Some("startup|resume"));

    let count = hook("count");
    assert_eq!(count.point, HookPoint::AnyEvent);
    assert_eq!((count.matcher, count.order), (None, 0));

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(async {
        let host = Host::builder()
            .config_toml("[plugins.options]\nmessage = \"no pushing\"\n", "<inline>")
            .strict(true)
            .build()
            .await
            .expect("the host builds");
        let call = |tool: &str, command: &str| {
            host.dispatch(BeforeToolCall {
                tool_name: tool.into(),
                arguments: serde_json::json!({ "command": command }),
                ..Default::default()
            })
        };
        assert_eq!(
            call("Bash", "git push --force").await.deny_reason(),
            Some("no pushing: Bash")
        );
        assert!(
            call("Bash", "git status").await.is_abstain(),
            "`args` must match"
        );
        assert!(
            call("Read", "git push").await.is_abstain(),
            "`matcher` must match"
        );
        assert!(call("mcp__github__merge", "").await.is_ask());

        let started = host
            .dispatch(SessionStart {
                source: Some("resume".into()),
                ..Default::default()
            })
            .await;
        assert_eq!(started.context_text(), "Be brief.");
        assert_eq!(EVENTS.load(Ordering::Relaxed), 5, "one per dispatch");
    });
}
