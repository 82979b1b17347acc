//! A form a tool puts to the user (`ctx.elicit::<T>()`): `T`'s schema in
//! the flat shape MCP's elicitation allows, and the user's answer.

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// A type a tool can ask the user to fill in with
/// [`ctx.elicit::<T>()`](crate::ToolContext::elicit): derive it,
/// `#[derive(ElicitForm)]`, and the compiler checks that it is what MCP's
/// elicitation allows — a struct of named fields, each a string, a number,
/// a `bool`, an enum of strings (itself deriving `ElicitForm`), any of
/// those in an `Option` (not required), or a `Vec` of such an enum (a
/// multi-select). No nested structs, lists of anything else, maps,
/// generics or `#[serde(flatten)]`.
///
/// `#[serde(default)]` values are the form's defaults; `///` comments its
/// fields' descriptions; a variant's `#[schemars(title = "...")]` titles
/// that choice; a field's string format (`#[schemars(email)]`, ...) and
/// bounds (`#[schemars(range(..))]`, `length(..)`) are passed on.
///
/// ```
/// use tackle::prelude::*;
/// use tackle::tool::Elicited;
///
/// tackle::plugin! { id: "deployer" }
///
/// #[tackle::data]
/// #[derive(Debug, Deserialize, JsonSchema, ElicitForm)]
/// #[serde(rename_all = "lowercase")]
/// pub enum Target {
///     Staging,
///     Production,
/// }
///
/// #[tackle::data]
/// #[derive(Debug, Deserialize, JsonSchema, ElicitForm)]
/// pub struct Deploy {
///     /// Where to deploy.
///     pub target: Target,
///     /// How many replicas.
///     #[serde(default)]
///     pub replicas: Option<u32>,
///     /// Whether to notify the team.
///     pub notify: bool,
/// }
///
/// /// Deploys, asking where first.
/// #[tool]
/// async fn deploy(ctx: &ToolContext) -> Result<String, ToolError> {
///     Ok(match ctx.elicit::<Deploy>("Deploy where?").await? {
///         Elicited::Accepted(form) => format!("deploying to {:?}", form.target),
///         Elicited::Declined | Elicited::Cancelled => "not deployed".into(),
///     })
/// }
/// # fn main() {}
/// ```
///
/// On an enum the derive makes it a choice ([`ElicitField`] and
/// [`ElicitChoice`]); on a struct, a form. A hand-written `impl` skips
/// the compile-time check: such a form is still checked when asked, and
/// refused with the field that MCP cannot carry.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an elicitation form",
    label = "`ctx.elicit` asks for a form",
    note = "derive it: `#[derive(ElicitForm)]` on a struct of strings, numbers, booleans and enums of strings"
)]
pub trait ElicitForm: JsonSchema + DeserializeOwned {}

/// A type that can be one field of an [`ElicitForm`]: a string, a number,
/// a `bool`, an enum that derives `ElicitForm`, an `Option` of one, or a
/// `Vec` of an [`ElicitChoice`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a field of an elicitation form",
    label = "not a string, number, boolean or enum of strings",
    note = "MCP's elicitation form is flat: its fields are strings, numbers, booleans and enums of strings (`#[derive(ElicitForm)]` on an enum of unit variants), each maybe in an `Option`, and `Vec`s of such enums (multi-selects)"
)]
pub trait ElicitField {}

/// An enum of strings: a choice of a form's field, and what a
/// multi-select (`Vec<T>`) holds. `#[derive(ElicitForm)]` on an enum of
/// unit variants implements it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be listed in an elicitation form",
    label = "a form's list is a multi-select of an enum's values",
    note = "MCP's elicitation form holds lists only as multi-selects: a `Vec` of an enum of unit variants that derives `ElicitForm`"
)]
pub trait ElicitChoice: ElicitField {}

macro_rules! fields {
    ($($ty:ty),*) => { $(impl ElicitField for $ty {})* };
}

fields!(
    String, bool, i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, f32, f64
);

impl<T: ElicitField> ElicitField for Option<T> {}

impl<T: ElicitChoice> ElicitField for Vec<T> {}

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

    #[derive(serde::Deserialize, schemars::JsonSchema)]
    #[allow(dead_code)]
    struct Contact {
        #[schemars(email)]
        email: String,
        #[schemars(url, length(max = 200))]
        homepage: Option<String>,
        #[schemars(range(min = 1, max = 10))]
        rating: u8,
    }

    #[test]
    fn a_strings_format_and_bounds_reach_the_form() {
        let schema = form_schema::<Contact>().expect("a form");
        let p = &schema["properties"];
        assert_eq!(p["email"], json!({"type": "string", "format": "email"}));
        assert_eq!(p["homepage"]["format"], "uri");
        assert_eq!(p["homepage"]["maxLength"], 200);
        assert_eq!(
            (
                p["rating"]["minimum"].as_u64(),
                p["rating"]["maximum"].as_u64()
            ),
            (Some(1), Some(10))
        );
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
