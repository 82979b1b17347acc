//! A session's streak of identical tool calls.

use std::hash::{DefaultHasher, Hash, Hasher};

use tackle::prelude::*;
use tackle::serde_json::Value;

/// The last tool call of a session and how many times in a row it was
/// made: what `doom-loop` keeps per session (`&Session<Streak>`).
#[tackle::data]
#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Streak {
    /// The tool of the last call.
    tool: String,
    /// Its arguments, as a fingerprint: the streak stays a few bytes
    /// whatever the arguments hold (a `Write` of a whole file).
    arguments: u64,
    /// How many times in a row it was made.
    count: u32,
}

impl Streak {
    /// Records a call and returns how many times in a row it has now been
    /// made (1 for a call that differs from the previous one). Arguments
    /// are compared as JSON values: key order and spacing do not matter.
    pub fn record(&mut self, tool: &str, arguments: &Value) -> u32 {
        let fingerprint = fingerprint(arguments);
        if self.count > 0 && self.tool == tool && self.arguments == fingerprint {
            self.count = self.count.saturating_add(1);
        } else {
            *self = Streak {
                tool: tool.to_owned(),
                arguments: fingerprint,
                count: 1,
            };
        }
        self.count
    }
}

/// A hash of `arguments` that equal values share (serde_json hashes an
/// object's keys in sorted order). The same in every process of one build,
/// which is all a streak needs: std's `DefaultHasher::new()` has fixed keys.
fn fingerprint(arguments: &Value) -> u64 {
    let mut hasher = DefaultHasher::new();
    arguments.hash(&mut hasher);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use tackle::serde_json::{self, json};

    use super::*;

    #[test]
    fn identical_calls_in_a_row_are_counted() {
        let mut streak = Streak::default();
        let args = json!({"command": "cargo test"});
        assert_eq!(streak.record("Bash", &args), 1);
        assert_eq!(streak.record("Bash", &args), 2);
        assert_eq!(streak.record("Bash", &args), 3);
        assert_eq!(streak.record("Bash", &args), 4);
    }

    #[test]
    fn a_different_call_starts_a_new_streak() {
        let mut streak = Streak::default();
        let args = json!({"command": "cargo test"});
        streak.record("Bash", &args);
        streak.record("Bash", &args);
        assert_eq!(streak.record("Bash", &json!({"command": "cargo build"})), 1);
        assert_eq!(streak.record("Bash", &args), 1);
        // Same arguments, another tool: not the same call.
        assert_eq!(streak.record("shell", &args), 1);
    }

    #[test]
    fn arguments_compare_as_json_not_as_text() {
        let mut streak = Streak::default();
        let a: Value = serde_json::from_str(r#"{"path": "a.rs", "limit": 10}"#).expect("json");
        let b: Value = serde_json::from_str(r#"{ "limit":10,"path":"a.rs" }"#).expect("json");
        streak.record("Read", &a);
        assert_eq!(streak.record("Read", &b), 2);
        assert_eq!(
            streak.record("Read", &json!({"path": "a.rs", "limit": 11})),
            1
        );
    }

    #[test]
    fn a_streak_survives_being_saved_and_read_back() {
        let mut streak = Streak::default();
        let args = json!({"command": "ls", "nested": {"b": [1, 2], "a": null}});
        streak.record("Bash", &args);
        let saved = serde_json::to_string(&streak).expect("saves");
        let mut read: Streak = serde_json::from_str(&saved).expect("reads");
        assert_eq!(read, streak);
        assert_eq!(read.record("Bash", &args), 2);
    }
}
