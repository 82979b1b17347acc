//! The rules for command names and aliases, and the checks that need the
//! options and the function together.

use tackle_spec::command::RESERVED_NAMES;

use crate::errors::Errors;

/// Why `name` cannot name a command (`what`: `name` or `alias`), if it cannot:
/// `^[a-z][a-z0-9-]*$`, at most 64 characters, not a reserved name.
pub(crate) fn name_problem(name: &str, what: &str) -> Option<String> {
    if name.is_empty() {
        return Some(format!("a command {what} cannot be empty"));
    }
    if name.len() > 64 {
        return Some(format!(
            "a command {what} has at most 64 characters; this one has {}",
            name.len()
        ));
    }
    let fixed = kebab(name);
    let try_instead = if fixed != name && !fixed.is_empty() && valid_shape(&fixed) {
        format!("; try `{fixed}`")
    } else {
        String::new()
    };
    if let Some(bad) = name
        .chars()
        .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-'))
    {
        return Some(format!(
            "a command {what} may contain only lowercase letters, digits and `-`, not `{bad}` (names match `^[a-z][a-z0-9-]*$`){try_instead}"
        ));
    }
    if !name.starts_with(|c: char| c.is_ascii_lowercase()) {
        return Some(format!(
            "a command {what} starts with a lowercase letter (names match `^[a-z][a-z0-9-]*$`){try_instead}"
        ));
    }
    if RESERVED_NAMES.contains(&name) {
        return Some(format!(
            "`{name}` is reserved: the host binary has its own `{name}` subcommand, so `<bin> {name}` could not reach this command; choose another {what} (reserved: {})",
            RESERVED_NAMES
                .iter()
                .map(|r| format!("`{r}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    None
}

fn valid_shape(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// `review_pr` → `review-pr`, `ReviewPR` → `review-pr`; separators collapse.
pub(crate) fn kebab(name: &str) -> String {
    let mut out = String::new();
    let mut prev: Option<char> = None;
    for c in name.chars() {
        let next = if c.is_ascii_uppercase() {
            if prev.is_some_and(|p| p.is_ascii_lowercase() || p.is_ascii_digit()) {
                out.push('-');
            }
            c.to_ascii_lowercase()
        } else if c.is_ascii_lowercase() || c.is_ascii_digit() {
            c
        } else {
            '-'
        };
        if !(next == '-' && (out.is_empty() || out.ends_with('-'))) {
            out.push(next);
        }
        prev = Some(c);
    }
    out.trim_end_matches('-').to_owned()
}

/// The command's name: `name = "..."`, or the function's in kebab-case,
/// checked (the options already checked an explicit one).
pub(crate) fn command_name(
    explicit: Option<&syn::LitStr>,
    ident: &syn::Ident,
    errors: &mut Errors,
) -> String {
    if let Some(lit) = explicit {
        return lit.value();
    }
    let written = ident.to_string();
    let written = written.trim_start_matches("r#");
    let name = written.replace('_', "-");
    if let Some(problem) = name_problem(&name, "name") {
        let from = if name == written {
            format!("`{name}`")
        } else {
            format!("`{written}` → `{name}`")
        };
        errors.spanned(
            ident,
            format!(
                "the command takes its name from the function ({from}), and {problem}; rename the function or set `#[command(name = \"...\")]`"
            ),
        );
    }
    name
}

/// Aliases that repeat the command's own name.
pub(crate) fn aliases_against_name(aliases: &[syn::LitStr], name: &str, errors: &mut Errors) {
    for alias in aliases {
        if alias.value() == name {
            errors.spanned(
                alias,
                format!(
                    "`{name}` is the command's name already; an alias is another name, so drop it"
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(name_problem("review", "name"), None);
        assert_eq!(name_problem("review-pr2", "name"), None);
        assert!(name_problem("", "name").is_some());
        assert!(name_problem("Review", "name").is_some_and(|m| m.contains("try `review`")));
        assert!(name_problem("review_pr", "name").is_some_and(|m| m.contains("try `review-pr`")));
        assert!(name_problem("2fa", "name").is_some_and(|m| m.contains("starts with")));
        assert!(name_problem("-x", "alias").is_some_and(|m| m.contains("try `x`")));
        assert!(name_problem("list", "alias").is_some_and(|m| m.contains("reserved")));
        assert!(name_problem(&"a".repeat(65), "name").is_some());
    }

    #[test]
    fn kebab_case() {
        assert_eq!(kebab("review_pr"), "review-pr");
        assert_eq!(kebab("ReviewPr"), "review-pr");
        assert_eq!(kebab("_x__y_"), "x-y");
    }
}
