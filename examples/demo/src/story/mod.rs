//! The demo's main act (`cargo run -p demo`): a recorded Claude Code
//! session replayed through the plugins' hooks, their tools called, a slash
//! command, a cron tick, and the plugins shipped as a Claude Code plugin.

mod export;
mod session;

use std::path::Path;
use std::sync::Arc;

use serde_json::{Value, json};
use tackle::Origin;
use tackle::command::Surface;
use tackle_runtime::scheduler::{RunOutcome, Scheduler};
use tackle_runtime::{CallInfo, Host};

use crate::terminal::{Screen, Tone, ToolProgress};
use crate::text::{indent, section, wrap};

/// Runs the story on the project at `root`.
pub(crate) async fn run(
    host: &Host,
    root: &Path,
    screen: Screen,
    fast: bool,
) -> Result<(), Box<dyn std::error::Error>> {
    section(1, "The plugins linked into this binary");
    plugins(host, screen);

    section(
        2,
        "A recorded Claude Code session, replayed through the hooks",
    );
    session::replay(host, root, screen, fast).await?;

    section(3, "The plugins' tools, called as a model calls them");
    call(
        host,
        root,
        screen,
        "count_lines",
        json!({"path": "src/parser.rs"}),
    )
    .await?;
    call(
        host,
        root,
        screen,
        "tree_stats",
        json!({"extensions": ["rs", "sh", "md"]}),
    )
    .await?;
    call(
        host,
        root,
        screen,
        "search",
        json!({"needle": 7, "max_matche": 3}),
    )
    .await?;

    section(4, "A slash command, parsed from its typed arguments");
    for line in ["/loc src/main.rs src/parser.rs", "/loc --sumary src"] {
        command(host, line).await;
    }

    section(5, "A cron tick: the plugins' jobs, and one run now");
    cron(host, screen).await;

    section(6, "Shipping it: the same plugins as a Claude Code plugin");
    export::claude(host, root, screen).await?;

    say!("\nNext:");
    say!("   cargo run -p demo -- --tour                 every capability, one section each");
    say!("   cargo run -p demo -- replay ~/.claude/projects/<project>/<session>.jsonl");
    say!("                                               your own sessions, through these plugins");
    say!(
        "   cargo run -p tackle-cli -- new my-plugin --path ../my-plugin\n                                               a plugin crate and its host, tests passing"
    );
    Ok(())
}

/// One line per plugin: what it brings.
fn plugins(host: &Host, screen: Screen) {
    for plugin in host.plugins() {
        let def = plugin.def();
        let mut parts = Vec::new();
        let tools: Vec<&str> = host.tools_of(def.id).map(|t| t.name).collect();
        if !tools.is_empty() {
            parts.push(format!("tools {}", tools.join(", ")));
        }
        let hooks: Vec<String> = host
            .hooks()
            .filter(|h| h.plugin.id == def.id)
            .map(|h| format!("{}@{}", h.name, h.point))
            .collect();
        if !hooks.is_empty() {
            parts.push(format!("hooks {}", hooks.join(", ")));
        }
        let commands: Vec<String> = host
            .commands()
            .iter()
            .filter(|c| c.plugin.id == def.id)
            .map(|c| format!("/{}", c.name))
            .collect();
        if !commands.is_empty() {
            parts.push(format!("commands {}", commands.join(", ")));
        }
        let providers: Vec<&str> = host
            .providers()
            .iter()
            .filter(|p| p.plugin() == def.id)
            .map(|p| p.name())
            .collect();
        if !providers.is_empty() {
            parts.push(format!("LLM provider {}", providers.join(", ")));
        }
        if !def.permission_rules.is_empty() {
            parts.push(format!("{} permission rules", def.permission_rules.len()));
        }
        say!(
            "   {} {}",
            screen.bold(def.id),
            screen.tone(&parts.join("; "), Tone::Dim)
        );
    }
}

/// Calls a tool as the model would, showing progress and its result.
async fn call(
    host: &Host,
    root: &Path,
    screen: Screen,
    tool: &str,
    args: Value,
) -> Result<(), Box<dyn std::error::Error>> {
    say!("   {tool} {args}");
    let info = CallInfo::new(root)
        .with_session("demo")
        .with_sink(Arc::new(ToolProgress(screen)));
    let result = host.call_tool(tool, args, info).await?;
    screen.clear();
    // Structured output as the model gets it: one JSON value.
    let body = match &result.structured_content {
        Some(v) => serde_json::to_string(v)?,
        None => result.text_content(),
    };
    let label = if result.is_error {
        screen.tone("-> error, as the model sees it:", Tone::Warn)
    } else {
        "->".to_owned()
    };
    if body.contains('\n') {
        say!("   {label}\n{}", indent(&shorten(&body, 14), 6));
    } else {
        say!("   {label} {body}");
    }
    Ok(())
}

/// At most `max` lines of `text`, saying how many were left out.
fn shorten(text: &str, max: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= max {
        return text.to_owned();
    }
    format!(
        "{}\n... ({} more lines)",
        lines[..max].join("\n"),
        lines.len() - max
    )
}

/// Runs a command line as a person types it in the agent.
async fn command(host: &Host, line: &str) {
    say!("   {line}");
    let text = match host
        .run_command_on(line, Surface::Agent, Origin::new("agent"))
        .await
    {
        Ok(output) => output.text,
        Err(e) => e.to_string(),
    };
    say!("{}", indent(text.trim_end(), 6));
}

/// Lists the jobs with their next run, and runs the weekly review now.
async fn cron(host: &Host, screen: Screen) {
    let scheduler = Scheduler::new(host);
    crate::tour::cron::list(&scheduler);
    let Some(job) = scheduler.jobs().iter().find(|j| j.key == "weekly-review") else {
        return;
    };
    say!("   tick now: {}", screen.bold(&job.id));
    match scheduler.run_now(&job.id).await {
        Ok(RunOutcome::Succeeded { output: Some(text) }) => {
            say!("{}", wrap(&format!("-> {text}"), 6, 78))
        }
        Ok(RunOutcome::Succeeded { output: None }) => say!("      -> done"),
        Ok(other) => say!("      -> {other:?}"),
        Err(e) => say!("      -> {e}"),
    }
}
