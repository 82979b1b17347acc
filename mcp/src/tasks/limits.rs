//! The bounds on a server's tasks, set with
//! [`Server::task_limits`](crate::Server::task_limits).

use std::time::Duration;

/// The most tasks running at once by default.
pub const MAX_RUNNING_TASKS: usize = 64;

/// How long a finished task's result is kept by default.
pub const TASK_TTL: Duration = Duration::from_secs(300);

/// The most tasks, running or finished, kept at once by default.
pub const MAX_KEPT_TASKS: usize = 1024;

/// The most bytes of finished tasks' results kept at once by default.
pub const MAX_KEPT_TASK_BYTES: usize = 64 << 20;

/// How often a client is told to poll a task by default.
pub const TASK_POLL_INTERVAL: Duration = Duration::from_secs(1);

/// The bounds on the MCP tasks a server runs and keeps
/// (`#[tool(task)]`). When one is reached, no task is created: a tool
/// that may run as a task runs as an ordinary call, and one that must is
/// refused with an error result that says which bound. A task's result is
/// never dropped before its time to live is over, so the kept bounds hold
/// back new tasks rather than evict old ones.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TaskLimits {
    /// The most tasks running at once ([`MAX_RUNNING_TASKS`]).
    pub max_running: usize,
    /// How long a finished task's result is kept after it finished
    /// ([`TASK_TTL`]); clients see it as the task's `ttlMs`.
    pub ttl: Duration,
    /// The most tasks, running or finished, kept at once
    /// ([`MAX_KEPT_TASKS`]).
    pub max_kept: usize,
    /// The most bytes of finished tasks' results kept at once
    /// ([`MAX_KEPT_TASK_BYTES`]).
    pub max_kept_bytes: usize,
    /// The interval clients are asked to poll at ([`TASK_POLL_INTERVAL`]),
    /// their `pollIntervalMs`.
    pub poll_interval: Duration,
}

impl Default for TaskLimits {
    fn default() -> Self {
        TaskLimits {
            max_running: MAX_RUNNING_TASKS,
            ttl: TASK_TTL,
            max_kept: MAX_KEPT_TASKS,
            max_kept_bytes: MAX_KEPT_TASK_BYTES,
            poll_interval: TASK_POLL_INTERVAL,
        }
    }
}
