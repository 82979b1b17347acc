//! Streaks of identical tool calls, per session.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, SystemTime};

use tackle::serde_json::Value;

/// The last tool call of each session, and how many times in a row it was
/// made. Sessions are independent: each has its own entry.
#[derive(Debug, Default)]
pub struct Streaks {
    sessions: Mutex<HashMap<String, Streak>>,
}

#[derive(Debug)]
struct Streak {
    tool: String,
    arguments: Value,
    count: u32,
    /// When the session last made a call.
    seen: SystemTime,
}

impl Streaks {
    /// Records a call and returns how many times in a row this session has
    /// now made it (1 for a call that differs from the previous one).
    /// Arguments are compared as JSON values: key order and spacing do not
    /// matter.
    pub fn record(&self, session: &str, tool: &str, arguments: &Value) -> u32 {
        self.record_at(session, tool, arguments, SystemTime::now())
    }

    /// [`record`](Self::record), at a given time.
    pub fn record_at(&self, session: &str, tool: &str, arguments: &Value, at: SystemTime) -> u32 {
        let mut sessions = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
        match sessions.get_mut(session) {
            Some(streak) if streak.tool == tool && streak.arguments == *arguments => {
                streak.seen = at;
                streak.count = streak.count.saturating_add(1);
                streak.count
            }
            _ => {
                sessions.insert(
                    session.to_owned(),
                    Streak {
                        tool: tool.to_owned(),
                        arguments: arguments.clone(),
                        count: 1,
                        seen: at,
                    },
                );
                1
            }
        }
    }

    /// Forgets a session (it ended).
    pub fn forget(&self, session: &str) {
        self.sessions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(session);
    }

    /// Forgets the sessions that made no call for `max_idle` before `now`
    /// (agents that crashed never send `session_end`); returns how many.
    pub fn prune_idle(&self, now: SystemTime, max_idle: Duration) -> usize {
        let mut sessions = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
        let before = sessions.len();
        sessions.retain(|_, s| now.duration_since(s.seen).unwrap_or_default() < max_idle);
        before - sessions.len()
    }

    /// How many sessions are remembered.
    pub fn len(&self) -> usize {
        self.sessions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .len()
    }

    /// Whether no session is remembered.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use tackle::serde_json::{self, json};

    use super::*;

    #[test]
    fn identical_calls_in_a_row_are_counted() {
        let streaks = Streaks::default();
        let args = json!({"command": "cargo test"});
        assert_eq!(streaks.record("s", "Bash", &args), 1);
        assert_eq!(streaks.record("s", "Bash", &args), 2);
        assert_eq!(streaks.record("s", "Bash", &args), 3);
        assert_eq!(streaks.record("s", "Bash", &args), 4);
    }

    #[test]
    fn a_different_call_starts_a_new_streak() {
        let streaks = Streaks::default();
        let args = json!({"command": "cargo test"});
        streaks.record("s", "Bash", &args);
        streaks.record("s", "Bash", &args);
        assert_eq!(
            streaks.record("s", "Bash", &json!({"command": "cargo build"})),
            1
        );
        assert_eq!(streaks.record("s", "Bash", &args), 1);
        // Same arguments, another tool: not the same call.
        assert_eq!(streaks.record("s", "shell", &args), 1);
    }

    #[test]
    fn arguments_compare_as_json_not_as_text() {
        let streaks = Streaks::default();
        let a: Value = serde_json::from_str(r#"{"path": "a.rs", "limit": 10}"#).expect("json");
        let b: Value = serde_json::from_str(r#"{ "limit":10,"path":"a.rs" }"#).expect("json");
        streaks.record("s", "Read", &a);
        assert_eq!(streaks.record("s", "Read", &b), 2);
        assert_eq!(
            streaks.record("s", "Read", &json!({"path": "a.rs", "limit": 11})),
            1
        );
    }

    #[test]
    fn sessions_do_not_interfere() {
        let streaks = Streaks::default();
        let args = json!({"command": "ls"});
        streaks.record("one", "Bash", &args);
        streaks.record("one", "Bash", &args);
        assert_eq!(streaks.record("two", "Bash", &args), 1);
        assert_eq!(streaks.record("one", "Bash", &args), 3);
        assert_eq!(streaks.len(), 2);
    }

    #[test]
    fn idle_sessions_are_pruned() {
        let streaks = Streaks::default();
        let t0 = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000);
        let hour = Duration::from_secs(3600);
        let args = json!({"command": "ls"});
        streaks.record_at("old", "Bash", &args, t0);
        streaks.record_at("busy", "Bash", &args, t0);
        streaks.record_at("busy", "Bash", &args, t0 + 20 * hour);
        assert_eq!(streaks.prune_idle(t0 + 24 * hour, 24 * hour), 1);
        assert_eq!(streaks.len(), 1);
        // The busy session keeps its streak.
        assert_eq!(streaks.record_at("busy", "Bash", &args, t0 + 25 * hour), 3);
    }

    #[test]
    fn forgetting_a_session_resets_only_it() {
        let streaks = Streaks::default();
        let args = json!({"command": "ls"});
        streaks.record("one", "Bash", &args);
        streaks.record("two", "Bash", &args);
        streaks.forget("one");
        assert_eq!(streaks.len(), 1);
        assert_eq!(streaks.record("one", "Bash", &args), 1);
        assert_eq!(streaks.record("two", "Bash", &args), 2);
    }
}
