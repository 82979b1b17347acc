//! JSON Schemas written in a plugin's files (a skill's `input_schema`, a
//! context injector's `schema`): how a schema that does not compile is
//! reported, the same at compile time and at run time.

/// "`what` is not a valid JSON Schema at `/path`: why", the path where the
/// schema has one.
pub fn invalid(what: &str, error: &jsonschema::ValidationError<'_>) -> String {
    let at = error.instance_path().to_string();
    let at = if at.is_empty() {
        String::new()
    } else {
        format!(" at `{at}`")
    };
    format!("`{what}` is not a valid JSON Schema{at}: {error}")
}
