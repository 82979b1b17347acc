//! Hand-made declarations for the host's unit tests: what the macros would
//! write for a plugin that has no config and declares nothing else.
//!
//! A test that needs more writes `PluginDef { skills: &SKILLS, ..plugin("x") }`.

use std::sync::{Arc, OnceLock};

use serde_json::Value;
use tackle::def::{AnyConfig, ConfigDef, PluginDef};
use tackle::{Problem, SourceLocation};

/// An empty object schema: the config of a plugin without settings.
pub(crate) fn schema() -> &'static Value {
    static S: OnceLock<Value> = OnceLock::new();
    S.get_or_init(|| serde_json::json!({"type": "object", "properties": {}}))
}

/// Loads no config.
pub(crate) fn load(_: Option<Value>) -> Result<AnyConfig, Problem> {
    Ok(Arc::new(()))
}

/// Line `line` of `file`, first column.
pub(crate) const fn at(file: &'static str, line: u32) -> SourceLocation {
    SourceLocation {
        file,
        line,
        column: 1,
    }
}

/// Plugin `id` of crate `id`, declared at `lib.rs:1`, with no config and no items.
pub(crate) const fn plugin(id: &'static str) -> PluginDef {
    PluginDef {
        id,
        name: id,
        version: "1.0.0",
        description: "",
        crate_name: id,
        location: at("lib.rs", 1),
        config: ConfigDef {
            type_name: None,
            schema,
            load,
        },
        state: None,
        permission_rules: &[],
        context_files: &[],
        skills: &[],
        cron_jobs: &[],
        subagents: &[],
        permissions: &[],
        owner_wildcard_exclusions: &[],
    }
}
