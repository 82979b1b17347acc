//! Every way a JSON value departs from a schema, as `path: message` lines.
//!
//! serde stops at the first problem; a person fixing a config file, or a
//! model retrying a call, wants them all. Tool arguments are checked here
//! only when serde already refused them, or when the tool's schema has
//! constraints serde cannot check; config blocks are checked whenever the
//! host is built.
//!
//! Two checkers find them, with the same words: jsonschema (feature
//! `full-schema`, on by default: every keyword of every draft), and
//! [`lite`], tackle's own, for the hook binary, which leaves jsonschema
//! and what only it pulls in out (about 2 MB). [`lite`] refuses a schema
//! it cannot fully check rather than passing the value.
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

use serde_json::Value;
pub use tackle::Problem;

#[cfg(feature = "full-schema")]
mod full;
pub mod lite;
mod messages;

#[cfg(feature = "full-schema")]
use full as checker;
#[cfg(not(feature = "full-schema"))]
use lite as checker;

/// Checks `instance` against `schema`. With `closed`, an object schema that
/// lists its properties rejects any other key, naming the nearest known one:
/// configs are closed, so a misspelt key is an error rather than a silently
/// ignored setting.
pub fn check(schema: &Value, instance: &Value, closed: bool) -> Vec<Problem> {
    check_by(checker::check, schema, instance, closed)
}

/// Why this build cannot check values against `schema`, when that is so:
/// never with jsonschema; with [`lite`], a keyword it does not implement.
/// A caller for whom "cannot tell" must not count as "breaks it" asks
/// first.
pub fn unsupported(schema: &Value) -> Option<String> {
    #[cfg(feature = "full-schema")]
    {
        let _ = schema;
        None
    }
    #[cfg(not(feature = "full-schema"))]
    {
        lite::unsupported(schema)
    }
}

type Checker = fn(&Value, &Value) -> Vec<Problem>;

fn check_by(checker: Checker, schema: &Value, instance: &Value, closed: bool) -> Vec<Problem> {
    let mut schema = schema.clone();
    if closed {
        close(&mut schema);
    }
    let mut out = checker(&schema, instance);
    // The checker's order follows the schema's keywords; sort by path so
    // the list reads in a stable order whatever the schema looks like.
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out.dedup();
    out
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

/// The constraints of a schema that serde does not check (ranges, lengths,
/// patterns), compiled once and checked on every call.
#[derive(Debug)]
pub struct Constraints(checker::Compiled);

impl Constraints {
    /// Whether `instance` keeps every constraint (and the rest of the schema).
    pub fn is_valid(&self, instance: &Value) -> bool {
        self.0.is_valid(instance)
    }
}

/// The constraints in `schema` that serde does not check, or `None` when it
/// has none.
pub fn constraint_validator(schema: &Value) -> Option<Constraints> {
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
    match checker::Compiled::new(schema) {
        Ok(compiled) => Some(Constraints(compiled)),
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

    /// Both checkers where jsonschema is built, so their words agree.
    const CHECKERS: &[Checker] = &[
        lite::check,
        #[cfg(feature = "full-schema")]
        full::check,
    ];

    fn lines_by(checker: Checker, instance: &Value, closed: bool) -> Vec<String> {
        check_by(checker, &schema(), instance, closed)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn reports_every_problem_with_its_path() {
        let instance = json!({"limit": "x", "mode": "medium", "inner": {"count": true}});
        for checker in CHECKERS {
            let got = lines_by(*checker, &instance, false);
            assert_eq!(
                got,
                [
                    "`inner.count`: expected an integer, found true",
                    "`limit`: expected an integer, found \"x\"",
                    "`mode`: expected one of \"fast\", \"slow\", found \"medium\"",
                    "`name`: required, but missing",
                ]
            );
        }
    }

    #[test]
    fn closed_schemas_reject_unknown_keys_with_a_suggestion() {
        let misspelt = json!({"name": "a", "limt": 3, "inner": {"count": 1, "cuont": 2}});
        for checker in CHECKERS {
            assert_eq!(
                lines_by(*checker, &misspelt, true),
                [
                    "`inner.cuont`: unknown key; did you mean `count`? (known: `count`)",
                    "`limt`: unknown key; did you mean `limit`? (known: `name`, `limit`, `mode`, `inner`)",
                ]
            );
            assert!(lines_by(*checker, &json!({"name": "a", "limt": 3}), false).is_empty());
        }
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
        // Tagged objects and plain types.
        let mixed = json!({"anyOf": [
            {"type": "object", "properties": {"kind": {"const": "add"}, "n": {"type": "integer"}}},
            {"type": "string"},
        ]});
        let opaque = json!({"oneOf": [{"minimum": 5}, {"const": 1}]});
        for checker in CHECKERS {
            let got: Vec<String> = check_by(*checker, &documented, &json!({"part": "huge"}), false)
                .iter()
                .map(ToString::to_string)
                .collect();
            assert_eq!(
                got,
                ["`part`: expected one of \"major\", \"minor\", \"patch\", found \"huge\""]
            );
            let got = check_by(*checker, &mixed, &json!(3), false);
            assert_eq!(
                got[0].message,
                "expected one of an object with `kind`: \"add\", a string, found 3"
            );
            // A branch with nothing to name: the checker's own words.
            let got = check_by(*checker, &opaque, &json!(3), false);
            assert!(got[0].message.contains("oneOf"), "{got:?}");
        }
    }

    #[test]
    fn a_valid_value_has_no_problems() {
        let valid = json!({"name": "a", "limit": 1, "mode": "fast"});
        for checker in CHECKERS {
            assert!(lines_by(*checker, &valid, true).is_empty());
        }
    }
}
