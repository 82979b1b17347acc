//! A plugin: what `plugin!` declares ([`PluginDef`]) and what the host
//! knows of it once loaded ([`PluginInfo`]). The two live together because
//! each names the other: a declaration builds its state from the loaded
//! plugin, and the loaded plugin keeps its declaration.

mod context;
mod services;

use std::any::Any;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;

use crate::Problem;
use crate::access::{PermissionDef, Permissions};
use crate::cron::CronJobDef;
use crate::future::BoxFuture;
use crate::location::SourceLocation;
use crate::permission::{ContextFile, PermissionRule};
use crate::resource::ResourceChange;
use crate::skill::SkillDef;
use crate::subagent::{SpawnError, SpawnOptions, SubagentDef};

pub use context::PluginContext;
pub use services::HostServices;

/// A plugin's configuration value, type-erased so one registry can hold every
/// plugin's; the tool glue downcasts it back to the plugin's config type.
pub type AnyConfig = Arc<dyn Any + Send + Sync>;

/// One plugin, as declared by `tackle::plugin! { ... }` at a crate root.
pub struct PluginDef {
    /// Unique id: `^[a-z0-9][a-z0-9-]*$`, at most 64 characters (checked at compile time).
    pub id: &'static str,
    /// Human name; the id when not given.
    pub name: &'static str,
    /// Semantic version; the crate's `CARGO_PKG_VERSION` when not given.
    pub version: &'static str,
    /// One-line description.
    pub description: &'static str,
    /// The crate that declared it (`module_path!()` at its root).
    pub crate_name: &'static str,
    /// Where `plugin!` was written.
    pub location: SourceLocation,
    /// Its typed configuration.
    pub config: ConfigDef,
    /// Its state, if it declares one.
    pub state: Option<StateDef>,
    /// Its permission rules, evaluated at `permission_request`.
    pub permission_rules: &'static [PermissionRule],
    /// Its context files, added to the system prompt.
    pub context_files: &'static [ContextFile],
    /// Its skills, read at compile time.
    pub skills: &'static [SkillDef],
    /// Its prompt and exec cron jobs (handler jobs are `#[cron]` items).
    pub cron_jobs: &'static [CronJobDef],
    /// Its subagents.
    pub subagents: &'static [SubagentDef],
    /// The permissions it declares and consumes, namespaced by its id.
    pub permissions: &'static [PermissionDef],
    /// Permissions of this plugin the owner wildcard must not grant.
    pub owner_wildcard_exclusions: &'static [&'static str],
}

/// A plugin's state, type-erased like its config.
pub type AnyState = Arc<dyn Any + Send + Sync>;

/// How to build and dispose of a plugin's state (`plugin! { state: ... }`).
#[derive(Clone, Copy)]
pub struct StateDef {
    /// The Rust type as written in `plugin!`.
    pub type_name: &'static str,
    /// Runs `PluginState::init` with the plugin's typed context.
    pub init: fn(Arc<PluginInfo>, AnyConfig) -> BoxFuture<Result<AnyState, String>>,
    /// Runs `PluginState::dispose`.
    pub dispose: fn(AnyState) -> BoxFuture<()>,
}

impl fmt::Debug for StateDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StateDef")
            .field("type_name", &self.type_name)
            .finish_non_exhaustive()
    }
}

/// How to build and describe a plugin's typed configuration.
pub struct ConfigDef {
    /// The Rust type as written in `plugin!`, or `None` when the plugin takes no config.
    pub type_name: Option<&'static str>,
    /// The config's portable JSON Schema, generated once.
    pub schema: fn() -> &'static Value,
    /// Deserializes a config block (`None` when the host config has none: the
    /// type's `Default` is used).
    pub load: fn(Option<Value>) -> Result<AnyConfig, Problem>,
}

impl fmt::Debug for PluginDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PluginDef")
            .field("id", &self.id)
            .field("version", &self.version)
            .field("crate_name", &self.crate_name)
            .field("location", &self.location)
            .finish_non_exhaustive()
    }
}

impl fmt::Debug for ConfigDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ConfigDef")
            .field("type_name", &self.type_name)
            .finish_non_exhaustive()
    }
}

/// The untyped facts about a loaded plugin, shared by all its contexts.
pub struct PluginInfo {
    def: &'static PluginDef,
    agent_dir: PathBuf,
    home_dir: Option<PathBuf>,
    span: tracing::Span,
    services: Option<Arc<dyn HostServices>>,
}

impl PluginInfo {
    /// Built by the host when it loads the plugin.
    #[doc(hidden)]
    pub fn new(def: &'static PluginDef, agent_dir: PathBuf) -> Self {
        let span = tracing::info_span!("plugin", id = def.id);
        PluginInfo {
            def,
            agent_dir,
            home_dir: None,
            span,
            services: None,
        }
    }

    /// The same, knowing the user's home folder as the host resolved it.
    #[doc(hidden)]
    #[must_use]
    pub fn with_home_dir(mut self, home: Option<PathBuf>) -> Self {
        self.home_dir = home;
        self
    }

    /// The same, reaching the host's services (permissions, subagents).
    /// The runtime sets them when it loads the plugin; a test may give
    /// its own.
    #[must_use]
    pub fn with_services(mut self, services: Arc<dyn HostServices>) -> Self {
        self.services = Some(services);
        self
    }

    /// The user's home folder; see [`PluginContext::home_dir`].
    pub fn home_dir(&self) -> Option<&Path> {
        self.home_dir.as_deref()
    }

    /// The host's services, if a host built this.
    pub fn services(&self) -> Option<&Arc<dyn HostServices>> {
        self.services.as_ref()
    }

    /// The permission service, as this plugin sees it.
    pub fn permissions(&self) -> Permissions<'_> {
        Permissions::new(self)
    }

    /// Runs this plugin's subagent `name`; see
    /// [`PluginContext::spawn_subagent`].
    pub fn spawn_subagent<P: Serialize + ?Sized>(
        &self,
        name: &str,
        payload: &P,
        options: SpawnOptions,
    ) -> BoxFuture<Result<String, SpawnError>> {
        let plugin = self.def.id;
        let Some(services) = self.services.clone() else {
            return Box::pin(std::future::ready(Err(SpawnError::NoHost { plugin })));
        };
        let payload = match serde_json::to_value(payload) {
            Ok(value) => value,
            Err(e) => {
                let subagent = self
                    .def
                    .subagents
                    .iter()
                    .find(|s| s.name == name)
                    .map_or("?", |s| s.name);
                return Box::pin(std::future::ready(Err(SpawnError::Payload {
                    plugin,
                    subagent,
                    problems: vec![Problem::new("", format!("cannot be serialized: {e}"))],
                })));
            }
        };
        services.spawn_subagent(self.def, name, payload, options)
    }

    /// Tells the host's MCP sessions about `change`; see
    /// [`PluginContext::resource_updated`].
    pub fn resource_changed(&self, change: ResourceChange) {
        if let Some(services) = &self.services {
            services.resource_changed(self.def, change);
        }
    }

    /// The plugin's id.
    pub fn id(&self) -> &'static str {
        self.def.id
    }

    /// The plugin's static declaration.
    pub fn def(&self) -> &'static PluginDef {
        self.def
    }

    /// The span that scopes the plugin's log lines.
    pub fn span(&self) -> &tracing::Span {
        &self.span
    }
}

impl fmt::Debug for PluginInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PluginInfo")
            .field("id", &self.def.id)
            .field("agent_dir", &self.agent_dir)
            .field("services", &self.services.is_some())
            .finish()
    }
}

/// Every plugin linked into this binary, in link order (the runtime sorts them).
pub fn linked_plugins() -> impl Iterator<Item = &'static PluginDef> {
    crate::__private::linked::<crate::__private::PluginRegistration>()
}
