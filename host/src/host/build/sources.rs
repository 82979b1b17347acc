//! Where a host's plugins come from: the linked ones (the registry) and,
//! when discovery is on, the declarative plugins of the plugin folders, as
//! far as the project is trusted. Gathered into one order, each plugin
//! enabled or not.

use std::path::{Path, PathBuf};

use tackle::def::PluginDef;

use crate::config::{ConfigError, HostConfig};
use crate::declarative::{self, Declared, PluginFolders, project_disabled};
use crate::host::HostError;
use crate::problems::Problem;
use crate::registry::Registry;
use crate::suggest;
use crate::trust::{TrustCheck, UserVars, Withheld};

/// The declarative source: where to search, when it is on.
#[derive(Debug, Default)]
pub(super) struct Discovery {
    pub(super) on: bool,
    /// The host's own folders, the lowest tier.
    pub(super) default_dirs: Vec<PathBuf>,
    /// Exactly these folders instead of the standard ones.
    pub(super) folders: Option<PluginFolders>,
}

/// The plugins of every source, in host order.
pub(super) struct Sources {
    /// The linked plugins, and the declarative ones added to them.
    pub(super) registry: Registry,
    pub(super) declared: Declared,
    /// Each plugin with whether it is enabled.
    pub(super) order: Vec<(&'static PluginDef, bool)>,
}

/// What the sources need to know of the build.
pub(super) struct Place<'a> {
    pub(super) agent_dir: &'a Path,
    pub(super) vars: &'a UserVars,
    pub(super) trust: &'a TrustCheck<'a>,
    pub(super) config: &'a HostConfig,
}

impl Discovery {
    /// Searches the folders (when on) and orders every plugin. A problem
    /// that stops the host goes to `fatal`; what the trust gate did not
    /// apply, to `refused`.
    pub(super) fn gather(
        &self,
        registry: Registry,
        at: &Place<'_>,
        refused: &mut Vec<Withheld>,
        fatal: &mut Vec<Problem>,
    ) -> Result<Sources, HostError> {
        let Place {
            agent_dir,
            vars,
            trust,
            config,
        } = *at;
        let (mut declared, registry) = if self.on {
            let folders = self.folders.clone().unwrap_or_else(|| {
                // The trust file is read only when there is something to trust.
                let trusted = declarative::PROJECT_FOLDERS
                    .iter()
                    .any(|f| agent_dir.join(f).is_dir())
                    && trust.get().is_trusted();
                PluginFolders::standard(
                    agent_dir,
                    vars,
                    &self.default_dirs,
                    &config.plugin_dirs,
                    trusted,
                )
            });
            let disabled = project_disabled(agent_dir, trust, refused);
            Declared::discover(folders, registry, disabled).map_err(|problem| {
                HostError::Config(ConfigError {
                    origin: config.origin.clone(),
                    problems: vec![problem],
                })
            })?
        } else {
            (Declared::default(), registry)
        };
        refused.extend(declared.withheld());
        let order = if self.on {
            declared.order(&registry, config.enabled.as_deref(), fatal)
        } else {
            linked_order(&registry, config, fatal)
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
        Ok(Sources {
            registry,
            declared,
            order,
        })
    }
}

/// The linked plugins in host order, each with whether it is enabled: the
/// `enabled` list's order when there is one (the rest disabled, by id),
/// else all by id.
fn linked_order(
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
