//! The tackle demo: the example plugins linked into this binary and driven
//! in-process, the way a Rust agent embeds tackle, on a small project
//! embedded in the binary. Offline; no keys.
//!
//! First a tour of the tools (`metrics`, `textkit`), then a scripted agent
//! session whose tool calls go through the hooks of `guard`, `doom-loop`,
//! `read-before-edit` and `audit-logger` before they would run; then an
//! offline model (`scripted`) driving a session, slash commands, a cron
//! tick, a subagent with permissions (`reviewer`), skills and the doctor.
//!
//! `cargo run -p demo`

use std::path::Path;
use std::sync::Arc;

use serde_json::{Value, json};
use tackle::hook::{
    AfterToolCall, BeforeToolCall, HookEvent, Outcome, PermissionRequest, SessionEnd, SessionInfo,
    SystemPrompt, Verdict,
};
use tackle_runtime::{CallInfo, Host, PluginStatus, Registry, ToolResult, ToolSink};

tackle_runtime::link!(
    metrics,
    textkit,
    guard,
    doomloop,
    read_before_edit,
    audit,
    reviewer,
    scripted
);

/// `println!` that ends the demo quietly when the reader goes away
/// (`cargo run -p demo | head`) instead of panicking on the closed pipe.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        if writeln!(out, $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

mod agents;
mod commands;
mod cron;
mod doctor;
mod model;

/// The embedded project, written to a temporary folder at start.
const PROJECT: &[(&str, &str)] = &[
    ("README.md", include_str!("../project/README.md")),
    ("src/main.rs", include_str!("../project/src/main.rs")),
    ("src/parser.rs", include_str!("../project/src/parser.rs")),
    (
        "scripts/check.sh",
        include_str!("../project/scripts/check.sh"),
    ),
    (
        ".agents/skills/commit-message/SKILL.md",
        include_str!("../project/.agents/skills/commit-message/SKILL.md"),
    ),
];

/// The host config the demo starts with.
const CONFIG: &str = r##"
enabled = ["metrics", "textkit", "guard", "doom-loop", "read-before-edit", "audit-logger", "reviewer", "scripted"]
provider = "scripted"

[plugins.metrics]
comment_prefixes = ["//", "#"]
skip_dirs = [".git", "target"]

[plugins.audit-logger]
path = ".tackle/audit.jsonl"   # relative to the agent folder: the temporary project

[roles.maintainer]
permissions = ["reviewer:review"]

[origins]
"cli" = "owner"
"telegram:*" = "maintainer"
"##;

/// Where `audit-logger` writes, relative to the project (see `CONFIG`).
const AUDIT_LOG: &str = ".tackle/audit.jsonl";
/// Its folder.
const AUDIT_DIR: &str = ".tackle";

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::process::ExitCode {
    match tour().await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn tour() -> Result<(), Box<dyn std::error::Error>> {
    let project = tempfile::tempdir()?;
    for (path, text) in PROJECT {
        let file = project.path().join(path);
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(file, text)?;
    }
    let root = project.path();

    say!("tackle demo: eight plugin crates, linked at compile time, called in-process");
    say!(
        "project: an embedded calculator written to {}\n",
        root.display()
    );

    let host = Host::builder()
        .agent_dir(root)
        .config_toml(CONFIG, "demo config")
        .agent_bridge(Arc::new(agents::OfflineAgent))
        .build()
        .await?;

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
        &host,
        root,
        "count_lines",
        json!({"path": "src/parser.rs"}),
        None,
    )
    .await?;

    section(3, "Progress reported while a tool walks the tree");
    show_call(
        &host,
        root,
        "tree_stats",
        json!({"extensions": ["rs", "sh", "md"]}),
        None,
    )
    .await?;

    section(4, "A snippet's complexity (sync tool, no files)");
    show_call(
        &host,
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
        &host,
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
        &host,
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
    show_call(&host, root, "search", json!({"needle": "token"}), Some(160)).await?;

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
    agent_session(&host, root).await?;

    section(
        12,
        "Permission rules and plugin context: what the agent asks before a tool runs, and adds to its system prompt",
    );
    permissions_and_context(&host, root).await?;

    section(
        13,
        "An offline model drives a session: its tool calls pass the same hooks",
    );
    model::session(&host, root).await?;

    section(
        14,
        "Slash commands: typed arguments, generated help, clap's suggestions",
    );
    commands::tour(&host).await;

    section(
        15,
        "Subagents and permissions: who may ask, and what the subagent inherits",
    );
    agents::tour(&host, root).await?;

    section(
        16,
        "Cron: the plugins' jobs, their next runs, and one tick of each",
    );
    cron::tour(&host).await;

    section(
        17,
        "Skills (checked at compile time, plus the project's) and the doctor",
    );
    doctor::tour(&host, root, AUDIT_DIR).await?;

    host.shutdown().await;
    degraded.shutdown().await;

    say!("\nNext, the same plugins behind the command line every host binary gets:");
    say!("   cargo run -p example-host -- list");
    say!("   cargo run -p example-host -- call word_count --args '{{\"text\": \"one two\"}}'");
    say!("   cargo run -p example-host -- manifest");
    say!("   cargo run -p example-host -- command \"/loc --help\"");
    say!("   cargo run -p example-host -- doctor");
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

/// `text` wrapped at word boundaries to `width` columns, indented by `pad`.
fn wrap(text: &str, pad: usize, width: usize) -> String {
    let pad = " ".repeat(pad);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && pad.len() + line.len() + 1 + word.len() > width {
            lines.push(format!("{pad}{line}"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(format!("{pad}{line}"));
    }
    lines.join("\n")
}

fn section(n: u32, title: &str) {
    say!("\n{n}. {title}");
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

fn indent(text: &str, n: usize) -> String {
    let pad = " ".repeat(n);
    text.lines()
        .map(|l| {
            if l.is_empty() {
                String::new()
            } else {
                format!("{pad}{l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}
