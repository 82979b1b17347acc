//! The last step of a build: what the host looks up on every call, in host
//! order — the tools by name, the hooks of the plugins that run, and the
//! permission rules of the config and the plugins.

use tackle::def::ToolDef;
use tackle::hook::{HookDef, OnError};

use crate::config::HostConfig;
use crate::host::{LoadState, LoadedPlugin, NameIndex};
use crate::permission::{Rule, RuleSet};
use crate::problems::Problem;
use crate::registry::Registry;

/// The tools in host order (by plugin, then declaration), and each one's
/// place by name.
pub(super) fn tools(
    registry: &Registry,
    plugin_index: &NameIndex,
) -> (Vec<&'static ToolDef>, NameIndex) {
    let mut tools = registry.tools().to_vec();
    tools.sort_by_key(|t| (plugin_index.get(t.plugin.id).copied(), t.order, t.location));
    let by_name = tools.iter().enumerate().map(|(i, t)| (t.name, i)).collect();
    (tools, by_name)
}

/// The hooks of the plugins that run, in host order, each with its
/// plugin's place. A fail-closed hook whose plugin failed to load stays:
/// it cannot run, so it refuses the events it would have seen.
pub(super) fn hooks(
    registry: &Registry,
    plugins: &[LoadedPlugin],
    plugin_index: &NameIndex,
) -> Vec<(&'static HookDef, usize)> {
    let mut hooks: Vec<_> = registry
        .hooks()
        .iter()
        .filter_map(|&h| plugin_index.get(h.plugin.id).map(|&i| (h, i)))
        .filter(|&(h, i)| match plugins[i].state {
            LoadState::Ready { .. } => true,
            LoadState::Failed(_) => h.on_error == OnError::Closed,
            _ => false,
        })
        .collect();
    hooks.sort_by_key(|&(h, i)| (i, h.order, h.location));
    hooks
}

/// The config's rules, each file's under its own name at their places in
/// it, then the rules of the plugins that run; every rule that does not
/// compile is a problem.
pub(super) fn rules(
    config: &HostConfig,
    plugins: &[LoadedPlugin],
) -> Result<RuleSet, Vec<Problem>> {
    let mut rules = RuleSet::default();
    let mut problems = Vec::new();
    for group in config
        .permission_rules
        .chunk_by(|a, b| a.origin == b.origin)
    {
        let origin = &group[0].origin;
        let at = group.iter().map(|r| (r.index, r.rule.clone()));
        if let Err(bad) = rules.add_at(&format!("config `{origin}`"), at) {
            problems.extend(
                bad.into_iter()
                    .map(|(i, why)| Problem::new(format!("{origin}: permission_rules[{i}]"), why)),
            );
        }
    }
    let ready = plugins
        .iter()
        .filter(|p| matches!(p.state, LoadState::Ready { .. }));
    for plugin in ready {
        let id = plugin.def.id;
        let rules_of = plugin.def.permission_rules.iter().map(Rule::from);
        if let Err(bad) = rules.add(&format!("plugin `{id}`"), rules_of) {
            problems.extend(
                bad.into_iter().map(|(r, why)| {
                    Problem::new(format!("plugins.{id}.permission_rules[{r}]"), why)
                }),
            );
        }
    }
    if problems.is_empty() {
        Ok(rules)
    } else {
        Err(problems)
    }
}
