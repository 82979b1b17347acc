//! A declarative plugin as the host runs every plugin: a `PluginDef` and
//! `HookDef`s, built once when the host is built and kept for the life of
//! the process (the host and its hook table hold `&'static` definitions).
//! Every declared hook shares one handler, which finds what it runs by the
//! `HookDef` it is called for.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};
use std::time::Duration;

use serde_json::Value;
use tackle::def::{AnyConfig, ConfigDef, PluginDef};
use tackle::hook::{Decision, HookCall, HookDef, HookFuture, HookHandler, HookReturn, OnError};
use tackle::skill::SkillDef;
use tackle::{ContextFile, PermissionRule, Problem, SourceLocation};

use super::model::{DeclaredHandler, DeclaredPlugin, DeclaredSkill};

/// Each declared hook's handler, by the address of its `HookDef`.
fn handlers() -> &'static RwLock<HashMap<usize, Arc<DeclaredHandler>>> {
    static HANDLERS: OnceLock<RwLock<HashMap<usize, Arc<DeclaredHandler>>>> = OnceLock::new();
    HANDLERS.get_or_init(Default::default)
}

fn key(hook: &'static HookDef) -> usize {
    std::ptr::from_ref(hook) as usize
}

fn leak(text: &str) -> &'static str {
    Box::leak(text.to_owned().into_boxed_str())
}

fn no_schema() -> &'static Value {
    static NULL: Value = Value::Null;
    &NULL
}

fn no_config(_: Option<Value>) -> Result<AnyConfig, Problem> {
    Ok(Arc::new(()))
}

/// The definitions of `plugin`. One with problems gets no items: it is
/// listed, as failed, and runs nothing.
pub(crate) fn define(plugin: &DeclaredPlugin) -> (&'static PluginDef, Vec<&'static HookDef>) {
    let file = leak(&plugin.manifest.display().to_string());
    let location = SourceLocation {
        file,
        line: 1,
        column: 1,
    };
    let valid = plugin.is_valid();
    let rules: Vec<PermissionRule> = plugin
        .applied_rules()
        .map(|r| PermissionRule {
            tool: leak(&r.tool),
            pattern: r.pattern.as_deref().map(leak),
            argument: r.argument.as_deref().map(leak),
            action: r.action,
        })
        .collect();
    let context: Vec<ContextFile> = if valid {
        plugin
            .context
            .iter()
            .map(|(path, text)| ContextFile {
                path: leak(path),
                text: leak(text),
            })
            .collect()
    } else {
        Vec::new()
    };
    let skills: Vec<SkillDef> = if valid {
        plugin.skills.iter().map(skill).collect()
    } else {
        Vec::new()
    };
    let def: &'static PluginDef = Box::leak(Box::new(PluginDef {
        id: leak(&plugin.id),
        name: leak(&plugin.name),
        version: leak(&plugin.version),
        description: leak(&plugin.description),
        crate_name: plugin.format.as_str(),
        location,
        config: ConfigDef {
            type_name: None,
            schema: no_schema,
            load: no_config,
        },
        state: None,
        permission_rules: Box::leak(rules.into_boxed_slice()),
        context_files: Box::leak(context.into_boxed_slice()),
        skills: Box::leak(skills.into_boxed_slice()),
        cron_jobs: &[],
        subagents: &[],
        permissions: &[],
        owner_wildcard_exclusions: &[],
    }));
    if !valid {
        return (def, Vec::new());
    }
    let mut hooks = Vec::new();
    let mut table = handlers().write().unwrap_or_else(|e| e.into_inner());
    for (order, hook) in plugin.hooks.iter().enumerate() {
        let (handler, timeout_ms) = match &hook.handler {
            DeclaredHandler::Prompt(_) => (HookHandler::Sync(prompt_hook), None),
            // The command enforces its own timeout; the host's is a backstop.
            DeclaredHandler::Command(command) => (
                HookHandler::Async(command_hook),
                Some(millis(command.timeout + Duration::from_secs(2))),
            ),
        };
        let def: &'static HookDef = Box::leak(Box::new(HookDef {
            plugin: def,
            point: hook.point,
            name: leak(&hook.name),
            description: "",
            matcher: hook.matcher.as_deref().map(leak),
            args: hook.args.as_deref().map(leak),
            order: i32::try_from(order).unwrap_or(i32::MAX),
            timeout_ms,
            on_error: OnError::Open,
            location,
            handler,
        }));
        table.insert(key(def), Arc::new(hook.handler.clone()));
        hooks.push(def);
    }
    (def, hooks)
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// A skill as `plugin!` would have embedded it (parsed when the manifest
/// was read).
fn skill(skill: &DeclaredSkill) -> SkillDef {
    SkillDef {
        path: leak(&skill.path),
        name: leak(&skill.name),
        description: leak(&skill.description),
        enabled: skill.enabled,
        input_schema: skill.input_schema.as_deref().map(leak),
        output_schema: skill.output_schema.as_deref().map(leak),
        source: leak(&skill.text),
        body_start: skill.body_start,
    }
}

fn handler_of(call: &HookCall<'_>) -> Result<Arc<DeclaredHandler>, String> {
    let table = handlers().read().unwrap_or_else(|e| e.into_inner());
    table.get(&key(call.hook())).cloned().ok_or_else(|| {
        format!(
            "internal error: declared hook `{}` has no handler",
            call.hook().id()
        )
    })
}

/// A `prompt` action: its text becomes context for the agent.
fn prompt_hook(call: HookCall<'_>) -> HookReturn {
    match &*handler_of(&call)? {
        DeclaredHandler::Prompt(text) => Ok(Decision::context(text.clone())),
        DeclaredHandler::Command(_) => {
            Err("internal error: a command hook was run as a prompt".into())
        }
    }
}

/// A `command` action: run it, speaking Claude Code's protocol.
fn command_hook(call: HookCall<'_>) -> HookFuture<'_> {
    Box::pin(async move {
        match &*handler_of(&call)? {
            DeclaredHandler::Command(command) => super::command::run(command, call).await,
            DeclaredHandler::Prompt(text) => Ok(Decision::context(text.clone())),
        }
    })
}
