//! Payloads recorded from a live agent run, held against their fixtures:
//! what matters is the shape an agent sends (its keys, recursively, and
//! each leaf's type), not the values of one run.

use std::path::Path;

use serde_json::{Value, json};

/// A JSON value's shape: its keys, recursively, and the type of each leaf.
pub fn shape(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            Value::Object(map.iter().map(|(k, v)| (k.clone(), shape(v))).collect())
        }
        Value::Array(items) => Value::Array(items.iter().map(shape).collect()),
        Value::String(_) => json!("string"),
        Value::Number(_) => json!("number"),
        Value::Bool(_) => json!("bool"),
        Value::Null => Value::Null,
    }
}

/// Whether this run writes the recorded payloads as the fixtures
/// (`TACKLE_GOLDEN=overwrite`) instead of checking them.
pub fn overwrite() -> bool {
    std::env::var("TACKLE_GOLDEN").is_ok_and(|v| v == "overwrite")
}

/// Checks that `recorded`, sent by `agent` (its name and version, for
/// messages), has the shape of the fixture at `path`; under
/// `TACKLE_GOLDEN=overwrite`, writes it there instead.
pub fn check(path: &Path, recorded: &Value, agent: &str) {
    if overwrite() {
        let text = serde_json::to_string_pretty(recorded).expect("JSON") + "\n";
        std::fs::write(path, text).expect("write the fixture");
        return;
    }
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; record it with TACKLE_GOLDEN=overwrite ({agent})",
            path.display()
        )
    });
    let fixture: Value = serde_json::from_str(&text).expect("a JSON fixture");
    assert_eq!(
        shape(recorded),
        shape(&fixture),
        "{agent} sends another shape than {}:\n{recorded:#}",
        path.display()
    );
}

/// A JSON object's keys, sorted.
pub fn keys(value: &Value) -> Vec<String> {
    let mut keys: Vec<String> = value
        .as_object()
        .expect("an object")
        .keys()
        .cloned()
        .collect();
    keys.sort();
    keys
}
