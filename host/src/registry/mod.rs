//! The registry: every plugin, tool and hook linked into the binary, checked once.
//!
//! Built lazily on first use (a hook binary that never lists tools never pays
//! for it). What compile time could not check is checked here: duplicate
//! plugin ids and tool names across crates, hook names within a plugin,
//! each reported with both source locations. Order never depends on link
//! order: plugins sort by id (a host config then imposes its own order),
//! tools and hooks by plugin, `order`, then source location.
//!
//! [`Registry::global`] is the checked set of everything linked;
//! [`Registry::from_all`] builds one from hand-picked [`Defs`];
//! [`RegistryError`] lists every [`RegistryProblem`] at once.

mod checks;
mod commands;
mod cron;
mod error;
mod items;
mod providers;
mod subagents;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use tackle::def::{
    self, CommandDef, CronDef, DoctorCheckDef, HookDef, PluginDef, ProviderDef, ToolDef,
};

pub use error::{RegistryError, RegistryProblem};
pub(crate) use items::{Declared, of_plugin};

/// The checked set of linked plugins and their items.
///
/// ```rust,standalone_crate
/// use tackle::prelude::*;
///
/// tackle::plugin! { id: "words" }
///
/// /// Count the words of a text (as `textkit` does too).
/// #[tool]
/// fn word_count(text: String) -> String {
///     text.split_whitespace().count().to_string()
/// }
///
/// tackle_host::link!(metrics, textkit);
///
/// # fn main() {
/// use tackle_host::registry::{Defs, Registry, RegistryProblem};
///
/// // Two crates with one tool name: the linked set is refused, naming both.
/// let clash = Registry::global().unwrap_err();
/// assert!(matches!(
///     clash.problems.as_slice(),
///     [RegistryProblem::DuplicateTool { name: "word_count", .. }]
/// ));
/// assert!(clash.to_string().contains("textkit"), "{clash}");
///
/// // A host may pick its own declarations instead.
/// let mut defs = Defs::linked();
/// defs.plugins.retain(|p| p.id != "textkit");
/// defs.tools.retain(|t| t.plugin.id != "textkit");
/// defs.hooks.retain(|h| h.plugin.id != "textkit");
/// defs.commands.retain(|c| c.plugin.id != "textkit");
/// let registry = Registry::from_all(defs).unwrap();
/// let ids: Vec<&str> = registry.plugins().iter().map(|p| p.id).collect();
/// assert_eq!(ids, ["metrics", "words"]); // sorted by id, whatever the link order
/// assert_eq!(registry.tools_of("words").count(), 1);
/// assert_eq!(registry.only(&["metrics"]).plugins().len(), 1);
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct Registry {
    plugins: Vec<&'static PluginDef>,
    tools: Vec<&'static ToolDef>,
    hooks: Vec<&'static HookDef>,
    commands: Vec<&'static CommandDef>,
    cron: Vec<&'static CronDef>,
    checks: Vec<&'static DoctorCheckDef>,
    providers: Vec<&'static ProviderDef>,
}

/// Declarations to build a [`Registry`] from: everything linked
/// ([`Defs::linked`]), or a hand-picked set for tests and custom hosts.
#[derive(Debug, Clone, Default)]
pub struct Defs {
    /// Plugins.
    pub plugins: Vec<&'static PluginDef>,
    /// Tools.
    pub tools: Vec<&'static ToolDef>,
    /// Hooks.
    pub hooks: Vec<&'static HookDef>,
    /// Slash commands.
    pub commands: Vec<&'static CommandDef>,
    /// Handler cron jobs.
    pub cron: Vec<&'static CronDef>,
    /// Doctor checks.
    pub checks: Vec<&'static DoctorCheckDef>,
    /// LLM providers.
    pub providers: Vec<&'static ProviderDef>,
}

impl Defs {
    /// Everything `inventory` collected in this binary.
    pub fn linked() -> Defs {
        Defs {
            plugins: def::linked_plugins().collect(),
            tools: def::linked_tools().collect(),
            hooks: def::linked_hooks().collect(),
            commands: def::linked_commands().collect(),
            cron: def::linked_cron().collect(),
            checks: def::linked_checks().collect(),
            providers: def::linked_providers().collect(),
        }
    }
}

impl Registry {
    /// The registry of everything linked into this binary, built on first use.
    pub fn global() -> Result<&'static Registry, &'static RegistryError> {
        static GLOBAL: OnceLock<Result<Registry, RegistryError>> = OnceLock::new();
        GLOBAL
            .get_or_init(|| Registry::from_all(Defs::linked()))
            .as_ref()
    }

    /// A registry of the given declarations (the global one uses everything
    /// `inventory` collected; tests and custom hosts may pick their own).
    pub fn from_defs(
        plugins: impl IntoIterator<Item = &'static PluginDef>,
        tools: impl IntoIterator<Item = &'static ToolDef>,
        hooks: impl IntoIterator<Item = &'static HookDef>,
    ) -> Result<Registry, RegistryError> {
        Registry::from_all(Defs {
            plugins: plugins.into_iter().collect(),
            tools: tools.into_iter().collect(),
            hooks: hooks.into_iter().collect(),
            ..Defs::default()
        })
    }

    /// A registry of these declarations, every kind of item included.
    pub fn from_all(defs: Defs) -> Result<Registry, RegistryError> {
        let Defs {
            mut plugins,
            mut tools,
            mut hooks,
            mut commands,
            mut cron,
            mut checks,
            mut providers,
        } = defs;
        plugins.sort_by_key(|p| (p.id, p.crate_name, p.location));
        let mut problems = Vec::new();

        // Ordered maps: a few dozen keys, checked once per hook process, where
        // hashing them (and growing hash tables) cost more than comparing.
        let mut by_id: BTreeMap<&str, &PluginDef> = BTreeMap::new();
        for plugin in &plugins {
            if let Some(first) = by_id.insert(plugin.id, plugin) {
                problems.push(RegistryProblem::DuplicatePlugin {
                    id: plugin.id,
                    first: first.location,
                    first_crate: first.crate_name,
                    second: plugin.location,
                    second_crate: plugin.crate_name,
                });
            }
        }

        for tool in &tools {
            if !by_id.contains_key(tool.plugin.id) {
                problems.push(RegistryProblem::ToolWithoutPlugin {
                    tool: tool.name,
                    plugin: tool.plugin.id,
                    location: tool.location,
                });
            }
        }

        tools.sort_by_key(|t| (t.plugin.id, t.order, t.location));
        let mut by_name: BTreeMap<&str, &ToolDef> = BTreeMap::new();
        for tool in &tools {
            if let Some(first) = by_name.insert(tool.name, tool) {
                problems.push(RegistryProblem::DuplicateTool {
                    name: tool.name,
                    first_plugin: first.plugin.id,
                    first: first.location,
                    second_plugin: tool.plugin.id,
                    second: tool.location,
                });
            }
        }

        hooks.sort_by_key(|h| (h.plugin.id, h.point, h.order, h.location));
        let mut hook_names: BTreeMap<(&str, &str), &HookDef> = BTreeMap::new();
        for hook in &hooks {
            if !by_id.contains_key(hook.plugin.id) {
                problems.push(RegistryProblem::HookWithoutPlugin {
                    hook: hook.name,
                    plugin: hook.plugin.id,
                    location: hook.location,
                });
            }
            if let Some(first) = hook_names.insert((hook.plugin.id, hook.name), hook) {
                problems.push(RegistryProblem::DuplicateHook {
                    plugin: hook.plugin.id,
                    name: hook.name,
                    first: first.location,
                    second: hook.location,
                });
            }
        }

        items::check(&mut commands, &by_id, &mut problems);
        items::check(&mut cron, &by_id, &mut problems);
        items::check(&mut checks, &by_id, &mut problems);
        items::check(&mut providers, &by_id, &mut problems);
        subagents::check(&plugins, &tools, &mut problems);

        if problems.is_empty() {
            Ok(Registry {
                plugins,
                tools,
                hooks,
                commands,
                cron,
                checks,
                providers,
            })
        } else {
            Err(RegistryError { problems })
        }
    }

    /// Its declarations, to build a larger registry from.
    pub fn defs(&self) -> Defs {
        Defs {
            plugins: self.plugins.clone(),
            tools: self.tools.clone(),
            hooks: self.hooks.clone(),
            commands: self.commands.clone(),
            cron: self.cron.clone(),
            checks: self.checks.clone(),
            providers: self.providers.clone(),
        }
    }

    /// Plugins, sorted by id.
    pub fn plugins(&self) -> &[&'static PluginDef] {
        &self.plugins
    }

    /// Tools, sorted by plugin id, `order`, then source location.
    pub fn tools(&self) -> &[&'static ToolDef] {
        &self.tools
    }

    /// Hooks, sorted by plugin id, point, `order`, then source location.
    pub fn hooks(&self) -> &[&'static HookDef] {
        &self.hooks
    }

    /// Slash commands, sorted by plugin id, `order`, then source location.
    pub fn commands(&self) -> &[&'static CommandDef] {
        &self.commands
    }

    /// Handler cron jobs, sorted by plugin id, then source location.
    pub fn cron(&self) -> &[&'static CronDef] {
        &self.cron
    }

    /// Doctor checks, sorted by plugin id, then source location.
    pub fn checks(&self) -> &[&'static DoctorCheckDef] {
        &self.checks
    }

    /// LLM providers, sorted by plugin id, then source location.
    pub fn providers(&self) -> &[&'static ProviderDef] {
        &self.providers
    }

    /// The same registry with only the plugins named (and their items),
    /// for tests and hosts that pick.
    pub fn only(&self, ids: &[&str]) -> Registry {
        fn pick<T: Declared>(items: &[&'static T], ids: &[&str]) -> Vec<&'static T> {
            items
                .iter()
                .copied()
                .filter(|i| ids.contains(&i.plugin_id()))
                .collect()
        }
        Registry {
            plugins: self
                .plugins
                .iter()
                .copied()
                .filter(|p| ids.contains(&p.id))
                .collect(),
            tools: pick(&self.tools, ids),
            hooks: pick(&self.hooks, ids),
            commands: pick(&self.commands, ids),
            cron: pick(&self.cron, ids),
            checks: pick(&self.checks, ids),
            providers: pick(&self.providers, ids),
        }
    }

    /// The plugin with this id.
    pub fn plugin(&self, id: &str) -> Option<&'static PluginDef> {
        self.plugins.iter().copied().find(|p| p.id == id)
    }

    /// The tools of one plugin, in order.
    pub fn tools_of<'a>(
        &'a self,
        plugin_id: &'a str,
    ) -> impl Iterator<Item = &'static ToolDef> + 'a {
        of_plugin(&self.tools, plugin_id)
    }

    /// The hooks of one plugin, in order.
    pub fn hooks_of<'a>(
        &'a self,
        plugin_id: &'a str,
    ) -> impl Iterator<Item = &'static HookDef> + 'a {
        of_plugin(&self.hooks, plugin_id)
    }

    /// The doctor checks of one plugin, in order.
    pub fn checks_of<'a>(
        &'a self,
        plugin_id: &'a str,
    ) -> impl Iterator<Item = &'static DoctorCheckDef> + 'a {
        of_plugin(&self.checks, plugin_id)
    }
}

#[cfg(test)]
mod tests {

    use tackle::def::{PluginDef, ToolDef, ToolHandler};
    use tackle::{TaskSupport, ToolAnnotations, ToolResult};

    use super::*;
    use crate::testing_defs::{self, at, schema};

    fn handler(_: tackle::Invocation) -> Result<ToolResult, tackle::HandlerError> {
        Ok(ToolResult::text("ok"))
    }

    const fn plugin(id: &'static str, krate: &'static str, file: &'static str) -> PluginDef {
        PluginDef {
            crate_name: krate,
            location: at(file, 1),
            ..testing_defs::plugin(id)
        }
    }

    const fn tool(
        plugin: &'static PluginDef,
        name: &'static str,
        order: i32,
        line: u32,
    ) -> ToolDef {
        ToolDef {
            plugin,
            name,
            function: name,
            title: None,
            description: "d",
            annotations: ToolAnnotations {
                read_only: None,
                destructive: None,
                idempotent: None,
                open_world: None,
            },
            order,
            location: at(plugin.location.file, line),
            input_schema: schema,
            output_schema: || None,
            handler: ToolHandler::Sync(handler),
            reads_call: false,
            needs: &[],
            task: TaskSupport::No,
            task_asks_first: false,
        }
    }

    static ALPHA: PluginDef = plugin("alpha", "alpha_crate", "alpha/src/lib.rs");
    static BETA: PluginDef = plugin("beta", "beta_crate", "beta/src/lib.rs");
    static ALPHA_AGAIN: PluginDef = plugin("alpha", "other_crate", "other/src/lib.rs");
    static A_LATE: ToolDef = tool(&ALPHA, "late", 0, 30);
    static A_EARLY: ToolDef = tool(&ALPHA, "early", 0, 10);
    static A_FIRST: ToolDef = tool(&ALPHA, "first", -5, 50);
    static B_ONE: ToolDef = tool(&BETA, "one", 0, 5);
    static B_CLASH: ToolDef = tool(&BETA, "early", 0, 7);

    #[test]
    fn order_is_by_id_then_order_then_location_not_by_input_order() {
        let forward =
            Registry::from_defs([&BETA, &ALPHA], [&B_ONE, &A_LATE, &A_EARLY, &A_FIRST], [])
                .expect("valid");
        let backward =
            Registry::from_defs([&ALPHA, &BETA], [&A_FIRST, &A_EARLY, &A_LATE, &B_ONE], [])
                .expect("valid");
        let names = |r: &Registry| r.tools().iter().map(|t| t.name).collect::<Vec<_>>();
        assert_eq!(names(&forward), ["first", "early", "late", "one"]);
        assert_eq!(names(&forward), names(&backward));
        assert_eq!(
            forward.plugins().iter().map(|p| p.id).collect::<Vec<_>>(),
            ["alpha", "beta"]
        );
        assert_eq!(
            forward.tools_of("beta").map(|t| t.name).collect::<Vec<_>>(),
            ["one"]
        );
    }

    #[test]
    fn duplicate_plugin_ids_name_both_crates_and_locations() {
        let err = Registry::from_defs([&ALPHA, &ALPHA_AGAIN], [], []).expect_err("duplicate");
        let text = err.to_string();
        assert_eq!(err.problems.len(), 1, "{text}");
        assert!(
            text.contains("plugin id `alpha` is declared twice"),
            "{text}"
        );
        assert!(
            text.contains("crate `alpha_crate` at alpha/src/lib.rs:1:1"),
            "{text}"
        );
        assert!(
            text.contains("crate `other_crate` at other/src/lib.rs:1:1"),
            "{text}"
        );
    }

    #[test]
    fn duplicate_tool_names_name_both_plugins_and_locations() {
        let err =
            Registry::from_defs([&ALPHA, &BETA], [&A_EARLY, &B_CLASH], []).expect_err("duplicate");
        let text = err.to_string();
        assert!(text.contains("tool name `early` is used twice"), "{text}");
        assert!(
            text.contains("plugin `alpha` at alpha/src/lib.rs:10:1"),
            "{text}"
        );
        assert!(
            text.contains("plugin `beta` at beta/src/lib.rs:7:1"),
            "{text}"
        );
    }

    #[test]
    fn all_problems_are_reported_together() {
        let err = Registry::from_defs([&ALPHA, &ALPHA_AGAIN, &BETA], [&A_EARLY, &B_CLASH], [])
            .expect_err("two problems");
        assert_eq!(err.problems.len(), 2);
        assert!(
            err.to_string()
                .starts_with("the linked plugins have 2 problems:")
        );
    }

    #[test]
    fn a_tool_without_its_plugin_is_reported() {
        let err = Registry::from_defs([&ALPHA], [&B_ONE], []).expect_err("orphan");
        assert!(matches!(
            err.problems[0],
            RegistryProblem::ToolWithoutPlugin {
                tool: "one",
                plugin: "beta",
                ..
            }
        ));
    }
}
