//! `#[provider(name = "...", description = "...")]`, and the rule for names.

use proc_macro2::TokenStream;

use crate::errors::Errors;
use crate::meta::{self, Seen, option_name, string};

const OPTIONS: &[&str] = &["name", "description"];

#[derive(Default)]
pub(crate) struct ProviderOptions {
    pub name: Option<syn::LitStr>,
    pub description: Option<syn::LitStr>,
}

pub(crate) fn parse(args: TokenStream, errors: &mut Errors) -> ProviderOptions {
    let mut options = ProviderOptions::default();
    let Some(metas) = meta::options(
        args,
        "#[provider]",
        "#[provider(name = \"scripted\", description = \"...\")]",
        errors,
    ) else {
        return options;
    };
    let mut seen = Seen::default();
    for meta in metas {
        let key = option_name(&meta);
        if !seen.accept(&meta, &key, "#[provider]", OPTIONS, errors) {
            continue;
        }
        match key.as_str() {
            "name" => {
                if let Some(lit) = string(&meta, errors) {
                    if let Some(problem) = name_problem(&lit.value()) {
                        errors.spanned(&lit, problem);
                    }
                    options.name = Some(lit);
                }
            }
            _ => options.description = string(&meta, errors),
        }
    }
    options
}

/// `^[a-z][a-z0-9_-]*$`, at most 64 characters: a name people type in
/// `tackle.toml` (`provider = "scripted"`) and on the command line.
pub(crate) fn name_problem(name: &str) -> Option<String> {
    const RULE: &str = "provider names match `^[a-z][a-z0-9_-]*$`, at most 64 characters";
    if name.is_empty() {
        return Some(format!("a provider name cannot be empty ({RULE})"));
    }
    if name.len() > 64 {
        return Some(format!(
            "a provider name has at most 64 characters; this one has {}",
            name.len()
        ));
    }
    let fixed = suggestion(name);
    let try_instead = match &fixed {
        Some(fixed) => format!("; try `{fixed}`"),
        None => String::new(),
    };
    if let Some(bad) = name
        .chars()
        .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-' || *c == '_'))
    {
        return Some(format!(
            "a provider name may contain only lowercase letters, digits, `-` and `_`, not `{bad}` ({RULE}){try_instead}"
        ));
    }
    if !name.starts_with(|c: char| c.is_ascii_lowercase()) {
        return Some(format!(
            "a provider name starts with a lowercase letter ({RULE}){try_instead}"
        ));
    }
    None
}

/// A valid name close to `name`: lowercased, other characters as `-`,
/// leading non-letters dropped.
fn suggestion(name: &str) -> Option<String> {
    let mut out = String::new();
    for c in name.chars() {
        let c = c.to_ascii_lowercase();
        let c = if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' {
            c
        } else {
            '-'
        };
        if !(c == '-' && out.ends_with('-')) {
            out.push(c);
        }
    }
    let fixed = out
        .trim_start_matches(|c: char| !c.is_ascii_lowercase())
        .trim_end_matches('-');
    (!fixed.is_empty() && fixed.len() <= 64 && fixed != name).then(|| fixed.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn provider_names() {
        assert_eq!(name_problem("scripted"), None);
        assert_eq!(name_problem("open-ai_2"), None);
        assert!(name_problem("").is_some());
        assert!(name_problem(&"a".repeat(65)).is_some());
        assert!(name_problem("Open AI").is_some_and(|m| m.contains("try `open-ai`")));
        assert!(name_problem("_scripted").is_some_and(|m| m.contains("try `scripted`")));
        assert!(name_problem("2fast").is_some_and(|m| m.contains("try `fast`")));
        assert!(name_problem("a.b").is_some_and(|m| m.contains("not `.`")));
    }
}
