//! tackle's own schema checker, for builds without jsonschema: the hook
//! binary, to which jsonschema would add about 2 MB for the config blocks
//! it checks once per event.
//!
//! It asserts the keywords of JSON Schema 2020-12 that tool, config and
//! payload schemas use: `type`, `enum`, `const`, objects' and arrays'
//! keywords, numeric and length ranges, `pattern`, `allOf`/`anyOf`/`oneOf`/
//! `not`, `if`/`then`/`else` and a `$ref` within the same document. Other
//! keywords are annotations, as the standard says of unknown ones. A schema
//! that uses an asserting keyword this checker does not implement
//! (`unevaluatedProperties`, `$dynamicRef`, a `$ref` to another document, a
//! draft-04 schema, `format` under draft 6 or 7 where it asserts, ...) is
//! one problem, never a pass: what this build cannot check is not taken as
//! valid. Its verdicts are held to jsonschema's by a property test.
//!
//! ```
//! use serde_json::json;
//! use tackle_host::problems::lite;
//!
//! let schema = json!({"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}}});
//! let found = lite::check(&schema, &json!({"n": 0}));
//! assert_eq!(found[0].to_string(), "`n`: expected at least 1, found 0");
//! let exotic = json!({"unevaluatedProperties": false});
//! assert!(lite::check(&exotic, &json!({}))[0].message.contains("`unevaluatedProperties`"));
//! ```

use std::cmp::Ordering;

use regex::Regex;
use serde_json::{Map, Number, Value};
use tackle::Problem;

use super::messages::{alternatives, article, list, unknown_key_message};

/// Keywords that assert something this checker does not implement.
const UNSUPPORTED: &[&str] = &[
    "$dynamicRef",
    "$recursiveRef",
    "unevaluatedProperties",
    "unevaluatedItems",
    "dependentSchemas",
    "dependencies",
];

/// Keywords whose value must be a number.
const NUMERIC: &[&str] = &[
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "minContains",
    "maxContains",
];

const TYPES: &[&str] = &[
    "null", "boolean", "object", "array", "number", "integer", "string",
];

/// A numeric limit: its keyword, whether the instance's ordering against it
/// keeps it, and how a message says it.
type Limit = (&'static str, fn(Ordering) -> bool, &'static str);

const LIMITS: &[Limit] = &[
    ("minimum", |o| o != Ordering::Less, "at least"),
    ("maximum", |o| o != Ordering::Greater, "at most"),
    ("exclusiveMinimum", |o| o == Ordering::Greater, "more than"),
    ("exclusiveMaximum", |o| o == Ordering::Less, "less than"),
];

/// Deeper than this through `$ref`s, a schema is taken to loop.
const MAX_DEPTH: usize = 64;

/// Every way `instance` departs from `schema`, unsorted.
pub fn check(schema: &Value, instance: &Value) -> Vec<Problem> {
    match vet_root(schema) {
        Ok(()) => walk(schema, instance),
        Err(unusable) => vec![Problem::new("", unusable.to_string())],
    }
}

/// Why this checker cannot check `schema`, when that is so: a keyword it
/// does not implement. `None` for a schema it checks, and for one that is
/// invalid (jsonschema refuses that too).
pub fn unsupported(schema: &Value) -> Option<String> {
    match vet_root(schema) {
        Err(Unusable::Unsupported(why)) => Some(why),
        _ => None,
    }
}

/// Why a schema is not checked.
#[derive(Debug)]
pub(super) enum Unusable {
    /// It uses what this checker does not implement.
    Unsupported(String),
    /// It is not a valid schema.
    Invalid(String),
}

impl std::fmt::Display for Unusable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unusable::Unsupported(why) | Unusable::Invalid(why) => f.write_str(why),
        }
    }
}

/// A schema this checker has vetted: every keyword it asserts is one it
/// implements, with a value of the right kind, and every `pattern` compiles.
#[derive(Debug)]
pub(super) struct Compiled {
    schema: Value,
}

#[cfg_attr(
    feature = "full-schema",
    expect(dead_code, reason = "jsonschema checks constraints when it is built")
)]
impl Compiled {
    /// Vets `schema`; the error says what this checker cannot check.
    pub(super) fn new(schema: &Value) -> Result<Self, Unusable> {
        vet_root(schema)?;
        Ok(Compiled {
            schema: schema.clone(),
        })
    }

    pub(super) fn is_valid(&self, instance: &Value) -> bool {
        walk(&self.schema, instance).is_empty()
    }
}

/// Vets a whole schema, its draft first.
fn vet_root(schema: &Value) -> Result<(), Unusable> {
    let draft = schema.get("$schema").and_then(Value::as_str).unwrap_or("");
    if draft.contains("draft-04") || draft.contains("draft-03") {
        return Err(cannot(&format!("a `{draft}` schema")));
    }
    // Draft 6 and 7 make `format` an assertion; 2019-09 and 2020-12 an annotation.
    let formats_assert = draft.contains("draft-06") || draft.contains("draft-07");
    vet(schema, formats_assert)
}

/// Every way `instance` departs from the vetted `schema`.
fn walk(schema: &Value, instance: &Value) -> Vec<Problem> {
    let mut walk = Walk {
        root: schema,
        problems: Vec::new(),
    };
    walk.schema(schema, instance, "", 0);
    walk.problems
}

fn cannot(what: &str) -> Unusable {
    Unusable::Unsupported(format!(
        "the schema uses {what}, which this build's schema checker does not implement; \
         the host's full binary checks it"
    ))
}

fn invalid(why: &str) -> Unusable {
    Unusable::Invalid(format!("the schema itself is invalid: {why}"))
}

/// Checks every subschema of `schema` for what [`Walk`] relies on.
fn vet(schema: &Value, formats_assert: bool) -> Result<(), Unusable> {
    let map = match schema {
        Value::Bool(_) => return Ok(()),
        Value::Object(map) => map,
        other => {
            return Err(invalid(&format!(
                "a schema is an object or a boolean, not {other}"
            )));
        }
    };
    if let Some(key) = UNSUPPORTED.iter().find(|k| map.contains_key(**k)) {
        return Err(cannot(&format!("`{key}`")));
    }
    if formats_assert && map.contains_key("format") {
        return Err(cannot("`format`, which its draft asserts"));
    }
    if let Some(reference) = map.get("$ref") {
        match reference.as_str() {
            Some(r) if r == "#" || r.starts_with("#/") => {}
            _ => return Err(cannot(&format!("the `$ref` {reference}"))),
        }
    }
    for key in NUMERIC {
        if map.get(*key).is_some_and(|v| !v.is_number()) {
            return Err(invalid(&format!("`{key}` is not a number")));
        }
    }
    if let Some(types) = map.get("type") {
        let known = |t: &Value| t.as_str().is_some_and(|t| TYPES.contains(&t));
        let ok = match types {
            Value::Array(items) => items.iter().all(known),
            one => known(one),
        };
        if !ok {
            return Err(invalid(&format!("`type` {types} names no JSON type")));
        }
    }
    if let Some(required) = map.get("required")
        && !required
            .as_array()
            .is_some_and(|r| r.iter().all(Value::is_string))
    {
        return Err(invalid("`required` is not a list of names"));
    }
    if let Some(pattern) = map.get("pattern") {
        compile(pattern)?;
    }
    if let Some(Value::Object(patterns)) = map.get("patternProperties") {
        for pattern in patterns.keys() {
            compile(&Value::from(pattern.as_str()))?;
        }
    }
    for key in ["properties", "patternProperties", "$defs", "definitions"] {
        if let Some(Value::Object(children)) = map.get(key) {
            for child in children.values() {
                vet(child, formats_assert)?;
            }
        }
    }
    for key in [
        "additionalProperties",
        "additionalItems",
        "not",
        "contains",
        "propertyNames",
        "if",
        "then",
        "else",
    ] {
        if let Some(child) = map.get(key) {
            vet(child, formats_assert)?;
        }
    }
    for key in ["items", "prefixItems", "anyOf", "oneOf", "allOf"] {
        match map.get(key) {
            Some(Value::Array(children)) => {
                for child in children {
                    vet(child, formats_assert)?;
                }
            }
            Some(child) if key == "items" => vet(child, formats_assert)?,
            Some(_) => return Err(invalid(&format!("`{key}` is not a list of schemas"))),
            None => {}
        }
    }
    Ok(())
}

fn compile(pattern: &Value) -> Result<Regex, Unusable> {
    let text = pattern
        .as_str()
        .ok_or_else(|| invalid(&format!("the pattern {pattern} is not a string")))?;
    Regex::new(text).map_err(|_| cannot(&format!("the pattern `{text}`")))
}

/// One check of an instance against a vetted schema.
struct Walk<'s> {
    root: &'s Value,
    problems: Vec<Problem>,
}

impl<'s> Walk<'s> {
    fn push(&mut self, path: &str, message: String) {
        self.problems.push(Problem::new(path, message));
    }

    /// Whether `instance` is valid against `schema`, problems discarded.
    fn valid(&self, schema: &'s Value, instance: &Value, depth: usize) -> bool {
        let mut inner = Walk {
            root: self.root,
            problems: Vec::new(),
        };
        inner.schema(schema, instance, "", depth);
        inner.problems.is_empty()
    }

    fn schema(&mut self, schema: &'s Value, instance: &Value, path: &str, depth: usize) {
        let map = match schema {
            Value::Object(map) => map,
            Value::Bool(false) => {
                let found = Problem::show_value(instance);
                return self.push(path, format!("no value is allowed here, found {found}"));
            }
            _ => return,
        };
        if let Some(reference) = map.get("$ref").and_then(Value::as_str) {
            self.reference(reference, instance, path, depth);
        }
        self.kind(map, instance, path);
        match instance {
            Value::Number(n) => self.number(map, n, path),
            Value::String(s) => self.string(map, s, path),
            Value::Array(items) => self.array(map, items, path, depth),
            Value::Object(members) => self.object(map, members, path, depth),
            Value::Null | Value::Bool(_) => {}
        }
        self.combinators(map, instance, path, depth);
    }

    fn reference(&mut self, reference: &str, instance: &Value, path: &str, depth: usize) {
        if depth >= MAX_DEPTH {
            return self.push(path, cannot("`$ref`s that loop").to_string());
        }
        let pointer = reference.trim_start_matches('#');
        match self.root.pointer(pointer) {
            Some(target) => self.schema(target, instance, path, depth + 1),
            None => {
                let why = invalid(&format!("`$ref` {reference} points nowhere"));
                self.push(path, why.to_string());
            }
        }
    }

    fn kind(&mut self, map: &Map<String, Value>, instance: &Value, path: &str) {
        let found = || Problem::show_value(instance);
        match map.get("type") {
            Some(Value::String(t)) if !is_type(instance, t) => {
                let message = format!("expected {}, found {}", article(t), found());
                self.push(path, message);
            }
            Some(Value::Array(types))
                if !types
                    .iter()
                    .filter_map(Value::as_str)
                    .any(|t| is_type(instance, t)) =>
            {
                let names: Vec<String> = types
                    .iter()
                    .filter_map(Value::as_str)
                    .map(article)
                    .collect();
                let message = format!("expected {}, found {}", names.join(" or "), found());
                self.push(path, message);
            }
            _ => {}
        }
        if let Some(options) = map.get("enum").and_then(Value::as_array)
            && !options.iter().any(|o| equal(o, instance))
        {
            let message = format!("expected one of {}, found {}", list(&map["enum"]), found());
            self.push(path, message);
        }
        if let Some(expected) = map.get("const")
            && !equal(expected, instance)
        {
            self.push(path, format!("expected {expected}, found {}", found()));
        }
    }

    fn number(&mut self, map: &Map<String, Value>, n: &Number, path: &str) {
        let found = n.to_string();
        for (key, holds, words) in LIMITS {
            if let Some(Value::Number(limit)) = map.get(*key)
                && compare(n, limit).is_some_and(|o| !holds(o))
            {
                self.push(path, format!("expected {words} {limit}, found {found}"));
            }
        }
        if let Some(Value::Number(divisor)) = map.get("multipleOf")
            && !is_multiple(n, divisor)
        {
            self.push(
                path,
                format!("expected a multiple of {divisor}, found {found}"),
            );
        }
    }

    /// A count (of characters, items or keys) against the `[min, max]`
    /// keywords that bound it; `ending` ends a message.
    fn bounds(
        &mut self,
        map: &Map<String, Value>,
        [min, max]: [&str; 2],
        count: usize,
        path: &str,
        unit: &str,
        ending: impl Fn() -> String,
    ) {
        let count = count as f64;
        if let Some(limit) = map.get(min).and_then(Value::as_f64)
            && count < limit
        {
            self.push(
                path,
                format!("expected at least {limit} {unit}{}", ending()),
            );
        }
        if let Some(limit) = map.get(max).and_then(Value::as_f64)
            && count > limit
        {
            self.push(path, format!("expected at most {limit} {unit}{}", ending()));
        }
    }

    fn string(&mut self, map: &Map<String, Value>, s: &str, path: &str) {
        let found = || Problem::show_value(&Value::from(s));
        let ending = || format!(", found {}", found());
        let length = s.chars().count();
        self.bounds(
            map,
            ["minLength", "maxLength"],
            length,
            path,
            "characters",
            ending,
        );
        if let Some(pattern) = map.get("pattern")
            && let Ok(regex) = compile(pattern)
            && !regex.is_match(s)
        {
            let message = format!(
                "expected text matching `{}`, found {}",
                regex.as_str(),
                found()
            );
            self.push(path, message);
        }
    }

    fn array(&mut self, map: &'s Map<String, Value>, items: &[Value], path: &str, depth: usize) {
        // 2020-12's `prefixItems` and `items`, or draft 7's `items` list and `additionalItems`.
        let (prefix, rest) = match (map.get("prefixItems"), map.get("items")) {
            (Some(Value::Array(prefix)), rest) => (prefix.as_slice(), rest),
            (None, Some(Value::Array(prefix))) => (prefix.as_slice(), map.get("additionalItems")),
            (_, rest) => (&[][..], rest),
        };
        for (i, item) in items.iter().enumerate() {
            let at = format!("{path}[{i}]");
            match prefix.get(i) {
                Some(schema) => self.schema(schema, item, &at, depth + 1),
                None => {
                    if let Some(schema) = rest {
                        self.schema(schema, item, &at, depth + 1);
                    }
                }
            }
        }
        self.bounds(
            map,
            ["minItems", "maxItems"],
            items.len(),
            path,
            "items",
            String::new,
        );
        if map.get("uniqueItems") == Some(&Value::Bool(true))
            && let Some((a, b)) = first_repeat(items)
        {
            self.push(
                path,
                format!("expected unique items, but [{a}] and [{b}] are equal"),
            );
        }
        if let Some(contains) = map.get("contains") {
            let matching = items
                .iter()
                .filter(|i| self.valid(contains, i, depth + 1))
                .count() as f64;
            let least = map
                .get("minContains")
                .and_then(Value::as_f64)
                .unwrap_or(1.0);
            if matching < least {
                self.push(
                    path,
                    format!("expected at least {least} items matching `contains`"),
                );
            }
            if let Some(most) = map.get("maxContains").and_then(Value::as_f64)
                && matching > most
            {
                self.push(
                    path,
                    format!("expected at most {most} items matching `contains`"),
                );
            }
        }
    }

    fn object(
        &mut self,
        map: &'s Map<String, Value>,
        members: &Map<String, Value>,
        path: &str,
        depth: usize,
    ) {
        let properties = map.get("properties").and_then(Value::as_object);
        let patterns: Vec<(Regex, &'s Value)> = map
            .get("patternProperties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .filter_map(|(p, schema)| Some((compile(&Value::from(p.as_str())).ok()?, schema)))
            .collect();
        let mut unknown = Vec::new();
        for (key, value) in members {
            let at = Problem::new(key.as_str(), "").under(path).path;
            let declared = properties.and_then(|p| p.get(key));
            if let Some(schema) = declared {
                self.schema(schema, value, &at, depth + 1);
            }
            let mut matched = false;
            for (regex, schema) in &patterns {
                if regex.is_match(key) {
                    matched = true;
                    self.schema(schema, value, &at, depth + 1);
                }
            }
            if declared.is_none() && !matched {
                match map.get("additionalProperties") {
                    Some(Value::Bool(false)) => unknown.push(key),
                    Some(schema) => self.schema(schema, value, &at, depth + 1),
                    None => {}
                }
            }
            if let Some(names) = map.get("propertyNames") {
                self.schema(names, &Value::from(key.as_str()), path, depth + 1);
            }
        }
        if !unknown.is_empty() {
            let known: Vec<String> = properties
                .into_iter()
                .flat_map(|p| p.keys().cloned())
                .collect();
            for key in unknown {
                let problem = Problem::new(key.as_str(), unknown_key_message(key, &known));
                self.problems.push(problem.under(path));
            }
        }
        for key in map
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(key) = key.as_str()
                && !members.contains_key(key)
            {
                let problem = Problem::new(key, "required, but missing").under(path);
                self.problems.push(problem);
            }
        }
        let count = members.len();
        self.bounds(
            map,
            ["minProperties", "maxProperties"],
            count,
            path,
            "keys",
            String::new,
        );
        let dependent = map.get("dependentRequired").and_then(Value::as_object);
        for (key, needs) in dependent.into_iter().flatten() {
            if !members.contains_key(key) {
                continue;
            }
            for need in needs
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
            {
                if !members.contains_key(need) {
                    let problem = Problem::new(need, format!("required when `{key}` is set"));
                    self.problems.push(problem.under(path));
                }
            }
        }
    }

    fn combinators(
        &mut self,
        map: &'s Map<String, Value>,
        instance: &Value,
        path: &str,
        depth: usize,
    ) {
        for branch in map
            .get("allOf")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            self.schema(branch, instance, path, depth + 1);
        }
        for key in ["anyOf", "oneOf"] {
            let Some(branches) = map.get(key).and_then(Value::as_array) else {
                continue;
            };
            let matching = branches
                .iter()
                .filter(|b| self.valid(b, instance, depth + 1))
                .count();
            let found = Problem::show_value(instance);
            if matching == 0 {
                let message = match alternatives(branches) {
                    Some(allowed) => format!("expected one of {allowed}, found {found}"),
                    None => format!("{found} matches none of the schemas in `{key}`"),
                };
                self.push(path, message);
            } else if key == "oneOf" && matching > 1 {
                self.push(
                    path,
                    format!("{found} matches more than one schema in `oneOf`"),
                );
            }
        }
        if let Some(not) = map.get("not")
            && self.valid(not, instance, depth + 1)
        {
            let found = Problem::show_value(instance);
            self.push(path, format!("{found} is refused by the schema in `not`"));
        }
        if let Some(condition) = map.get("if") {
            let branch = if self.valid(condition, instance, depth + 1) {
                map.get("then")
            } else {
                map.get("else")
            };
            if let Some(branch) = branch {
                self.schema(branch, instance, path, depth + 1);
            }
        }
    }
}

fn is_type(instance: &Value, name: &str) -> bool {
    match name {
        "null" => instance.is_null(),
        "boolean" => instance.is_boolean(),
        "object" => instance.is_object(),
        "array" => instance.is_array(),
        "string" => instance.is_string(),
        "number" => instance.is_number(),
        // JSON Schema counts `1.0` as an integer.
        "integer" => match instance {
            Value::Number(n) => {
                n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
            }
            _ => false,
        },
        _ => false,
    }
}

/// JSON Schema's equality: numbers by value (`1` equals `1.0`), the rest structurally.
fn equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => compare(x, y) == Some(Ordering::Equal),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| equal(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| equal(v, w)))
        }
        _ => a == b,
    }
}

/// Numbers compared exactly when both are integers, as floats otherwise.
fn compare(a: &Number, b: &Number) -> Option<Ordering> {
    if let (Some(x), Some(y)) = (a.as_i64(), b.as_i64()) {
        return Some(x.cmp(&y));
    }
    if let (Some(x), Some(y)) = (a.as_u64(), b.as_u64()) {
        return Some(x.cmp(&y));
    }
    match (a.as_i64(), b.as_u64(), a.as_u64(), b.as_i64()) {
        // A negative i64 against a u64 too large for i64, either way round.
        (Some(_), Some(_), None, _) => Some(Ordering::Less),
        (_, None, Some(_), Some(_)) => Some(Ordering::Greater),
        _ => a.as_f64()?.partial_cmp(&b.as_f64()?),
    }
}

/// Integers divided exactly; anything else in floating point.
fn is_multiple(n: &Number, divisor: &Number) -> bool {
    if let (Some(x), Some(d)) = (n.as_i64(), divisor.as_i64())
        && d != 0
    {
        return x % d == 0;
    }
    if let (Some(x), Some(d)) = (n.as_u64(), divisor.as_u64())
        && d != 0
    {
        return x % d == 0;
    }
    match (n.as_f64(), divisor.as_f64()) {
        (Some(x), Some(d)) if d != 0.0 => (x / d).fract() == 0.0,
        _ => true,
    }
}

/// The first two indexes whose items are equal.
fn first_repeat(items: &[Value]) -> Option<(usize, usize)> {
    (0..items.len()).find_map(|j| {
        (0..j)
            .find(|&i| equal(&items[i], &items[j]))
            .map(|i| (i, j))
    })
}

#[cfg(test)]
mod tests {
    use super::check;
    use serde_json::{Value, json};

    fn messages(schema: Value, instance: Value) -> Vec<String> {
        check(&schema, &instance)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn what_it_cannot_check_is_a_problem_not_a_pass() {
        for schema in [
            json!({"properties": {"a": {"unevaluatedProperties": false}}}),
            json!({"$ref": "other.json#/a"}),
            json!({"$schema": "http://json-schema.org/draft-04/schema#"}),
            json!({"$schema": "http://json-schema.org/draft-07/schema#", "format": "email"}),
            json!({"anyOf": [{"pattern": "(?=a)"}]}),
        ] {
            let found = messages(schema.clone(), json!({}));
            assert_eq!(found.len(), 1, "{schema}: {found:?}");
            assert!(
                found[0].contains("does not implement"),
                "{schema}: {found:?}"
            );
        }
        // A keyword it does not know and that asserts nothing is an annotation.
        assert!(
            messages(
                json!({"x-note": 1, "format": "email"}),
                json!("not an email")
            )
            .is_empty()
        );
        assert_eq!(
            messages(json!({"minimum": "1"}), json!(0)),
            ["the schema itself is invalid: `minimum` is not a number"]
        );
        // What a caller asks first: unsupported, as against invalid or fine.
        assert!(super::unsupported(&json!({"unevaluatedProperties": false})).is_some());
        assert!(super::unsupported(&json!({"minimum": "1"})).is_none());
        assert!(super::unsupported(&json!({"minimum": 1})).is_none());
    }

    #[test]
    fn a_local_ref_is_followed_and_a_loop_is_stopped() {
        let schema = json!({
            "$defs": {"n": {"type": "integer", "minimum": 1}},
            "properties": {"count": {"$ref": "#/$defs/n"}},
        });
        assert_eq!(
            messages(schema.clone(), json!({"count": 0})),
            ["`count`: expected at least 1, found 0"]
        );
        assert!(messages(schema, json!({"count": 2})).is_empty());
        let looping = json!({"$defs": {"a": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"});
        assert!(messages(looping, json!(1))[0].contains("loop"));
    }

    #[test]
    fn object_keywords_name_the_key() {
        let schema = json!({
            "patternProperties": {"^x-": {"type": "string"}},
            "additionalProperties": false,
            "propertyNames": {"maxLength": 4},
            "dependentRequired": {"x-a": ["x-b"]},
        });
        assert_eq!(
            messages(schema, json!({"x-a": 1, "other": true})),
            [
                "`x-a`: expected a string, found 1",
                "expected at most 4 characters, found \"other\"",
                "`other`: unknown key; none are expected here",
                "`x-b`: required when `x-a` is set",
            ]
        );
    }

    #[test]
    fn arrays_check_items_ranges_and_repeats() {
        let schema = json!({
            "prefixItems": [{"type": "string"}],
            "items": {"type": "integer"},
            "maxItems": 3,
            "uniqueItems": true,
            "contains": {"const": 7},
        });
        assert_eq!(
            messages(schema.clone(), json!([1, 2, 2, "a"])),
            [
                "`[0]`: expected a string, found 1",
                "`[3]`: expected an integer, found \"a\"",
                "expected at most 3 items",
                "expected unique items, but [1] and [2] are equal",
                "expected at least 1 items matching `contains`",
            ]
        );
        assert!(messages(schema, json!(["a", 7])).is_empty());
    }
}

/// The checker's verdicts against jsonschema's, on schemas built from the
/// keywords it implements and on values that hit their edges.
#[cfg(all(test, feature = "full-schema"))]
mod agrees_with_jsonschema {
    use proptest::prelude::*;
    use serde_json::{Map, Value, json};

    fn scalar() -> impl Strategy<Value = Value> {
        prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            (-3i64..4).prop_map(Value::from),
            prop::sample::select(vec![1.5, 2.0, -0.5]).prop_map(Value::from),
            Just(Value::from(u64::MAX)),
            prop::sample::select(vec!["", "a", "abc", "bx", "x", "é"]).prop_map(Value::from),
        ]
    }

    fn instance() -> impl Strategy<Value = Value> {
        scalar().prop_recursive(3, 16, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
                prop::collection::btree_map(
                    prop::sample::select(vec!["a", "b", "c", "d"]),
                    inner,
                    0..4
                )
                .prop_map(|m| Value::Object(m.into_iter().map(|(k, v)| (k.into(), v)).collect())),
            ]
        })
    }

    fn number() -> impl Strategy<Value = Value> {
        prop_oneof![(-2i64..3).prop_map(Value::from), Just(Value::from(0.5))]
    }

    fn leaf() -> impl Strategy<Value = Value> {
        let typed = prop::sample::select(vec![
            "null", "boolean", "integer", "number", "string", "array", "object",
        ])
        .prop_map(|t| json!({ "type": t }));
        let numeric = (
            prop::sample::select(vec![
                "minimum",
                "maximum",
                "exclusiveMinimum",
                "exclusiveMaximum",
            ]),
            number(),
        )
            .prop_map(|(k, v)| json!({ "type": "number", k: v }));
        let multiple = (1i64..4).prop_map(|d| json!({ "type": "integer", "multipleOf": d }));
        let lengths = (
            prop::sample::select(vec!["minLength", "maxLength"]),
            0u64..4,
        )
            .prop_map(|(k, n)| json!({ k: n }));
        let pattern = prop::sample::select(vec!["^a", "x$", "^[a-c]+$", "b"])
            .prop_map(|p| json!({ "type": "string", "pattern": p }));
        let choices = prop::collection::vec(scalar(), 1..4).prop_map(|v| json!({ "enum": v }));
        let constant = scalar().prop_map(|v| json!({ "const": v }));
        let unions = prop::sample::select(vec![
            json!({"type": ["string", "null"]}),
            json!(true),
            json!(false),
        ]);
        prop_oneof![
            typed, numeric, multiple, lengths, pattern, choices, constant, unions
        ]
    }

    fn schema() -> impl Strategy<Value = Value> {
        leaf().prop_recursive(3, 24, 3, |inner| {
            let keys = || prop::sample::select(vec!["a", "b", "c"]);
            let object = (
                prop::collection::btree_map(keys(), inner.clone(), 0..3),
                prop::collection::btree_set(keys(), 0..3),
                prop::option::of(prop_oneof![any::<bool>().prop_map(Value::from), inner.clone()]),
            )
                .prop_map(|(properties, required, additional)| {
                    let mut map = Map::new();
                    map.insert("type".into(), "object".into());
                    let properties: Map<String, Value> =
                        properties.into_iter().map(|(k, v)| (k.into(), v)).collect();
                    map.insert("properties".into(), properties.into());
                    map.insert("required".into(), json!(required));
                    if let Some(additional) = additional {
                        map.insert("additionalProperties".into(), additional);
                    }
                    Value::Object(map)
                });
            let array = (inner.clone(), 0u64..3, 1u64..4, any::<bool>()).prop_map(|(items, min, max, unique)| {
                json!({"type": "array", "items": items, "minItems": min, "maxItems": max, "uniqueItems": unique})
            });
            let combined = (
                prop::sample::select(vec!["anyOf", "oneOf", "allOf"]),
                prop::collection::vec(inner.clone(), 1..4),
            )
                .prop_map(|(k, branches)| json!({ k: branches }));
            let negated = inner.clone().prop_map(|s| json!({ "not": s }));
            let conditional = (inner.clone(), inner.clone(), inner)
                .prop_map(|(i, t, e)| json!({"if": i, "then": t, "else": e}));
            prop_oneof![object, array, combined, negated, conditional]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn the_same_verdict_on_one_keyword(schema in leaf(), instance in scalar()) {
            let lite = super::check(&schema, &instance);
            let full = super::super::full::check(&schema, &instance);
            prop_assert_eq!(lite.is_empty(), full.is_empty(), "lite {:?}\nfull {:?}", lite, full);
        }

        #[test]
        fn the_same_verdict(schema in schema(), instance in instance(), closed in any::<bool>()) {
            let lite = super::super::check_by(super::check, &schema, &instance, closed);
            let full = super::super::check_by(super::super::full::check, &schema, &instance, closed);
            prop_assert_eq!(lite.is_empty(), full.is_empty(), "lite {:?}\nfull {:?}", lite, full);
        }
    }
}
