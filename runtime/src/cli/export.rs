//! `export <agent> DIR [--allow-partial] [--bin TRIPLE=PATH ...]`: a plugin
//! package for that agent (see [`crate::agents::export`]).

use std::path::PathBuf;

use super::{exit, output};
use crate::agents::Agent;
use crate::agents::export::targets::Target;
use crate::agents::export::{self, ExportError, Options};
use tackle_host::Host;

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The agent: claude, gemini, codex, copilot, kimi, qwen, droid, opencode, pi or superqode.
    agent: String,
    /// The folder to write the package into (created if missing).
    dir: PathBuf,
    /// Export even if some hooks cannot be delivered by the agent; prints what is dropped.
    #[arg(long)]
    allow_partial: bool,
    /// Ship this target's build: `--bin x86_64-pc-windows-msvc=target/x86_64-pc-windows-msvc/release/my-host.exe`.
    /// Repeat for each target; the package then starts the right one on each system
    /// (default: this binary alone).
    #[arg(long = "bin", value_name = "TRIPLE=PATH", value_parser = Target::parse)]
    bins: Vec<Target>,
}

pub(super) fn run(host: &Host, args: &Args) -> u8 {
    let agent = match Agent::parse(&args.agent) {
        Ok(agent) => agent,
        Err(message) => {
            output::err(format_args!("error: {message}"));
            return exit::USAGE;
        }
    };
    if let Some(triple) = args.bins.iter().enumerate().find_map(|(i, t)| {
        args.bins[..i]
            .iter()
            .any(|u| u.triple == t.triple)
            .then_some(&t.triple)
    }) {
        output::err(format_args!(
            "error: `--bin {triple}=...` is given twice: pass one build per target"
        ));
        return exit::USAGE;
    }
    let options = Options {
        allow_partial: args.allow_partial,
        targets: args.bins.clone(),
        ..Options::default()
    };
    match export::export(host, agent, &args.dir, &options) {
        Ok(report) => {
            let mut text = format!(
                "Exported a {} package to {}:\n",
                agent.title(),
                report.dir.display()
            );
            for file in &report.files {
                text.push_str(&format!("  {}\n", file.display()));
            }
            if report.events.is_empty() {
                text.push_str("No hook events: the plugins have no hooks this agent runs.\n");
            } else {
                text.push_str(&format!("Hook events: {}\n", report.events.join(", ")));
            }
            for note in &report.notes {
                text.push_str(&format!("note: {note}\n"));
            }
            output::write(&text);
            for warning in &report.warnings {
                output::err(format_args!("warning: {warning}"));
            }
            if !report.dropped.is_empty() {
                output::err(format_args!(
                    "warning: --allow-partial: {} cannot deliver these, so the package drops them:",
                    agent.title()
                ));
                for dropped in &report.dropped {
                    output::err(format_args!("  - {dropped}"));
                }
            }
            exit::OK
        }
        Err(e) => {
            output::err(format_args!("error: {e}"));
            match e {
                ExportError::Unsupported { .. } | ExportError::UnsafeFolder { .. } => exit::CONFIG,
                ExportError::Outside { .. } | ExportError::Io { .. } | ExportError::Binary(_) => {
                    exit::WRITE_FAILED
                }
            }
        }
    }
}
