//! What `install` changes in an agent's files, and the mechanics each
//! agent's own `install` module builds its targets with: the entries taken
//! from the package `export` wrote, naming the installed binary.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};
use tackle_host::limits::MAX_FILE_BYTES;

use super::merge::Section;
use super::pins::Pin;
use super::{InstallError, InstallOptions, Scope};
use crate::Agent;
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

/// How `install` puts an agent's package where the agent reads it for a
/// user or a project: what the agent's own module says, through
/// `Protocol::install`.
#[derive(Clone, Copy)]
pub(crate) struct Install {
    /// The files install changes, with what goes into each: the config
    /// that gets the hooks (or a hook file per event), then the agent's
    /// MCP config where install registers the package's server there.
    pub(crate) targets: fn(&Site<'_>) -> Result<Vec<Target>, InstallError>,
    /// The folders install writes whole files in whose set changes with
    /// the package: a file an earlier install recorded there and this one
    /// does not write is stale; a record naming a file anywhere else is
    /// not believed.
    pub(crate) whole_file_dirs: fn(&InstallOptions, &str) -> Vec<PathBuf>,
    /// What the user should know, in a sentence.
    pub(crate) note: &'static str,
}

impl Install {
    /// An install that writes its `targets` and tells the user `note`,
    /// with no folder of whole files that come and go.
    pub(crate) const fn new(
        targets: fn(&Site<'_>) -> Result<Vec<Target>, InstallError>,
        note: &'static str,
    ) -> Install {
        Install {
            targets,
            whole_file_dirs: |_, _| Vec::new(),
            note,
        }
    }
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

/// What an agent's install targets are made from: the package exported
/// to `exported` and installed at `installed`, for the options' scope.
pub(crate) struct Site<'a> {
    /// What `install` is asked to do (the scope, the agents' folders).
    pub(crate) options: &'a InstallOptions,
    /// The package as exported (to a scratch folder for the plan).
    pub(crate) exported: &'a Path,
    /// Where the package is installed, which the entries name.
    pub(crate) installed: &'a Path,
    /// The binaries' names in the package.
    pub(crate) bins: Bins<'a>,
    /// The package's name (kebab-case).
    pub(crate) name: &'a str,
}

impl Site<'_> {
    /// The user's home folder.
    pub(crate) fn home(&self) -> &Path {
        &self.options.home
    }

    /// The scope's file: `user` for the user, `project` (relative) in the
    /// project.
    pub(crate) fn scoped(&self, user: PathBuf, project: impl AsRef<Path>) -> PathBuf {
        match &self.options.scope {
            Scope::User => user,
            Scope::Project(dir) => dir.join(project),
        }
    }

    /// Whether the install is the user's.
    pub(crate) fn is_user(&self) -> bool {
        self.options.scope == Scope::User
    }

    /// Refuses a project's install of `agent`, which reads only its user
    /// config.
    pub(crate) fn user_only(&self, agent: Agent) -> Result<(), InstallError> {
        if self.is_user() {
            Ok(())
        } else {
            Err(InstallError::UserOnly(agent))
        }
    }

    /// The installed binary `bin`'s path.
    pub(crate) fn installed_bin(&self, bin: &str) -> PathBuf {
        self.installed.join("bin").join(bin)
    }

    /// Markers of every binary the entries may name, by its installed
    /// path as one shell word.
    pub(crate) fn shell_markers(&self) -> Vec<String> {
        self.bins
            .markers(|b| quote::shell(&self.installed_bin(b).to_string_lossy()))
    }

    /// A hooks file of the package (`file`, in Claude Code's shape) whose
    /// commands, run through the shell, name the binary as one
    /// single-quoted word, merged into `config` with the word replaced
    /// whole by the installed binary's (Cursor's and Windsurf's
    /// `hooks.json`); `skeleton` is what the file holds when created.
    pub(crate) fn shell_hooks(
        &self,
        config: PathBuf,
        file: &str,
        skeleton: Map<String, Value>,
    ) -> Result<Target, InstallError> {
        let bin = self.bins.hooks;
        let from = quote::shell(&self.exported.join("bin").join(bin).to_string_lossy());
        let to = quote::shell(&self.installed_bin(bin).to_string_lossy());
        let fragment = exported_hooks(&self.exported.join(file), |s| s.replace(&from, &to))?;
        Ok(Target {
            config,
            edit: Edit::Merge {
                section: Section::Hooks,
                skeleton,
                fragment,
                markers: self.shell_markers(),
                pins: Vec::new(),
            },
        })
    }

    /// A file of the package (`file`), naming the binary by its absolute
    /// path, written whole at `config` with the binaries under `bin/`
    /// moved to the installed package; `None` text when the package has
    /// no such file.
    pub(crate) fn own_moved(
        &self,
        config: PathBuf,
        file: &Path,
        bins: &[&str],
    ) -> Result<Target, InstallError> {
        let text = exported_text(file)?.map(|mut t| {
            for bin in bins {
                t = moved(&t, self.exported, self.installed, bin, &["bin"]);
            }
            t
        });
        Ok(Target {
            config,
            edit: Edit::Own {
                text,
                owns_folder: false,
            },
        })
    }

    /// A shim the agent loads from its folder (`dir`, `.opencode` or
    /// `.pi`, in a project; `user_dir` for the user), the package's `file`
    /// there: the exported shim finds the binary by a URL relative to
    /// itself (`../bin/<bin>`), which in the agent's folder becomes the
    /// package's, as an absolute `file:` URL.
    pub(crate) fn shim(
        &self,
        dir: &str,
        user_dir: PathBuf,
        file: &str,
    ) -> Result<Target, InstallError> {
        let config = self.scoped(user_dir.join(file), Path::new(dir).join(file));
        let bin_dir = file_url(&self.installed.join(dir).join("bin"));
        let text = exported_text(&self.exported.join(dir).join(file))?.map(|t| {
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

    /// A link file, `{"source": DIR, "type": "link"}`, naming the
    /// installed package as an extension loaded from where it is (what
    /// `gemini extensions link` and `qwen extensions link` write), as
    /// `file` in the extension's own folder in the user's `extensions`
    /// (`.gemini/extensions`).
    pub(crate) fn extension_link(&self, extensions: &str, file: &str) -> Target {
        let config = self.home().join(extensions).join(self.name).join(file);
        let metadata = ExtensionLink {
            source: &self.installed.to_string_lossy(),
            kind: "link",
        };
        let text = serde_json::to_string_pretty(&metadata).unwrap_or_default();
        Target {
            config,
            edit: Edit::Own {
                text: Some(text),
                owns_folder: true,
            },
        }
    }

    /// The agent's own MCP config `config`, where install registers the
    /// package's server (`<bin> mcp`, the plugins' tools) by the installed
    /// binary's absolute path. The entry is the package's own MCP file's
    /// (`file`), so it has the shape each agent's reader wants. The file
    /// is always a target: a package without tools takes out the server
    /// an earlier install registered.
    pub(crate) fn server(
        &self,
        config: PathBuf,
        file: &str,
        form: ServerForm,
    ) -> Result<Target, InstallError> {
        let root = self.exported.to_string_lossy();
        let to = self.installed.to_string_lossy();
        let rewrite = |s: &str| {
            let s = s
                .replace("${CLAUDE_PLUGIN_ROOT}", &to)
                .replace(root.as_ref(), &to);
            match s.strip_prefix("./") {
                Some(rest) if form == ServerForm::RelativeJson => {
                    self.installed.join(rest).to_string_lossy().into_owned()
                }
                _ => s,
            }
        };
        let fragment = match exported_value(&self.exported.join(file), rewrite)?
            .and_then(|mut v| v.get_mut("mcpServers").map(Value::take))
        {
            Some(Value::Object(servers)) => servers,
            _ => Map::new(),
        };
        // Every server of install's names a file in the package folder.
        let mut marker = to.into_owned();
        marker.push(std::path::MAIN_SEPARATOR);
        let edit = if form == ServerForm::Tables {
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
        Ok(Target { config, edit })
    }
}

/// How an agent's MCP config holds the package's server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ServerForm {
    /// `mcpServers` of a JSON file.
    Json,
    /// `mcpServers` of a JSON file, whose package file names the binary
    /// relative to the package's root (`./...`, Copilot CLI's repository
    /// file): named by its absolute path once installed.
    RelativeJson,
    /// `[mcp_servers.NAME]` tables of a TOML file (Codex's `config.toml`).
    Tables,
}

/// An extension's install metadata for a linked extension.
#[derive(serde::Serialize)]
struct ExtensionLink<'a> {
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
pub(crate) fn file_url(path: &Path) -> String {
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
