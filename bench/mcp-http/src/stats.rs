//! Latency percentiles and rates of one measured run.

use std::time::Duration;

/// The `p`-th percentile (0 < `p` ≤ 100) of `sorted` by the nearest-rank
/// method: the smallest sample with at least `p` % of the samples at or
/// below it, so always one of the samples (the median of an even count is
/// the lower middle one). `None` for no samples or a `p` outside (0, 100].
pub fn percentile(sorted: &[Duration], p: f64) -> Option<Duration> {
    if sorted.is_empty() || !(p > 0.0 && p <= 100.0) {
        return None;
    }
    // 99.9 % of 1000 is 999.0000000000001 in floating point: a relative
    // hair off before rounding up keeps an exact rank exact.
    let exact = p / 100.0 * sorted.len() as f64;
    let rank = (exact * (1.0 - 1e-12)).ceil() as usize;
    sorted.get(rank.clamp(1, sorted.len()) - 1).copied()
}

/// What one server did at one concurrency in one round.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Calls answered correctly that started and ended inside the window.
    pub requests: usize,
    /// Calls that failed (an HTTP error, a wrong or missing answer).
    pub errors: usize,
    pub median: Duration,
    pub p99: Duration,
    /// `requests` over the window's length.
    pub per_second: f64,
}

impl Summary {
    /// Sorts `latencies` and summarizes them over a window of `window`;
    /// `None` when no call was timed.
    pub fn of(mut latencies: Vec<Duration>, errors: usize, window: Duration) -> Option<Summary> {
        latencies.sort_unstable();
        Some(Summary {
            requests: latencies.len(),
            errors,
            median: percentile(&latencies, 50.0)?,
            p99: percentile(&latencies, 99.0)?,
            per_second: latencies.len() as f64 / window.as_secs_f64(),
        })
    }
}
