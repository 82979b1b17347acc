//! Read before edit: reminds the model to read a file before changing it.
//!
//! An example tackle plugin with per-session state and configurable tool
//! lists. Edits made blind — to a file the model has not looked at in this
//! session — tend to be based on a guess of its content. The plugin records,
//! per session, the files that read tools returned (at `after_tool_call`,
//! so only reads that succeeded count; files the model wrote count too,
//! since it knows their content) in a [`Ledger`], taken as
//! `&Session<Ledger>`. When an edit tool then targets a file that exists on
//! disk but was not read, its `before_tool_call` hook adds context telling
//! the model to read it first. It does not deny: the edit may be fine, and
//! new files need no reading. A `session_end` hook forgets the session.
//!
//! The ledger lives in the host's session store, so a `Read` seen by one
//! hook process counts for the `Edit` that the next process sees.
//!
//! Paths come from the `file_path`, `path` or `absolute_path` argument (or a
//! `paths` list), resolved against the event's `cwd`. The default tool lists
//! cover Claude Code, Gemini CLI and tackle's textkit:
//!
//! ```toml
//! [plugins.read-before-edit]
//! read_tools = ["Read", "read_file", "read_many_files", "view", "head"]
//! edit_tools = ["Edit", "MultiEdit", "Write", "replace", "write_file"]
//! ```

#![warn(missing_docs)]

mod ledger;
pub mod paths;

use std::path::PathBuf;

use tackle::prelude::*;
use tackle::serde_json::Value;

pub use ledger::{Ledger, MAX_FILES};

tackle::plugin! {
    id: "read-before-edit",
    name: "Read before edit",
    description: "Tells the model to read an existing file before editing it, when it has not in this session.",
    config: ReadBeforeEditConfig,
}

/// Settings from the host config's `[plugins.read-before-edit]` block.
#[tackle::data]
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ReadBeforeEditConfig {
    /// Tools that show the model a file's content.
    pub read_tools: Vec<String>,
    /// Tools that change a file.
    pub edit_tools: Vec<String>,
}

impl Default for ReadBeforeEditConfig {
    fn default() -> Self {
        let names = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect();
        ReadBeforeEditConfig {
            // Claude Code, Gemini CLI, editor-style `view`, textkit.
            read_tools: names(&["Read", "read_file", "read_many_files", "view", "head"]),
            // Claude Code, Gemini CLI (and textkit's `write_file`).
            edit_tools: names(&["Edit", "MultiEdit", "Write", "replace", "write_file"]),
        }
    }
}

/// Asks the model to read an existing, unread file before editing it.
#[hook(before_tool_call)]
fn read_first(
    ev: &BeforeToolCall,
    ctx: &HookContext<ReadBeforeEditConfig>,
    ledger: &Session<Ledger>,
) -> Result<Option<Decision>, SessionError> {
    // Only edits read the ledger.
    if !ctx.config().edit_tools.contains(&ev.tool_name) {
        return Ok(None);
    }
    Ok(advice(ev, ctx.config(), &ledger.get()?).map(Decision::context))
}

/// Records the files a read or an edit showed the model.
#[hook(after_tool_call)]
fn remember_reads(
    ev: &AfterToolCall,
    ctx: &HookContext<ReadBeforeEditConfig>,
    ledger: &Session<Ledger>,
) -> Result<(), SessionError> {
    let seen = seen(ev, ctx.config());
    if seen.is_empty() {
        return Ok(());
    }
    ledger.update(|ledger| seen.into_iter().for_each(|file| ledger.record(file)))
}

/// Forgets an ended session's files. (The store forgets the whole session
/// after this; the hook also has agents send `session_end` to the hook
/// binary at all, which they do only for events some hook listens to.)
#[hook(session_end)]
fn forget_session(_: &SessionEnd, ledger: &Session<Ledger>) -> Result<(), SessionError> {
    ledger.clear()
}

/// The text for the model when `ev` edits files that exist and that its
/// session has not read (`ledger`); `None` when there are none.
pub fn advice(
    ev: &BeforeToolCall,
    config: &ReadBeforeEditConfig,
    ledger: &Ledger,
) -> Option<String> {
    if !config.edit_tools.contains(&ev.tool_name) {
        return None;
    }
    let unread: Vec<PathBuf> = paths::targets(&ev.arguments, &ev.cwd)
        .into_iter()
        .filter(|file| file.is_file() && !ledger.has_seen(file))
        .collect();
    let first = unread.first()?;
    let readers: Vec<String> = config
        .read_tools
        .iter()
        .take(2)
        .map(|t| format!("`{t}`"))
        .collect();
    let with = if readers.is_empty() {
        String::new()
    } else {
        format!(" (with {})", readers.join(" or "))
    };
    Some(format!(
        "`{}` already exists and has not been read in this session. Read it first{with}, \
         so that this `{}` is based on its current content rather than on a guess.",
        paths::shown(first, &ev.cwd),
        ev.tool_name
    ))
}

/// The files a successful read (or edit) call showed its session; none
/// for other tools and failed calls.
pub fn seen(ev: &AfterToolCall, config: &ReadBeforeEditConfig) -> Vec<PathBuf> {
    let relevant =
        config.read_tools.contains(&ev.tool_name) || config.edit_tools.contains(&ev.tool_name);
    if !relevant || failed(&ev.response) {
        return Vec::new();
    }
    paths::targets(&ev.arguments, &ev.cwd)
}

/// Whether a tool response says the call failed (MCP's `isError`, tackle's
/// `is_error`); agents that report failures at `tool_error` never send one.
fn failed(response: &Value) -> bool {
    ["is_error", "isError"]
        .iter()
        .any(|key| response.get(key).and_then(Value::as_bool) == Some(true))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use tackle::serde_json::json;

    use super::*;

    fn crate_dir() -> &'static Path {
        Path::new(env!("CARGO_MANIFEST_DIR"))
    }

    fn edit(tool: &str, path: &str) -> BeforeToolCall {
        BeforeToolCall {
            cwd: crate_dir().to_owned(),
            tool_name: tool.into(),
            arguments: json!({"file_path": path, "old_string": "a", "new_string": "b"}),
            ..Default::default()
        }
    }

    fn read(tool: &str, arguments: Value, response: Value) -> AfterToolCall {
        AfterToolCall {
            cwd: crate_dir().to_owned(),
            tool_name: tool.into(),
            arguments,
            response,
            ..Default::default()
        }
    }

    /// What `remember_reads` does with the session's ledger.
    fn learn(ev: &AfterToolCall, config: &ReadBeforeEditConfig, ledger: &mut Ledger) {
        seen(ev, config)
            .into_iter()
            .for_each(|file| ledger.record(file));
    }

    #[test]
    fn an_unread_existing_file_gets_advice() {
        let config = ReadBeforeEditConfig::default();
        let ledger = Ledger::default();
        let text = advice(&edit("Edit", "Cargo.toml"), &config, &ledger).expect("advice");
        assert!(text.starts_with("`Cargo.toml` already exists"), "{text}");
        assert!(text.contains("`Read`"), "{text}");
    }

    #[test]
    fn new_files_and_other_tools_get_none() {
        let config = ReadBeforeEditConfig::default();
        let ledger = Ledger::default();
        assert_eq!(
            advice(&edit("Write", "src/new_file.rs"), &config, &ledger),
            None
        );
        assert_eq!(advice(&edit("Read", "Cargo.toml"), &config, &ledger), None);
        assert_eq!(advice(&edit("Bash", "Cargo.toml"), &config, &ledger), None);
    }

    #[test]
    fn a_successful_read_clears_it() {
        let config = ReadBeforeEditConfig::default();
        let mut ledger = Ledger::default();
        // A read that failed does not count.
        let failed = read(
            "Read",
            json!({"file_path": "Cargo.toml"}),
            json!({"is_error": true}),
        );
        learn(&failed, &config, &mut ledger);
        assert!(advice(&edit("Edit", "Cargo.toml"), &config, &ledger).is_some());
        // Another spelling of the same file, by Gemini's read tool.
        let ok = read(
            "read_file",
            json!({"absolute_path": "./src/../Cargo.toml"}),
            json!("..."),
        );
        learn(&ok, &config, &mut ledger);
        assert_eq!(advice(&edit("Edit", "Cargo.toml"), &config, &ledger), None);
    }

    #[test]
    fn a_file_the_session_wrote_needs_no_reading() {
        let config = ReadBeforeEditConfig::default();
        let mut ledger = Ledger::default();
        learn(
            &read("Write", json!({"file_path": "Cargo.toml"}), json!({})),
            &config,
            &mut ledger,
        );
        assert_eq!(advice(&edit("Edit", "Cargo.toml"), &config, &ledger), None);
    }

    #[test]
    fn other_tools_show_nothing() {
        let config = ReadBeforeEditConfig::default();
        let ev = read("Bash", json!({"path": "Cargo.toml"}), json!(""));
        assert!(seen(&ev, &config).is_empty());
    }

    #[test]
    fn the_tool_lists_come_from_the_config() {
        let config = ReadBeforeEditConfig {
            read_tools: vec!["peek".into()],
            edit_tools: vec!["poke".into()],
        };
        let mut ledger = Ledger::default();
        assert_eq!(advice(&edit("Edit", "Cargo.toml"), &config, &ledger), None);
        let text = advice(&edit("poke", "Cargo.toml"), &config, &ledger).expect("advice");
        assert!(text.contains("(with `peek`)"), "{text}");
        learn(
            &read("peek", json!({"path": "Cargo.toml"}), json!("")),
            &config,
            &mut ledger,
        );
        assert_eq!(advice(&edit("poke", "Cargo.toml"), &config, &ledger), None);
    }
}
