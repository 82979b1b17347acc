//! Registry checks of subagents: each custom tool a subagent names must be
//! a `#[tool]` of the same plugin (the macro cannot see the crate's other
//! items, so this is checked here).

use tackle::def::{PluginDef, ToolDef};

use super::RegistryProblem;

/// Reports every custom tool that is not a tool of its subagent's plugin.
pub(super) fn check(
    plugins: &[&'static PluginDef],
    tools: &[&'static ToolDef],
    problems: &mut Vec<RegistryProblem>,
) {
    for plugin in plugins {
        let own: Vec<&'static str> = tools
            .iter()
            .filter(|t| t.plugin.id == plugin.id)
            .map(|t| t.name)
            .collect();
        for subagent in plugin.subagents {
            for &tool in subagent.custom_tools {
                if own.contains(&tool) {
                    continue;
                }
                let elsewhere = tools.iter().find(|t| t.name == tool).map(|t| t.plugin.id);
                problems.push(RegistryProblem::UnknownCustomTool {
                    plugin: plugin.id,
                    subagent: subagent.name,
                    tool,
                    suggestion: crate::suggest::nearest(tool, &own),
                    elsewhere,
                    location: plugin.location,
                });
            }
        }
    }
}
