//! `complete "prompt"`: ask a provider for one reply and print it. Tool
//! calls the model asks for are shown, not run.

use super::{exit, output};
use tackle::provider::{Message, Request};
use tackle_host::Host;

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// What the user says.
    prompt: String,
    /// The provider (default: the config's `provider`, or the only one linked).
    #[arg(long, value_name = "NAME")]
    provider: Option<String>,
    /// The model (default: the config's, else the provider's first).
    #[arg(long, value_name = "ID")]
    model: Option<String>,
    /// A system prompt.
    #[arg(long, value_name = "TEXT")]
    system: Option<String>,
    /// Offer the plugins' tools to the model.
    #[arg(long)]
    tools: bool,
    /// Print the whole reply as JSON (text, tool calls, stop reason, usage).
    #[arg(long)]
    json: bool,
}

pub(super) async fn run(host: &Host, args: Args) -> u8 {
    let chosen = match &args.provider {
        Some(name) => host.provider(name),
        None => host.default_provider(),
    };
    let provider = match chosen {
        Ok(provider) => provider,
        Err(e) => {
            output::err(format_args!("error: {e}"));
            return exit::CONFIG;
        }
    };
    let is_default = host
        .default_provider()
        .is_ok_and(|d| d.name() == provider.name());
    let model = match &args.model {
        Some(model) => Some(model.clone()),
        None if is_default => host.default_model().map(str::to_owned),
        None => provider.models().first().map(|m| m.id.clone()),
    };
    let Some(model) = model else {
        output::err(format_args!(
            "error: provider `{}` lists no model; name one with --model",
            provider.name()
        ));
        return exit::USAGE;
    };
    let mut request = Request::new(model).with_message(Message::user(&args.prompt));
    if let Some(system) = args.system {
        request.system = system;
    }
    if args.tools {
        request = request.with_tools(host.tools().iter().filter(|t| host.is_callable(t)));
    }
    match provider.provider().complete(request).await {
        Ok(reply) if args.json => {
            output::write(&format!("{:#}\n", serde_json::json!(reply)));
            exit::OK
        }
        Ok(reply) => {
            let mut text = reply.text.clone();
            for call in &reply.tool_calls {
                if !text.is_empty() {
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
                provider.name(),
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
