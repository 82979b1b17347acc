//! The rules of a skill file: YAML frontmatter between two `---` lines,
//! then the Markdown body the agent reads.
//!
//! `plugin! { skills: [...] }` checks its files with them at compile time,
//! and the host reads skill folders with them at run time, so both accept
//! exactly the same files.
//!
//! Unlike SuperQode, which skips a skill whose YAML does not parse, every
//! problem is returned, with the line of the file it is on.

use serde_json::{Map, Value};

use crate::listing::backticked;

/// The longest description accepted, in characters.
pub const DESCRIPTION_MAX: usize = 1024;

/// Keys tackle reads.
pub const KEYS: &[&str] = &[
    "name",
    "description",
    "enabled",
    "input_schema",
    "output_schema",
];

/// Keys other agents' skill formats define (the Agent Skills standard):
/// accepted so that one file serves every agent, and not read by tackle.
pub const FOREIGN_KEYS: &[&str] = &["license", "compatibility", "metadata", "allowed-tools"];

/// A skill file that follows the rules.
#[derive(Debug, Clone, PartialEq)]
pub struct SkillFile<'a> {
    /// `name`, following [`names::skill_name`](crate::names::skill_name).
    pub name: String,
    /// `description`, at most [`DESCRIPTION_MAX`] characters.
    pub description: String,
    /// `enabled`, `true` when absent.
    pub enabled: bool,
    /// `input_schema`, a valid JSON Schema.
    pub input_schema: Option<Value>,
    /// `output_schema`, a valid JSON Schema.
    pub output_schema: Option<Value>,
    /// Where the body starts, in bytes from the start of the text.
    pub body_start: usize,
    /// The text after the closing `---` line.
    pub body: &'a str,
}

/// One thing wrong with a skill file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    /// The line of the file (1-based), when the problem has one.
    pub line: Option<usize>,
    /// What is wrong, and what to write instead.
    pub message: String,
}

impl Issue {
    fn at(line: Option<usize>, message: impl Into<String>) -> Self {
        Issue {
            line,
            message: message.into(),
        }
    }
}

/// Reads a skill file's text; every problem is returned at once.
pub fn parse(text: &str) -> Result<SkillFile<'_>, Vec<Issue>> {
    let (yaml, body_start) = split(text)?;
    // The YAML starts on the file's second line.
    let file_line = |yaml_line: usize| yaml_line + 1;
    if yaml.trim().is_empty() {
        return Err(vec![Issue::at(
            Some(1),
            "the frontmatter is empty: it needs at least `name:` and `description:`",
        )]);
    }
    let map: Map<String, Value> = match serde_saphyr::from_str::<Value>(yaml) {
        Ok(Value::Object(map)) => map,
        Ok(other) => {
            return Err(vec![Issue::at(
                Some(2),
                format!(
                    "the frontmatter must be a mapping of keys (`name: ...`), not {}",
                    kind(&other)
                ),
            )]);
        }
        Err(e) => {
            let line = e
                .location()
                .and_then(|l| usize::try_from(l.line()).ok())
                .filter(|&l| l > 0)
                .map(file_line);
            return Err(vec![Issue::at(
                line,
                format!(
                    "the frontmatter is not valid YAML: {}",
                    without_location(first_line(&e.to_string()))
                ),
            )]);
        }
    };
    let line_of = |key: &str| key_line(yaml, key).map(file_line);
    let mut issues = Vec::new();
    let string = |key: &str, issues: &mut Vec<Issue>| -> Option<String> {
        match map.get(key) {
            None => {
                issues.push(Issue::at(
                    Some(1),
                    format!("the frontmatter has no `{key}`: add `{key}: ...`"),
                ));
                None
            }
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s.clone()),
            Some(Value::String(_)) => {
                issues.push(Issue::at(line_of(key), format!("`{key}` cannot be empty")));
                None
            }
            Some(other) => {
                issues.push(Issue::at(
                    line_of(key),
                    format!("`{key}` must be a string, not {}", kind(other)),
                ));
                None
            }
        }
    };
    let name = string("name", &mut issues);
    let description = string("description", &mut issues);
    if let Some(Err(problem)) = name.as_deref().map(crate::names::skill_name) {
        issues.push(Issue::at(line_of("name"), problem));
    }
    if let Some(description) = &description
        && description.chars().count() > DESCRIPTION_MAX
    {
        issues.push(Issue::at(
            line_of("description"),
            format!("`description` is longer than {DESCRIPTION_MAX} characters; shorten it and put details in the body"),
        ));
    }
    let enabled = match map.get("enabled") {
        None => Some(true),
        Some(Value::Bool(b)) => Some(*b),
        Some(other) => {
            issues.push(Issue::at(
                line_of("enabled"),
                format!("`enabled` must be `true` or `false`, not {}", kind(other)),
            ));
            None
        }
    };
    let input_schema = schema(&map, "input_schema", line_of("input_schema"), &mut issues);
    let output_schema = schema(&map, "output_schema", line_of("output_schema"), &mut issues);
    for key in map.keys() {
        if KEYS.contains(&key.as_str()) || FOREIGN_KEYS.contains(&key.as_str()) {
            continue;
        }
        let near = KEYS
            .iter()
            .chain(FOREIGN_KEYS)
            .map(|k| (strsim::jaro_winkler(key, k), *k))
            .filter(|(score, _)| *score > 0.8)
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map_or(String::new(), |(_, k)| format!("; did you mean `{k}`?"));
        issues.push(Issue::at(
            line_of(key),
            format!(
                "unknown key `{key}`{near} (tackle reads {}; {} are accepted for other agents)",
                backticked(KEYS),
                backticked(FOREIGN_KEYS)
            ),
        ));
    }
    match (name, description, enabled) {
        (Some(name), Some(description), Some(enabled)) if issues.is_empty() => Ok(SkillFile {
            name,
            description,
            enabled,
            input_schema: input_schema.flatten(),
            output_schema: output_schema.flatten(),
            body_start,
            body: &text[body_start..],
        }),
        _ => Err(issues),
    }
}

/// The frontmatter's YAML and the byte offset of the body.
fn split(text: &str) -> Result<(&str, usize), Vec<Issue>> {
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut lines = Lines { text, pos: start };
    let opening = lines.next().map(|(_, line)| line);
    if opening.map(str::trim_end) != Some("---") {
        return Err(vec![Issue::at(
            Some(1),
            "a skill starts with YAML frontmatter: a first line `---`, then `name: ...` and `description: ...`, then a closing `---` line",
        )]);
    }
    let yaml_start = lines.pos;
    while let Some((line_start, line)) = lines.next() {
        if line.trim_end() == "---" {
            return Ok((&text[yaml_start..line_start], lines.pos));
        }
    }
    Err(vec![Issue::at(
        Some(1),
        "the frontmatter opened on line 1 is never closed: end it with a `---` line",
    )])
}

/// Lines with their byte offsets; `pos` is where the next line starts.
struct Lines<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Iterator for Lines<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        let rest = self.text.get(self.pos..).filter(|r| !r.is_empty())?;
        let start = self.pos;
        let (line, len) = match rest.find('\n') {
            Some(i) => (&rest[..i], i + 1),
            None => (rest, rest.len()),
        };
        self.pos += len;
        Some((start, line))
    }
}

/// An optional schema: `Some(None)` when absent, `None` when invalid (reported).
fn schema(
    map: &Map<String, Value>,
    key: &str,
    line: Option<usize>,
    issues: &mut Vec<Issue>,
) -> Option<Option<Value>> {
    let Some(value) = map.get(key) else {
        return Some(None);
    };
    if !value.is_object() {
        issues.push(Issue::at(
            line,
            format!(
                "`{key}` must be a JSON Schema written as a mapping (`type: object`, `properties: ...`), not {}",
                kind(value)
            ),
        ));
        return None;
    }
    match jsonschema::validator_for(value) {
        Ok(_) => Some(Some(value.clone())),
        Err(e) => {
            issues.push(Issue::at(line, crate::schema::invalid(key, &e)));
            None
        }
    }
}

/// The YAML line (1-based) where a top-level key is written.
fn key_line(yaml: &str, key: &str) -> Option<usize> {
    yaml.lines()
        .position(|line| {
            let rest = line
                .strip_prefix(key)
                .or_else(|| line.strip_prefix(&format!("\"{key}\"")))
                .or_else(|| line.strip_prefix(&format!("'{key}'")));
            rest.is_some_and(|r| r.trim_start().starts_with(':'))
        })
        .map(|i| i + 1)
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "a mapping",
    }
}

/// The parser's message without its `error: line 3 column 8: ` prefix: the
/// line it names is the YAML's, not the file's, and the issue carries the
/// file's.
fn without_location(message: &str) -> &str {
    let rest = message.strip_prefix("error: ").unwrap_or(message);
    let Some(after_line) = rest.strip_prefix("line ") else {
        return rest;
    };
    match after_line.split_once(": ") {
        Some((position, text))
            if position
                .split(" column ")
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())) =>
        {
            text
        }
        _ => rest,
    }
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or(text).trim()
}

#[cfg(test)]
mod tests;
