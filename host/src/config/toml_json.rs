//! TOML values as JSON, so that config blocks can be checked against JSON
//! Schemas and read by serde like any other JSON.

use serde_json::Value;

/// Converts a TOML value to JSON; datetimes become their RFC 3339 text.
pub(crate) fn convert(value: toml::Value) -> Value {
    match value {
        toml::Value::String(s) => Value::String(s),
        toml::Value::Integer(i) => Value::from(i),
        toml::Value::Float(f) => serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number),
        toml::Value::Boolean(b) => Value::Bool(b),
        toml::Value::Datetime(d) => Value::String(d.to_string()),
        toml::Value::Array(items) => Value::Array(items.into_iter().map(convert).collect()),
        toml::Value::Table(table) => {
            Value::Object(table.into_iter().map(|(k, v)| (k, convert(v))).collect())
        }
    }
}

/// A short description of a TOML value for messages.
pub(crate) fn describe(value: &toml::Value) -> String {
    match value {
        toml::Value::Table(_) => "a table".to_owned(),
        toml::Value::Array(_) => "an array".to_owned(),
        other => other.to_string(),
    }
}
