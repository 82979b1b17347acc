//! `export <agent> DIR`: a ready plugin package for that agent.

use std::path::PathBuf;

use super::{exit, output};
use crate::host::Host;

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The agent: claude, gemini, codex, copilot, kimi, opencode or pi.
    agent: String,
    /// The folder to write the package into (created if missing).
    dir: PathBuf,
    /// Export even if some hooks cannot be delivered by the agent; prints what is dropped.
    #[arg(long)]
    allow_partial: bool,
}

pub(super) fn run(_host: &Host, args: &Args) -> u8 {
    output::err(format_args!(
        "error: export to {} is not written yet ({})",
        args.agent,
        args.dir.display()
    ));
    let _ = args.allow_partial;
    exit::CONFIG
}
