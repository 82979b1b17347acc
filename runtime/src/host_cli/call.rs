//! `call TOOL --args JSON`: run one tool and print what it returned.
//!
//! The call goes through the hooks and permission rules, as a call over
//! MCP does ([`Host::guarded_call`]); `--no-hooks` makes the raw call.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::Arc;

use serde_json::Value;
use tackle::Origin;
use tackle::hook::SessionInfo;
use tackle::{CallInfo, Content, ToolResult, ToolSink};

use super::{exit, output};
use tackle_host::{CallError, GuardedCall, Host, ToolCallRequest};

#[derive(Debug, clap::Args)]
pub(super) struct CallArgs {
    /// The tool's name (see `list`).
    tool: String,
    /// The arguments as a JSON object; `-` reads them from stdin.
    #[arg(long, default_value = "{}", value_name = "JSON")]
    args: String,
    /// The session id the tool and the hooks see (default: call-<pid>).
    #[arg(long, value_name = "ID")]
    session: Option<String>,
    /// Who the call is made for (`cli`, `telegram:42`, ...): the tool sees it
    /// (`ToolContext::origin`), permissions and a subagent's role follow
    /// the config's `[origins]`, and hooks see it in the session's metadata.
    #[arg(long, value_name = "ID")]
    origin: Option<String>,
    /// The working directory the tool sees (default: the current directory).
    #[arg(long, value_name = "DIR")]
    cwd: Option<PathBuf>,
    /// Cap on the output, in bytes (default: the config's, else 100000).
    #[arg(long, value_name = "BYTES")]
    max_output_bytes: Option<usize>,
    /// A folder the tool may read besides the working directory (repeat
    /// for more).
    #[arg(long = "search-root", value_name = "DIR")]
    search_roots: Vec<PathBuf>,
    /// Print the whole result as JSON (content, structuredContent, isError);
    /// stdout then holds only that: what a plugin prints goes to stderr.
    #[arg(long)]
    json: bool,
    /// Write progress and streamed output to stderr as JSON lines,
    /// `{"progress": F, "message": M}` and `{"output": TEXT}`, for a program
    /// that relays them (other stderr lines stay text).
    #[arg(long)]
    stream_json: bool,
    /// Call the tool alone: no `before_tool_call`, `permission_request` or
    /// `after_tool_call` hooks, no permission rules.
    #[arg(long)]
    no_hooks: bool,
}

/// Progress and streamed output go to stderr, so stdout holds only the
/// result: as text, or as JSON lines with `--stream-json`.
struct StderrSink {
    json: bool,
}

impl ToolSink for StderrSink {
    fn progress(&self, tool: &str, fraction: f64, message: &str) {
        if self.json {
            let line = serde_json::json!({"progress": fraction, "message": message});
            output::err(format_args!("{line}"));
        } else {
            output::err(format_args!(
                "[{tool} {:>3.0}%] {message}",
                fraction * 100.0
            ));
        }
    }

    fn output(&self, _tool: &str, chunk: &str) {
        if self.json {
            output::err(format_args!("{}", serde_json::json!({"output": chunk})));
            return;
        }
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(chunk.as_bytes());
        let _ = err.flush();
    }
}

pub(super) async fn run(host: &Host, args: CallArgs) -> u8 {
    let text = if args.args == "-" {
        let mut buf = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut buf) {
            output::err(format_args!("error: --args -: cannot read stdin: {e}"));
            return exit::USAGE;
        }
        buf
    } else {
        args.args.clone()
    };
    let json_args: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => {
            output::err(format_args!(
                "error: --args is not valid JSON: {e}\n  (pass an object, such as --args '{{\"path\": \"src/main.rs\"}}')"
            ));
            return exit::USAGE;
        }
    };
    let cwd = args
        .cwd
        .clone()
        .unwrap_or_else(|| std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")));
    let session = args
        .session
        .clone()
        .unwrap_or_else(|| format!("call-{}", std::process::id()));
    let mut call = CallInfo::new(&cwd)
        .with_session(session.clone())
        .with_sink(Arc::new(StderrSink {
            json: args.stream_json,
        }));
    if !args.search_roots.is_empty() {
        call = call.with_search_roots(args.search_roots.clone());
    }
    let origin = args.origin.clone().map(Origin::new);
    if let Some(origin) = &origin {
        call = call.with_origin(origin.clone());
    }
    if let Some(cap) = args.max_output_bytes {
        call = call.with_max_output_bytes(cap);
    }
    // A program reading the JSON must not find a plugin's `println!` in it.
    let mut result_out = None;
    if args.json {
        match private_stdout() {
            Ok(file) => result_out = Some(file),
            Err(e) => {
                output::err(format_args!(
                    "error: cannot set stdout aside for the result: {e}"
                ));
                return exit::CONFIG;
            }
        }
    }
    // A call that cannot be made (no such tool, its plugin off) is
    // reported as such before any hook sees it.
    let guarded = !args.no_hooks
        && host
            .tool(&args.tool)
            .is_some_and(|def| host.is_callable(def));
    let outcome = if guarded {
        let request = ToolCallRequest {
            tool: args.tool.clone(),
            arguments: json_args,
            tool_use_id: None,
            session,
            cwd,
        };
        Ok(through_hooks(host, request, call, origin.as_ref()).await)
    } else {
        host.call_tool(&args.tool, json_args, call).await
    };
    match outcome {
        Ok(result) => {
            if let Some(mut out) = result_out {
                let written = serde_json::to_string_pretty(&result)
                    .map_err(std::io::Error::other)
                    .and_then(|text| writeln!(out, "{text}"))
                    .and_then(|()| out.flush());
                if let Err(e) = written {
                    output::err(format_args!("error: cannot print the result: {e}"));
                }
            } else if result.is_error {
                output::err(format_args!("error: {}", result.text_content()));
            } else {
                let mut text = result.text_content();
                if !text.is_empty() && !text.ends_with('\n') {
                    text.push('\n');
                }
                output::write(&text);
            }
            if result.is_error {
                exit::TOOL_ERROR
            } else {
                exit::OK
            }
        }
        Err(e @ CallError::UnknownTool { .. }) => {
            output::err(format_args!("error: {e}"));
            exit::UNKNOWN_TOOL
        }
        Err(e @ (CallError::PluginUnavailable { .. } | CallError::ShutDown { .. })) => {
            output::err(format_args!("error: {e}"));
            exit::CONFIG
        }
    }
}

/// The call through the hooks and rules: the result the caller gets, with
/// the hooks' context after it as more text. No user takes part, so an
/// `ask` refuses the call, saying so.
async fn through_hooks(
    host: &Host,
    request: ToolCallRequest,
    call: CallInfo,
    origin: Option<&Origin>,
) -> ToolResult {
    let mut session = SessionInfo::default();
    session
        .metadata
        .insert("transport".to_owned(), Value::String("cli".to_owned()));
    if let Some(origin) = origin {
        session
            .metadata
            .insert("origin".to_owned(), origin.as_str().into());
        if let Some(role) = host.role_of(origin) {
            session.metadata.insert("role".to_owned(), role.into());
        }
    }
    let tool = request.tool.clone();
    let guarded: GuardedCall = host
        .guarded_call(request, &session, None, |arguments| async {
            host.call_tool(&tool, arguments, call)
                .await
                .unwrap_or_else(|e| ToolResult::error(e.to_string()))
        })
        .await;
    let mut result = guarded.result;
    result.content.extend(
        guarded
            .context
            .into_iter()
            .map(|text| Content::Text { text }),
    );
    result
}

/// A private copy of stdout for the result, with fd 1 pointed at stderr
/// from then on, as the MCP server does (`crate::mcp`): a plugin that
/// prints, or a child process it starts, writes to stderr instead.
fn private_stdout() -> std::io::Result<std::fs::File> {
    let out = rustix::io::fcntl_dupfd_cloexec(std::io::stdout(), 3)?;
    std::io::stdout().flush()?;
    rustix::stdio::dup2_stdout(std::io::stderr())?;
    Ok(std::fs::File::from(out))
}
