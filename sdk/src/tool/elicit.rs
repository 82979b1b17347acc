//! A form a tool puts to the user (`ctx.elicit::<T>()`): `T`'s schema in
//! the flat shape MCP's elicitation allows, and the user's answer.

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// A type a tool can ask the user to fill in: a struct of primitives
/// (`String`, numbers, `bool`), enums of strings (a variant's
/// `#[schemars(title = "...")]` titles it) and `Vec`s of such enums
/// (multi-select); `Option` fields are not required, and
/// `#[serde(default)]` values are the form's defaults.
pub trait ElicitForm: JsonSchema + DeserializeOwned {}

impl<T: JsonSchema + DeserializeOwned> ElicitForm for T {}

/// What the user did with a form.
#[derive(Debug, Clone, PartialEq)]
pub enum Elicited<T> {
    /// They filled it in and sent it.
    Accepted(T),
    /// They said no.
    Declined,
    /// They dismissed it without choosing.
    Cancelled,
}

/// The user's raw answer, as the client sends it.
#[derive(Debug, Clone, PartialEq)]
pub enum ElicitAnswer {
    /// Sent, with the form's values.
    Accept(Value),
    /// Declined.
    Decline,
    /// Dismissed.
    Cancel,
}

/// `T`'s schema as an elicitation form, or what in it no form can ask.
pub fn form_schema<T: JsonSchema>() -> Result<Value, String> {
    let Value::Object(mut root) = crate::schema::portable::<T>() else {
        return Err("the form's schema is not an object".to_owned());
    };
    root.remove("additionalProperties");
    if let Some(Value::Object(properties)) = root.get_mut("properties") {
        for (name, property) in properties.iter_mut() {
            field(property).map_err(|why| format!("the form's field `{name}` {why}"))?;
        }
    }
    Ok(Value::Object(root))
}

/// One field, rewritten to the shapes MCP names: an enum without titles
/// is a string with `enum`; one whose variants have titles a string with
/// `oneOf` `{const, title}`; a multi-select has `items.enum`, or
/// `items.anyOf` when titled.
fn field(property: &mut Value) -> Result<(), String> {
    let Value::Object(map) = property else {
        return Err("has no schema".to_owned());
    };
    if let Some(branches) = map.remove("oneOf") {
        choices(map, branches, "oneOf")?;
        return Ok(());
    }
    match map.get("type").and_then(Value::as_str) {
        Some("string" | "number" | "integer" | "boolean") => Ok(()),
        Some("array") => {
            let Some(Value::Object(items)) = map.get_mut("items") else {
                return Err("is a list without items".to_owned());
            };
            if let Some(branches) = items.remove("oneOf") {
                items.clear();
                return choices(items, branches, "anyOf");
            }
            match (items.get("type").and_then(Value::as_str), items.get("enum")) {
                (Some("string"), Some(_)) => Ok(()),
                _ => Err(
                    "is a list, and a form's lists are multi-selects of an enum's values"
                        .to_owned(),
                ),
            }
        }
        Some(other) => Err(format!(
            "is of type `{other}`, and a form holds only strings, numbers, booleans and enums"
        )),
        None => {
            Err("has no single type (a form holds strings, numbers, booleans and enums)".to_owned())
        }
    }
}

/// An enum's variants (`oneOf` branches with `const`) into `map`: `enum`
/// when no variant has a title, else `titled_key` with `{const, title}`.
fn choices(map: &mut Map<String, Value>, branches: Value, titled_key: &str) -> Result<(), String> {
    let Value::Array(list) = branches else {
        return Err("has a `oneOf` that is not a list".to_owned());
    };
    let mut values = Vec::new();
    let mut titles = Vec::new();
    for branch in &list {
        // schemars writes a documented variant as `{const}` and groups
        // undocumented ones as `{enum: [...]}`.
        let named: Vec<&Value> = match (branch.get("const"), branch.get("enum")) {
            (Some(value), _) => vec![value],
            (None, Some(Value::Array(group))) => group.iter().collect(),
            _ => vec![&Value::Null],
        };
        for value in named {
            let Value::String(value) = value else {
                return Err("is an enum with a variant that is not a plain string".to_owned());
            };
            values.push(value.clone());
            titles.push(
                branch
                    .get("title")
                    .and_then(Value::as_str)
                    .map(str::to_owned),
            );
        }
    }
    map.insert("type".to_owned(), Value::String("string".to_owned()));
    if titles.iter().all(Option::is_none) {
        map.insert(
            "enum".to_owned(),
            values.into_iter().map(Value::String).collect(),
        );
        return Ok(());
    }
    let titled = values
        .into_iter()
        .zip(titles)
        .map(|(value, title)| {
            let mut only = Map::new();
            only.insert("const".to_owned(), Value::String(value.clone()));
            only.insert("title".to_owned(), Value::String(title.unwrap_or(value)));
            Value::Object(only)
        })
        .collect();
    if titled_key == "anyOf" {
        // Items of a multi-select carry only the choices.
        map.remove("type");
    }
    map.insert(titled_key.to_owned(), Value::Array(titled));
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::form_schema;

    #[derive(serde::Deserialize, schemars::JsonSchema)]
    #[serde(rename_all = "lowercase")]
    #[allow(dead_code)]
    enum Status {
        /// Documented, so schemars writes `oneOf`; still no titles.
        Active,
        /// Inactive.
        Inactive,
    }

    #[derive(serde::Deserialize, schemars::JsonSchema)]
    #[allow(dead_code)]
    enum Titled {
        #[schemars(title = "First Option")]
        #[serde(rename = "value1")]
        One,
        #[schemars(title = "Second Option")]
        #[serde(rename = "value2")]
        Two,
    }

    fn default_name() -> String {
        "John Doe".to_owned()
    }

    #[derive(serde::Deserialize, schemars::JsonSchema)]
    #[allow(dead_code)]
    struct Form {
        /// User name
        #[serde(default = "default_name")]
        name: String,
        status: Option<Status>,
        titled: Titled,
        /// Select many
        #[schemars(length(min = 1, max = 2))]
        many: Vec<Titled>,
        plain_many: Vec<Status>,
    }

    #[derive(serde::Deserialize, schemars::JsonSchema)]
    #[allow(dead_code)]
    struct Nested {
        inner: Form,
    }

    #[test]
    fn a_struct_of_primitives_and_enums_is_a_flat_form() {
        let schema = form_schema::<Form>().expect("present");
        let p = &schema["properties"];
        assert_eq!(p["name"]["default"], "John Doe");
        assert_eq!(p["name"]["description"], "User name");
        assert_eq!(
            p["status"],
            json!({"type": "string", "enum": ["active", "inactive"]})
        );
        assert_eq!(p["titled"]["type"], "string");
        assert_eq!(
            p["titled"]["oneOf"],
            json!([{"const": "value1", "title": "First Option"}, {"const": "value2", "title": "Second Option"}])
        );
        assert_eq!(p["many"]["type"], "array");
        assert_eq!(p["many"]["minItems"], 1);
        assert_eq!(
            p["many"]["items"]["anyOf"][1],
            json!({"const": "value2", "title": "Second Option"})
        );
        assert_eq!(
            p["plain_many"]["items"]["enum"],
            json!(["active", "inactive"])
        );
        let required = schema["required"].as_array().expect("present");
        assert!(!required.contains(&json!("status")) && !required.contains(&json!("name")));
    }

    #[test]
    fn a_nested_object_is_refused_by_name() {
        let why = form_schema::<Nested>().expect_err("fails");
        assert!(
            why.starts_with("the form's field `inner` is of type `object`"),
            "{why}"
        );
    }
}
