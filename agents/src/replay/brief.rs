//! One line that says what an event is about: `$ cargo test` for a shell
//! call, the file for a file tool, the prompt for a prompt.

use std::path::Path;

use serde_json::Value;
use tackle::hook::HookPoint;

/// The tool (at tool points) and a one-line rendering of the event.
pub(crate) fn of(point: HookPoint, fields: &Value) -> (Option<String>, String) {
    let text = |key: &str| fields.get(key).and_then(Value::as_str);
    let tool = ["tool_name", "toolName", "tool"]
        .iter()
        .find_map(|k| text(k))
        .map(str::to_owned);
    let subject = match (&tool, point) {
        (Some(_), _) => {
            let args = ["tool_input", "arguments", "toolArgs", "args"]
                .iter()
                .find_map(|k| fields.get(*k))
                .unwrap_or(&Value::Null);
            arguments(args, text("cwd").unwrap_or_default())
        }
        (None, HookPoint::UserPromptSubmit | HookPoint::UserPromptExpansion) => {
            quoted(text("prompt").unwrap_or_default())
        }
        (None, HookPoint::SessionStart) => text("source").unwrap_or_default().to_owned(),
        (None, HookPoint::SessionEnd) => text("reason").unwrap_or_default().to_owned(),
        (None, HookPoint::Stop | HookPoint::SubagentStop) => text("last_assistant_message")
            .map(quoted)
            .unwrap_or_default(),
        (None, _) => String::new(),
    };
    (tool, subject)
}

/// A tool's arguments in a line: the command of a shell, the file of a file
/// tool, the pattern of a search, else compact JSON.
pub(crate) fn arguments(args: &Value, cwd: &str) -> String {
    let field = |key: &str| args.get(key).and_then(Value::as_str);
    if let Some(command) = args.get("command") {
        let line = match command {
            Value::String(line) => line.clone(),
            Value::Array(words) => words
                .iter()
                .map(|w| w.as_str().map_or_else(|| w.to_string(), str::to_owned))
                .collect::<Vec<_>>()
                .join(" "),
            other => other.to_string(),
        };
        return format!("$ {}", one_line(&line));
    }
    if let Some(path) = ["file_path", "path", "absolute_path", "notebook_path"]
        .iter()
        .find_map(|k| field(k))
    {
        return shown(path, cwd);
    }
    for key in ["pattern", "url", "query", "description", "prompt"] {
        if let Some(value) = field(key) {
            return one_line(value);
        }
    }
    match args {
        Value::Null => String::new(),
        Value::Object(map) if map.is_empty() => String::new(),
        other => one_line(&other.to_string()),
    }
}

/// A path relative to the session's folder when under it.
fn shown(path: &str, cwd: &str) -> String {
    if cwd.is_empty() {
        return path.to_owned();
    }
    match Path::new(path).strip_prefix(cwd) {
        Ok(rel) if !rel.as_os_str().is_empty() => rel.display().to_string(),
        _ => path.to_owned(),
    }
}

/// The first line, marked `…` when there was more.
fn one_line(text: &str) -> String {
    let text = text.trim();
    match text.split_once('\n') {
        Some((first, _)) => format!("{} …", first.trim_end()),
        None => text.to_owned(),
    }
}

fn quoted(text: &str) -> String {
    format!("\"{}\"", one_line(text))
}

/// A rewritten input in a line: a prompt quoted, tool arguments as the
/// timeline shows them.
pub(crate) fn rewritten(input: &Value) -> String {
    match input {
        Value::String(text) => format!("\"{}\"", fit(text.lines().next().unwrap_or_default(), 60)),
        other => arguments(other, ""),
    }
}

/// At most `width` characters, the last one `…` when cut.
pub(crate) fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_owned();
    }
    if width == 0 {
        return String::new();
    }
    let mut cut: String = text.chars().take(width - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn fitting_cuts_with_an_ellipsis() {
        assert_eq!(fit("abcdef", 6), "abcdef");
        assert_eq!(fit("abcdef", 4), "abc…");
        assert_eq!(fit("abcdef", 0), "");
        assert_eq!(fit("ééééé", 3), "éé…");
    }

    #[test]
    fn tools_show_their_command_file_or_pattern() {
        let bash =
            json!({"tool_name": "Bash", "tool_input": {"command": "cargo test\n-- --nocapture"}});
        assert_eq!(
            of(HookPoint::BeforeToolCall, &bash),
            (Some("Bash".into()), "$ cargo test …".into())
        );
        let edit =
            json!({"tool_name": "Edit", "cwd": "/p", "tool_input": {"file_path": "/p/src/x.rs"}});
        assert_eq!(of(HookPoint::BeforeToolCall, &edit).1, "src/x.rs");
        let elsewhere =
            json!({"tool_name": "Read", "cwd": "/p", "arguments": {"file_path": "/etc/hosts"}});
        assert_eq!(of(HookPoint::AfterToolCall, &elsewhere).1, "/etc/hosts");
        let grep = json!({"tool_name": "Grep", "tool_input": {"pattern": "fn main"}});
        assert_eq!(of(HookPoint::BeforeToolCall, &grep).1, "fn main");
        let argv = json!({"tool_name": "shell", "arguments": {"command": ["git", "status"]}});
        assert_eq!(of(HookPoint::BeforeToolCall, &argv).1, "$ git status");
        let other = json!({"tool_name": "mcp__x__y", "tool_input": {"n": 1}});
        assert_eq!(of(HookPoint::BeforeToolCall, &other).1, r#"{"n":1}"#);
    }

    #[test]
    fn prompts_are_quoted_and_sessions_show_why() {
        let prompt = json!({"prompt": "fix it\nplease"});
        assert_eq!(
            of(HookPoint::UserPromptSubmit, &prompt),
            (None, "\"fix it …\"".into())
        );
        let end = json!({"reason": "other"});
        assert_eq!(of(HookPoint::SessionEnd, &end).1, "other");
    }
}
