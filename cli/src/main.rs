//! `tackle`: see the crate's documentation.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use serde_json::json;
use tackle_cli::{Created, NewOptions, TackleSource};

/// tackle: typed Rust plugins for AI coding agents.
#[derive(Debug, Parser)]
#[command(name = "tackle", version, disable_help_subcommand = true)]
struct Cli {
    #[command(subcommand)]
    command: Action,
}

#[derive(Debug, Subcommand)]
enum Action {
    /// Make a plugin crate and a host binary that build and pass their tests at once.
    ///
    /// Exit codes: 0 written, 1 a file could not be written, 2 a bad name,
    /// a folder that is not empty, or no tackle to depend on.
    New(NewArgs),
}

#[derive(Debug, clap::Args)]
struct NewArgs {
    /// The plugin's crate name: lowercase letters, digits, `-` and `_`.
    name: String,
    /// The project's folder (default: ./NAME).
    #[arg(long, value_name = "DIR")]
    path: Option<PathBuf>,
    /// A tackle checkout to depend on by path (default: the one `tackle` was built from).
    #[arg(long, value_name = "DIR")]
    tackle_path: Option<PathBuf>,
    /// Depend on tackle from this git repository instead of a checkout.
    #[arg(long, value_name = "URL", conflicts_with = "tackle_path")]
    git: Option<String>,
    /// Write into a folder that is not empty: files of the same names are replaced, others kept.
    #[arg(long)]
    force: bool,
    /// Print what was written as JSON.
    #[arg(long)]
    json: bool,
}

fn main() -> ExitCode {
    let Action::New(args) = Cli::parse().command;
    let options = NewOptions {
        name: args.name,
        path: args.path,
        tackle_path: args.tackle_path,
        git: args.git,
        force: args.force,
    };
    match tackle_cli::create(&options) {
        Ok(created) => {
            if args.json {
                println!("{}", report_json(&created));
            } else {
                print!("{}", report(&created));
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// What was written and what to run next, for a person.
fn report(created: &Created) -> String {
    let name = &created.name;
    let mut out = format!(
        "Created {} (plugin `{}`, host binary `{}`), with tackle from {}:\n",
        created.dir.display(),
        name.plugin_id(),
        name.bin_name(),
        created.source.describe()
    );
    for file in &created.files {
        out.push_str(&format!("  {file}\n"));
    }
    if let Some(why) = &created.unformatted {
        out.push_str(&format!(
            "\nnote: the Rust files are not formatted: {why}; run `cargo fmt` in the project\n"
        ));
    }
    out.push_str("\nNext:\n");
    for command in created.next_commands() {
        out.push_str(&format!("  {command}\n"));
    }
    out
}

/// The same as JSON.
fn report_json(created: &Created) -> serde_json::Value {
    let name = &created.name;
    let tackle = match &created.source {
        TackleSource::Path(root) => json!({ "path": root }),
        TackleSource::Git(url) => json!({ "git": url }),
    };
    json!({
        "dir": created.dir,
        "plugin": {
            "crate": name.crate_name(),
            "lib": name.lib_ident(),
            "id": name.plugin_id(),
        },
        "host": { "crate": name.host_crate(), "bin": name.bin_name() },
        "tackle": tackle,
        "files": created.files,
        "unformatted": created.unformatted,
        "next": created.next_commands(),
    })
}
