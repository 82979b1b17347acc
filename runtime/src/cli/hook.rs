//! `hook <agent> <NativeEvent>`, read without clap: the agent starts this
//! process for every event, so its start-up is kept to the bare minimum.

use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::Arc;

use super::output;
use crate::adapters::hook;
use crate::session::{FileStore, SessionLimits};

/// The hook command's own arguments.
#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The agent: claude, gemini, codex, copilot, kimi, opencode, pi or superqode.
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
    // Never clap's usage error here: its exit code 2 would block the
    // agent's action.
    if let Some(flag) = unknown {
        output::err(format_args!(
            "tackle: `hook` takes no option `{flag}` (usage: hook <AGENT> <EVENT>, with --agent-dir DIR and --config FILE)"
        ));
        return Some(hook::NON_BLOCKING);
    }
    let [agent, event] = rest else {
        output::err(format_args!(
            "tackle: usage: hook <AGENT> <EVENT> (got {} argument(s) after `hook`)",
            rest.len()
        ));
        return Some(hook::NON_BLOCKING);
    };
    let agent_dir = agent_dir
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("TACKLE_AGENT_DIR").map(PathBuf::from));
    let config = config
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("TACKLE_CONFIG").map(PathBuf::from));
    Some(run(agent, event, &agent_dir, &config))
}

/// Runs one hook call on a single-threaded runtime.
pub(super) fn run(
    agent: &str,
    event: &str,
    agent_dir: &Option<PathBuf>,
    config: &Option<PathBuf>,
) -> u8 {
    super::init_logging();
    crate::quiet_plugin_panics();
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            output::err(format_args!("tackle: cannot start the async runtime: {e}"));
            return hook::NON_BLOCKING;
        }
    };
    // One process per event: session values must outlive it.
    let store = FileStore::in_tackle_home(SessionLimits::default());
    let builder = super::host_builder(agent_dir, config).session_store(Arc::new(store));
    runtime.block_on(hook::run(
        agent,
        event,
        builder,
        std::io::stdin().lock(),
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    ))
}

/// `hook` reached through clap (global options before it).
pub(super) fn from_clap(args: &Args, agent_dir: &Option<PathBuf>, config: &Option<PathBuf>) -> u8 {
    run(&args.agent, &args.event, agent_dir, config)
}
