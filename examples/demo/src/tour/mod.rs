//! The long tour (`cargo run -p demo -- --tour`): each capability in its
//! own numbered section — typed tools, bad arguments, capped output, a
//! broken config, schemas, hooks, permission rules and context, an offline
//! model driving a session, slash commands, subagents, cron, skills and the
//! doctor.

mod commands;
pub(crate) mod cron;
mod doctor;
mod model;
pub(crate) mod subagents;

use std::path::Path;
use std::sync::Arc;

use serde_json::{Value, json};
use tackle::hook::{
    AfterToolCall, BeforeToolCall, HookEvent, Outcome, PermissionRequest, SessionEnd, SessionInfo,
    SystemPrompt, Verdict,
};
use tackle_runtime::{CallInfo, Host, PluginStatus, Registry, ToolResult, ToolSink};

use crate::project::{AUDIT_DIR, AUDIT_LOG, PROJECT};
use crate::text::{indent, section, wrap};

/// Runs every section on the project at `root`, with `host` built on it.
pub(crate) async fn run(host: &Host, root: &Path) -> Result<(), Box<dyn std::error::Error>> {
    section(
        1,
        "What is linked: plugins, their tools and hooks, from the registry",
    );
    for plugin in host.plugins() {
        let def = plugin.def();
        let tools: Vec<&str> = host.tools_of(def.id).map(|t| t.name).collect();
        let hooks: Vec<String> = host
            .hooks()
            .filter(|h| h.plugin.id == def.id)
            .map(|h| format!("{} at {}", h.name, h.point))
            .collect();
        let mut parts = Vec::new();
        if !tools.is_empty() {
            parts.push(format!("tools {}", tools.join(", ")));
        }
        if !hooks.is_empty() {
            parts.push(format!("hooks {}", hooks.join(", ")));
        }
        say!(
            "   {} {} ({:?}): {}",
            def.id,
            def.version,
            plugin.status(),
            parts.join("; ")
        );
    }

    section(2, "A typed tool call with structured output");
    show_call(
        host,
        root,
        "count_lines",
        json!({"path": "src/parser.rs"}),
        None,
    )
    .await?;

    section(3, "Progress reported while a tool walks the tree");
    show_call(
        host,
        root,
        "tree_stats",
        json!({"extensions": ["rs", "sh", "md"]}),
        None,
    )
    .await?;

    section(4, "A snippet's complexity (sync tool, no files)");
    show_call(
        host,
        root,
        "complexity",
        json!({"code": PROJECT[1].1}),
        None,
    )
    .await?;

    section(
        5,
        "The model sends bad arguments: every problem comes back, with its path",
    );
    show_call(
        host,
        root,
        "search",
        json!({"needle": 7, "ignore_case": "yes", "max_matche": 3}),
        None,
    )
    .await?;

    section(6, "A misspelt tool name");
    match host
        .call_tool("cuont_lines", json!({}), CallInfo::new(root))
        .await
    {
        Ok(r) => print_result(&r),
        Err(e) => say!("   -> {e}"),
    }

    section(7, "Paths from the model stay inside the project");
    show_call(
        host,
        root,
        "head",
        json!({"path": "../../etc/passwd"}),
        None,
    )
    .await?;

    section(
        8,
        "Output is capped, visibly (max_output_bytes = 160 for this call)",
    );
    show_call(host, root, "search", json!({"needle": "token"}), Some(160)).await?;

    section(9, "A broken config switches off one plugin, not the host");
    let broken = "[plugins.metrics]\nmax_file_bytes = \"big\"\ncoment_prefixes = [\"//\"]\n";
    say!("   config:\n{}", indent(broken, 6));
    let degraded = Host::builder()
        .registry(
            Registry::global()
                .map_err(Clone::clone)?
                .only(&["metrics", "textkit"]),
        )
        .agent_dir(root)
        .config_toml(broken, "broken.toml")
        .build()
        .await?;
    for plugin in degraded.plugins() {
        match plugin.status() {
            PluginStatus::Failed(problems) => {
                say!("   {} is off:", plugin.def().id);
                for p in problems {
                    say!("     - {p}");
                }
            }
            status => say!("   {} is {status:?}", plugin.def().id),
        }
    }
    show_call(
        &degraded,
        root,
        "word_count",
        json!({"text": "textkit still answers"}),
        None,
    )
    .await?;

    section(
        10,
        "The schema a client sees for `search` (portable: no $ref, no null unions)",
    );
    if let Some(tool) = host.tool("search") {
        say!(
            "{}",
            indent(&serde_json::to_string_pretty((tool.input_schema)())?, 3)
        );
    }

    section(
        11,
        "Hooks: a scripted agent session, each tool call judged before it runs",
    );
    agent_session(host, root).await?;

    section(
        12,
        "Permission rules and plugin context: what the agent asks before a tool runs, and adds to its system prompt",
    );
    permissions_and_context(host, root).await?;

    section(
        13,
        "An offline model drives a session: its tool calls pass the same hooks",
    );
    model::session(host, root).await?;

    section(
        14,
        "Slash commands: typed arguments, generated help, clap's suggestions",
    );
    commands::tour(host).await;

    section(
        15,
        "Subagents and permissions: who may ask, and what the subagent inherits",
    );
    subagents::tour(host, root).await?;

    section(
        16,
        "Cron: the plugins' jobs, their next runs, and one tick of each",
    );
    cron::tour(host).await;

    section(
        17,
        "Skills (checked at compile time, plus the project's) and the doctor",
    );
    doctor::tour(host, root, AUDIT_DIR).await?;

    degraded.shutdown().await;

    say!("\nNext, the same plugins behind the command line every host binary gets (this one too):");
    say!("   cargo run -p demo -- list");
    say!("   cargo run -p demo -- call word_count --args '{{\"text\": \"one two\"}}'");
    say!("   cargo run -p demo -- manifest");
    say!("   cargo run -p demo -- command \"/loc --help\"");
    say!("   cargo run -p demo -- doctor");
    Ok(())
}

/// Plays a short agent session through the hooks, as an agent would
/// dispatch its events: each tool call at `before_tool_call` (where a deny
/// means the tool never runs), a successful read at `after_tool_call`, and
/// the end of the session.
async fn agent_session(host: &Host, root: &Path) -> Result<(), Box<dyn std::error::Error>> {
    const SESSION: &str = "demo-session";
    let bash = |command: &str| ("Bash", json!({ "command": command }));
    let edit = || {
        (
            "Edit",
            json!({"file_path": "src/parser.rs", "old_string": "bad number", "new_string": "invalid number"}),
        )
    };
    let before = [
        bash("ls -la src"),
        bash("sudo apt-get install ripgrep"),
        bash("cargo build && rm -rf /"),
        bash("git push --force origin main"),
        bash("cargo test"),
        bash("cargo test"),
        bash("cargo test"),
        edit(),
    ];
    for (tool, arguments) in before {
        show_tool_call(tool, &arguments);
        let call = BeforeToolCall {
            tool_name: tool.into(),
            arguments,
            ..Default::default()
        };
        let outcome = host.dispatch(call.in_session(SESSION).in_dir(root)).await;
        show_outcome(&outcome);
    }

    say!("   ... the model reads src/parser.rs (recorded at after_tool_call), then edits again");
    let read = AfterToolCall {
        tool_name: "Read".into(),
        arguments: json!({"file_path": "src/parser.rs"}),
        response: json!({"content": PROJECT[2].1}),
        ..Default::default()
    };
    let _ = host.dispatch(read.in_session(SESSION).in_dir(root)).await;
    let (tool, arguments) = edit();
    show_tool_call(tool, &arguments);
    let call = BeforeToolCall {
        tool_name: tool.into(),
        arguments,
        ..Default::default()
    };
    show_outcome(&host.dispatch(call.in_session(SESSION).in_dir(root)).await);
    let _ = host
        .dispatch(SessionEnd::default().in_session(SESSION).in_dir(root))
        .await;

    let log = std::fs::read_to_string(root.join(AUDIT_LOG))?;
    let records: Vec<Value> = log
        .lines()
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()?;
    let denied = records
        .iter()
        .filter(|r| r["outcome"]["verdict"] == "deny")
        .count();
    say!(
        "\n   audit-logger wrote {} JSON lines to {AUDIT_LOG}, one per event ({denied} of them denied calls)",
        records.len()
    );
    Ok(())
}

/// Dispatches `permission_request` (the plugins' permission rules decide
/// first, then the hooks) and assembles the plugins' system-prompt context.
async fn permissions_and_context(
    host: &Host,
    root: &Path,
) -> Result<(), Box<dyn std::error::Error>> {
    for command in [
        "npm publish --tag next",
        "git push origin feature/parser",
        "cargo fmt",
    ] {
        let request = PermissionRequest {
            tool_name: "Bash".into(),
            arguments: json!({ "command": command }),
            ..Default::default()
        };
        let outcome = host
            .dispatch(request.in_session("demo-session").in_dir(root))
            .await;
        let by = outcome
            .decided_by
            .as_ref()
            .map_or_else(|| "nobody".to_owned(), ToString::to_string);
        let verdict = match &outcome.verdict {
            Verdict::Deny { .. } => "denied",
            Verdict::Ask { .. } => "asks the user",
            Verdict::Allow => "allowed",
            Verdict::Abstain => "left to the agent's default",
        };
        say!("   permission for Bash $ {command}\n   -> {verdict} (by {by})");
    }
    let context = host
        .system_context(
            SystemPrompt::default().in_dir(root),
            &SessionInfo::default(),
        )
        .await;
    say!(
        "\n   The plugins add {} characters to the system prompt (cap 16,000):\n{}",
        context.text.chars().count(),
        indent(&context.text, 6)
    );
    Ok(())
}

/// A tool call as the model made it: a shell command as a prompt line.
fn show_tool_call(tool: &str, arguments: &Value) {
    match arguments["command"].as_str() {
        Some(command) => say!("   {tool} $ {command}"),
        None => say!("   {tool} {arguments}"),
    }
}

/// The verdict of a dispatch and the hook that settled it, readably.
fn show_outcome(outcome: &Outcome) {
    if let Some(reason) = outcome.deny_reason() {
        let by = outcome
            .decided_by
            .as_ref()
            .map_or_else(|| "the hooks".to_owned(), ToString::to_string);
        say!("   -> DENIED by {by}:\n{}", wrap(reason, 6, 78));
    } else if outcome.context.is_empty() {
        say!("   -> goes ahead (no hook objected)");
    } else {
        for added in &outcome.context {
            say!(
                "   -> goes ahead, with context from hook `{}`:\n{}",
                added.hook,
                wrap(&added.text, 6, 78)
            );
        }
    }
}

/// Prints progress and streamed output as they happen.
struct Console;

impl ToolSink for Console {
    fn progress(&self, tool: &str, fraction: f64, message: &str) {
        say!("   [{tool} {:>3.0}%] {message}", fraction * 100.0);
    }
}

async fn show_call(
    host: &Host,
    root: &Path,
    tool: &str,
    args: Value,
    cap: Option<usize>,
) -> Result<(), Box<dyn std::error::Error>> {
    let shown = args.to_string();
    let shown = if shown.len() > 90 {
        format!("{}...}}", &shown[..shown.floor_char_boundary(80)])
    } else {
        shown
    };
    say!("   call {tool} {shown}");
    let mut call = CallInfo::new(root)
        .with_session("demo")
        .with_sink(Arc::new(Console));
    if let Some(cap) = cap {
        call = call.with_max_output_bytes(cap);
    }
    let result = host.call_tool(tool, args, call).await?;
    print_result(&result);
    Ok(())
}

fn print_result(result: &ToolResult) {
    let label = if result.is_error {
        "error the model sees"
    } else {
        "result"
    };
    let body = match &result.structured_content {
        Some(v) => serde_json::to_string_pretty(v).unwrap_or_default(),
        None => result.text_content(),
    };
    say!("   -> {label}:\n{}", indent(&body, 6));
}
