//! A Claude Code plugin folder: `.claude-plugin/plugin.json` (name,
//! version, description) and `hooks/hooks.json`. Its hooks run with
//! `CLAUDE_PLUGIN_ROOT` set to the folder, as in Claude Code.

use std::path::Path;

use tackle::Problem;

use super::json::{self, required, string};
use super::model::{DeclaredPlugin, Format};

/// Reads the plugin in `folder`.
pub(crate) fn read(folder: &Path) -> DeclaredPlugin {
    let id = folder
        .file_name()
        .map_or_else(|| "plugin".to_owned(), |n| n.to_string_lossy().into_owned());
    let meta = folder.join(".claude-plugin").join("plugin.json");
    let hooks = folder.join("hooks").join("hooks.json");
    let mut plugin = DeclaredPlugin::new(id, Format::ClaudeHooks, hooks.clone(), folder.into());
    if meta.is_file() {
        match json::read_object(&meta) {
            Ok(object) => {
                let problems = &mut plugin.problems;
                let missing = format!("missing in `{}`: Claude Code requires it", meta.display());
                if let Some(name) = required(&object, "name", &missing, "", problems) {
                    plugin.id = name;
                }
                plugin.name = plugin.id.clone();
                if let Some(version) = string(&object, "version", "", problems) {
                    plugin.version = version;
                }
                plugin.description =
                    string(&object, "description", "", problems).unwrap_or_default();
            }
            Err(problem) => plugin.problems.push(Problem::new(
                "",
                format!("`{}`: {}", meta.display(), problem.message),
            )),
        }
    }
    if let Err(why) = tackle_spec::names::declarative_plugin_id(&plugin.id) {
        plugin.problems.push(Problem::new("name", why));
    }
    if !hooks.is_file() {
        plugin.warnings.push(Problem::new(
            "",
            "no `hooks/hooks.json`: this plugin has no hooks for tackle to run",
        ));
        return plugin;
    }
    match json::read_object(&hooks) {
        Ok(object) => {
            if !object
                .get("hooks")
                .is_some_and(serde_json::Value::is_object)
            {
                plugin.problems.push(Problem::new(
                    "hooks",
                    "missing: Claude Code's `hooks.json` puts the events under `hooks`",
                ));
                return plugin;
            }
            super::hooks_json::fill(&mut plugin, &object);
        }
        Err(problem) => plugin.problems.push(problem),
    }
    plugin
}
