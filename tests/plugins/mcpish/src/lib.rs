//! Test fixture for the MCP server.
//!
//! * `add` and `echo`: the tools the shared MCP benchmark calls, with
//!   structured output as the reference servers give it.
//! * `steps`: reports progress and streams output, then answers.
//! * `wait`: waits until the call is cancelled, and records the
//!   cancellation.
//! * `stubborn`: never returns, cancelled or not.
//! * `chore`: an MCP task when the client takes tasks (`#[tool(task)]`):
//!   answers its text, or fails when it contains `fail-me`.
//! * `vigil`: only ever a task (`task = required`): records that it
//!   started, waits until it is cancelled, and records that.
//! * `shout`: prints to stdout (which must not reach the protocol) and
//!   answers.
//! * `boom`: panics.
//! * `secret`: returns a token that the `redact` hook replaces.
//! * `events`: what was recorded so far, one line each.
//! * `chatty`: logs at debug, info and warning, then answers.
//! * `interview`: records that it ran, asks the user's name in a form, then
//!   the client's model for a greeting, and answers with both.
//! * resources `mcpish://readme` and the template `mcpish://notes/{name}`,
//!   and the prompt `summarize` (a required path, an optional `Style`,
//!   whose variants are its completions).
//! * `touch`: says the note `name` changed (and with `new`, that the
//!   resource list did), for subscribed clients.
//! * `mcpish://slow/{seconds}` and the prompt `stall`: block their thread
//!   for `seconds` before answering, as does the completion of `stall`'s
//!   argument, for the time limits.
//! * hooks: `before_tool_call` denies any call whose arguments contain
//!   `forbidden` and asks about `ask-me`; `after_tool_call` redacts
//!   `secret`'s result and replaces `echo`'s when its text contains
//!   `replace-me` (text only, which `echo`'s output schema forbids);
//!   `tool_error` records every failure.
//!
//! Records go to the plugin's state, read back with `events`, and are also
//! appended to the file named by `MCPISH_LOG`, when it is set.

use std::io::Write;
use std::sync::Mutex;

use tackle::prelude::*;
use tackle::serde_json::json;
use tackle::tool::Elicited;

tackle::plugin! {
    id: "mcpish",
    description: "Fixture tools and hooks for the MCP server tests.",
    state: Events,
}

/// What the hooks and tools recorded.
#[derive(Debug, Default)]
pub struct Events(Mutex<Vec<String>>);

impl Events {
    fn record(&self, line: String) {
        if let Some(path) = std::env::var_os("MCPISH_LOG")
            && let Ok(mut file) = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
        {
            let _ = writeln!(file, "{line}");
        }
        if let Ok(mut lines) = self.0.lock() {
            lines.push(line);
        }
    }
}

impl PluginState for Events {
    type Config = ();

    async fn init(_plugin: &PluginContext) -> Result<Self, BoxError> {
        Ok(Events::default())
    }
}

/// Every line recorded so far.
#[tool(read_only)]
fn events(events: &Events) -> String {
    events.0.lock().map(|l| l.join("\n")).unwrap_or_default()
}

/// `{"result": ...}`, the reference servers' structured output.
#[tackle::data]
#[derive(Debug, Serialize, JsonSchema)]
pub struct Sum {
    /// The sum.
    pub result: i64,
}

/// `{"result": ...}` for text.
#[tackle::data]
#[derive(Debug, Serialize, JsonSchema)]
pub struct Echoed {
    /// The text, unchanged.
    pub result: String,
}

/// Add two integers.
#[tool(read_only, idempotent)]
fn add(
    /// The first.
    a: i64,
    /// The second.
    b: i64,
) -> Json<Sum> {
    Json(Sum {
        result: a.wrapping_add(b),
    })
}

/// Return the text unchanged.
#[tool(read_only, idempotent)]
fn echo(
    /// Any text.
    text: String,
) -> Json<Echoed> {
    Json(Echoed { result: text })
}

/// Count to `n`, reporting progress and streaming each step.
#[tool(title = "Count in steps")]
async fn steps(
    ctx: &ToolContext,
    /// How many steps.
    n: u32,
) -> String {
    for i in 1..=n {
        ctx.progress(f64::from(i) / f64::from(n), format!("step {i} of {n}"));
        ctx.output(format!("chunk {i}"));
    }
    format!("counted to {n}")
}

/// Wait until the call is cancelled.
#[tool]
async fn wait(ctx: &ToolContext, events: &Events) -> Result<String, String> {
    events.record("wait: started".to_owned());
    ctx.cancellation().cancelled().await;
    events.record("wait: cancelled".to_owned());
    Err("cancelled".to_owned())
}

/// Answer `text` (fail on `fail-me`), as a task when the client takes tasks.
#[tool(task)]
async fn chore(
    /// What to answer.
    text: String,
) -> Result<String, String> {
    if text.contains("fail-me") {
        return Err(format!("chore failed on {text}"));
    }
    Ok(format!("chore done: {text}"))
}

/// Wait, as a task, until cancelled.
#[tool(task = required)]
async fn vigil(ctx: &ToolContext, events: &Events) -> Result<String, String> {
    events.record("vigil: started".to_owned());
    ctx.progress(0.5, "keeping watch");
    ctx.cancellation().cancelled().await;
    events.record("vigil: cancelled".to_owned());
    Err("cancelled".to_owned())
}

/// Never return, even when cancelled.
#[tool]
async fn stubborn() -> String {
    std::future::pending::<()>().await;
    "unreachable".to_owned()
}

/// Print to stdout, then answer.
#[tool]
fn shout(
    /// What to print.
    text: String,
) -> String {
    println!("SHOUTED {text}");
    println!("{{\"jsonrpc\":\"2.0\",\"id\":999,\"result\":{{}}}}");
    format!("shouted {text}")
}

/// Panic.
#[tool]
fn boom() -> String {
    panic!("boom went the tool")
}

/// Return a secret token.
#[tool]
fn secret() -> String {
    "token=hunter2".to_owned()
}

/// Deny calls mentioning `forbidden`; ask about `ask-me`.
#[hook(before_tool_call)]
fn gate(ev: &BeforeToolCall) -> Decision {
    let args = ev.arguments.to_string();
    if args.contains("forbidden") {
        Decision::deny("mcpish forbids `forbidden`")
    } else if args.contains("ask-me") {
        Decision::ask_because("mcpish wants a person to approve `ask-me`")
    } else {
        Decision::abstain()
    }
}

/// Redact `secret`'s result.
#[hook(after_tool_call, matcher = "secret")]
fn redact(ev: &AfterToolCall) -> Decision {
    let text = ev.response["content"].as_str().unwrap_or_default();
    Decision::modify(json!({ "content": text.replace("hunter2", "[redacted]") }))
}

/// Replace `echo`'s result with text only when asked to.
#[hook(after_tool_call, matcher = "echo")]
fn replace(ev: &AfterToolCall) -> Decision {
    if ev.arguments.to_string().contains("replace-me") {
        Decision::modify(json!({ "content": "replaced" }))
    } else {
        Decision::abstain()
    }
}

/// Record every failure.
#[hook(tool_error)]
fn failed(ev: &ToolFailure, events: &Events) {
    events.record(format!("tool_error {}: {}", ev.tool_name, ev.error));
}

/// Log at debug, info and warning, then answer.
#[tool]
fn chatty(ctx: &ToolContext) -> &'static str {
    ctx.log(LogLevel::Debug, "detail");
    ctx.log(LogLevel::Info, "started");
    ctx.log(LogLevel::Warning, "careful");
    "chatted"
}

/// What `interview` asks the user.
#[tackle::data]
#[derive(Debug, Serialize, Deserialize, JsonSchema, ElicitForm)]
pub struct Name {
    /// Your name
    pub name: String,
}

/// Ask the user's name, then the client's model for a greeting.
#[tool]
async fn interview(
    ctx: &ToolContext,
    events: &Events,
    /// What about (`ask-me`: the hooks ask first).
    topic: Option<String>,
) -> Result<String, ToolError> {
    events.record(format!("interview ran on {}", topic.unwrap_or_default()));
    let name = match ctx.elicit::<Name>("What is your name?").await? {
        Elicited::Accepted(form) => form.name,
        other => return Ok(format!("no name: {other:?}")),
    };
    let greeting = ctx
        .sample(SampleRequest::user(format!("Greet {name}"), 50))
        .await?;
    Ok(format!("{name}: {}", greeting.text()))
}

/// What this fixture is.
#[tackle::resource("mcpish://readme", mime_type = "text/markdown")]
fn readme() -> &'static str {
    "# mcpish\nFixture tools for the MCP tests."
}

/// A note, by name.
#[tackle::resource("mcpish://notes/{name}", mime_type = "text/plain")]
fn note(name: String) -> String {
    format!("note {name}")
}

/// How a summary reads.
#[tackle::data]
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Style {
    /// A line.
    Brief,
    /// Paragraphs.
    Detailed,
}

/// Ask for a summary of a file.
#[tackle::prompt(title = "Summarize a file")]
fn summarize(
    /// The file to summarize.
    path: String,
    /// How the summary reads (default: brief).
    style: Option<Style>,
) -> String {
    let style = match style {
        Some(Style::Detailed) => "in detail",
        _ => "briefly",
    };
    format!("Summarize {path} {style}.")
}

/// Say that the note `name` changed, and with `new`, that the list of
/// resources did.
#[tool]
fn touch(
    plugin: &PluginContext,
    /// The note's name.
    name: String,
    /// Whether the note is new.
    new: Option<bool>,
) -> String {
    plugin.resource_updated(format!("mcpish://notes/{name}"));
    if new == Some(true) {
        plugin.resource_list_changed();
    }
    format!("touched {name}")
}

/// Blocks its thread for `seconds`, then answers.
#[tackle::resource("mcpish://slow/{seconds}", mime_type = "text/plain")]
fn slow(seconds: u64) -> String {
    std::thread::sleep(std::time::Duration::from_secs(seconds));
    format!("slept {seconds} s")
}

/// Blocks its thread for `seconds`, then asks nothing.
#[tackle::prompt(complete(seconds = stall_seconds))]
fn stall(
    /// How long to block.
    seconds: u64,
) -> String {
    std::thread::sleep(std::time::Duration::from_secs(seconds));
    format!("stalled {seconds} s")
}

/// Blocks for as many seconds as typed, then offers that.
fn stall_seconds(typed: &str) -> Vec<String> {
    let seconds = typed.parse().unwrap_or(0);
    std::thread::sleep(std::time::Duration::from_secs(seconds));
    vec![typed.to_owned()]
}
