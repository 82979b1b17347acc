//! # tackle-host
//!
//! The engine of tackle: it collects the plugins linked into a binary
//! (declared with `tackle::plugin!`, `#[tool]` and `#[hook]`) and those
//! found in plugin folders, checks them, loads each one's typed config from
//! `tackle.toml`, dispatches tool calls and hook events under permission
//! rules, runs slash commands, cron jobs, subagents and skills, and
//! assembles plugin context for the system prompt.
//!
//! It knows no agent's wire format, no MCP and no command line: those are
//! `tackle-agents`, `tackle-mcp` and the `tackle-runtime` facade, built on
//! this crate. A Rust agent that embeds plugins needs this crate alone (or
//! the facade with its default features off): build a [`Host`] and call
//! [`Host::call_tool`], [`Host::dispatch`], [`Host::system_context`] and
//! [`Host::run_command`] (slash commands, with the `slash-commands`
//! feature). Plugins' LLM providers are listed and selected with
//! [`Host::providers`], [`Host::provider`] and [`Host::default_provider`];
//! [`model_loop`] drives a session with one.
//!
//! ```rust,standalone_crate
//! tackle_host::link!(textkit);
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! let agent = tempfile::tempdir().unwrap();
//! let host = tackle_host::Host::builder().agent_dir(agent.path()).build().await.unwrap();
//! let info = tackle_host::CallInfo::new(agent.path());
//! let args = serde_json::json!({"text": "a b"});
//! let result = host.call_tool("word_count", args, info).await.unwrap();
//! assert_eq!(result.structured_content.unwrap()["words"], 2);
//! # }
//! ```
//!
//! ## Rooms
//!
//! Each subsystem is one module; what the others and an embedder use of it
//! is its door.
//!
//! | module | what it holds |
//! | --- | --- |
//! | [`registry`] | every linked plugin's declarations, checked once: [`Registry`] |
//! | [`config`] | `tackle.toml` read and checked: [`HostConfig`] |
//! | [`trust`] | what a project's own files may do; what an untrusted one was [`Withheld`](trust::Withheld) |
//! | `host` (private) | [`Host`] and [`HostBuilder`]: the rooms below, one `impl Host` block each |
//! | [`permission`] | permission rules on tool calls, and the roles that hold plugins' permissions |
//! | [`session`] | where hooks' per-session values live between events |
//! | [`offload`] | worker threads that run plugin code off a server's own threads |
//! | [`served_hooks`] | agents' hook events answered by a long-lived server: [`ServedEvent`](served_hooks::ServedEvent) |
//! | [`declarative`] | plugins written as files (other systems' formats), found in plugin folders |
//! | `scheduler` (`cron`) | cron jobs planned and run |
//! | `skills` (`skills`) | the skill catalogue |
//! | [`doctor`] | every plugin's checks and the host's own, with fixes |
//! | [`model_loop`] | a session driven with a provider: the model's turns and its tool calls, through the hooks |
//! | [`problems`] | how a JSON value departs from a schema, as `path: message` lines |
//! | [`limits`] | caps on files read at run time |
//! | [`suggest`] | "did you mean ...?" |
//! | `testing` (`testing`) | the test kit for plugin authors |
//!
//! [`Host`]'s methods, by room (`host/src/host/`): plugins and tools
//! (`plugins.rs`), config and trust (`config.rs`), tool calls and guarded
//! calls (`call/`), hook dispatch (`dispatch/`), the system prompt
//! (`prompt.rs`), slash commands (`command/`), LLM providers (`provider/`),
//! permissions (`access.rs`), resource changes and subagents
//! (`services.rs`), declarative plugins (`declared.rs`), skills
//! (`skills.rs`), worker threads (`offload`).
//!
//! ## Features
//!
//! | feature | what it adds |
//! | --- | --- |
//! | `cron` (default) | `scheduler::Scheduler`: cron jobs planned and run (croner, chrono, chrono-tz) |
//! | `skills` (default) | `skills` and `Host::skills`: the skill catalogue, and skill files' YAML frontmatter read at run time (serde-saphyr) |
//! | `full-schema` (default) | schemas checked by jsonschema, every keyword of every draft; without it by [`problems::lite`], which refuses a schema it cannot fully check |
//! | `slash-commands` | [`Host::run_command`]'s parser (clap) |
//! | `testing` | `testing`: the test kit for plugin authors |
//!
//! Without `cron` or `skills` the host still reads and checks `[cron]` and
//! `[skills]` in its config and registers and checks `#[cron]` jobs, so a
//! config is accepted or refused alike in every build. Without `skills`, a
//! SuperQode plugin's skill files are read but not parsed, and the
//! plugin's `allow` rules are not applied
//! ([`DeclaredPlugin::applied_rules`](declarative::DeclaredPlugin::applied_rules)).

#![warn(missing_docs)]

#[macro_use]
mod named;

pub mod config;
pub mod declarative;
pub mod doctor;
mod host;
pub mod limits;
mod link;
pub mod model_loop;
pub mod offload;
pub mod permission;
pub mod problems;
pub mod registry;
#[cfg(feature = "cron")]
pub mod scheduler;
pub mod served_hooks;
mod services;
pub mod session;
#[cfg(feature = "skills")]
pub mod skills;
use tackle_spec::trust::state_file;
pub mod suggest;
#[cfg(feature = "testing")]
pub mod testing;
#[cfg(test)]
mod testing_defs;
pub mod trust;

pub use config::{ConfigError, HostConfig};
pub use host::contain::panic_message;
pub use host::dispatch::matcher;
pub use host::refusal;
pub use host::{
    Approval, Approver, CONTEXT_CAP, CallError, CommandError, DEFAULT_HOOK_TIMEOUT, Fold,
    GuardedCall, HookResult, Host, HostBuilder, HostError, LoadedPlugin, LoadedProvider,
    PluginStatus, ProviderChoiceError, ProviderSource, ResolvedProvider, SYNC_HOOK_BUDGET,
    SystemContext, ToolCallRequest, ToolPanicked, quiet_plugin_panics, truncate_output,
};
pub use registry::{Defs, Registry, RegistryError, RegistryProblem};
pub use tackle::{CallInfo, Cancellation, Problem, ToolResult, ToolSink};
