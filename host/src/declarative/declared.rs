//! The declarative plugins a host found in its plugin folders, joined to
//! the linked ones: their definitions go into the registry, their ids into
//! the host's order, and their problems into the listing. The host reaches
//! this layer through [`Declared`] alone.

use std::collections::HashMap;

use tackle::Problem;
use tackle::def::PluginDef;

use super::{Found, FoundStatus, PluginFolders, defs, discover, select, state};
use crate::registry::{Defs, Registry, RegistryError};
use crate::trust::{TrustCheck, Withheld};

/// What the host found in its plugin folders.
#[derive(Debug, Default)]
pub(crate) struct Declared {
    /// The folders searched, if the host searched any.
    pub folders: Option<PluginFolders>,
    /// Every plugin found, lowest tier first, shadowed and untrusted ones too.
    pub found: Vec<Found>,
    /// Index into `found` of each active plugin, by id.
    pub active: HashMap<&'static str, usize>,
    /// The project's disabled ids.
    pub disabled: Vec<String>,
    /// Things worth saying that stop nothing (patterns that match no plugin).
    pub warnings: Vec<Problem>,
}

impl Declared {
    /// Searches `folders` and adds what it finds to `registry`; `disabled`
    /// is the project's state file as read (see [`project_disabled`]).
    pub(crate) fn discover(
        folders: PluginFolders,
        registry: Registry,
        disabled: Result<Vec<String>, String>,
    ) -> Result<(Declared, Registry), Problem> {
        // A state file that cannot be read switches nothing off: failing
        // the host would switch every hook off instead.
        let mut warnings = Vec::new();
        let disabled = disabled.unwrap_or_else(|why| {
            tracing::warn!("{why}");
            warnings.push(Problem::new(
                "",
                format!("{why}; no plugin is disabled until it is fixed"),
            ));
            Vec::new()
        });
        let mut found = discover(&folders);
        let mut defs = Defs::default();
        let mut active = HashMap::new();
        for (i, f) in found.iter_mut().enumerate() {
            if f.status != FoundStatus::Active {
                continue;
            }
            if let Some(linked) = registry.plugin(&f.plugin.id) {
                f.plugin.problems.push(Problem::new(
                    "",
                    format!(
                        "the id `{}` belongs to the linked plugin of crate `{}`; a file cannot replace compiled code: rename this one",
                        linked.id, linked.crate_name
                    ),
                ));
                // Listed, but not registered: the linked plugin keeps the id.
                continue;
            }
            let (def, hooks) = defs::define(&f.plugin);
            defs.plugins.push(def);
            defs.hooks.extend(hooks);
            active.insert(def.id, i);
        }
        // The hook path usually finds nothing: it keeps the checked registry.
        let registry = if active.is_empty() {
            registry
        } else {
            let mut all = registry.defs();
            all.plugins.extend(defs.plugins);
            all.hooks.extend(defs.hooks);
            Registry::from_all(all)
                .map_err(|e: RegistryError| Problem::new("", format!("declarative plugins: {e}")))?
        };
        Ok((
            Declared {
                folders: Some(folders),
                found,
                active,
                disabled,
                warnings,
            },
            registry,
        ))
    }

    /// The plugins of the project's folders that did not load because the
    /// project is not trusted, as refusals.
    pub(crate) fn withheld(&self) -> impl Iterator<Item = Withheld> + '_ {
        self.found
            .iter()
            .filter(|f| f.status == FoundStatus::Untrusted)
            .map(|f| {
                Withheld::new(
                    &f.plugin.manifest,
                    f.plugin.id.clone(),
                    "it is a plugin in the project's own folder, whose commands would run on every hook",
                )
            })
    }

    /// The found plugin behind a definition, if it is declarative.
    pub(crate) fn of(&self, def: &PluginDef) -> Option<&Found> {
        self.active.get(def.id).map(|&i| &self.found[i])
    }

    /// The host order over linked and declarative plugins, by the config's
    /// `enabled` list and the project's disabled list.
    pub(crate) fn order(
        &mut self,
        registry: &Registry,
        enabled: Option<&[String]>,
        fatal: &mut Vec<Problem>,
    ) -> Vec<(&'static PluginDef, bool)> {
        let mut known: Vec<String> = registry
            .plugins()
            .iter()
            .filter(|d| self.of(d).is_none())
            .map(|d| d.id.to_owned())
            .collect();
        // Declared plugins follow the linked ones, in folder order.
        let mut declared: Vec<(usize, &str)> =
            self.active.iter().map(|(&id, &i)| (i, id)).collect();
        declared.sort_unstable();
        known.extend(declared.into_iter().map(|(_, id)| id.to_owned()));
        let searched = self
            .folders
            .as_ref()
            .map_or_else(|| "no plugin folders".into(), PluginFolders::describe);
        let untrusted: Vec<(String, String)> = self
            .found
            .iter()
            .filter(|f| f.status == FoundStatus::Untrusted)
            .map(|f| (f.plugin.id.clone(), f.plugin.manifest.display().to_string()))
            .collect();
        let selection = select::select(&known, &untrusted, enabled, &self.disabled, &searched);
        fatal.extend(selection.errors);
        for warning in &selection.warnings {
            tracing::warn!("{warning}");
        }
        self.warnings.extend(selection.warnings);
        selection
            .order
            .into_iter()
            .filter_map(|(id, on)| registry.plugin(&id).map(|d| (d, on)))
            .collect()
    }

    /// Why a declarative plugin cannot run, if it cannot: its problems, each
    /// under its manifest's name.
    pub(crate) fn problems_of(&self, def: &PluginDef) -> Option<Vec<Problem>> {
        let found = self.of(def)?;
        if found.plugin.is_valid() {
            return None;
        }
        let file = found.plugin.manifest.display().to_string();
        Some(
            found
                .plugin
                .problems
                .iter()
                .map(|p| {
                    let path = if p.path.is_empty() {
                        file.clone()
                    } else {
                        format!("{file}: {}", p.path)
                    };
                    Problem::new(path, p.message.clone())
                })
                .collect(),
        )
    }
}

/// The project's disabled ids, when the project is trusted; a state file in
/// a project that is not trusted disables nothing, and each id it lists is
/// refused. The trust file is read only when there is a state file.
pub(crate) fn project_disabled(
    agent_dir: &std::path::Path,
    trust: &TrustCheck<'_>,
    refused: &mut Vec<Withheld>,
) -> Result<Vec<String>, String> {
    let file = state::state_file(agent_dir);
    if !file.exists() || trust.get().is_trusted() {
        return state::disabled(agent_dir);
    }
    if let Ok(ids) = state::disabled(agent_dir) {
        refused.extend(ids.into_iter().enumerate().map(|(i, id)| {
            Withheld::new(
                &file,
                format!("disabled[{i}]"),
                format!("it would switch `{id}` off"),
            )
        }));
    }
    Ok(Vec::new())
}
