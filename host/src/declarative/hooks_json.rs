//! Hooks declared in JSON, in Claude Code's format (`{"hooks": {"PreToolUse":
//! [...]}}`) or OpenSage's (the events at the top level). Both read
//! `{"matcher": "...", "hooks": [handler, ...]}` entries per event.
//!
//! Claude Code's handlers are `command`s. OpenSage's are `command`s and
//! `prompt`s (text added to the agent's context), and its matchers may
//! name an argument glob (`Bash(git commit*)`). Unlike OpenSage, a command
//! here can block (exit 2, or a JSON decision), as Claude Code's can.

use std::path::Path;
use std::time::Duration;

use serde_json::{Map, Value};
use tackle::Problem;
use tackle::hook::{Actions, HookPoint};

use super::command::CommandHook;
use super::json::{array, join, object, required, string, wrong};
use super::model::{DeclaredHandler, DeclaredHook, DeclaredPlugin, Format};
use crate::host::dispatch::matcher::Matcher;

/// Claude Code's default command timeout.
const CLAUDE_TIMEOUT: Duration = Duration::from_secs(60);
/// OpenSage's.
const OPENSAGE_TIMEOUT: Duration = Duration::from_secs(30);

/// Reads the hooks of `object` (the whole file) into `plugin`.
pub(crate) fn fill(plugin: &mut DeclaredPlugin, object: &Map<String, Value>) {
    let (events, at) = match plugin.format {
        Format::ClaudeHooks => {
            plugin.description = string(object, "description", "", &mut plugin.problems)
                .unwrap_or(plugin.description.clone());
            match object.get("hooks") {
                Some(Value::Object(events)) => (events, "hooks"),
                Some(other) => {
                    plugin
                        .problems
                        .push(wrong("hooks", "an object of events", other));
                    return;
                }
                None => {
                    plugin.problems.push(Problem::new(
                        "hooks",
                        "missing: Claude Code's format puts the events under `hooks`",
                    ));
                    return;
                }
            }
        }
        _ => (object, ""),
    };
    for (event, entries) in events {
        let at = join(at, event);
        let Some(point) = HookPoint::from_name(event) else {
            plugin.problems.push(Problem::new(
                at,
                format!(
                    "`{event}` is not a hook event tackle knows{}",
                    crate::suggest::did_you_mean(event, &known_events())
                ),
            ));
            continue;
        };
        let Value::Array(entries) = entries else {
            plugin.problems.push(wrong(
                at,
                "an array of `{\"matcher\": ..., \"hooks\": [...]}` entries",
                entries,
            ));
            continue;
        };
        for (i, entry) in entries.iter().enumerate() {
            entry_hooks(plugin, point, event, entry, &format!("{at}[{i}]"));
        }
    }
}

/// Every name a hook event can be spelled with, for "did you mean".
fn known_events() -> Vec<&'static str> {
    HookPoint::ALL
        .iter()
        .flat_map(|p| std::iter::once(p.name()).chain(p.aliases().iter().copied()))
        .collect()
}

fn entry_hooks(
    plugin: &mut DeclaredPlugin,
    point: HookPoint,
    event: &str,
    entry: &Value,
    at: &str,
) {
    let problems = &mut plugin.problems;
    let Some(entry) = object(entry, "an object with `hooks`", at, problems) else {
        return;
    };
    let raw = string(entry, "matcher", at, problems).filter(|m| !m.is_empty() && m != "*");
    let (matcher, args) = match (plugin.format, raw) {
        (Format::OpenSage, Some(raw)) => split_opensage(&raw),
        (_, raw) => (raw, None),
    };
    if let Some(m) = &matcher {
        if point.matcher_field().is_none() {
            plugin.warnings.push(Problem::new(
                join(at, "matcher"),
                format!("`{event}` events have nothing to match, so `{m}` is ignored"),
            ));
        } else if let Err(why) = Matcher::compile(Some(m)) {
            problems.push(Problem::new(join(at, "matcher"), why));
        }
    }
    if let Some(glob) = &args {
        if point.args_field().is_none() {
            problems.push(Problem::new(
                join(at, "matcher"),
                format!("`{event}` events have no arguments for `({glob})` to match"),
            ));
        } else if let Err(why) = crate::permission::glob::parse(glob) {
            // Parsed, not compiled: the dispatch compiles it on first use.
            problems.push(Problem::new(
                join(at, "matcher"),
                format!("argument glob `{glob}`: {why}"),
            ));
        }
    }
    let key = if plugin.format == Format::OpenSage && !entry.contains_key("hooks") {
        "actions"
    } else {
        "hooks"
    };
    let handlers = array(entry, key, at, problems);
    if handlers.is_empty() {
        plugin.warnings.push(Problem::new(
            join(at, key),
            "no handlers: this entry does nothing",
        ));
    }
    let matcher = matcher.filter(|_| point.matcher_field().is_some());
    for (j, handler) in handlers.iter().enumerate() {
        let at = format!("{}[{j}]", join(at, key));
        if let Some(declared) = declared_handler(plugin, point, handler, &at) {
            plugin.hooks.push(DeclaredHook {
                point,
                name: at,
                matcher: matcher.clone(),
                args: args.clone(),
                handler: declared,
            });
        }
    }
}

/// `Bash(git commit*)` → (`Bash`, `git commit*`); anything else is a plain matcher.
fn split_opensage(raw: &str) -> (Option<String>, Option<String>) {
    if let Some(open) = raw.find('(')
        && raw.ends_with(')')
    {
        let names = raw[..open].trim();
        let glob = &raw[open + 1..raw.len() - 1];
        let names = (!names.is_empty() && names != "*").then(|| names.to_owned());
        return (names, Some(glob.to_owned()));
    }
    (Some(raw.to_owned()), None)
}

fn declared_handler(
    plugin: &mut DeclaredPlugin,
    point: HookPoint,
    handler: &Value,
    at: &str,
) -> Option<DeclaredHandler> {
    let problems = &mut plugin.problems;
    let handler = object(handler, "a handler object with a `type`", at, problems)?;
    let kind = required(
        handler,
        "type",
        "missing: `command` or `prompt`",
        at,
        problems,
    );
    match kind.as_deref() {
        Some("command") => {
            let command = required(
                handler,
                "command",
                "missing: the command to run",
                at,
                problems,
            )?;
            if command.trim().is_empty() {
                problems.push(Problem::new(join(at, "command"), "cannot be empty"));
                return None;
            }
            let timeout = match handler.get("timeout") {
                None => match plugin.format {
                    Format::OpenSage => OPENSAGE_TIMEOUT,
                    _ => CLAUDE_TIMEOUT,
                },
                Some(Value::Number(n)) if n.as_f64().is_some_and(|s| s > 0.0 && s <= 86_400.0) => {
                    Duration::from_secs_f64(n.as_f64().unwrap_or(60.0))
                }
                Some(other) => {
                    let expected = "a positive number of seconds";
                    problems.push(wrong(join(at, "timeout"), expected, other));
                    return None;
                }
            };
            // Claude Code's exec form: the program's arguments, no shell.
            let args = match handler.get("args") {
                None => None,
                Some(Value::Array(items)) => {
                    if let Some((i, item)) = items.iter().enumerate().find(|(_, v)| !v.is_string())
                    {
                        let at = join(at, &format!("args[{i}]"));
                        problems.push(wrong(at, "a string (an argument)", item));
                        return None;
                    }
                    Some(
                        items
                            .iter()
                            .filter_map(Value::as_str)
                            .map(str::to_owned)
                            .collect(),
                    )
                }
                Some(other) => {
                    let expected = "an array of strings (the program's arguments)";
                    problems.push(wrong(join(at, "args"), expected, other));
                    return None;
                }
            };
            let hook = CommandHook {
                command,
                args,
                timeout,
                root: plugin.root.clone(),
                origin: format!("{}: {at}", plugin.manifest.display()),
            };
            for why in super::command::check(&hook) {
                problems.push(Problem::new(join(at, "command"), why));
            }
            Some(DeclaredHandler::Command(hook))
        }
        Some("prompt") if plugin.format == Format::OpenSage => {
            match required(handler, "prompt", "missing: the text to add", at, problems) {
                Some(text) if !text.trim().is_empty() => {
                    if !point.kind().actions().contains(Actions::CONTEXT) {
                        plugin.warnings.push(Problem::new(
                            at,
                            format!(
                                "`{}` events take no added context, so this prompt is never shown",
                                point.name()
                            ),
                        ));
                    }
                    Some(DeclaredHandler::Prompt(text))
                }
                Some(_) => {
                    problems.push(Problem::new(join(at, "prompt"), "cannot be empty"));
                    None
                }
                None => None,
            }
        }
        Some(other @ ("prompt" | "agent")) => {
            problems.push(Problem::new(
                join(at, "type"),
                format!(
                    "`{other}` handlers ask a model to decide, which tackle does not do for declarative hooks; use a `command`"
                ),
            ));
            None
        }
        Some(other) => {
            let known = match plugin.format {
                Format::OpenSage => "`command` or `prompt`",
                _ => "`command`",
            };
            problems.push(Problem::new(
                join(at, "type"),
                format!("unknown handler type `{other}` (expected {known})"),
            ));
            None
        }
        None => None,
    }
}

/// Reads a JSON hooks file: Claude Code's format when it has a `hooks`
/// object, OpenSage's otherwise. Named after the file.
pub(crate) fn read_file(file: &Path) -> DeclaredPlugin {
    let id = file
        .file_stem()
        .map_or_else(|| "hooks".to_owned(), |s| s.to_string_lossy().into_owned());
    let root = file.parent().unwrap_or(Path::new(".")).to_path_buf();
    let mut plugin = DeclaredPlugin::new(id, Format::OpenSage, file.into(), root);
    match super::json::read_object(file) {
        Ok(object) => {
            if object.get("hooks").is_some_and(Value::is_object) {
                plugin.format = Format::ClaudeHooks;
            }
            if let Err(why) = tackle_spec::names::declarative_plugin_id(&plugin.id) {
                plugin.problems.push(Problem::new("", why));
            }
            fill(&mut plugin, &object);
        }
        Err(problem) => plugin.problems.push(problem),
    }
    plugin
}

#[cfg(test)]
#[path = "hooks_json_tests.rs"]
mod tests;
