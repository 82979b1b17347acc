//! The host's resource changes and subagent runs, for host code (plugins
//! reach the same through their `PluginContext`).

use std::sync::Arc;

use serde_json::Value;
use tackle::HostServices;
use tackle::def::BoxFuture;
use tackle::subagent::{SpawnError, SpawnOptions, SubagentBridge};

use super::Host;

/// What the host shares with every plugin's context: resource changes
/// and subagents.
impl Host {
    /// A listener for the resource changes the plugins tell
    /// ([`PluginContext::resource_updated`](tackle::PluginContext::resource_updated),
    /// [`resource_list_changed`](tackle::PluginContext::resource_list_changed)):
    /// what an MCP session forwards to its client. Only changes told after
    /// this call arrive; one that falls more than 256 changes behind gets
    /// [`RecvError::Lagged`](tokio::sync::broadcast::error::RecvError::Lagged).
    pub fn resource_changes(
        &self,
    ) -> tokio::sync::broadcast::Receiver<tackle::resource::ResourceChange> {
        self.services.resource_changes()
    }

    /// The host's subagent bridge, if the builder was given one
    /// ([`HostBuilder::subagent_bridge`](crate::HostBuilder::subagent_bridge)).
    pub fn subagent_bridge(&self) -> Option<&Arc<dyn SubagentBridge>> {
        self.bridge.as_ref().map(|b| &b.0)
    }

    /// Runs subagent `name` of plugin `plugin` with a JSON payload, as the
    /// plugin's own `spawn_subagent` would (a prompt-kind cron job naming a
    /// subagent goes through here). Without an origin in `options`, the
    /// origin is `plugin:<id>`.
    pub fn spawn_subagent(
        &self,
        plugin: &str,
        name: &str,
        payload: Value,
        options: SpawnOptions,
    ) -> BoxFuture<Result<String, SpawnError>> {
        match self.plugin(plugin) {
            Some(loaded) => self
                .services
                .spawn_subagent(loaded.def(), name, payload, options),
            None => {
                let known: Vec<&str> = self.plugins().iter().map(|p| p.def().id).collect();
                Box::pin(std::future::ready(Err(SpawnError::UnknownPlugin {
                    plugin: plugin.to_owned(),
                    suggestion: crate::suggest::nearest(plugin, &known).map(str::to_owned),
                })))
            }
        }
    }
}
