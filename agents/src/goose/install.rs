//! Where `install` puts goose's plugin.

use std::path::PathBuf;

use crate::export::quote;
use crate::install::targets::{Edit, Install, Site, Target, exported_json, exported_text};
use crate::install::{InstallError, InstallOptions, Scope};

/// goose's install.
pub(crate) const INSTALL: Install = Install {
    targets,
    whole_file_dirs,
    note: "goose runs the hooks of every plugin it finds, with no trust step; start a new session",
};

/// goose loads every plugin folder of `~/.agents/plugins/` and
/// `<project>/.agents/plugins/` (block/goose `crates/goose/src/hooks`):
/// the plugin's `plugin.json` and `hooks/hooks.json` go into a folder of
/// the plugin's name there, the commands naming the installed binary by
/// its absolute path in place of `"$PLUGIN_ROOT"/bin/<bin>`.
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    let bin = site.bins.hooks;
    let dir = plugin_dir(site.options, site.name);
    let from = format!("\"$PLUGIN_ROOT\"/{}", quote::shell(&format!("bin/{bin}")));
    let to = quote::shell(&site.installed_bin(bin).to_string_lossy());
    let mut targets = vec![Target {
        config: dir.join("plugin.json"),
        edit: Edit::Own {
            text: exported_text(&site.exported.join("plugin.json"))?,
            owns_folder: false,
        },
    }];
    let hooks = site.exported.join("hooks/hooks.json");
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

/// The plugin's folder, where `hooks/hooks.json` is there only when the
/// package has hooks.
fn whole_file_dirs(options: &InstallOptions, name: &str) -> Vec<PathBuf> {
    vec![plugin_dir(options, name)]
}

/// goose's folder for the plugin `name` in the scope.
fn plugin_dir(options: &InstallOptions, name: &str) -> PathBuf {
    match &options.scope {
        Scope::User => options.home.join(".agents/plugins").join(name),
        Scope::Project(project) => project.join(".agents/plugins").join(name),
    }
}
