//! The host config's provider (issue 4 providers). (Scaffold for issue 4: filled in by that work.)

use tackle::Problem;

/// What the host config says about provider.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProvidersConfig {}

impl ProvidersConfig {
    /// Reads top-level key `key`; problems are reported with their path.
    pub(super) fn parse(&mut self, key: &str, _value: &toml::Value, problems: &mut Vec<Problem>) {
        problems.push(Problem::new(key, "not supported yet"));
    }
}
