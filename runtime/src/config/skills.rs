//! The host config's skills (issue 4 skills). (Scaffold for issue 4: filled in by that work.)

use tackle::Problem;

/// What the host config says about skills.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SkillsConfig {}

impl SkillsConfig {
    /// Reads top-level key `key`; problems are reported with their path.
    pub(super) fn parse(&mut self, key: &str, _value: &toml::Value, problems: &mut Vec<Problem>) {
        problems.push(Problem::new(key, "not supported yet"));
    }
}
