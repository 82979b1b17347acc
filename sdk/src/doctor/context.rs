//! What a check sees: its plugin (config, agent folder) and itself.

use std::fmt;
use std::path::{Path, PathBuf};

use super::DoctorCheckDef;
use crate::plugin::PluginContext;

/// A doctor check's context, typed by the plugin's config
/// (`&DoctorContext` when the check does not read it).
pub struct DoctorContext<C = ()> {
    plugin: PluginContext<C>,
    check: &'static DoctorCheckDef,
}

impl<C> DoctorContext<C> {
    pub(crate) fn new(plugin: PluginContext<C>, check: &'static DoctorCheckDef) -> Self {
        DoctorContext { plugin, check }
    }

    /// The plugin's context (id, version, config, agent folder, span).
    pub fn plugin(&self) -> &PluginContext<C> {
        &self.plugin
    }

    /// The plugin's config.
    pub fn config(&self) -> &C {
        self.plugin.config()
    }

    /// The agent folder: where the plugin's files live, and the only place
    /// a fix may change.
    pub fn agent_dir(&self) -> &Path {
        self.plugin.agent_dir()
    }

    /// `path` inside the agent folder (an absolute `path` is returned as is).
    pub fn agent_path(&self, path: impl AsRef<Path>) -> PathBuf {
        self.plugin.agent_dir().join(path)
    }

    /// The check's name.
    pub fn check_name(&self) -> &'static str {
        self.check.name
    }
}

impl<C> fmt::Debug for DoctorContext<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DoctorContext")
            .field("check", &self.check.id())
            .field("agent_dir", &self.agent_dir())
            .finish_non_exhaustive()
    }
}
