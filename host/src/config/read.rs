//! What every section reader of the host config says the same way: a value
//! that is not what its key wants, a key it does not know, a list of strings.

use tackle::Problem;

use super::toml_json;
use crate::suggest;

/// A problem at `path`: its value should be `what` ("a positive integer"),
/// and the value found is shown.
pub(super) fn expected(path: impl Into<String>, what: &str, value: &toml::Value) -> Problem {
    Problem::new(
        path,
        format!("expected {what}, found {}", toml_json::describe(value)),
    )
}

/// A problem at `path`: `key` is none of `known` (the nearest one suggested).
pub(super) fn unknown_key(path: impl Into<String>, key: &str, known: &[&str]) -> Problem {
    Problem::new(
        path,
        format!(
            "unknown key{} (known: {})",
            suggest::did_you_mean(key, known),
            suggest::listing(known)
        ),
    )
}

/// `value` as a table; otherwise a problem at `path` that shows one
/// (`example`, such as "`[cron]`").
pub(super) fn table<'v>(
    path: &str,
    value: &'v toml::Value,
    example: &str,
    problems: &mut Vec<Problem>,
) -> Option<&'v toml::Table> {
    let table = value.as_table();
    if table.is_none() {
        problems.push(expected(path, &format!("a table ({example})"), value));
    }
    table
}

/// `value` as a positive integer; otherwise a problem at `path` saying it
/// should be `what`.
pub(super) fn positive(
    path: &str,
    value: &toml::Value,
    what: &str,
    problems: &mut Vec<Problem>,
) -> Option<u64> {
    match value.as_integer() {
        Some(n) if n > 0 => u64::try_from(n).ok(),
        _ => {
            problems.push(expected(path, what, value));
            None
        }
    }
}

/// `value` as a list (`list`) of the strings `keep` accepts; every other
/// item is a problem at its index saying it should be `item`.
pub(super) fn strings(
    path: &str,
    value: &toml::Value,
    (list, item): (&str, &str),
    keep: impl Fn(&str) -> bool,
    problems: &mut Vec<Problem>,
) -> Option<Vec<String>> {
    let Some(items) = value.as_array() else {
        problems.push(expected(path, list, value));
        return None;
    };
    let mut out = Vec::new();
    for (i, value) in items.iter().enumerate() {
        match value.as_str() {
            Some(text) if keep(text) => out.push(text.to_owned()),
            _ => problems.push(expected(format!("{path}[{i}]"), item, value)),
        }
    }
    Some(out)
}
