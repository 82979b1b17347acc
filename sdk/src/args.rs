//! Reading a model's JSON arguments into a tool's typed arguments, with errors
//! that name the JSON path and say what was expected and what was found.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::Problem;

/// Deserializes `args`, turning serde's first error into an [`Problem`].
///
/// Arguments are always a JSON object (serde would also read a struct from an
/// array, by position, which no agent means).
pub(crate) fn parse<T: DeserializeOwned>(args: &Value) -> Result<T, Problem> {
    if !args.is_object() {
        return Err(Problem {
            path: String::new(),
            message: format!(
                "expected an object of named arguments, found {}",
                Problem::show_value(args)
            ),
        });
    }
    // Tracking the path costs an allocation per field, so only a failed
    // read is done again with it, for the error's path.
    if let Ok(parsed) = T::deserialize(args) {
        return Ok(parsed);
    }
    serde_path_to_error::deserialize(args).map_err(|e| {
        let path = render_path(e.path());
        describe(path, &e.into_inner().to_string())
    })
}

/// Renders serde_path_to_error's path as `a.b[0].c`.
pub(crate) fn render_path(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut out = String::new();
    for segment in path {
        match segment {
            Segment::Seq { index } => out.push_str(&format!("[{index}]")),
            Segment::Map { key } | Segment::Enum { variant: key } => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Segment::Unknown => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push('?');
            }
        }
    }
    out
}

/// Rewrites serde's wording ("invalid type: integer `42`, expected a string")
/// into ours ("expected a string, found 42"), and moves missing and unknown
/// field names into the path.
pub(crate) fn describe(path: String, serde_message: &str) -> Problem {
    let msg = strip_position(serde_message);
    if let Some(field) = msg
        .strip_prefix("missing field `")
        .and_then(|r| r.strip_suffix('`'))
    {
        return Problem::new(field, "required, but missing").under(&path);
    }
    // serde_path_to_error's path already ends at the unknown field.
    if let Some(rest) = msg.strip_prefix("unknown field `")
        && let Some((_, expected)) = rest.split_once('`')
    {
        let expected = expected.trim_start_matches(", ");
        let message = if expected.starts_with("there are no fields") {
            "unknown field; none are expected here".to_owned()
        } else {
            format!("unknown field; {expected}")
        };
        return Problem { path, message };
    }
    for prefix in ["invalid type: ", "invalid value: "] {
        if let Some(rest) = msg.strip_prefix(prefix)
            && let Some((found, expected)) = rest.rsplit_once(", expected ")
        {
            let expected = if expected.starts_with("struct ") || expected == "a map" {
                "an object"
            } else {
                expected
            };
            return Problem {
                path,
                message: format!("expected {}, found {}", expected, found_value(found)),
            };
        }
    }
    Problem {
        path,
        message: msg.to_owned(),
    }
}

/// serde_json appends " at line L column C" when parsing text; a `Value` has no
/// lines, but config text may, and the path says more.
fn strip_position(msg: &str) -> &str {
    let Some(i) = msg.rfind(" at line ") else {
        return msg;
    };
    // Only serde_json's own suffix, `at line N column M` and nothing after:
    // the same words inside a quoted value stay.
    let tail = &msg[i + " at line ".len()..];
    let numbers = tail.split_once(" column ");
    match numbers {
        Some((line, column))
            if !line.is_empty()
                && !column.is_empty()
                && line.bytes().all(|b| b.is_ascii_digit())
                && column.bytes().all(|b| b.is_ascii_digit()) =>
        {
            &msg[..i]
        }
        _ => msg,
    }
}

/// serde's "integer `42`" / "string \"x\"" / "map" → `42` / `"x"` / `an object`.
fn found_value(found: &str) -> String {
    for prefix in [
        "integer ",
        "floating point ",
        "boolean ",
        "string ",
        "character ",
    ] {
        if let Some(v) = found.strip_prefix(prefix) {
            return v.trim_matches('`').to_owned();
        }
    }
    match found {
        "map" => "an object".to_owned(),
        "sequence" => "an array".to_owned(),
        "unit value" | "null" => "null".to_owned(),
        other => other.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Args {
        path: String,
        #[serde(default)]
        items: Vec<Item>,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Item {
        count: u32,
    }

    fn err(v: Value) -> String {
        parse::<Args>(&v).expect_err("should fail").to_string()
    }

    #[test]
    fn wrong_type_names_path_expected_and_found() {
        assert_eq!(
            err(serde_json::json!({"path": 42})),
            "`path`: expected a string, found 42"
        );
    }

    #[test]
    fn nested_paths_use_brackets_for_indexes() {
        assert_eq!(
            err(serde_json::json!({"path": "a", "items": [{"count": 1}, {"count": "x"}]})),
            "`items[1].count`: expected u32, found \"x\""
        );
    }

    #[test]
    fn missing_and_unknown_fields_go_into_the_path() {
        assert_eq!(err(serde_json::json!({})), "`path`: required, but missing");
        assert_eq!(
            err(serde_json::json!({"path": "a", "pth": 1})),
            "`pth`: unknown field; expected `path` or `items`"
        );
    }

    #[test]
    fn non_object_arguments_say_what_was_found() {
        assert_eq!(
            err(serde_json::json!([1])),
            "expected an object of named arguments, found an array"
        );
    }

    #[test]
    fn only_serde_json_position_suffixes_are_stripped() {
        assert_eq!(strip_position("bad at line 3 column 7"), "bad");
        assert_eq!(
            strip_position("invalid type: string \"x at line 1 column 2\", expected u8"),
            "invalid type: string \"x at line 1 column 2\", expected u8"
        );
        assert_eq!(
            strip_position("at line one column two"),
            "at line one column two"
        );
    }

    #[test]
    fn negative_for_unsigned_reads_well() {
        let e = parse::<Item>(&serde_json::json!({"count": -1})).expect_err("negative");
        assert_eq!(e.to_string(), "`count`: expected u32, found -1");
    }
}
