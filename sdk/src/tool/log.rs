//! A tool's log messages to the client (MCP `notifications/message`),
//! which the client filters with `logging/setLevel`.

use serde::{Deserialize, Serialize};

/// How severe a log message is, from least to most (syslog's levels, as
/// MCP names them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogLevel {
    /// Detail for debugging.
    Debug,
    /// Normal operation.
    Info,
    /// Normal but significant.
    Notice,
    /// Something may be wrong.
    Warning,
    /// Something failed.
    Error,
    /// A component failed.
    Critical,
    /// Act now.
    Alert,
    /// The system is unusable.
    Emergency,
}
