//! SuperQode's `plugin.json`: its declarative parts (permission rules,
//! skills, context injectors) run in tackle; its Python parts (tools,
//! commands, providers, event hooks) are checked as SuperQode would load
//! them and reported as not run.
//!
//! Read as SuperQode reads it (`id` falls back to `name` and `name` to `id`;
//! `version` defaults to `0.1.0`; camelCase aliases count only when the
//! snake_case key is absent; unknown keys are ignored), but checked harder:
//! a missing skill file, a skill whose YAML does not parse, a bad rule or a
//! handler module that is not there is a problem, not a silent skip. A
//! build without the `skills` feature reads each skill file but does not
//! parse it: see `DeclaredPlugin::applied_rules` for what that changes.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};
use tackle::{Problem, RuleAction};

use super::json::{self, array, join, required, string, wrong};
#[cfg(feature = "skills")]
use super::model::DeclaredSkill;
use super::model::{DeclaredPlugin, Format};
use super::paths::inside;
use crate::permission::{Rule, glob};

/// The points a SuperQode `event_hooks` entry may name, in the order of
/// the coverage table's SuperQode column (`tackle_agents::coverage` checks
/// that the two agree).
pub const SUPERQODE_POINTS: [&str; 14] = [
    "session_start",
    "user_prompt_submit",
    "stop",
    "after_turn_complete",
    "context_injectors",
    "before_llm_call",
    "after_llm_call",
    "context_selection",
    "context_retrieval",
    "before_tool_call",
    "after_tool_call",
    "permission_request",
    "before_compact",
    "after_compact",
];

/// Reads the plugin whose manifest is `manifest` (a `plugin.json`).
pub(crate) fn read(manifest: &Path) -> DeclaredPlugin {
    let root = manifest.parent().unwrap_or(Path::new(".")).to_path_buf();
    let fallback = root
        .file_name()
        .map_or_else(|| "plugin".to_owned(), |n| n.to_string_lossy().into_owned());
    let mut plugin = DeclaredPlugin::new(fallback, Format::SuperQode, manifest.into(), root);
    let object = match json::read_object(manifest) {
        Ok(object) => object,
        Err(problem) => {
            plugin.problems.push(problem);
            return plugin;
        }
    };
    fill(&mut plugin, &object);
    plugin
}

fn fill(plugin: &mut DeclaredPlugin, object: &Map<String, Value>) {
    plugin.exported = object.get(super::TACKLE_EXPORT_KEY) == Some(&Value::Bool(true));
    let problems = &mut plugin.problems;
    let id = string(object, "id", "", problems);
    let name = string(object, "name", "", problems);
    match id.clone().or(name.clone()) {
        Some(id) => match tackle_spec::names::declarative_plugin_id(&id) {
            Ok(()) => plugin.id = id,
            Err(why) => problems.push(Problem::new(
                if object.contains_key("id") {
                    "id"
                } else {
                    "name"
                },
                why,
            )),
        },
        None => problems.push(Problem::new(
            "id",
            "missing: a plugin needs an `id` (or a `name`, which stands in for it)",
        )),
    }
    plugin.name = name.or(id).unwrap_or_else(|| plugin.id.clone());
    if let Some(version) = string(object, "version", "", problems) {
        plugin.version = version;
    }
    plugin.description = string(object, "description", "", problems).unwrap_or_default();
    match object.get("api_version") {
        None => {}
        Some(Value::Number(n)) if n.as_u64().is_some_and(|v| v >= 1) => {}
        Some(other) => problems.push(wrong("api_version", "an integer of at least 1", other)),
    }

    let rules_key = alias(object, "permission_rules", "permissionRules");
    for (i, item) in array(object, rules_key, "", problems).iter().enumerate() {
        if let Some(rule) = rule(item, &format!("{rules_key}[{i}]"), problems) {
            plugin.rules.push(rule);
        }
    }
    for (i, item) in array(object, "skills", "", problems).iter().enumerate() {
        let at = format!("skills[{i}]");
        match item {
            Value::String(path) => {
                let Some(text) = skill_text(&plugin.root, path, &at, problems) else {
                    continue;
                };
                #[cfg(feature = "skills")]
                if let Some(skill) = skill(path, text, &at, problems) {
                    plugin.skills.push(skill);
                }
                // Found and read, but this build cannot parse it: see
                // `DeclaredPlugin::applied_rules` for what that changes.
                #[cfg(not(feature = "skills"))]
                {
                    drop(text);
                    plugin.warnings.push(Problem::new(
                        at,
                        format!(
                            "skill `{path}` is not checked: this binary is built without skills; until it is, the plugin's `allow` rules are not applied here"
                        ),
                    ));
                    plugin.unchecked.push(path.clone());
                }
            }
            other => problems.push(wrong(at, "a path to a skill file", other)),
        }
    }
    let injectors_key = alias(object, "context_injectors", "contextInjectors");
    for (i, item) in array(object, injectors_key, "", problems)
        .iter()
        .enumerate()
    {
        let at = format!("{injectors_key}[{i}]");
        let mut unchecked = Unchecked {
            paths: &mut plugin.unchecked,
            warnings: &mut plugin.warnings,
        };
        if let Some(context) = injector(&plugin.root, item, &at, problems, &mut unchecked) {
            plugin.context.push(context);
        }
    }

    // The Python parts: checked, then reported as not run.
    let mut python = Vec::new();
    for key in ["tools", "commands", "providers"] {
        let items = array(object, key, "", problems);
        for (i, item) in items.iter().enumerate() {
            python_entry(&plugin.root, item, &format!("{key}[{i}]"), problems);
        }
        if !items.is_empty() {
            python.push(format!("{} {key}", items.len()));
        }
    }
    let hooks_key = alias(object, "event_hooks", "eventHooks");
    let hooks = array(object, hooks_key, "", problems);
    for (i, item) in hooks.iter().enumerate() {
        let at = format!("{hooks_key}[{i}]");
        event_hook(&plugin.root, item, &at, problems, &mut plugin.warnings);
    }
    if !hooks.is_empty() {
        python.push(format!("{} event hooks", hooks.len()));
    }
    if !python.is_empty() {
        plugin.warnings.push(Problem::new(
            "",
            format!(
                "its Python code ({}) runs in SuperQode, not in tackle; its permission rules, skills and context injectors do",
                python.join(", ")
            ),
        ));
    }
}

/// The snake_case key, or its camelCase alias when only that is present.
fn alias<'k>(object: &Map<String, Value>, snake: &'k str, camel: &'k str) -> &'k str {
    if !object.contains_key(snake) && object.contains_key(camel) {
        camel
    } else {
        snake
    }
}

/// A permission rule: `tool` and `pattern` globs (default `*`), an optional
/// `argument` (empty: every argument), `action` (default `ask`).
fn rule(item: &Value, at: &str, problems: &mut Vec<Problem>) -> Option<Rule> {
    let object = json::object(item, "a rule object", at, problems)?;
    let before = problems.len();
    let tool = string(object, "tool", at, problems).unwrap_or_else(|| "*".into());
    let pattern = string(object, "pattern", at, problems).filter(|p| p != "*");
    let argument = string(object, "argument", at, problems).filter(|a| !a.is_empty());
    for (key, text) in [("tool", Some(&tool)), ("pattern", pattern.as_ref())] {
        if let Some(text) = text
            && let Err(e) = glob::parse(text)
        {
            problems.push(Problem::new(
                join(at, key),
                format!("not a valid glob: {e}"),
            ));
        }
    }
    let action = match string(object, "action", at, problems).as_deref() {
        None => RuleAction::Ask,
        Some("allow") => RuleAction::Allow,
        Some("deny") => RuleAction::Deny,
        Some("ask") => RuleAction::Ask,
        Some(other) => {
            problems.push(Problem::new(
                join(at, "action"),
                format!("expected `allow`, `deny` or `ask`, found `{other}`"),
            ));
            RuleAction::Ask
        }
    };
    (problems.len() == before).then(|| Rule {
        tool,
        pattern: pattern.clone(),
        argument: argument.filter(|_| pattern.is_some()),
        action,
    })
}

/// The text of a skill file (or of `SKILL.md` in a skill folder).
fn skill_text(root: &Path, path: &str, at: &str, problems: &mut Vec<Problem>) -> Option<String> {
    let mut file = match inside(root, path) {
        Ok(file) => file,
        Err(why) => {
            problems.push(Problem::new(at, why));
            return None;
        }
    };
    if file.is_dir() {
        file.push("SKILL.md");
    }
    match crate::limits::read_text(&file) {
        Ok(text) => Some(text),
        Err(e) => {
            problems.push(Problem::new(
                at,
                format!("cannot read skill file `{}`: {e}", file.display()),
            ));
            None
        }
    }
}

/// A skill file's text, parsed and checked.
#[cfg(feature = "skills")]
fn skill(path: &str, text: String, at: &str, problems: &mut Vec<Problem>) -> Option<DeclaredSkill> {
    let skill = match tackle_spec::skill::parse(&text) {
        Ok(parsed) => DeclaredSkill {
            path: path.to_owned(),
            name: parsed.name,
            description: parsed.description,
            enabled: parsed.enabled,
            input_schema: parsed.input_schema.map(|v| v.to_string()),
            output_schema: parsed.output_schema.map(|v| v.to_string()),
            body_start: parsed.body_start,
            text: String::new(),
        },
        Err(issues) => {
            for issue in issues {
                let line = issue
                    .line
                    .map(|l| format!(" (line {l})"))
                    .unwrap_or_default();
                problems.push(Problem::new(
                    at,
                    format!("skill `{path}`{line}: {}", issue.message),
                ));
            }
            return None;
        }
    };
    // The text moves in once the parse that borrows it is done.
    Some(DeclaredSkill { text, ..skill })
}

/// A context injector: `path` (Markdown or JSON) and an optional `schema`
/// the JSON must follow.
/// Where a part this build cannot check is noted: its path, and a warning
/// saying so.
struct Unchecked<'a> {
    paths: &'a mut Vec<String>,
    warnings: &'a mut Vec<Problem>,
}

fn injector(
    root: &Path,
    item: &Value,
    at: &str,
    problems: &mut Vec<Problem>,
    unchecked: &mut Unchecked<'_>,
) -> Option<(String, String)> {
    let object = match item {
        Value::Object(object) => object,
        Value::String(_) => {
            problems.push(Problem::new(
                at,
                "expected an object with a `path` (`{\"path\": \"injectors/x.md\"}`), found a string",
            ));
            return None;
        }
        other => {
            problems.push(wrong(at, "an object with a `path`", other));
            return None;
        }
    };
    let path = required(object, "path", "missing: the file to inject", at, problems)?;
    let file = match inside(root, &path) {
        Ok(file) => file,
        Err(why) => {
            problems.push(Problem::new(join(at, "path"), why));
            return None;
        }
    };
    let text = match crate::limits::read_text(&file) {
        Ok(text) => text,
        Err(e) => {
            problems.push(Problem::new(
                join(at, "path"),
                format!("cannot read `{}`: {e}", file.display()),
            ));
            return None;
        }
    };
    let schema = string(object, "schema", at, problems);
    let is_json = path.ends_with(".json");
    if is_json || schema.is_some() {
        let value: Value = match serde_json::from_str(&text) {
            Ok(value) => value,
            Err(e) => {
                problems.push(Problem::new(
                    join(at, "path"),
                    format!("`{path}` is not valid JSON: {e}"),
                ));
                return None;
            }
        };
        if let Some(schema) = schema {
            let at = join(at, "schema");
            let found = check_schema(root, &schema, &value, &at, problems, unchecked);
            if !found {
                return None;
            }
        }
    }
    Some((path, text))
}

/// Checks `value` against the JSON Schema file `schema`; false when it
/// does not follow it (or the schema cannot be read). A schema this build
/// cannot check is noted as unchecked, and the value kept.
fn check_schema(
    root: &Path,
    schema: &str,
    value: &Value,
    at: &str,
    problems: &mut Vec<Problem>,
    unchecked: &mut Unchecked<'_>,
) -> bool {
    let file = match inside(root, schema) {
        Ok(file) => file,
        Err(why) => {
            problems.push(Problem::new(at, why));
            return false;
        }
    };
    let schema_value = match json::read_object(&file) {
        Ok(object) => Value::Object(object),
        Err(problem) => {
            problems.push(Problem::new(
                at,
                format!("schema `{schema}`: {}", problem.message),
            ));
            return false;
        }
    };
    if let Some(why) = crate::problems::unsupported(&schema_value) {
        unchecked.warnings.push(Problem::new(
            at,
            format!(
                "`{schema}` is not checked: {why}; until it is, the plugin's `allow` rules are not applied here"
            ),
        ));
        unchecked.paths.push(schema.to_owned());
        return true;
    }
    let errors: Vec<String> = crate::problems::check(&schema_value, value, false)
        .iter()
        .map(ToString::to_string)
        .collect();
    if errors.is_empty() {
        return true;
    }
    problems.push(Problem::new(
        at,
        format!(
            "the injected JSON does not follow `{schema}`: {}",
            errors.join("; ")
        ),
    ));
    false
}

/// A tool, command or provider entry: `name` and a `path` that exists.
fn python_entry(root: &Path, item: &Value, at: &str, problems: &mut Vec<Problem>) {
    let Some(object) = json::object(item, "an object with `name` and `path`", at, problems) else {
        return;
    };
    match required(object, "name", "missing", at, problems) {
        Some(name) if name.trim().is_empty() => {
            problems.push(Problem::new(join(at, "name"), "cannot be empty"));
        }
        _ => {}
    }
    if let Some(path) = string(object, "path", at, problems) {
        match inside(root, &path) {
            Ok(file) if file.exists() => {}
            Ok(file) => problems.push(Problem::new(
                join(at, "path"),
                format!("`{}` does not exist", file.display()),
            )),
            Err(why) => problems.push(Problem::new(join(at, "path"), why)),
        }
    }
}

/// An event hook: a known `point` and a `handler` (`module:function` or
/// `module.function`); a module not in the plugin folder is a warning (it
/// may be installed).
fn event_hook(
    root: &Path,
    item: &Value,
    at: &str,
    problems: &mut Vec<Problem>,
    warnings: &mut Vec<Problem>,
) {
    let points = SUPERQODE_POINTS;
    let Some(object) = json::object(item, "an object with `point` and `handler`", at, problems)
    else {
        return;
    };
    match required(object, "point", "missing", at, problems) {
        Some(point) if points.contains(&point.as_str()) => {}
        Some(point) => problems.push(Problem::new(
            join(at, "point"),
            format!(
                "`{point}` is not a SuperQode hook point{} (points: {})",
                crate::suggest::did_you_mean(&point, &points),
                points.join(", ")
            ),
        )),
        None => {}
    }
    let Some(handler) = required(object, "handler", "missing", at, problems) else {
        return;
    };
    let (module, function) = match handler.split_once(':') {
        Some((m, f)) => (m.to_owned(), f.to_owned()),
        None => match handler.rsplit_once('.') {
            Some((m, f)) => (m.to_owned(), f.to_owned()),
            None => {
                problems.push(Problem::new(
                    join(at, "handler"),
                    format!("`{handler}` names no module: write `module:function`"),
                ));
                return;
            }
        },
    };
    if module.is_empty() || function.is_empty() {
        problems.push(Problem::new(
            join(at, "handler"),
            format!("`{handler}` needs both a module and a function (`module:function`)"),
        ));
        return;
    }
    if !module_exists(root, &module) {
        warnings.push(Problem::new(
            join(at, "handler"),
            format!(
                "module `{module}` is not in the plugin folder (looked for `{0}.py` and `{0}/__init__.py`): SuperQode can import it only if it is installed",
                module.replace('.', "/")
            ),
        ));
    }
}

/// Whether `a.b` is `a/b.py` or `a/b/__init__.py` under `root` (or under
/// `root`'s parent, for handlers named after the plugin's own package).
fn module_exists(root: &Path, module: &str) -> bool {
    let relative: PathBuf = module.split('.').collect();
    let bases = [Some(root), root.parent()];
    bases.into_iter().flatten().any(|base| {
        let file = base.join(&relative);
        file.with_extension("py").is_file() || file.join("__init__.py").is_file()
    })
}

#[cfg(test)]
#[path = "superqode_tests.rs"]
mod tests;
