//! Reading manifests as `serde_json::Value`s, so that every problem is
//! collected with its place instead of stopping at serde's first.

use serde_json::{Map, Value};
use tackle::Problem;

/// `key` under `at` as a dotted path (`tools[2].name`).
pub(super) fn join(at: &str, key: &str) -> String {
    match (at.is_empty(), key.starts_with('[')) {
        (true, _) => key.to_owned(),
        (false, true) => format!("{at}{key}"),
        (false, false) => format!("{at}.{key}"),
    }
}

/// The problem at `at`: `expected` there, `found` instead.
pub(super) fn wrong(at: impl Into<String>, expected: &str, found: &Value) -> Problem {
    Problem::new(
        at,
        format!("expected {expected}, found {}", Problem::show_value(found)),
    )
}

/// An optional string field.
pub(super) fn string(
    object: &Map<String, Value>,
    key: &str,
    at: &str,
    problems: &mut Vec<Problem>,
) -> Option<String> {
    match object.get(key)? {
        Value::String(s) => Some(s.clone()),
        other => {
            problems.push(wrong(join(at, key), "a string", other));
            None
        }
    }
}

/// `value` as an object; otherwise a problem at `at` saying what was
/// `expected` (`an object with \`hooks\``).
pub(super) fn object<'v>(
    value: &'v Value,
    expected: &str,
    at: &str,
    problems: &mut Vec<Problem>,
) -> Option<&'v Map<String, Value>> {
    match value {
        Value::Object(object) => Some(object),
        other => {
            problems.push(wrong(at, expected, other));
            None
        }
    }
}

/// A string field that must be there: when absent, the problem `missing`
/// at it (a value of another type is a problem of its own).
pub(super) fn required(
    object: &Map<String, Value>,
    key: &str,
    missing: &str,
    at: &str,
    problems: &mut Vec<Problem>,
) -> Option<String> {
    let found = string(object, key, at, problems);
    if found.is_none() && !object.contains_key(key) {
        problems.push(Problem::new(join(at, key), missing));
    }
    found
}

/// An optional array field (absent and `null` read as empty).
pub(super) fn array<'v>(
    object: &'v Map<String, Value>,
    key: &str,
    at: &str,
    problems: &mut Vec<Problem>,
) -> &'v [Value] {
    match object.get(key) {
        None | Some(Value::Null) => &[],
        Some(Value::Array(items)) => items,
        Some(other) => {
            problems.push(wrong(join(at, key), "an array", other));
            &[]
        }
    }
}

/// Reads a file as a JSON object; the problem says what is wrong with it.
pub(super) fn read_object(path: &std::path::Path) -> Result<Map<String, Value>, Problem> {
    let text = crate::limits::read_text(path)
        .map_err(|e| Problem::new("", format!("cannot read the file: {e}")))?;
    match serde_json::from_str::<Value>(&text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(other) => Err(wrong("", "a JSON object", &other)),
        Err(e) => Err(Problem::new("", format!("not valid JSON: {e}"))),
    }
}

/// The message of the problem at `path` (tests).
#[cfg(test)]
pub(super) fn message_at<'p>(problems: &'p [Problem], path: &str) -> &'p str {
    problems.iter().find(|p| p.path == path).map_or_else(
        || panic!("no problem at `{path}` in {problems:#?}"),
        |p| p.message.as_str(),
    )
}
