//! `hook <agent> <NativeEvent>` reached through clap (global options
//! before it, or `hook --help`); the usual call skips clap
//! ([`crate::hook`]).

use std::path::PathBuf;

/// The hook command's own arguments.
#[derive(Debug, clap::Args)]
pub(super) struct Args {
    #[arg(help = format!("The agent: {}", super::agent_names(crate::agents::Agent::ALL)))]
    agent: String,
    /// The agent's name of the event (`PreToolUse`, `BeforeTool`, `preToolUse`, ...).
    event: String,
}

/// Runs the hook call the arguments name.
pub(super) fn from_clap(args: &Args, agent_dir: &Option<PathBuf>, config: &Option<PathBuf>) -> u8 {
    crate::hook::run(&args.agent, &args.event, agent_dir, config)
}
