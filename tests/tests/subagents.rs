//! Subagents through a fake subagent bridge: provenance, role inheritance,
//! coalescing by in-flight key (under real concurrency), payload checks,
//! unknown names, a host without a bridge, custom tools checked by the
//! registry.
//!
//! This test binary is itself a plugin (`spawner`), declared below, and
//! links the `reviewer` example.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use serde_json::{Value, json};
use tackle::def::{AnyConfig, BoxFuture, ConfigDef, PluginDef};
use tackle::prelude::*;
use tackle::subagent::{
    PromptRun, Provenance, RunError, SpawnError, SpawnOptions, SubagentBridge, SubagentDef,
    SubagentRun,
};
use tackle::{Origin, PluginInfo, Problem, SourceLocation};
use tackle_runtime::{CallInfo, Host, Registry};
use tokio::sync::watch;

tackle_runtime::link!(reviewer);

tackle::plugin! {
    id: "spawner",
    subagents: [
        {
            name: "summarize",
            description: "Summarizes a session.",
            system_prompt: "Summarize the session you are given.",
            payload: Summary,
            tools: ["read"],
            custom_tools: ["ask"],
            in_flight_key: by_session,
        },
        { name: "solo", system_prompt: "One run at a time.", payload: Summary },
        { name: "plain", system_prompt: "No payload." },
    ],
}

#[tackle::data]
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct Summary {
    /// The session to summarize.
    pub session: String,
    /// How many lines at most.
    pub lines: Option<u32>,
}

fn by_session(summary: &Summary) -> String {
    summary.session.clone()
}

/// Spawns one of this plugin's subagents with a JSON payload, on behalf
/// of the call's origin and session.
#[tool]
async fn ask(ctx: &ToolContext, name: String, payload: Value) -> Result<String, ToolError> {
    let mut options = SpawnOptions::new();
    if let Some(origin) = ctx.origin() {
        options = options.origin(origin.clone());
    }
    if let Some(session) = ctx.session_id() {
        options = options.parent_session(session);
    }
    Ok(ctx
        .plugin()
        .spawn_subagent(&name, &payload, options)
        .await?)
}

/// What the fake bridge was asked.
#[derive(Debug, Clone)]
struct Seen {
    subagent: &'static SubagentDef,
    payload: Value,
    prompt: Option<String>,
    provenance: Provenance,
}

/// Records each run; runs finish when the gate is open, answering
/// `<subagent> #<n>` (or failing when the payload says `"fail"`).
struct FakeBridge {
    seen: Mutex<Vec<Seen>>,
    gate: watch::Sender<bool>,
}

impl FakeBridge {
    fn new(open: bool) -> Arc<Self> {
        Arc::new(FakeBridge {
            seen: Mutex::new(Vec::new()),
            gate: watch::channel(open).0,
        })
    }

    fn seen(&self) -> Vec<Seen> {
        self.seen.lock().expect("not poisoned").clone()
    }

    fn open(&self) {
        self.gate.send_replace(true);
    }
}

impl SubagentBridge for FakeBridge {
    fn run_subagent(&self, run: SubagentRun) -> BoxFuture<Result<String, RunError>> {
        let n = {
            let mut seen = self.seen.lock().expect("not poisoned");
            seen.push(Seen {
                subagent: run.subagent,
                payload: run.payload.clone(),
                prompt: run.prompt.clone(),
                provenance: run.provenance.clone(),
            });
            seen.len()
        };
        let mut gate = self.gate.subscribe();
        let name = run.subagent.name;
        let fail = run.payload.get("session") == Some(&json!("fail"));
        Box::pin(async move {
            let _ = gate.wait_for(|open| *open).await;
            if fail {
                Err(RunError("the model gave up".into()))
            } else {
                Ok(format!("{name} #{n}"))
            }
        })
    }

    fn prompt(&self, _run: PromptRun) -> BoxFuture<Result<String, RunError>> {
        Box::pin(std::future::ready(Err(RunError("no prompts here".into()))))
    }
}

const ROLES: &str = r#"
[roles.maintainer]
permissions = ["reviewer:review"]
[origins]
"cli" = "owner"
"telegram:*" = "maintainer"
"cron:*" = "maintainer"
"#;

async fn host(bridge: Option<Arc<FakeBridge>>) -> Host {
    let mut builder = Host::builder().config_toml(ROLES, "test.toml");
    if let Some(bridge) = bridge {
        builder = builder.subagent_bridge(bridge);
    }
    builder.build().await.expect("host builds")
}

fn spawn(host: &Host, name: &str, payload: Value) -> BoxFuture<Result<String, SpawnError>> {
    host.spawn_subagent("spawner", name, payload, SpawnOptions::new())
}

#[tokio::test]
async fn a_run_carries_its_provenance_and_inherits_the_origin_role() {
    let bridge = FakeBridge::new(true);
    let host = host(Some(bridge.clone())).await;
    let call = CallInfo::new(".")
        .with_session("s-1")
        .with_origin(Origin::new("telegram:42"));
    let payload = json!({"session": "s-1", "lines": 3});
    let result = host
        .call_tool(
            "ask",
            json!({"name": "summarize", "payload": payload}),
            call,
        )
        .await
        .expect("callable");
    assert!(!result.is_error, "{result:?}");
    assert_eq!(result.text_content(), "summarize #1");

    let seen = bridge.seen();
    assert_eq!(seen.len(), 1);
    let run = &seen[0];
    assert_eq!(run.subagent.name, "summarize");
    assert_eq!(
        run.subagent.system_prompt,
        "Summarize the session you are given."
    );
    assert_eq!(run.subagent.tools, ["read"]);
    assert_eq!(run.subagent.custom_tools, ["ask"]);
    assert_eq!(run.payload, payload);
    assert_eq!(
        run.provenance,
        Provenance {
            plugin: "spawner",
            parent_session: Some("s-1".into()),
            origin: Origin::new("telegram:42"),
            // From `"telegram:*" = "maintainer"`: inherited, not chosen.
            role: Some("maintainer".into()),
        }
    );
}

#[tokio::test]
async fn without_an_origin_the_plugin_itself_asks_and_has_no_role() {
    let bridge = FakeBridge::new(true);
    let host = host(Some(bridge.clone())).await;
    let result = host
        .call_tool(
            "ask",
            json!({"name": "plain", "payload": null}),
            CallInfo::new("."),
        )
        .await
        .expect("callable");
    assert_eq!(result.text_content(), "plain #1");
    let provenance = &bridge.seen()[0].provenance;
    assert_eq!(provenance.origin, Origin::new("plugin:spawner"));
    assert_eq!(provenance.parent_session, None);
    assert_eq!(provenance.role, None);
}

#[tokio::test]
async fn spawns_with_the_same_key_share_one_run() {
    let bridge = FakeBridge::new(false);
    let host = host(Some(bridge.clone())).await;
    // A spawn registers its run when it is asked for, so both are in
    // flight before either finishes.
    let first = spawn(&host, "summarize", json!({"session": "a"}));
    let second = spawn(&host, "summarize", json!({"session": "a", "lines": 9}));
    assert_eq!(bridge.seen().len(), 1, "the second joined the first");
    bridge.open();
    assert_eq!(first.await, Ok("summarize #1".into()));
    assert_eq!(second.await, Ok("summarize #1".into()));
    // Once it finished, the key is free again.
    let third = spawn(&host, "summarize", json!({"session": "a"})).await;
    assert_eq!(third, Ok("summarize #2".into()));
}

#[tokio::test]
async fn spawns_with_different_keys_run_apart() {
    let bridge = FakeBridge::new(false);
    let host = host(Some(bridge.clone())).await;
    let a = spawn(&host, "summarize", json!({"session": "a"}));
    let b = spawn(&host, "summarize", json!({"session": "b"}));
    assert_eq!(bridge.seen().len(), 2);
    bridge.open();
    assert_eq!(a.await, Ok("summarize #1".into()));
    assert_eq!(b.await, Ok("summarize #2".into()));
}

#[tokio::test]
async fn without_a_key_function_one_run_of_the_subagent_at_a_time() {
    let bridge = FakeBridge::new(false);
    let host = host(Some(bridge.clone())).await;
    let a = spawn(&host, "solo", json!({"session": "a"}));
    let b = spawn(&host, "solo", json!({"session": "b"}));
    // Another subagent's runs are apart.
    let other = spawn(&host, "summarize", json!({"session": "a"}));
    assert_eq!(bridge.seen().len(), 2);
    bridge.open();
    assert_eq!(a.await, Ok("solo #1".into()));
    assert_eq!(b.await, Ok("solo #1".into()));
    assert_eq!(other.await, Ok("summarize #2".into()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_spawns_from_many_tasks_make_one_bridge_call_per_key() {
    let bridge = FakeBridge::new(false);
    let host = Arc::new(host(Some(bridge.clone())).await);
    let asked = Arc::new(AtomicUsize::new(0));
    let (all_asked, mut wait_all) = watch::channel(());
    let tasks: Vec<_> = (0..16)
        .map(|i| {
            let host = host.clone();
            let asked = asked.clone();
            let all_asked = all_asked.clone();
            tokio::spawn(async move {
                let key = if i % 2 == 0 { "even" } else { "odd" };
                let run = spawn(&host, "summarize", json!({"session": key}));
                if asked.fetch_add(1, Ordering::SeqCst) + 1 == 16 {
                    all_asked.send_replace(());
                }
                (key, run.await)
            })
        })
        .collect();
    wait_all.changed().await.expect("sender alive");
    assert_eq!(asked.load(Ordering::SeqCst), 16);
    assert_eq!(bridge.seen().len(), 2, "one run per key");
    bridge.open();
    let mut results = std::collections::HashMap::new();
    for task in tasks {
        let (key, result) = task.await.expect("no panic");
        let text = result.expect("ran");
        assert_eq!(results.entry(key).or_insert_with(|| text.clone()), &text);
    }
    assert_eq!(results.len(), 2);
}

#[tokio::test]
async fn a_payload_that_does_not_fit_is_refused_before_the_bridge() {
    let bridge = FakeBridge::new(true);
    let host = host(Some(bridge.clone())).await;
    let err = spawn(&host, "summarize", json!({"session": 4, "extra": true}))
        .await
        .expect_err("bad payload");
    let SpawnError::Payload {
        plugin,
        subagent,
        problems,
    } = &err
    else {
        panic!("{err:?}");
    };
    assert_eq!((*plugin, *subagent), ("spawner", "summarize"));
    assert_eq!(
        problems,
        &[
            Problem::new("extra", "unknown key (known: `session`, `lines`)"),
            Problem::new("session", "expected a string, found 4"),
        ],
        "{err}"
    );
    assert!(
        err.to_string()
            .starts_with("the payload of subagent `spawner:summarize` does not match its schema: "),
        "{err}"
    );

    let err = spawn(&host, "summarize", json!({"lines": 2}))
        .await
        .expect_err("missing field");
    assert!(
        err.to_string().contains("`session`: required, but missing"),
        "{err}"
    );

    let err = spawn(&host, "plain", json!({"x": 1}))
        .await
        .expect_err("takes no payload");
    assert!(
        err.to_string()
            .contains("subagent `plain` takes no payload, so spawn it with `&()`"),
        "{err}"
    );
    assert!(bridge.seen().is_empty());
}

#[tokio::test]
async fn an_unknown_name_suggests_the_nearest() {
    let host = host(Some(FakeBridge::new(true))).await;
    let err = spawn(&host, "sumarize", json!({}))
        .await
        .expect_err("unknown");
    assert_eq!(
        err.to_string(),
        "plugin `spawner` has no subagent `sumarize`; did you mean `summarize`?; declared: `summarize`, `solo`, `plain`"
    );
    let err = host
        .spawn_subagent("spawnr", "summarize", json!({}), SpawnOptions::new())
        .await
        .expect_err("unknown plugin");
    assert_eq!(
        err.to_string(),
        "no plugin `spawnr` is linked; did you mean `spawner`?"
    );
}

#[tokio::test]
async fn a_host_without_a_bridge_says_so() {
    let host = host(None).await;
    let err = spawn(&host, "summarize", json!({"session": "a"}))
        .await
        .expect_err("no bridge");
    assert!(matches!(
        err,
        SpawnError::NoBridge {
            plugin: "spawner",
            subagent: "summarize"
        }
    ));
    assert!(
        err.to_string()
            .contains("give one with `HostBuilder::subagent_bridge`"),
        "{err}"
    );
    // Through a tool, the model reads the same message.
    let result = host
        .call_tool(
            "ask",
            json!({"name": "summarize", "payload": {"session": "a"}}),
            CallInfo::new("."),
        )
        .await
        .expect("callable");
    assert!(result.is_error);
    assert!(
        result.text_content().contains("has no subagent bridge"),
        "{result:?}"
    );
}

#[tokio::test]
async fn the_agents_failure_reaches_every_caller() {
    let bridge = FakeBridge::new(false);
    let host = host(Some(bridge.clone())).await;
    let a = spawn(&host, "summarize", json!({"session": "fail"}));
    let b = spawn(&host, "summarize", json!({"session": "fail"}));
    bridge.open();
    let expected = Err(SpawnError::Run {
        plugin: "spawner",
        subagent: "summarize",
        error: RunError("the model gave up".into()),
    });
    assert_eq!(a.await, expected);
    assert_eq!(b.await, expected);
}

#[tokio::test]
async fn a_context_outside_a_host_cannot_spawn() {
    let def = Registry::global()
        .expect("registry")
        .plugin("spawner")
        .expect("linked");
    let info = PluginInfo::new(def, ".".into());
    let err = info
        .spawn_subagent("summarize", &json!({"session": "a"}), SpawnOptions::new())
        .await
        .expect_err("no host");
    assert_eq!(err, SpawnError::NoHost { plugin: "spawner" });
}

#[test]
fn payload_schemas_are_portable_and_exposed() {
    let def = Registry::global()
        .expect("registry")
        .plugin("spawner")
        .expect("linked");
    let summarize = &def.subagents[0];
    let payload = summarize.payload.expect("has a payload");
    assert_eq!(payload.type_name(), "Summary");
    assert_eq!(
        payload.schema(),
        &json!({
            "type": "object",
            "properties": {
                "session": {"type": "string", "description": "The session to summarize."},
                "lines": {"type": "integer", "description": "How many lines at most.", "minimum": 0},
            },
            "required": ["session"],
        })
    );
    assert!(def.subagents[2].payload.is_none());
    assert_eq!(
        summarize.in_flight_key(&json!({"session": "k"})),
        Ok("k".into())
    );
    assert_eq!(
        def.subagents[1].in_flight_key(&json!({"session": "k"})),
        Ok(String::new())
    );
}

#[tokio::test]
async fn the_reviewer_example_reads_its_prompt_file_and_spawns_its_critic() {
    let bridge = FakeBridge::new(true);
    let host = host(Some(bridge.clone())).await;
    let call = CallInfo::new(".")
        .with_session("s-9")
        .with_origin(Origin::new("telegram:7"));
    let result = host
        .call_tool("review", json!({"path": "src/lib.rs"}), call)
        .await
        .expect("callable");
    assert_eq!(result.text_content(), "critic #1", "{result:?}");
    let run = &bridge.seen()[0];
    assert_eq!(run.subagent.prompt_file, Some("agents/critic.md"));
    assert!(
        run.subagent
            .system_prompt
            .starts_with("You are a careful code reviewer")
    );
    assert_eq!(run.subagent.tools, ["read", "grep"]);
    assert_eq!(run.subagent.custom_tools, ["file_stats"]);
    assert_eq!(run.payload, json!({"path": "src/lib.rs", "focus": null}));
    assert_eq!(run.provenance.role.as_deref(), Some("maintainer"));
    assert_eq!(run.provenance.parent_session.as_deref(), Some("s-9"));
}

#[tokio::test]
async fn a_prompt_cron_job_spawns_its_subagent_like_any_spawn() {
    let bridge = FakeBridge::new(true);
    let host = host(Some(bridge.clone())).await;
    let scheduler = tackle_runtime::scheduler::Scheduler::new(&host);
    let outcome = scheduler
        .run_now("__plugin_reviewer_weekly-review")
        .await
        .expect("the job exists and can run");
    assert!(outcome.is_success(), "{outcome:?}");
    let seen = bridge.seen();
    assert_eq!(seen.len(), 1);
    let run = &seen[0];
    assert_eq!(run.subagent.name, "critic");
    // The payload is the job's, checked against the critic's schema; the
    // prompt travels beside it, not inside it.
    assert_eq!(
        run.payload,
        json!({"path": "src/main.rs", "focus": "error handling"})
    );
    assert_eq!(
        run.prompt.as_deref(),
        Some("Review the entry point before the week starts.")
    );
    assert_eq!(
        run.provenance.origin,
        Origin::new("cron:__plugin_reviewer_weekly-review")
    );
    assert_eq!(
        run.provenance.role.as_deref(),
        Some("maintainer"),
        "the role comes from the config's `cron:*` origin"
    );
    assert_eq!(run.provenance.parent_session, None);
}

fn empty_schema() -> &'static Value {
    static S: OnceLock<Value> = OnceLock::new();
    S.get_or_init(|| json!({"type": "object", "properties": {}}))
}

fn no_config(_: Option<Value>) -> Result<AnyConfig, Problem> {
    Ok(Arc::new(()))
}

static LONELY: PluginDef = PluginDef {
    id: "lonely",
    name: "lonely",
    version: "1.0.0",
    description: "",
    crate_name: "lonely",
    location: SourceLocation {
        file: "lonely/src/lib.rs",
        line: 3,
        column: 1,
    },
    config: ConfigDef {
        type_name: None,
        schema: empty_schema,
        load: no_config,
    },
    state: None,
    permission_rules: &[],
    context_files: &[],
    skills: &[],
    cron_jobs: &[],
    subagents: &[SubagentDef {
        name: "helper",
        description: "",
        system_prompt: "Help.",
        prompt_file: None,
        payload: None,
        tools: &[],
        custom_tools: &["file_stats", "nothing_here"],
    }],
    permissions: &[],
    owner_wildcard_exclusions: &[],
};

#[test]
fn custom_tools_must_be_tools_of_the_same_plugin() {
    let registry = Registry::global().expect("registry");
    let reviewer = registry.plugin("reviewer").expect("linked");
    let err = Registry::from_defs([&LONELY, reviewer], registry.tools_of("reviewer"), [])
        .expect_err("unknown custom tools");
    let text = err.to_string();
    assert_eq!(err.problems.len(), 2, "{text}");
    assert!(
        text.contains("subagent `helper` of plugin `lonely` (at lonely/src/lib.rs:3:1) names custom tool `file_stats`, but the plugin has no `#[tool]` of that name; `file_stats` is a tool of plugin `reviewer`, and a subagent may only use its own plugin's tools"),
        "{text}"
    );
    assert!(
        text.contains("custom tool `nothing_here`, but the plugin has no `#[tool]` of that name; add a `#[tool] fn nothing_here` to the plugin, or remove it from `custom_tools`"),
        "{text}"
    );
}
