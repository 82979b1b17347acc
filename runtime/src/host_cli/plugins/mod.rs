//! `plugins list | enable | disable | validate | doctor | trust`: the
//! plugins a host runs, linked and declarative, and the files that declare
//! the declarative ones.

mod list;
mod report;
mod state;

use std::path::PathBuf;

use clap::{Args as ClapArgs, Subcommand};

use super::{exit, output};
use crate::HostBuilder;

/// `plugins` and its subcommands.
#[derive(Debug, ClapArgs)]
pub(crate) struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Every plugin, linked and found in plugin folders, with its status and source.
    List {
        /// Print JSON instead of tables.
        #[arg(long)]
        json: bool,
    },
    /// Switch a plugin back on in this project (edits .tackle/plugins.json).
    Enable {
        /// The plugin's id.
        id: String,
    },
    /// Switch a plugin off in this project (edits .tackle/plugins.json).
    Disable {
        /// The plugin's id.
        id: String,
    },
    /// Check plugin files: each PATH a plugin folder, a plugin.json or a JSON hooks file.
    Validate {
        /// What to check.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Check every plugin in every plugin folder (shadowed and untrusted ones too), the
    /// `enabled` list and the state file.
    Doctor {
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Trust this project, so that its own plugin folders load (--revoke to stop).
    Trust {
        /// Remove the project from the trusted list instead.
        #[arg(long)]
        revoke: bool,
    },
}

pub(super) async fn run(builder: HostBuilder, agent_dir: PathBuf, args: Args) -> u8 {
    match args.command {
        Command::Validate { paths, json } => report::validate(&paths, json),
        Command::Trust { revoke } => state::trust(&agent_dir, !revoke),
        command => {
            let host = match builder.build().await {
                Ok(host) => host,
                // The files can still be checked: often they are why.
                Err(e) if matches!(command, Command::Doctor { .. }) => {
                    let Command::Doctor { json } = command else {
                        return exit::USAGE;
                    };
                    return report::doctor_without_host(&agent_dir, &e, json);
                }
                Err(e) => {
                    output::err(format_args!("error: {e}"));
                    return exit::CONFIG;
                }
            };
            let code = match command {
                Command::List { json } => list::run(&host, json),
                Command::Enable { id } => state::set(&host, &id, false),
                Command::Disable { id } => state::set(&host, &id, true),
                Command::Doctor { json } => report::doctor(&host, json),
                Command::Validate { .. } | Command::Trust { .. } => exit::USAGE,
            };
            host.shutdown().await;
            code
        }
    }
}
