//! The skill catalogue: the skills of the running plugins (read at compile
//! time) merged with the skill folders scanned at run time.
//!
//! Folders, from lowest to highest precedence: each `[skills] dirs` entry
//! of the host config in order, then the project's `.agents/skills/` in the
//! agent folder. In a folder a skill is `<slug>/SKILL.md` or a flat
//! `<name>.md`. A skill overrides every lower one of the same name (plugin
//! skills are the lowest), and what it shadows is recorded. A file that
//! breaks the frontmatter rules ([`tackle_spec::skill`], the same as at
//! compile time) is reported as a [`SkillProblem`] with its path and
//! line — never skipped silently.

mod scan;

use std::fmt;
use std::path::{Path, PathBuf};

use serde_json::Value;
use tackle::def::PluginDef;

use crate::config::SkillsConfig;

/// The folder, inside the agent folder, that holds the project's skills.
pub const PROJECT_SKILLS: &str = ".agents/skills";

/// Where a skill comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SkillOrigin {
    /// `plugin! { skills: [...] }` of a plugin.
    Plugin {
        /// The plugin's id.
        plugin: &'static str,
        /// The file, relative to the plugin's crate.
        path: &'static str,
    },
    /// A file found in a skill folder.
    Folder {
        /// The file.
        path: PathBuf,
    },
}

impl SkillOrigin {
    /// As `list --json` and `manifest` show it.
    pub fn to_json(&self) -> Value {
        match self {
            SkillOrigin::Plugin { plugin, path } => {
                serde_json::json!({ "plugin": plugin, "path": path })
            }
            SkillOrigin::Folder { path } => {
                serde_json::json!({ "plugin": null, "path": path.display().to_string() })
            }
        }
    }
}

impl fmt::Display for SkillOrigin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SkillOrigin::Plugin { plugin, path } => write!(f, "plugin `{plugin}` ({path})"),
            SkillOrigin::Folder { path } => write!(f, "{}", path.display()),
        }
    }
}

/// One skill of the catalogue.
#[derive(Debug, Clone, PartialEq)]
pub struct Skill {
    /// Its name (unique in the catalogue).
    pub name: String,
    /// What it is for, for the agent choosing skills.
    pub description: String,
    /// `enabled` from its frontmatter; a disabled skill still overrides
    /// lower ones of its name, which is how a project switches one off.
    pub enabled: bool,
    /// `input_schema`, if given (a checked JSON Schema).
    pub input_schema: Option<Value>,
    /// `output_schema`, if given (a checked JSON Schema).
    pub output_schema: Option<Value>,
    /// The Markdown after the frontmatter.
    pub body: String,
    /// Where it comes from.
    pub origin: SkillOrigin,
    /// The skills of the same name it overrides, lowest first.
    pub shadowed: Vec<SkillOrigin>,
}

impl Skill {
    /// As `list --json` and `manifest` show it (without the body).
    pub fn to_json(&self) -> Value {
        serde_json::json!({
            "name": self.name,
            "description": self.description,
            "enabled": self.enabled,
            "source": self.origin.to_json(),
            "shadows": self.shadowed.iter().map(SkillOrigin::to_json).collect::<Vec<_>>(),
            "input_schema": self.input_schema,
            "output_schema": self.output_schema,
        })
    }
}

/// A skill file that could not be used, or a clash between skills.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillProblem {
    /// The file or folder.
    pub path: PathBuf,
    /// The line of the file, when the problem has one.
    pub line: Option<usize>,
    /// The plugin whose skill it is, for plugin skills.
    pub plugin: Option<&'static str>,
    /// What is wrong and what to do.
    pub message: String,
}

impl fmt::Display for SkillProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Every skill the host knows, and the problems found on the way.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SkillCatalogue {
    skills: Vec<Skill>,
    problems: Vec<SkillProblem>,
}

impl SkillCatalogue {
    /// Merges the plugins' skills (in host order) with the folders the
    /// config names and the project's [`PROJECT_SKILLS`].
    pub fn load<'a>(
        agent_dir: &Path,
        config: &SkillsConfig,
        plugins: impl IntoIterator<Item = &'a PluginDef>,
    ) -> SkillCatalogue {
        let mut catalogue = SkillCatalogue::default();
        for plugin in plugins {
            for def in plugin.skills {
                let origin = SkillOrigin::Plugin {
                    plugin: plugin.id,
                    path: def.path,
                };
                if let Some(first) = catalogue.skills.iter().find(|s| s.name == def.name) {
                    catalogue.problems.push(SkillProblem {
                        path: PathBuf::from(def.path),
                        line: None,
                        plugin: Some(plugin.id),
                        message: format!(
                            "skill `{}` of plugin `{}` has the name of a skill of {}, which is used instead; rename one, or override both with a project skill in `{PROJECT_SKILLS}/`",
                            def.name, plugin.id, first.origin
                        ),
                    });
                    continue;
                }
                catalogue.skills.push(Skill {
                    name: def.name.to_owned(),
                    description: def.description.to_owned(),
                    enabled: def.enabled,
                    input_schema: def.input_schema(),
                    output_schema: def.output_schema(),
                    body: def.body().to_owned(),
                    origin,
                    shadowed: Vec::new(),
                });
            }
        }
        for dir in &config.dirs {
            let layer = scan::folder(&agent_dir.join(dir), true, &mut catalogue.problems);
            catalogue.overlay(layer);
        }
        let project = scan::folder(
            &agent_dir.join(PROJECT_SKILLS),
            false,
            &mut catalogue.problems,
        );
        catalogue.overlay(project);
        catalogue.skills.sort_by(|a, b| a.name.cmp(&b.name));
        catalogue
    }

    /// Puts a folder's skills over the catalogue's.
    fn overlay(&mut self, layer: Vec<Skill>) {
        for mut skill in layer {
            match self.skills.iter_mut().find(|s| s.name == skill.name) {
                Some(lower) => {
                    let mut shadowed = std::mem::take(&mut lower.shadowed);
                    shadowed.push(lower.origin.clone());
                    skill.shadowed = shadowed;
                    *lower = skill;
                }
                None => self.skills.push(skill),
            }
        }
    }

    /// The skills, by name.
    pub fn skills(&self) -> &[Skill] {
        &self.skills
    }

    /// The skill with this name.
    pub fn skill(&self, name: &str) -> Option<&Skill> {
        self.skills.iter().find(|s| s.name == name)
    }

    /// Files that could not be used, and clashes.
    pub fn problems(&self) -> &[SkillProblem] {
        &self.problems
    }
}

/// The `SKILL` table of `list` (drawn by `table`), and the skill problems;
/// empty when there is neither.
pub fn list_text(
    catalogue: &SkillCatalogue,
    table: fn(&[&str], &[Vec<String>]) -> String,
) -> String {
    let rows: Vec<Vec<String>> = catalogue
        .skills()
        .iter()
        .map(|s| {
            vec![
                s.name.clone(),
                if s.enabled { "yes" } else { "no" }.to_owned(),
                s.origin.to_string(),
                if s.shadowed.is_empty() {
                    "-".to_owned()
                } else {
                    s.shadowed
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                },
                s.description.lines().next().unwrap_or_default().to_owned(),
            ]
        })
        .collect();
    let mut out = String::new();
    if !rows.is_empty() {
        out.push('\n');
        out.push_str(&table(
            &["SKILL", "ENABLED", "SOURCE", "OVERRIDES", "DESCRIPTION"],
            &rows,
        ));
    }
    if !catalogue.problems().is_empty() {
        out.push_str("\nskill files that cannot be used (see `doctor`):\n");
        for problem in catalogue.problems() {
            out.push_str(&format!("  - {problem}\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests;
