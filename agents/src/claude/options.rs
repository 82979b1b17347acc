//! The plugins' settings as Claude Code's plugin options (`userConfig` in
//! `plugin.json`), and the values Claude Code hands the hooks back as a
//! config layer.
//!
//! Claude Code 2.1.330 asks for a plugin's options when it is enabled
//! (`/plugin`, or `claude plugin install --config KEY=VALUE` without a
//! terminal; `/plugin configure` and `claude plugin configure` later),
//! keeps them in the user's settings (`pluginConfigs.<plugin>@<marketplace>
//! .options` of `~/.claude/settings.json`; it reads them from the user's,
//! the command line's and the managed settings only, never a project's)
//! and hands each set option to every command hook of the plugin as
//! `CLAUDE_PLUGIN_OPTION_<KEY>` (the key upper-cased, the value as text).
//! An option left unset is not in the environment: the plugin's own
//! default holds. Its `${user_config.KEY}` substitution is not used: in a
//! hook's arguments or `.mcp.json` it fails the hook or the server while
//! the option is unset.
//!
//! A project's `.claude/settings.json` `env` reaches the hooks too, so a
//! variable of an option the user left unset could be the project's: a
//! variable a project settings file names is not taken, as tackle's own
//! user-level variables are not ([`named_by_a_project`]), and the hook
//! says so.
//!
//! Each setting is `<plugin id>_<setting>` (`-` as `_`): a string (a
//! picker for an `enum` of strings), a number (with the schema's
//! `minimum`/`maximum`) or a boolean. Lists, tables and settings of
//! plugins with tools are left out, and export says so: Claude Code has no
//! option type for a list that keeps its items apart (a `multiple` option
//! reaches a hook as the items joined by commas), and the package's MCP
//! server, where tools run, gets no options unless `.mcp.json`
//! substitutes them.

use std::path::PathBuf;

use serde::ser::{Serialize, Serializer};
use serde_json::Value;
use tackle::def::PluginDef;
use tackle_host::trust::{AgentSettings, Withheld, named_by_a_project};

/// How Claude Code's options are named in reports.
const ORIGIN: &str = "Claude Code's plugin options";

/// The prefix of the variable Claude Code hands each set option in.
const VAR_PREFIX: &str = "CLAUDE_PLUGIN_OPTION_";

/// A setting's kind, as Claude Code's option `type` and as tackle reads
/// the value back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    String,
    Integer,
    Number,
    Boolean,
}

impl Kind {
    /// The option type Claude Code shows.
    fn claude_type(self) -> &'static str {
        match self {
            Kind::String => "string",
            Kind::Integer | Kind::Number => "number",
            Kind::Boolean => "boolean",
        }
    }

    /// The value Claude Code handed as `text`, as the setting's type; text
    /// that is not one stays text, for the plugin's config check to name.
    fn read(self, text: &str) -> toml::Value {
        let typed = match self {
            Kind::String => None,
            Kind::Boolean => text.trim().parse::<bool>().ok().map(toml::Value::Boolean),
            // JavaScript prints every whole number an `i64` holds in digits.
            Kind::Integer => text.trim().parse::<i64>().ok().map(toml::Value::Integer),
            Kind::Number => text.trim().parse::<f64>().ok().map(toml::Value::Float),
        };
        typed.unwrap_or_else(|| toml::Value::String(text.to_owned()))
    }
}

/// One plugin setting as one Claude Code option.
#[derive(Debug, Clone)]
pub(crate) struct PluginOption {
    /// The plugin's id.
    plugin: &'static str,
    /// The setting, a key of `[plugins.<id>]`.
    setting: String,
    /// The option's key in `userConfig`.
    key: String,
    kind: Kind,
    /// What the option dialog shows.
    entry: Entry,
}

impl PluginOption {
    /// The variable Claude Code sets when the option is set.
    fn var(&self) -> String {
        format!("{VAR_PREFIX}{}", self.key.to_ascii_uppercase())
    }
}

/// An option as `userConfig` declares it.
#[derive(Debug, Clone, serde::Serialize)]
struct Entry {
    #[serde(rename = "type")]
    kind: &'static str,
    title: String,
    description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    default: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    min: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    options: Option<Vec<String>>,
}

/// `userConfig`: the options by key, in the plugins' order.
#[derive(Debug, Default)]
pub(crate) struct UserConfig {
    options: Vec<PluginOption>,
    /// Settings left out, each with why, for export's notes.
    pub(crate) left_out: Vec<String>,
}

impl UserConfig {
    /// The options of `plugins`; `has_tools` tells which of them have
    /// tools (their settings are left out).
    pub(crate) fn of<'p>(
        plugins: impl IntoIterator<Item = &'p PluginDef>,
        has_tools: impl Fn(&PluginDef) -> bool,
    ) -> UserConfig {
        let mut config = UserConfig::default();
        for plugin in plugins {
            config.add(
                (plugin.id, plugin.name),
                (plugin.config.schema)(),
                has_tools(plugin),
            );
        }
        config
    }

    /// The options of the plugin `(id, name)` whose config's JSON Schema
    /// is `schema`; with `tools`, none.
    fn add(&mut self, (id, name): (&'static str, &str), schema: &Value, tools: bool) {
        let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
            return;
        };
        if properties.is_empty() {
            return;
        }
        if tools {
            let settings: Vec<&str> = properties.keys().map(String::as_str).collect();
            self.left_out.push(format!(
                "{} ({id}): its tools run in the package's MCP server, which Claude Code gives no plugin options",
                settings.join(", ")
            ));
            return;
        }
        for (setting, property) in properties {
            match option((id, name), setting, property) {
                Ok(option) if self.options.iter().any(|o| o.key == option.key) => {
                    self.left_out.push(format!(
                        "{setting} ({id}): its option name `{}` is another setting's",
                        option.key
                    ));
                }
                Ok(option) => self.options.push(option),
                Err(why) => self.left_out.push(format!("{setting} ({id}): {why}")),
            }
        }
    }

    /// Whether no setting became an option.
    pub(crate) fn is_empty(&self) -> bool {
        self.options.is_empty()
    }

    /// The options the user set in Claude Code, from the variables `var`
    /// gives, as a config layer; `named` says which variables a project
    /// settings file names (those are not taken).
    fn read(
        &self,
        var: impl Fn(&str) -> Option<String>,
        named: impl FnOnce(&[&str]) -> Vec<(String, PathBuf)>,
    ) -> AgentSettings {
        let vars: Vec<String> = self.options.iter().map(PluginOption::var).collect();
        let set: Vec<&str> = vars
            .iter()
            .map(String::as_str)
            .filter(|v| var(v).is_some())
            .collect();
        let named = named(&set);
        let mut settings = AgentSettings {
            origin: ORIGIN.to_owned(),
            ..AgentSettings::default()
        };
        for (option, name) in self.options.iter().zip(&vars) {
            let Some(text) = var(name) else { continue };
            if let Some((_, file)) = named.iter().find(|(n, _)| n == name) {
                settings.ignored.push(Withheld::new(
                    file,
                    format!("env.{name}"),
                    format!(
                        "it would set `{}` of `[plugins.{}]`, and the agent hands a project's environment to hooks; set the option in Claude Code (`/plugin`) while no project file names it",
                        option.setting, option.plugin
                    ),
                ));
                continue;
            }
            let plugins = settings
                .table
                .entry("plugins")
                .or_insert_with(|| toml::Value::Table(toml::Table::new()));
            if let toml::Value::Table(plugins) = plugins {
                let table = plugins
                    .entry(option.plugin)
                    .or_insert_with(|| toml::Value::Table(toml::Table::new()));
                if let toml::Value::Table(table) = table {
                    table.insert(option.setting.clone(), option.kind.read(&text));
                }
            }
        }
        settings
    }
}

impl Serialize for UserConfig {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.options.iter().map(|o| (&o.key, &o.entry)))
    }
}

/// The option of the plugin `(id, name)`'s `setting`, described by the
/// JSON Schema `property`; `Err` says why there is none.
fn option(
    (id, name): (&'static str, &str),
    setting: &str,
    property: &Value,
) -> Result<PluginOption, String> {
    let key = format!("{id}_{setting}").replace('-', "_");
    // Claude Code's rule for an option's key.
    let mut chars = key.chars();
    let valid = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid {
        return Err(format!(
            "`{key}` is not a name Claude Code takes for an option"
        ));
    }
    let choices: Option<Vec<String>> = property
        .get("enum")
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or(Some(Vec::new()))
        .filter(|c| !c.is_empty());
    let kind = match property.get("type").and_then(Value::as_str) {
        Some("string") => Kind::String,
        Some("integer") => Kind::Integer,
        Some("number") => Kind::Number,
        Some("boolean") => Kind::Boolean,
        Some(other) => {
            return Err(format!(
                "Claude Code has no option type for a setting of type {other}"
            ));
        }
        None => return Err("its schema gives no single type".to_owned()),
    };
    let default = property.get("default").filter(|d| match kind {
        Kind::String => d.is_string(),
        Kind::Integer | Kind::Number => d.is_number(),
        Kind::Boolean => d.is_boolean(),
    });
    // Claude Code wants a picker's default among its choices.
    let options = choices.filter(|c| {
        kind == Kind::String
            && default
                .and_then(Value::as_str)
                .is_some_and(|d| c.iter().any(|o| o == d))
    });
    let description = property
        .get("description")
        .and_then(Value::as_str)
        .map_or_else(String::new, |d| {
            d.split_whitespace().collect::<Vec<_>>().join(" ")
        });
    let bound = |name: &str| property.get(name).and_then(Value::as_f64);
    let numeric = matches!(kind, Kind::Integer | Kind::Number);
    Ok(PluginOption {
        plugin: id,
        setting: setting.to_owned(),
        entry: Entry {
            kind: kind.claude_type(),
            title: format!("{name}: {setting}"),
            description,
            default: default.cloned(),
            min: bound("minimum").filter(|_| numeric),
            max: bound("maximum").filter(|_| numeric),
            options,
        },
        key,
        kind,
    })
}

/// The settings the user made in Claude Code for the plugins linked into
/// this binary, from this process's environment: for a hook process
/// Claude Code started.
pub(crate) fn from_env() -> AgentSettings {
    // Most hook processes get no option: they skip making the plugins'
    // config schemas, which would cost each event more than the rest of
    // reading the config does.
    let offered = std::env::vars_os().any(|(name, _)| {
        name.to_str()
            .is_some_and(|name| name.starts_with(VAR_PREFIX))
    });
    if !offered {
        return AgentSettings {
            origin: ORIGIN.to_owned(),
            ..AgentSettings::default()
        };
    }
    let tools: Vec<&str> = tackle::def::linked_tools().map(|t| t.plugin.id).collect();
    let config = UserConfig::of(tackle::def::linked_plugins(), |p| tools.contains(&p.id));
    config.read(
        |name| std::env::var(name).ok(),
        |names| {
            named_by_a_project(None, names)
                .into_iter()
                .map(|(name, file)| (name.to_owned(), file))
                .collect()
        },
    )
}

#[cfg(test)]
#[path = "options_tests.rs"]
mod tests;
