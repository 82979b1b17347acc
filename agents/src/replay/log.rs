//! tackle's own event log: one `{"ts","point","session_id","event","outcome"}`
//! line per dispatched event, as the `audit-logger` example writes it.
//!
//! Each line is replayed at its own point with the event as recorded (after
//! the recorded run's rewrites, which is what its later hooks saw), and its
//! recorded outcome is kept, so the report can show where today's hooks
//! decide otherwise.

use std::collections::HashMap;

use serde_json::{Map, Value};
use tackle::hook::HookPoint;

use super::{Item, LineProblem, Recorded, Step};

/// The log's reader: one record at a time, pairing tool events into calls.
#[derive(Debug, Default)]
pub(super) struct Reader {
    calls: Calls,
}

impl Reader {
    /// Record `n` as what it gives: a step, a skipped record of the
    /// catch-all point, or a problem.
    pub(super) fn line(&mut self, n: usize, record: &Map<String, Value>) -> Item {
        match step(n, record, &mut self.calls) {
            Ok(Some(step)) => Item::Step(step),
            Ok(None) => Item::Skipped("event".into()),
            Err(message) => Item::Problem(LineProblem { line: n, message }),
        }
    }
}

/// One record as a step; `None` for a record at the catch-all point,
/// which is no event of its own.
fn step(n: usize, record: &Map<String, Value>, calls: &mut Calls) -> Result<Option<Step>, String> {
    let Some(name) = record.get("point").and_then(Value::as_str) else {
        return Err("no `point`: not a tackle event log record — skipped".into());
    };
    let Some(point) = HookPoint::from_name(name) else {
        return Err(format!(
            "unknown hook point `{name}`{} — skipped",
            crate::suggest::did_you_mean(
                name,
                &HookPoint::ALL.iter().map(|p| p.name()).collect::<Vec<_>>()
            )
        ));
    };
    if point == HookPoint::AnyEvent {
        return Ok(None);
    }
    let Some(Value::Object(event)) = record.get("event") else {
        return Err(format!("no `event` object for `{point}` — skipped"));
    };
    let mut fields = event.clone();
    if !fields.contains_key("session_id")
        && let Some(session) = record.get("session_id").filter(|s| s.is_string())
    {
        fields.insert("session_id".into(), session.clone());
    }
    let time = record.get("ts").and_then(Value::as_f64);
    let recorded = record.get("outcome").map(Recorded::from_outcome);
    let call = calls.key(point, &fields);
    Ok(Some(Step {
        line: n,
        time,
        native: None,
        points: vec![point],
        fields: Value::Object(fields),
        call,
        recorded,
    }))
}

/// Pairs tool events into calls: by the agent's id when the event has one,
/// else a call opened at `permission_request` or `before_tool_call` is
/// closed by the next result of the same tool in the same session. At
/// most [`MAX_OPEN_CALLS`](super::MAX_OPEN_CALLS) are open: past
/// it they are all forgotten (their results then pair with nothing).
#[derive(Debug, Default)]
struct Calls {
    /// Open calls by session and tool: their key, and whether their
    /// `before_tool_call` was seen.
    open: HashMap<(String, String), (String, bool)>,
    made: usize,
}

impl Calls {
    fn key(&mut self, point: HookPoint, fields: &Map<String, Value>) -> Option<String> {
        let text = |key: &str| fields.get(key).and_then(Value::as_str).unwrap_or_default();
        if let Some(id) = fields.get("tool_use_id").and_then(Value::as_str) {
            return Some(id.to_owned());
        }
        let slot = (text("session_id").to_owned(), text("tool_name").to_owned());
        match point {
            HookPoint::PermissionRequest | HookPoint::BeforeToolCall => {
                // `before_tool_call` after `permission_request` is the same call.
                let before = point == HookPoint::BeforeToolCall;
                if before
                    && let Some((key, seen)) = self.open.get_mut(&slot)
                    && !*seen
                {
                    *seen = true;
                    return Some(key.clone());
                }
                self.made += 1;
                let key = format!("call-{}", self.made);
                if self.open.len() >= super::MAX_OPEN_CALLS {
                    self.open.clear();
                }
                self.open.insert(slot, (key.clone(), before));
                Some(key)
            }
            HookPoint::AfterToolCall | HookPoint::ToolFailure => {
                self.open.remove(&slot).map(|(key, _)| key)
            }
            _ => None,
        }
    }
}
