// A `#[cron]` job's key that a `cron_jobs` entry (or another job) of the crate has is refused.
use tackle::prelude::*;

tackle::plugin! {
    id: "jobs",
    cron_jobs: [
        { key: "digest", schedule: "0 9 * * 1-5", prompt: "Summarise yesterday's commits" },
    ],
}

/// Writes the digest.
#[cron("0 9 * * *")]
fn digest() {}

fn main() {}
