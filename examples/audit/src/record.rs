//! One line of the audit log.

use std::time::{SystemTime, UNIX_EPOCH};

use tackle::hook::{AnyEvent, HookPoint, Outcome};
use tackle::prelude::*;
use tackle::serde_json::{self, Value};

/// What the log holds for one event: when, where, which session, the event
/// as its hooks last saw it, and what they decided.
#[tackle::data]
#[derive(Debug, Serialize)]
pub struct Record<'a> {
    /// Seconds since the Unix epoch, to the millisecond.
    pub ts: f64,
    /// The point the event was dispatched at.
    pub point: HookPoint,
    /// The agent session.
    pub session_id: &'a str,
    /// The event, as JSON.
    pub event: Value,
    /// The verdict, who decided it, added context and hook failures.
    pub outcome: &'a Outcome,
}

impl<'a> Record<'a> {
    /// The record of an event, stamped now.
    pub fn of(ev: &AnyEvent<'a>) -> Record<'a> {
        let millis = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        Record {
            ts: millis as f64 / 1000.0,
            point: ev.point(),
            session_id: ev.session_id(),
            event: ev.to_json(),
            outcome: ev.outcome(),
        }
    }

    /// The record as one line of JSON, newline included.
    pub fn to_line(&self) -> Result<Vec<u8>, serde_json::Error> {
        let mut line = serde_json::to_vec(self)?;
        line.push(b'\n');
        Ok(line)
    }
}

#[cfg(test)]
mod tests {
    use tackle::hook::{BeforeToolCall, Decider, HookId, Verdict};
    use tackle::serde_json::json;

    use super::*;

    #[test]
    fn a_record_is_one_line_of_json_with_the_outcome() {
        let event = BeforeToolCall {
            session_id: "s1".into(),
            tool_name: "Bash".into(),
            arguments: json!({"command": "sudo ls\nrm x"}),
            ..Default::default()
        };
        let mut outcome = Outcome::new(HookPoint::BeforeToolCall);
        outcome.verdict = Verdict::Deny {
            reason: "no".into(),
        };
        outcome.decided_by = Some(Decider::Hook {
            hook: HookId {
                plugin: "guard",
                name: "refuse_destructive",
            },
        });
        let line = Record::of(&AnyEvent::new(&event, &outcome))
            .to_line()
            .expect("encodes");
        assert_eq!(line.iter().filter(|&&b| b == b'\n').count(), 1);
        assert_eq!(line.last(), Some(&b'\n'));
        let value: Value = serde_json::from_slice(&line).expect("json");
        assert_eq!(value["point"], "before_tool_call");
        assert_eq!(value["session_id"], "s1");
        assert_eq!(value["event"]["arguments"]["command"], "sudo ls\nrm x");
        assert_eq!(value["outcome"]["verdict"], "deny");
        assert_eq!(value["outcome"]["decided_by"]["hook"]["plugin"], "guard");
        assert!(value["ts"].as_f64().is_some_and(|t| t > 1.7e9), "{value}");
    }
}
