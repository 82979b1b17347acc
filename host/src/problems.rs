//! Every way a JSON value departs from a schema, as `path: message` lines.
//!
//! serde stops at the first problem; a person fixing a config file, or a
//! model retrying a call, wants them all. Tool arguments are checked here
//! only when serde already refused them, or when the tool's schema has
//! constraints serde cannot check; config blocks are checked whenever the
//! host is built.
//!
//! [`check`] lists them, each a [`Problem`] at its path:
//!
//! ```
//! use serde_json::json;
//! use tackle_host::problems::check;
//!
//! let schema = json!({
//!     "type": "object",
//!     "properties": {
//!         "path": {"type": "string"},
//!         "lines": {"type": "integer", "minimum": 1},
//!     },
//!     "required": ["path"],
//! });
//! let problems = check(&schema, &json!({"path": 3, "lines": 0, "line": 2}), true);
//! let paths: Vec<&str> = problems.iter().map(|p| p.path.as_str()).collect();
//! assert_eq!(paths, ["line", "lines", "path"], "{problems:?}");
//! assert!(problems[0].message.contains("`lines`"), "{}", problems[0]); // the nearest key
//! assert!(check(&schema, &json!({"path": "a.rs"}), true).is_empty());
//! ```

use jsonschema::error::{TypeKind, ValidationErrorKind};
use jsonschema::paths::LocationSegment;
use serde_json::Value;
pub use tackle::Problem;

/// Checks `instance` against `schema`. With `closed`, an object schema that
/// lists its properties rejects any other key, naming the nearest known one:
/// configs are closed, so a misspelt key is an error rather than a silently
/// ignored setting.
pub fn check(schema: &Value, instance: &Value, closed: bool) -> Vec<Problem> {
    let mut schema = schema.clone();
    if closed {
        close(&mut schema);
    }
    let validator = match jsonschema::validator_for(&schema) {
        Ok(v) => v,
        Err(e) => {
            return vec![Problem::new(
                "",
                format!("the schema itself is invalid: {e}"),
            )];
        }
    };
    let mut out: Vec<Problem> = validator
        .iter_errors(instance)
        .flat_map(|e| describe(&schema, &e))
        .collect();
    // The validator's order follows the schema's keywords; sort by path so
    // the list reads in a stable order whatever the schema looks like.
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out.dedup();
    out
}

fn describe(schema: &Value, error: &jsonschema::ValidationError<'_>) -> Vec<Problem> {
    let path = render(error.instance_path());
    let found = Problem::show_value(error.instance());
    let message = match error.kind() {
        ValidationErrorKind::Type {
            kind: TypeKind::Single(t),
        } => format!("expected {}, found {found}", article(&t.to_string())),
        ValidationErrorKind::Required { property } => {
            let key = property.as_str().unwrap_or_default();
            return vec![Problem::new(key, "required, but missing").under(&path)];
        }
        ValidationErrorKind::AdditionalProperties { unexpected } => {
            let known = known_keys(schema, error);
            return unexpected
                .iter()
                .map(|key| {
                    Problem::new(key.as_str(), unknown_key_message(key, &known)).under(&path)
                })
                .collect();
        }
        ValidationErrorKind::Enum { options } => {
            format!("expected one of {}, found {found}", list(options))
        }
        ValidationErrorKind::Constant { expected_value } => {
            format!("expected {expected_value}, found {found}")
        }
        // schemars writes an enum whose variants have doc comments as a
        // `oneOf` of `const`s; jsonschema's own message names no value.
        ValidationErrorKind::OneOfNotValid { .. } | ValidationErrorKind::AnyOf { .. } => {
            match alternatives(schema, error) {
                Some(allowed) => format!("expected one of {allowed}, found {found}"),
                None => error.to_string(),
            }
        }
        ValidationErrorKind::Minimum { limit } => {
            format!("expected at least {limit}, found {found}")
        }
        ValidationErrorKind::Maximum { limit } => {
            format!("expected at most {limit}, found {found}")
        }
        ValidationErrorKind::ExclusiveMinimum { limit } => {
            format!("expected more than {limit}, found {found}")
        }
        ValidationErrorKind::ExclusiveMaximum { limit } => {
            format!("expected less than {limit}, found {found}")
        }
        ValidationErrorKind::MinLength { limit } => {
            format!("expected at least {limit} characters, found {found}")
        }
        ValidationErrorKind::MaxLength { limit } => {
            format!("expected at most {limit} characters, found {found}")
        }
        ValidationErrorKind::MinItems { limit } => format!("expected at least {limit} items"),
        ValidationErrorKind::MaxItems { limit } => format!("expected at most {limit} items"),
        _ => error.to_string(),
    };
    vec![Problem { path, message }]
}

fn unknown_key_message(key: &str, known: &[String]) -> String {
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

/// The property names the failing object schema knows.
fn known_keys(schema: &Value, error: &jsonschema::ValidationError<'_>) -> Vec<String> {
    // The schema path ends in `/additionalProperties`; its parent is the object schema.
    let pointer = error.schema_path().as_str();
    let parent = pointer
        .strip_suffix("/additionalProperties")
        .unwrap_or(pointer);
    schema
        .pointer(parent)
        .and_then(|s| s.get("properties"))
        .and_then(Value::as_object)
        .map(|props| props.keys().cloned().collect())
        .unwrap_or_default()
}

/// `a.b[0].c` from a JSON pointer location.
fn render(location: &jsonschema::paths::Location) -> String {
    let mut out = String::new();
    for segment in location.iter() {
        match segment {
            LocationSegment::Index(i) => out.push_str(&format!("[{i}]")),
            LocationSegment::Property(p) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(&p);
            }
        }
    }
    out
}

fn article(type_name: &str) -> String {
    match type_name {
        "object" | "array" | "integer" => format!("an {type_name}"),
        "null" => "null".to_owned(),
        other => format!("a {other}"),
    }
}

/// What the failing `oneOf`/`anyOf` allows, one item per branch: a
/// `const` or `enum` as its values, an object tagged by a `const`
/// property as that tag, else the branch's type.
fn alternatives(schema: &Value, error: &jsonschema::ValidationError<'_>) -> Option<String> {
    let branches = schema.pointer(error.schema_path().as_str())?.as_array()?;
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

fn list(options: &Value) -> String {
    match options.as_array() {
        Some(items) => items
            .iter()
            .map(Value::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        None => options.to_string(),
    }
}

/// Keywords that constrain values beyond their type: serde cannot check
/// them, so a schema that uses one needs a validator on every call.
const CONSTRAINTS: &[&str] = &[
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "pattern",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "contains",
];

/// A validator for the constraints in `schema` that serde does not check
/// (ranges, lengths, patterns), or `None` when it has none.
pub fn constraint_validator(schema: &Value) -> Option<jsonschema::Validator> {
    fn constrains(value: &Value) -> bool {
        match value {
            Value::Object(map) => {
                map.keys().any(|k| CONSTRAINTS.contains(&k.as_str()))
                    || map.values().any(constrains)
            }
            Value::Array(items) => items.iter().any(constrains),
            _ => false,
        }
    }
    if !constrains(schema) {
        return None;
    }
    match jsonschema::validator_for(schema) {
        Ok(validator) => Some(validator),
        Err(e) => {
            tracing::error!(error = %e, "a tool's schema does not compile; its constraints are not checked");
            None
        }
    }
}

/// Adds `additionalProperties: false` to object schemas that list their
/// properties and do not combine others (where closing would reject keys a
/// sibling schema allows).
fn close(schema: &mut Value) {
    tackle::schema::visit_schemas_mut(schema, &mut |map| {
        let combines = ["allOf", "anyOf", "oneOf"]
            .iter()
            .any(|k| map.contains_key(*k));
        if map.contains_key("properties") && !map.contains_key("additionalProperties") && !combines
        {
            map.insert("additionalProperties".into(), Value::Bool(false));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "limit": {"type": "integer", "minimum": 0},
                "mode": {"enum": ["fast", "slow"]},
                "inner": {"type": "object", "properties": {"count": {"type": "integer"}}, "required": ["count"]}
            },
            "required": ["name"]
        })
    }

    fn lines(instance: Value, closed: bool) -> Vec<String> {
        check(&schema(), &instance, closed)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn reports_every_problem_with_its_path() {
        let got = lines(
            json!({"limit": "x", "mode": "medium", "inner": {"count": true}}),
            false,
        );
        assert!(
            got.contains(&"`name`: required, but missing".to_owned()),
            "{got:?}"
        );
        assert!(
            got.contains(&"`limit`: expected an integer, found \"x\"".to_owned()),
            "{got:?}"
        );
        assert!(
            got.contains(
                &"`mode`: expected one of \"fast\", \"slow\", found \"medium\"".to_owned()
            ),
            "{got:?}"
        );
        assert!(
            got.contains(&"`inner.count`: expected an integer, found true".to_owned()),
            "{got:?}"
        );
        assert_eq!(got.len(), 4, "{got:?}");
    }

    #[test]
    fn closed_schemas_reject_unknown_keys_with_a_suggestion() {
        let got = lines(
            json!({"name": "a", "limt": 3, "inner": {"count": 1, "cuont": 2}}),
            true,
        );
        assert_eq!(
            got,
            vec![
                "`inner.cuont`: unknown key; did you mean `count`? (known: `count`)".to_owned(),
                "`limt`: unknown key; did you mean `limit`? (known: `name`, `limit`, `mode`, `inner`)".to_owned(),
            ]
        );
        assert!(lines(json!({"name": "a", "limt": 3}), false).is_empty());
    }

    #[test]
    fn one_of_and_any_of_name_what_they_allow() {
        // An enum whose variants have doc comments, as schemars writes it.
        let documented = json!({
            "type": "object",
            "properties": {"part": {"oneOf": [
                {"const": "major", "description": "Breaking changes."},
                {"const": "minor", "description": "New features."},
                {"enum": ["patch"], "description": "Fixes."},
            ]}},
        });
        let got: Vec<String> = check(&documented, &json!({"part": "huge"}), false)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            got,
            ["`part`: expected one of \"major\", \"minor\", \"patch\", found \"huge\""]
        );
        // Tagged objects and plain types.
        let mixed = json!({"anyOf": [
            {"type": "object", "properties": {"kind": {"const": "add"}, "n": {"type": "integer"}}},
            {"type": "string"},
        ]});
        let got = check(&mixed, &json!(3), false);
        assert_eq!(
            got[0].message,
            "expected one of an object with `kind`: \"add\", a string, found 3"
        );
        // A branch with nothing to name keeps jsonschema's own words.
        let opaque = json!({"oneOf": [{"minimum": 5}, {"const": 1}]});
        let got = check(&opaque, &json!(3), false);
        assert!(got[0].message.contains("oneOf"), "{got:?}");
    }

    #[test]
    fn a_valid_value_has_no_problems() {
        assert!(lines(json!({"name": "a", "limit": 1, "mode": "fast"}), true).is_empty());
    }
}
