//! What the host gives plugins through their context: the permission
//! service and subagent runs ([`tackle::HostServices`]).
//!
//! A spawn finds the subagent in the calling plugin, checks the payload
//! against its schema, computes its in-flight key, resolves the role of the
//! origin through the permission service (so a run inherits its parent's
//! role and cannot choose one), and goes through the host's
//! [`SubagentBridge`] — joining the run under way with the same key, if any.

mod in_flight;

use std::sync::{Arc, OnceLock};

use serde_json::Value;
use tackle::access::AccessError;
use tackle::def::{BoxFuture, PluginDef};
use tackle::resource::ResourceChange;
use tackle::subagent::{
    Provenance, SpawnError, SpawnOptions, SubagentBridge, SubagentDef, SubagentRun,
};
use tackle::{HostServices, Origin};
use tokio::sync::broadcast;

use crate::permission::roles::AccessService;
use crate::{problems, suggest};
use in_flight::InFlight;

/// The host's subagent bridge, shown by `Debug` without its insides.
#[derive(Clone)]
pub(crate) struct Bridge(pub(crate) Arc<dyn SubagentBridge>);

impl std::fmt::Debug for Bridge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SubagentBridge")
    }
}

/// The host's services, one per host, shared by every plugin's context.
#[derive(Debug)]
pub(crate) struct Services {
    access: AccessService,
    bridge: Option<Bridge>,
    in_flight: Arc<InFlight>,
    /// The plugins' resource changes, for the MCP sessions listening: made
    /// for the first listener (its 256 slots are most of a hook process's
    /// heap, and a change no one listens to goes nowhere either way).
    resource_changes: OnceLock<broadcast::Sender<ResourceChange>>,
}

/// How many resource changes a listener may fall behind before it is told
/// that it missed some.
pub(crate) const RESOURCE_CHANGES_KEPT: usize = 256;

impl Services {
    pub(crate) fn new(access: AccessService, bridge: Option<Bridge>) -> Self {
        Services {
            access,
            bridge,
            in_flight: Arc::default(),
            resource_changes: OnceLock::new(),
        }
    }

    /// A new listener for the plugins' resource changes.
    pub(crate) fn resource_changes(&self) -> broadcast::Receiver<ResourceChange> {
        self.resource_changes
            .get_or_init(|| broadcast::channel(RESOURCE_CHANGES_KEPT).0)
            .subscribe()
    }

    pub(crate) fn access(&self) -> &AccessService {
        &self.access
    }

    fn prepare(
        &self,
        plugin: &'static PluginDef,
        name: &str,
        payload: Value,
        options: SpawnOptions,
    ) -> Result<(in_flight::Key, SubagentRun, Arc<dyn SubagentBridge>), SpawnError> {
        let subagent = find(plugin, name)?;
        let problems = payload_problems(subagent, &payload);
        if !problems.is_empty() {
            return Err(SpawnError::Payload {
                plugin: plugin.id,
                subagent: subagent.name,
                problems,
            });
        }
        let key = subagent
            .in_flight_key(&payload)
            .map_err(|why| SpawnError::Payload {
                plugin: plugin.id,
                subagent: subagent.name,
                problems: vec![tackle::Problem::new("", why)],
            })?;
        let Some(bridge) = &self.bridge else {
            return Err(SpawnError::NoBridge {
                plugin: plugin.id,
                subagent: subagent.name,
            });
        };
        let origin = options
            .origin_id()
            .cloned()
            .unwrap_or_else(|| Origin::plugin(plugin.id));
        let role = self.access.role(&origin).map(str::to_owned);
        let run = SubagentRun {
            subagent,
            payload,
            prompt: options.prompt_text().map(str::to_owned),
            provenance: Provenance {
                plugin: plugin.id,
                parent_session: options.parent_session_id().map(str::to_owned),
                origin,
                role,
            },
        };
        Ok(((plugin.id, subagent.name, key), run, bridge.0.clone()))
    }
}

fn find(plugin: &'static PluginDef, name: &str) -> Result<&'static SubagentDef, SpawnError> {
    plugin
        .subagents
        .iter()
        .find(|s| s.name == name)
        .ok_or_else(|| {
            let known: Vec<&'static str> = plugin.subagents.iter().map(|s| s.name).collect();
            SpawnError::UnknownSubagent {
                plugin: plugin.id,
                name: name.to_owned(),
                suggestion: suggest::nearest(name, &known).map(str::to_owned),
                known,
            }
        })
}

/// Every way `payload` departs from the subagent's payload schema (closed:
/// unknown fields are refused); a subagent without a payload takes `null`.
fn payload_problems(subagent: &'static SubagentDef, payload: &Value) -> Vec<tackle::Problem> {
    match subagent.payload {
        // A `None` field serializes as `null`, which a portable schema (an
        // `Option<T>` is a `T` that is not required) reads as absent.
        Some(kind) => problems::check(kind.schema(), &without_nulls(payload), true),
        None if payload.is_null() => Vec::new(),
        None => vec![tackle::Problem::new(
            "",
            format!(
                "subagent `{}` takes no payload, so spawn it with `&()`, not {}",
                subagent.name,
                tackle::Problem::show_value(payload)
            ),
        )],
    }
}

/// `payload` with every `null` object member removed, at any depth.
fn without_nulls(payload: &Value) -> Value {
    match payload {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k.clone(), without_nulls(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_nulls).collect()),
        other => other.clone(),
    }
}

impl HostServices for Services {
    fn role(&self, origin: &Origin) -> Option<String> {
        self.access.role(origin).map(str::to_owned)
    }

    fn has(&self, origin: &Origin, permission: &str) -> Result<bool, AccessError> {
        self.access.check(origin, permission)
    }

    /// Finds, checks and starts (or joins) a run; see the module docs.
    fn spawn_subagent(
        &self,
        plugin: &'static PluginDef,
        name: &str,
        payload: Value,
        options: SpawnOptions,
    ) -> BoxFuture<Result<String, SpawnError>> {
        let prepared = self.prepare(plugin, name, payload, options);
        match prepared {
            Err(error) => Box::pin(std::future::ready(Err(error))),
            Ok((key, run, bridge)) => {
                let subagent = run.subagent.name;
                let run = self.in_flight.run(key, move || {
                    tracing::info!(
                        plugin = plugin.id,
                        subagent,
                        origin = %run.provenance.origin,
                        role = run.provenance.role.as_deref(),
                        "running subagent"
                    );
                    let future = bridge.run_subagent(run);
                    Box::pin(async move {
                        future.await.map_err(|error| SpawnError::Run {
                            plugin: plugin.id,
                            subagent,
                            error,
                        })
                    })
                });
                Box::pin(run)
            }
        }
    }

    fn resource_changed(&self, plugin: &'static PluginDef, change: ResourceChange) {
        tracing::debug!(plugin = plugin.id, ?change, "resource changed");
        // No listener (no MCP session) is no error: the change concerns no one.
        if let Some(listened) = self.resource_changes.get() {
            let _ = listened.send(change);
        }
    }
}
