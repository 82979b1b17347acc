//! `[skills]` in the host config: skill folders scanned at run time.
//!
//! ```toml
//! [skills]
//! # Scanned in order, each over the one before; the project's
//! # `.agents/skills/` comes last. Relative to the agent folder.
//! dirs = ["team-skills"]
//! ```

use std::path::PathBuf;

use tackle::Problem;

use super::read;

const KEYS: &[&str] = &["dirs"];

/// What the host config says about skills.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SkillsConfig {
    /// `dirs`: skill folders, relative to the agent folder (or absolute).
    pub dirs: Vec<PathBuf>,
}

impl SkillsConfig {
    /// Reads top-level key `key`; problems are reported with their path.
    pub(super) fn parse(&mut self, key: &str, value: &toml::Value, problems: &mut Vec<Problem>) {
        let Some(table) = read::table(key, value, &format!("`[{key}]`"), problems) else {
            return;
        };
        for (name, value) in table {
            let path = format!("{key}.{name}");
            match name.as_str() {
                "dirs" => {
                    let what = ("a list of folders", "a folder path");
                    let keep = |dir: &str| !dir.trim().is_empty();
                    if let Some(dirs) = read::strings(&path, value, what, keep, problems) {
                        self.dirs.extend(dirs.into_iter().map(PathBuf::from));
                    }
                }
                other => problems.push(read::unknown_key(path, other, KEYS)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::config::HostConfig;

    #[test]
    fn reads_dirs_and_reports_mistakes() {
        let config =
            HostConfig::parse("[skills]\ndirs = [\"a\", \"/b\"]\n", "t.toml").expect("valid");
        assert_eq!(
            config.skills.dirs,
            vec![std::path::PathBuf::from("a"), "/b".into()]
        );
        let err = HostConfig::parse("[skills]\ndir = 3\n", "t.toml").expect_err("invalid");
        assert!(
            err.to_string()
                .contains("`skills.dir`: unknown key; did you mean `dirs`?"),
            "{err}"
        );
        let err = HostConfig::parse("[skills]\ndirs = [\"\", 2]\n", "t.toml").expect_err("invalid");
        assert_eq!(err.problems.len(), 2, "{err}");
    }
}
