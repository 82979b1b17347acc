//! The host command line: the commands every host binary gets from
//! [`main`] (not the project tool `tackle`, which is the `tackle-cli` crate).
//!
//! ```text
//! <bin> list [--json]                 the linked plugins and their tools
//! <bin> manifest                      JSON: plugins, tools, schemas, config schemas
//! <bin> call TOOL [--args JSON]       call a tool through the hooks and print its result
//! <bin> command "/NAME ARGS" [--json] run a plugin's slash command on the host
//! <bin> complete [--provider NAME] PROMPT   ask an LLM provider for one reply
//! <bin> doctor [--fix] [--json]       run the doctor checks, apply their fixes
//! <bin> hook AGENT EVENT              be an agent's hook handler: event on stdin, reply on stdout
//! <bin> adapters [--markdown|--json]  which hook points each agent delivers
//! <bin> export AGENT DIR [--allow-partial]  a plugin package for that agent
//! <bin> export npm DIR [--bin TRIPLE=PATH ...] [--bins DIR]   npm packages: a launcher and a build per platform
//! <bin> install AGENT [--project|--user] [--dry-run] [--uninstall]   the package, where the agent reads it
//! <bin> install AGENT --managed [--managed-hooks-only] [--managed-root DIR]   in the agent's managed policy, for every user
//! <bin> mcp [--session ID]            an MCP server with the plugins' tools, on stdio
//! <bin> mcp --http ADDR [--stateless] [--allow-host H] [--allow-origin O] [--bearer-token-env VAR | --no-auth]
//!           [--auth-server URL]... [--resource-url URL] [--max-in-flight N] [--request-timeout SECS]
//!           [--max-connections N] [--max-connections-per-peer N] [--max-waiting-per-peer N]
//!           [--max-sessions N] [--session-idle-timeout SECS]
//!                                     the same over Streamable HTTP at http://ADDR/mcp (feature `http`)
//! <bin> mcp ... --session-store URL [--session-store-password-env VAR]
//!                                     hooks' session values in a store the replicas share (feature `redis-store`)
//! <bin> plugins list|enable|disable|validate|doctor|trust   linked and declarative plugins
//! <bin> replay FILE [--json] [--only WHAT] [--fail-on WHAT]   a recorded session through the hooks
//! ```
//!
//! Global options: `--agent-dir DIR` (or `TACKLE_AGENT_DIR`; default the
//! current directory) and `--config FILE` (or `TACKLE_CONFIG`); the two
//! variables are user-level, read only through `trust::UserVars`. The config
//! is read in layers ([`crate::trust`]): `$TACKLE_HOME/tackle.toml`, then
//! the named config or else the project's `tackle.toml` in the agent
//! folder, which may only tighten until the project is trusted. `TACKLE_LOG` turns on
//! logs and sets their filter (`debug`, `tackle_runtime=trace`, ...); they go
//! to stderr. Without it nothing is logged: each command reports what its
//! user needs itself.
//!
//! Exit codes are listed in [`exit`].

mod adapters;
mod call;
mod command;
mod complete;
mod doctor;
pub use crate::exit;
mod export;
mod hook;
mod install;
mod list;
mod manifest;
mod mcp;
mod output;
mod plugins;
mod progress;
mod providers;
mod replay;
mod run;
mod table;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use tackle_host::{Host, HostError};

use crate::standard::host_builder;
use crate::trust::{Started, UserVars};

/// The command line of a tackle host binary.
#[derive(Debug, Parser)]
#[command(
    about = "A tackle host: typed Rust plugins for AI coding agents.",
    after_help = exit::HELP,
    disable_help_subcommand = true
)]
struct Cli {
    /// The agent folder plugins see (also TACKLE_AGENT_DIR, unless the project's
    /// agent settings name it; default: the current directory).
    // No `env = ...`: the variable is user-level, read by `trust::UserVars`.
    #[arg(long, global = true, value_name = "DIR")]
    agent_dir: Option<PathBuf>,
    /// A config of your own, read over ~/.tackle/tackle.toml instead of the project's
    /// tackle.toml (also TACKLE_CONFIG; a project's tackle.toml may only tighten until
    /// `plugins trust`).
    #[arg(long, global = true, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Report each model turn of subagents and prompt cron jobs on
    /// stderr: turns, tool calls, tokens. On by default when stderr is a terminal.
    #[arg(long, global = true)]
    progress: bool,
    #[command(subcommand)]
    command: Action,
}

/// Every command's help ends with the table of exit codes
/// ([`with_exit_codes`] adds it), but `hook`'s, which exits as its agent's
/// protocol says, and `replay`'s, which has its own.
#[derive(Debug, Subcommand)]
enum Action {
    /// List the linked plugins, whether each runs, and their tools.
    List {
        /// Print JSON instead of tables.
        #[arg(long)]
        json: bool,
    },
    /// Print every plugin with its tools, their JSON Schemas and its config schema, as JSON.
    Manifest,
    /// Call a tool with JSON arguments and print its result.
    ///
    /// The call goes through the hooks and permission rules, as over MCP;
    /// `--no-hooks` calls the tool alone.
    Call(call::CallArgs),
    /// Run a plugin's slash command: `command "/review --depth 2 src"`.
    Command(command::Args),
    /// Run the plugins' cron jobs until SIGINT or SIGTERM.
    Run(run::Args),
    /// Run every doctor check and validate config, skills and hooks.
    Doctor(doctor::Args),
    /// Ask an LLM provider for one reply: `complete --provider scripted "prompt"`.
    Complete(complete::Args),
    /// Be an agent's hook handler: the event's JSON on stdin, the agent's reply on stdout.
    ///
    /// Exit codes follow the agent's protocol, not the table below: 0 with
    /// the reply on stdout, 2 to block where the agent blocks that way, 1
    /// for an error the agent must not take as a decision.
    Hook(hook::Args),
    /// Print which hook points each agent delivers: natively, emulated, or not at all.
    Adapters(adapters::Args),
    /// Write a ready plugin package for an agent: `export claude dist/claude`.
    Export(export::Args),
    /// Put the package where the agent reads it, merged into its config: `install claude`.
    Install(install::Args),
    /// Plugins, linked and declarative: list, enable, disable, validate, doctor, trust.
    Plugins(plugins::Args),
    /// Serve the plugins' tools to an MCP client on stdin and stdout, or over HTTP.
    ///
    /// Calls go through the plugins' hooks. Stdout carries only the
    /// protocol; anything a plugin prints goes to stderr. With `--http
    /// ADDR`, the server takes Streamable HTTP clients at http://ADDR/mcp
    /// instead, until SIGINT or SIGTERM.
    Mcp(mcp::Args),
    /// Replay a Claude Code transcript or tackle's event log through the hooks.
    ///
    /// Prints a timeline and what would have been denied, asked or
    /// rewritten; for an event log, also where today's hooks decide
    /// otherwise than the recorded run.
    #[command(after_help = replay::HELP)]
    Replay(replay::Args),
}

/// The table of exit codes after the help of every subcommand that exits
/// by it.
fn with_exit_codes(cli: clap::Command) -> clap::Command {
    cli.mut_subcommands(|sub| match sub.get_name() {
        "hook" | "replay" => sub,
        _ => sub.after_help(exit::HELP),
    })
}

/// Runs the CLI on the process's arguments; the whole `main` of a host.
pub fn main() -> ExitCode {
    run(std::env::args_os())
}

/// Runs the CLI on the given arguments (the first is the program name).
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    // An agent starts the hook path once per event: it skips clap.
    if let Some(code) = crate::hook::fast_path(&args) {
        return code.into();
    }
    // Tool panics are reported as results; keep Rust's report off stderr.
    crate::quiet_plugin_panics();
    let bin = args
        .first()
        .and_then(|a| Path::new(a).file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "tackle".to_owned());
    let command = with_exit_codes(Cli::command())
        .name(bin.clone())
        .bin_name(bin.clone());
    let cli = match command
        .try_get_matches_from(args)
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                exit::USAGE.into()
            } else {
                exit::OK.into()
            };
        }
    };
    // A server's log says, unasked, what its operator must know: a hook or
    // tool stuck on its worker, a session store that turns sessions away.
    let serves = matches!(cli.command, Action::Mcp(_));
    crate::standard::init_logging(serves.then_some(crate::standard::SERVER_LOG));
    match &cli.command {
        Action::Hook(args) => return hook::from_clap(args, &cli.agent_dir, &cli.config).into(),
        Action::Adapters(args) => return adapters::run(args).into(),
        _ => {}
    }
    // One thread: tools and plugin state run here; a CLI call is one request.
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        // Room for every worker a server runs plugin code on, and the
        // stuck ones besides, so that blocking I/O never queues behind them.
        .max_blocking_threads(crate::offload::BLOCKING_THREADS)
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            output::err(format_args!("error: cannot start the async runtime: {e}"));
            return exit::CONFIG.into();
        }
    };
    // What an agent starts gets the environment the agent builds, which a
    // project's settings can fill: no `TACKLE_TRUST_PROJECT` there.
    let started = match cli.command {
        Action::Mcp(_) | Action::Command(_) => Started::ByAgent,
        _ => Started::ByUser,
    };
    let code = runtime.block_on(async {
        // The doctor reports a host that cannot be built, too.
        if let Action::Doctor(args) = cli.command {
            return doctor::main(host_builder(&cli.agent_dir, &cli.config, started), args).await;
        }
        // Validation and trust need no host; the others report a host
        // that cannot be built themselves.
        if let Action::Plugins(args) = cli.command {
            let builder = host_builder(&cli.agent_dir, &cli.config, started);
            let vars = UserVars::read_for(cli.agent_dir.as_deref(), started);
            let agent_dir = crate::standard::agent_dir(&cli.agent_dir, &vars);
            return plugins::run(builder, agent_dir, args).await;
        }
        let store = match &cli.command {
            Action::Mcp(args) => args.store_setting(),
            _ => None,
        };
        let host = match build_host(&cli.agent_dir, &cli.config, cli.progress, started, store).await
        {
            Ok(host) => host,
            Err(code) => return code,
        };
        let code = match cli.command {
            Action::List { json } => list::run(&host, json),
            Action::Manifest => manifest::run(&host),
            Action::Call(args) => call::run(&host, args).await,
            Action::Command(args) => command::run(&host, args).await,
            Action::Run(args) => run::run(&host, args).await,
            Action::Complete(args) => complete::run(&host, args).await,
            Action::Export(args) => export::run(&host, &args),
            Action::Install(args) => install::run(&host, &args, Some(host.agent_dir())),
            Action::Replay(args) => replay::run(&host, args).await,
            // It shuts the host down itself: the server shares it.
            Action::Mcp(args) => return mcp::run(host, &bin, &args).await,
            // Handled above, before a host is built; kept for exhaustiveness.
            Action::Doctor(args) => {
                doctor::main(host_builder(&cli.agent_dir, &cli.config, started), args).await
            }
            Action::Hook(_) | Action::Adapters(_) | Action::Plugins(_) => exit::USAGE,
        };
        host.shutdown().await;
        code
    });
    // Everything the command awaited is done. A thread of the blocking
    // pool may still run a sync tool that never returned (the MCP server
    // answered it as timed out): dropping the runtime would wait for it.
    runtime.shutdown_background();
    code.into()
}

/// Builds the host the options describe, with a subagent bridge on the
/// configured provider for subagents and prompt cron jobs, and reports plugins that
/// failed to load and what the untrusted project was refused; on a fatal
/// problem, prints it and returns the exit code.
async fn build_host(
    agent_dir: &Option<PathBuf>,
    config: &Option<PathBuf>,
    progress: bool,
    started: Started,
    store: Option<crate::session::StoreSetting>,
) -> Result<Arc<Host>, u8> {
    let bridge = Arc::new(progress::bridge(progress));
    let mut builder = host_builder(agent_dir, config, started).subagent_bridge(bridge.clone());
    if let Some(store) = store {
        builder = builder.session_store_url(store);
    }
    let built = builder.build().await;
    match built {
        Ok(host) => {
            let host = Arc::new(host);
            bridge.attach(&host);
            crate::standard::report_load(&host);
            Ok(host)
        }
        Err(e @ (HostError::Registry(_) | HostError::Config(_))) => {
            output::err(format_args!("error: {e}"));
            Err(exit::CONFIG)
        }
    }
}

/// `agents`' command-line names, for a help text: made from the registry,
/// so that a new agent appears in every list by itself.
pub(crate) fn agent_names(agents: impl IntoIterator<Item = crate::agents::Agent>) -> String {
    agents
        .into_iter()
        .map(crate::agents::Agent::name)
        .collect::<Vec<_>>()
        .join(", ")
}
