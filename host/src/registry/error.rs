//! What can be wrong with the set of linked plugins.

use std::fmt;

use tackle::SourceLocation;

/// Everything wrong with the linked plugins, found in one pass.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{}", render(.problems))]
pub struct RegistryError {
    /// Each problem.
    pub problems: Vec<RegistryProblem>,
}

/// One problem with the linked plugins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RegistryProblem {
    /// Two crates declare the same plugin id.
    DuplicatePlugin {
        /// The id.
        id: &'static str,
        /// Where it was declared first (by source order).
        first: SourceLocation,
        /// That crate.
        first_crate: &'static str,
        /// Where it was declared again.
        second: SourceLocation,
        /// That crate.
        second_crate: &'static str,
    },
    /// Two tools share a name.
    DuplicateTool {
        /// The name.
        name: &'static str,
        /// The first tool's plugin.
        first_plugin: &'static str,
        /// The first tool.
        first: SourceLocation,
        /// The second tool's plugin.
        second_plugin: &'static str,
        /// The second tool.
        second: SourceLocation,
    },
    /// A tool whose plugin is not in the registry (only possible with a
    /// hand-picked [`Registry::from_defs`](super::Registry::from_defs)).
    ToolWithoutPlugin {
        /// The tool.
        tool: &'static str,
        /// Its plugin's id.
        plugin: &'static str,
        /// Where the tool was declared.
        location: SourceLocation,
    },
    /// A hook whose plugin is not in the registry (only possible with a
    /// hand-picked [`Registry::from_defs`](super::Registry::from_defs)).
    HookWithoutPlugin {
        /// The hook.
        hook: &'static str,
        /// Its plugin's id.
        plugin: &'static str,
        /// Where the hook was declared.
        location: SourceLocation,
    },
    /// Two hooks of one plugin share a name (functions of the same name in
    /// different modules).
    DuplicateHook {
        /// The plugin.
        plugin: &'static str,
        /// The name.
        name: &'static str,
        /// The first hook.
        first: SourceLocation,
        /// The second.
        second: SourceLocation,
    },
    /// Two commands, cron jobs, providers or doctor checks share a name.
    DuplicateItem {
        /// What they are: `command`, `cron job`, `provider`, `doctor check`.
        kind: &'static str,
        /// The shared name (for commands, a name or an alias).
        name: String,
        /// The first item's plugin.
        first_plugin: &'static str,
        /// The first item.
        first: SourceLocation,
        /// The second item's plugin.
        second_plugin: &'static str,
        /// The second item.
        second: SourceLocation,
        /// How to fix it.
        fix: &'static str,
    },
    /// A command, cron job, provider or doctor check whose plugin is not in
    /// the registry (only possible with a hand-picked registry).
    ItemWithoutPlugin {
        /// What it is: `command`, `cron job`, `provider`, `doctor check`.
        kind: &'static str,
        /// Its name.
        name: &'static str,
        /// Its plugin's id.
        plugin: &'static str,
        /// Where it was declared.
        location: SourceLocation,
    },
    /// A subagent names a custom tool that is not a `#[tool]` of its plugin.
    UnknownCustomTool {
        /// The plugin.
        plugin: &'static str,
        /// The subagent.
        subagent: &'static str,
        /// The tool it names.
        tool: &'static str,
        /// The nearest tool of the plugin, if close.
        suggestion: Option<&'static str>,
        /// The plugin that has a tool of that name, if another one does.
        elsewhere: Option<&'static str>,
        /// Where the plugin is declared.
        location: SourceLocation,
    },
}

impl fmt::Display for RegistryProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegistryProblem::DuplicatePlugin {
                id,
                first,
                first_crate,
                second,
                second_crate,
            } => write!(
                f,
                "plugin id `{id}` is declared twice: by crate `{first_crate}` at {first} and by crate `{second_crate}` at {second}; plugin ids must be unique, so rename one"
            ),
            RegistryProblem::DuplicateTool {
                name,
                first_plugin,
                first,
                second_plugin,
                second,
            } => write!(
                f,
                "tool name `{name}` is used twice: by plugin `{first_plugin}` at {first} and by plugin `{second_plugin}` at {second}; give one `#[tool(name = \"...\")]`"
            ),
            RegistryProblem::ToolWithoutPlugin {
                tool,
                plugin,
                location,
            } => write!(
                f,
                "tool `{tool}` at {location} belongs to plugin `{plugin}`, which is not in this registry"
            ),
            RegistryProblem::HookWithoutPlugin {
                hook,
                plugin,
                location,
            } => write!(
                f,
                "hook `{hook}` at {location} belongs to plugin `{plugin}`, which is not in this registry"
            ),
            RegistryProblem::DuplicateHook {
                plugin,
                name,
                first,
                second,
            } => write!(
                f,
                "plugin `{plugin}` has two hooks named `{name}`, at {first} and at {second}; messages name hooks `{plugin}::{name}`, so give one `#[hook(..., name = \"...\")]`"
            ),
            RegistryProblem::DuplicateItem {
                kind,
                name,
                first_plugin,
                first,
                second_plugin,
                second,
                fix,
            } => write!(
                f,
                "{kind} `{name}` is declared twice: by plugin `{first_plugin}` at {first} and by plugin `{second_plugin}` at {second}; {fix}"
            ),
            RegistryProblem::ItemWithoutPlugin {
                kind,
                name,
                plugin,
                location,
            } => write!(
                f,
                "{kind} `{name}` at {location} belongs to plugin `{plugin}`, which is not in this registry"
            ),
            RegistryProblem::UnknownCustomTool {
                plugin,
                subagent,
                tool,
                suggestion,
                elsewhere,
                location,
            } => {
                write!(
                    f,
                    "subagent `{subagent}` of plugin `{plugin}` (at {location}) names custom tool `{tool}`, but the plugin has no `#[tool]` of that name"
                )?;
                match (suggestion, elsewhere) {
                    (Some(near), _) => write!(f, "; did you mean `{near}`?"),
                    (None, Some(other)) => write!(
                        f,
                        "; `{tool}` is a tool of plugin `{other}`, and a subagent may only use its own plugin's tools"
                    ),
                    (None, None) => write!(
                        f,
                        "; add a `#[tool] fn {tool}` to the plugin, or remove it from `custom_tools`"
                    ),
                }
            }
        }
    }
}

fn render(problems: &[RegistryProblem]) -> String {
    let mut out = format!(
        "the linked plugins have {} problem{}:",
        problems.len(),
        if problems.len() == 1 { "" } else { "s" }
    );
    for p in problems {
        out.push_str("\n  - ");
        out.push_str(&p.to_string());
    }
    out
}
