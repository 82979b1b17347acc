//! `[[permission_rules]]` in the host config: `tool`, `pattern`,
//! `argument`, `action`, each checked, globs compiled, problems named by
//! their place (`permission_rules[1].pattern`).

use std::fmt;

use tackle::{Problem, RuleAction};

use super::read;
use crate::permission::{Rule, glob};

const KEYS: &[&str] = &["tool", "pattern", "argument", "action"];

/// A `[[permission_rules]]` entry and its place: the config file that
/// wrote it and its position there. Rules of every config layer count
/// together, each named by its own file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigRule {
    /// The file (or `<inline>`).
    pub origin: String,
    /// Its position in that file's `[[permission_rules]]`, from 0.
    pub index: usize,
    /// The rule.
    pub rule: Rule,
}

impl fmt::Display for ConfigRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.rule.fmt(f)
    }
}

pub(super) fn parse(
    value: &toml::Value,
    origin: &str,
    problems: &mut Vec<Problem>,
) -> Vec<ConfigRule> {
    let Some(items) = value.as_array() else {
        let what = "an array of rule tables (`[[permission_rules]]`)";
        problems.push(read::expected("permission_rules", what, value));
        return Vec::new();
    };
    items
        .iter()
        .enumerate()
        .filter_map(|(index, item)| {
            rule(index, item, problems).map(|rule| ConfigRule {
                origin: origin.to_owned(),
                index,
                rule,
            })
        })
        .collect()
}

fn rule(i: usize, item: &toml::Value, problems: &mut Vec<Problem>) -> Option<Rule> {
    let at = |key: &str| {
        if key.is_empty() {
            format!("permission_rules[{i}]")
        } else {
            format!("permission_rules[{i}].{key}")
        }
    };
    let Some(table) = item.as_table() else {
        problems.push(read::expected(at(""), "a rule table", item));
        return None;
    };
    let before = problems.len();
    let text = |key: &str, problems: &mut Vec<Problem>| -> Option<String> {
        let value = table.get(key)?;
        match value.as_str() {
            Some(s) => Some(s.to_owned()),
            None => {
                problems.push(read::expected(at(key), "a string", value));
                None
            }
        }
    };
    for key in table.keys() {
        if !KEYS.contains(&key.as_str()) {
            problems.push(read::unknown_key(at(key), key, KEYS));
        }
    }
    let tool = text("tool", problems).unwrap_or_else(|| "*".to_owned());
    let pattern = text("pattern", problems);
    let argument = text("argument", problems);
    for (key, glob_text) in [("tool", Some(&tool)), ("pattern", pattern.as_ref())] {
        if let Some(g) = glob_text
            && let Err(e) = glob::parse(g)
        {
            problems.push(Problem::new(at(key), format!("not a valid glob: {e}")));
        }
    }
    if argument.is_some() && pattern.is_none() {
        problems.push(Problem::new(
            at("argument"),
            "names an argument but the rule has no `pattern` to match it against",
        ));
    }
    let action = match text("action", problems).as_deref() {
        Some("allow") => Some(RuleAction::Allow),
        Some("deny") => Some(RuleAction::Deny),
        Some("ask") => Some(RuleAction::Ask),
        Some(other) => {
            problems.push(Problem::new(
                at("action"),
                format!("expected `allow`, `deny` or `ask`, found `{other}`"),
            ));
            None
        }
        None if table.contains_key("action") => None,
        None => {
            problems.push(Problem::new(
                at("action"),
                "missing: every rule says `allow`, `deny` or `ask`",
            ));
            None
        }
    };
    (problems.len() == before).then(|| Rule {
        tool,
        pattern,
        argument,
        action: action.unwrap_or(RuleAction::Ask),
    })
}
