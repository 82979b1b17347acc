//! Globs as permission rules and hook `args` read them: a glob matches a
//! whole value, and `*` crosses `/` (a command line is not a path).

use globset::{Glob, GlobBuilder, GlobMatcher};
use serde_json::Value;

/// A built glob. Most rules' globs are a name (`Bash`) or literal text
/// around `*` (`git push*`, `rm -rf /*`): those are matched by comparing
/// the text, which a hook process (one event, then exit) can afford to set
/// up for every rule, where building globset's regex costs more than the
/// rest of the call. Any other glob (`?`, classes, braces, escapes, `**`)
/// keeps globset's matcher.
#[derive(Debug, Clone)]
pub struct Matcher(Kind);

#[derive(Debug, Clone)]
enum Kind {
    /// The literal pieces between the `*`s: one piece is a whole value.
    Stars(Box<[Box<str>]>),
    Glob(GlobMatcher),
}

impl Matcher {
    /// Builds the matcher of a parsed glob.
    pub fn new(glob: &Glob) -> Matcher {
        let text = glob.glob();
        let plain = !text.contains(['?', '[', ']', '{', '}', '\\']) && !text.contains("**");
        Matcher(if plain {
            Kind::Stars(text.split('*').map(Box::from).collect())
        } else {
            Kind::Glob(glob.compile_matcher())
        })
    }

    /// Whether the glob matches the whole of `value`.
    pub fn is_match(&self, value: &str) -> bool {
        match &self.0 {
            Kind::Glob(glob) => glob.is_match(value),
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

/// Parses a glob, without building its matcher (checking a config need not
/// pay for that); the error says why it does not parse.
pub fn parse(glob: &str) -> Result<Glob, String> {
    GlobBuilder::new(glob)
        .literal_separator(false)
        .build()
        .map_err(|e| e.to_string())
}

/// Parses a glob and builds its matcher.
pub fn compile(glob: &str) -> Result<Matcher, String> {
    parse(glob).map(|g| Matcher::new(&g))
}

/// Whether `glob` matches one of the arguments' top-level values (strings
/// as they are, numbers and booleans as written), or the arguments
/// themselves when they are a plain value.
pub fn matches_any_value(glob: &Matcher, arguments: &Value) -> bool {
    match arguments {
        Value::Object(map) => map.values().any(|v| matches_value(glob, v)),
        other => matches_value(glob, other),
    }
}

/// Whether `glob` matches one value.
pub fn matches_value(glob: &Matcher, value: &Value) -> bool {
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
        /// matcher takes, and globset keeps every other glob.
        #[test]
        fn the_text_matcher_agrees_with_globset(
            pattern in "[ab/* .?\\[\\]-]{0,8}",
            value in "[ab/ .*?-]{0,10}",
        ) {
            if let Ok(glob) = parse(&pattern) {
                let expected = glob.compile_matcher().is_match(&value);
                proptest::prop_assert_eq!(Matcher::new(&glob).is_match(&value), expected);
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
            assert!(matches!(Matcher::new(&glob).0, Kind::Stars(_)), "{pattern}");
            assert_eq!(
                Matcher::new(&glob).is_match(value),
                expected,
                "{pattern} ~ {value}"
            );
        }
        for other in ["a?", "[ab]", "{a,b}", "**/x", "a\\*"] {
            let glob = parse(other).expect("parses");
            assert!(matches!(Matcher::new(&glob).0, Kind::Glob(_)), "{other}");
        }
    }

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
