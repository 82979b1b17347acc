//! Parameter expansions (`$1`, `$HOME`, `${X:-/}`, `"$@"`): reading one
//! from a word, and its value where the line shows it: the arguments after
//! a `sh -c` script, a variable assigned a literal earlier on the line.

use std::collections::BTreeMap;

/// One parameter expansion, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Param {
    /// Its whole text: `$X`, `${X:-/}`.
    pub text: String,
    /// The parameter: a name, a digit, or one of `@*#?$!-`.
    pub name: String,
    /// What `${...}` does with the value.
    pub op: Op,
}

/// What a `${NAME...}` expansion does with the parameter's value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Op {
    /// `$X`, `${X}`: the value.
    Plain,
    /// `${X:-word}`, `${X-word}`, `${X:=word}`, `${X=word}`: the value, or
    /// `word` when unset (or empty, with the colon).
    Default { word: String, colon: bool },
    /// `${X:?msg}`, `${X?msg}`: the value; the command does not run when
    /// it is unset (or empty, with the colon).
    Required { colon: bool },
    /// `${X:+word}`, `${X+word}`: `word` when set (and not empty, with the
    /// colon), else nothing.
    Alternate { word: String, colon: bool },
    /// Anything else (`${#X}`, `${X%/*}`, `${X/a/b}`, `${!X}`, ...): some
    /// text derived from the value.
    Derived,
}

impl Param {
    /// Whether it may expand to nothing when its value is not known.
    pub fn may_be_empty(&self) -> bool {
        match &self.op {
            Op::Plain | Op::Derived | Op::Alternate { .. } => true,
            Op::Required { colon } => !colon,
            Op::Default { word, colon } => word.is_empty() || !colon,
        }
    }
}

/// Reads the parameter expansion at the start of `text` (which starts with
/// `$`); `None` when the `$` starts none (`$`, `$%`).
pub(super) fn read(text: &str) -> Option<Param> {
    let rest = text.strip_prefix('$')?;
    let first = rest.chars().next()?;
    if first == '{' {
        return braced(rest);
    }
    let len = if first.is_ascii_digit() || "@*#?$!-".contains(first) {
        first.len_utf8()
    } else if first.is_ascii_alphabetic() || first == '_' {
        rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len())
    } else {
        return None;
    };
    Some(Param {
        text: format!("${}", &rest[..len]),
        name: rest[..len].to_owned(),
        op: Op::Plain,
    })
}

/// `{...}` up to its matching brace (nested `${...}` and quotes counted).
fn braced(rest: &str) -> Option<Param> {
    let mut depth = 0usize;
    let mut quote = None;
    let mut end = None;
    let mut chars = rest.char_indices();
    while let Some((i, c)) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), '\\') => {
                chars.next();
            }
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '\\') => {
                chars.next();
            }
            (None, '{') => depth += 1,
            (None, '}') => {
                depth -= 1;
                if depth == 0 {
                    end = Some(i);
                    break;
                }
            }
            _ => {}
        }
    }
    // An unclosed `${` takes the rest, as an unclosed quote does.
    let end = end.unwrap_or(rest.len());
    let inner = rest.get(1..end).unwrap_or_default();
    let text = format!("${}", rest.get(..=end).unwrap_or(rest));
    let name_len = if inner.starts_with(|c: char| c.is_ascii_digit()) {
        inner
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(inner.len())
    } else if inner.starts_with(|c: char| "@*#?$!-".contains(c)) && inner.len() == 1 {
        1
    } else {
        inner
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(inner.len())
    };
    let (name, after) = inner.split_at(name_len);
    if name.is_empty() {
        // `${#X}`, `${!X}`: a length or an indirection.
        return Some(Param {
            text,
            name: inner.trim_start_matches(['#', '!']).to_owned(),
            op: Op::Derived,
        });
    }
    let (colon, op_text) = match after.strip_prefix(':') {
        Some(rest) => (true, rest),
        None => (false, after),
    };
    let word = |rest: &str| unquote(rest);
    let op = match op_text.chars().next() {
        None if !colon => Op::Plain,
        Some('-' | '=') => Op::Default {
            word: word(&op_text[1..]),
            colon,
        },
        Some('?') => Op::Required { colon },
        Some('+') => Op::Alternate {
            word: word(&op_text[1..]),
            colon,
        },
        _ => Op::Derived,
    };
    Some(Param {
        text,
        name: name.to_owned(),
        op,
    })
}

/// A `${X:-word}`'s word with its quotes removed (`${X:-"/"}` is `/`).
fn unquote(word: &str) -> String {
    word.chars().filter(|c| !matches!(c, '\'' | '"')).collect()
}

/// The parameters whose values the line shows.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(super) struct Scope {
    /// `$0`, `$1`, ...: the words after a `sh -c` script.
    pub positional: Option<Vec<String>>,
    /// Variables assigned a literal value (`X=/`), by name.
    pub vars: BTreeMap<String, String>,
}

/// A known value: one word, or the positional parameters one by one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Value {
    One(String),
    /// `$@` and `$*`: each parameter from `$1`.
    Each(Vec<String>),
}

impl Scope {
    /// The value of `param`, if the line shows it.
    pub fn value(&self, param: &Param) -> Option<Value> {
        let raw = self.raw(&param.name);
        let set = raw.is_some();
        let empty = match &raw {
            Some(Value::One(v)) => v.is_empty(),
            Some(Value::Each(v)) => v.is_empty(),
            None => true,
        };
        match &param.op {
            Op::Plain => raw,
            Op::Default { word, colon } => {
                // Unset, the default; set (and not empty), the value; a
                // variable the line does not show could be either.
                if set && !(*colon && empty) {
                    raw
                } else if self.knows(&param.name) {
                    Some(Value::One(word.clone()))
                } else {
                    None
                }
            }
            Op::Required { .. } => raw,
            Op::Alternate { word, colon } => {
                if !self.knows(&param.name) {
                    None
                } else if set && !(*colon && empty) {
                    Some(Value::One(word.clone()))
                } else {
                    Some(Value::One(String::new()))
                }
            }
            Op::Derived => None,
        }
    }

    /// Whether the line shows this parameter: a positional one where `sh
    /// -c` was given its words, or an assigned variable.
    fn knows(&self, name: &str) -> bool {
        let positional = name.chars().all(|c| c.is_ascii_digit()) || "@*#".contains(name);
        (positional && self.positional.is_some()) || self.vars.contains_key(name)
    }

    fn raw(&self, name: &str) -> Option<Value> {
        if let Some(value) = self.vars.get(name) {
            return Some(Value::One(value.clone()));
        }
        let args = self.positional.as_ref()?;
        match name {
            "@" | "*" => Some(Value::Each(args.iter().skip(1).cloned().collect())),
            "#" => Some(Value::One(args.len().saturating_sub(1).to_string())),
            digits => {
                let n: usize = digits.parse().ok()?;
                // `$0` is the script's name: `sh` when no word follows it.
                Some(Value::One(args.get(n).cloned().unwrap_or_default()))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_is_read_with_its_length() {
        for (text, written, name, op) in [
            ("$HOME/x", "$HOME", "HOME", Op::Plain),
            ("$1x", "$1", "1", Op::Plain),
            ("$@", "$@", "@", Op::Plain),
            ("${HOME}/", "${HOME}", "HOME", Op::Plain),
            ("${10}", "${10}", "10", Op::Plain),
            (
                "${X:-/}*",
                "${X:-/}",
                "X",
                Op::Default {
                    word: "/".into(),
                    colon: true,
                },
            ),
            (
                "${X-\"a}b\"}",
                "${X-\"a}b\"}",
                "X",
                Op::Default {
                    word: "a}b".into(),
                    colon: false,
                },
            ),
            ("${X:?}", "${X:?}", "X", Op::Required { colon: true }),
            ("${X?no}", "${X?no}", "X", Op::Required { colon: false }),
            (
                "${X:+y}",
                "${X:+y}",
                "X",
                Op::Alternate {
                    word: "y".into(),
                    colon: true,
                },
            ),
            ("${X%/*}", "${X%/*}", "X", Op::Derived),
            ("${#X}", "${#X}", "X", Op::Derived),
            ("${X:1:2}", "${X:1:2}", "X", Op::Derived),
            ("${X", "${X", "X", Op::Plain),
        ] {
            let param = read(text).expect(text);
            assert_eq!(
                (param.text.as_str(), param.name.as_str(), param.op),
                (written, name, op),
                "{text}"
            );
        }
        for text in ["$", "$%", "$ x", "${"] {
            assert!(read(text).is_none_or(|p| p.name.is_empty()), "{text}");
        }
    }

    #[test]
    fn values_come_from_positional_words_and_assignments() {
        let scope = Scope {
            positional: Some(vec!["_".into(), "/".into(), "b".into()]),
            vars: BTreeMap::from([("X".into(), "/x".into()), ("E".into(), String::new())]),
        };
        let value = |text: &str| scope.value(&read(text).expect(text));
        assert_eq!(value("$1"), Some(Value::One("/".into())));
        assert_eq!(value("$0"), Some(Value::One("_".into())));
        assert_eq!(value("$3"), Some(Value::One(String::new())));
        assert_eq!(value("$@"), Some(Value::Each(vec!["/".into(), "b".into()])));
        assert_eq!(value("$#"), Some(Value::One("2".into())));
        assert_eq!(value("${X:?}"), Some(Value::One("/x".into())));
        assert_eq!(value("${E:-/}"), Some(Value::One("/".into())));
        assert_eq!(value("${E-/}"), Some(Value::One(String::new())));
        assert_eq!(value("${X:+/}"), Some(Value::One("/".into())));
        assert_eq!(value("${U:-/}"), None, "U could be set outside the line");
        assert_eq!(value("$U"), None);
        assert_eq!(value("${X%/*}"), None);
    }
}
