//! Auggie's hook runner, as `@augmentcode/auggie` 0.36.0's bundle
//! (`augment.mjs`) starts a command hook, for tests that run an exported
//! or installed entry the way Auggie would.

use std::path::Path;

use serde_json::{Value, json};

/// The program and arguments Auggie spawns (without a shell) for a
/// command hook with `args`, on Linux and macOS: `${NAME}` and
/// `${NAME:-default}` in `command` and each of `args` expanded from `env`
/// (kept as written when unset), then `\${` read as a literal `${`.
///
/// Panics when the entry has no `args`, or its command begins with `~`:
/// Auggie would then split the command at spaces itself, or hand it to
/// `bash -c`, and a path with spaces or quotes would break.
pub fn spawned(entry: &Value, env: impl Fn(&str) -> Option<String>) -> (String, Vec<String>) {
    let text = |v: &Value| {
        v.as_str()
            .unwrap_or_else(|| panic!("not a string: {v} in {entry}"))
            .to_owned()
    };
    let args = entry["args"]
        .as_array()
        .filter(|a| !a.is_empty())
        .unwrap_or_else(|| panic!("Auggie would split this command itself (no `args`): {entry}"));
    let command = expand(&text(&entry["command"]), &env);
    assert!(
        !command.starts_with('~'),
        "Auggie runs a command starting with `~` through bash: {entry}"
    );
    (
        command,
        args.iter().map(|a| expand(&text(a), &env)).collect(),
    )
}

/// Auggie's `${...}` expansion of a hook's command and arguments: a `${`
/// not after a backslash names a variable (letters, digits and `_`, not
/// first a digit), optionally with `:-default` up to the first `}`; an
/// unset one with no default is kept as written; `augmentToken` and
/// `workspaceFolder` are always kept. Then every `\${` becomes `${`.
pub fn expand(text: &str, env: &impl Fn(&str) -> Option<String>) -> String {
    if !text.contains("${") {
        return text.to_owned();
    }
    let mut out = String::new();
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let escaped = text[..i].ends_with('\\');
        if let Some((len, name, default)) = variable(rest).filter(|_| !escaped) {
            let kept = ["augmentToken", "workspaceFolder"].contains(&name);
            match (kept, env(name), default) {
                (false, Some(value), _) => out.push_str(&value),
                (false, None, Some(default)) => out.push_str(default),
                _ => out.push_str(&rest[..len]),
            }
            i += len;
        } else {
            let c = rest.chars().next().expect("not at the end");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out.replace("\\${", "${")
}

/// `${NAME}` or `${NAME:-default}` at the start of `text`: its length,
/// the name and the default.
fn variable(text: &str) -> Option<(usize, &str, Option<&str>)> {
    let body = text.strip_prefix("${")?;
    let first = body.chars().next()?;
    if !(first.is_ascii_alphabetic() || first == '_') {
        return None;
    }
    let name_len = body
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(body.len());
    let (name, after) = body.split_at(name_len);
    if let Some(after) = after.strip_prefix('}') {
        return Some((text.len() - after.len(), name, None));
    }
    let default_and_rest = after.strip_prefix(":-")?;
    let end = default_and_rest.find('}')?;
    let len = text.len() - default_and_rest.len() + end + 1;
    Some((len, name, Some(&default_and_rest[..end])))
}

/// An Auggie `PreToolUse` event from the workspace `root` for
/// `rm -rf /` (the payload its bundle builds, `undefined` values as its
/// serializer writes them), which the guard plugin refuses.
pub fn rm_rf(root: &Path) -> Value {
    json!({
        "hook_event_name": "PreToolUse",
        "conversation_id": "c1",
        "workspace_roots": [root],
        "tool_name": "launch-process",
        "tool_input": {"command": "rm -rf /", "wait": true, "max_wait_seconds": 60, "cwd": root},
        "tool_output": "[undefined]",
        "tool_error": null,
        "is_mcp_tool": false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn home(name: &str) -> Option<String> {
        (name == "HOME").then(|| "/home/u".to_owned())
    }

    #[test]
    fn expands_as_auggie_does() {
        assert_eq!(expand("${HOME}/x", &home), "/home/u/x");
        assert_eq!(expand("\\${HOME}/x", &home), "${HOME}/x");
        assert_eq!(expand("${NOPE}/x", &home), "${NOPE}/x");
        assert_eq!(expand("${NOPE:-d}/x", &home), "d/x");
        assert_eq!(expand("$HOME ${1x} ${", &home), "$HOME ${1x} ${");
        assert_eq!(expand("${workspaceFolder}", &home), "${workspaceFolder}");
        assert_eq!(expand("a\\\\${HOME}", &home), "a\\${HOME}");
    }
}
