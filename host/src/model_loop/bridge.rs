//! [`LoopBridge`]: the host's subagent bridge for subagents and prompt-kind
//! cron jobs, a [`ModelLoop`] with the provider the config names.
//!
//! A host without an agent of its own (a CLI host, a server) gives this
//! one to [`HostBuilder::subagent_bridge`](crate::HostBuilder::subagent_bridge),
//! then attaches the built host:
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! use std::sync::Arc;
//! use tackle_host::Host;
//! use tackle_host::model_loop::LoopBridge;
//!
//! let bridge = Arc::new(LoopBridge::new());
//! let host = Arc::new(Host::builder().subagent_bridge(bridge.clone()).build().await.unwrap());
//! bridge.attach(&host);
//! # }
//! ```
//!
//! Each run resolves its provider when it starts ([`Host::resolve_provider`]
//! with the config's `[provider]`, under `[provider.jobs."<id>"]` for a
//! cron job's runs), so a missing key fails the run that needs it, not the
//! host. It acts for the run's origin: hooks see `origin` and `role` in the
//! session's metadata and every tool call goes through
//! [`Host::guarded_call`] (hooks, permission rules), the origin in the
//! tool's context. A subagent gets its own system prompt, its payload as
//! JSON after the instruction, and only its `custom_tools` (a host without
//! built-in tools offers none of `tools: [...]`); a prompt gets the
//! plugins' context and every callable tool.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock, Weak};

use tackle::def::BoxFuture;
use tackle::provider::Usage;
use tackle::subagent::{PromptRun, Provenance, RunError, SubagentBridge, SubagentRun};

use super::{DEFAULT_MAX_TURNS, ModelLoop};
use crate::host::Host;

/// What a run has done so far, after each model turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunProgress {
    /// The run's session id (`prompt-cron:<job>-1`, `subagent-critic-2`).
    pub session: String,
    /// The provider and model.
    pub model: String,
    /// Model turns so far.
    pub turns: usize,
    /// Tool calls so far.
    pub tool_calls: usize,
    /// Of those, refused by a hook or a rule.
    pub refused: usize,
    /// Tokens so far.
    pub usage: Usage,
    /// Whether the model has answered (the run's last report).
    pub done: bool,
}

/// Something that watches runs, such as a progress line on a terminal.
pub type ProgressFn = Arc<dyn Fn(&RunProgress) + Send + Sync>;

/// The host's subagent bridge: a [`ModelLoop`] on the provider its config names.
pub struct LoopBridge {
    host: OnceLock<Weak<Host>>,
    max_turns: usize,
    progress: Option<ProgressFn>,
    runs: AtomicUsize,
}

impl Default for LoopBridge {
    fn default() -> Self {
        LoopBridge::new()
    }
}

impl std::fmt::Debug for LoopBridge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoopBridge")
            .field("attached", &self.host.get().is_some())
            .field("max_turns", &self.max_turns)
            .finish_non_exhaustive()
    }
}

impl LoopBridge {
    /// A bridge not yet attached to its host.
    pub fn new() -> Self {
        LoopBridge {
            host: OnceLock::new(),
            max_turns: DEFAULT_MAX_TURNS,
            progress: None,
            runs: AtomicUsize::new(0),
        }
    }

    /// The most model turns a run may take (default [`DEFAULT_MAX_TURNS`]).
    #[must_use]
    pub fn with_max_turns(mut self, turns: usize) -> Self {
        self.max_turns = turns;
        self
    }

    /// Calls `progress` after every model turn of every run.
    #[must_use]
    pub fn with_progress(mut self, progress: ProgressFn) -> Self {
        self.progress = Some(progress);
        self
    }

    /// The host it runs in. It keeps a weak reference: the host owns the
    /// bridge, not the other way round. Only the first call counts.
    pub fn attach(&self, host: &Arc<Host>) {
        let _ = self.host.set(Arc::downgrade(host));
    }

    fn start(&self, kind: &str, name: &str, ask: Ask) -> BoxFuture<Result<String, RunError>> {
        let host = self.host.get().and_then(Weak::upgrade);
        let session = format!(
            "{kind}-{name}-{}",
            self.runs.fetch_add(1, Ordering::Relaxed) + 1
        );
        let progress = self.progress.clone();
        let max_turns = self.max_turns;
        Box::pin(async move {
            let host = host.ok_or_else(|| {
                RunError(
                    "the bridge has no host: attach it with `LoopBridge::attach` once the host is built".to_owned(),
                )
            })?;
            ask.run(&host, session, max_turns, progress).await
        })
    }
}

/// One run, before it starts.
struct Ask {
    system: String,
    user: String,
    /// `None`: every callable tool.
    tools: Option<Vec<&'static str>>,
    plugin_context: bool,
    provenance: Provenance,
}

impl Ask {
    async fn run(
        self,
        host: &Host,
        session: String,
        max_turns: usize,
        progress: Option<ProgressFn>,
    ) -> Result<String, RunError> {
        let origin = self.provenance.origin;
        let job = origin.as_str().strip_prefix("cron:");
        let settings = host.config().providers.settings_for(job);
        let resolved = host.resolve_provider(&settings).map_err(RunError)?;
        // Streamed, as interactive agents ask (some APIs and gateways serve
        // nothing else); the text is read whole from the reply.
        let mut agent = ModelLoop::resolved(host, &resolved, host.agent_dir())
            .with_stream(Arc::new(|_: &str| {}))
            .with_system(self.system)
            .with_session(session.clone())
            .with_origin(origin, self.provenance.role)
            .with_max_turns(max_turns);
        if self.plugin_context {
            agent = agent.with_plugin_context().await;
        }
        if let Some(names) = &self.tools {
            agent = agent.with_only_tools(names);
        }
        agent.push_user(self.user);
        let mut seen = RunProgress {
            session,
            model: format!("{}/{}", resolved.name, resolved.model),
            turns: 0,
            tool_calls: 0,
            refused: 0,
            usage: Usage::default(),
            done: false,
        };
        let answer = agent
            .run(|turn| {
                seen.turns += 1;
                seen.tool_calls += turn.calls.len();
                seen.refused += turn.calls.iter().filter(|c| c.refused.is_some()).count();
                seen.usage += turn.reply.usage;
                seen.done = turn.is_final();
                if let Some(progress) = &progress {
                    progress(&seen);
                }
            })
            .await
            .map_err(|e| RunError(e.to_string()))?;
        Ok(answer)
    }
}

impl SubagentBridge for LoopBridge {
    fn run_subagent(&self, run: SubagentRun) -> BoxFuture<Result<String, RunError>> {
        let instruction = run
            .prompt
            .unwrap_or_else(|| "Do your task for this payload.".to_owned());
        let user = if run.payload.is_null() {
            instruction
        } else {
            let payload = serde_json::to_string_pretty(&run.payload)
                .unwrap_or_else(|_| run.payload.to_string());
            format!("{instruction}\n\nPayload (JSON):\n{payload}")
        };
        let ask = Ask {
            system: run.subagent.system_prompt.to_owned(),
            user,
            tools: Some(run.subagent.custom_tools.to_vec()),
            plugin_context: false,
            provenance: run.provenance,
        };
        self.start("subagent", run.subagent.name, ask)
    }

    fn prompt(&self, run: PromptRun) -> BoxFuture<Result<String, RunError>> {
        let name = run.provenance.origin.as_str().to_owned();
        let ask = Ask {
            system: String::new(),
            user: run.text,
            tools: None,
            plugin_context: true,
            provenance: run.provenance,
        };
        self.start("prompt", &name, ask)
    }
}
