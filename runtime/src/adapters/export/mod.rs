//! `export <agent> DIR`: the host's plugins as a package the agent loads.
//!
//! The plan (`plan.rs`) decides which native events the package
//! registers, from the hooks of every plugin the config does not leave out
//! and the
//! [coverage table](super::coverage); one file per agent writes them in the
//! agent's format, with the host binary copied in and the plugins' skills
//! and slash commands beside it. The writer (`write.rs`) keeps every write
//! inside the folder, and lists what it wrote in `.tackle-export.json` so
//! that the next export there removes what it no longer writes.
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use tackle_runtime::Host;
//! use tackle_runtime::adapters::Agent;
//! use tackle_runtime::adapters::export::{self, Options};
//!
//! let host = Host::builder().build().await?;
//! let report = export::export(&host, Agent::Claude, "dist/claude".as_ref(), &Options::default())?;
//! for file in &report.files {
//!     println!("{}", file.display());
//! }
//! # Ok(())
//! # }
//! ```

mod claude;
mod codex;
mod copilot;
mod gemini;
mod kimi;
mod matcher;
mod opencode;
mod package;
mod pi;
mod plan;
mod quote;
mod shim;
mod write;

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use tackle::hook::HookPoint;

use super::Agent;
use crate::host::Host;

pub(crate) use package::first_line;
use plan::Plan;

/// What `export` may do beyond the defaults.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Write the package even when the agent cannot deliver some hooks;
    /// they are listed in [`Report::dropped`].
    pub allow_partial: bool,
    /// The host binary to copy into the package (default: the running
    /// executable).
    pub binary: Option<PathBuf>,
    /// The package's version (default: the plugins' version when they all
    /// share one, else `0.1.0`).
    pub version: Option<String>,
}

/// A hook (or a plugin's rules or context) the package cannot deliver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dropped {
    /// `plugin::hook`, or what else it is (`guard: permission rules`).
    pub what: String,
    /// The hook point it needs.
    pub point: HookPoint,
    /// Why it cannot be delivered.
    pub why: String,
}

impl fmt::Display for Dropped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at `{}`: {}", self.what, self.point, self.why)
    }
}

/// What an export wrote.
#[derive(Debug, Clone)]
pub struct Report {
    /// The agent.
    pub agent: Agent,
    /// The package folder, resolved.
    pub dir: PathBuf,
    /// Every file written, relative to `dir`, in order.
    pub files: Vec<PathBuf>,
    /// The native events the package registers.
    pub events: Vec<&'static str>,
    /// What the agent cannot deliver (only with
    /// [`allow_partial`](Options::allow_partial)).
    pub dropped: Vec<Dropped>,
    /// What the user should know: how to install, what was left out.
    pub notes: Vec<String>,
    /// What may not work as the user expects (a plugin that failed to load
    /// where `export` ran is exported all the same).
    pub warnings: Vec<String>,
}

/// Why an export failed.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The agent cannot deliver some hooks and partial exports were not
    /// allowed; nothing was written.
    #[error("{}", unsupported(*agent, dropped))]
    Unsupported {
        /// The agent.
        agent: Agent,
        /// Every hook it cannot deliver.
        dropped: Vec<Dropped>,
    },
    /// A write would have left the package folder.
    #[error("refusing to write `{}`: {why}", path.display())]
    Outside {
        /// The path refused.
        path: PathBuf,
        /// Why it would leave the folder.
        why: String,
    },
    /// A file could not be written.
    #[error("cannot write `{}`: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
    /// The host binary to copy could not be found.
    #[error("cannot find the host binary to copy into the package: {0}")]
    Binary(String),
}

/// Where the agent looks for the package, in one line.
fn how_to_load(agent: Agent, dir: &Path, name: &str) -> String {
    let dir = quote::shell(&dir.to_string_lossy());
    match agent {
        Agent::Claude => format!("try it with `claude --plugin-dir {dir}`, or publish it in a marketplace"),
        Agent::Gemini => format!(
            "install it with `gemini extensions install {dir}`; its slash commands find the binary in ~/.gemini/extensions/{name}/"
        ),
        Agent::Codex => format!(
            "list {dir} in a marketplace (.agents/plugins/marketplace.json), then `codex plugin add {name}@<marketplace>`"
        ),
        Agent::Copilot => "Copilot CLI loads .github/hooks/ from the repository it runs in: export into the repository's root".to_owned(),
        Agent::Kimi => "Kimi CLI has no plugin folder: the hooks go in its config".to_owned(),
        Agent::OpenCode => "OpenCode loads .opencode/plugins/ from the project it runs in: export into the project's root".to_owned(),
        Agent::Pi => "Pi loads .pi/extensions/ from the project it runs in: export into the project's root".to_owned(),
    }
}

fn unsupported(agent: Agent, dropped: &[Dropped]) -> String {
    let mut text = format!(
        "{} cannot deliver {} of the plugins' hooks, so the package would drop {}:",
        agent.title(),
        dropped.len(),
        if dropped.len() == 1 { "it" } else { "them" }
    );
    for d in dropped {
        text.push_str(&format!("\n  - {d}"));
    }
    text.push_str(
        "\nExport to an agent that delivers them (see `adapters`), or pass --allow-partial to export without them.",
    );
    text
}

/// Writes `host`'s plugins (all but those the config's `enabled` list
/// leaves out) into `dir` as a package for `agent`.
///
/// Refuses ([`ExportError::Unsupported`], nothing written) when the agent
/// cannot deliver a hook, unless [`Options::allow_partial`]. Never writes
/// outside `dir`, and of the files already there removes only those the
/// last export for `agent` wrote and this one does not.
pub fn export(
    host: &Host,
    agent: Agent,
    dir: &Path,
    options: &Options,
) -> Result<Report, ExportError> {
    let plan = Plan::new(host, agent);
    if !plan.dropped.is_empty() && !options.allow_partial {
        return Err(ExportError::Unsupported {
            agent,
            dropped: plan.dropped,
        });
    }
    let binary = match &options.binary {
        Some(path) => path.clone(),
        None => std::env::current_exe().map_err(|e| ExportError::Binary(e.to_string()))?,
    };
    if !binary.is_file() {
        return Err(ExportError::Binary(format!(
            "`{}` is not a file",
            binary.display()
        )));
    }
    let package = package::Package::new(host, &plan, &binary, options);
    let mut out = write::Out::create(dir)?;
    let mut notes = package.notes.clone();
    match agent {
        Agent::Claude => claude::write(&package, &mut out)?,
        Agent::Gemini => gemini::write(&package, &mut out)?,
        Agent::Codex => codex::write(&package, &mut out)?,
        Agent::Copilot => copilot::write(&package, &mut out)?,
        Agent::Kimi => notes.extend(kimi::write(&package, &mut out)?),
        Agent::OpenCode => opencode::write(&package, &mut out)?,
        Agent::Pi => pi::write(&package, &mut out)?,
    }
    let dir = out.root().to_owned();
    notes.push(how_to_load(agent, &dir, &package.name));
    Ok(Report {
        agent,
        dir,
        files: out.finish(agent.name())?,
        events: plan.registrations.iter().map(|r| r.event).collect(),
        dropped: plan.dropped,
        notes,
        warnings: plan.warnings,
    })
}
