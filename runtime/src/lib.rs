//! # tackle-runtime
//!
//! The host side of tackle: it collects the plugins linked into a binary
//! (declared with `tackle::plugin!`, `#[tool]` and `#[hook]`), checks them,
//! loads each one's typed config from `tackle.toml`, dispatches tool calls
//! and hook events (with permission rules), assembles plugin context for
//! the system prompt, and gives a binary the `tackle` command line.
//!
//! A host binary is three lines (`no_run`: it is a command line, reading the
//! arguments the process was started with):
//!
//! ```rust,no_run
//! tackle_runtime::link!(metrics, textkit);
//!
//! fn main() -> std::process::ExitCode {
//!     tackle_runtime::cli::main()
//! }
//! ```
//!
//! [`cli::run`] takes the arguments instead, which is how to test a host:
//!
//! ```rust,standalone_crate
//! use std::process::ExitCode;
//! use tackle_runtime::cli::{exit, run};
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
//! [`Host::default_provider`]; [`agent_loop`] drives a session with one.

#![warn(missing_docs)]

pub mod access;
pub mod agent_loop;
pub mod agents;
pub mod cli;
pub mod config;
pub mod declarative;
pub mod doctor;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
mod host;
pub mod limits;
mod link;
pub mod mcp;
pub mod permission;
pub mod problems;
pub mod registry;
pub mod replay;
pub mod scheduler;
mod services;
pub mod session;
pub mod skills;
pub(crate) mod state_file;
pub mod suggest;
#[cfg(feature = "testing")]
pub mod testing;
pub mod trust;

pub use config::{ConfigError, HostConfig};
pub use host::{
    Answer, Approval, Approver, CONTEXT_CAP, CallError, CommandError, DEFAULT_HOOK_TIMEOUT, Fold,
    GuardedCall, Host, HostBuilder, HostError, LoadedPlugin, LoadedProvider, PluginStatus,
    ProviderChoiceError, SystemContext, ToolCallRequest, quiet_plugin_panics, truncate_output,
};
pub use registry::{Defs, Registry, RegistryError, RegistryProblem};
pub use tackle::{CallInfo, Cancellation, Problem, ToolResult, ToolSink};
