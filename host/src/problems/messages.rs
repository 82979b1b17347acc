//! The words of a problem, the same whichever checker found it.

use serde_json::Value;

/// An unknown key's message: the nearest known key, and all of them.
pub(super) fn unknown_key_message(key: &str, known: &[String]) -> String {
    if known.is_empty() {
        return "unknown key; none are expected here".into();
    }
    let names: Vec<&str> = known.iter().map(String::as_str).collect();
    let listed = names
        .iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ");
    match crate::suggest::nearest(key, &names) {
        Some(near) => format!("unknown key; did you mean `{near}`? (known: {listed})"),
        None => format!("unknown key (known: {listed})"),
    }
}

pub(super) fn article(type_name: &str) -> String {
    match type_name {
        "object" | "array" | "integer" => format!("an {type_name}"),
        "null" => "null".to_owned(),
        other => format!("a {other}"),
    }
}

/// What the failing `oneOf`/`anyOf` allows, one item per branch: a
/// `const` or `enum` as its values, an object tagged by a `const`
/// property as that tag, else the branch's type.
pub(super) fn alternatives(branches: &[Value]) -> Option<String> {
    let mut items = Vec::with_capacity(branches.len());
    for branch in branches {
        items.push(alternative(branch)?);
    }
    (!items.is_empty()).then(|| items.join(", "))
}

/// One branch, for [`alternatives`]; `None` when it says nothing a reader
/// could act on.
fn alternative(branch: &Value) -> Option<String> {
    if let Some(value) = branch.get("const") {
        return Some(value.to_string());
    }
    if let Some(values) = branch.get("enum").filter(|v| v.is_array()) {
        return Some(list(values));
    }
    let tag = branch
        .get("properties")
        .and_then(Value::as_object)
        .and_then(|props| props.iter().find_map(|(k, v)| Some((k, v.get("const")?))));
    if let Some((key, value)) = tag {
        return Some(format!("an object with `{key}`: {value}"));
    }
    match branch.get("type")? {
        Value::String(t) => Some(article(t)),
        Value::Array(types) => {
            let names: Vec<String> = types
                .iter()
                .filter_map(Value::as_str)
                .map(article)
                .collect();
            (!names.is_empty()).then(|| names.join(", "))
        }
        _ => None,
    }
}

pub(super) fn list(options: &Value) -> String {
    match options.as_array() {
        Some(items) => items
            .iter()
            .map(Value::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        None => options.to_string(),
    }
}
