//! `tackle`: see the crate's documentation.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use serde_json::json;
use tackle_cli::{AddOptions, Added, Created, NewOptions, TackleSource};

/// tackle: typed Rust plugins for AI coding agents.
#[derive(Debug, Parser)]
#[command(name = "tackle", version, disable_help_subcommand = true)]
struct Cli {
    #[command(subcommand)]
    command: Action,
}

#[derive(Debug, Subcommand)]
enum Action {
    /// Make a plugin crate, a host binary and a hook-only binary that build and pass their tests at once.
    ///
    /// Exit codes: 0 written, 1 a file could not be written, 2 a bad name,
    /// a folder that is not empty, or no tackle to depend on.
    New(NewArgs),
    /// Add a plugin crate to a project `tackle new` made, and link it into its host.
    ///
    /// Writes the crate NAME/ (a config, a tool, tests) and makes the edits
    /// a second plugin needs: the workspace's members and dependencies, the
    /// host's and the hook binary's dependencies and `link!`, `tackle.toml`'s `enabled` list and a
    /// `[plugins.ID]` block. Exit codes: 0 added, 1 a file could not be
    /// written, 2 a bad or taken name, or no project to add it to.
    Add(AddArgs),
}

#[derive(Debug, clap::Args)]
struct AddArgs {
    /// The plugin's crate name: lowercase letters, digits, `-` and `_`.
    name: String,
    /// A folder of the project (default: the current one).
    #[arg(long, value_name = "DIR")]
    path: Option<PathBuf>,
    /// The host's folder, relative to the project (default: the member whose src/main.rs calls `link!`
    /// and is not a hook-only binary; the plugin is linked into every hook-only binary too).
    #[arg(long, value_name = "DIR")]
    host: Option<PathBuf>,
    /// Print what was written as JSON.
    #[arg(long)]
    json: bool,
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
    #[arg(
        long,
        conflicts_with_all = ["tackle_path", "git"],
        help = concat!(
            "Depend on tackle from crates.io at exactly this version (`tackle = { package = \"tackle-sdk\", version = \"=",
            env!("CARGO_PKG_VERSION"),
            "\" }`, and `tackle-runtime` alike), as a project does that is not built beside a \
             checkout (the default when `tackle` was installed from crates.io)"
        )
    )]
    crates_io: bool,
    /// Write into a folder that is not empty: files of the same names are replaced, others kept.
    #[arg(long)]
    force: bool,
    /// Build into this target folder (written to the project's `.cargo/config.toml`):
    /// projects that share one compile tackle and its dependencies once (default, for a project
    /// on a checkout: the checkout's target folder)
    #[arg(long, value_name = "DIR")]
    target_dir: Option<PathBuf>,
    /// Build into the project's own ./target, not the checkout's: tackle and its dependencies are
    /// compiled again for it
    #[arg(long, conflicts_with = "target_dir")]
    own_target: bool,
    /// Do not trust the project for you: until `plugins trust`, its own tackle.toml may only add deny
    /// and ask rules (by default the project, which you wrote, is trusted as `plugins trust` would).
    #[arg(long)]
    no_trust: bool,
    /// Print what was written as JSON.
    #[arg(long)]
    json: bool,
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Action::New(args) => new(args),
        Action::Add(args) => add(args),
    }
}

fn add(args: AddArgs) -> ExitCode {
    let options = AddOptions {
        name: args.name,
        path: args.path,
        host: args.host,
    };
    let result = tackle_cli::add(&options).map_err(|e| (e.to_string(), e.exit_code()));
    respond(result, args.json, added_json, added_report)
}

fn new(args: NewArgs) -> ExitCode {
    let options = NewOptions {
        name: args.name,
        path: args.path,
        tackle_path: args.tackle_path,
        git: args.git,
        crates_io: args.crates_io,
        force: args.force,
        target_dir: args.target_dir,
        own_target: args.own_target,
        trust: !args.no_trust,
    };
    let result = tackle_cli::create(&options).map_err(|e| (e.to_string(), e.exit_code()));
    respond(result, args.json, report_json, report)
}

/// Prints what was done, as JSON or for a person, or the error and its
/// exit code.
fn respond<T>(
    result: Result<T, (String, u8)>,
    json: bool,
    as_json: fn(&T) -> serde_json::Value,
    as_text: fn(&T) -> String,
) -> ExitCode {
    match result {
        Ok(done) if json => {
            println!("{}", as_json(&done));
            ExitCode::SUCCESS
        }
        Ok(done) => {
            print!("{}", as_text(&done));
            ExitCode::SUCCESS
        }
        Err((message, code)) => {
            eprintln!("error: {message}");
            ExitCode::from(code)
        }
    }
}

/// What was written and what to run next, for a person.
fn report(created: &Created) -> String {
    let name = &created.name;
    let mut out = format!(
        "Created {} (plugin `{}`, host binary `{}`, hook binary `{}`), with tackle from {}:\n",
        created.dir.display(),
        name.plugin_id(),
        name.bin_name(),
        name.hook_crate(),
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
    match &created.target_dir {
        Some(dir) => out.push_str(&format!(
            "\nIt builds into `{}` (.cargo/config.toml), which other projects share: what is\n\
             built there already is not compiled again (`--own-target` for a folder of its own).\n",
            dir.display()
        )),
        None if std::env::var_os("CARGO_TARGET_DIR").is_none() => out.push_str(
            "\nnote: the first build compiles tackle and its dependencies (about 200 crates,\n\
             a few minutes); projects that share a target folder compile them once:\n\
             `tackle new NAME --target-dir DIR`, or `export CARGO_TARGET_DIR=DIR`\n",
        ),
        None => {}
    }
    out.push_str("\nNext:\n");
    for command in created.next_commands() {
        out.push_str(&format!("  {command}\n"));
    }
    out.push_str(&match &created.trust {
        Ok(list) => format!(
            "\nTrusted for you: the folder is listed in {} (as `plugins trust` does), so\n\
             its tackle.toml applies whole to your hooks; `plugins trust --revoke` undoes it.\n\
             A clone of the project, elsewhere or on another machine, is not trusted by this.\n",
            list.display()
        ),
        Err(why) => format!(
            "\nnote: the project is not trusted ({why}): until `plugins trust` lists it, its\n\
             tackle.toml may only add deny and ask rules, and the hook says what it did not apply.\n"
        ),
    });
    out
}

/// What `tackle add` wrote and edited, for a person.
fn added_report(added: &Added) -> String {
    let name = &added.name;
    let mut out = format!(
        "Added the plugin `{}` (crate `{}`) to {}, linked into the host in `{}`:\n",
        name.plugin_id(),
        name.crate_name(),
        added.root.display(),
        added.host.display()
    );
    for file in &added.files {
        out.push_str(&format!("  {file}\n"));
    }
    out.push_str("Edited:\n");
    for file in &added.edited {
        out.push_str(&format!("  {file}\n"));
    }
    if let Some(why) = &added.unformatted {
        out.push_str(&format!(
            "\nnote: the Rust files are not formatted: {why}; run `cargo fmt` in the project\n"
        ));
    }
    out.push_str("\nNext:\n");
    for command in added.next_commands() {
        out.push_str(&format!("  {command}\n"));
    }
    out
}

/// The same as JSON.
fn added_json(added: &Added) -> serde_json::Value {
    let name = &added.name;
    json!({
        "dir": added.root,
        "plugin": {
            "crate": name.crate_name(),
            "lib": name.lib_ident(),
            "id": name.plugin_id(),
        },
        "host": added.host,
        "hooks": added.hooks,
        "files": added.files,
        "edited": added.edited,
        "unformatted": added.unformatted,
        "next": added.next_commands(),
    })
}

/// The same as JSON.
fn report_json(created: &Created) -> serde_json::Value {
    let name = &created.name;
    let tackle = match &created.source {
        TackleSource::Path(root) => json!({ "path": root }),
        TackleSource::Git(url) => json!({ "git": url }),
        TackleSource::Registry(version) => json!({ "version": version }),
    };
    json!({
        "dir": created.dir,
        "plugin": {
            "crate": name.crate_name(),
            "lib": name.lib_ident(),
            "id": name.plugin_id(),
        },
        "host": { "crate": name.host_crate(), "bin": name.bin_name() },
        "hook": { "crate": name.hook_crate(), "bin": name.hook_crate() },
        "tackle": tackle,
        "files": created.files,
        "target_dir": created.target_dir,
        "unformatted": created.unformatted,
        "trusted": created.trust.as_ref().ok(),
        "untrusted_why": created.trust.as_ref().err(),
        "next": created.next_commands(),
    })
}
