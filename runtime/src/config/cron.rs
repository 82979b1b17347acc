//! The host config's cron (issue 4 cron). (Scaffold for issue 4: filled in by that work.)

use tackle::Problem;

/// What the host config says about cron.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CronConfig {}

impl CronConfig {
    /// Reads top-level key `key`; problems are reported with their path.
    pub(super) fn parse(&mut self, key: &str, _value: &toml::Value, problems: &mut Vec<Problem>) {
        problems.push(Problem::new(key, "not supported yet"));
    }
}
