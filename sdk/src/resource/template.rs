//! URI templates with `{name}` variables (RFC 6570 level 1), as resource
//! templates are written.

use serde_json::{Map, Value};

/// A URI template: literal text and `{variables}`.
#[derive(Debug, Clone, Copy)]
pub struct UriTemplate<'a>(&'a str);

/// One piece of a template.
#[derive(Debug, PartialEq)]
enum Piece<'a> {
    Literal(&'a str),
    Variable(&'a str),
}

impl<'a> UriTemplate<'a> {
    /// The template as written.
    pub fn new(template: &'a str) -> Self {
        UriTemplate(template)
    }

    /// Its variables, in order. A `{` without its `}` ends the template.
    pub fn variables(&self) -> Vec<&'a str> {
        self.pieces()
            .into_iter()
            .filter_map(|p| match p {
                Piece::Variable(name) => Some(name),
                Piece::Literal(_) => None,
            })
            .collect()
    }

    fn pieces(&self) -> Vec<Piece<'a>> {
        let mut pieces = Vec::new();
        let mut rest = self.0;
        while let Some(open) = rest.find('{') {
            if open > 0 {
                pieces.push(Piece::Literal(&rest[..open]));
            }
            let Some(close) = rest[open..].find('}') else {
                rest = "";
                break;
            };
            pieces.push(Piece::Variable(&rest[open + 1..open + close]));
            rest = &rest[open + close + 1..];
        }
        if !rest.is_empty() {
            pieces.push(Piece::Literal(rest));
        }
        pieces
    }

    /// The variables' values if `uri` matches: literals equal, each
    /// variable a non-empty run ending where the next literal starts, and
    /// one path segment (`one_segment`: no `..`, no `/` or `\`).
    pub fn matches(&self, uri: &str) -> Option<Map<String, Value>> {
        let pieces = self.pieces();
        let mut values = Map::new();
        let mut rest = uri;
        for (i, piece) in pieces.iter().enumerate() {
            match piece {
                Piece::Literal(text) => rest = rest.strip_prefix(text)?,
                Piece::Variable(name) => {
                    let end = match pieces.get(i + 1) {
                        Some(Piece::Literal(next)) => rest.find(next)?,
                        _ => rest.len(),
                    };
                    let value = &rest[..end];
                    if !one_segment(value) {
                        return None;
                    }
                    values.insert((*name).to_owned(), Value::String(value.to_owned()));
                    rest = &rest[end..];
                }
            }
        }
        rest.is_empty().then_some(values)
    }
}

/// A value a plugin can join to a path without leaving its folder: not
/// empty, not `.` or `..` (percent-encoded or not), no `/` or `\` (nor
/// `%2F`, `%5C`), no control character. Level 1 expansion never produces
/// a `/`; the rest is what a client could send to climb out of
/// `file:///{name}`.
fn one_segment(value: &str) -> bool {
    let decoded = value.to_ascii_lowercase().replace("%2e", ".");
    !value.is_empty()
        && decoded != "."
        && decoded != ".."
        && !decoded.contains("%2f")
        && !decoded.contains("%5c")
        && !value.contains(['/', '\\'])
        && !value.chars().any(char::is_control)
}

#[cfg(test)]
mod tests {
    use super::UriTemplate;

    #[test]
    fn a_value_cannot_climb_out_of_its_folder() {
        let t = UriTemplate::new("file:///{dir}/{name}");
        for bad in [
            "file:///../x",
            "file:///%2e%2E/x",
            "file:///a/..",
            "file:///a/.",
            "file:///a/..%2Fsecret",
            "file:///a/..%5csecret",
            "file:///a/..\\secret",
            "file:///a/x\u{0}y",
        ] {
            assert!(t.matches(bad).is_none(), "{bad}");
        }
        assert!(t.matches("file:///a/.env").is_some());
        assert!(t.matches("file:///a/x..y").is_some());
    }

    #[test]
    fn variables_are_read_in_order() {
        let t = UriTemplate::new("test://template/{id}/data/{part}");
        assert_eq!(t.variables(), ["id", "part"]);
        assert!(UriTemplate::new("test://fixed").variables().is_empty());
    }

    #[test]
    fn a_matching_uri_gives_each_variable() {
        let t = UriTemplate::new("test://template/{id}/data");
        let values = t.matches("test://template/42/data").expect("present");
        assert_eq!(values["id"], "42");
        assert!(t.matches("test://template/42/other").is_none());
        assert!(t.matches("test://template//data").is_none());
        assert!(t.matches("test://template/a/b/data").is_none());
        let tail = UriTemplate::new("file:///{name}");
        assert_eq!(
            tail.matches("file:///notes.md").expect("present")["name"],
            "notes.md"
        );
    }
}
