//! The host a host binary's standard options describe, for the command
//! line and the hook entry point alike.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tackle_host::Host;
use tackle_host::trust::{Started, UserVars};

/// How long a host gives each plugin's state to start.
pub(crate) const INIT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

/// The builder the global options describe: the config in layers,
/// `config` the one named on the command line, the user-level variables
/// read once for a process `started` by the user or by an agent.
pub(crate) fn host_builder(
    agent_dir: &Option<PathBuf>,
    config: &Option<PathBuf>,
    started: Started,
) -> crate::HostBuilder {
    let vars = UserVars::read_for(agent_dir.as_deref(), started);
    let builder = Host::builder()
        .agent_dir(self::agent_dir(agent_dir, &vars))
        .user_vars(vars)
        .discover_plugins(true)
        .standard_config(config.clone())
        .init_timeout(INIT_TIMEOUT)
        .provider_source(api_providers());
    match crate::stores::opener() {
        Some(opener) => builder.store_opener(opener),
        None => builder,
    }
}

/// The agent folder: `--agent-dir`, else `TACKLE_AGENT_DIR` where honoured,
/// else the working directory.
pub(crate) fn agent_dir(given: &Option<PathBuf>, vars: &UserVars) -> PathBuf {
    given
        .clone()
        .or_else(|| vars.agent_dir().map(Path::to_path_buf))
        .unwrap_or_else(|| std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")))
}

/// The model APIs (`provider = "anthropic"`, ...), or in a binary built
/// without them, their names and how to build them in.
fn api_providers() -> Arc<dyn crate::ProviderSource> {
    #[cfg(feature = "providers")]
    return crate::providers::api_providers();
    #[cfg(not(feature = "providers"))]
    return Arc::new(crate::no_providers::NotBuilt);
}

/// What a server logs when `TACKLE_LOG` does not say: hooks and tools stuck
/// on their workers, and the session store's warnings (sessions turned
/// away, values it could not read).
#[cfg(any(feature = "cli", feature = "mcp"))]
pub(crate) const SERVER_LOG: &str = "tackle::stuck=error,tackle::session=warn";

/// Logs when `TACKLE_LOG` asks, else `default` (a server's), else not at
/// all: everything a command's user needs is reported by the command
/// itself, and stderr stays clean for the agents that read it.
///
/// `TACKLE_LOG` is a level (`debug`) or targets with levels
/// (`tackle_runtime=trace,info`).
pub(crate) fn init_logging(default: Option<&str>) {
    use std::io::{IsTerminal, Write};
    use tracing_subscriber::filter::Targets;
    use tracing_subscriber::prelude::*;
    let text = match (std::env::var_os("TACKLE_LOG"), default) {
        (Some(text), _) => text.to_string_lossy().into_owned(),
        (None, Some(default)) => default.to_owned(),
        (None, None) => return,
    };
    let filter: Targets = match text.parse() {
        Ok(filter) => filter,
        Err(e) => {
            let _ = writeln!(
                std::io::stderr().lock(),
                "warning: TACKLE_LOG=`{text}` is not a log filter ({e}); write a level (`debug`) or `target=level,...`; logging stays off"
            );
            return;
        }
    };
    let layer = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_target(false);
    let _ = tracing_subscriber::registry()
        .with(layer)
        .with(filter)
        .try_init();
}

/// Says on stderr, for whoever starts a server or runs a command, which
/// plugins are off because they failed to load, and that an untrusted
/// project asked for things it did not get.
#[cfg(any(feature = "cli", feature = "mcp"))]
pub(crate) fn report_load(host: &Host) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    for (def, problems) in host.failures() {
        let _ = writeln!(
            err,
            "warning: plugin `{}` is off because it failed to load:",
            def.id
        );
        for p in problems {
            let _ = writeln!(err, "  - {p}");
        }
    }
    if let Some(note) = untrusted_note(host) {
        let _ = writeln!(err, "note: {note}");
    }
}

/// One line saying the project asked for things it did not get, for the
/// commands people run and the servers they start (the hook binary gives
/// the same line among its notes).
#[cfg(any(feature = "cli", feature = "mcp"))]
pub(crate) fn untrusted_note(host: &Host) -> Option<String> {
    crate::trust::not_applied_note(host.withheld())
}

/// What an MCP server tells its clients it is: the plugins it serves.
#[cfg(feature = "mcp")]
pub(crate) fn instructions(host: &Host) -> String {
    let mut text = String::from("Tools from these tackle plugins:");
    for plugin in host.plugins() {
        if plugin.status() != crate::PluginStatus::Ready {
            continue;
        }
        let def = plugin.def();
        text.push_str("\n- ");
        text.push_str(def.id);
        if !def.description.is_empty() {
            text.push_str(": ");
            text.push_str(def.description);
        }
    }
    text
}
