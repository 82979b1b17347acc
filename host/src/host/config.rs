//! What the host was built from: the checked declarations, the config and
//! the files it came from, and what the trust gate withheld.

use tackle::Problem;

use super::Host;
use crate::config::HostConfig;
use crate::registry::Registry;

/// Config and trust: what this host was built from and what it withheld.
impl Host {
    /// The checked declarations this host was built from (every linked
    /// plugin's items, whether or not the plugin runs).
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// The config this host was built with.
    pub fn config(&self) -> &HostConfig {
        &self.config
    }

    /// The config files the host read, in layer order, each with whether it
    /// had full powers; empty unless the builder read the config in layers
    /// ([`HostBuilder::standard_config`](crate::HostBuilder::standard_config)).
    pub fn config_files(&self) -> &[crate::trust::ConfigFile] {
        &self.config_files
    }

    /// What the project's files asked for and did not get because the
    /// project is not trusted (see [`trust`](crate::trust)): config keys,
    /// rules, its state file's entries, its plugin folders' plugins, and
    /// variables its agent settings name.
    pub fn withheld(&self) -> &[crate::trust::Withheld] {
        &self.withheld
    }

    /// The user's trust variables as this host read them.
    pub fn user_vars(&self) -> &crate::trust::UserVars {
        &self.vars
    }

    /// Whether the project in the agent folder is trusted, and how.
    pub fn project_trust(&self) -> &crate::trust::ProjectTrust {
        self.trust
            .get_or_init(|| crate::trust::project_trust(&self.agent_dir, &self.vars))
    }

    /// Warnings from building the host that stopped nothing: `enabled`
    /// patterns that match no plugin, disabled ids that name none.
    pub fn warnings(&self) -> &[Problem] {
        &self.declared.warnings
    }
}
