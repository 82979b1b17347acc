//! How a plugin's context reaches the host it runs in.

use serde_json::Value;

use crate::Origin;
use crate::access::AccessError;
use crate::future::BoxFuture;
use crate::plugin::PluginDef;
use crate::resource::ResourceChange;
use crate::subagent::{SpawnError, SpawnOptions};

/// What the host offers plugins beyond their own declarations: the
/// permission service and subagent runs. The runtime implements it and
/// hands it to every plugin's [`PluginInfo`](crate::PluginInfo); plugins
/// use it through [`PluginContext::permissions`](crate::PluginContext::permissions)
/// and [`PluginContext::spawn_subagent`](crate::PluginContext::spawn_subagent).
///
/// A test may implement it to give a hand-built context fake services.
pub trait HostServices: Send + Sync + 'static {
    /// The role the host config gives `origin`, if any.
    fn role(&self, origin: &Origin) -> Option<String>;

    /// Whether `origin` holds `permission` (a full name, `plugin:name`);
    /// an error when no linked plugin declares that permission.
    fn has(&self, origin: &Origin, permission: &str) -> Result<bool, AccessError>;

    /// Runs subagent `name` of `plugin` with `payload` (not yet checked).
    fn spawn_subagent(
        &self,
        plugin: &'static PluginDef,
        name: &str,
        payload: Value,
        options: SpawnOptions,
    ) -> BoxFuture<Result<String, SpawnError>>;

    /// Tells the host's MCP sessions that a resource of `plugin` changed;
    /// a host that serves none ignores it.
    fn resource_changed(&self, plugin: &'static PluginDef, change: ResourceChange) {
        let _ = (plugin, change);
    }
}
