//! Globs as permission rules and hook `args` read them: a glob matches a
//! whole value, and `*` crosses `/` (a command line is not a path).

use std::sync::OnceLock;

use globset::{GlobBuilder, GlobMatcher};
use serde_json::Value;

/// A parsed glob, ready to match. Most rules' globs are a name (`Bash`) or
/// literal text around `*` (`git push*`, `rm -rf /*`): those are matched by
/// comparing the text, and parsing one costs a hook process (one event,
/// then exit) next to nothing. Any other glob (`?`, classes, braces,
/// escapes, `**`) is parsed by globset, which checks it, and its regex is
/// built on its first match: a config's rules are all checked, few are
/// ever matched.
#[derive(Debug, Clone)]
pub struct Glob(Kind);

#[derive(Debug, Clone)]
enum Kind {
    /// The literal pieces between the `*`s: one piece is a whole value.
    Stars(Box<[Box<str>]>),
    Glob(Box<(globset::Glob, OnceLock<GlobMatcher>)>),
}

impl Glob {
    /// Whether the glob matches the whole of `value`.
    pub fn is_match(&self, value: &str) -> bool {
        match &self.0 {
            Kind::Glob(glob) => glob
                .1
                .get_or_init(|| glob.0.compile_matcher())
                .is_match(value),
            Kind::Stars(pieces) => stars_match(pieces, value),
        }
    }
}

/// `first*…*last` against `value`: it starts with the first piece, ends
/// with the last, and holds the others in order between them. Taking each
/// middle piece at its leftmost place leaves the most room for the rest, so
/// no backtracking is needed.
fn stars_match(pieces: &[Box<str>], value: &str) -> bool {
    let [first, middle @ .., last] = pieces else {
        return pieces.first().is_some_and(|whole| **whole == *value);
    };
    if value.len() < first.len() + last.len()
        || !value.starts_with(&**first)
        || !value.ends_with(&**last)
    {
        return false;
    }
    let mut rest = &value[first.len()..value.len() - last.len()];
    for piece in middle {
        match rest.find(&**piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    true
}

/// Parses a glob; the error says why it does not parse. Text with only
/// `*` as a wildcard always parses.
pub fn parse(glob: &str) -> Result<Glob, String> {
    let plain = !glob.contains(['?', '[', ']', '{', '}', '\\']) && !glob.contains("**");
    if plain {
        return Ok(Glob(Kind::Stars(glob.split('*').map(Box::from).collect())));
    }
    let parsed = globset_glob(glob).map_err(|e| e.to_string())?;
    Ok(Glob(Kind::Glob(Box::new((parsed, OnceLock::new())))))
}

/// The glob as globset reads it, `*` crossing `/`.
fn globset_glob(glob: &str) -> Result<globset::Glob, globset::Error> {
    GlobBuilder::new(glob).literal_separator(false).build()
}

/// Whether `glob` matches one of the arguments' top-level values (strings
/// as they are, numbers and booleans as written), or the arguments
/// themselves when they are a plain value.
pub fn matches_any_value(glob: &Glob, arguments: &Value) -> bool {
    match arguments {
        Value::Object(map) => map.values().any(|v| matches_value(glob, v)),
        other => matches_value(glob, other),
    }
}

/// Whether `glob` matches one value.
pub fn matches_value(glob: &Glob, value: &Value) -> bool {
    match value {
        Value::String(s) => glob.is_match(s),
        Value::Number(n) => glob.is_match(&n.to_string()),
        Value::Bool(b) => glob.is_match(if *b { "true" } else { "false" }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    proptest::proptest! {
        /// The text matcher and globset agree on every glob the text
        /// matcher takes, and on which globs parse.
        #[test]
        fn the_text_matcher_agrees_with_globset(
            pattern in "[ab/* .?\\[\\]-]{0,8}",
            value in "[ab/ .*?-]{0,10}",
        ) {
            let globset = globset_glob(&pattern);
            proptest::prop_assert_eq!(parse(&pattern).is_ok(), globset.is_ok(), "{}", pattern);
            if let (Ok(ours), Ok(globset)) = (parse(&pattern), globset) {
                let expected = globset.compile_matcher().is_match(&value);
                proptest::prop_assert_eq!(ours.is_match(&value), expected);
            }
        }
    }

    #[test]
    fn stars_take_literal_text_around_them() {
        let cases = [
            ("Bash", "Bash", true),
            ("Bash", "Bash2", false),
            ("", "", true),
            ("*", "", true),
            ("git push*", "git push --force origin main", true),
            ("git push*", " git push", false),
            ("*.env", "a/b/.env", true),
            ("a*a", "a", false),
            ("a*b*c", "a-c-b-c", true),
            ("rm -rf /*", "rm -rf /usr/local", true),
        ];
        for (pattern, value, expected) in cases {
            let glob = parse(pattern).expect("parses");
            assert!(matches!(glob.0, Kind::Stars(_)), "{pattern}");
            assert_eq!(glob.is_match(value), expected, "{pattern} ~ {value}");
        }
        for other in ["a?", "[ab]", "{a,b}", "**/x", "a\\*"] {
            let glob = parse(other).expect("parses");
            assert!(
                matches!(&glob.0, Kind::Glob(g) if g.1.get().is_none()),
                "{other}"
            );
        }
    }

    #[test]
    fn a_glob_matches_whole_values_and_star_crosses_slashes() {
        let g = parse("git push*").expect("valid");
        assert!(matches_any_value(
            &g,
            &json!({"command": "git push origin main"})
        ));
        assert!(!matches_any_value(
            &g,
            &json!({"command": "echo; git push"})
        ));
        let g = parse("rm -rf /*").expect("valid");
        assert!(matches_any_value(
            &g,
            &json!({"command": "rm -rf /usr/local/bin"})
        ));
        let g = parse("4?").expect("valid");
        assert!(matches_any_value(&g, &json!({"n": 42})));
        assert!(!matches_any_value(&g, &json!({"nested": {"n": 42}})));
        assert!(parse("[a-").is_err());
    }
}
