//! The full checker: jsonschema, every keyword of every draft, with
//! tackle's words for the common problems.

use jsonschema::error::{TypeKind, ValidationErrorKind};
use jsonschema::paths::LocationSegment;
use serde_json::Value;
use tackle::Problem;

use super::messages::{alternatives, article, list, unknown_key_message};

/// Every way `instance` departs from `schema`, unsorted.
pub(super) fn check(schema: &Value, instance: &Value) -> Vec<Problem> {
    let validator = match jsonschema::validator_for(schema) {
        Ok(v) => v,
        Err(e) => {
            return vec![Problem::new(
                "",
                format!("the schema itself is invalid: {e}"),
            )];
        }
    };
    validator
        .iter_errors(instance)
        .flat_map(|e| describe(schema, &e))
        .collect()
}

/// A compiled schema, for checking many values against it.
#[derive(Debug)]
pub(super) struct Compiled(jsonschema::Validator);

impl Compiled {
    pub(super) fn new(schema: &Value) -> Result<Self, String> {
        jsonschema::validator_for(schema)
            .map(Compiled)
            .map_err(|e| e.to_string())
    }

    pub(super) fn is_valid(&self, instance: &Value) -> bool {
        self.0.is_valid(instance)
    }
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
            let branches = schema
                .pointer(error.schema_path().as_str())
                .and_then(Value::as_array);
            match branches.and_then(|b| alternatives(b)) {
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
