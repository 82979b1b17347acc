//! Where each agent reads hooks it did not get from a plugin manager, and
//! the entries `install` merges there, taken from the package `export`
//! wrote.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use super::{InstallError, Scope};
use crate::Agent;
use crate::export::quote;

/// One agent's config file and what goes into it.
pub(crate) struct Target {
    /// The file.
    pub(crate) config: PathBuf,
    /// What install does to it.
    pub(crate) edit: Edit,
}

/// What install does to a config file.
pub(crate) enum Edit {
    /// Merges hook entries into the file, shared with the user's own.
    Merge {
        /// What the file holds when `install` creates it.
        skeleton: Map<String, Value>,
        /// `{EVENT: [entry, ...]}`, naming the binary in the installed package.
        fragment: Map<String, Value>,
        /// A string each of tackle's entries holds, and no other entry
        /// does: the installed binary's path as the entries write it.
        marker: String,
    },
    /// Writes the whole file, which is tackle's alone.
    Own {
        /// Its text.
        text: String,
    },
}

/// The agents `install` supports.
pub const SUPPORTED: [Agent; 3] = [Agent::Claude, Agent::Gemini, Agent::Cursor];

/// The config file for `agent` in `scope`, with the entries for the
/// package exported to `exported` and installed at `installed`.
pub(crate) fn target(
    agent: Agent,
    scope: &Scope,
    home: &Path,
    exported: &Path,
    installed: &Path,
    bin: &str,
    name: &str,
) -> Result<Target, InstallError> {
    let installed_bin = installed.join("bin").join(bin);
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
            let root = installed.to_string_lossy();
            let fragment = exported_hooks(&exported.join("hooks/hooks.json"), |s| {
                s.replace("${CLAUDE_PLUGIN_ROOT}", &root)
            })?;
            Ok(Target {
                config,
                edit: Edit::Merge {
                    skeleton: Map::new(),
                    fragment,
                    marker: installed_bin.to_string_lossy().into_owned(),
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
                    skeleton,
                    fragment,
                    marker: to,
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
                edit: Edit::Own { text },
            })
        }
        _ => Err(InstallError::Unsupported(agent)),
    }
}

/// Gemini CLI's install metadata for a linked extension.
#[derive(serde::Serialize)]
struct GeminiLink<'a> {
    source: &'a str,
    #[serde(rename = "type")]
    kind: &'static str,
}

/// The `hooks` object of an exported hooks file, every string passed
/// through `rewrite`; empty when the package has no hooks file.
fn exported_hooks(
    path: &Path,
    rewrite: impl Fn(&str) -> String,
) -> Result<Map<String, Value>, InstallError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Map::new()),
        Err(source) => {
            return Err(InstallError::Io {
                path: path.to_owned(),
                source,
            });
        }
    };
    let value: Value = serde_json::from_str(&text).map_err(|e| InstallError::Malformed {
        path: path.to_owned(),
        line: e.line(),
        column: e.column(),
        message: super::merge::parse_message(&e),
    })?;
    match value.get("hooks").map(|h| map_strings(h, &rewrite)) {
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
