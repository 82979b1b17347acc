//! What the scheduler reports: each run's start and outcome, skipped and
//! missed runs. Hosts and tests subscribe with
//! [`Scheduler::subscribe`](super::Scheduler::subscribe).

use std::time::Duration;

use tackle_spec::cron::chrono::{DateTime, Utc};

/// Something that happened to a job.
#[derive(Debug, Clone, PartialEq)]
pub enum CronEvent {
    /// A run started.
    Started {
        /// The job's id.
        job: String,
        /// When it was due.
        scheduled: DateTime<Utc>,
    },
    /// A run ended.
    Finished {
        /// The job's id.
        job: String,
        /// When it was due.
        scheduled: DateTime<Utc>,
        /// How it went.
        outcome: RunOutcome,
        /// How long it ran (tokio's clock).
        took: Duration,
    },
    /// A run came due while the previous one was still running, and was
    /// skipped: runs of one job never overlap.
    SkippedOverlap {
        /// The job's id.
        job: String,
        /// When the skipped run was due.
        scheduled: DateTime<Utc>,
        /// How many runs of this job were skipped so far.
        skipped_total: u64,
    },
    /// Runs were missed (the process was suspended or the clock jumped);
    /// the latest one runs, the others are not replayed.
    Missed {
        /// The job's id.
        job: String,
        /// How many due times were not run.
        missed: u64,
        /// The due time that runs instead.
        running: DateTime<Utc>,
    },
}

/// How a run went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunOutcome {
    /// It succeeded; `output` is what an exec job printed or what the agent
    /// answered a prompt job (trimmed), if anything.
    Succeeded {
        /// The output, if any.
        output: Option<String>,
    },
    /// It failed: the job's error, a non-zero exit, a missing bridge.
    Failed(String),
    /// The plugin code panicked (contained).
    Panicked(String),
    /// An exec job ran past its timeout and was killed.
    TimedOut(Duration),
    /// It was still running when the grace period after shutdown ended.
    Abandoned,
}

impl RunOutcome {
    /// Whether the run succeeded.
    pub fn is_success(&self) -> bool {
        matches!(self, RunOutcome::Succeeded { .. })
    }
}

impl std::fmt::Display for RunOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunOutcome::Succeeded { .. } => f.write_str("succeeded"),
            RunOutcome::Failed(why) => write!(f, "failed: {why}"),
            RunOutcome::Panicked(why) => write!(f, "panicked: {why}"),
            RunOutcome::TimedOut(after) => {
                write!(f, "timed out after {} s and was killed", after.as_secs())
            }
            RunOutcome::Abandoned => f.write_str("did not finish within the shutdown grace period"),
        }
    }
}
