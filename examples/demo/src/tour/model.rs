//! An offline model drives the session: the `scripted` provider answers
//! each turn, and every tool call it makes goes through the plugins' hooks
//! and permission rules before it runs, as in a real agent.

use std::path::Path;
use std::sync::Arc;

use serde_json::json;
use tackle::ToolResult;
use tackle::def::BoxFuture;
use tackle::provider::{ToolCall, ToolSpec};
use tackle_runtime::Host;
use tackle_runtime::model_loop::{Builtins, ModelLoop, Turn};

use crate::text::wrap;

/// The host's own `Read`, `Edit` and `Bash`, confined to the project.
/// `Bash` only says what it would run: the demo never runs a shell.
struct Builtin;

impl Builtins for Builtin {
    fn tools(&self) -> Vec<ToolSpec> {
        let object = |required: &[&str]| json!({"type": "object", "required": required});
        vec![
            ToolSpec::new("Read", "Read a file.", object(&["file_path"])),
            ToolSpec::new(
                "Edit",
                "Replace text in a file.",
                object(&["file_path", "old_string", "new_string"]),
            ),
            ToolSpec::new("Bash", "Run a shell command.", object(&["command"])),
        ]
    }

    fn run(&self, call: &ToolCall, cwd: &Path) -> Option<BoxFuture<ToolResult>> {
        let arg = |key: &str| call.arguments[key].as_str().unwrap_or_default().to_owned();
        let inside = |path: String| {
            let relative = Path::new(&path);
            (relative.is_relative() && !path.contains("..")).then(|| cwd.join(relative))
        };
        let result = match call.name.as_str() {
            "Read" => match inside(arg("file_path")).map(std::fs::read_to_string) {
                Some(Ok(text)) => ToolResult::text(text),
                Some(Err(e)) => ToolResult::error(e.to_string()),
                None => ToolResult::error("paths stay inside the project"),
            },
            "Edit" => match inside(arg("file_path")) {
                Some(path) => edit(&path, &arg("old_string"), &arg("new_string")),
                None => ToolResult::error("paths stay inside the project"),
            },
            "Bash" => ToolResult::text(format!("(the demo does not run `{}`)", arg("command"))),
            _ => return None,
        };
        Some(Box::pin(async move { result }))
    }
}

fn edit(path: &Path, old: &str, new: &str) -> ToolResult {
    match std::fs::read_to_string(path) {
        Ok(text) if text.contains(old) => match std::fs::write(path, text.replace(old, new)) {
            Ok(()) => ToolResult::text("edited"),
            Err(e) => ToolResult::error(e.to_string()),
        },
        Ok(_) => ToolResult::error("`old_string` is not in the file"),
        Err(e) => ToolResult::error(e.to_string()),
    }
}

/// Runs the scripted session and prints each turn.
pub(crate) async fn session(host: &Host, root: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let provider = host.default_provider()?;
    let model = host.default_model().unwrap_or_default().to_owned();
    say!(
        "   provider `{}`, model `{model}` (offline, scripted)",
        provider.name()
    );
    let mut session = ModelLoop::new(host, provider, model, root)
        .with_system("You are a careful Rust engineer.")
        .with_builtins(Arc::new(Builtin))
        .with_session("model-session")
        .with_plugin_context()
        .await;
    let ask = "`1..2` gives `bad number 1..2`. Make the message clearer.";
    say!("   user: {ask}");
    session.push_user(ask);
    let answer = session.run(show_turn).await?;
    say!("   model: {}", answer.lines().next().unwrap_or_default());
    let usage = session.usage();
    say!(
        "   ({} messages, {} input and {} output tokens by the provider's count)",
        session.messages().len(),
        usage.input_tokens,
        usage.output_tokens
    );
    Ok(())
}

fn show_turn(turn: &Turn) {
    if !turn.reply.text.trim().is_empty() && !turn.is_final() {
        say!("   model: {}", turn.reply.text.trim());
    }
    for report in &turn.calls {
        let args = report.arguments.to_string();
        let args = if args.len() > 80 {
            format!("{}...", &args[..args.floor_char_boundary(76)])
        } else {
            args
        };
        say!("   -> {} {args}", report.call.name);
        match &report.refused {
            Some(why) => say!("      REFUSED before it ran:\n{}", wrap(why, 9, 78)),
            None => {
                let first = report.content.lines().next().unwrap_or_default();
                say!("      ran: {first}");
            }
        }
    }
}
