//! Where declarative plugins are looked for, in tiers: defaults < user <
//! extra folders < project. A plugin in a later folder shadows one of the
//! same id in an earlier folder; project folders count only in a trusted
//! project.

use std::path::{Path, PathBuf};

use crate::trust::UserVars;

/// How far a folder is trusted, and which folders shadow which.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tier {
    /// Folders the host binary ships with ([`HostBuilder::default_plugin_dir`](crate::HostBuilder::default_plugin_dir)).
    Defaults,
    /// The user's own: `~/.superqode/plugins`, then `$TACKLE_HOME/plugins`
    /// (`~/.tackle/plugins`).
    User,
    /// `plugin_dirs = [...]` in the host config (the user's, or a trusted
    /// project's).
    Extra,
    /// The project's: `.agents/plugins`, `.superqode/plugins` and
    /// `.tackle/plugins` in the agent folder. Loaded only when the project
    /// is trusted.
    Project,
}

named! {
    /// How listings name it.
    Tier {
        Defaults => "defaults",
        User => "user",
        Extra => "extra",
        Project => "project",
    }
}

/// The project folders, lowest first: SuperQode's legacy folder, its
/// current one, then tackle's own.
pub const PROJECT_FOLDERS: [&str; 3] = [".agents/plugins", ".superqode/plugins", ".tackle/plugins"];

/// The folders to search, lowest precedence first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PluginFolders {
    /// Each folder with its tier, in precedence order (later shadows earlier).
    pub folders: Vec<(Tier, PathBuf)>,
    /// Whether the project's folders may load.
    pub project_trusted: bool,
}

impl PluginFolders {
    /// The standard folders for a project: `defaults`, the user's folders
    /// (when `vars` has a home), `extra` (relative to the agent folder),
    /// then the project's folders.
    pub fn standard(
        agent_dir: &Path,
        vars: &UserVars,
        defaults: &[PathBuf],
        extra: &[PathBuf],
        project_trusted: bool,
    ) -> PluginFolders {
        let mut folders: Vec<(Tier, PathBuf)> = defaults
            .iter()
            .map(|d| (Tier::Defaults, d.clone()))
            .collect();
        // SuperQode's user folder first: tackle's own shadows it.
        if let Some(home) = vars.home() {
            folders.push((Tier::User, home.join(".superqode/plugins")));
        }
        if let Some(home) = vars.tackle_home() {
            folders.push((Tier::User, home.join("plugins")));
        }
        folders.extend(extra.iter().map(|d| (Tier::Extra, agent_dir.join(d))));
        folders.extend(
            PROJECT_FOLDERS
                .iter()
                .map(|f| (Tier::Project, agent_dir.join(f))),
        );
        PluginFolders {
            folders,
            project_trusted,
        }
    }

    /// The folders as messages list them.
    pub fn describe(&self) -> String {
        if self.folders.is_empty() {
            return "no plugin folders".into();
        }
        self.folders
            .iter()
            .map(|(tier, path)| format!("{} ({tier})", path.display()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}
