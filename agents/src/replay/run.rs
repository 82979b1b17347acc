//! Dispatching the steps of a transcript, in order, through a host.

use std::collections::HashMap;
use std::path::PathBuf;

use serde_json::{Map, Value};
use tackle::hook::{HookPoint, SessionInfo, Verdict};

use super::report::{Added, Replayed, Report, Ruling, SYSTEM_CONTEXT, Summary, decider_name};
use super::{Format, Item, Step, Tally, Transcript, brief};
use crate::Agent;
use crate::hook::answer::{self, Answer};
use crate::hook::input::NativeInput;
use tackle_host::Host;

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

/// Replaying a whole transcript through a [`Host`]: `host.replay(..)`
/// with this trait in scope.
pub trait Replay {
    /// Dispatches every step of `transcript` in order, as its session saw
    /// it, and reports what the hooks decided; `on_step` is called after
    /// each event with its entry, how many are done and how many there are
    /// (for a progress display). The report holds every event: for a file
    /// of any length, read it with a [`Reader`](super::Reader) and replay
    /// it with a [`Replayer`] instead, one event at a time.
    ///
    /// The steps of one event run like the hook adapter runs a native
    /// event: its points in order, rewrites chained, the first refusal
    /// ending it. A tool call denied at `permission_request` or
    /// `before_tool_call` would not have run, so its later events (its
    /// result or failure; in an event log, its `before_tool_call` after a
    /// refused permission) are not dispatched: their entries are
    /// [`Skipped`](Ruling::Skipped). Hooks see `replay: true` in the
    /// session metadata.
    fn replay(
        &self,
        transcript: &Transcript,
        options: &ReplayOptions,
        on_step: impl FnMut(&Replayed, usize, usize),
    ) -> impl Future<Output = Report>;
}

impl Replay for Host {
    async fn replay(
        &self,
        transcript: &Transcript,
        options: &ReplayOptions,
        mut on_step: impl FnMut(&Replayed, usize, usize),
    ) -> Report {
        let steps: Vec<&Step> = transcript
            .steps
            .iter()
            .filter(|s| options.keeps(s))
            .collect();
        let mut replayer = Replayer::new(self, options.clone());
        let mut events = Vec::with_capacity(steps.len());
        for (i, step) in steps.iter().enumerate() {
            if let Some(entry) = replayer.replay(step, transcript.format).await {
                on_step(&entry, i + 1, steps.len());
                events.push(entry);
            }
        }
        Report {
            format: transcript.format,
            file: None,
            summary: Summary {
                malformed_lines: transcript.problems.len(),
                skipped_lines: transcript.skipped.clone(),
                ..replayer.tally().summary().clone()
            },
            events,
            problems: transcript.problems.clone(),
        }
    }
}

impl ReplayOptions {
    /// Whether a step is replayed: it belongs to the session asked for.
    fn keeps(&self, step: &Step) -> bool {
        self.session
            .as_deref()
            .is_none_or(|id| step.session_id() == id)
    }
}

/// A replay in progress: each step in, its entry out, with what one event
/// must know of those before it (when the session started, which calls
/// were denied) and the [`Tally`] of all of them. It holds no event once
/// replayed, so a file of any length is replayed in bounded memory.
///
/// ```
/// use tackle_agents::replay::{Item, ReplayOptions, Reader, Replayer};
///
/// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
/// let host = tackle_host::Host::builder().build().await.expect("host");
/// let file = concat!(
///     r#"{"type":"user","sessionId":"s1","cwd":"/p","message":{"role":"user","content":"hi"}}"#,
///     "\n",
/// );
/// let mut reader = Reader::new(file.as_bytes()); // any `BufRead`: a file, stdin
/// let mut replayer = Replayer::new(&host, ReplayOptions::default());
/// while let Some(item) = reader.next_item().expect("readable") {
///     match item {
///         Item::Step(step) => {
///             if let Some(entry) = replayer.replay(&step, reader.format()).await {
///                 println!("{} {}", entry.line, entry.point);
///             }
///         }
///         other => replayer.note(other),
///     }
/// }
/// assert_eq!(replayer.tally().summary().events, 4);
/// # });
/// ```
#[derive(Debug)]
pub struct Replayer<'h> {
    host: &'h Host,
    options: ReplayOptions,
    /// The first recorded time: entries' `at` counts from it.
    start: Option<f64>,
    /// Denied calls whose result has not come yet, by session and call,
    /// with the point that denied them (at most
    /// [`MAX_OPEN_CALLS`](super::MAX_OPEN_CALLS)).
    denied: HashMap<(String, String), HookPoint>,
    tally: Tally,
}

impl<'h> Replayer<'h> {
    /// A replay through `host`'s hooks.
    pub fn new(host: &'h Host, options: ReplayOptions) -> Self {
        Replayer {
            host,
            options,
            start: None,
            denied: HashMap::new(),
            tally: Tally::default(),
        }
    }

    /// Replays one step of a file of `format` (see
    /// [`Host::replay`]): its entry, counted in the tally; `None` when the
    /// options leave its session out.
    pub async fn replay(&mut self, step: &Step, format: Option<Format>) -> Option<Replayed> {
        if !self.options.keeps(step) {
            return None;
        }
        if self.start.is_none() {
            self.start = step.time;
        }
        let mut fields = step.fields.clone();
        let recorded = step.fields.get("cwd").and_then(Value::as_str);
        if let Some(cwd) = &self.options.cwd {
            let to = cwd.display().to_string();
            rebase(&mut fields, recorded.unwrap_or_default(), &to);
        } else if recorded.is_none_or(str::is_empty) {
            // No folder recorded: the host's agent folder.
            rebase(
                &mut fields,
                "",
                &self.host.agent_dir().display().to_string(),
            );
        }
        let key = step
            .call
            .as_ref()
            .map(|c| (step.session_id().to_owned(), c.clone()));
        let point = step.point();
        let denier = key.as_ref().and_then(|k| self.denied.get(k).copied());
        let mut entry = match (&key, denier) {
            (Some((_, id)), Some(denier)) if follows(point, denier) => {
                if matches!(point, HookPoint::AfterToolCall | HookPoint::ToolFailure)
                    && let Some(key) = &key
                {
                    // Its result came: nothing more of the call follows.
                    self.denied.remove(key);
                }
                skipped(step, &fields, id)
            }
            _ => {
                let info = session_info(format, step);
                // As the hook binary answers the agent the transcript
                // comes from; an event log's host assembled it whole.
                let files = match format {
                    Some(Format::Claude) => !Agent::Claude.reads_context_files(),
                    Some(Format::Log) | None => true,
                };
                let (answer, failures) =
                    dispatch(self.host, &step.points, &fields, &info, files).await;
                if answer.outcome.is_denied()
                    && let Some(key) = key
                    && matches!(
                        answer.outcome.point,
                        HookPoint::PermissionRequest | HookPoint::BeforeToolCall
                    )
                {
                    if self.denied.len() >= super::MAX_OPEN_CALLS {
                        self.denied.clear();
                    }
                    self.denied.insert(key, answer.outcome.point);
                }
                entry(step, &fields, answer, failures)
            }
        };
        entry.at = step.time.zip(self.start).map(|(t, s)| t - s);
        self.tally.add(&entry);
        Some(entry)
    }

    /// Counts what a [`Reader`](super::Reader) gave besides a step: a
    /// malformed line, or one of a kind without a hook event.
    pub fn note(&mut self, item: Item) {
        match item {
            Item::Problem(problem) => self.tally.problem(problem),
            Item::Skipped(kind) => self.tally.skipped(&kind),
            Item::Step(_) => {}
        }
    }

    /// The counts so far.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// The counts of the whole replay.
    pub fn finish(self) -> Tally {
        self.tally
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

/// Runs the step's points as the hook binary runs a native event's, with
/// the same code ([`answer::dispatch`]: rewrites of the same field chained,
/// the first refusal ending it, the plugins' system context given at
/// `system_prompt` unless `files` is false): the answer and what went
/// wrong. An event that does not fit a point's type stops there, as it
/// would live: refused if a fail-closed hook was to see it.
async fn dispatch(
    host: &Host,
    points: &[HookPoint],
    fields: &Value,
    info: &SessionInfo,
    files: bool,
) -> (Answer, Vec<String>) {
    let payload = NativeInput {
        fields: fields.clone(),
        session: info.clone(),
    };
    match answer::dispatch(host, &payload, points, files).await {
        Ok(mut answer) => {
            let notes = std::mem::take(&mut answer.notes);
            (answer, notes)
        }
        Err(unreadable) => match unreadable.refusal("the recorded event") {
            Some(refused) => (refused, vec![unreadable.message]),
            None => {
                let first = points.first().copied().unwrap_or(HookPoint::AnyEvent);
                (Answer::empty(first), vec![unreadable.message])
            }
        },
    }
}

/// The entry of a dispatched step: the context is what the agent is
/// given, each hook's and the plugins' system context (last).
fn entry(step: &Step, fields: &Value, answer: Answer, failures: Vec<String>) -> Replayed {
    let Answer {
        outcome, system, ..
    } = answer;
    let verdict = Ruling::of(&outcome.verdict);
    let reason = match &outcome.verdict {
        Verdict::Deny { reason } => Some(reason.to_string()),
        Verdict::Ask { reason } => reason.as_deref().map(str::to_owned),
        _ => None,
    };
    let context = outcome
        .context
        .into_iter()
        .map(|c| (c.hook.to_string(), c.text))
        .chain(system.map(|text| (SYSTEM_CONTEXT.to_owned(), text)))
        .map(|(hook, text)| Added {
            hook,
            chars: text.chars().count(),
            text,
        })
        .collect();
    let changed = step.recorded.as_ref().is_some_and(|r| r.verdict != verdict);
    Replayed {
        reason,
        decided_by: outcome.decided_by.as_ref().map(decider_name),
        modified: outcome.input.map(|v| *v),
        context,
        failures,
        hooks_run: outcome.hooks_run,
        changed,
        ..undecided(step, fields, verdict)
    }
}

/// The entry of a step not dispatched because its call was denied.
fn skipped(step: &Step, fields: &Value, call: &str) -> Replayed {
    Replayed {
        reason: Some(format!(
            "not dispatched: call `{call}` was denied earlier in the replay, so it would not have run"
        )),
        // The change is the denial of its call, counted there.
        changed: false,
        ..undecided(step, fields, Ruling::Skipped)
    }
}

/// `step`'s entry with `verdict`: what the step was, with no hook's
/// doing yet.
fn undecided(step: &Step, fields: &Value, verdict: Ruling) -> Replayed {
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
        reason: None,
        decided_by: None,
        modified: None,
        context: Vec::new(),
        failures: Vec::new(),
        hooks_run: 0,
        recorded: step.recorded.clone(),
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
