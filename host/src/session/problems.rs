//! What a store reported and the host has not shown yet.

use std::collections::VecDeque;
use std::sync::Mutex;

/// How many reported problems are kept for `SessionStore::take_problems`:
/// a host that never asks (a long-lived server) holds no more than these.
const KEPT: usize = 16;

#[derive(Debug, Default)]
pub(super) struct Problems(Mutex<VecDeque<String>>);

impl Problems {
    /// Logs `problem` and keeps it, dropping the oldest past [`KEPT`].
    pub(super) fn push(&self, problem: String) {
        tracing::warn!(target: "tackle::session", "{problem}");
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() == KEPT {
            kept.pop_front();
        }
        kept.push_back(problem);
    }

    pub(super) fn take(&self) -> Vec<String> {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        kept.drain(..).collect()
    }
}
