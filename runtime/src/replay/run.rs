//! Dispatching the steps of a transcript, in order, through a host.

use std::collections::HashMap;
use std::path::PathBuf;

use serde_json::{Map, Value};
use tackle::hook::{HookPoint, Outcome, SessionInfo, Verdict};

use super::report::{Added, Replayed, Report, Ruling, Summary, decider_name};
use super::{Format, Step, Transcript, brief};
use crate::adapters::hook::answer;
use crate::adapters::hook::input::Payload;
use crate::host::Host;

/// How to replay.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReplayOptions {
    /// Replay every event in this folder instead of the recorded one (a
    /// checkout of the project, when the transcript comes from another
    /// machine). Paths in the event under the recorded folder are moved
    /// under this one, so file tools name the checkout's files. Events
    /// recorded without a folder get the host's agent folder.
    pub cwd: Option<PathBuf>,
    /// Replay only this session's events.
    pub session: Option<String>,
}

impl Host {
    /// Dispatches every step of `transcript` in order, as its session saw
    /// it, and reports what the hooks decided; `on_step` is called after
    /// each event with its entry, how many are done and how many there are
    /// (for a progress display).
    ///
    /// The steps of one event run like the hook adapter runs a native
    /// event: its points in order, rewrites chained, the first refusal
    /// ending it. A tool call denied at `permission_request` or
    /// `before_tool_call` would not have run, so its later events (its
    /// result or failure; in an event log, its `before_tool_call` after a
    /// refused permission) are not dispatched: their entries are
    /// [`Skipped`](Ruling::Skipped). Hooks see `replay: true` in the
    /// session metadata.
    pub async fn replay(
        &self,
        transcript: &Transcript,
        options: &ReplayOptions,
        mut on_step: impl FnMut(&Replayed, usize, usize),
    ) -> Report {
        let steps: Vec<&Step> = transcript
            .steps
            .iter()
            .filter(|s| {
                options
                    .session
                    .as_deref()
                    .is_none_or(|id| s.session_id() == id)
            })
            .collect();
        let start = steps.iter().find_map(|s| s.time);
        // Denied calls, by session and call, with the point that denied them.
        let mut denied: HashMap<(&str, &str), HookPoint> = HashMap::new();
        let mut events = Vec::with_capacity(steps.len());
        for (i, step) in steps.iter().enumerate() {
            let mut fields = step.fields.clone();
            let recorded = step.fields.get("cwd").and_then(Value::as_str);
            if let Some(cwd) = &options.cwd {
                let to = cwd.display().to_string();
                rebase(&mut fields, recorded.unwrap_or_default(), &to);
            } else if recorded.is_none_or(str::is_empty) {
                // No folder recorded: the host's agent folder.
                rebase(&mut fields, "", &self.agent_dir().display().to_string());
            }
            let call = step.call.as_deref().map(|c| (step.session_id(), c));
            let denier = call.and_then(|key| denied.get(&key).copied());
            let entry = if let Some((_, id)) = call
                && let Some(denier) = denier
                && follows(step.point(), denier)
            {
                skipped(step, &fields, id)
            } else {
                let info = session_info(transcript.format, step);
                let (outcome, failures) = dispatch(self, &step.points, &fields, &info).await;
                if outcome.is_denied()
                    && let Some(key) = call
                    && matches!(
                        outcome.point,
                        HookPoint::PermissionRequest | HookPoint::BeforeToolCall
                    )
                {
                    denied.insert(key, outcome.point);
                }
                entry(step, &fields, outcome, failures)
            };
            let mut entry = entry;
            entry.at = step.time.zip(start).map(|(t, s)| t - s);
            on_step(&entry, i + 1, steps.len());
            events.push(entry);
        }
        Report {
            format: transcript.format,
            file: None,
            summary: Summary {
                malformed_lines: transcript.problems.len(),
                skipped_lines: transcript.skipped.clone(),
                ..Summary::of(&events)
            },
            events,
            problems: transcript.problems.clone(),
        }
    }
}

/// Whether an event at `point` of a call comes after the call was refused
/// at `denier`, so would not have happened: its result or failure, or
/// `before_tool_call` after a refused permission.
fn follows(point: HookPoint, denier: HookPoint) -> bool {
    match point {
        HookPoint::AfterToolCall | HookPoint::ToolFailure => true,
        HookPoint::BeforeToolCall => denier == HookPoint::PermissionRequest,
        _ => false,
    }
}

/// Moves the event to folder `to`: its `cwd`, and every string that is a
/// path under `from` (tool arguments, results).
fn rebase(fields: &mut Value, from: &str, to: &str) {
    fn walk(value: &mut Value, from: &str, to: &str) {
        match value {
            Value::String(text) => {
                if let Some(rest) = text.strip_prefix(from)
                    && (rest.is_empty() || rest.starts_with('/'))
                {
                    *text = format!("{to}{rest}");
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|v| walk(v, from, to)),
            Value::Object(map) => map.values_mut().for_each(|v| walk(v, from, to)),
            _ => {}
        }
    }
    let from = from.trim_end_matches('/');
    if from.len() > 1 {
        walk(fields, from, to);
    }
    if let Some(map) = fields.as_object_mut() {
        map.insert("cwd".into(), Value::String(to.to_owned()));
    }
}

/// What hooks see besides the event: the agent (for transcripts), the
/// native event, and that this is a replay.
fn session_info(format: Option<Format>, step: &Step) -> SessionInfo {
    let mut metadata = Map::new();
    metadata.insert("replay".into(), Value::Bool(true));
    if let Some(native) = step.native {
        metadata.insert("native_event".into(), Value::String(native.to_owned()));
    }
    SessionInfo {
        agent: (format == Some(Format::Claude)).then(|| "claude".to_owned()),
        metadata,
        ..SessionInfo::default()
    }
}

/// Runs the step's points as the hook binary runs a native event's
/// (chaining rewrites of the same field, stopping at the first refusal):
/// the folded outcome and what went wrong. An event that does not fit a
/// point's type stops there, as it would live: refused if a fail-closed
/// hook was to see it.
async fn dispatch(
    host: &Host,
    points: &[HookPoint],
    fields: &Value,
    info: &SessionInfo,
) -> (Outcome, Vec<String>) {
    let payload = Payload {
        fields: fields.clone(),
        session: info.clone(),
    };
    match answer::dispatch(host, &payload, points, false).await {
        Ok(answer) => (answer.outcome, answer.notes),
        Err(unreadable) => match unreadable.refusal("the recorded event") {
            Some(refused) => (refused.outcome, vec![unreadable.message]),
            None => {
                let first = points.first().copied().unwrap_or(HookPoint::AnyEvent);
                (Outcome::new(first), vec![unreadable.message])
            }
        },
    }
}

/// The entry of a dispatched step.
fn entry(step: &Step, fields: &Value, outcome: Outcome, failures: Vec<String>) -> Replayed {
    let verdict = Ruling::of(&outcome.verdict);
    let reason = match &outcome.verdict {
        Verdict::Deny { reason } => Some(reason.to_string()),
        Verdict::Ask { reason } => reason.as_deref().map(str::to_owned),
        _ => None,
    };
    let context = outcome
        .context
        .into_iter()
        .map(|c| Added {
            hook: c.hook.to_string(),
            chars: c.text.chars().count(),
            text: c.text,
        })
        .collect();
    let changed = step.recorded.as_ref().is_some_and(|r| r.verdict != verdict);
    let (tool, subject) = brief::of(step.point(), fields);
    Replayed {
        line: step.line,
        at: None,
        session_id: step.session_id().to_owned(),
        point: step.point(),
        native: step.native,
        points: step.points.clone(),
        tool,
        subject,
        verdict,
        reason,
        decided_by: outcome.decided_by.as_ref().map(decider_name),
        modified: outcome.input.map(|v| *v),
        context,
        failures,
        hooks_run: outcome.hooks_run,
        recorded: step.recorded.clone(),
        changed,
    }
}

/// The entry of a step not dispatched because its call was denied.
fn skipped(step: &Step, fields: &Value, call: &str) -> Replayed {
    let (tool, subject) = brief::of(step.point(), fields);
    Replayed {
        line: step.line,
        at: None,
        session_id: step.session_id().to_owned(),
        point: step.point(),
        native: step.native,
        points: step.points.clone(),
        tool,
        subject,
        verdict: Ruling::Skipped,
        reason: Some(format!(
            "not dispatched: call `{call}` was denied earlier in the replay, so it would not have run"
        )),
        decided_by: None,
        modified: None,
        context: Vec::new(),
        failures: Vec::new(),
        hooks_run: 0,
        recorded: step.recorded.clone(),
        // The change is the denial of its call, counted there.
        changed: false,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::rebase;

    #[test]
    fn rebasing_moves_paths_under_the_recorded_folder_only() {
        let mut fields = json!({
            "cwd": "/home/dev/shop",
            "tool_input": {"file_path": "/home/dev/shop/src/a.rs", "paths": ["/home/dev/shop", "/home/dev/shopping/b"]},
            "prompt": "see /home/dev/shop/src",
        });
        rebase(&mut fields, "/home/dev/shop/", "/tmp/co");
        assert_eq!(fields["cwd"], "/tmp/co");
        assert_eq!(fields["tool_input"]["file_path"], "/tmp/co/src/a.rs");
        assert_eq!(fields["tool_input"]["paths"][0], "/tmp/co");
        assert_eq!(fields["tool_input"]["paths"][1], "/home/dev/shopping/b");
        // Only strings that are paths: text that mentions one is kept.
        assert_eq!(fields["prompt"], "see /home/dev/shop/src");
        let mut bare = json!({"cwd": "", "tool_input": {"path": "/x"}});
        rebase(&mut bare, "", "/agent");
        assert_eq!(bare, json!({"cwd": "/agent", "tool_input": {"path": "/x"}}));
    }
}
