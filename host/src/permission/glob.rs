//! Globs as permission rules and hook `args` read them: a glob matches a
//! whole value, and `*` crosses `/` (a command line is not a path).

use globset::{Glob, GlobBuilder, GlobMatcher};
use serde_json::Value;

/// Parses a glob, without building its matcher (checking a config need not
/// pay for that); the error says why it does not parse.
pub fn parse(glob: &str) -> Result<Glob, String> {
    GlobBuilder::new(glob)
        .literal_separator(false)
        .build()
        .map_err(|e| e.to_string())
}

/// Parses a glob and builds its matcher.
pub fn compile(glob: &str) -> Result<GlobMatcher, String> {
    parse(glob).map(|g| g.compile_matcher())
}

/// Whether `glob` matches one of the arguments' top-level values (strings
/// as they are, numbers and booleans as written), or the arguments
/// themselves when they are a plain value.
pub fn matches_any_value(glob: &GlobMatcher, arguments: &Value) -> bool {
    match arguments {
        Value::Object(map) => map.values().any(|v| matches_value(glob, v)),
        other => matches_value(glob, other),
    }
}

/// Whether `glob` matches one value.
pub fn matches_value(glob: &GlobMatcher, value: &Value) -> bool {
    match value {
        Value::String(s) => glob.is_match(s.as_str()),
        Value::Number(n) => glob.is_match(n.to_string()),
        Value::Bool(b) => glob.is_match(if *b { "true" } else { "false" }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_glob_matches_whole_values_and_star_crosses_slashes() {
        let g = compile("git push*").expect("valid");
        assert!(matches_any_value(
            &g,
            &json!({"command": "git push origin main"})
        ));
        assert!(!matches_any_value(
            &g,
            &json!({"command": "echo; git push"})
        ));
        let g = compile("rm -rf /*").expect("valid");
        assert!(matches_any_value(
            &g,
            &json!({"command": "rm -rf /usr/local/bin"})
        ));
        let g = compile("4?").expect("valid");
        assert!(matches_any_value(&g, &json!({"n": 42})));
        assert!(!matches_any_value(&g, &json!({"nested": {"n": 42}})));
        assert!(compile("[a-").is_err());
    }
}
