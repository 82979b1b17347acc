//! `export <agent> DIR [--allow-partial] [--bin TRIPLE=PATH ...] [--os unix|windows]`: a plugin
//! package for that agent (see [`crate::agents::export`]); `export npm DIR
//! [--bin TRIPLE=PATH ...] [--name NAME] [--package-version V]`: npm
//! packages that install the host on every platform (see
//! [`crate::agents::export::npm`]).

use std::path::PathBuf;

use super::{exit, output};
use crate::agents::Agent;
use crate::agents::export::builds;
use crate::agents::export::hook_bin::HookBinArg;
use crate::agents::export::npm::{self, NpmError, NpmOptions};
use crate::agents::export::os::Os;
use crate::agents::export::targets::Target;
use crate::agents::export::{self, ExportError, HookRoute, Options};
use tackle_host::Host;

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    #[arg(help = format!(
        "The agent: {}; or `npm`: a main package and one per platform, for `npx NAME install claude`",
        super::agent_names(Agent::ALL)
    ))]
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
    /// Ship every build under DIR: `DIR/<triple>/<binary>`, one per folder (as the release
    /// workflow `tackle new` writes gathers them); with `--bin`, both count.
    #[arg(long = "bins", value_name = "DIR")]
    bins_dir: Option<PathBuf>,
    /// The hook-only build the package's hook commands run (`tackle new`'s `NAME-hook`), shipped
    /// beside the host; `TRIPLE=PATH` for each `--bin` target. Default: the file beside each
    /// host binary named as it is with `-hook` before the extension, if every build has one;
    /// else the hooks run the host, which answers them too.
    #[arg(long = "hook-bin", value_name = "[TRIPLE=]PATH", value_parser = HookBinArg::parse)]
    hook_bins: Vec<HookBinArg>,
    /// The system the hook lines are for, where the agent takes one line for every system
    /// (Gemini CLI and Qwen Code: bash or PowerShell; Kimi and Cline: sh or cmd.exe and node):
    /// `unix` or `windows`. Default: this machine's.
    #[arg(long, value_name = "SYSTEM", value_parser = Os::parse)]
    os: Option<Os>,
    #[command(flatten)]
    route: RouteArgs,
    /// `export npm` only: the main package's name (default: the binary's); `@scope/name` works.
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
    /// `export npm` only: the packages' version (default: the plugins' version).
    #[arg(long, value_name = "VERSION")]
    package_version: Option<String>,
}

/// How the package's hooks reach the plugins, for `export` and `install`.
#[derive(Debug, clap::Args)]
pub(super) struct RouteArgs {
    /// How the agent's hooks reach the plugins: `process` (a process per event), `mcp` (the
    /// package's MCP server, started once by the agent: state stays in memory, each event
    /// answered without starting a process) or the URL of a team's `<bin> mcp --http` server
    /// (`https://policy.example:8443`, POSTed at /hooks/<agent>/<Event>). Events the agent
    /// cannot send that way stay processes, as do, for agents that let an event through when the
    /// server cannot answer, the events a fail-closed hook waits at. Claude Code takes `mcp` and
    /// URLs, Codex `mcp`, Qwen Code and Copilot CLI URLs. Default: process.
    #[arg(long, value_name = "process|mcp|URL", value_parser = HookRoute::parse)]
    hooks_via: Option<HookRoute>,
    /// With `--hooks-via URL`: the environment variable (upper case) holding the server's
    /// bearer token, sent as `Authorization: Bearer $VAR` by the agent from its own environment.
    #[arg(long, value_name = "VAR", requires = "hooks_via")]
    hook_token_env: Option<String>,
}

impl RouteArgs {
    /// The route asked for, or what is wrong with it.
    pub(super) fn route(&self) -> Result<HookRoute, String> {
        let mut route = self.hooks_via.clone().unwrap_or_default();
        match (&mut route, &self.hook_token_env) {
            (_, None) => {}
            (HookRoute::Http { token_env, .. }, Some(var)) => {
                let upper = var.starts_with(|c: char| c.is_ascii_uppercase() || c == '_')
                    && var
                        .chars()
                        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
                if !upper {
                    return Err(format!(
                        "--hook-token-env: `{var}` must be an upper-case variable name (`[A-Z_][A-Z0-9_]*`): Claude Code fills only those into a header"
                    ));
                }
                *token_env = Some(var.clone());
            }
            (_, Some(_)) => {
                return Err("--hook-token-env goes with `--hooks-via URL`".to_owned());
            }
        }
        Ok(route)
    }
}

/// The word that exports npm packages instead of an agent's.
const NPM: &str = "npm";

/// The builds an export makes: `--bin` and `--bins`, then `--hook-bin`s
/// (the hook binary and its builds).
struct Builds {
    targets: Vec<Target>,
    hook_binary: Option<PathBuf>,
    hook_targets: Vec<Target>,
}

/// The builds `args` name; or, with the error printed, the exit code.
fn builds(args: &Args) -> Result<Builds, u8> {
    let usage = |message: String| {
        output::err(format_args!("error: {message}"));
        exit::USAGE
    };
    let targets = named_targets(args).map_err(usage)?;
    let (hook_binary, hook_targets) = HookBinArg::split(&args.hook_bins).map_err(usage)?;
    Ok(Builds {
        targets,
        hook_binary,
        hook_targets,
    })
}

/// The builds `--bin` and `--bins` name, or what is wrong with them.
fn named_targets(args: &Args) -> Result<Vec<Target>, String> {
    let mut targets = args.bins.clone();
    if let Some(dir) = &args.bins_dir {
        targets.extend(builds::targets_in(dir).map_err(|e| e.to_string())?);
    }
    if let Some(triple) = targets.iter().enumerate().find_map(|(i, t)| {
        targets[..i]
            .iter()
            .any(|u| u.triple == t.triple)
            .then_some(&t.triple)
    }) {
        return Err(format!(
            "`--bin {triple}=...` is given twice (by `--bin` or `--bins`): pass one build per target"
        ));
    }
    Ok(targets)
}

pub(super) fn run(host: &Host, args: &Args) -> u8 {
    if args.agent == NPM {
        return run_npm(host, args);
    }
    if let Some(flag) = [
        args.name.as_ref().map(|_| "--name"),
        args.package_version.as_ref().map(|_| "--package-version"),
    ]
    .into_iter()
    .flatten()
    .next()
    {
        output::err(format_args!(
            "error: {flag} is for `export npm`; an agent's package takes its name from the binary"
        ));
        return exit::USAGE;
    }
    let agent = match Agent::parse(&args.agent) {
        Ok(agent) => agent,
        Err(message) => {
            output::err(format_args!(
                "error: {message}; or `{NPM}`, for npm packages (`export {NPM} DIR`)"
            ));
            return exit::USAGE;
        }
    };
    let builds = match builds(args) {
        Ok(builds) => builds,
        Err(code) => return code,
    };
    let hooks_via = match args.route.route() {
        Ok(route) => route,
        Err(message) => {
            output::err(format_args!("error: {message}"));
            return exit::USAGE;
        }
    };
    let options = Options {
        allow_partial: args.allow_partial,
        targets: builds.targets,
        os: args.os.unwrap_or_default(),
        hook_binary: builds.hook_binary,
        hook_targets: builds.hook_targets,
        hooks_via,
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
            output::write_noted(text, &report.notes);
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
                ExportError::HookBinary(_) | ExportError::HookRoute(_) => exit::USAGE,
                ExportError::Outside { .. } | ExportError::Io { .. } | ExportError::Binary(_) => {
                    exit::WRITE_FAILED
                }
            }
        }
    }
}

fn run_npm(host: &Host, args: &Args) -> u8 {
    if args.allow_partial {
        output::err(format_args!(
            "error: --allow-partial is for agents' packages: npm packages ship the binary, which runs every hook"
        ));
        return exit::USAGE;
    }
    if args.os.is_some() {
        output::err(format_args!(
            "error: --os is for agents' packages: npm packages start the build for the system they are installed on"
        ));
        return exit::USAGE;
    }
    if args.route.hooks_via.is_some() {
        output::err(format_args!(
            "error: --hooks-via is for agents' packages: whoever installs the npm package chooses it (`npx NAME install claude --hooks-via mcp`)"
        ));
        return exit::USAGE;
    }
    let builds = match builds(args) {
        Ok(builds) => builds,
        Err(code) => return code,
    };
    let options = NpmOptions {
        name: args.name.clone(),
        version: args.package_version.clone(),
        targets: builds.targets,
        binary: None,
        hook_binary: builds.hook_binary,
        hook_targets: builds.hook_targets,
    };
    match npm::export(host, &args.dir, &options) {
        Ok(report) => {
            let mut text = format!("Exported npm packages to {}:\n", report.dir.display());
            for package in &report.packages {
                match &package.triple {
                    Some(triple) => text.push_str(&format!(
                        "  {}/  {} ({triple})\n",
                        package.folder, package.name
                    )),
                    None => text.push_str(&format!(
                        "  {}/  {} (main: the launcher, with the others as optional dependencies)\n",
                        package.folder, package.name
                    )),
                }
            }
            output::write_noted(text, &report.notes);
            exit::OK
        }
        Err(e) => {
            output::err(format_args!("error: {e}"));
            match e {
                NpmError::Name(_)
                | NpmError::Version { .. }
                | NpmError::Targets(_)
                | NpmError::Export(ExportError::HookBinary(_)) => exit::USAGE,
                NpmError::Export(
                    ExportError::Unsupported { .. } | ExportError::UnsafeFolder { .. },
                ) => exit::CONFIG,
                NpmError::Export(_) => exit::WRITE_FAILED,
            }
        }
    }
}
