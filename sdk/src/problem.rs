//! One problem in a JSON value, at a path: the unit of every error report.

use std::fmt;

/// Something wrong at one place in a value: a tool's arguments, a config
/// block, a manifest. Displayed as ``` `items[2].name`: expected a string, found 42 ```.
///
/// Reports list every problem, not just the first, so that a person fixing a
/// file, or a model retrying a call, fixes them all at once.
///
/// ```
/// use serde_json::json;
/// use tackle::Problem;
///
/// let problem = Problem::new("[2].name", "expected a string, found 42").under("items");
/// assert_eq!(problem.path, "items[2].name");
/// assert_eq!(problem.to_string(), "`items[2].name`: expected a string, found 42");
/// assert_eq!(Problem::new("", "not a table").to_string(), "not a table");
///
/// // Values in messages: short ones as they are, long ones by kind.
/// assert_eq!(Problem::show_value(&json!(42)), "42");
/// assert_eq!(Problem::show_value(&json!({"a": 1})), "an object");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Problem {
    /// Dotted path with bracketed indexes (`items[2].name`); empty for the
    /// value itself.
    pub path: String,
    /// What is wrong there.
    pub message: String,
}

impl Problem {
    /// A problem at `path`.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Problem {
            path: path.into(),
            message: message.into(),
        }
    }

    /// How a value found in the wrong place is shown in a message: the value
    /// itself when short (`42`, `"x"`), its kind otherwise (`an object`).
    pub fn show_value(value: &serde_json::Value) -> String {
        use serde_json::Value;
        match value {
            Value::Object(_) => "an object".to_owned(),
            Value::Array(_) => "an array".to_owned(),
            other => {
                let text = other.to_string();
                if text.len() <= 40 {
                    text
                } else {
                    format!("{}...", &text[..text.floor_char_boundary(37)])
                }
            }
        }
    }

    /// The same problem inside `prefix` (`plugins.metrics` + `level` →
    /// `plugins.metrics.level`).
    #[must_use]
    pub fn under(self, prefix: &str) -> Self {
        let path = match (prefix.is_empty(), self.path.is_empty()) {
            (true, _) => self.path,
            (false, true) => prefix.to_owned(),
            (false, false) if self.path.starts_with('[') => format!("{prefix}{}", self.path),
            (false, false) => format!("{prefix}.{}", self.path),
        };
        Problem { path, ..self }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "`{}`: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for Problem {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_joins_paths() {
        assert_eq!(
            Problem::new("level", "m").under("plugins.x").path,
            "plugins.x.level"
        );
        assert_eq!(Problem::new("[0]", "m").under("items").path, "items[0]");
        assert_eq!(Problem::new("", "m").under("plugins.x").path, "plugins.x");
        assert_eq!(Problem::new("a", "m").under("").path, "a");
        assert_eq!(Problem::new("a", "m").to_string(), "`a`: m");
        assert_eq!(Problem::new("", "m").to_string(), "m");
    }
}
