//! `complete "prompt"`: ask a provider for one reply and print it, as it
//! streams in. Tool calls the model asks for are shown, not run.
//!
//! The provider is the config's `[provider]`, each flag over its field:
//! `complete --provider openai --base-url http://127.0.0.1:11434/v1
//! --model qwen3:8b "hi"` reaches an API the config does not name, the key
//! read from the API's variable (`ANTHROPIC_API_KEY`, `OPENAI_API_KEY`)
//! or the one `--api-key-env` names.

use std::io::Write;
use std::sync::Arc;

use super::{exit, output};
use tackle::provider::{Message, Request, TextSink};
use tackle_host::Host;
use tackle_host::config::ProviderSettings;

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// What the user says.
    prompt: String,
    /// The provider: a linked one, or `anthropic`, `openai`, `openai-responses`
    /// (default: the config's `provider`, or the only one linked).
    #[arg(long, value_name = "NAME")]
    provider: Option<String>,
    /// The model (default: the config's, else a linked provider's first).
    #[arg(long, value_name = "ID")]
    model: Option<String>,
    /// Where an API provider is served (default: the config's, else the API's own).
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
    /// The environment variable holding an API provider's key (default: the
    /// config's, else ANTHROPIC_API_KEY or OPENAI_API_KEY).
    #[arg(long, value_name = "VAR")]
    api_key_env: Option<String>,
    /// A system prompt.
    #[arg(long, value_name = "TEXT")]
    system: Option<String>,
    /// Offer the plugins' tools to the model.
    #[arg(long)]
    tools: bool,
    /// Print the whole reply as JSON (text, tool calls, stop reason, usage)
    /// once it is complete, instead of streaming the text.
    #[arg(long)]
    json: bool,
}

pub(super) async fn run(host: &Host, args: Args) -> u8 {
    let flags = ProviderSettings {
        name: args.provider.clone(),
        model: args.model.clone(),
        base_url: args.base_url.clone(),
        api_key_env: args.api_key_env.clone(),
        ..ProviderSettings::default()
    };
    let settings = host
        .config()
        .providers
        .settings_for(None)
        .overridden_by(&flags);
    let resolved = match host.resolve_provider(&settings) {
        Ok(resolved) => resolved,
        Err(e) => {
            output::err(format_args!("error: {e}"));
            return exit::CONFIG;
        }
    };
    let mut request = Request::new(&resolved.model).with_message(Message::user(&args.prompt));
    if let Some(system) = args.system {
        request.system = system;
    }
    if args.tools {
        request = request.with_tools(host.tools().iter().filter(|t| host.is_callable(t)));
    }
    // Streamed either way (some APIs and gateways serve nothing else);
    // with --json the text waits for the whole reply.
    let sink: TextSink = if args.json {
        Arc::new(|_: &str| {})
    } else {
        Arc::new(|chunk: &str| {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(chunk.as_bytes());
            let _ = out.flush();
        })
    };
    let asked = resolved.provider.complete_streaming(request, sink);
    match asked.await {
        Ok(reply) if args.json => {
            output::write(&format!("{:#}\n", serde_json::json!(reply)));
            exit::OK
        }
        Ok(reply) => {
            // The text is out already; the tool calls follow it.
            let mut text = String::new();
            for call in &reply.tool_calls {
                if !reply.text.is_empty() || !text.is_empty() {
                    text.push('\n');
                }
                text.push_str(&format!(
                    "[tool call {}] {} {}",
                    call.id, call.name, call.arguments
                ));
            }
            output::write(&format!("{text}\n"));
            exit::OK
        }
        Err(e) => {
            output::err(format_args!(
                "error: provider `{}` failed{}: {e}",
                resolved.name,
                if e.is_retryable() {
                    " (retrying may help)"
                } else {
                    ""
                }
            ));
            exit::TOOL_ERROR
        }
    }
}
