//! `hook <agent> <NativeEvent>`, read without clap: the agent starts this
//! process for every event, so its start-up is kept to the bare minimum.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Instant;

use crate::agents::hook::{self, Watchdog};
use crate::session::SessionLimits;

/// The hook command's own arguments.
#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The agent: claude, gemini, codex, copilot, kimi, qwen, droid, opencode, pi or superqode.
    agent: String,
    /// The agent's name of the event (`PreToolUse`, `BeforeTool`, `preToolUse`, ...).
    event: String,
}

/// `Some(exit code)` when the command line is a hook call; `None` for
/// anything else (and for `hook --help`), which clap then reads.
pub(super) fn fast_path(args: &[OsString]) -> Option<u8> {
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
    // Never clap's usage error here, whose exit code 2 would block the
    // agent's action whatever the plugins say: arguments the binary cannot
    // read block only where a fail-closed hook could have been meant.
    if let Some(flag) = unknown {
        return Some(unhandled(
            None,
            &format!(
                "`hook` takes no option `{flag}` (usage: hook <AGENT> <EVENT>, with --agent-dir DIR and --config FILE)"
            ),
        ));
    }
    let [agent, event] = rest else {
        return Some(unhandled(
            None,
            &format!(
                "usage: hook <AGENT> <EVENT> (got {} argument(s) after `hook`)",
                rest.len()
            ),
        ));
    };
    let agent_dir = agent_dir
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("TACKLE_AGENT_DIR").map(PathBuf::from));
    // `TACKLE_CONFIG` is read with the other trust variables (`trust::UserVars`).
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
pub(super) fn run(
    agent: &str,
    event: &str,
    agent_dir: &Option<PathBuf>,
    config: &Option<PathBuf>,
) -> u8 {
    let started = Instant::now();
    super::init_logging();
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
    let builder = super::host_builder(agent_dir, config).session_files(SessionLimits::default());
    let watchdog = Watchdog::start(agent, event, started);
    // stdout and stderr unlocked: the watchdog's thread may answer instead.
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

/// `hook` reached through clap (global options before it).
pub(super) fn from_clap(args: &Args, agent_dir: &Option<PathBuf>, config: &Option<PathBuf>) -> u8 {
    run(&args.agent, &args.event, agent_dir, config)
}
