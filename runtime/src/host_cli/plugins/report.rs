//! `plugins validate` and `plugins doctor`: every problem of every file in
//! one pass, with its place.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::super::{exit, output};
use crate::HostError;
use crate::declarative::{self, DeclaredPlugin, Found, FoundStatus, PluginFolders};
use tackle_host::Host;

/// One checked file.
struct Checked {
    path: String,
    plugin: Option<DeclaredPlugin>,
    status: Option<String>,
}

impl Checked {
    fn errors(&self) -> Vec<String> {
        match &self.plugin {
            Some(p) => p.problems.iter().map(ToString::to_string).collect(),
            None => vec![
                "not a plugin: expected a folder with `plugin.json` (SuperQode), a Claude Code plugin folder, or a `.json` hooks file".into(),
            ],
        }
    }

    fn notes(&self) -> Vec<String> {
        self.plugin
            .as_ref()
            .map(|p| p.warnings.iter().map(ToString::to_string).collect())
            .unwrap_or_default()
    }

    fn to_json(&self) -> Value {
        json!({
            "path": self.path,
            "id": self.plugin.as_ref().map(|p| p.id.clone()),
            "format": self.plugin.as_ref().map(|p| p.format.as_str()),
            "status": self.status,
            "valid": self.errors().is_empty(),
            "problems": self.errors(),
            "warnings": self.notes(),
        })
    }

    fn to_text(&self) -> String {
        let errors = self.errors();
        let notes = self.notes();
        let what = match &self.plugin {
            Some(p) => format!("{} plugin `{}`", p.format, p.id),
            None => "?".into(),
        };
        let status = self
            .status
            .as_ref()
            .map(|s| format!(", {s}"))
            .unwrap_or_default();
        let verdict = match errors.len() {
            0 => "ok".to_owned(),
            1 => "1 problem".to_owned(),
            n => format!("{n} problems"),
        };
        let mut out = format!("{}: {verdict} ({what}{status})\n", self.path);
        for e in errors {
            out.push_str(&format!("  error: {e}\n"));
        }
        for n in notes {
            out.push_str(&format!("  note: {n}\n"));
        }
        out
    }
}

fn print(checked: &[Checked], extra: &[String], json: bool) -> u8 {
    let failed = checked.iter().any(|c| !c.errors().is_empty());
    if json {
        let files: Vec<Value> = checked.iter().map(Checked::to_json).collect();
        output::write(&format!(
            "{:#}\n",
            json!({ "valid": !failed, "plugins": files, "warnings": extra })
        ));
    } else {
        let mut out: String = checked.iter().map(Checked::to_text).collect();
        for w in extra {
            out.push_str(&format!("warning: {w}\n"));
        }
        if checked.is_empty() {
            out.push_str("No declarative plugins found.\n");
        }
        output::write(&out);
    }
    if failed { exit::CHECK_FAILED } else { exit::OK }
}

pub(super) fn validate(paths: &[PathBuf], json: bool) -> u8 {
    let checked: Vec<Checked> = paths
        .iter()
        .map(|path| Checked {
            path: path.display().to_string(),
            plugin: declarative::read_path(path),
            status: None,
        })
        .collect();
    print(&checked, &[], json)
}

fn checked(found: &[Found]) -> Vec<Checked> {
    found
        .iter()
        .map(|found| Checked {
            path: found.plugin.manifest.display().to_string(),
            plugin: Some(found.plugin.clone()),
            status: Some(match &found.status {
                FoundStatus::Active => format!("{} tier", found.tier),
                FoundStatus::ShadowedBy(by) => {
                    format!("{} tier, shadowed by {}", found.tier, by.display())
                }
                FoundStatus::Untrusted => format!("{} tier, untrusted project", found.tier),
            }),
        })
        .collect()
}

/// `plugins doctor` when the host cannot be built (a bad `tackle.toml`,
/// say): the error, then the standard folders' plugins checked all the same.
pub(super) fn doctor_without_host(agent_dir: &Path, error: &HostError, json: bool) -> u8 {
    let vars = crate::trust::UserVars::read(agent_dir);
    let trusted = crate::trust::project_trust(agent_dir, &vars).is_trusted();
    let folders = PluginFolders::standard(agent_dir, &vars, &[], &[], trusted);
    let found = declarative::discover(&folders);
    let extra = vec![
        format!("the host cannot be built: {error}"),
        "so the config's `plugin_dirs` were not searched".to_owned(),
    ];
    print(&checked(&found), &extra, json);
    exit::CONFIG
}

pub(super) fn doctor(host: &Host, json: bool) -> u8 {
    let checked = checked(host.declared());
    let mut extra: Vec<String> = host.warnings().iter().map(ToString::to_string).collect();
    for (def, problems) in host.failures() {
        if host.declared_plugin(def).is_none() {
            for p in problems {
                extra.push(format!("linked plugin `{}` is off: {p}", def.id));
            }
        }
    }
    if let Some(note) = crate::standard::untrusted_note(host) {
        extra.push(note);
    }
    let code = print(&checked, &extra, json);
    let linked_failed = host
        .failures()
        .any(|(def, _)| host.declared_plugin(def).is_none());
    if linked_failed {
        exit::CHECK_FAILED
    } else {
        code
    }
}
