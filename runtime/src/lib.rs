//! # tackle-runtime
//!
//! The host side of tackle, in one dependency: it collects the plugins linked into a binary
//! (declared with `tackle::plugin!`, `#[tool]` and `#[hook]`), checks them,
//! loads each one's typed config from `tackle.toml`, dispatches tool calls
//! and hook events (with permission rules), assembles plugin context for
//! the system prompt, and gives a host binary its command line
//! ([`host_cli`]: `<bin> mcp`, `<bin> hook`, `<bin> list`, ...).
//!
//! A host binary is three lines (`no_run`: it is a command line, reading the
//! arguments the process was started with):
//!
//! ```rust,no_run
//! tackle_runtime::link!(metrics, textkit);
//!
//! fn main() -> std::process::ExitCode {
//!     tackle_runtime::host_cli::main()
//! }
//! ```
//!
//! [`host_cli::run`] takes the arguments instead, which is how to test a host:
//!
//! ```rust,standalone_crate
//! use std::process::ExitCode;
//! use tackle_runtime::host_cli::{exit, run};
//!
//! tackle_runtime::link!(textkit);
//!
//! let agent = tempfile::tempdir().unwrap();
//! let dir = agent.path().to_str().unwrap();
//! let host = |args: &[&str]| run([&["host", "--agent-dir", dir], args].concat());
//!
//! assert_eq!(host(&["list", "--json"]), ExitCode::SUCCESS);
//! assert_eq!(host(&["call", "word_count", "--args", r#"{"text": "a b"}"#]), ExitCode::SUCCESS);
//! assert_eq!(host(&["call", "word_cont"]), ExitCode::from(exit::UNKNOWN_TOOL));
//! assert_eq!(host(&["no-such-command"]), ExitCode::from(exit::USAGE));
//! ```
//!
//! A Rust agent embeds the runtime instead: build a [`Host`] and call
//! [`Host::call_tool`], [`Host::dispatch`], [`Host::system_context`] and
//! [`Host::run_command`] (slash commands). Plugins' LLM providers are listed
//! and selected with [`Host::providers`], [`Host::provider`] and
//! [`Host::default_provider`]; [`model_loop`] drives a session with one.

#![warn(missing_docs)]
//!
//! ## Crates and features
//!
//! This crate puts together the layers below it; an embedder who wants less
//! turns features off (`default-features = false`), or depends on a layer
//! directly:
//!
//! | feature (default: `cli`) | what it adds | from |
//! | --- | --- | --- |
//! | — (always) | [`Host`], [`Registry`], config, permission rules, trust, sessions, subagents | `tackle-host` |
//! | `cron` | `scheduler`: cron jobs planned and run (croner, chrono) | `tackle-host` |
//! | `skills` | `skills`: the skill catalogue, skill files read at run time (YAML); SuperQode plugins' skills (and with them their `allow` rules) | `tackle-host` |
//! | `slash-commands` | [`Host::run_command`]: a slash command's line parsed by clap | `tackle-host` |
//! | `agents` (`skills`) | [`agents`]: each agent's hook protocol, coverage and export; [`replay`] | `tackle-agents` |
//! | `hook` | [`hook::main`]: a hook-only binary, which answers agents' hooks and links neither the command line, the MCP server, `cron` nor `skills`; [`agents`] and [`replay`] too | this crate |
//! | `mcp` (`skills`) | [`mcp`]: the MCP server over stdio; without `cli`, [`mcp_only::main`] is an MCP-only binary, which links neither the command line nor the agents' hooks | `tackle-mcp` |
//! | `http` | the MCP server over Streamable HTTP too (`mcp --http`) | `tackle-mcp` |
//! | `providers` | `providers`: the model APIs (Anthropic's, OpenAI's) for `complete`, prompt cron jobs and subagents | `tackle-providers` |
//! | `redis-store` | [`redis_store`]: session values on Valkey or Redis, shared by a team's hosts (`[sessions] store`, `mcp --session-store`); TLS on rustls | `tackle-store-redis` |
//! | `cli` (`slash-commands`, `agents`, `hook`, `redis-store`, `mcp`, `cron`, `skills`) | [`host_cli`]: the host command line (the commands of a host binary), with schemas checked by jsonschema (`tackle-host`'s `full-schema`; without it, by [`problems::lite`]) | this crate |
//! | `testing` (`cron`, `skills`) | `testing`: the test kit for plugin authors | `tackle-host` |

pub use tackle_host::{
    config, declarative, doctor, limits, link, model_loop, offload, permission, problems, registry,
    session, suggest, trust,
};

#[cfg(feature = "cron")]
pub use tackle_host::scheduler;

#[cfg(feature = "skills")]
pub use tackle_host::skills;

#[cfg(feature = "testing")]
pub use tackle_host::testing;

#[cfg(any(feature = "agents", feature = "hook"))]
pub use tackle_agents::{self as agents, replay};

#[cfg(feature = "mcp")]
pub use tackle_mcp as mcp;

#[cfg(feature = "cli")]
pub mod host_cli;

pub mod exit;

#[cfg(feature = "hook")]
pub mod hook;

#[cfg(feature = "mcp")]
pub mod mcp_only;

#[cfg(any(feature = "hook", feature = "cli", feature = "mcp"))]
mod standard;

#[cfg(any(feature = "hook", feature = "cli", feature = "mcp"))]
mod secret;

#[cfg(any(feature = "hook", feature = "cli", feature = "mcp"))]
mod stores;

/// The session store on Valkey or Redis that a team's hosts share
/// (`tackle-store-redis`), for an embedder to open itself.
#[cfg(feature = "redis-store")]
pub use tackle_store_redis as redis_store;

#[cfg(all(
    any(feature = "hook", feature = "cli", feature = "mcp"),
    any(test, not(feature = "providers"))
))]
mod no_providers;

#[cfg(feature = "providers")]
pub mod providers;

#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;

pub use tackle::{CallInfo, Cancellation, Problem, ToolResult, ToolSink};
pub use tackle_host::{
    Approval, Approver, CONTEXT_CAP, CallError, CommandError, ConfigError, DEFAULT_HOOK_TIMEOUT,
    Defs, Fold, GuardedCall, HookResult, Host, HostBuilder, HostConfig, HostError, LoadedPlugin,
    LoadedProvider, PluginStatus, ProviderChoiceError, ProviderSource, Registry, RegistryError,
    RegistryProblem, ResolvedProvider, SystemContext, ToolCallRequest, quiet_plugin_panics,
    truncate_output,
};
