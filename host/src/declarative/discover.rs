//! Finding declarative plugins in their folders, and deciding which copy
//! of each id counts.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use tackle::Problem;

use super::folders::{PluginFolders, Tier};
use super::model::DeclaredPlugin;

/// One plugin found in a folder.
#[derive(Debug, Clone)]
pub struct Found {
    /// What was read.
    pub plugin: DeclaredPlugin,
    /// The tier of the folder it is in.
    pub tier: Tier,
    /// The plugin folder it was found in.
    pub folder: PathBuf,
    /// Whether it takes part.
    pub status: FoundStatus,
}

/// Whether a found plugin takes part, and if not, why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FoundStatus {
    /// The copy of its id that counts.
    Active,
    /// A later folder has a plugin with the same id (its manifest).
    ShadowedBy(PathBuf),
    /// In a project folder of a project that is not trusted.
    Untrusted,
}

/// Reads every plugin in `folders`. The result lists each plugin found,
/// lowest tier first; for each id, the copy in the latest folder is
/// [`Active`](FoundStatus::Active) and the others are shadowed by it.
pub fn discover(folders: &PluginFolders) -> Vec<Found> {
    let mut found: Vec<Found> = Vec::new();
    for (tier, folder) in &folders.folders {
        for plugin in read_folder(folder) {
            found.push(Found {
                plugin,
                tier: *tier,
                folder: folder.clone(),
                status: if *tier == Tier::Project && !folders.project_trusted {
                    FoundStatus::Untrusted
                } else {
                    FoundStatus::Active
                },
            });
        }
    }
    // The last copy of each id that may load wins; two in one folder is a
    // mistake, not shadowing.
    let mut winner: HashMap<String, usize> = HashMap::new();
    for (i, f) in found.iter().enumerate() {
        if f.status == FoundStatus::Active {
            winner.insert(f.plugin.id.clone(), i);
        }
    }
    let manifests: Vec<PathBuf> = found.iter().map(|f| f.plugin.manifest.clone()).collect();
    let folders_of: Vec<PathBuf> = found.iter().map(|f| f.folder.clone()).collect();
    for (i, f) in found.iter_mut().enumerate() {
        if f.status != FoundStatus::Active {
            continue;
        }
        let w = winner[&f.plugin.id];
        if w == i {
            continue;
        }
        if folders_of[w] == folders_of[i] {
            f.plugin.problems.push(Problem::new(
                "",
                format!(
                    "`{}` in the same folder also has the id `{}`; rename one",
                    manifests[w].display(),
                    f.plugin.id
                ),
            ));
        }
        f.status = FoundStatus::ShadowedBy(manifests[w].clone());
    }
    found
}

/// The plugins in one folder, by file name. A folder that does not exist
/// holds none.
pub fn read_folder(folder: &Path) -> Vec<DeclaredPlugin> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    // Absolute, so that `CLAUDE_PLUGIN_ROOT` still names the folder from
    // the event's working directory (made so only for a folder that is
    // there: most are not, and a hook process looks at five).
    let folder = std::path::absolute(folder).unwrap_or_else(|_| folder.to_path_buf());
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| folder.join(e.file_name())))
        .collect();
    paths.sort();
    paths.iter().filter_map(|p| read_entry(p)).collect()
}

/// Reads one entry of a plugin folder, or says what kind of plugin it is
/// not: a folder with `plugin.json` (SuperQode), a Claude Code plugin
/// folder (`.claude-plugin/plugin.json`, `hooks/hooks.json`), or a `.json`
/// hooks file. Anything else is not a plugin.
pub fn read_entry(path: &Path) -> Option<DeclaredPlugin> {
    if path.is_dir() {
        if path.join("plugin.json").is_file() {
            let plugin = super::superqode::read(&path.join("plugin.json"));
            // A package tackle exported for SuperQode: its tools, hooks,
            // skills and context are this binary's own, counted once.
            return (!plugin.exported).then_some(plugin);
        }
        if path.join(".claude-plugin").join("plugin.json").is_file()
            || path.join("hooks").join("hooks.json").is_file()
        {
            return Some(super::claude_plugin::read(path));
        }
        return None;
    }
    let is_json = path.extension().is_some_and(|e| e == "json");
    let hidden = path
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with('.'));
    (is_json && !hidden).then(|| super::hooks_json::read_file(path))
}
