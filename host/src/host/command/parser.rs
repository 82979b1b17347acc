//! A command's `clap` parser, built from its metadata and the JSON Schema
//! of its arguments, and the way back from clap's matches to a JSON object
//! for the typed deserialization every argument goes through.
//!
//! Each property of the schema becomes `--kebab-name` (its description is
//! the help line, its `default` is shown), unless it is marked positional
//! (`x-positional`), in which case it is taken in order without a name.
//! Booleans are flags; integers and numbers are parsed as such; arrays
//! repeat (`--tag a --tag b`, or many positional values when last); enums
//! list their possible values; anything else (an object) is given as JSON.

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Arg, ArgAction, ArgMatches, ColorChoice};
use serde_json::{Map, Value};
use tackle::command::{CommandDef, POSITIONAL_KEY};

/// A built parser and how to read its matches.
#[derive(Debug)]
pub(crate) struct Parser {
    command: clap::Command,
    args: Vec<ArgSpec>,
}

#[derive(Debug)]
struct ArgSpec {
    /// The JSON key (also clap's id).
    key: String,
    /// `--depth` or `<SRC>`, as messages name it.
    shown: String,
    kind: Kind,
    many: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Flag,
    Integer,
    Number,
    Text,
    Json,
}

/// What parsing a command line gave.
#[derive(Debug)]
pub(crate) enum Parsed {
    /// The arguments, as a JSON object.
    Args(Value),
    /// `--help` was asked for: the text to show.
    Help(String),
    /// clap's message (with its suggestions and usage).
    Usage(String),
}

impl Parser {
    /// Builds the parser of `def`, or says why its arguments cannot be
    /// written on a command line.
    pub(crate) fn build(def: &CommandDef) -> Result<Parser, String> {
        let schema = (def.args_schema)();
        let properties = schema
            .get("properties")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        let required: Vec<&str> = schema
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();

        let mut command = clap::Command::new(def.name.to_owned())
            .bin_name(format!("/{}", def.name))
            .about(first_line(def.description).to_owned())
            .long_about(def.description.to_owned())
            .disable_version_flag(true)
            .color(ColorChoice::Never)
            .term_width(100);
        if !def.aliases.is_empty() {
            let aliases: Vec<String> = def.aliases.iter().map(|a| format!("/{a}")).collect();
            command = command.after_help(format!("Aliases: {}", aliases.join(", ")));
        }
        let mut args = Vec::new();
        let mut positional: Vec<(&str, bool, bool)> = Vec::new();
        for (key, property) in &properties {
            let is_positional = property.get(POSITIONAL_KEY) == Some(&Value::Bool(true));
            let (kind, many, choices) = describe(property);
            // A flag left out is `false`, and a repeatable option left out
            // is `[]`: neither is ever missing.
            let is_required =
                required.contains(&key.as_str()) && kind != Kind::Flag && (is_positional || !many);
            let mut help = property
                .get("description")
                .and_then(Value::as_str)
                .map(first_paragraph)
                .unwrap_or_default();
            // An empty list or `false` is what leaving the option out
            // means anyway; showing it is noise.
            let shown_default = match property.get("default") {
                None | Some(Value::Bool(false)) => None,
                Some(Value::Array(items)) if items.is_empty() => None,
                Some(Value::String(s)) => Some(s.clone()),
                Some(other) => Some(other.to_string()),
            };
            if let Some(shown) = shown_default {
                help = format!("{help} [default: {shown}]").trim_start().to_owned();
            }
            let name = if kind == Kind::Json {
                "JSON".to_owned()
            } else {
                key.to_uppercase().replace('-', "_")
            };
            let mut arg = Arg::new(key.clone()).help(help).required(is_required);
            let shown = if is_positional {
                if kind == Kind::Flag {
                    return Err(format!(
                        "`{key}` is a boolean, so it is a flag (`--{}`) and cannot be positional",
                        kebab(key)
                    ));
                }
                positional.push((key, is_required, many));
                arg = arg.value_name(name.clone());
                if many {
                    arg = arg
                        .num_args(if is_required { 1.. } else { 0.. })
                        .action(ArgAction::Append);
                }
                format!("<{name}>")
            } else {
                let long = kebab(key);
                arg = arg.long(long.clone());
                arg = match (kind, many) {
                    (Kind::Flag, _) => arg.action(ArgAction::SetTrue),
                    (_, true) => arg.value_name(name).action(ArgAction::Append),
                    (_, false) => arg.value_name(name).action(ArgAction::Set),
                };
                format!("--{long}")
            };
            arg = match kind {
                // `--offset -3` is a value, not an unknown flag `-3`.
                Kind::Integer => arg
                    .value_parser(clap::value_parser!(i64))
                    .allow_negative_numbers(true),
                Kind::Number => arg
                    .value_parser(clap::value_parser!(f64))
                    .allow_negative_numbers(true),
                Kind::Text if !choices.is_empty() => {
                    arg.value_parser(PossibleValuesParser::new(choices))
                }
                _ => arg,
            };
            command = command.arg(arg);
            args.push(ArgSpec {
                key: key.clone(),
                shown,
                kind,
                many,
            });
        }
        check_positionals(&positional)?;
        Ok(Parser { command, args })
    }

    /// Parses the words after the command's name.
    pub(crate) fn parse(&self, words: &[String]) -> Parsed {
        let argv = std::iter::once(self.command.get_name().to_owned()).chain(words.iter().cloned());
        let matches = match self.command.clone().try_get_matches_from(argv) {
            Ok(matches) => matches,
            Err(e) => {
                use clap::error::ErrorKind;
                let text = e.render().to_string();
                return match e.kind() {
                    ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => Parsed::Help(text),
                    _ => Parsed::Usage(text.trim_end().to_owned()),
                };
            }
        };
        let mut object = Map::new();
        for spec in &self.args {
            match self.value(spec, &matches) {
                Ok(Some(value)) => {
                    object.insert(spec.key.clone(), value);
                }
                Ok(None) => {}
                Err(message) => return Parsed::Usage(message),
            }
        }
        Parsed::Args(Value::Object(object))
    }

    fn value(&self, spec: &ArgSpec, matches: &ArgMatches) -> Result<Option<Value>, String> {
        let id = spec.key.as_str();
        if spec.kind == Kind::Flag {
            return Ok(Some(Value::Bool(matches.get_flag(id))));
        }
        let values: Vec<Value> = match spec.kind {
            Kind::Integer => many(matches, id, |v: &i64| Value::from(*v)),
            Kind::Number => many(matches, id, |v: &f64| Value::from(*v)),
            Kind::Text => many(matches, id, |v: &String| Value::String(v.clone())),
            Kind::Json => {
                let raw = many(matches, id, |v: &String| Value::String(v.clone()));
                let mut out = Vec::new();
                for value in raw {
                    let text = value.as_str().unwrap_or_default();
                    match serde_json::from_str(text) {
                        Ok(parsed) => out.push(parsed),
                        Err(e) => {
                            return Err(format!(
                                "error: `{}` takes JSON, and `{text}` is not: {e}",
                                spec.shown
                            ));
                        }
                    }
                }
                out
            }
            Kind::Flag => Vec::new(),
        };
        Ok(if spec.many {
            Some(Value::Array(values))
        } else {
            values.into_iter().next()
        })
    }

    /// How messages name the argument behind a JSON key.
    pub(crate) fn shown(&self, key: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|a| a.key == key)
            .map(|a| a.shown.as_str())
    }
}

fn many<T: Clone + Send + Sync + 'static>(
    matches: &ArgMatches,
    id: &str,
    to_json: impl Fn(&T) -> Value,
) -> Vec<Value> {
    matches
        .get_many::<T>(id)
        .map(|values| values.map(&to_json).collect())
        .unwrap_or_default()
}

/// The kind of a property, whether it repeats, and its possible values.
fn describe(property: &Value) -> (Kind, bool, Vec<PossibleValue>) {
    if property.get("type").and_then(Value::as_str) == Some("array")
        && let Some(items) = property.get("items")
    {
        let (kind, _, choices) = describe(items);
        // An array of arrays or of flags has no command-line form but JSON.
        return match kind {
            Kind::Flag => (Kind::Json, true, Vec::new()),
            kind => (kind, true, choices),
        };
    }
    let choices = choices(property);
    if !choices.is_empty() {
        return (Kind::Text, false, choices);
    }
    let kind = match property.get("type").and_then(Value::as_str) {
        Some("boolean") => Kind::Flag,
        Some("integer") => Kind::Integer,
        Some("number") => Kind::Number,
        Some("string") => Kind::Text,
        _ => Kind::Json,
    };
    (kind, false, Vec::new())
}

/// The possible values of a string enum: `enum: [...]`, or `oneOf` of
/// `const`s (what schemars writes when the variants have doc comments).
fn choices(property: &Value) -> Vec<PossibleValue> {
    if let Some(values) = property.get("enum").and_then(Value::as_array) {
        let names: Option<Vec<&str>> = values.iter().map(Value::as_str).collect();
        return names
            .unwrap_or_default()
            .into_iter()
            .map(|n| PossibleValue::new(n.to_owned()))
            .collect();
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(options) = property.get(key).and_then(Value::as_array) {
            let mut out = Vec::new();
            for option in options {
                let Some(name) = option.get("const").and_then(Value::as_str).or_else(|| {
                    option
                        .get("enum")
                        .and_then(Value::as_array)
                        .filter(|e| e.len() == 1)
                        .and_then(|e| e[0].as_str())
                }) else {
                    return Vec::new();
                };
                let mut value = PossibleValue::new(name.to_owned());
                if let Some(help) = option.get("description").and_then(Value::as_str) {
                    value = value.help(first_line(help).to_owned());
                }
                out.push(value);
            }
            return out;
        }
    }
    Vec::new()
}

/// Positionals that clap can read unambiguously: required ones before
/// optional ones, and only the last may take many values.
fn check_positionals(positional: &[(&str, bool, bool)]) -> Result<(), String> {
    let mut optional_seen: Option<&str> = None;
    for (i, &(key, required, many)) in positional.iter().enumerate() {
        if many && i + 1 < positional.len() {
            return Err(format!(
                "positional argument `{key}` takes many values, so it must be the last positional one"
            ));
        }
        match (required, optional_seen) {
            (true, Some(before)) => {
                return Err(format!(
                    "positional argument `{key}` is required but comes after the optional `{before}`; put required positional arguments first"
                ));
            }
            (false, None) => optional_seen = Some(key),
            _ => {}
        }
    }
    Ok(())
}

/// `max_depth` → `max-depth`, `maxDepth` → `max-depth`.
fn kebab(key: &str) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            if prev_lower {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
            prev_lower = false;
        } else if c == '_' || c == ' ' {
            out.push('-');
            prev_lower = false;
        } else {
            out.push(c);
            prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        }
    }
    out
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("")
}

/// A description's first paragraph on one line: help lines stay short.
fn first_paragraph(text: &str) -> String {
    text.split("\n\n")
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::kebab;

    #[test]
    fn keys_become_kebab_case_options() {
        assert_eq!(kebab("depth"), "depth");
        assert_eq!(kebab("max_depth"), "max-depth");
        assert_eq!(kebab("maxDepth"), "max-depth");
        assert_eq!(kebab("v2_name"), "v2-name");
    }
}
