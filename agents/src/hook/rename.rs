//! Renaming an agent's payload keys to the names tackle's events read.

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
