//! A small model loop: ask a provider for the model's turn, run its tool
//! calls through the host's hooks and tools, send the results back, until
//! the model answers without calling tools.
//!
//! ```rust,standalone_crate
//! use serde_json::json;
//! use tackle::def::BoxFuture;
//! use tackle::prelude::*;
//! use tackle::provider::{Message, Model, Provider, ProviderError, Reply, Request, ToolCall};
//!
//! tackle::plugin! { id: "coder" }
//!
//! /// Count the lines of a text.
//! #[tool]
//! fn count_lines(text: String) -> String {
//!     text.lines().count().to_string()
//! }
//!
//! /// Refuse `sudo`.
//! #[hook(before_tool_call, matcher = "Bash")]
//! fn no_sudo() -> Decision {
//!     Decision::deny("no sudo here")
//! }
//!
//! /// A model that calls two tools, then answers with what it read.
//! struct Scripted;
//!
//! impl Provider for Scripted {
//!     fn models(&self) -> Vec<Model> {
//!         vec![Model::new("scripted-1")]
//!     }
//!
//!     fn complete(&self, request: Request) -> BoxFuture<Result<Reply, ProviderError>> {
//!         let reply = match request.messages.last() {
//!             Some(Message::User { .. }) => Reply {
//!                 model: request.model,
//!                 tool_calls: vec![
//!                     ToolCall::new("1", "count_lines", json!({"text": "a\nb\nc"})),
//!                     ToolCall::new("2", "Bash", json!({"command": "sudo make install"})),
//!                 ],
//!                 ..Reply::default()
//!             },
//!             _ => {
//!                 let results: Vec<&str> = request.messages.iter()
//!                     .filter(|m| matches!(m, Message::Tool { .. }))
//!                     .map(Message::text)
//!                     .collect();
//!                 Reply::text(request.model, results.join(" / "))
//!             }
//!         };
//!         Box::pin(async move { Ok(reply) })
//!     }
//! }
//!
//! /// The scripted model.
//! #[provider(name = "scripted")]
//! fn scripted() -> Scripted {
//!     Scripted
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use tackle_host::model_loop::ModelLoop;
//! use tackle_host::{Host, Registry};
//!
//! let registry = Registry::global()?.only(&["coder"]);
//! let host = Host::builder().registry(registry).build().await?;
//! let provider = host.default_provider()?;
//! let mut session = ModelLoop::new(&host, provider, "scripted-1", ".")
//!     .with_system("You are a careful Rust engineer.")
//!     .with_plugin_context()
//!     .await;
//! session.push_user("How long is the file, and install it.");
//! let mut refused = Vec::new();
//! let answer = session
//!     .run(|turn| refused.extend(turn.calls.iter().filter_map(|c| c.refused.clone())))
//!     .await?;
//! assert_eq!(refused, ["denied by hook `coder::no_sudo`: no sudo here"]);
//! assert!(answer.starts_with("3 / "), "{answer}"); // the tool's result, then the refusal
//! assert!(answer.contains("no sudo here"), "{answer}");
//! # Ok(())
//! # }
//! ```
//!
//! Each tool call goes, in order, through `before_tool_call` (a deny
//! refuses it, a modify rewrites its arguments), `permission_request`
//! (unless a hook allowed it already; a deny refuses, and so does an ask:
//! this loop has no user to ask), the tool itself (a plugin's `#[tool]`, or
//! one of the host's [`Builtins`]), then `after_tool_call` (deny withholds
//! the result, modify replaces it) or `tool_error`. Context the hooks add is
//! appended to the result the model reads. A refusal is a tool result
//! marked as an error, so the model learns why and can change course.
//!
//! [`LoopBridge`] is this loop as a host's subagent bridge: subagents and
//! prompt-kind cron jobs run on the provider the config names.

mod bridge;
mod call;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tackle::Origin;
use tackle::ToolResult;
use tackle::def::BoxFuture;
use tackle::hook::{HookEvent, Outcome, SessionInfo, SystemPrompt};
use tackle::provider::{
    Message, Provider, ProviderError, Reply, Request, TextSink, ToolCall, ToolSpec, Usage,
};

use crate::host::{Host, LoadedProvider, ResolvedProvider};

pub use bridge::{LoopBridge, RunProgress};

/// Tools the host provides itself (`Read`, `Edit`, `Bash`, ...), beside the
/// plugins' `#[tool]`s.
pub trait Builtins: Send + Sync {
    /// The built-in tools, as the model sees them.
    fn tools(&self) -> Vec<ToolSpec>;

    /// Runs `call` from `cwd`; `None` when it is not a built-in.
    fn run(&self, call: &ToolCall, cwd: &Path) -> Option<BoxFuture<ToolResult>>;
}

/// How many model turns [`ModelLoop::run`] allows by default.
pub const DEFAULT_MAX_TURNS: usize = 25;

/// One agent session: the conversation, and what runs its tool calls.
pub struct ModelLoop<'h> {
    host: &'h Host,
    provider: Arc<dyn Provider>,
    provider_name: String,
    request: Request,
    cwd: PathBuf,
    session: String,
    builtins: Option<Arc<dyn Builtins>>,
    max_turns: usize,
    turns: usize,
    usage: Usage,
    origin: Option<Origin>,
    role: Option<String>,
    stream: Option<TextSink>,
}

/// What one model turn did.
#[derive(Debug, Clone)]
pub struct Turn {
    /// The model's reply.
    pub reply: Reply,
    /// Its tool calls, each with what became of it, in order.
    pub calls: Vec<CallReport>,
}

impl Turn {
    /// Whether the model answered without calling tools: the session's last turn.
    pub fn is_final(&self) -> bool {
        self.reply.tool_calls.is_empty()
    }
}

/// What became of one tool call.
#[derive(Debug, Clone)]
pub struct CallReport {
    /// The call as the model made it.
    pub call: ToolCall,
    /// The arguments it ran with (rewritten by a hook, or as made).
    pub arguments: serde_json::Value,
    /// Why it did not run, if it was refused (a hook or a permission rule).
    pub refused: Option<String>,
    /// The `before_tool_call` outcome.
    pub before: Outcome,
    /// The `permission_request` outcome, if it was asked.
    pub permission: Option<Outcome>,
    /// The `after_tool_call` or `tool_error` outcome, if it ran.
    pub after: Option<Outcome>,
    /// What the model reads: the result, the refusal, plus hooks' context.
    pub content: String,
    /// Whether the model reads it as an error.
    pub is_error: bool,
}

/// Why a session stopped before the model answered.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LoopError {
    /// The provider failed (see [`ProviderError::is_retryable`]).
    #[error("provider `{provider}` failed: {error}")]
    Provider {
        /// The provider.
        provider: String,
        /// What it said.
        #[source]
        error: ProviderError,
    },
    /// The model was still calling tools after this many turns.
    #[error(
        "the model was still calling tools after {limit} turns; raise the limit with `with_max_turns` or look for a loop"
    )]
    TooManyTurns {
        /// The limit.
        limit: usize,
    },
}

impl<'h> ModelLoop<'h> {
    /// A session with `provider`'s `model`, working in `cwd`; the model
    /// may call the tools of every plugin that runs.
    pub fn new(
        host: &'h Host,
        provider: &LoadedProvider,
        model: impl Into<String>,
        cwd: impl Into<PathBuf>,
    ) -> Self {
        Self::with_provider(
            host,
            provider.provider().clone(),
            provider.name(),
            model,
            cwd,
        )
    }

    /// A session with a provider the host resolved for a run
    /// ([`Host::resolve_provider`]): a linked one or an API's.
    pub fn resolved(host: &'h Host, resolved: &ResolvedProvider, cwd: impl Into<PathBuf>) -> Self {
        Self::with_provider(
            host,
            resolved.provider.clone(),
            &resolved.name,
            resolved.model.clone(),
            cwd,
        )
    }

    fn with_provider(
        host: &'h Host,
        provider: Arc<dyn Provider>,
        name: &str,
        model: impl Into<String>,
        cwd: impl Into<PathBuf>,
    ) -> Self {
        let tools = host.callable_tools();
        ModelLoop {
            host,
            provider,
            provider_name: name.to_owned(),
            request: Request::new(model).with_tools(tools),
            cwd: cwd.into(),
            session: "agent-loop".to_owned(),
            builtins: None,
            max_turns: DEFAULT_MAX_TURNS,
            turns: 0,
            usage: Usage::default(),
            origin: None,
            role: None,
            stream: None,
        }
    }

    /// Who the session acts for: hooks see `origin` and `role` in the
    /// session's metadata, and tools see the origin in their context
    /// (`ToolContext::origin`), so a tool that checks permissions checks
    /// this origin's.
    #[must_use]
    pub fn with_origin(mut self, origin: Origin, role: Option<String>) -> Self {
        self.origin = Some(origin);
        self.role = role;
        self
    }

    /// Offers the model only the tools named here (of those it was offered).
    #[must_use]
    pub fn with_only_tools(mut self, names: &[&str]) -> Self {
        self.request
            .tools
            .retain(|tool| names.contains(&tool.name.as_str()));
        self
    }

    /// Asks the provider to stream, handing `sink` the model's text as it
    /// arrives ([`Provider::complete_streaming`]).
    #[must_use]
    pub fn with_stream(mut self, sink: TextSink) -> Self {
        self.stream = Some(sink);
        self
    }

    /// Sets the system prompt.
    #[must_use]
    pub fn with_system(mut self, system: impl Into<String>) -> Self {
        self.request.system = system.into();
        self
    }

    /// Appends the plugins' context (their context files and
    /// `system_prompt` hooks) to the system prompt.
    pub async fn with_plugin_context(mut self) -> Self {
        let event = SystemPrompt::default()
            .in_session(&self.session)
            .in_dir(&self.cwd);
        let context = self.host.system_context(event, &self.session_info()).await;
        if !context.text.is_empty() {
            if !self.request.system.is_empty() {
                self.request.system.push_str("\n\n");
            }
            self.request.system.push_str(&context.text);
        }
        self
    }

    /// Tools the host runs itself; their specs are offered to the model.
    #[must_use]
    pub fn with_builtins(mut self, builtins: Arc<dyn Builtins>) -> Self {
        self.request.tools.extend(builtins.tools());
        self.builtins = Some(builtins);
        self
    }

    /// The session id hooks see (default `agent-loop`).
    #[must_use]
    pub fn with_session(mut self, id: impl Into<String>) -> Self {
        self.session = id.into();
        self
    }

    /// The most model turns [`run`](ModelLoop::run) allows (default
    /// [`DEFAULT_MAX_TURNS`]).
    #[must_use]
    pub fn with_max_turns(mut self, turns: usize) -> Self {
        self.max_turns = turns;
        self
    }

    /// Adds what the user says.
    pub fn push_user(&mut self, text: impl Into<String>) {
        self.request.messages.push(Message::user(text));
    }

    /// The conversation so far.
    pub fn messages(&self) -> &[Message] {
        &self.request.messages
    }

    /// The next request as it stands (model, system prompt, tools, messages).
    pub fn request(&self) -> &Request {
        &self.request
    }

    /// Tokens used so far.
    pub fn usage(&self) -> Usage {
        self.usage
    }

    /// One model turn: asks the provider, then runs its tool calls and
    /// adds their results to the conversation.
    pub async fn turn(&mut self) -> Result<Turn, LoopError> {
        self.turns += 1;
        let asked = match &self.stream {
            Some(sink) => self
                .provider
                .complete_streaming(self.request.clone(), sink.clone()),
            None => self.provider.complete(self.request.clone()),
        };
        let reply = asked.await.map_err(|error| LoopError::Provider {
            provider: self.provider_name.clone(),
            error,
        })?;
        self.usage += reply.usage;
        self.request.messages.push(reply.to_message());
        let mut calls = Vec::with_capacity(reply.tool_calls.len());
        for tool_call in &reply.tool_calls {
            let report = self.run_call(tool_call).await;
            self.request.messages.push(Message::tool_result(
                tool_call,
                report.content.clone(),
                report.is_error,
            ));
            calls.push(report);
        }
        Ok(Turn { reply, calls })
    }

    /// Turns until the model answers without calling tools; `each` sees
    /// every turn. Returns the model's last text.
    pub async fn run(&mut self, mut each: impl FnMut(&Turn)) -> Result<String, LoopError> {
        for _ in 0..self.max_turns {
            let turn = self.turn().await?;
            each(&turn);
            if turn.is_final() {
                return Ok(turn.reply.text);
            }
        }
        Err(LoopError::TooManyTurns {
            limit: self.max_turns,
        })
    }

    /// What hooks see of the session: provider, model, iteration.
    fn session_info(&self) -> SessionInfo {
        let mut info = SessionInfo {
            provider: Some(self.provider_name.clone()),
            model: Some(self.request.model.clone()),
            iteration: self.turns as u64,
            ..SessionInfo::default()
        };
        if let Some(origin) = &self.origin {
            info.metadata
                .insert("origin".to_owned(), origin.as_str().into());
        }
        if let Some(role) = &self.role {
            info.metadata
                .insert("role".to_owned(), role.as_str().into());
        }
        info
    }
}

impl std::fmt::Debug for ModelLoop<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ModelLoop")
            .field("provider", &self.provider_name)
            .field("model", &self.request.model)
            .field("session", &self.session)
            .field("cwd", &self.cwd)
            .field("messages", &self.request.messages.len())
            .field("turns", &self.turns)
            .finish_non_exhaustive()
    }
}
