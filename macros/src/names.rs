//! Rules for names, shared by the macros, and "did you mean" suggestions.

/// `^[a-z0-9][a-z0-9-]*$`, at most 64 characters. When the id can be fixed
/// by lowercasing and replacing separators, the message suggests the fix.
pub(crate) fn plugin_id_problem(id: &str) -> Option<String> {
    if id.is_empty() {
        return Some(
            "a plugin id cannot be empty: write one such as `my-plugin` (lowercase letters, digits and `-`)"
                .into(),
        );
    }
    if id.len() > 64 {
        return Some(format!(
            "a plugin id has at most 64 characters; this one has {}",
            id.len()
        ));
    }
    let try_instead = match suggest_id(id) {
        Some(fixed) => format!("; try `{fixed}`"),
        None => String::new(),
    };
    if let Some(bad) = id
        .chars()
        .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-'))
    {
        return Some(format!(
            "a plugin id may contain only lowercase letters, digits and `-`, not `{bad}`{try_instead}"
        ));
    }
    if id.starts_with('-') {
        return Some(format!(
            "a plugin id starts with a lowercase letter or digit, not `-`{try_instead}"
        ));
    }
    None
}

/// A valid id close to `id`: `MyPlugin` → `my-plugin`, `my_plugin` →
/// `my-plugin`, `-guard` → `guard`; `None` when nothing valid remains.
fn suggest_id(id: &str) -> Option<String> {
    let mut out = String::new();
    let mut prev = '-';
    for c in id.chars() {
        let next = if c.is_ascii_uppercase() {
            if prev.is_ascii_lowercase() || prev.is_ascii_digit() {
                out.push('-');
            }
            c.to_ascii_lowercase()
        } else if c.is_ascii_lowercase() || c.is_ascii_digit() {
            c
        } else {
            '-'
        };
        if !(next == '-' && out.ends_with('-')) {
            out.push(next);
        }
        prev = c;
    }
    let fixed = out.trim_matches('-');
    (!fixed.is_empty() && fixed.len() <= 64 && fixed != id).then(|| fixed.to_owned())
}

/// `^[A-Za-z0-9_-]{1,64}$`: the names every agent and MCP client accepts.
pub(crate) fn tool_name_problem(name: &str) -> Option<String> {
    if name.is_empty() {
        return Some("a tool name cannot be empty".into());
    }
    if name.len() > 64 {
        return Some(format!(
            "a tool name has at most 64 characters; this one has {}",
            name.len()
        ));
    }
    if let Some(bad) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Some(format!(
            "a tool name may contain only ASCII letters, digits, `_` and `-`, not `{bad}` (names match `^[A-Za-z0-9_-]{{1,64}}$`)"
        ));
    }
    None
}

/// The closest known name, if it is close enough to be a likely typo.
pub(crate) fn nearest<'a>(unknown: &str, known: &[&'a str]) -> Option<&'a str> {
    known
        .iter()
        .map(|k| (strsim::jaro_winkler(unknown, k), *k))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
}

/// "unknown key `idd` in `plugin!`; did you mean `id`? (known keys: ...)";
/// `place` says where the name was found (`in \`plugin!\``).
pub(crate) fn unknown(what: &str, unknown: &str, place: &str, known: &[&str]) -> String {
    let list = known
        .iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ");
    match nearest(unknown, known) {
        Some(near) => format!(
            "unknown {what} `{unknown}` {place}; did you mean `{near}`? (known {what}s: {list})"
        ),
        None => format!("unknown {what} `{unknown}` {place} (known {what}s: {list})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plugin_ids() {
        assert_eq!(plugin_id_problem("guard"), None);
        assert_eq!(plugin_id_problem("a-1"), None);
        assert_eq!(plugin_id_problem("0x"), None);
        assert!(plugin_id_problem("").is_some());
        assert!(plugin_id_problem("-a").is_some());
        assert!(plugin_id_problem("Guard").is_some_and(|m| m.contains("try `guard`")));
        assert!(plugin_id_problem("my_plugin").is_some_and(|m| m.contains("try `my-plugin`")));
        assert!(plugin_id_problem("MyPlugin").is_some_and(|m| m.contains("try `my-plugin`")));
        assert!(plugin_id_problem("My_Plugin").is_some_and(|m| m.contains("try `my-plugin`")));
        assert!(plugin_id_problem("-guard").is_some_and(|m| m.contains("try `guard`")));
        assert!(plugin_id_problem("my plugin!").is_some_and(|m| m.contains("try `my-plugin`")));
        assert!(plugin_id_problem("__").is_some_and(|m| !m.contains("try")));
        assert!(plugin_id_problem(&"a".repeat(65)).is_some());
        assert_eq!(plugin_id_problem(&"a".repeat(64)), None);
    }

    #[test]
    fn tool_names() {
        assert_eq!(tool_name_problem("count_lines"), None);
        assert_eq!(tool_name_problem("Count-Lines2"), None);
        assert!(tool_name_problem("count lines").is_some());
        assert!(tool_name_problem("a.b").is_some());
        assert!(tool_name_problem("").is_some());
        assert!(tool_name_problem(&"x".repeat(65)).is_some());
    }

    #[test]
    fn suggestions() {
        assert_eq!(nearest("idd", &["id", "name", "version"]), Some("id"));
        assert_eq!(nearest("zzz", &["id", "name"]), None);
        assert_eq!(
            unknown("key", "descripton", "in `plugin!`", &["description", "id"]),
            "unknown key `descripton` in `plugin!`; did you mean `description`? (known keys: `description`, `id`)"
        );
        assert_eq!(
            unknown("option", "zzz", "for `#[tool]`", &["name"]),
            "unknown option `zzz` for `#[tool]` (known options: `name`)"
        );
    }
}
