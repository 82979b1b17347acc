//! Building a host, in steps: the config (`config`), the plugins of every
//! source in host order (`sources`), each one loaded (`load`), then the
//! tables the host looks things up in (`tables`).

mod config;
mod load;
mod sources;
mod tables;

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use tackle::def::PluginDef;
use tackle::hook::HookPoint;
use tackle::session::SessionStore;
use tackle::subagent::SubagentBridge;

use self::config::{ConfigSource, Settled};
use self::sources::{Discovery, Place, Sources};
use super::dispatch::HookTable;
use super::{Host, HostError, LoadState, LoadedPlugin, NameIndex, dispose_all};
use crate::config::{ConfigError, HostConfig};
use crate::declarative::PluginFolders;
use crate::permission::roles::AccessService;
use crate::problems::Problem;
use crate::registry::Registry;
use crate::services::{Bridge, Services};
use crate::trust::{self, AgentSettings, ProjectTrust, TrustCheck, UserVars, Withheld};

/// Builds a [`Host`].
///
/// ```rust,standalone_crate
/// use std::time::Duration;
/// use tackle::prelude::*;
///
/// tackle::plugin! { id: "greeter", config: GreeterConfig }
///
/// /// Settings from `[plugins.greeter]`.
/// #[tackle::data]
/// #[derive(Deserialize, JsonSchema, Default)]
/// pub struct GreeterConfig {
///     /// How to greet.
///     pub greeting: String,
/// }
///
/// /// Greet someone.
/// #[tool]
/// fn greet(ctx: &ToolContext<GreeterConfig>, name: String) -> String {
///     format!("{} {name}", ctx.config().greeting)
/// }
///
/// /// Adds a long text to the system prompt.
/// #[hook(system_prompt)]
/// fn long() -> String {
///     "x".repeat(500)
/// }
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use tackle::hook::{HookPoint, SessionInfo, SystemPrompt};
/// use tackle_host::{Host, HostError, PluginStatus, Registry};
///
/// let registry = Registry::global().unwrap().only(&["greeter"]);
/// let bad = "[plugins.greeter]\ngreting = \"hi\""; // a typo in the key
///
/// // By default a plugin whose config is wrong is switched off and reported ...
/// let host = Host::builder()
///     .registry(registry.clone())
///     .config_toml(bad, "tackle.toml")
///     .build()
///     .await
///     .unwrap();
/// assert!(matches!(host.plugin("greeter").unwrap().status(), PluginStatus::Failed(_)));
///
/// // ... and with `strict(true)` it fails the build, naming the key.
/// let error = Host::builder()
///     .registry(registry.clone())
///     .config_toml(bad, "tackle.toml")
///     .strict(true)
///     .build()
///     .await
///     .unwrap_err();
/// assert!(matches!(error, HostError::Config(_)));
/// assert!(error.to_string().contains("greting"), "{error}");
///
/// let host = Host::builder()
///     .agent_dir(std::env::temp_dir())
///     .registry(registry.clone())
///     .config_toml("[plugins.greeter]\ngreeting = \"Ahoy\"", "tackle.toml")
///     .strict(true)
///     .init_timeout(Duration::from_secs(5)) // a state that takes longer is switched off
///     .hook_timeout(Duration::from_secs(2)) // for async hooks without their own
///     .context_cap(100) // characters of plugin context in the system prompt
///     .build()
///     .await
///     .unwrap();
/// assert_eq!(host.agent_dir(), std::env::temp_dir());
/// let prompt = host.system_context(SystemPrompt::default(), SessionInfo::empty()).await;
/// assert!(prompt.omitted > 0); // cut, with a marker saying how much
///
/// // A hook binary serving one event loads only what acts there.
/// let hooks_only = Host::builder()
///     .registry(registry)
///     .for_points(&[HookPoint::BeforeToolCall])
///     .build()
///     .await
///     .unwrap();
/// assert_eq!(hooks_only.plugin("greeter").unwrap().status(), PluginStatus::Disabled);
/// # }
/// ```
#[derive(Debug, Default)]
pub struct HostBuilder {
    agent_dir: Option<PathBuf>,
    config: Option<ConfigSource>,
    registry: Option<Registry>,
    strict: bool,
    init_timeout: Option<Duration>,
    hook_timeout: Option<Duration>,
    context_cap: Option<usize>,
    bridge: Option<Bridge>,
    provider_source: Option<super::provider::source::Source>,
    points: Option<Vec<HookPoint>>,
    discovery: Discovery,
    sessions: Option<Arc<dyn SessionStore>>,
    session_files: Option<crate::session::SessionLimits>,
    store_opener: Option<Arc<dyn crate::session::StoreOpener>>,
    store_setting: Option<crate::session::StoreSetting>,
    vars: Option<UserVars>,
}

/// How long an async hook may take when neither it (`timeout_ms`), the
/// builder nor the config (`hook_timeout_ms`) says.
pub const DEFAULT_HOOK_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a sync hook is counted for in its event's budget: nothing can
/// stop one, so its limit is a convention (`export` adds it to the agent's
/// time-out; a server takes a sync hook still running past it as stuck).
pub const SYNC_HOOK_BUDGET: Duration = Duration::from_secs(1);

impl HostBuilder {
    pub(super) fn new() -> Self {
        HostBuilder::default()
    }

    /// The agent folder plugins see as `agent_dir` (default: the current directory).
    #[must_use]
    pub fn agent_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.agent_dir = Some(dir.into());
        self
    }

    /// Reads the config from a TOML file.
    #[must_use]
    pub fn config_file(mut self, path: impl Into<PathBuf>) -> Self {
        self.config = Some(ConfigSource::File(path.into()));
        self
    }

    /// Reads the config from TOML text; `origin` names it in messages.
    #[must_use]
    pub fn config_toml(mut self, text: impl Into<String>, origin: impl Into<String>) -> Self {
        self.config = Some(ConfigSource::Text {
            text: text.into(),
            origin: origin.into(),
        });
        self
    }

    /// Uses an already parsed config.
    #[must_use]
    pub fn config(mut self, config: HostConfig) -> Self {
        self.config = Some(ConfigSource::Parsed(Box::new(config)));
        self
    }

    /// Reads the config as the command line does, in layers (see
    /// [`trust`](crate::trust)): the user's `$TACKLE_HOME/tackle.toml`,
    /// then `named` (or `TACKLE_CONFIG`) if given, else the project's
    /// `tackle.toml` in the agent folder, which may only tighten until the
    /// project is trusted. What was refused is in [`Host::withheld`].
    ///
    /// A file given with [`config_file`](Self::config_file) is instead the
    /// embedding host's own choice, read whole.
    #[must_use]
    pub fn standard_config(mut self, named: Option<PathBuf>) -> Self {
        self.config = Some(ConfigSource::Standard { named, agent: None });
        self
    }

    /// Adds the plugin settings the user made in the agent that started
    /// the process (Claude Code's plugin options) to the layered config
    /// of [`standard_config`](Self::standard_config), with the user's
    /// powers, over the user's own file; without the layered config, they
    /// are not read.
    #[must_use]
    pub fn agent_settings(mut self, settings: AgentSettings) -> Self {
        if let Some(ConfigSource::Standard { agent, .. }) = &mut self.config {
            *agent = Some(settings);
        }
        self
    }

    /// Uses these plugins instead of every linked one.
    #[must_use]
    pub fn registry(mut self, registry: Registry) -> Self {
        self.registry = Some(registry);
        self
    }

    /// With `true`, a plugin whose config is invalid or whose state fails to
    /// start fails the build; by default it is switched off and reported
    /// while the others run.
    #[must_use]
    pub fn strict(mut self, strict: bool) -> Self {
        self.strict = strict;
        self
    }

    /// Gives each plugin's state this long to start; one that takes longer is
    /// switched off and reported like one whose `init` failed. Without it,
    /// an `init` that never returns holds up the build.
    ///
    /// Needs tokio's timer (a runtime built with `enable_time` or
    /// `enable_all`, as `#[tokio::main]` does); tokio panics without one.
    #[must_use]
    pub fn init_timeout(mut self, limit: Duration) -> Self {
        self.init_timeout = Some(limit);
        self
    }

    /// How long an async hook without its own `timeout_ms` may take before
    /// it counts as failed (default: the config's `hook_timeout_ms`, else
    /// [`DEFAULT_HOOK_TIMEOUT`]). Sync hooks run inline and are not timed.
    #[must_use]
    pub fn hook_timeout(mut self, limit: Duration) -> Self {
        self.hook_timeout = Some(limit);
        self
    }

    /// The cap, in characters, on the context plugins add to the system
    /// prompt (default [`CONTEXT_CAP`](super::CONTEXT_CAP), 16,000).
    #[must_use]
    pub fn context_cap(mut self, chars: usize) -> Self {
        self.context_cap = Some(chars);
        self
    }

    /// The host's subagent bridge: plugins reach it to run subagents, and
    /// prompt-kind cron jobs send it their prompt. Without one, those report
    /// that the host has none.
    #[must_use]
    pub fn subagent_bridge(mut self, bridge: Arc<dyn SubagentBridge>) -> Self {
        self.bridge = Some(Bridge(bridge));
        self
    }

    /// What builds the providers the config may name besides the linked
    /// `#[provider]`s: model APIs whose base URL and key variable are
    /// settings (`tackle_runtime::api_providers()` gives tackle's).
    #[must_use]
    pub fn provider_source(mut self, source: Arc<dyn super::ProviderSource>) -> Self {
        self.provider_source = Some(super::provider::source::Source(source));
        self
    }

    /// Loads only the plugins that have something to do at these points: a
    /// hook there or at the catch-all `event` point, permission rules (for
    /// `permission_request`), context files (for `system_prompt`). The
    /// others are left off, their config unread and their state not
    /// started: what a hook binary serving one event needs.
    #[must_use]
    pub fn for_points(mut self, points: &[HookPoint]) -> Self {
        self.points = Some(points.to_vec());
        self
    }

    /// Also loads the declarative plugins of the standard plugin folders
    /// (see [`declarative`](crate::declarative)): the builder's default
    /// folders, the user's (`~/.superqode/plugins`, `$TACKLE_HOME/plugins`), the config's
    /// `plugin_dirs`, and, in a trusted project, its `.agents/plugins`,
    /// `.superqode/plugins` and `.tackle/plugins`. In a trusted project,
    /// the project's state file (`.tackle/plugins.json`) can then switch
    /// plugins off. The command line's hosts do this; an embedding host
    /// chooses.
    #[must_use]
    pub fn discover_plugins(mut self, on: bool) -> Self {
        self.discovery.on = on;
        self
    }

    /// A folder of plugins the host ships with: the lowest tier, shadowed
    /// by the user's and the project's. Implies [`discover_plugins`](Self::discover_plugins).
    #[must_use]
    pub fn default_plugin_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.discovery.default_dirs.push(dir.into());
        self.discovery.on = true;
        self
    }

    /// Searches exactly these folders instead of the standard ones; their
    /// `project_trusted` also decides whether the project's state file is
    /// obeyed.
    #[must_use]
    pub fn plugin_folders(mut self, folders: PluginFolders) -> Self {
        self.discovery.folders = Some(folders);
        self.discovery.on = true;
        self
    }

    /// Where hooks keep their per-session values (`&Session<T>`): by
    /// default a [`MemoryStore`](crate::session::MemoryStore), right for a
    /// host that sees every event of a session; the hook binary, which
    /// runs once per event, uses a [`FileStore`](crate::session::FileStore).
    #[must_use]
    pub fn session_store(mut self, store: Arc<dyn SessionStore>) -> Self {
        self.sessions = Some(store);
        self
    }

    /// Keeps session values in files in the user's tackle folder
    /// (`$TACKLE_HOME/sessions`, read as the config's layers read it, so a
    /// project's agent settings cannot move it): what the hook binary
    /// uses, since it runs once per event.
    #[must_use]
    pub fn session_files(mut self, limits: crate::session::SessionLimits) -> Self {
        self.session_files = Some(limits);
        self
    }

    /// Opens the session store a URL names (`[sessions] store` in the
    /// user's config, or [`session_store_url`](Self::session_store_url)):
    /// the runtime gives one for the stores it links. Without it, a store
    /// the config names is an [`UnlinkedStore`](crate::session::UnlinkedStore).
    #[must_use]
    pub fn store_opener(mut self, opener: Arc<dyn crate::session::StoreOpener>) -> Self {
        self.store_opener = Some(opener);
        self
    }

    /// Keeps session values in the store `setting` names (`mcp
    /// --session-store URL`), over what the config says.
    #[must_use]
    pub fn session_store_url(mut self, setting: crate::session::StoreSetting) -> Self {
        self.store_setting = Some(setting);
        self
    }

    /// The user-level variables as the command line's entry point read
    /// them ([`UserVars::read_for`]: it knows who started the process).
    /// Without it, the build reads them for a command the user runs, in
    /// the agent folder, wherever the user's or the project's files are
    /// read.
    #[must_use]
    pub fn user_vars(mut self, vars: UserVars) -> Self {
        self.vars = Some(vars);
        self
    }

    /// Checks everything, loads the plugins and starts their state. Every
    /// config problem is reported at once.
    ///
    /// Async because plugin state starts with an async `init`; with no state
    /// declared, the future is ready on its first poll.
    pub async fn build(self) -> Result<Host, HostError> {
        let registry = match self.registry {
            Some(r) => r,
            None => Registry::global().map_err(Clone::clone)?.clone(),
        };
        let agent_dir = match self.agent_dir {
            Some(dir) => dir,
            None => std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
        };
        // The user's variables matter where the user's and the project's
        // files are read.
        let standard = matches!(self.config, Some(ConfigSource::Standard { .. }));
        let vars = match self.vars {
            Some(vars) => vars,
            None if standard || self.discovery.on || self.session_files.is_some() => {
                UserVars::read(&agent_dir)
            }
            None => UserVars::default(),
        };
        let trust = match &self.discovery.folders {
            Some(folders) if folders.project_trusted => {
                TrustCheck::given(&agent_dir, &vars, ProjectTrust::Given)
            }
            Some(_) => TrustCheck::given(&agent_dir, &vars, ProjectTrust::No),
            None => TrustCheck::new(&agent_dir, &vars),
        };
        let mut refused: Vec<Withheld> = trust::ignored_vars(&vars).collect();
        let Settled {
            config,
            files: config_files,
        } = config::settle(self.config, &agent_dir, &vars, &trust, &mut refused)?;
        // Before any plugin starts: a store named wrong stops the host.
        let sessions = sessions(
            self.sessions,
            self.store_setting,
            self.store_opener.as_deref(),
            self.session_files,
            &config,
            &vars,
        )?;

        let mut fatal = Vec::new();
        // `Place` borrows the trust check, which is not `Sync`: it must be
        // gone before the first await, or the build is not `Send`.
        let Sources {
            registry,
            declared,
            order,
        } = {
            let place = Place {
                agent_dir: &agent_dir,
                vars: &vars,
                trust: &trust,
                config: &config,
            };
            self.discovery
                .gather(registry, &place, &mut refused, &mut fatal)?
        };
        let apis: Vec<&str> = self
            .provider_source
            .as_ref()
            .map(|s| s.0.names().into_iter().map(|(name, _)| name).collect())
            .unwrap_or_default();
        fatal.extend(super::provider::config_problems(
            &registry, &config, &order, &apis,
        ));

        // Roles and origins name permissions of the linked plugins.
        let access = AccessService::new(&config.access, registry.plugins()).unwrap_or_else(|p| {
            fatal.extend(p);
            AccessService::default()
        });
        let services = Arc::new(Services::new(access, self.bridge.clone()));

        // Every config is checked before any state starts, so a host that
        // will not start has started nothing.
        let concerned = |def: &PluginDef| match &self.points {
            None => true,
            Some(points) => load::concerned(def, points, &registry),
        };
        let mut plugins: Vec<LoadedPlugin> = order
            .into_iter()
            .map(|(def, enabled)| LoadedPlugin {
                def,
                state: if let Some(problems) = declared.problems_of(def) {
                    LoadState::Failed(problems)
                } else if enabled && concerned(def) {
                    load::load(
                        def,
                        config.plugins.get(def.id),
                        &agent_dir,
                        vars.home(),
                        &services,
                    )
                } else {
                    LoadState::Disabled
                },
            })
            .collect();
        // A broken declarative plugin is listed as failed; it stops the
        // host only in a strict build.
        let config_problems: Vec<Problem> =
            plugins.iter().flat_map(LoadedPlugin::problems).collect();
        if !fatal.is_empty() || (self.strict && !config_problems.is_empty()) {
            fatal.extend(config_problems);
            return Err(failed(&config, fatal));
        }

        let mut offered = Vec::new();
        for plugin in &mut plugins {
            let loaded = std::mem::replace(&mut plugin.state, LoadState::Disabled);
            plugin.state = load::start(loaded, plugin.def, self.init_timeout).await;
            offered.extend(
                super::provider::start(&mut plugin.state, plugin.def, &registry, self.init_timeout)
                    .await,
            );
            if self.strict && matches!(plugin.state, LoadState::Failed(_)) {
                let problems = plugin.problems().collect();
                dispose_all(&plugins).await;
                return Err(failed(&config, problems));
            }
        }

        let plugin_index: NameIndex = plugins
            .iter()
            .enumerate()
            .map(|(i, p)| (p.def.id, i))
            .collect();
        let (tools, by_name) = tables::tools(&registry, &plugin_index);
        let hooks = tables::hooks(&registry, &plugins, &plugin_index);
        let rules = match tables::rules(&config, &plugins) {
            Ok(rules) => rules,
            Err(problems) => {
                dispose_all(&plugins).await;
                return Err(failed(&config, problems));
            }
        };
        let providers = match super::provider::Providers::new(offered, &registry, &config) {
            Ok(providers) => providers,
            Err(problems) => {
                dispose_all(&plugins).await;
                return Err(failed(&config, problems));
            }
        };
        let hook_timeout = self
            .hook_timeout
            .or(config.hook_timeout_ms.map(Duration::from_millis))
            .unwrap_or(DEFAULT_HOOK_TIMEOUT);
        let commands =
            super::command::CommandTable::new(registry.commands().to_vec(), &plugin_index);
        let trust = trust.into_known().map(OnceLock::from).unwrap_or_default();
        Ok(Host {
            #[cfg(feature = "skills")]
            skills: OnceLock::new(),
            agent_dir,
            plugins,
            constraints: tools.iter().map(|_| OnceLock::new()).collect(),
            tools,
            by_name,
            plugin_index,
            shut_down: AtomicBool::new(false),
            max_output_bytes: config
                .max_output_bytes
                .unwrap_or(tackle::DEFAULT_MAX_OUTPUT_BYTES),
            hooks: HookTable::new(hooks, hook_timeout),
            rules,
            context_cap: self.context_cap.unwrap_or(super::CONTEXT_CAP),
            registry,
            config,
            config_files,
            withheld: refused,
            trust,
            vars,
            declared,
            bridge: self.bridge,
            commands,
            providers,
            provider_source: self.provider_source,
            services,
            sessions,
            workers: crate::offload::Workers::default(),
        })
    }
}

/// The session store: the one given, else the one named on the command
/// line or in the config (opened by `opener`), else the hook binary's
/// files or memory; the config's `[sessions]` limits over the defaults.
fn sessions(
    given: Option<Arc<dyn SessionStore>>,
    named: Option<crate::session::StoreSetting>,
    opener: Option<&dyn crate::session::StoreOpener>,
    files: Option<crate::session::SessionLimits>,
    config: &HostConfig,
    vars: &UserVars,
) -> Result<Arc<dyn SessionStore>, HostError> {
    use crate::session::{FileStore, MemoryStore, UnlinkedStore};
    if let Some(store) = given {
        return Ok(store);
    }
    let limits = config.sessions.limits(files.unwrap_or_default());
    let named = named.or_else(|| config.sessions.setting(&config.origin));
    Ok(match (named, files) {
        (Some(setting), _) => match opener {
            Some(opener) => opener.open(&setting, limits).map_err(|why| {
                HostError::Config(ConfigError {
                    origin: setting.origin.clone(),
                    problems: vec![Problem::new(setting.key.clone(), why)],
                })
            })?,
            None => Arc::new(UnlinkedStore::new(&setting)),
        },
        (None, Some(_)) => Arc::new(FileStore::in_tackle_home(vars, limits)),
        (None, None) => Arc::new(MemoryStore::new(limits)),
    })
}

/// The build's failure: `problems`, under the config's name.
fn failed(config: &HostConfig, problems: Vec<Problem>) -> HostError {
    HostError::Config(ConfigError {
        origin: config.origin.clone(),
        problems,
    })
}
