//! Who a request came from.

use std::fmt;

/// Where a request came from: `cli`, `cron:<job id>`, `telegram:42`, ...
/// Roles in the host config are given to origins.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Origin(pub String);

impl Origin {
    /// An origin with this id.
    pub fn new(id: impl Into<String>) -> Self {
        Origin(id.into())
    }

    /// The origin of what a plugin does on its own: `plugin:<id>`.
    pub fn plugin(id: &str) -> Self {
        Origin(format!("plugin:{id}"))
    }

    /// The origin of a cron job's runs: `cron:<job id>`.
    pub fn cron(job_id: &str) -> Self {
        Origin(format!("cron:{job_id}"))
    }

    /// The origin id.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
