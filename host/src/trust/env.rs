//! The environment variables that decide what tackle trusts, as the user
//! set them: `TACKLE_TRUST_PROJECT`, `TACKLE_HOME`, `TACKLE_CONFIG` and
//! `HOME`.
//!
//! An agent can hand a project's own environment to its hook processes.
//! Claude Code (2.1.330) applies the `env` block of the project's
//! `.claude/settings.json` and `.claude/settings.local.json` once the
//! folder is trusted in Claude Code, and in `-p` mode without asking;
//! Gemini CLI (0.61.0) loads the project's `.gemini/.env` or `.env` in a
//! folder trusted in Gemini CLI. A project could then trust itself
//! (`TACKLE_TRUST_PROJECT=1`), or point tackle at a config or a home of its
//! own. tackle cannot tell the user's value from the project's, so a
//! variable one of those files names is not honoured: the project stays
//! untrusted, `TACKLE_HOME` falls back to `$HOME/.tackle`, `TACKLE_CONFIG`
//! is not read, and with `HOME` named there is no user folder at all. Each
//! ignored variable is kept as an [`IgnoredVar`] for `doctor`.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The variables checked, in the order reports list them.
const CHECKED: [&str; 4] = [
    "TACKLE_TRUST_PROJECT",
    "TACKLE_HOME",
    "TACKLE_CONFIG",
    "HOME",
];

/// A variable the project's agent settings name, so tackle ignores it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IgnoredVar {
    /// The variable.
    pub name: &'static str,
    /// The project file that names it.
    pub file: PathBuf,
}

/// tackle's trust variables for one agent folder, with those the project
/// could have set left out.
///
/// ```
/// use tackle_host::trust::UserVars;
///
/// let project = tempfile::tempdir().unwrap();
/// std::fs::create_dir(project.path().join(".claude")).unwrap();
/// std::fs::write(
///     project.path().join(".claude/settings.json"),
///     r#"{"env": {"TACKLE_TRUST_PROJECT": "1"}}"#,
/// ).unwrap();
/// // Set in the hook's environment, but named by the project: not honoured.
/// let vars = UserVars::from_vars(project.path(), |name| {
///     (name == "TACKLE_TRUST_PROJECT").then(|| "1".into())
/// });
/// assert!(!vars.trusts_project());
/// assert_eq!(vars.ignored()[0].name, "TACKLE_TRUST_PROJECT");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UserVars {
    home: Option<PathBuf>,
    tackle_home: Option<PathBuf>,
    config: Option<PathBuf>,
    trust_project: bool,
    ignored: Vec<IgnoredVar>,
}

impl UserVars {
    /// The process's variables, checked against `agent_dir`'s agent settings.
    pub fn read(agent_dir: &Path) -> UserVars {
        UserVars::from_vars(agent_dir, |name| std::env::var_os(name))
    }

    /// As [`read`](Self::read), with the variables from `var`.
    pub fn from_vars(agent_dir: &Path, var: impl Fn(&str) -> Option<OsString>) -> UserVars {
        let set: Vec<(&'static str, OsString)> = CHECKED
            .iter()
            .filter_map(|&name| var(name).filter(|v| !v.is_empty()).map(|v| (name, v)))
            .collect();
        let names: Vec<&str> = set.iter().map(|(name, _)| *name).collect();
        let ignored = if names.is_empty() {
            Vec::new()
        } else {
            named_by_project(agent_dir, &names)
        };
        let honoured = |name: &str| {
            set.iter()
                .find(|(n, _)| *n == name && !ignored.iter().any(|i| i.name == name))
                .map(|(_, v)| v.clone())
        };
        let home = honoured("HOME").map(PathBuf::from);
        let tackle_home = honoured("TACKLE_HOME")
            .map(PathBuf::from)
            .or_else(|| home.as_ref().map(|h| h.join(".tackle")));
        UserVars {
            tackle_home,
            config: honoured("TACKLE_CONFIG").map(PathBuf::from),
            trust_project: honoured("TACKLE_TRUST_PROJECT").is_some_and(|v| v == "1"),
            home,
            ignored,
        }
    }

    /// The user's home folder (`HOME`).
    pub fn home(&self) -> Option<&Path> {
        self.home.as_deref()
    }

    /// The user's tackle folder: `$TACKLE_HOME`, else `$HOME/.tackle`.
    pub fn tackle_home(&self) -> Option<&Path> {
        self.tackle_home.as_deref()
    }

    /// The config `TACKLE_CONFIG` names.
    pub fn config(&self) -> Option<&Path> {
        self.config.as_deref()
    }

    /// Whether `TACKLE_TRUST_PROJECT=1` trusts the project for this run.
    pub fn trusts_project(&self) -> bool {
        self.trust_project
    }

    /// The variables set but not honoured, and the files that name them.
    pub fn ignored(&self) -> &[IgnoredVar] {
        &self.ignored
    }
}

/// Which of `names` the project's agent settings in `agent_dir` name.
fn named_by_project(agent_dir: &Path, names: &[&'static str]) -> Vec<IgnoredVar> {
    let mut out = Vec::new();
    let files = [
        (".claude/settings.json", Kind::Json),
        (".claude/settings.local.json", Kind::Json),
        (".gemini/.env", Kind::Dotenv),
        (".env", Kind::Dotenv),
    ];
    for (relative, kind) in files {
        let file = agent_dir.join(relative);
        // Missing, unreadable or oversized: the agent does not apply it either.
        let Ok(text) = crate::limits::read_text(&file) else {
            continue;
        };
        for &name in names {
            let named = match kind {
                Kind::Json => json_names(&text, name),
                Kind::Dotenv => dotenv_names(&text, name),
            };
            if named && !out.iter().any(|i: &IgnoredVar| i.name == name) {
                out.push(IgnoredVar {
                    name,
                    file: file.clone(),
                });
            }
        }
    }
    out
}

#[derive(Clone, Copy)]
enum Kind {
    Json,
    Dotenv,
}

/// Whether a Claude Code settings file's `env` block sets `name` (any
/// case: Claude Code upper-cases names on Windows). Text that does not
/// parse counts when it mentions the name at all.
fn json_names(text: &str, name: &str) -> bool {
    // Most settings files have no `env` block: no parse for them. An
    // escape could spell either word, so text with one is parsed.
    let escaped = text.contains("\\u");
    let mentions = text.contains("\"env\"") && text.to_ascii_uppercase().contains(name);
    if !mentions && !escaped {
        return false;
    }
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(settings) => settings
            .get("env")
            .and_then(serde_json::Value::as_object)
            .is_some_and(|env| env.keys().any(|k| k.eq_ignore_ascii_case(name))),
        Err(_) => text.to_ascii_uppercase().contains(name),
    }
}

/// Whether a dotenv file defines `name`: a line `[export] NAME=...` or
/// `NAME: ...`, as the `dotenv` package reads it. A line inside a quoted
/// value may count too: that errs towards ignoring the variable.
fn dotenv_names(text: &str, name: &str) -> bool {
    text.lines().any(|line| {
        let line = line.trim_start();
        let line = line
            .strip_prefix("export")
            .filter(|rest| rest.starts_with(char::is_whitespace))
            .map_or(line, str::trim_start);
        let end = line
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-')))
            .unwrap_or(line.len());
        let (key, rest) = line.split_at(end);
        key.eq_ignore_ascii_case(name) && rest.trim_start().starts_with(['=', ':'])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(agent_dir: &Path, set: &[(&str, &str)]) -> UserVars {
        let set: Vec<(String, String)> = set
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        UserVars::from_vars(agent_dir, move |name| {
            set.iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| OsString::from(v))
        })
    }

    #[test]
    fn variables_the_project_names_are_not_honoured() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path();
        let all = [
            ("HOME", "/home/u"),
            ("TACKLE_HOME", "/th"),
            ("TACKLE_CONFIG", "/c.toml"),
            ("TACKLE_TRUST_PROJECT", "1"),
        ];
        let clean = vars(dir, &all);
        assert_eq!(clean.tackle_home(), Some(Path::new("/th")));
        assert_eq!(clean.config(), Some(Path::new("/c.toml")));
        assert!(clean.trusts_project() && clean.ignored().is_empty());

        std::fs::create_dir_all(dir.join(".claude")).expect("folder");
        // An escaped name is still the name.
        std::fs::write(
            dir.join(".claude/settings.local.json"),
            r#"{"env": {"TACKLE\u005fHOME": "./h", "tackle_config": "./c.toml"}}"#,
        )
        .expect("writes");
        std::fs::write(
            dir.join(".env"),
            "A=1\n  export  TACKLE_TRUST_PROJECT = 1\n",
        )
        .expect("w");
        let checked = vars(dir, &all);
        assert_eq!(checked.tackle_home(), Some(Path::new("/home/u/.tackle")));
        assert_eq!(checked.config(), None);
        assert!(!checked.trusts_project());
        let ignored: Vec<(&str, String)> = checked
            .ignored()
            .iter()
            .map(|i| {
                (
                    i.name,
                    i.file
                        .strip_prefix(dir)
                        .expect("inside")
                        .display()
                        .to_string(),
                )
            })
            .collect();
        assert_eq!(
            ignored,
            [
                ("TACKLE_HOME", ".claude/settings.local.json".to_owned()),
                ("TACKLE_CONFIG", ".claude/settings.local.json".to_owned()),
                ("TACKLE_TRUST_PROJECT", ".env".to_owned()),
            ]
        );

        // HOME named: no user folder at all.
        std::fs::write(
            dir.join(".claude/settings.json"),
            r#"{"env": {"HOME": "."}}"#,
        )
        .expect("w");
        let no_home = vars(dir, &[("HOME", "/home/u")]);
        assert_eq!((no_home.home(), no_home.tackle_home()), (None, None));
    }

    #[test]
    fn names_must_be_whole_keys() {
        assert!(!dotenv_names(
            "JAVA_HOME=/opt/jdk\n# HOME=x\nHOMEDIR=1\n",
            "HOME"
        ));
        assert!(dotenv_names("HOME: /x\n", "HOME"));
        assert!(dotenv_names("export\tHOME=/x\n", "HOME"));
        assert!(!json_names(
            r#"{"env": {"JAVA_HOME": "/opt"}, "HOME": 1}"#,
            "HOME"
        ));
        assert!(json_names(r#"{"env": {"home": "/x"}}"#, "HOME"));
        assert!(
            json_names(r#"{"env": {"HOME": "/x"},"#, "HOME"),
            "broken text mentioning it"
        );
        assert!(!json_names(r#"{"permissions": {}}"#, "HOME"));
    }
}
