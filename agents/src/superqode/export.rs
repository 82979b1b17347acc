//! SuperQode: a plugin folder, as `superqode plugins add` installs it and
//! its loader reads it (SuperQode 2.25.0, `superqode/extensions.py` and
//! `superqode/plugins.py`):
//!
//! ```text
//! plugin.json                 id, name, version, description, api_version,
//!                             tools, commands, skills, context_injectors, event_hooks
//! <module>.py                 the generated Python: tools, hook handlers, commands
//! bin/<bin>                   the binary
//! skills/<name>/SKILL.md      the plugins' skills
//! context/<plugin>/<path>     the plugins' context files
//! ```
//!
//! What the loader expects, and the package gives it:
//!
//! - a `tools` entry's `path` is a `.py` file it loads by path, and `class`
//!   the `Tool` subclass in it, which it instantiates with no argument (the
//!   classes are also named as its fallback looks them up: `count_lines` is
//!   `CountLinesTool`); each runs `<bin> call`.
//! - an `event_hooks` entry's `handler` is `module:function`, imported by
//!   name with the plugin's folder on `sys.path`, so the module's name is
//!   the package's (`tackle_my_host`), unique among installed plugins.
//! - `context_injectors` entries are files whose text SuperQode appends to
//!   the system prompt, or a `handler` it calls synchronously: the plugins'
//!   context files are the first kind, their `system_prompt` hooks the
//!   second (`hook superqode context_injectors`).
//! - `commands` entries run `<bin> command "/NAME ARGS"`.
//!
//! Permission rules are not written as SuperQode's `permission_rules`,
//! whose first matching rule wins and whose tool names are SuperQode's:
//! the binary evaluates them at `permission_request` as everywhere else
//! (every matching rule counts, deny over ask over allow).

use std::collections::BTreeSet;

use serde::Serialize;
use serde_json::Value;
use tackle::command::CommandDef;

use super::Event;
use crate::claude::export::skills;
use crate::export::files::{Named, Ordered};
use crate::export::package::{Package, summary};
use crate::export::shim::{self, ShimEvent};
use crate::export::write::Out;
use crate::export::{ExportError, first_line, quote};
use tackle_host::declarative::TACKLE_EXPORT_KEY;

const SHIM: &str = include_str!("shim.py");

/// The native event at which SuperQode asks the package for system-prompt
/// text: a context injector with a handler, not an event hook.
const CONTEXT_EVENT: Event = Event::ContextInjectors;

/// `plugin.json`, as SuperQode's loader reads it.
#[derive(Serialize)]
struct Manifest<'a> {
    id: &'a str,
    name: &'a str,
    version: &'a str,
    description: &'a str,
    api_version: u32,
    /// [`TACKLE_EXPORT_KEY`]: `true`.
    #[serde(flatten)]
    exported: Named<bool>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tools: Vec<ToolEntry<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    commands: Vec<CommandEntry<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    skills: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    context_injectors: Vec<Injector>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    event_hooks: Vec<EventHook>,
}

/// A tool: the `Tool` class in the module.
#[derive(Serialize)]
struct ToolEntry<'a> {
    name: &'static str,
    description: &'static str,
    path: &'a str,
    class: &'a str,
}

/// A slash command: its function in the module.
#[derive(Serialize)]
struct CommandEntry<'a> {
    name: &'static str,
    description: &'static str,
    path: &'a str,
    handler: String,
    aliases: &'static [&'static str],
    #[serde(skip_serializing_if = "Option::is_none")]
    category: Option<&'static str>,
}

/// A context injector: a file whose text is appended to the system
/// prompt, or a function SuperQode calls for it.
#[derive(Serialize)]
#[serde(untagged)]
enum Injector {
    File { path: String, name: String },
    Handler { handler: String, name: String },
}

/// An event hook: the module's function for one point.
#[derive(Serialize)]
struct EventHook {
    point: &'static str,
    handler: String,
    name: String,
}

/// What the Python module is told (`__TACKLE_CONFIG__`).
#[derive(Serialize)]
struct Config<'a> {
    package: &'a str,
    bin: &'a str,
    /// What the hooks run: the hook-only build beside `bin`, or `bin`.
    #[serde(rename = "hookBin")]
    hook_bin: &'a str,
    events: Ordered<ShimEvent>,
    tools: Ordered<ToolConfig>,
}

/// A tool, as the module declares it to SuperQode.
#[derive(Serialize)]
struct ToolConfig {
    description: &'static str,
    parameters: &'static Value,
}

/// Writes the plugin folder; returns what the user should know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let mut notes = Vec::new();
    let bin = format!("bin/{}", package.bin);
    crate::export::binary::write_binary(package, out, &bin)?;
    let module = module_name(&package.name);
    let file = format!("{module}.py");
    let classes = class_names(&package.tools);
    out.text(&file, &source(package, &bin, &classes, &package.commands))?;

    let tools = package
        .tool_defs
        .iter()
        .zip(&classes)
        .map(|(tool, class)| ToolEntry {
            name: tool.name,
            description: first_line(tool.description),
            path: &file,
            class,
        })
        .collect();
    let commands = package
        .commands
        .iter()
        .map(|c| CommandEntry {
            name: c.name,
            description: summary(c),
            path: &file,
            handler: format!("{module}:{}", command_function(c)),
            aliases: c.aliases,
            category: c.category,
        })
        .collect();
    if !package.skills.is_empty() {
        skills(package, out)?;
    }
    let skill_paths = package
        .skills
        .iter()
        .map(|s| format!("skills/{}/SKILL.md", s.name))
        .collect();
    let mut injectors = Vec::new();
    for plugin in &package.plugins {
        for context in plugin.context_files {
            let rel = format!("context/{}/{}", plugin.id, context.path);
            out.text(&rel, context.text)?;
            injectors.push(Injector::File {
                name: format!("{}: {}", plugin.name, context.path),
                path: rel,
            });
        }
    }
    let mut hooks = Vec::new();
    for r in &package.plan.registrations {
        let name = format!("tackle:{}:{}", package.name, r.event);
        if r.event == CONTEXT_EVENT.name() {
            injectors.push(Injector::Handler {
                handler: format!("{module}:context_injector"),
                name,
            });
        } else {
            hooks.push(EventHook {
                point: r.event,
                handler: format!("{module}:{}", r.event),
                name,
            });
        }
    }
    let manifest = Manifest {
        id: &package.name,
        name: &package.name,
        version: &package.version,
        description: &package.description,
        api_version: 1,
        // SuperQode ignores unknown keys; tackle's own plugin discovery
        // skips a package it generated, whose items are the binary's own.
        exported: Named {
            name: TACKLE_EXPORT_KEY.to_owned(),
            value: true,
        },
        tools,
        commands,
        skills: skill_paths,
        context_injectors: injectors,
        event_hooks: hooks,
    };
    out.text("plugin.json", &quote::json(&manifest))?;

    let ruled: Vec<&str> = package
        .plugins
        .iter()
        .filter(|p| !p.permission_rules.is_empty())
        .map(|p| p.id)
        .collect();
    if !ruled.is_empty() {
        notes.push(format!(
            "the permission rules of {} run in the binary at SuperQode's `permission_request` (every matching rule counts, deny over ask over allow), not as SuperQode's own `permission_rules`, whose first match wins",
            ruled.join(", ")
        ));
    }
    if !package.tool_defs.is_empty() {
        notes.push(format!(
            "tools: {} run as SuperQode tools through `{} call`; SuperQode refuses one named like a tool it already has",
            package.tools.join(", "),
            package.bin
        ));
    }
    Ok(notes)
}

/// The Python module: the shim with the binary, the events and the tools
/// filled in, then a class per tool and a function per slash command.
fn source(
    package: &Package<'_>,
    bin: &str,
    classes: &[String],
    commands: &[&'static CommandDef],
) -> String {
    let tools = package
        .tool_defs
        .iter()
        .map(|t| {
            let tool = ToolConfig {
                description: t.description,
                parameters: (t.input_schema)(),
            };
            (t.name, tool)
        })
        .collect();
    let runs = package.for_hooks();
    let hook_bin = match bin.rsplit_once('/') {
        Some((dir, _)) => format!("{dir}/{}", runs.bin),
        None => runs.bin.clone(),
    };
    let config = Config {
        package: &package.name,
        bin,
        hook_bin: &hook_bin,
        events: shim::events(package),
        tools: Ordered(tools),
    };
    let config = serde_json::to_string(&config).unwrap_or_default();
    // A JSON string is a Python string literal too (same escapes).
    let mut text = SHIM
        .replace("__TACKLE_HOOK_BIN_NAME__", &runs.bin)
        .replace("__TACKLE_BIN_NAME__", &package.bin)
        .replace("__TACKLE_CONFIG__", &quote::string(&config));
    if !classes.is_empty() {
        text.push_str("\n\n# The tools, one class each, as the manifest's `tools` name them.\n");
    }
    for (tool, class) in package.tool_defs.iter().zip(classes) {
        let read_only = tool.annotations.read_only == Some(true);
        text.push_str(&format!(
            "\n\nclass {class}(_TackleTool):\n    tackle_name = {}\n    read_only = {}\n",
            quote::string(tool.name),
            if read_only { "True" } else { "False" },
        ));
    }
    if !commands.is_empty() {
        text.push_str("\n\n# The slash commands, as the manifest's `commands` name them.\n");
    }
    for command in commands {
        text.push_str(&format!(
            "\n\nasync def {}(args: Any = \"\", context: Any = None) -> str:\n    return await _command({}, args, context)\n",
            command_function(command),
            quote::string(command.name),
        ));
    }
    text
}

/// The package's Python module name: `tackle_` and the package's name in
/// snake case (`tackle-mcp-host` stays `tackle_mcp_host`). SuperQode
/// imports hook handlers by module name, so it must differ between
/// installed plugins, which their names do.
fn module_name(package: &str) -> String {
    let snake = package.replace('-', "_");
    if snake == "tackle" || snake.starts_with("tackle_") {
        snake
    } else {
        format!("tackle_{snake}")
    }
}

/// A class name per tool: the one SuperQode's loader would look for
/// (`count_lines` → `CountLinesTool`, each `-` or `_` part capitalized as
/// Python's `str.capitalize` does), made a valid identifier and unique.
fn class_names(tools: &[&str]) -> Vec<String> {
    let mut taken = BTreeSet::new();
    tools
        .iter()
        .map(|tool| {
            let camel: String = tool
                .split(['-', '_'])
                .filter(|part| !part.is_empty())
                .map(|part| {
                    let mut chars = part.chars();
                    let first = chars.next().map(|c| c.to_ascii_uppercase());
                    first
                        .into_iter()
                        .chain(chars.map(|c| c.to_ascii_lowercase()))
                        .collect::<String>()
                })
                .collect();
            let mut base = format!("{camel}Tool");
            if !base.starts_with(|c: char| c.is_ascii_alphabetic()) {
                base = format!("T{base}");
            }
            let mut class = base.clone();
            let mut n = 2;
            while !taken.insert(class.clone()) {
                class = format!("{base}{n}");
                n += 1;
            }
            class
        })
        .collect()
}

/// The Python function that runs a slash command (names are
/// `^[a-z][a-z0-9-]*$`).
fn command_function(command: &CommandDef) -> String {
    format!("command_{}", command.name.replace('-', "_"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_names_are_identifiers_prefixed_once() {
        assert_eq!(module_name("tackle-mcp-host"), "tackle_mcp_host");
        assert_eq!(module_name("my-host"), "tackle_my_host");
        assert_eq!(module_name("3d"), "tackle_3d");
        assert_eq!(module_name("tackle"), "tackle");
        assert_eq!(module_name("tackles"), "tackle_tackles");
    }

    #[test]
    fn class_names_are_those_superqode_looks_for_unless_they_clash() {
        assert_eq!(
            class_names(&["count_lines", "add", "HTML-dump", "html_dump", "3d", "a__b"]),
            [
                "CountLinesTool",
                "AddTool",
                "HtmlDumpTool",
                "HtmlDumpTool2",
                "T3dTool",
                "ABTool"
            ]
        );
    }
}
