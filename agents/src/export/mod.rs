//! `export <agent> DIR`: the host's plugins as a package the agent loads.
//!
//! The plan (`plan.rs`) decides which native events the package
//! registers, from the hooks of every plugin the config does not leave out
//! and the
//! [coverage table](super::coverage); each agent's module (its
//! `export.rs`) writes them in the agent's format, with the host binary copied in and the plugins' skills
//! and slash commands beside it, and the hook-only build the hook commands
//! run when there is one ([`hook_bin`]). The writer (`write.rs`) keeps every write
//! inside the folder, and lists what it wrote in `.tackle-export.json` so
//! that the next export there removes what it no longer writes.
//!
//! # The MCP server
//!
//! When the exported plugins have tools, the package also registers the
//! binary's MCP server (`<bin> mcp`, see `tackle-mcp`), wherever the
//! agent's package format can carry one. The entry runs the copied binary
//! with `["mcp"]` and no global option, as the hook commands do, with no
//! shell and no working folder of its own: the agent starts it in the
//! project, where it reads the same `tackle.toml` as the hooks. Plugins
//! without tools get no entry, and a re-export without tools removes it.
//!
//! | agent | where | the binary, as the entry names it |
//! | --- | --- | --- |
//! | Claude Code | `.mcp.json` | `${CLAUDE_PLUGIN_ROOT}/bin/<bin>` |
//! | Gemini CLI | `mcpServers` in `gemini-extension.json` | `${extensionPath}${/}bin${/}<bin>` |
//! | Codex | `.mcp.json`, named by the manifest's `mcpServers` | its absolute path: Codex expands no variable in a plugin's MCP command |
//! | Copilot CLI | `.github/mcp.json` (`type: local`, `tools: ["*"]`), unless the repository has one of its own, which is left alone | `./.github/hooks/bin/<bin>`, from the repository's root, as the hooks name it |
//! | Kimi CLI | `kimi-mcp.json`, for `kimi --mcp-config-file` or `~/.kimi/mcp.json` | its absolute path, as the hooks name it |
//! | Qwen Code | `mcpServers` in `qwen-extension.json` | `${extensionPath}${/}bin${/}<bin>` |
//! | Factory Droid | the plugin's `mcp.json` | its absolute path, as the hooks name it: Droid pastes its plugin folder into a hook's shell line as text |
//! | OpenCode | the generated plugin's `config` hook adds it to OpenCode's config (`mcp`, `type: local`), unless the user's has one of that name | the path the plugin resolves for its hooks |
//! | Pi | none: Pi has no MCP client | |
//! | SuperQode | none: the package declares each tool to SuperQode as a Python `Tool` that runs `<bin> call` | |
//!
//! The sources for each format are cited where each writer builds it.
//!
//! ```rust,standalone_crate
//! use tackle::prelude::*;
//!
//! tackle::plugin! { id: "no-sudo", version: "1.0.0" }
//!
//! /// Refuse `sudo`.
//! #[hook(before_tool_call, matcher = "Bash")]
//! fn no_sudo(ev: &BeforeToolCall) -> Decision {
//!     match ev.arguments["command"].as_str() {
//!         Some(cmd) if cmd.starts_with("sudo ") => Decision::deny("no sudo here"),
//!         _ => Decision::abstain(),
//!     }
//! }
//!
//! /// Count the lines of a text.
//! #[tool]
//! fn count_lines(text: String) -> String {
//!     text.lines().count().to_string()
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use std::path::Path;
//! use tackle_agents::Agent;
//! use tackle_agents::export::{self, ExportError, Options};
//! use tackle_host::{Host, Registry};
//!
//! let registry = Registry::global()?.only(&["no-sudo"]);
//! let host = Host::builder().registry(registry).build().await?;
//! let work = tempfile::tempdir()?;
//! let binary = work.path().join("my-host"); // the host binary the package runs
//! std::fs::write(&binary, "#!/bin/sh\n")?;
//! let options = Options { binary: Some(binary), ..Options::default() };
//!
//! let dir = work.path().join("claude");
//! let report = export::export(&host, Agent::Claude, &dir, &options)?;
//! assert!(report.events.contains(&"PreToolUse"));
//! for file in [".claude-plugin/plugin.json", "hooks/hooks.json", ".mcp.json"] {
//!     assert!(report.files.contains(&Path::new(file).to_path_buf()), "{file}: {:?}", report.files);
//!     assert!(dir.join(file).is_file());
//! }
//! let hooks: serde_json::Value =
//!     serde_json::from_str(&std::fs::read_to_string(dir.join("hooks/hooks.json"))?)?;
//! assert_eq!(hooks["hooks"]["PreToolUse"][0]["matcher"], "Bash");
//!
//! // Every agent: a package, or, when it cannot deliver a hook, a refusal
//! // that writes nothing (unless `allow_partial`).
//! for agent in Agent::ALL.iter().copied() {
//!     let dir = work.path().join(agent.to_string());
//!     match export::export(&host, agent, &dir, &options) {
//!         Ok(report) => assert!(!report.files.is_empty()),
//!         Err(ExportError::Unsupported { .. }) => assert!(!dir.exists()),
//!         Err(e) => panic!("{agent}: {e}"),
//!     }
//! }
//! # Ok(())
//! # }
//! ```

pub(crate) mod binary;
pub mod builds;
pub(crate) mod files;
pub mod hook_bin;
pub(crate) mod hook_key;
pub(crate) mod matcher;
pub mod npm;
pub mod os;
pub(crate) mod package;
pub(crate) mod plan;
pub(crate) mod quote;
pub(crate) mod shim;
pub mod targets;
pub(crate) mod write;

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use tackle::hook::HookPoint;

use super::Agent;
use tackle_host::Host;

pub use package::first_line;
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
    /// One binary per target (`--bin TRIPLE=PATH`): the package ships them
    /// all, with a launcher where the hook commands name the binary (see
    /// [`targets`]). Empty: it ships [`binary`](Options::binary) alone.
    pub targets: Vec<targets::Target>,
    /// The system the hook lines are for, where an agent takes one line
    /// for every system (Gemini CLI, Qwen Code; see [`os`]). Default: this
    /// machine's.
    pub os: os::Os,
    /// The hook-only build the hook commands run (`--hook-bin PATH`);
    /// default: the one beside the binary, if any (see [`hook_bin`]).
    pub hook_binary: Option<PathBuf>,
    /// One hook-only build per target (`--hook-bin TRIPLE=PATH`), with
    /// [`targets`](Options::targets); default: the one beside each build.
    pub hook_targets: Vec<targets::Target>,
    /// How the agent's hooks reach the plugins (`--hooks-via`): a process
    /// per event, or a long-lived server (see [`HookRoute`]).
    pub hooks_via: HookRoute,
}

/// How an exported package's hooks reach the plugins.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum HookRoute {
    /// A process per event: `<bin> hook <agent> <event>`.
    #[default]
    Process,
    /// The package's own MCP server, started once by the agent, answers
    /// the events its hooks can send to an MCP tool (Claude Code's
    /// `mcp_tool`); the others stay processes.
    Mcp,
    /// A team's server, `<bin> mcp --http ADDR`, answers the events the
    /// agent can POST (Claude Code's `http` hooks) at `url/hooks/<agent>/<Event>`;
    /// the others stay processes.
    Http {
        /// The server's base URL (`https://policy.example:8443`).
        url: String,
        /// The environment variable holding its bearer token, sent as
        /// `Authorization: Bearer $VAR`.
        token_env: Option<String>,
    },
}

/// Where and how an agent's `http` hook POSTs one event: the URL, and the
/// bearer token's header filled by the agent from its own environment.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Post {
    pub(crate) url: String,
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub(crate) headers: std::collections::BTreeMap<&'static str, String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) allowed_env_vars: Vec<String>,
}

impl HookRoute {
    /// The POST of `agent`'s `event` on this route: `None` unless it is a
    /// URL.
    pub(crate) fn post(&self, agent: Agent, event: &str) -> Option<Post> {
        let HookRoute::Http { url, token_env } = self else {
            return None;
        };
        let path = tackle_host::served_hooks::HOOKS_PATH;
        Some(Post {
            url: format!("{url}{path}/{}/{event}", agent.name()),
            headers: token_env
                .iter()
                .map(|var| ("Authorization", format!("Bearer ${{{var}}}")))
                .collect(),
            allowed_env_vars: token_env.iter().cloned().collect(),
        })
    }

    /// `process`, `mcp`, or an `http(s)://` URL, as `--hooks-via` takes it.
    pub fn parse(text: &str) -> Result<HookRoute, String> {
        match text {
            "process" => Ok(HookRoute::Process),
            "mcp" => Ok(HookRoute::Mcp),
            url if url.starts_with("http://") || url.starts_with("https://") => {
                let rest = url.split_once("://").map_or("", |(_, rest)| rest);
                if rest.is_empty() || rest.starts_with('/') || url.contains(['"', ' ', '\\']) {
                    return Err(format!("`{url}` is not an http(s) URL"));
                }
                Ok(HookRoute::Http {
                    url: url.trim_end_matches('/').to_owned(),
                    token_env: None,
                })
            }
            other => Err(format!(
                "`{other}`: `--hooks-via` takes `process`, `mcp` or the http(s) URL of `<bin> mcp --http`"
            )),
        }
    }
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
    /// What the user should know: how to install, what was left out,
    /// where the MCP server is registered.
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
    /// The package's slash commands would name the binary from a folder
    /// whose path Claude Code would paste into a shell line and a
    /// permission rule as text; no file was written.
    #[error(
        "refusing to export Claude Code slash commands to `{}`: its path holds {character:?}, \
         and Claude Code pastes the plugin's folder into each command file as text (the shell \
         line the model runs and its `allowed-tools`), where that character would change what \
         runs. Export to a folder whose path holds only letters, digits, spaces and `/ . _ - + @ ~ ' = % # &`",
        path.display()
    )]
    UnsafeFolder {
        /// The package folder, resolved.
        path: PathBuf,
        /// The first character that is not plain.
        character: char,
    },
    /// The host binary to copy could not be found.
    #[error("cannot find the host binary to copy into the package: {0}")]
    Binary(String),
    /// A hook-only binary named (or found beside the host) cannot be
    /// shipped; nothing was written.
    #[error("cannot ship the hook binary: {0}")]
    HookBinary(String),
    /// The agent's hooks cannot take the route `--hooks-via` asked for;
    /// nothing was written.
    #[error("{0}")]
    HookRoute(String),
}

/// Whether `agent`'s hooks can take `route`.
fn check_route(agent: Agent, route: &HookRoute) -> Result<(), ExportError> {
    let protocol = agent.protocol();
    let (can, how, flag) = match route {
        HookRoute::Process => return Ok(()),
        HookRoute::Mcp => (protocol.mcp_tool_hooks(), "call an MCP tool", "mcp"),
        HookRoute::Http { .. } => (protocol.http_hooks(), "POST to a URL", "URL"),
    };
    if can {
        return Ok(());
    }
    let able: Vec<&str> = Agent::ALL
        .into_iter()
        .filter(|a| match route {
            HookRoute::Mcp => a.protocol().mcp_tool_hooks(),
            _ => a.protocol().http_hooks(),
        })
        .map(Agent::name)
        .collect();
    Err(ExportError::HookRoute(format!(
        "{}'s hooks cannot {how}, so `--hooks-via {flag}` does not apply to it (it does to: {}); its hooks run as processes",
        protocol.title(),
        able.join(", ")
    )))
}

/// Where the agent looks for the package, in one line.
/// The names Claude Code gives the plugins' MCP tools by each route, for
/// a skill or an `--allowedTools` entry, which name them exactly: a
/// plugin's server is `plugin_<plugin>_<server>` to Claude Code, a server
/// in the user's config its own name, and no server name makes the two
/// agree. `None` for another agent.
pub(crate) fn claude_tool_names(agent: Agent, name: &str, tool: &str) -> Option<String> {
    (agent == Agent::Claude).then(|| format!(
        "Claude Code names the tools by route, and a skill or `--allowedTools` must write the route's name: `mcp__plugin_{name}_{name}__{tool}` with `claude --plugin-dir` (or a marketplace), `mcp__{name}__{tool}` after `install claude`"
    ))
}

fn how_to_load(agent: Agent, dir: &Path, name: &str) -> String {
    agent
        .protocol()
        .how_to_load(&quote::shell(&dir.to_string_lossy()), name)
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
    targets::check_unique(&options.targets)?;
    os::check(agent, options)?;
    check_route(agent, &options.hooks_via)?;
    let hook_builds = hook_bin::find(&binary, options)?;
    let mut package = package::Package::new(host, &plan, &binary, hook_builds.as_ref(), options);
    if options.hooks_via == HookRoute::Mcp {
        package.hook_key = Some(hook_key::fresh().map_err(ExportError::HookRoute)?);
    }
    let mut out = write::Out::create(dir)?;
    let mut notes = package.notes.clone();
    notes.extend(agent.protocol().export(&package, &mut out)?);
    let dir = out.root().to_owned();
    if options.binary.is_none() && options.targets.is_empty() && cfg!(debug_assertions) {
        // The package copies this binary. A debug build is several times
        // larger and slower to start: on every event the agent sends when
        // the hooks run it, on each tool call or command otherwise.
        let optimized_hooks = hook_builds
            .as_ref()
            .is_some_and(|builds| hook_bin::in_hook_folder(&builds.binary));
        notes.push(if optimized_hooks {
            "the host copied (the MCP server and commands) is a debug build; the hooks run the \
             `hook` profile's hook-only build. A package for others: export from `cargo run \
             --profile hook` (docs/guide/shipping.md)"
                .to_owned()
        } else {
            "the hooks run a debug build on every event: run `cargo build-hook` first, which \
             export then finds in `target/hook/` and ships for the hooks \
             (docs/guide/shipping.md)"
                .to_owned()
        });
    }
    if !options.targets.is_empty() {
        notes.push(format!(
            "the package ships a build per target ({}); a launcher where the hooks name the binary starts the one for the system it runs on",
            options
                .targets
                .iter()
                .map(|t| t.triple.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if let (Some(hook), Some(builds)) = (&package.hook, &hook_builds) {
        notes.push(format!(
            "the hooks run `{}`, the hook-only build (copied from `{}`); the MCP server and commands `{}`",
            hook.bin,
            builds.binary.display(),
            package.bin
        ));
    }
    if let Some(tool) = package.tools.first() {
        notes.extend(claude_tool_names(agent, &package.name, tool));
    }
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

#[cfg(test)]
mod mcp_tests {
    //! What each agent's writer registers for the MCP server, from a
    //! package built by hand (the binaries' end-to-end runs are in
    //! `tests/tests/export*.rs`).

    use std::fs;
    use std::path::{Path, PathBuf};

    use serde_json::{Value, json};

    use super::package::Package;
    use super::plan::Plan;
    use super::write::Out;
    use super::{Agent, ExportError};

    fn plan(agent: Agent) -> Plan {
        Plan {
            agent,
            registrations: Vec::new(),
            dropped: Vec::new(),
            warnings: Vec::new(),
        }
    }

    fn package<'a>(plan: &'a Plan, binary: &'a Path, tools: &[&'static str]) -> Package<'a> {
        Package {
            plan,
            name: "my-host".to_owned(),
            bin: "my-host".to_owned(),
            binary,
            version: "1.0.0".to_owned(),
            description: "d".to_owned(),
            skills: Vec::new(),
            commands: Vec::new(),
            tools: tools.to_vec(),
            tool_defs: Vec::new(),
            plugins: Vec::new(),
            notes: Vec::new(),
            targets: Vec::new(),
            os: super::os::Os::Unix,
            hook: None,
            hooks_via: super::HookRoute::Process,
            hook_key: None,
        }
    }

    /// Writes `agent`'s package into a folder whose path has spaces and
    /// quotes; returns the folder (resolved) and the notes.
    fn write(agent: Agent, tools: &[&'static str]) -> (tempfile::TempDir, PathBuf, Vec<String>) {
        let tmp = tempfile::tempdir().expect("tempdir");
        let binary = tmp.path().join("my-host");
        fs::write(&binary, "#!/bin/sh\n").expect("writes");
        let plan = plan(agent);
        let package = package(&plan, &binary, tools);
        let mut out = Out::create(&tmp.path().join("a dir with 'q' \"dq\"")).expect("creates");
        let notes: Result<Vec<String>, ExportError> = agent.protocol().export(&package, &mut out);
        let root = out.root().to_owned();
        out.finish(agent.name()).expect("finishes");
        (tmp, root, notes.expect("writes"))
    }

    fn json_at(path: &Path) -> Value {
        serde_json::from_str(&fs::read_to_string(path).expect("reads")).expect("JSON")
    }

    #[test]
    fn the_entry_is_the_binarys_mcp_subcommand_and_only_with_tools() {
        let binary = Path::new("/x/my-host");
        let plan = plan(Agent::Claude);
        let with = package(&plan, binary, &["a", "b"]);
        assert_eq!(
            with.mcp_server("/p a/bin/my-host"),
            Some(super::files::McpServer {
                command: "/p a/bin/my-host".to_owned(),
                args: vec!["mcp".to_owned()],
            })
        );
        assert_eq!(
            with.mcp_note("registered in X"),
            "MCP: `my-host mcp` serves the plugins' tools (a, b); registered in X"
        );
        assert_eq!(package(&plan, binary, &[]).mcp_server("x"), None);
    }

    #[test]
    fn each_agent_names_the_binary_as_its_mcp_entries_do() {
        let (_tmp, root, notes) = write(Agent::Claude, &["t"]);
        assert_eq!(
            json_at(&root.join(".mcp.json")),
            json!({"mcpServers": {"my-host": {
                "command": "${CLAUDE_PLUGIN_ROOT}/bin/my-host", "args": ["mcp"]}}})
        );
        assert!(
            notes.iter().any(|n| n.ends_with("registered in .mcp.json")),
            "{notes:?}"
        );

        let (_tmp, root, _) = write(Agent::Gemini, &["t"]);
        assert_eq!(
            json_at(&root.join("gemini-extension.json"))["mcpServers"],
            json!({"my-host": {"command": "${extensionPath}${/}bin${/}my-host", "args": ["mcp"]}})
        );

        let (_tmp, root, _) = write(Agent::Codex, &["t"]);
        let absolute = root.join("bin/my-host").to_string_lossy().into_owned();
        assert!(absolute.contains("a dir with 'q' \"dq\""), "{absolute}");
        assert_eq!(
            json_at(&root.join(".codex-plugin/plugin.json"))["mcpServers"],
            "./.mcp.json"
        );
        assert_eq!(
            json_at(&root.join(".mcp.json")),
            json!({"mcpServers": {"my-host": {"command": absolute, "args": ["mcp"]}}})
        );

        let (_tmp, root, _) = write(Agent::Copilot, &["t"]);
        assert_eq!(
            json_at(&root.join(".github/mcp.json")),
            json!({"mcpServers": {"my-host": {"type": "local",
                "command": "./.github/hooks/bin/my-host", "args": ["mcp"], "tools": ["*"]}}})
        );

        let (_tmp, root, notes) = write(Agent::Kimi, &["t"]);
        let absolute = root.join("bin/my-host").to_string_lossy().into_owned();
        assert_eq!(
            json_at(&root.join("kimi-mcp.json")),
            json!({"mcpServers": {"my-host": {"command": absolute, "args": ["mcp"]}}})
        );
        assert!(
            notes.iter().any(|n| n.contains("--mcp-config-file")),
            "{notes:?}"
        );

        let (_tmp, root, notes) = write(Agent::Qwen, &["t"]);
        assert_eq!(
            json_at(&root.join("qwen-extension.json"))["mcpServers"],
            json!({"my-host": {"command": "${extensionPath}${/}bin${/}my-host", "args": ["mcp"]}})
        );
        assert!(
            notes
                .iter()
                .any(|n| n.contains("qwen-extension.json (`mcpServers`)")),
            "{notes:?}"
        );

        let (_tmp, root, _) = write(Agent::Droid, &["t"]);
        let absolute = root.join("bin/my-host").to_string_lossy().into_owned();
        assert_eq!(
            json_at(&root.join("mcp.json")),
            json!({"mcpServers": {"my-host": {"command": absolute, "args": ["mcp"]}}})
        );

        let (_tmp, root, _) = write(Agent::OpenCode, &["t"]);
        let js = fs::read_to_string(root.join(".opencode/plugins/my-host.js")).expect("reads");
        assert!(
            js.contains(r#"const MCP = {"name":"my-host","args":["mcp"]};"#),
            "{js}"
        );
        assert!(!js.contains("__TACKLE_"), "every placeholder filled in");

        let (_tmp, root, notes) = write(Agent::Cline, &["t"]);
        let absolute = root.join("bin/my-host").to_string_lossy().into_owned();
        assert_eq!(
            json_at(&root.join("cline_mcp_settings.json")),
            json!({"mcpServers": {"my-host": {"command": absolute, "args": ["mcp"]}}})
        );
        assert!(
            notes
                .iter()
                .any(|n| n.contains("~/.cline/data/settings/cline_mcp_settings.json")),
            "{notes:?}"
        );

        let (_tmp, root, notes) = write(Agent::Windsurf, &["t"]);
        let absolute = root.join("bin/my-host").to_string_lossy().into_owned();
        assert_eq!(
            json_at(&root.join("mcp_config.json")),
            json!({"mcpServers": {"my-host": {"command": absolute, "args": ["mcp"]}}})
        );
        assert!(
            notes
                .iter()
                .any(|n| n.contains("~/.codeium/windsurf/mcp_config.json")),
            "{notes:?}"
        );

        let (_tmp, root, notes) = write(Agent::Pi, &["t"]);
        let ts = fs::read_to_string(root.join(".pi/extensions/my-host.ts")).expect("reads");
        assert!(!ts.contains("MCP"), "{ts}");
        assert!(
            notes.iter().any(|n| n.starts_with("Pi has no MCP client")),
            "{notes:?}"
        );
    }

    #[test]
    fn no_tools_no_entry() {
        for agent in Agent::ALL {
            let (_tmp, root, notes) = write(agent, &[]);
            assert!(
                !notes.iter().any(|n| n.contains("MCP")),
                "{agent:?}: {notes:?}"
            );
            for file in [
                ".mcp.json",
                ".github/mcp.json",
                "kimi-mcp.json",
                "mcp.json",
                "cline_mcp_settings.json",
                "mcp_config.json",
            ] {
                assert!(!root.join(file).exists(), "{agent:?}: {file}");
            }
        }
        let (_tmp, root, _) = write(Agent::Gemini, &[]);
        assert!(
            json_at(&root.join("gemini-extension.json"))
                .get("mcpServers")
                .is_none()
        );
        let (_tmp, root, _) = write(Agent::Qwen, &[]);
        assert!(
            json_at(&root.join("qwen-extension.json"))
                .get("mcpServers")
                .is_none()
        );
        let (_tmp, root, _) = write(Agent::Codex, &[]);
        assert!(
            json_at(&root.join(".codex-plugin/plugin.json"))
                .get("mcpServers")
                .is_none()
        );
        let (_tmp, root, _) = write(Agent::OpenCode, &[]);
        let js = fs::read_to_string(root.join(".opencode/plugins/my-host.js")).expect("reads");
        assert!(js.contains("const MCP = null;"), "{js}");
    }

    /// Where the MCP entries and Claude Code's exec-form hooks name
    /// `bin/my-host`, a program started without a shell on Windows finds
    /// `bin/my-host.exe`: the `x86_64` Windows build when there is one,
    /// else the `aarch64` one; none without a Windows build.
    #[test]
    fn the_windows_build_is_also_beside_the_launcher() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let build = |triple: &str| {
            let path = tmp.path().join(triple);
            fs::write(&path, triple).expect("writes");
            super::targets::Target {
                triple: triple.to_owned(),
                path,
            }
        };
        let plan = plan(Agent::Claude);
        let binary = tmp.path().join("my-host");
        for (triples, exe) in [
            (
                &[
                    "aarch64-pc-windows-msvc",
                    "x86_64-pc-windows-gnu",
                    "aarch64-apple-darwin",
                ][..],
                Some("x86_64-pc-windows-gnu"),
            ),
            (
                &["aarch64-pc-windows-msvc", "x86_64-unknown-linux-gnu"][..],
                Some("aarch64-pc-windows-msvc"),
            ),
            (&["x86_64-unknown-linux-gnu"][..], None),
        ] {
            let mut package = package(&plan, &binary, &[]);
            package.targets = triples.iter().map(|t| build(t)).collect();
            let dir = tempfile::tempdir().expect("tempdir");
            let mut out = Out::create(dir.path()).expect("creates");
            Agent::Claude
                .protocol()
                .export(&package, &mut out)
                .expect("writes");
            let written = fs::read_to_string(dir.path().join("bin/my-host.exe")).ok();
            assert_eq!(written.as_deref(), exe, "{triples:?}");
        }
    }
}
