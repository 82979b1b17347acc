//! Portable JSON Schemas: the subset that every agent and MCP client accepts.
//!
//! Real clients reject much of what a general schema generator emits: a
//! `$ref` into `$defs`, a `["string", "null"]` type union, a root that is not
//! an object, numeric `format`s such as `uint32`. Tool and config schemas are
//! therefore generated with subschemas inlined and then rewritten here:
//!
//! * root `type: object` (a unit struct gets empty `properties`);
//! * no `$ref`, `$defs`, `$schema`, or root `title`; a recursive type's
//!   inner reference becomes an unconstrained `{}`;
//! * `Option<T>` is just `T`, and the field is not required (schemars
//!   already leaves `Option` and `#[serde(default)]` fields out of `required`);
//! * `format` is kept only for JSON Schema's own formats; `default: null` goes.
//!
//! [`portable`] is the schema of an arguments or config type, [`portable_output`]
//! that of a `Json<T>` output:
//!
//! ```
//! use serde_json::json;
//! use tackle::prelude::*;
//!
//! #[tackle::data]
//! #[derive(Deserialize, JsonSchema)]
//! pub struct Args {
//!     /// The file.
//!     pub path: String,
//!     /// How many lines.
//!     pub lines: Option<u32>,
//! }
//!
//! let schema = tackle::schema::portable::<Args>();
//! assert_eq!(schema["type"], "object");
//! assert_eq!(schema["required"], json!(["path"])); // `Option` is not required
//! assert_eq!(schema["properties"]["lines"]["type"], "integer"); // not `["integer", "null"]`
//! assert!(schema["properties"]["lines"].get("format").is_none()); // `uint32` is not portable
//! assert!(schema.get("$schema").is_none() && schema.get("title").is_none());
//! ```

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde_json::{Map, Value};

/// The portable schema of `T`, used for tool arguments and plugin configs.
pub fn portable<T: JsonSchema + ?Sized>() -> Value {
    let mut value = generate::<T>();
    make_portable(&mut value);
    if let Value::Object(root) = &mut value {
        if !root.contains_key("type") {
            root.insert("type".into(), Value::from("object"));
        }
        if root.get("type") == Some(&Value::from("object")) && !root.contains_key("properties") {
            root.insert("properties".into(), Value::Object(Map::new()));
        }
    }
    value
}

/// The portable schema of a `Json<T>` output.
pub fn portable_output<T: JsonSchema + ?Sized>() -> Value {
    let mut value = generate::<T>();
    make_portable(&mut value);
    value
}

/// Why a schema cannot be a tool's input (or MCP output) schema, if it cannot.
pub fn object_root_problem(schema: &Value) -> Option<String> {
    match schema.get("type") {
        Some(Value::String(t)) if t == "object" => {
            for key in ["anyOf", "oneOf", "allOf"] {
                if schema.get(key).is_some() {
                    return Some(format!(
                        "its root uses `{key}`, which agents reject at the top level; use a struct"
                    ));
                }
            }
            None
        }
        Some(other) => Some(format!(
            "its root has type {other}, but must be an object; use a struct"
        )),
        None => Some("its root has no `type: object`; use a struct".to_owned()),
    }
}

fn generate<T: JsonSchema + ?Sized>() -> Value {
    let generator = SchemaSettings::draft2020_12()
        .with(|s| {
            s.inline_subschemas = true;
            s.meta_schema = None;
        })
        .into_generator();
    let mut value = generator.into_root_schema_for::<T>().to_value();
    if let Value::Object(root) = &mut value {
        root.remove("title");
    }
    value
}

const STANDARD_FORMATS: &[&str] = &[
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uuid",
    "uri-template",
    "json-pointer",
    "relative-json-pointer",
    "regex",
];

/// Calls `f` on every schema object in `schema`, parents before children,
/// visiting only the places where JSON Schema nests schemas (a property
/// *named* `items` is not mistaken for the keyword). Changes `f` makes to a
/// schema are seen when its children are visited.
pub fn visit_schemas_mut(schema: &mut Value, f: &mut dyn FnMut(&mut Map<String, Value>)) {
    let Value::Object(map) = schema else { return };
    f(map);
    for key in ["properties", "patternProperties", "$defs", "definitions"] {
        if let Some(Value::Object(children)) = map.get_mut(key) {
            children.values_mut().for_each(|c| visit_schemas_mut(c, f));
        }
    }
    for key in [
        "items",
        "additionalProperties",
        "not",
        "contains",
        "propertyNames",
        "unevaluatedProperties",
    ] {
        if let Some(child) = map.get_mut(key) {
            visit_schemas_mut(child, f);
        }
    }
    for key in ["prefixItems", "anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(children)) = map.get_mut(key) {
            children.iter_mut().for_each(|c| visit_schemas_mut(c, f));
        }
    }
}

/// Rewrites a schema in place into the portable subset (see the module docs).
pub fn make_portable(value: &mut Value) {
    visit_schemas_mut(value, &mut |map| {
        map.remove("$schema");
        map.remove("$defs");
        map.remove("definitions");
        // Only recursive types keep a reference once subschemas are inlined.
        map.remove("$ref");
        if map.get("default") == Some(&Value::Null) {
            map.remove("default");
        }
        if let Some(Value::String(format)) = map.get("format")
            && !STANDARD_FORMATS.contains(&format.as_str())
        {
            map.remove("format");
        }
        drop_null_type(map);
        for key in ["anyOf", "oneOf"] {
            drop_null_alternative(map, key);
        }
    });
}

/// `"type": ["string", "null"]` → `"type": "string"`.
fn drop_null_type(map: &mut Map<String, Value>) {
    if let Some(Value::Array(types)) = map.get_mut("type") {
        types.retain(|t| t != "null");
        if types.len() == 1 {
            let only = types.remove(0);
            map.insert("type".into(), only);
        }
    }
    if map.get("enum").and_then(Value::as_array).is_some()
        && let Some(Value::Array(options)) = map.get_mut("enum")
    {
        options.retain(|o| !o.is_null());
    }
}

/// `"anyOf": [{...}, {"type": "null"}]` → the one remaining alternative,
/// merged into the parent (the parent's own keys, like `description`, win).
fn drop_null_alternative(map: &mut Map<String, Value>, key: &str) {
    let Some(Value::Array(options)) = map.get_mut(key) else {
        return;
    };
    let before = options.len();
    options.retain(|o| {
        o.get("type") != Some(&Value::from("null")) || o.as_object().is_some_and(|m| m.len() > 1)
    });
    if options.len() == before {
        return;
    }
    if options.len() == 1 {
        let Some(Value::Object(only)) = map
            .remove(key)
            .and_then(|mut v| v.as_array_mut().map(|a| a.remove(0)))
        else {
            return;
        };
        for (k, v) in only {
            map.entry(k).or_insert(v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Deserialize, JsonSchema)]
    #[allow(dead_code)]
    struct Inner {
        /// A count.
        count: u32,
    }

    #[derive(Deserialize, JsonSchema)]
    #[allow(dead_code)]
    enum Mode {
        Fast,
        Slow,
    }

    #[derive(Deserialize, JsonSchema)]
    #[allow(dead_code)]
    struct Args {
        /// The path.
        path: String,
        limit: Option<u64>,
        inner: Option<Inner>,
        mode: Option<Mode>,
        #[serde(default)]
        tags: Vec<String>,
        nested: Vec<Inner>,
    }

    #[derive(Deserialize, JsonSchema)]
    #[allow(dead_code)]
    struct Tree {
        name: String,
        children: Vec<Tree>,
    }

    fn walk(v: &Value, f: &mut impl FnMut(&Map<String, Value>)) {
        match v {
            Value::Object(m) => {
                f(m);
                m.values().for_each(|v| walk(v, f));
            }
            Value::Array(a) => a.iter().for_each(|v| walk(v, f)),
            _ => {}
        }
    }

    fn assert_portable(schema: &Value) {
        walk(schema, &mut |m| {
            for banned in ["$ref", "$defs", "$schema", "definitions"] {
                assert!(!m.contains_key(banned), "{banned} in {schema:#}");
            }
            if let Some(t) = m.get("type") {
                assert!(t.is_string(), "type union {t} in {schema:#}");
            }
            for alts in ["anyOf", "oneOf"] {
                if let Some(a) = m.get(alts).and_then(Value::as_array) {
                    assert!(
                        a.iter().all(|o| o.get("type") != Some(&json!("null"))),
                        "null alternative in {schema:#}"
                    );
                }
            }
        });
    }

    #[test]
    fn options_are_plain_types_and_not_required() {
        let s = portable::<Args>();
        assert_portable(&s);
        assert_eq!(s["type"], "object");
        assert_eq!(s["required"], json!(["path", "nested"]));
        assert_eq!(s["properties"]["limit"]["type"], "integer");
        assert!(s["properties"]["limit"].get("format").is_none());
        assert_eq!(s["properties"]["path"]["description"], "The path.");
        assert_eq!(s["properties"]["inner"]["type"], "object");
        assert_eq!(
            s["properties"]["inner"]["properties"]["count"]["description"],
            "A count."
        );
        assert_eq!(s["properties"]["mode"]["enum"], json!(["Fast", "Slow"]));
        assert!(s.get("title").is_none());
    }

    #[test]
    fn recursive_types_lose_their_reference() {
        let s = portable::<Tree>();
        assert_portable(&s);
        assert_eq!(s["properties"]["children"]["type"], "array");
    }

    #[test]
    fn unit_struct_is_an_empty_object() {
        #[derive(JsonSchema)]
        struct Nothing {}
        let s = portable::<Nothing>();
        assert_eq!(s["type"], "object");
        assert_eq!(s["properties"], json!({}));
    }

    #[test]
    fn object_root_problems_are_named() {
        assert_eq!(object_root_problem(&portable::<Args>()), None);
        let vec_schema = portable_output::<Vec<u32>>();
        assert!(
            object_root_problem(&vec_schema).is_some_and(|p| p.contains("\"array\"")),
            "{vec_schema}"
        );
    }
}
