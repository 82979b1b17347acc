//! `install AGENT [--project | --user | --managed] [--dry-run] [--uninstall]`:
//! the package put where the agent reads it (see [`crate::agents::install`]).

use std::path::{Path, PathBuf};

use super::{exit, output};
use crate::agents::Agent;
use crate::agents::export::{ExportError, Options};
use crate::agents::install::{self, InstallError, InstallOptions, Managed, Scope};
use tackle_host::Host;

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    #[arg(help = format!("The agent: {}", super::agent_names(install::supported())))]
    agent: String,
    /// Into the project's config (the agent folder: `--agent-dir`, default the current directory).
    #[arg(long, conflicts_with = "user")]
    project: bool,
    /// Into the user's config, for every project (the default).
    #[arg(long)]
    user: bool,
    /// Into the agent's managed policy files (`/etc/claude-code/managed-settings.d/`, Codex's
    /// `/etc/codex/requirements.toml`, ...), for every user of this machine, none of whom can
    /// switch the hooks off; the package goes to `/usr/local/lib/tackle/`. Needs root. Claude
    /// Code, Codex, Copilot CLI (Linux) and Factory Droid have such files; the others are refused.
    #[arg(long, conflicts_with_all = ["project", "user"])]
    managed: bool,
    /// With --managed: the agent runs no other hooks at all (no user's, project's or
    /// user-installed plugin's): `allowManagedHooksOnly`, Codex's `allow_managed_hooks_only`.
    #[arg(long, requires = "managed")]
    managed_hooks_only: bool,
    /// With --managed: write the policy files and the package under DIR in place of `/`
    /// (DIR/etc/claude-code/...), to build an image or to test; the hooks name the package there.
    #[arg(long, value_name = "DIR", requires = "managed")]
    managed_root: Option<PathBuf>,
    /// Print the diff of each file it would change, and write nothing.
    #[arg(long)]
    dry_run: bool,
    /// Take out what install added (and the package).
    #[arg(long)]
    uninstall: bool,
    /// Install even if some hooks cannot be delivered by the agent; the package drops them.
    #[arg(long)]
    allow_partial: bool,
    /// The hook-only build the hook commands run (`tackle new`'s `NAME-hook`), installed beside
    /// the host. Default: the file beside this binary named as it is with `-hook` before the
    /// extension, if there is one; else the hooks run this binary, which answers them too.
    #[arg(long = "hook-bin", value_name = "PATH")]
    hook_bin: Option<PathBuf>,
    #[command(flatten)]
    route: super::export::RouteArgs,
}

pub(super) fn run(host: &Host, args: &Args, agent_dir: Option<&Path>) -> u8 {
    let agent = match Agent::parse(&args.agent) {
        Ok(agent) => agent,
        Err(message) => {
            output::err(format_args!("error: {message}"));
            return exit::USAGE;
        }
    };
    // `HOME` is user-level: as the trust resolver honours it.
    let Some(home) = host.user_vars().home().map(Path::to_path_buf) else {
        output::err(format_args!(
            "error: cannot find your home folder (set HOME to an absolute path)"
        ));
        return exit::CONFIG;
    };
    let scope = if args.project {
        let dir = agent_dir
            .map(Path::to_owned)
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("."));
        Scope::Project(std::path::absolute(&dir).unwrap_or(dir))
    } else {
        Scope::User
    };
    let hooks_via = match args.route.route() {
        // Installed hooks live in the agent's settings, which name no
        // server of the package's: only a plugin (`export`) brings one.
        Ok(crate::agents::export::HookRoute::Mcp) => {
            output::err(format_args!(
                "error: --hooks-via mcp needs the package's own MCP server, which only a plugin brings: `export {} DIR --hooks-via mcp`, then load the plugin; `install` takes `--hooks-via URL`",
                args.agent
            ));
            return exit::USAGE;
        }
        Ok(route) => route,
        Err(message) => {
            output::err(format_args!("error: {message}"));
            return exit::USAGE;
        }
    };
    let options = InstallOptions {
        scope,
        data_dir: data_dir(&home),
        config_dir: config_dir(&home),
        codex_home: match std::env::var_os("CODEX_HOME").map(PathBuf::from) {
            Some(dir) if dir.is_absolute() => dir,
            _ => home.join(".codex"),
        },
        kimi_home: kimi_home(&home),
        copilot_home: match std::env::var_os("COPILOT_HOME").map(PathBuf::from) {
            Some(dir) if dir.is_absolute() => dir,
            _ => home.join(".copilot"),
        },
        home,
        managed: args.managed.then(|| Managed {
            root: args
                .managed_root
                .as_ref()
                .map(|dir| std::path::absolute(dir).unwrap_or_else(|_| dir.clone())),
            hooks_only: args.managed_hooks_only,
        }),
        dry_run: args.dry_run,
        uninstall: args.uninstall,
        export: Options {
            allow_partial: args.allow_partial,
            hook_binary: args.hook_bin.clone(),
            hooks_via,
            ..Options::default()
        },
    };
    match install::install(host, agent, &options) {
        Ok(report) => {
            let mut text = String::new();
            for change in &report.changes {
                if change.diff.is_empty() {
                    text.push_str(&format!("{}: unchanged\n", change.path.display()));
                } else {
                    text.push_str(&change.diff);
                }
            }
            output::write_noted(text, &report.notes);
            exit::OK
        }
        Err(e) => {
            output::err(format_args!("error: {e}"));
            match e {
                InstallError::Unsupported(_)
                | InstallError::UserOnly(_)
                | InstallError::ProjectByExport(..)
                | InstallError::Foreign { .. }
                | InstallError::ServerTaken { .. }
                | InstallError::ForeignFolder { .. }
                | InstallError::Link { .. }
                | InstallError::NotAFile { .. }
                | InstallError::TooLarge { .. }
                | InstallError::NotManaged(..)
                | InstallError::PinTaken { .. }
                | InstallError::Malformed { .. } => exit::CONFIG,
                InstallError::Export(
                    ExportError::Unsupported { .. } | ExportError::UnsafeFolder { .. },
                ) => exit::CONFIG,
                InstallError::Export(ExportError::HookBinary(_) | ExportError::HookRoute(_)) => {
                    exit::USAGE
                }
                InstallError::Export(_)
                | InstallError::Io { .. }
                | InstallError::NeedsRoot { .. } => exit::WRITE_FAILED,
            }
        }
    }
}

/// Where user-scope packages live: `$XDG_DATA_HOME`, else the platform's
/// per-user data folder.
fn data_dir(home: &Path) -> PathBuf {
    if let Some(dir) = std::env::var_os("XDG_DATA_HOME").map(PathBuf::from)
        && dir.is_absolute()
    {
        return dir;
    }
    if cfg!(target_os = "macos") {
        home.join("Library/Application Support")
    } else if cfg!(windows) {
        std::env::var_os("LOCALAPPDATA")
            .map(PathBuf::from)
            .unwrap_or_else(|| home.join("AppData/Local"))
    } else {
        home.join(".local/share")
    }
}

/// The user's config folder: `$XDG_CONFIG_HOME`, else `~/.config`, where
/// OpenCode looks on every system (it uses the XDG folders on macOS and
/// Windows too).
fn config_dir(home: &Path) -> PathBuf {
    match std::env::var_os("XDG_CONFIG_HOME").map(PathBuf::from) {
        Some(dir) if dir.is_absolute() => dir,
        _ => home.join(".config"),
    }
}

/// Kimi's folder: Kimi Code's (`$KIMI_CODE_HOME`, else `~/.kimi-code`)
/// unless there is none and the archived Python Kimi CLI's is in use:
/// `$KIMI_SHARE_DIR` set, or `~/.kimi` there (`kimi_cli/share.py`'s
/// `get_share_dir`, kimi-cli 1.52.0 on PyPI: the variable, else
/// `~/.kimi`). Only absolute paths count, as for the other agents'
/// folders: a relative one would be read in the project.
fn kimi_home(home: &Path) -> PathBuf {
    let absolute = |value: Option<std::ffi::OsString>| {
        value.map(PathBuf::from).filter(|dir| dir.is_absolute())
    };
    if let Some(dir) = absolute(std::env::var_os("KIMI_CODE_HOME")) {
        return dir;
    }
    let code = home.join(".kimi-code");
    let share = absolute(std::env::var_os("KIMI_SHARE_DIR"));
    let cli = share.clone().unwrap_or_else(|| home.join(".kimi"));
    if !code.is_dir() && (share.is_some() || cli.is_dir()) {
        cli
    } else {
        code
    }
}
