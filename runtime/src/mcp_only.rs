//! The MCP entry point: `mcp` over stdio, read without clap.
//!
//! [`main`] is the whole of an MCP-only binary (feature `mcp` without
//! `cli`): it serves the plugins' tools, resources and prompts to an MCP
//! client on stdin and stdout and nothing else, so it links neither the
//! command line, nor the agents' hook handlers, nor the session store on
//! Redis. An MCP client starts its servers as it starts, and maps what
//! they run: this binary is about 40% less code than a full host's, and
//! its peak memory about 30% less (BENCHMARKS.md, "MCP stdio round trip").
//! Over HTTP, and for everything else, the full host binary serves.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use tackle_host::trust::Started;

use crate::mcp::Server;

/// The usage line of an MCP-only binary.
const USAGE: &str = "mcp [--agent-dir DIR] [--config FILE]";

/// What the command line asks for.
#[derive(Debug, PartialEq)]
enum Asked {
    Serve {
        agent_dir: Option<PathBuf>,
        config: Option<PathBuf>,
    },
    Help,
    Usage(String),
}

/// An MCP-only binary's `main`: `<bin> mcp`, the command line an MCP
/// client's config names for the full host too.
///
/// ```rust,no_run
/// tackle_runtime::link!(metrics);
///
/// fn main() -> std::process::ExitCode {
///     tackle_runtime::mcp_only::main()
/// }
/// ```
pub fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    let bin = args
        .first()
        .and_then(|a| std::path::Path::new(a).file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "host".to_owned());
    let about = format!(
        "`{bin}` serves its plugins to MCP clients over stdio, and nothing else.\nusage: {bin} {USAGE} (or TACKLE_AGENT_DIR, TACKLE_CONFIG)\nThe plugins' other commands (list, hook, install, mcp --http, ...) are in the host's full binary."
    );
    let (agent_dir, config) = match read(&args) {
        Asked::Serve { agent_dir, config } => (agent_dir, config),
        Asked::Help => {
            println!("{about}");
            return ExitCode::from(crate::exit::OK);
        }
        Asked::Usage(why) => {
            eprintln!("error: {why}\n{about}");
            return ExitCode::from(crate::exit::USAGE);
        }
    };
    crate::quiet_plugin_panics();
    crate::standard::init_logging(Some(crate::standard::SERVER_LOG));
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        // As the full host's: a worker for every unit of plugin code.
        .max_blocking_threads(crate::offload::BLOCKING_THREADS)
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::from(crate::exit::CONFIG);
        }
    };
    let code = runtime.block_on(serve(&bin, &agent_dir, &config));
    // A sync tool that never returned may still hold a pool thread.
    runtime.shutdown_background();
    ExitCode::from(code)
}

/// Reads `mcp` and its options; `TACKLE_AGENT_DIR` and `TACKLE_CONFIG` are
/// read with the other user-level variables, never here.
fn read(args: &[OsString]) -> Asked {
    let Some(words) = args
        .iter()
        .skip(1)
        .map(|a| a.to_str())
        .collect::<Option<Vec<&str>>>()
    else {
        return Asked::Usage("an argument is not UTF-8".to_owned());
    };
    let (mut agent_dir, mut config, mut command) = (None, None, None);
    let mut words = words.into_iter();
    while let Some(word) = words.next() {
        match word {
            "-h" | "--help" => return Asked::Help,
            "--agent-dir" | "--config" => {
                let Some(value) = words.next() else {
                    return Asked::Usage(format!("`{word}` needs a value"));
                };
                let slot = if word == "--agent-dir" {
                    &mut agent_dir
                } else {
                    &mut config
                };
                *slot = Some(PathBuf::from(value));
            }
            _ if word.starts_with("--agent-dir=") || word.starts_with("--config=") => {
                let (flag, value) = word.split_once('=').unwrap_or_default();
                let slot = if flag == "--agent-dir" {
                    &mut agent_dir
                } else {
                    &mut config
                };
                *slot = Some(PathBuf::from(value));
            }
            _ if word.starts_with('-') => {
                return Asked::Usage(format!("`mcp` takes no option `{word}` here"));
            }
            "mcp" if command.is_none() => command = Some(word),
            _ => return Asked::Usage(format!("unexpected `{word}`")),
        }
    }
    match command {
        Some(_) => Asked::Serve { agent_dir, config },
        None => Asked::Usage("no command: the one command is `mcp`".to_owned()),
    }
}

/// Builds the host as the full binary's `mcp` does (started by an agent:
/// a project's config applies only if trusted), serves until the client
/// closes stdin, and shuts the host down.
async fn serve(bin: &str, agent_dir: &Option<PathBuf>, config: &Option<PathBuf>) -> u8 {
    let built = crate::standard::host_builder(agent_dir, config, Started::ByAgent)
        .build()
        .await;
    let host = match built {
        Ok(host) => Arc::new(host),
        Err(e) => {
            eprintln!("error: {e}");
            return crate::exit::CONFIG;
        }
    };
    crate::standard::report_load(&host);
    let served = Server::new(host.clone())
        .server_info(bin, env!("CARGO_PKG_VERSION"))
        .instructions(crate::standard::instructions(&host))
        .serve_stdio()
        .await;
    let code = match served {
        Ok(()) => crate::exit::OK,
        Err(e) => {
            eprintln!("error: {e}");
            crate::exit::SERVE_FAILED
        }
    };
    host.shutdown().await;
    code
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked(args: &[&str]) -> Asked {
        let args: Vec<OsString> = std::iter::once("host")
            .chain(args.iter().copied())
            .map(OsString::from)
            .collect();
        read(&args)
    }

    #[test]
    fn the_command_line_is_mcp_and_the_standard_options() {
        assert_eq!(
            asked(&["mcp", "--agent-dir", "/a", "--config=/c.toml"]),
            Asked::Serve {
                agent_dir: Some(PathBuf::from("/a")),
                config: Some(PathBuf::from("/c.toml")),
            }
        );
        assert_eq!(
            asked(&["--config", "c.toml", "mcp"]),
            Asked::Serve {
                agent_dir: None,
                config: Some(PathBuf::from("c.toml")),
            }
        );
        assert_eq!(asked(&["mcp", "--help"]), Asked::Help);
        assert_eq!(
            asked(&[]),
            Asked::Usage("no command: the one command is `mcp`".to_owned())
        );
        assert_eq!(
            asked(&["mcp", "--http", "127.0.0.1:0"]),
            Asked::Usage("`mcp` takes no option `--http` here".to_owned())
        );
        assert_eq!(
            asked(&["hook", "claude", "PreToolUse"]),
            Asked::Usage("unexpected `hook`".to_owned())
        );
        assert_eq!(
            asked(&["mcp", "--agent-dir"]),
            Asked::Usage("`--agent-dir` needs a value".to_owned())
        );
    }
}
