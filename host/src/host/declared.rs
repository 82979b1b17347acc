//! Host's methods of the declarative room: the plugins found in plugin
//! folders. The layer itself is `crate::declarative`.

use tackle::def::PluginDef;

use crate::declarative::{Found, PluginFolders};

/// Declarative plugins: those found in plugin folders.
impl super::Host {
    /// Every declarative plugin found in the plugin folders, lowest tier
    /// first, with whether it takes part (shadowed and untrusted ones
    /// too). Empty unless the host was built with
    /// [`discover_plugins`](crate::HostBuilder::discover_plugins).
    pub fn declared(&self) -> &[Found] {
        &self.declared.found
    }

    /// The declarative plugin behind a loaded plugin, if it is one.
    pub fn declared_plugin(&self, def: &PluginDef) -> Option<&Found> {
        self.declared.of(def)
    }

    /// The plugin folders searched, if the host searched any.
    pub fn plugin_folders(&self) -> Option<&PluginFolders> {
        self.declared.folders.as_ref()
    }
}
