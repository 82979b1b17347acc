//! Glue `#[resource]` and `#[prompt]` generate calls into: an argument
//! that arrives as a string read into its parameter's type, and the
//! completions an argument's type offers for free.

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// The argument `name` of `arguments` as a `T`. Clients send strings: the
/// string itself is tried first (`String`, an enum's variant), then the
/// string read as JSON (`"42"` as a number, `"true"` as a bool). A missing
/// argument is `null`, which only an `Option` accepts.
pub fn argument<T: DeserializeOwned>(
    arguments: &Map<String, Value>,
    name: &str,
) -> Result<T, String> {
    let given = arguments.get(name).cloned().unwrap_or(Value::Null);
    if given.is_null() {
        return serde_json::from_value(Value::Null)
            .map_err(|_| format!("the argument `{name}` is required"));
    }
    match serde_json::from_value::<T>(given.clone()) {
        Ok(value) => Ok(value),
        Err(direct) => {
            if let Value::String(text) = &given
                && let Ok(value) = serde_json::from_str::<T>(text)
            {
                return Ok(value);
            }
            Err(format!(
                "the argument `{name}` ({given}) is not valid: {direct}"
            ))
        }
    }
}

/// Whether a parameter of type `T` must be given: `T` does not accept `null`.
pub fn is_required<T: DeserializeOwned>() -> bool {
    serde_json::from_value::<T>(Value::Null).is_err()
}

/// The values `T`'s schema enumerates (an enum's variants, through
/// `Option` and references), in order; none for an open type such as
/// `String`.
pub fn variants<T: JsonSchema>() -> Vec<String> {
    let schema = schemars::schema_for!(T);
    let root = schema.as_value();
    let mut found = Vec::new();
    collect(root, root, &mut found, 0);
    found
}

/// How deep `collect` follows nested schemas (references may loop).
const DEPTH: usize = 8;

fn collect(schema: &Value, root: &Value, found: &mut Vec<String>, depth: usize) {
    if depth > DEPTH {
        return;
    }
    let Value::Object(map) = schema else {
        return;
    };
    if let Some(Value::String(reference)) = map.get("$ref")
        && let Some(target) = reference
            .strip_prefix('#')
            .and_then(|pointer| root.pointer(pointer))
    {
        collect(target, root, found, depth + 1);
    }
    if let Some(Value::Array(values)) = map.get("enum") {
        found.extend(values.iter().filter_map(|v| v.as_str().map(str::to_owned)));
    }
    if let Some(Value::String(value)) = map.get("const") {
        found.push(value.clone());
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(Value::Array(branches)) = map.get(key) {
            for branch in branches {
                collect(branch, root, found, depth + 1);
            }
        }
    }
}

/// The candidates that start with what was typed, at most 100 (MCP's cap
/// on one completion answer).
pub fn completions(candidates: Vec<String>, typed: &str) -> Vec<String> {
    candidates
        .into_iter()
        .filter(|c| c.starts_with(typed))
        .take(100)
        .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::{Map, Value, json};

    use super::{argument, completions, is_required, variants};

    #[derive(serde::Deserialize, schemars::JsonSchema, Debug, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Depth {
        Quick,
        Thorough,
    }

    fn args(value: Value) -> Map<String, Value> {
        value.as_object().expect("present").clone()
    }

    #[test]
    fn strings_become_the_parameter_type() {
        let given = args(json!({"n": "42", "d": "thorough", "s": "42"}));
        assert_eq!(argument::<u32>(&given, "n").expect("present"), 42);
        assert_eq!(argument::<String>(&given, "s").expect("present"), "42");
        assert_eq!(
            argument::<Depth>(&given, "d").expect("present"),
            Depth::Thorough
        );
        assert_eq!(
            argument::<Option<u32>>(&given, "missing").expect("present"),
            None
        );
        assert_eq!(
            argument::<u32>(&given, "missing").expect_err("fails"),
            "the argument `missing` is required"
        );
        let err = argument::<Depth>(&given, "n").expect_err("fails");
        assert!(
            err.starts_with("the argument `n` (\"42\") is not valid"),
            "{err}"
        );
    }

    #[test]
    fn only_options_are_optional() {
        assert!(is_required::<String>());
        assert!(!is_required::<Option<String>>());
    }

    #[test]
    fn an_enum_offers_its_variants() {
        assert_eq!(variants::<Depth>(), ["quick", "thorough"]);
        assert_eq!(variants::<Option<Depth>>(), ["quick", "thorough"]);
        assert!(variants::<String>().is_empty());
        assert_eq!(completions(variants::<Depth>(), "th"), ["thorough"]);
    }
}
