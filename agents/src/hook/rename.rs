//! Renaming an agent's payload keys to the names tackle's events read,
//! and reading its values as they do.

use serde_json::{Map, Value};

/// Moves each `from` key to its `to`, unless the payload already has `to`.
pub(crate) fn rename(fields: &mut Map<String, Value>, renames: &[(&str, &str)]) {
    for &(from, to) in renames {
        if !fields.contains_key(to)
            && let Some(value) = fields.remove(from)
        {
            fields.insert(to.to_owned(), value);
        }
    }
}

/// An `error` sent as an object (`{name, message, ...}`) as the one line
/// tackle's events read: `name: message`, or the message alone.
pub(crate) fn error_as_text(fields: &mut Map<String, Value>) {
    if let Some(Value::Object(error)) = fields.get("error") {
        let text = |key: &str| error.get(key).and_then(Value::as_str).unwrap_or_default();
        let message = match (text("name"), text("message")) {
            ("", message) => message.to_owned(),
            (name, message) => format!("{name}: {message}"),
        };
        fields.insert("error".into(), Value::String(message));
    }
}
