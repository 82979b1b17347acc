//! A project's name, checked once, and every name derived from it.

use std::fmt;

/// Names a generated project may not take: tackle's own crates, crates the
/// generated project depends on, and names the compiler or cargo keep.
/// Compared with `_` read as `-`, as cargo compares crate names.
const RESERVED: &[(&str, &str)] = &[
    ("tackle", "tackle's own crate"),
    ("tackle-sdk", "tackle's own crate"),
    ("tackle-runtime", "tackle's own crate"),
    ("tackle-macros", "tackle's own crate"),
    ("tackle-spec", "tackle's own crate"),
    ("tackle-cli", "tackle's own crate"),
    ("tackle-tests", "tackle's own crate"),
    ("tokio", "a dependency of the generated tests"),
    ("serde", "a dependency of tackle"),
    ("serde-json", "a dependency of the generated tests"),
    ("schemars", "a dependency of tackle"),
    ("inventory", "a dependency of tackle"),
    ("std", "Rust's standard library"),
    ("core", "Rust's core library"),
    ("alloc", "Rust's alloc library"),
    ("proc-macro", "Rust's proc_macro library"),
    ("test", "Rust's test library"),
    ("build", "a name cargo reserves"),
    ("deps", "a folder of cargo's target"),
    ("examples", "a folder of cargo's target"),
    ("incremental", "a folder of cargo's target"),
];

/// Rust's keywords (strict and reserved, edition 2024): a crate named so
/// cannot be written in `use` or `link!`.
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// Device names Windows will not create a file or folder of.
const WINDOWS_DEVICES: &[&str] = &[
    "con", "prn", "aux", "nul", "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8",
    "com9", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9",
];

/// The longest name: plugin ids and skill names stop at 64 characters.
pub const MAX_LEN: usize = 64;

/// A valid project name (`my-plugin`), and the names made from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectName(String);

/// Why a name cannot be a project's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameError {
    /// The name as given.
    pub name: String,
    /// What is wrong, and what to do.
    pub reason: String,
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` cannot name a project: {}", self.name, self.reason)
    }
}

impl std::error::Error for NameError {}

impl ProjectName {
    /// Checks `name`: lowercase ASCII letters, digits, and single `-` or
    /// `_` between words; starting with a letter; at most [`MAX_LEN`]
    /// characters; not a Rust keyword, nor a name that would clash with
    /// tackle's crates, the project's dependencies or Rust's own (`std`, `test`).
    pub fn parse(name: &str) -> Result<ProjectName, NameError> {
        let fail = |reason: String| NameError {
            name: name.to_owned(),
            reason,
        };
        if name.is_empty() {
            return Err(fail("the name is empty".into()));
        }
        if name.len() > MAX_LEN {
            return Err(fail(format!(
                "it has {} characters; plugin ids stop at {MAX_LEN}",
                name.len()
            )));
        }
        if name.bytes().any(|b| b.is_ascii_uppercase())
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        {
            return Err(fail(format!(
                "crate names are lowercase; try `{}`",
                kebab_case(name)
            )));
        }
        if let Some((at, c)) = name
            .char_indices()
            .find(|&(_, c)| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_'))
        {
            return Err(fail(format!(
                "{c:?} at byte {at} is not allowed; use lowercase letters, digits, `-` and `_`"
            )));
        }
        if !name.starts_with(|c: char| c.is_ascii_lowercase()) {
            return Err(fail("it must start with a lowercase letter".into()));
        }
        if name.ends_with(['-', '_']) {
            return Err(fail("it must end with a letter or a digit".into()));
        }
        if let Some(at) = name
            .as_bytes()
            .windows(2)
            .position(|w| matches!(w[0], b'-' | b'_') && matches!(w[1], b'-' | b'_'))
        {
            return Err(fail(format!(
                "`{}` at byte {at}: separate words with one `-` or `_` (plugin ids and skill names allow no more)",
                &name[at..at + 2]
            )));
        }
        let ident = name.replace('-', "_");
        if KEYWORDS.contains(&ident.as_str()) {
            return Err(fail(format!("`{ident}` is a Rust keyword")));
        }
        let kebab = name.replace('_', "-");
        if let Some((_, what)) = RESERVED.iter().find(|(n, _)| *n == kebab) {
            return Err(fail(format!("it would clash with {what}")));
        }
        if WINDOWS_DEVICES.contains(&name) {
            return Err(fail("Windows cannot create a folder of that name".into()));
        }
        Ok(ProjectName(name.to_owned()))
    }

    /// The plugin's package name, as given: `my-plugin`.
    pub fn crate_name(&self) -> &str {
        &self.0
    }

    /// The plugin's library, as Rust code names it: `my_plugin`.
    pub fn lib_ident(&self) -> String {
        self.0.replace('-', "_")
    }

    /// The plugin's id (`^[a-z0-9][a-z0-9-]*$`): `my-plugin`.
    pub fn plugin_id(&self) -> String {
        self.0.replace('_', "-")
    }

    /// The host binary's name: the project's.
    pub fn bin_name(&self) -> &str {
        &self.0
    }

    /// The host's package name: `my-plugin-host`.
    pub fn host_crate(&self) -> String {
        format!("{}-host", self.0)
    }

    /// The hook binary's package and binary name: `my-plugin-hook`.
    pub fn hook_crate(&self) -> String {
        format!("{}-hook", self.0)
    }
}

impl fmt::Display for ProjectName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// `MyPlugin` → `my-plugin`, `HTTPKit` → `httpkit`: a suggestion, not a rule.
fn kebab_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    let mut previous_lower = false;
    for c in name.chars() {
        if c.is_ascii_uppercase() && previous_lower {
            out.push('-');
        }
        previous_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        out.push(c.to_ascii_lowercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reason(name: &str) -> String {
        match ProjectName::parse(name) {
            Ok(n) => panic!("`{name}` was accepted as {n:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn valid_names_and_what_is_made_of_them() {
        let name = ProjectName::parse("my-plugin").expect("valid");
        assert_eq!(name.crate_name(), "my-plugin");
        assert_eq!(name.lib_ident(), "my_plugin");
        assert_eq!(name.plugin_id(), "my-plugin");
        assert_eq!(name.bin_name(), "my-plugin");
        assert_eq!(name.host_crate(), "my-plugin-host");
        let snake = ProjectName::parse("lint_guard2").expect("valid");
        assert_eq!(snake.lib_ident(), "lint_guard2");
        assert_eq!(snake.plugin_id(), "lint-guard2");
        assert!(ProjectName::parse(&"a".repeat(MAX_LEN)).is_ok());
    }

    #[test]
    fn each_rule_says_what_is_wrong() {
        for (name, needle) in [
            ("", "empty"),
            ("MyPlugin", "try `my-plugin`"),
            ("my plugin", "' ' at byte 2"),
            ("café", "'é' at byte 3"),
            ("my.plugin", "'.' at byte 2"),
            ("9lives", "start with a lowercase letter"),
            ("-x", "start with a lowercase letter"),
            ("x-", "end with a letter or a digit"),
            ("a--b", "`--` at byte 1"),
            ("a_-b", "`_-` at byte 1"),
            ("fn", "`fn` is a Rust keyword"),
            ("gen", "keyword"),
            ("self", "keyword"),
            ("tackle", "tackle's own crate"),
            ("tackle_runtime", "tackle's own crate"),
            ("test", "Rust's test library"),
            ("std", "standard library"),
            ("core", "core library"),
            ("tokio", "generated tests"),
            ("nul", "Windows"),
        ] {
            let message = reason(name);
            assert!(message.contains(needle), "{name:?}: {message}");
            assert!(message.starts_with(&format!("`{name}` cannot name a project: ")));
        }
        assert!(reason(&"a".repeat(MAX_LEN + 1)).contains("65 characters"));
    }

    #[test]
    fn suggestions_are_valid_names() {
        assert_eq!(kebab_case("MyPlugin"), "my-plugin");
        assert_eq!(kebab_case("Lint2Go"), "lint2-go");
        assert_eq!(kebab_case("HTTPKit"), "httpkit");
    }
}
