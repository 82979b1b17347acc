//! Building a host: pick the plugins, check their configs, load them.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use tackle::PluginInfo;
use tackle::agent::{AgentBridge, HostServices};
use tackle::def::PluginDef;
use tackle::hook::{HookPoint, OnError};
use tackle::session::SessionStore;

use super::contain::{contain, contain_future, panic_message};
use super::declared::{Declared, project_disabled};
use super::dispatch::HookTable;
use super::{Host, HostError, LoadState, LoadedPlugin, dispose_all};
use crate::config::{ConfigError, HostConfig};
use crate::declarative::PluginFolders;
use crate::permission::roles::AccessService;
use crate::permission::{Rule, RuleSet};
use crate::problems::{self, Problem};
use crate::registry::Registry;
use crate::services::{Bridge, Services};
use crate::suggest;
use crate::trust::{self, ProjectTrust, Refusal, TrustCheck, UserVars};

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
    config: Option<Source>,
    registry: Option<Registry>,
    strict: bool,
    init_timeout: Option<Duration>,
    hook_timeout: Option<Duration>,
    context_cap: Option<usize>,
    bridge: Option<Bridge>,
    points: Option<Vec<HookPoint>>,
    discover: bool,
    default_dirs: Vec<PathBuf>,
    folders: Option<PluginFolders>,
    sessions: Option<Arc<dyn SessionStore>>,
    session_files: Option<crate::session::SessionLimits>,
}

/// How long an async hook may take when neither it (`timeout_ms`), the
/// builder nor the config (`hook_timeout_ms`) says.
pub const DEFAULT_HOOK_TIMEOUT: Duration = Duration::from_secs(30);

#[derive(Debug)]
enum Source {
    File(PathBuf),
    Text { text: String, origin: String },
    Parsed(Box<HostConfig>),
    Standard { named: Option<PathBuf> },
}

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
        self.config = Some(Source::File(path.into()));
        self
    }

    /// Reads the config from TOML text; `origin` names it in messages.
    #[must_use]
    pub fn config_toml(mut self, text: impl Into<String>, origin: impl Into<String>) -> Self {
        self.config = Some(Source::Text {
            text: text.into(),
            origin: origin.into(),
        });
        self
    }

    /// Uses an already parsed config.
    #[must_use]
    pub fn config(mut self, config: HostConfig) -> Self {
        self.config = Some(Source::Parsed(Box::new(config)));
        self
    }

    /// Reads the config as the command line does, in layers (see
    /// [`trust`](crate::trust)): the user's `$TACKLE_HOME/tackle.toml`,
    /// then `named` (or `TACKLE_CONFIG`) if given, else the project's
    /// `tackle.toml` in the agent folder, which may only tighten until the
    /// project is trusted. What was refused is in [`Host::refused`].
    ///
    /// A file given with [`config_file`](Self::config_file) is instead the
    /// embedding host's own choice, read whole.
    #[must_use]
    pub fn standard_config(mut self, named: Option<PathBuf>) -> Self {
        self.config = Some(Source::Standard { named });
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

    /// The host's agent: plugins reach it to run subagents, and prompt-kind
    /// cron jobs send it their prompt. Without one, those report that the
    /// host has no agent.
    #[must_use]
    pub fn agent_bridge(mut self, bridge: Arc<dyn AgentBridge>) -> Self {
        self.bridge = Some(Bridge(bridge));
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
        self.discover = on;
        self
    }

    /// A folder of plugins the host ships with: the lowest tier, shadowed
    /// by the user's and the project's. Implies [`discover_plugins`](Self::discover_plugins).
    #[must_use]
    pub fn default_plugin_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.default_dirs.push(dir.into());
        self.discover = true;
        self
    }

    /// Searches exactly these folders instead of the standard ones; their
    /// `project_trusted` also decides whether the project's state file is
    /// obeyed.
    #[must_use]
    pub fn plugin_folders(mut self, folders: PluginFolders) -> Self {
        self.folders = Some(folders);
        self.discover = true;
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
        let standard = matches!(self.config, Some(Source::Standard { .. }));
        let vars = if standard || self.discover || self.session_files.is_some() {
            UserVars::read(&agent_dir)
        } else {
            UserVars::default()
        };
        let trust = match &self.folders {
            Some(folders) if folders.project_trusted => {
                TrustCheck::given(&agent_dir, &vars, ProjectTrust::Given)
            }
            Some(_) => TrustCheck::given(&agent_dir, &vars, ProjectTrust::No),
            None => TrustCheck::new(&agent_dir, &vars),
        };
        let mut refused: Vec<Refusal> = trust::ignored_vars(&vars).collect();
        let mut config_files = Vec::new();
        let config = match self.config {
            None => HostConfig {
                origin: "<no config>".into(),
                ..HostConfig::default()
            },
            Some(Source::File(path)) => HostConfig::load(&path)?,
            Some(Source::Text { text, origin }) => HostConfig::parse(&text, &origin)?,
            Some(Source::Parsed(config)) => *config,
            Some(Source::Standard { named }) => {
                let layered = trust::load(&agent_dir, named.as_deref(), &vars, &trust)?;
                refused.extend(layered.refused);
                config_files = layered.files;
                layered.config
            }
        };

        let mut fatal = Vec::new();
        let (mut declared, registry) = if self.discover {
            let folders = self.folders.clone().unwrap_or_else(|| {
                // The trust file is read only when there is something to trust.
                let trusted = crate::declarative::PROJECT_FOLDERS
                    .iter()
                    .any(|f| agent_dir.join(f).is_dir())
                    && trust.get().is_trusted();
                PluginFolders::standard(
                    &agent_dir,
                    &vars,
                    &self.default_dirs,
                    &config.plugin_dirs,
                    trusted,
                )
            });
            let disabled = project_disabled(&agent_dir, &trust, &mut refused);
            match Declared::discover(folders, registry, disabled) {
                Ok(found) => found,
                Err(problem) => {
                    return Err(HostError::Config(ConfigError {
                        origin: config.origin,
                        problems: vec![problem],
                    }));
                }
            }
        } else {
            (Declared::default(), registry)
        };
        refused.extend(declared.refused());
        let order = if self.discover {
            declared.order(&registry, config.enabled.as_deref(), &mut fatal)
        } else {
            plugin_order(&registry, &config, &mut fatal)
        };
        for id in config.plugins.keys() {
            if registry.plugin(id).is_none() {
                fatal.push(unknown_plugin(
                    &registry,
                    &format!("plugins.{id}"),
                    id,
                    "has a config block",
                ));
            }
        }
        fatal.extend(super::provider::config_problems(&registry, &config, &order));

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
            Some(points) => concerned(def, points, &registry),
        };
        let mut plugins: Vec<LoadedPlugin> = order
            .into_iter()
            .map(|(def, enabled)| LoadedPlugin {
                def,
                state: if let Some(problems) = declared.problems_of(def) {
                    LoadState::Failed(problems)
                } else if enabled && concerned(def) {
                    load(def, config.plugins.get(def.id), &agent_dir, &services)
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
            return Err(HostError::Config(ConfigError {
                origin: config.origin,
                problems: fatal,
            }));
        }

        let mut offered = Vec::new();
        for plugin in &mut plugins {
            let loaded = std::mem::replace(&mut plugin.state, LoadState::Disabled);
            plugin.state = start(loaded, plugin.def, self.init_timeout).await;
            offered.extend(
                super::provider::start(&mut plugin.state, plugin.def, &registry, self.init_timeout)
                    .await,
            );
            if self.strict && matches!(plugin.state, LoadState::Failed(_)) {
                let problems = plugin.problems().collect();
                dispose_all(&plugins).await;
                return Err(HostError::Config(ConfigError {
                    origin: config.origin,
                    problems,
                }));
            }
        }

        let plugin_index: HashMap<&'static str, usize> = plugins
            .iter()
            .enumerate()
            .map(|(i, p)| (p.def.id, i))
            .collect();
        let mut tools: Vec<_> = registry.tools().to_vec();
        tools.sort_by_key(|t| (plugin_index.get(t.plugin.id).copied(), t.order, t.location));
        let by_name = tools.iter().enumerate().map(|(i, t)| (t.name, i)).collect();

        // Hooks and rules of the plugins that run, in host order. A
        // fail-closed hook whose plugin failed to load stays: it cannot
        // run, so it refuses the events it would have seen.
        let ready = |i: usize| matches!(plugins[i].state, LoadState::Ready { .. });
        let failed = |i: usize| matches!(plugins[i].state, LoadState::Failed(_));
        let mut hooks: Vec<_> = registry
            .hooks()
            .iter()
            .filter_map(|&h| plugin_index.get(h.plugin.id).map(|&i| (h, i)))
            .filter(|&(h, i)| ready(i) || (failed(i) && h.on_error == OnError::Closed))
            .collect();
        hooks.sort_by_key(|&(h, i)| (i, h.order, h.location));
        let mut rules = RuleSet::default();
        let mut rule_problems = Vec::new();
        // Each file's rules under its own name, at their places in it.
        for group in config
            .permission_rules
            .chunk_by(|a, b| a.origin == b.origin)
        {
            let origin = &group[0].origin;
            let at = group.iter().map(|r| (r.index, r.rule.clone()));
            if let Err(bad) = rules.add_at(&format!("config `{origin}`"), at) {
                rule_problems.extend(
                    bad.into_iter().map(|(i, why)| {
                        Problem::new(format!("{origin}: permission_rules[{i}]"), why)
                    }),
                );
            }
        }
        for (i, plugin) in plugins.iter().enumerate().filter(|&(i, _)| ready(i)) {
            let origin = format!("plugin `{}`", plugin.def.id);
            if let Err(bad) = rules.add(&origin, plugin.def.permission_rules.iter().map(Rule::from))
            {
                rule_problems.extend(bad.into_iter().map(|(r, why)| {
                    Problem::new(
                        format!("plugins.{}.permission_rules[{r}]", plugins[i].def.id),
                        why,
                    )
                }));
            }
        }
        if !rule_problems.is_empty() {
            dispose_all(&plugins).await;
            return Err(HostError::Config(ConfigError {
                origin: config.origin,
                problems: rule_problems,
            }));
        }
        let providers = match super::provider::Providers::new(offered, &registry, &config) {
            Ok(providers) => providers,
            Err(problems) => {
                dispose_all(&plugins).await;
                return Err(HostError::Config(ConfigError {
                    origin: config.origin,
                    problems,
                }));
            }
        };
        let hook_timeout = self
            .hook_timeout
            .or(config.hook_timeout_ms.map(Duration::from_millis))
            .unwrap_or(DEFAULT_HOOK_TIMEOUT);
        let commands =
            super::command::CommandTable::new(registry.commands().to_vec(), &plugin_index);
        let trust = trust.into_known().map(OnceLock::from).unwrap_or_default();
        let sessions: Arc<dyn SessionStore> = match (self.sessions, self.session_files) {
            (Some(store), _) => store,
            (None, Some(limits)) => {
                Arc::new(crate::session::FileStore::in_tackle_home(&vars, limits))
            }
            (None, None) => Arc::new(crate::session::MemoryStore::default()),
        };
        Ok(Host {
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
            refused,
            trust,
            vars,
            declared,
            bridge: self.bridge,
            commands,
            providers,
            services,
            sessions,
        })
    }
}

/// The plugins in host order, each with whether it is enabled: the `enabled`
/// list's order when there is one (the rest disabled, by id), else all by id.
fn plugin_order(
    registry: &Registry,
    config: &HostConfig,
    fatal: &mut Vec<Problem>,
) -> Vec<(&'static PluginDef, bool)> {
    let Some(enabled) = &config.enabled else {
        return registry.plugins().iter().map(|&p| (p, true)).collect();
    };
    let mut out = Vec::new();
    for (i, id) in enabled.iter().enumerate() {
        match registry.plugin(id) {
            Some(def) => out.push((def, true)),
            None => fatal.push(unknown_plugin(
                registry,
                &format!("enabled[{i}]"),
                id,
                "is enabled",
            )),
        }
    }
    for &def in registry.plugins() {
        if !enabled.iter().any(|id| id == def.id) {
            out.push((def, false));
        }
    }
    out
}

/// Whether the plugin has anything to run at one of `points`.
fn concerned(def: &PluginDef, points: &[HookPoint], registry: &Registry) -> bool {
    registry.hooks().iter().any(|h| {
        h.plugin.id == def.id && (h.point == HookPoint::AnyEvent || points.contains(&h.point))
    }) || (points.contains(&HookPoint::PermissionRequest) && !def.permission_rules.is_empty())
        || (points.contains(&HookPoint::SystemPrompt) && !def.context_files.is_empty())
}

fn unknown_plugin(registry: &Registry, path: &str, id: &str, what: &str) -> Problem {
    let linked: Vec<&str> = registry.plugins().iter().map(|p| p.id).collect();
    Problem::new(
        path,
        format!(
            "plugin `{id}` {what} but is not linked into this binary{} (linked: {}); if its crate is a dependency, name it in `tackle_runtime::link!(...)` in the host's main.rs",
            suggest::did_you_mean(id, &linked),
            suggest::listing(&linked),
        ),
    )
}

/// Runs the state's `init`, if the plugin declares a state; an error or a
/// panic switches the plugin off with a problem saying so.
async fn start(loaded: LoadState, def: &'static PluginDef, limit: Option<Duration>) -> LoadState {
    let (LoadState::Ready { info, config, .. }, Some(state_def)) = (&loaded, def.state) else {
        return loaded;
    };
    let started = match contain(|| (state_def.init)(info.clone(), config.clone())) {
        Ok(future) => match limit {
            None => contain_future(future).await,
            Some(limit) => match tokio::time::timeout(limit, contain_future(future)).await {
                Ok(outcome) => outcome,
                Err(_) => Ok(Err(format!(
                    "it did not finish within {} ms",
                    limit.as_millis()
                ))),
            },
        },
        Err(panic) => Err(panic),
    };
    let failure = match started {
        Ok(Ok(state)) => {
            return LoadState::Ready {
                info: info.clone(),
                config: config.clone(),
                state: Some(state),
            };
        }
        Ok(Err(e)) => format!("its state `{}` failed to start: {e}", state_def.type_name),
        Err(panic) => format!(
            "its state `{}` panicked while starting: {}",
            state_def.type_name,
            panic_message(&panic)
        ),
    };
    tracing::error!(plugin = def.id, "{failure}");
    LoadState::Failed(vec![Problem::new(format!("plugins.{}", def.id), failure)])
}

/// Checks a plugin's block against its schema (all problems), then reads it.
fn load(
    def: &'static PluginDef,
    block: Option<&serde_json::Value>,
    agent_dir: &std::path::Path,
    services: &Arc<Services>,
) -> LoadState {
    let prefix = format!("plugins.{}", def.id);
    let keys = block.and_then(|b| b.as_object()).map_or(0, |m| m.len());
    if def.config.type_name.is_none() && keys > 0 {
        return LoadState::Failed(vec![Problem::new(
            prefix,
            format!(
                "plugin `{}` takes no config, but this block sets {keys} key(s); remove the block",
                def.id
            ),
        )]);
    }
    // The config's schema and `Deserialize` are the plugin's code: a panic
    // there fails this plugin, as one in its state's start does.
    let panicked = |panic| {
        let message = format!("its config code panicked: {}", panic_message(&panic));
        tracing::error!(plugin = def.id, "{message}");
        LoadState::Failed(vec![Problem::new(prefix.clone(), message)])
    };
    if let Some(block) = block.filter(|_| def.config.type_name.is_some()) {
        let found = match contain(|| problems::check((def.config.schema)(), block, true)) {
            Ok(found) => found,
            Err(panic) => return panicked(panic),
        };
        if !found.is_empty() {
            return LoadState::Failed(found.into_iter().map(|p| p.under(&prefix)).collect());
        }
    }
    let block = block.filter(|_| def.config.type_name.is_some()).cloned();
    let loaded = match contain(|| (def.config.load)(block)) {
        Ok(loaded) => loaded,
        Err(panic) => return panicked(panic),
    };
    match loaded {
        Ok(config) => LoadState::Ready {
            info: Arc::new(
                PluginInfo::new(def, agent_dir.to_path_buf())
                    .with_services(services.clone() as Arc<dyn HostServices>),
            ),
            config,
            state: None,
        },
        Err(problem) => LoadState::Failed(vec![problem.under(&prefix)]),
    }
}
