//! The hook entry point: `hook <agent> <NativeEvent>`, read without clap.
//! The agent starts this process for every event, so its start-up is kept
//! to the bare minimum.
//!
//! [`main`] is the whole of a hook-only binary (feature `hook` without
//! `cli`): it answers agents' hooks and nothing else, so it links neither
//! the command line nor the MCP server.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use crate::agents::hook::{self, Watchdog};
use crate::session::SessionLimits;
use crate::trust::Started;

/// The usage line of a hook call.
const USAGE: &str = "hook <AGENT> <EVENT>, with --agent-dir DIR and --config FILE";

/// A hook-only binary's `main`: a hook call read from the process's
/// arguments. Run without arguments (a person trying it), it says what it
/// is and that it did nothing, and exits 0: every agent reads exit 2 as a
/// refusal, and Copilot CLI any other failure too. Any other command line
/// is a usage error naming the one command it has.
///
/// ```rust,no_run
/// tackle_runtime::link!(metrics);
///
/// fn main() -> std::process::ExitCode {
///     tackle_runtime::hook::main()
/// }
/// ```
pub fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    if let Some(code) = fast_path(&args) {
        return code.into();
    }
    let help = args.iter().skip(1).any(|a| a == "-h" || a == "--help");
    let bin = args
        .first()
        .and_then(|a| std::path::Path::new(a).file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "host".to_owned());
    let text = format!(
        "`{bin}` answers coding agents' hooks and nothing else.\nusage: {bin} {USAGE} (or TACKLE_AGENT_DIR, TACKLE_CONFIG)\nThe plugins' other commands (list, mcp, install, ...) are in the host's full binary."
    );
    if help {
        println!("{text}");
        ExitCode::from(crate::exit::OK)
    } else if args.len() <= 1 {
        eprintln!(
            "{text}\nIt was run without arguments, so it did nothing: an agent runs it with a hook call and the event on stdin (`export` and `install` write those commands)."
        );
        ExitCode::from(crate::exit::OK)
    } else {
        eprintln!("error: {text}");
        ExitCode::from(crate::exit::USAGE)
    }
}

/// `Some(exit code)` when the command line is a hook call; `None` for
/// anything else (and for `hook --help`).
pub(crate) fn fast_path(args: &[OsString]) -> Option<u8> {
    let words: Vec<&str> = args
        .iter()
        .skip(1)
        .map(|a| a.to_str())
        .collect::<Option<_>>()?;
    let (mut agent_dir, mut config, mut positional) = (None, None, Vec::new());
    let mut unknown = None;
    let mut words = words.into_iter();
    while let Some(word) = words.next() {
        match word {
            "-h" | "--help" => return None,
            "--agent-dir" | "--config" => match (word, words.next()) {
                ("--agent-dir", Some(dir)) => agent_dir = Some(dir),
                (_, Some(file)) => config = Some(file),
                (_, None) => unknown = Some(word),
            },
            _ if word.starts_with("--agent-dir=") => agent_dir = word.split_once('=').map(|x| x.1),
            _ if word.starts_with("--config=") => config = word.split_once('=').map(|x| x.1),
            _ if word.starts_with('-') => unknown = unknown.or(Some(word)),
            _ => positional.push(word),
        }
    }
    let ["hook", rest @ ..] = positional.as_slice() else {
        return None;
    };
    // Never a usage error's exit code 2 here, which would block the
    // agent's action whatever the plugins say: arguments the binary cannot
    // read block only where a fail-closed hook could have been meant.
    if let Some(flag) = unknown {
        return Some(unhandled(
            None,
            &format!("`hook` takes no option `{flag}` (usage: {USAGE})"),
        ));
    }
    let [agent, event] = rest else {
        return Some(unhandled(
            None,
            &format!(
                "usage: {USAGE} (got {} argument(s) after `hook`)",
                rest.len()
            ),
        ));
    };
    // `TACKLE_AGENT_DIR` and `TACKLE_CONFIG` are read with the other
    // user-level variables (`trust::UserVars`), never here.
    let agent_dir = agent_dir.map(PathBuf::from);
    let config = config.map(PathBuf::from);
    Some(run(agent, event, &agent_dir, &config))
}

/// Answers a hook call that cannot run (`call`: its agent and event, when
/// its arguments could be read).
fn unhandled(call: Option<(&str, &str)>, message: &str) -> u8 {
    hook::unhandled(
        call,
        message,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    )
}

/// Runs one hook call on a single-threaded runtime.
pub(crate) fn run(
    agent: &str,
    event: &str,
    agent_dir: &Option<PathBuf>,
    config: &Option<PathBuf>,
) -> u8 {
    let started = Instant::now();
    crate::standard::init_logging(None);
    crate::quiet_plugin_panics();
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            return unhandled(
                Some((agent, event)),
                &format!("cannot start the async runtime: {e}"),
            );
        }
    };
    // One process per event: session values must outlive it.
    // An agent starts this process, with whatever environment it builds.
    let builder = crate::standard::host_builder(agent_dir, config, Started::ByAgent)
        .session_files(SessionLimits::default());
    let watchdog = Watchdog::start(agent, event, started);
    // stdout and stderr unlocked: the watchdog may answer instead.
    runtime.block_on(hook::run(
        agent,
        event,
        builder,
        &watchdog,
        std::io::stdin().lock(),
        &mut std::io::stdout(),
        &mut std::io::stderr(),
    ))
}
