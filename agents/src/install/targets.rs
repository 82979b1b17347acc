//! Where each agent reads hooks it did not get from a plugin manager, and
//! the entries `install` merges there, taken from the package `export`
//! wrote.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};
use tackle_host::limits::MAX_FILE_BYTES;

use super::merge::Section;
use super::pins::Pin;
use super::{InstallError, InstallOptions, Scope};
use crate::Agent;
use crate::codex::export::{PLUGIN_ROOT_CMD, windows_program};
use crate::export::os::program_word;
use crate::export::quote;
use crate::regular_file::{self, Link};

/// One agent's config file and what goes into it.
pub(crate) struct Target {
    /// The file.
    pub(crate) config: PathBuf,
    /// What install does to it.
    pub(crate) edit: Edit,
}

/// What install does to a config file.
pub(crate) enum Edit {
    /// Merges hook entries or an MCP server into the file, shared with
    /// the user's own.
    Merge {
        /// Which part of the file: `hooks` or `mcpServers`.
        section: Section,
        /// What the file holds when `install` creates it.
        skeleton: Map<String, Value>,
        /// `{EVENT: [entry, ...]}` or `{NAME: server}`, naming the binary
        /// in the installed package.
        fragment: Map<String, Value>,
        /// Strings each of tackle's entries holds one of, and no other
        /// entry does: the installed binary's path as the entries write
        /// it, for the binary they run and, where that is the hook-only
        /// build, the host's too (what an install without it wrote).
        markers: Vec<String>,
        /// The settings install may set in the file (a managed policy's
        /// `allowManagedHooksOnly`); see [`super::pins`].
        pins: Vec<Pin>,
    },
    /// Merges hook groups by event (`[[hooks.EVENT]]`, Codex's
    /// `requirements.toml`) into a TOML file, shared with others'.
    EventTables {
        /// `{EVENT: [group, ...]}`, a hooks.json's `hooks`, naming the
        /// binary in the installed package.
        fragment: Map<String, Value>,
        /// What each of tackle's groups holds one of, and no other's.
        markers: Vec<String>,
        /// The settings install may set in the file.
        pins: Vec<Pin>,
    },
    /// Merges `[[hooks]]` tables into a TOML file, shared with the user's
    /// own.
    Tables {
        /// The tables, as TOML text; `None` when the package that holds
        /// them is not exported yet.
        fragment: Option<String>,
        /// What each of tackle's tables' `command` holds one of, and no
        /// other's (as for [`Edit::Merge`]).
        markers: Vec<String>,
    },
    /// Merges `[mcp_servers.NAME]` tables into a TOML file (Codex's
    /// `config.toml`), shared with the user's own.
    ServerTables {
        /// `{NAME: {command, args}}`, naming the binary in the installed
        /// package; empty when the plugins have no tools.
        servers: Map<String, Value>,
        /// What each of tackle's tables' `command` holds one of, and no
        /// other's.
        markers: Vec<String>,
    },
    /// Writes the whole file, which is tackle's alone.
    Own {
        /// Its text; `None` when the package that holds it is not
        /// exported yet (or was removed).
        text: Option<String>,
        /// The file's folder is the agent's entry for the plugin (an
        /// extension's folder): one that holds anything but this file
        /// is someone else's, and is refused rather than shadowed.
        owns_folder: bool,
    },
}

/// The agents `install` supports.
pub const SUPPORTED: [Agent; 14] = [
    Agent::Claude,
    Agent::Copilot,
    Agent::Gemini,
    Agent::Cursor,
    Agent::Codex,
    Agent::Kimi,
    Agent::Droid,
    Agent::Cline,
    Agent::Goose,
    Agent::Qwen,
    Agent::Windsurf,
    Agent::Kiro,
    Agent::OpenCode,
    Agent::Pi,
];

/// Why `install` does not put `agent`'s package in place (`None`: it
/// does), and what to do instead.
pub fn unsupported_reason(agent: Agent) -> Option<&'static str> {
    Some(match agent {
        Agent::VsCode => {
            "its hooks are a repository's `.github/hooks/`, which `export` writes in place: export into the repository's root"
        }
        Agent::Goose => {
            "goose loads plugins it installs itself, which install does not register yet"
        }
        Agent::SuperQode => {
            "SuperQode loads the package as a Python plugin: follow the export's note"
        }
        _ => return None,
    })
}

/// The binaries' names in a package: the host's, and the one its hook
/// commands run (the hook-only build's, or the host's again).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bins<'a> {
    pub(crate) host: &'a str,
    pub(crate) hooks: &'a str,
}

impl Bins<'_> {
    /// `mark` of the binary the hooks run, then of the host when that is
    /// another: every entry an install of the package may have written.
    pub(crate) fn markers(&self, mark: impl Fn(&str) -> String) -> Vec<String> {
        let mut markers = vec![mark(self.hooks)];
        if self.host != self.hooks {
            markers.push(mark(self.host));
        }
        markers
    }
}

/// The files install changes for `agent`, with what goes into each, for
/// the package exported to `exported` and installed at `installed`: one
/// config file for the hooks (for Cline one hook file per event the
/// package has), then the agent's MCP config where install registers the
/// package's server there.
pub(crate) fn targets(
    agent: Agent,
    options: &InstallOptions,
    exported: &Path,
    installed: &Path,
    bins: Bins<'_>,
    name: &str,
) -> Result<Vec<Target>, InstallError> {
    let mut all = hooks(agent, options, exported, installed, bins, name)?;
    all.extend(server(agent, options, exported, installed)?);
    Ok(all)
}

/// The files that get the package's hooks.
fn hooks(
    agent: Agent,
    options: &InstallOptions,
    exported: &Path,
    installed: &Path,
    bins: Bins<'_>,
    name: &str,
) -> Result<Vec<Target>, InstallError> {
    let bin = bins.hooks;
    if agent == Agent::Goose {
        return goose(options, exported, installed, bin, name);
    }
    if agent != Agent::Cline {
        return target(agent, options, exported, installed, bins, name).map(|t| vec![t]);
    }
    // Cline runs every file of `<project>/.clinerules/hooks` and
    // `~/.cline/hooks` named for an event (cline 3.0.65); the exported
    // ones run the binary by its absolute path, and are copied as they are.
    let dir = cline_hooks(options);
    let hooks = exported.join(crate::cline::export::HOOKS_DIR);
    let mut events: Vec<String> = match std::fs::read_dir(&hooks) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .filter(|e| e.path().is_file())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(source) => {
            return Err(InstallError::Io {
                path: hooks,
                source,
            });
        }
    };
    events.sort();
    events
        .into_iter()
        .map(|event| {
            let text = exported_text(&hooks.join(&event))?
                .map(|t| moved(&t, exported, installed, bin, &["bin"]));
            Ok(Target {
                config: dir.join(&event),
                edit: Edit::Own {
                    text,
                    owns_folder: false,
                },
            })
        })
        .collect()
}

/// The folders install writes whole files in whose set changes with the
/// package: Cline's hooks folder (a file per event), goose's plugin folder
/// (`hooks/hooks.json` only when there are hooks). A file an earlier
/// install recorded there and this one does not write is stale; a record
/// naming a file anywhere else is not believed.
pub(crate) fn whole_file_dirs(agent: Agent, options: &InstallOptions, name: &str) -> Vec<PathBuf> {
    match agent {
        Agent::Cline => vec![cline_hooks(options)],
        Agent::Goose => vec![goose_plugin(options, name)],
        _ => Vec::new(),
    }
}

/// Cline's hooks folder for the scope.
fn cline_hooks(options: &InstallOptions) -> PathBuf {
    match &options.scope {
        Scope::User => options.home.join(".cline/hooks"),
        Scope::Project(project) => project.join(".clinerules/hooks"),
    }
}

/// goose's folder for the plugin `name` in the scope.
fn goose_plugin(options: &InstallOptions, name: &str) -> PathBuf {
    match &options.scope {
        Scope::User => options.home.join(".agents/plugins").join(name),
        Scope::Project(project) => project.join(".agents/plugins").join(name),
    }
}

/// goose loads every plugin folder of `~/.agents/plugins/` and
/// `<project>/.agents/plugins/` (block/goose `crates/goose/src/hooks`):
/// the plugin's `plugin.json` and `hooks/hooks.json` go into a folder of
/// the plugin's name there, the commands naming the installed binary by
/// its absolute path in place of `"$PLUGIN_ROOT"/bin/<bin>`.
fn goose(
    options: &InstallOptions,
    exported: &Path,
    installed: &Path,
    bin: &str,
    name: &str,
) -> Result<Vec<Target>, InstallError> {
    let dir = goose_plugin(options, name);
    let from = format!("\"$PLUGIN_ROOT\"/{}", quote::shell(&format!("bin/{bin}")));
    let to = quote::shell(&installed.join("bin").join(bin).to_string_lossy());
    let mut targets = vec![Target {
        config: dir.join("plugin.json"),
        edit: Edit::Own {
            text: exported_text(&exported.join("plugin.json"))?,
            owns_folder: false,
        },
    }];
    let hooks = exported.join("hooks/hooks.json");
    if let Some(text) = exported_json(&hooks, |s| s.replace(&from, &to))? {
        targets.push(Target {
            config: dir.join("hooks/hooks.json"),
            edit: Edit::Own {
                text: Some(text),
                owns_folder: false,
            },
        });
    }
    Ok(targets)
}

/// The config file for `agent` in `scope`, with the entries for the
/// package exported to `exported` and installed at `installed`.
fn target(
    agent: Agent,
    options: &InstallOptions,
    exported: &Path,
    installed: &Path,
    bins: Bins<'_>,
    name: &str,
) -> Result<Target, InstallError> {
    let (scope, home, config_dir) = (&options.scope, &options.home, &options.config_dir);
    // What the hook entries run.
    let bin = bins.hooks;
    let installed_bin = installed.join("bin").join(bin);
    let installed_path = |bin: &str| installed.join("bin").join(bin);
    match agent {
        // Settings hooks rather than a plugin: a plugin needs a marketplace
        // Claude Code fetches and caches itself, while `hooks` in a settings
        // file is read as it is. `settings.local.json` in a project: it is
        // the user's own (git-ignored by Claude Code), and the entries name
        // the binary by an absolute path that is only true on this machine.
        Agent::Claude => {
            let config = match scope {
                Scope::User => home.join(".claude/settings.json"),
                Scope::Project(dir) => dir.join(".claude/settings.local.json"),
            };
            Ok(Target {
                config,
                edit: Edit::Merge {
                    section: Section::Hooks,
                    skeleton: Map::new(),
                    fragment: claude_hooks(exported, installed)?,
                    // `http` entries name no binary: their status line is
                    // the package's.
                    markers: bins
                        .markers(|b| installed_path(b).to_string_lossy().into_owned())
                        .into_iter()
                        .chain([crate::claude::export::status_message(name)])
                        .collect(),
                    pins: Vec::new(),
                },
            })
        }
        // Copilot CLI 1.0.102 reads every file of `$COPILOT_HOME/hooks/`
        // (`~/.copilot/hooks/`) beside a repository's `.github/hooks/`,
        // in the same format (`hookSessionCreate`'s `userHooksDir`). The
        // exported file is copied there naming the installed binary by its
        // absolute path: quoted for bash, and for PowerShell the `.cmd`
        // launcher called by its quoted path. A project's hooks are the
        // repository's own files: `export` writes them in place.
        Agent::Copilot => {
            let Scope::User = scope else {
                return Err(InstallError::ProjectByExport(agent, ".github/hooks/"));
            };
            Ok(Target {
                config: options
                    .copilot_home
                    .join("hooks")
                    .join(format!("{name}.json")),
                edit: Edit::Own {
                    text: copilot_hooks(exported, installed, bin, name)?,
                    owns_folder: false,
                },
            })
        }
        // Cursor reads `hooks.json` beside its settings, and runs each
        // command through the shell: the exported commands name the binary
        // as one single-quoted word, replaced whole.
        Agent::Cursor => {
            let config = match scope {
                Scope::User => home.join(".cursor/hooks.json"),
                Scope::Project(dir) => dir.join(".cursor/hooks.json"),
            };
            let from = quote::shell(&exported.join("bin").join(bin).to_string_lossy());
            let to = quote::shell(&installed_bin.to_string_lossy());
            let fragment = exported_hooks(&exported.join("hooks.json"), |s| s.replace(&from, &to))?;
            let mut skeleton = Map::new();
            skeleton.insert("version".to_owned(), Value::from(1));
            Ok(Target {
                config,
                edit: Edit::Merge {
                    section: Section::Hooks,
                    skeleton,
                    fragment,
                    markers: bins.markers(|b| quote::shell(&installed_path(b).to_string_lossy())),
                    pins: Vec::new(),
                },
            })
        }
        // What `gemini extensions link DIR` writes (Gemini CLI 0.61.0,
        // `installOrUpdateExtension`): a folder named for the extension in
        // `~/.gemini/extensions` holding only `.gemini-extension-install.json`,
        // `{"source": DIR, "type": "link"}`, and Gemini loads the extension
        // from DIR. Gemini CLI has no project-scope extensions.
        Agent::Gemini => {
            let Scope::User = scope else {
                return Err(InstallError::UserOnly(agent));
            };
            let config = home
                .join(".gemini/extensions")
                .join(name)
                .join(".gemini-extension-install.json");
            let metadata = GeminiLink {
                source: &installed.to_string_lossy(),
                kind: "link",
            };
            let text = serde_json::to_string_pretty(&metadata).unwrap_or_default();
            Ok(Target {
                config,
                edit: Edit::Own {
                    text: Some(text),
                    owns_folder: true,
                },
            })
        }
        // Qwen Code 0.24.4 links as Gemini CLI does (`qwen extensions
        // link`, packages/core/src/extension): `~/.qwen/extensions/<name>/
        // .qwen-extension-install.json`, `{"source": DIR, "type": "link"}`,
        // and loads the extension from DIR. No project scope either.
        Agent::Qwen => {
            let Scope::User = scope else {
                return Err(InstallError::UserOnly(agent));
            };
            let config = home
                .join(".qwen/extensions")
                .join(name)
                .join(".qwen-extension-install.json");
            let metadata = GeminiLink {
                source: &installed.to_string_lossy(),
                kind: "link",
            };
            let text = serde_json::to_string_pretty(&metadata).unwrap_or_default();
            Ok(Target {
                config,
                edit: Edit::Own {
                    text: Some(text),
                    owns_folder: true,
                },
            })
        }
        // Codex 0.169.0 reads `hooks.json` (Claude Code's shape) beside each
        // config layer's config.toml: `$CODEX_HOME/hooks.json` for the user
        // and `<project>/.codex/hooks.json` for a trusted project (its
        // app server's `hooks/list` lists them with `sourcePath` there).
        Agent::Codex => {
            let config = match scope {
                Scope::User => options.codex_home.join("hooks.json"),
                Scope::Project(dir) => dir.join(".codex/hooks.json"),
            };
            Ok(Target {
                config,
                edit: Edit::Merge {
                    section: Section::Hooks,
                    skeleton: Map::new(),
                    fragment: codex_hooks(exported, installed, bin)?,
                    markers: bins.markers(|b| quote::shell(&installed_path(b).to_string_lossy())),
                    pins: Vec::new(),
                },
            })
        }
        // Factory Droid 0.225 reads `hooks` (Claude Code's shape) from its
        // settings files as well as from plugins: `~/.factory/settings.json`
        // for the user, `<project>/.factory/settings.json` for a project
        // (read live: `droid exec` runs no hook of a project's
        // settings.local.json). The exported commands name the binary by
        // its absolute path.
        Agent::Droid => {
            let config = match scope {
                Scope::User => home.join(".factory/settings.json"),
                Scope::Project(dir) => dir.join(".factory/settings.json"),
            };
            Ok(Target {
                config,
                edit: Edit::Merge {
                    section: Section::Hooks,
                    skeleton: Map::new(),
                    fragment: droid_hooks(exported, installed, bin)?,
                    markers: bins.markers(|b| quote::shell(&installed_path(b).to_string_lossy())),
                    pins: Vec::new(),
                },
            })
        }
        // Kimi reads hooks only from the `[[hooks]]` tables of its user
        // config.toml (Kimi Code CLI: `$KIMI_CODE_HOME`, `~/.kimi-code`;
        // Kimi CLI: `~/.kimi`): the exported tables are merged there.
        Agent::Kimi => {
            let Scope::User = scope else {
                return Err(InstallError::UserOnly(agent));
            };
            let fragment = exported_text(&exported.join(crate::kimi::export::FILE))?
                .map(|t| moved(&t, exported, installed, bin, &["bin"]));
            Ok(Target {
                config: options.kimi_home.join("config.toml"),
                edit: Edit::Tables {
                    fragment,
                    markers: bins.markers(|b| program_word(options.export.os, &installed_path(b))),
                },
            })
        }
        // Windsurf reads `hooks.json` in the workspace's `.windsurf/` and
        // in `~/.codeium/windsurf/` (docs.windsurf.com, Cascade hooks), and
        // runs each command through the shell: the exported commands name
        // the binary as one single-quoted word, replaced whole.
        Agent::Windsurf => {
            let config = match scope {
                Scope::User => home.join(".codeium/windsurf/hooks.json"),
                Scope::Project(dir) => dir.join(".windsurf/hooks.json"),
            };
            let from = quote::shell(&exported.join("bin").join(bin).to_string_lossy());
            let to = quote::shell(&installed_bin.to_string_lossy());
            let fragment =
                exported_hooks(&exported.join(crate::windsurf::export::HOOKS_FILE), |s| {
                    s.replace(&from, &to)
                })?;
            Ok(Target {
                config,
                edit: Edit::Merge {
                    section: Section::Hooks,
                    skeleton: Map::new(),
                    fragment,
                    markers: bins.markers(|b| quote::shell(&installed_path(b).to_string_lossy())),
                    pins: Vec::new(),
                },
            })
        }
        // Kiro CLI reads agent files from `<project>/.kiro/agents/` and
        // `~/.kiro/agents/`; the exported one names the binary by its
        // absolute path, so it is copied as it is.
        Agent::Kiro => {
            let file = format!("{name}.json");
            let config = match scope {
                Scope::User => home.join(".kiro/agents").join(&file),
                Scope::Project(dir) => dir.join(".kiro/agents").join(&file),
            };
            let path = exported.join(crate::kiro::export::AGENTS_DIR).join(&file);
            // The hooks name the binary they run, the MCP server the host.
            let text = exported_text(&path)?.map(|t| {
                let t = moved(&t, exported, installed, bin, &["bin"]);
                moved(&t, exported, installed, bins.host, &["bin"])
            });
            Ok(Target {
                config,
                edit: Edit::Own {
                    text,
                    owns_folder: false,
                },
            })
        }
        // OpenCode loads every file of `<project>/.opencode/plugins/` and
        // `~/.config/opencode/plugins/`; Pi every file of `<project>/.pi/
        // extensions/` and `~/.pi/agent/extensions/` (0.73.1, `getAgentDir`
        // and the resource loader). The exported shim finds the binary by
        // a URL relative to itself (`../bin/<bin>`), which in the agent's
        // folder becomes the package's, as an absolute `file:` URL.
        Agent::OpenCode | Agent::Pi => {
            let (dir, user_dir, file) = if agent == Agent::OpenCode {
                (
                    ".opencode",
                    config_dir.join("opencode"),
                    format!("plugins/{name}.js"),
                )
            } else {
                (
                    ".pi",
                    home.join(".pi/agent"),
                    format!("extensions/{name}.ts"),
                )
            };
            let config = match scope {
                Scope::User => user_dir.join(&file),
                Scope::Project(project) => project.join(dir).join(&file),
            };
            let bin_dir = file_url(&installed.join(dir).join("bin"));
            let text = exported_text(&exported.join(dir).join(&file))?.map(|t| {
                t.replace(
                    &quote::string("../bin/").trim_end_matches('"').to_owned(),
                    &format!("\"{bin_dir}/"),
                )
            });
            Ok(Target {
                config,
                edit: Edit::Own {
                    text,
                    owns_folder: false,
                },
            })
        }
        _ => Err(InstallError::Unsupported(agent)),
    }
}

/// The agent's own MCP config for the scope, where install registers the
/// package's server (`<bin> mcp`, the plugins' tools) by the installed
/// binary's absolute path; `None` where the agent gets the server another
/// way (Gemini CLI's and Qwen Code's extension manifest, Kiro's agent
/// file, the OpenCode plugin), has no MCP client (Pi) or no file install
/// writes for the scope. The entry is the package's own MCP file's, so
/// it has the shape each agent's reader wants (Copilot CLI's `type` and
/// `tools`; for Codex, a `[mcp_servers.NAME]` table of `config.toml`). The file is always a target: a package without tools takes
/// out the server an earlier install registered.
fn server(
    agent: Agent,
    options: &InstallOptions,
    exported: &Path,
    installed: &Path,
) -> Result<Option<Target>, InstallError> {
    let (config, file) = match (agent, &options.scope) {
        (Agent::Claude, Scope::User) => (options.home.join(".claude.json"), ".mcp.json"),
        (Agent::Codex, Scope::User) => (options.codex_home.join("config.toml"), ".mcp.json"),
        (Agent::Codex, Scope::Project(dir)) => (dir.join(".codex/config.toml"), ".mcp.json"),
        (Agent::Copilot, Scope::User) => (
            options.copilot_home.join("mcp-config.json"),
            crate::copilot::export::MCP_FILE,
        ),
        (Agent::Cursor, Scope::User) => (options.home.join(".cursor/mcp.json"), "mcp.json"),
        (Agent::Cursor, Scope::Project(dir)) => (dir.join(".cursor/mcp.json"), "mcp.json"),
        (Agent::Droid, Scope::User) => (options.home.join(".factory/mcp.json"), "mcp.json"),
        (Agent::Droid, Scope::Project(dir)) => (dir.join(".factory/mcp.json"), "mcp.json"),
        (Agent::Cline, Scope::User) => (
            options
                .home
                .join(".cline/data/settings")
                .join(crate::cline::export::MCP_FILE),
            crate::cline::export::MCP_FILE,
        ),
        // Kimi Code CLI reads `$KIMI_CODE_HOME/mcp.json` (2.1.0,
        // `resolveKimiHome`), Kimi CLI `~/.kimi/mcp.json`: the folder
        // install puts the hooks' config.toml in either way.
        (Agent::Kimi, Scope::User) => (
            options.kimi_home.join("mcp.json"),
            crate::kimi::export::MCP_FILE,
        ),
        (Agent::Windsurf, Scope::User) => (
            options
                .home
                .join(".codeium/windsurf")
                .join(crate::windsurf::export::MCP_FILE),
            crate::windsurf::export::MCP_FILE,
        ),
        _ => return Ok(None),
    };
    let root = exported.to_string_lossy();
    let to = installed.to_string_lossy();
    // Copilot CLI's repository file names the binary relative to its root.
    let rewrite = |s: &str| {
        let s = s
            .replace("${CLAUDE_PLUGIN_ROOT}", &to)
            .replace(root.as_ref(), &to);
        match s.strip_prefix("./") {
            Some(rest) if agent == Agent::Copilot => {
                installed.join(rest).to_string_lossy().into_owned()
            }
            _ => s,
        }
    };
    let fragment = match exported_value(&exported.join(file), rewrite)?
        .and_then(|mut v| v.get_mut("mcpServers").map(Value::take))
    {
        Some(Value::Object(servers)) => servers,
        _ => Map::new(),
    };
    // Every server of install's names a file in the package folder.
    let mut marker = to.into_owned();
    marker.push(std::path::MAIN_SEPARATOR);
    let edit = if agent == Agent::Codex {
        Edit::ServerTables {
            servers: fragment,
            markers: vec![marker],
        }
    } else {
        Edit::Merge {
            section: Section::Servers,
            skeleton: Map::new(),
            fragment,
            markers: vec![marker],
            pins: Vec::new(),
        }
    };
    Ok(Some(Target { config, edit }))
}

/// Claude Code's hook entries of the package exported to `exported`
/// (`{EVENT: [group, ...]}`), naming the folder it is installed at in
/// place of `${CLAUDE_PLUGIN_ROOT}`, which only a plugin gets.
pub(crate) fn claude_hooks(
    exported: &Path,
    installed: &Path,
) -> Result<Map<String, Value>, InstallError> {
    let root = installed.to_string_lossy();
    exported_hooks(&exported.join("hooks/hooks.json"), |s| {
        s.replace("${CLAUDE_PLUGIN_ROOT}", &root)
    })
}

/// Codex's hook entries of the package exported to `exported`, running
/// `bin` installed at `installed`: outside a plugin no `PLUGIN_ROOT` is
/// set, so `"$PLUGIN_ROOT/bin/<bin>"` becomes the installed binary's path,
/// one single-quoted word, and in `commandWindows` (written when install
/// runs on Windows) `"%PLUGIN_ROOT%\bin\<bin>.exe"` the installed `.exe`,
/// quoted for cmd.
pub(crate) fn codex_hooks(
    exported: &Path,
    installed: &Path,
    bin: &str,
) -> Result<Map<String, Value>, InstallError> {
    let from = format!("\"$PLUGIN_ROOT/bin/{bin}\"");
    let to = quote::shell(&installed.join("bin").join(bin).to_string_lossy());
    // Installed on Windows, the binary is `<bin>.exe` itself.
    let from_windows = windows_program(PLUGIN_ROOT_CMD, bin);
    let to_windows = windows_program(&installed.to_string_lossy(), bin);
    exported_hooks(&exported.join("hooks/hooks.json"), |s| {
        s.replace(&from, &to).replace(&from_windows, &to_windows)
    })
}

/// Factory Droid's hook entries of the package exported to `exported`,
/// naming `bin` installed at `installed` by its absolute path.
pub(crate) fn droid_hooks(
    exported: &Path,
    installed: &Path,
    bin: &str,
) -> Result<Map<String, Value>, InstallError> {
    exported_hooks(&exported.join("hooks/hooks.json"), |s| {
        moved(s, exported, installed, bin, &["bin"])
    })
}

/// Copilot CLI's hooks file of the package exported to `exported`, as
/// installed at `installed`: the repository's `.github/hooks/<name>.json`,
/// naming the installed binary by its absolute path, quoted for bash, and
/// for PowerShell the `.cmd` launcher called by its quoted path; `None`
/// when the package has no hooks file.
pub(crate) fn copilot_hooks(
    exported: &Path,
    installed: &Path,
    bin: &str,
    name: &str,
) -> Result<Option<String>, InstallError> {
    let exported_file = exported.join(".github/hooks").join(format!("{name}.json"));
    let relative = format!("./.github/hooks/bin/{bin}");
    let windows = format!(".\\.github\\hooks\\bin\\{bin}.cmd");
    let bin_dir = installed.join(".github").join("hooks").join("bin");
    let to = quote::shell(&bin_dir.join(bin).to_string_lossy());
    let to_windows = quote::powershell(&bin_dir.join(format!("{bin}.cmd")).to_string_lossy());
    exported_json(&exported_file, |s| {
        s.replace(&relative, &to).replace(&windows, &to_windows)
    })
}

/// Gemini CLI's install metadata for a linked extension.
#[derive(serde::Serialize)]
struct GeminiLink<'a> {
    source: &'a str,
    #[serde(rename = "type")]
    kind: &'static str,
}

/// An exported file's text; `None` when the package has no such file.
/// The installed package is read too, where a link, a FIFO or a device
/// may have been put in its place (a project's package folder is the
/// repository's): only a regular file is read, as export wrote it.
pub(crate) fn exported_text(path: &Path) -> Result<Option<String>, InstallError> {
    regular_file::read_text(path, Link::Refuse, MAX_FILE_BYTES)
        .map_err(|e| super::file_error(path, e))
}

/// An exported JSON file with every string passed through `rewrite`;
/// `None` when the package has no such file.
fn exported_value(
    path: &Path,
    rewrite: impl Fn(&str) -> String,
) -> Result<Option<Value>, InstallError> {
    let Some(text) = exported_text(path)? else {
        return Ok(None);
    };
    let value: Value = serde_json::from_str(&text).map_err(|e| InstallError::Malformed {
        path: path.to_owned(),
        line: e.line(),
        column: e.column(),
        message: super::merge::parse_message(&e),
    })?;
    Ok(Some(map_strings(&value, &rewrite)))
}

/// [`exported_value`] as the text install writes.
pub(crate) fn exported_json(
    path: &Path,
    rewrite: impl Fn(&str) -> String,
) -> Result<Option<String>, InstallError> {
    Ok(exported_value(path, rewrite)?.map(|value| quote::json(&value)))
}

/// `text`, written by an export to `exported`, as the same export to
/// `installed` writes it: the binary under `dir` named by its absolute
/// path, shell-quoted (the hooks) or as a JSON string (an MCP server).
/// The same text when the two folders are one (every install but a dry
/// run).
pub(crate) fn moved(
    text: &str,
    exported: &Path,
    installed: &Path,
    bin: &str,
    dir: &[&str],
) -> String {
    let path = |root: &Path| {
        let mut p = root.to_owned();
        p.extend(dir);
        p.join(bin).to_string_lossy().into_owned()
    };
    let (from, to) = (path(exported), path(installed));
    let inner = |s: &str| quote::string(s).trim_matches('"').to_owned();
    text.replace(&inner(&quote::shell(&from)), &inner(&quote::shell(&to)))
        .replace(&inner(&from), &inner(&to))
}

/// `path` as a `file:` URL, each byte but the unreserved ones and `/`
/// percent-encoded (a Windows path gets its slashes and a leading `/`).
fn file_url(path: &Path) -> String {
    let text = path.to_string_lossy().replace('\\', "/");
    let mut url = String::from("file://");
    if !text.starts_with('/') {
        url.push('/');
    }
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' | b':' => {
                url.push(char::from(byte));
            }
            _ => url.push_str(&format!("%{byte:02X}")),
        }
    }
    url
}

/// The `hooks` object of an exported hooks file, every string passed
/// through `rewrite`; empty when the package has no hooks file.
pub(crate) fn exported_hooks(
    path: &Path,
    rewrite: impl Fn(&str) -> String,
) -> Result<Map<String, Value>, InstallError> {
    match exported_value(path, rewrite)?.and_then(|mut v| v.get_mut("hooks").map(Value::take)) {
        Some(Value::Object(hooks)) => Ok(hooks),
        _ => Ok(Map::new()),
    }
}

fn map_strings(value: &Value, rewrite: &impl Fn(&str) -> String) -> Value {
    match value {
        Value::String(s) => Value::String(rewrite(s)),
        Value::Array(items) => {
            Value::Array(items.iter().map(|v| map_strings(v, rewrite)).collect())
        }
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), map_strings(v, rewrite)))
                .collect(),
        ),
        other => other.clone(),
    }
}
