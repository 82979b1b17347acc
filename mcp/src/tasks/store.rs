//! A server's tasks: each one's record, from its creation until its
//! result's time to live is over, bound to the principal that created it.
//!
//! Written here rather than on rmcp's `TaskManager`, which runs a task's
//! future itself: a tackle task is a call already running on a worker of
//! the host's (`Running`), through its hooks, and its questions come from
//! the call's asker; the store keeps what `tasks/get` shows and hands the
//! client's answers and cancellation to the call. It also bounds what
//! `TaskManager` leaves to its user: how many tasks run and are kept.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use rmcp::ErrorData;
use rmcp::model::{DetailedTask, InputResponses, JsonObject, Task, TaskPayload, TaskStatus};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use super::TaskLimits;
use crate::served::input::{Question, Round};

/// Where a task stands.
#[derive(Debug)]
enum State {
    Working,
    /// Waiting for the client's answers, by key.
    Input(BTreeMap<String, Question>),
    Done(Settled),
}

/// How a task ended.
#[derive(Debug, Clone)]
pub(crate) enum Settled {
    /// The tool's result (an error result too): `CallToolResult`.
    Completed(JsonObject),
    /// The server failed the call: a JSON-RPC error.
    Failed(JsonObject),
    Cancelled,
}

#[derive(Debug)]
struct Record {
    /// The principal that created it: no other sees it.
    owner: String,
    created_at: String,
    updated_at: String,
    /// When it finished: its result is kept for the TTL from then.
    finished: Option<Instant>,
    status_message: Option<String>,
    state: State,
    /// The call's cancellation.
    cancel: CancellationToken,
    /// Every key its questions were asked under: keys are never reused
    /// within a task.
    keys: BTreeSet<String>,
    /// The size of its result, once finished.
    bytes: usize,
}

/// The tasks of one server, shared by its handlers.
#[derive(Debug)]
pub(crate) struct Tasks {
    records: Mutex<HashMap<String, Record>>,
    limits: TaskLimits,
    /// Told when a task settles.
    settled: Notify,
}

/// How long a stopping server waits for its cancelled tasks to settle: a
/// cancelled tool has 2 s to return before it is dropped.
pub(crate) const TASK_STOP_LIMIT: Duration = Duration::from_secs(3);

impl Tasks {
    pub(crate) fn new(limits: TaskLimits) -> Arc<Tasks> {
        Arc::new(Tasks {
            records: Mutex::default(),
            limits,
            settled: Notify::new(),
        })
    }

    /// The records, the expired ones dropped.
    fn records(&self) -> MutexGuard<'_, HashMap<String, Record>> {
        let mut records = self.records.lock().unwrap_or_else(|p| p.into_inner());
        let ttl = self.limits.ttl;
        records.retain(|_, r| r.finished.is_none_or(|at| at.elapsed() < ttl));
        records
    }

    /// Waits until no task's call runs, for at most `limit`.
    pub(crate) async fn settled(&self, limit: Duration) {
        let all = async {
            loop {
                // Made before the check, so no settling is missed.
                let told = self.settled.notified();
                if self.records().values().all(|r| r.finished.is_some()) {
                    return;
                }
                told.await;
            }
        };
        let _ = tokio::time::timeout(limit, all).await;
    }

    /// Why no task can be created now, if none can.
    pub(crate) fn full(&self) -> Option<String> {
        let records = self.records();
        let running = records.values().filter(|r| r.finished.is_none()).count();
        let bytes: usize = records.values().map(|r| r.bytes).sum();
        let limits = &self.limits;
        if running >= limits.max_running {
            Some(format!(
                "{running} tasks are running, the server's limit (max_running)"
            ))
        } else if records.len() >= limits.max_kept {
            Some(format!(
                "the server keeps {} tasks, its limit (max_kept); finished ones are dropped {} s after they finish",
                records.len(),
                limits.ttl.as_secs()
            ))
        } else if bytes >= limits.max_kept_bytes {
            Some(format!(
                "the server keeps {bytes} bytes of task results, its limit (max_kept_bytes)"
            ))
        } else {
            None
        }
    }

    /// A new task of `owner`'s, working, whose call `cancel` cancels.
    /// Checked against the bounds by [`Tasks::full`] before its call
    /// started, so calls that start together may pass them by as many.
    pub(crate) fn create(&self, owner: &str, cancel: CancellationToken) -> Result<Task, String> {
        let id = crate::served::parked::random_id()?;
        let now = timestamp();
        let record = Record {
            owner: owner.to_owned(),
            created_at: now.clone(),
            updated_at: now,
            finished: None,
            status_message: None,
            state: State::Working,
            cancel,
            keys: BTreeSet::new(),
            bytes: 0,
        };
        let task = self.task(&id, &record, TaskStatus::Working);
        self.records().insert(id, record);
        Ok(task)
    }

    /// The task `id` as `owner` sees it.
    pub(crate) fn get(&self, owner: &str, id: &str) -> Result<DetailedTask, ErrorData> {
        let records = self.records();
        let record = owned(&records, owner, id)?;
        let payload = match &record.state {
            State::Working => TaskPayload::Working,
            State::Input(questions) => TaskPayload::InputRequired {
                input_requests: questions
                    .iter()
                    .map(|(key, q)| (key.clone(), q.request.clone()))
                    .collect(),
            },
            State::Done(Settled::Completed(result)) => TaskPayload::Completed {
                result: result.clone(),
            },
            State::Done(Settled::Failed(error)) => TaskPayload::Failed {
                error: error.clone(),
            },
            State::Done(Settled::Cancelled) => TaskPayload::Cancelled,
        };
        let task = self.task(id, record, payload.status());
        Ok(DetailedTask::new(task, payload))
    }

    /// Gives the task `id` of `owner`'s the client's answers; keys it does
    /// not wait on are ignored.
    pub(crate) fn update(
        &self,
        owner: &str,
        id: &str,
        mut responses: InputResponses,
    ) -> Result<(), ErrorData> {
        let mut records = self.records();
        let record = owned_mut(&mut records, owner, id)?;
        if let State::Input(questions) = &mut record.state {
            let answered: Vec<String> = questions
                .keys()
                .filter(|key| responses.contains_key(*key))
                .cloned()
                .collect();
            for key in answered {
                if let (Some(question), Some(answer)) =
                    (questions.remove(&key), responses.remove(&key))
                {
                    question.give(answer);
                }
            }
            if questions.is_empty() {
                record.state = State::Working;
            }
            record.updated_at = timestamp();
        }
        Ok(())
    }

    /// Cancels the task `id` of `owner`'s: its call's cancellation fires,
    /// and its questions are withdrawn. A finished task stays as it is.
    pub(crate) fn cancel(&self, owner: &str, id: &str) -> Result<(), ErrorData> {
        let mut records = self.records();
        let record = owned_mut(&mut records, owner, id)?;
        if matches!(record.state, State::Done(_)) {
            return Ok(());
        }
        record.cancel.cancel();
        if let State::Input(questions) = std::mem::replace(&mut record.state, State::Working) {
            for (_, question) in questions {
                question.fail("the client cancelled the task".to_owned());
            }
        }
        Ok(())
    }

    /// The call of task `id` asks its client the questions of `round`,
    /// each under the key the tool chose if the task never used it, else
    /// the first of `input-1`, `input-2`, ... it never used.
    pub(crate) fn ask(&self, id: &str, round: Round) {
        let mut records = self.records();
        let Some(record) = records.get_mut(id) else {
            return round
                .into_iter()
                .for_each(|q| q.fail("the task is gone".to_owned()));
        };
        if record.cancel.is_cancelled() {
            return round
                .into_iter()
                .for_each(|q| q.fail("the client cancelled the task".to_owned()));
        }
        for question in round {
            let key = match question.key.clone() {
                Some(key) if !record.keys.contains(&key) => key,
                _ => (1..)
                    .map(|n| format!("input-{n}"))
                    .find(|key| !record.keys.contains(key))
                    .unwrap_or_default(),
            };
            record.keys.insert(key.clone());
            match &mut record.state {
                State::Input(questions) => {
                    questions.insert(key, question);
                }
                state => *state = State::Input(BTreeMap::from([(key, question)])),
            }
        }
        record.updated_at = timestamp();
    }

    /// The call of task `id` reports `message`: its status message.
    pub(crate) fn status(&self, id: &str, message: String) {
        if let Some(record) = self.records().get_mut(id) {
            record.status_message = Some(message);
            record.updated_at = timestamp();
        }
    }

    /// The call of task `id` ended so.
    pub(crate) fn settle(&self, id: &str, settled: Settled) {
        let mut records = self.records();
        let Some(record) = records.get_mut(id) else {
            return;
        };
        record.bytes = match &settled {
            Settled::Completed(object) | Settled::Failed(object) => {
                serde_json::to_vec(object).map_or(0, |bytes| bytes.len())
            }
            Settled::Cancelled => 0,
        };
        if let Settled::Failed(error) = &settled {
            record.status_message = error
                .get("message")
                .and_then(|m| m.as_str())
                .map(str::to_owned);
        }
        if let State::Input(questions) = std::mem::replace(&mut record.state, State::Done(settled))
        {
            for (_, question) in questions {
                question.fail("the call ended".to_owned());
            }
        }
        record.finished = Some(Instant::now());
        record.updated_at = timestamp();
        drop(records);
        self.settled.notify_waiters();
    }

    /// What every answer about task `id` carries.
    fn task(&self, id: &str, record: &Record, status: TaskStatus) -> Task {
        let mut task = Task::new(id, status, &record.created_at, &record.updated_at)
            .with_ttl_ms(millis(self.limits.ttl))
            .with_poll_interval_ms(millis(self.limits.poll_interval));
        task.status_message = record.status_message.clone();
        task
    }
}

/// The task `id`, if `owner` created it: to anyone else it does not exist.
fn owned<'a>(
    records: &'a HashMap<String, Record>,
    owner: &str,
    id: &str,
) -> Result<&'a Record, ErrorData> {
    records
        .get(id)
        .filter(|r| r.owner == owner)
        .ok_or_else(|| unknown(id))
}

fn owned_mut<'a>(
    records: &'a mut HashMap<String, Record>,
    owner: &str,
    id: &str,
) -> Result<&'a mut Record, ErrorData> {
    records
        .get_mut(id)
        .filter(|r| r.owner == owner)
        .ok_or_else(|| unknown(id))
}

fn unknown(id: &str) -> ErrorData {
    ErrorData::invalid_params(
        format!(
            "unknown task `{id}`: no task of this client's has that id (finished tasks are kept for their `ttlMs` after they finish)"
        ),
        None,
    )
}

/// Now, as ISO 8601 in UTC.
fn timestamp() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use rmcp::model::{ElicitRequest, ElicitRequestParams, ElicitationSchema, InputRequest};
    use serde_json::{Value, json};

    use super::*;
    use crate::served::input::{Asker, Known, QuestionFrom};

    fn tasks(limits: TaskLimits) -> Arc<Tasks> {
        Tasks::new(limits)
    }

    fn limits(max_running: usize, ttl: Duration) -> TaskLimits {
        TaskLimits {
            max_running,
            ttl,
            ..TaskLimits::default()
        }
    }

    /// A question `text` asked through an asker, and the answer it gets.
    async fn question(text: &str) -> (Round, tokio::task::JoinHandle<Result<Value, String>>) {
        let (asker, mut questions) = Asker::new(Known::default());
        let params = ElicitRequestParams::FormElicitationParams {
            meta: None,
            message: text.to_owned(),
            requested_schema: ElicitationSchema::builder().build().expect("a schema"),
        };
        let request = InputRequest::Elicitation(ElicitRequest::new(params));
        let answer =
            tokio::spawn(async move { asker.ask(request, QuestionFrom::Tool, None).await });
        let question = questions.recv().await.expect("asked");
        (question, answer)
    }

    fn status(tasks: &Tasks, owner: &str, id: &str) -> TaskStatus {
        tasks.get(owner, id).expect("the task").status()
    }

    #[test]
    fn a_task_is_seen_by_its_principal_alone() {
        let tasks = tasks(TaskLimits::default());
        let task = tasks
            .create("alice", CancellationToken::new())
            .expect("made");
        assert_eq!(status(&tasks, "alice", &task.task_id), TaskStatus::Working);
        assert_eq!(task.ttl_ms, Some(300_000));
        assert_eq!(task.poll_interval_ms, Some(1_000));
        for refused in [
            tasks.get("mallory", &task.task_id).err(),
            tasks.cancel("mallory", &task.task_id).err(),
            tasks
                .update("mallory", &task.task_id, InputResponses::new())
                .err(),
            tasks.get("alice", "no-such-task").err(),
        ] {
            let error = refused.expect("refused");
            assert_eq!(error.code, rmcp::model::ErrorCode::INVALID_PARAMS);
            assert!(error.message.contains("unknown task"), "{error:?}");
        }
    }

    #[test]
    fn past_its_bounds_no_task_is_made() {
        let tasks = tasks(limits(1, Duration::from_secs(60)));
        assert_eq!(tasks.full(), None);
        let task = tasks.create("a", CancellationToken::new()).expect("made");
        let full = tasks.full().expect("full");
        assert!(full.contains("1 tasks are running"), "{full}");
        tasks.settle(&task.task_id, Settled::Cancelled);
        assert_eq!(tasks.full(), None);

        let kept = tasks_with_kept(1);
        kept.create("a", CancellationToken::new()).expect("made");
        assert!(kept.full().expect("full").contains("keeps 1 tasks,"));
    }

    fn tasks_with_kept(max_kept: usize) -> Arc<Tasks> {
        tasks(TaskLimits {
            max_kept,
            ..TaskLimits::default()
        })
    }

    #[test]
    fn a_finished_task_is_kept_for_its_ttl_after_it_finished_and_then_dropped() {
        let ttl = Duration::from_millis(150);
        let tasks = tasks(limits(4, ttl));
        let task = tasks.create("a", CancellationToken::new()).expect("made");
        let id = &task.task_id;
        // Running past its TTL, it is kept.
        std::thread::sleep(ttl * 2);
        assert_eq!(status(&tasks, "a", id), TaskStatus::Working);
        tasks.settle(id, Settled::Completed(JsonObject::new()));
        std::thread::sleep(ttl / 2);
        assert_eq!(status(&tasks, "a", id), TaskStatus::Completed);
        std::thread::sleep(ttl);
        assert!(tasks.get("a", id).is_err());
    }

    #[test]
    fn a_failed_task_says_why_in_its_status_message() {
        let tasks = tasks(TaskLimits::default());
        let task = tasks.create("a", CancellationToken::new()).expect("made");
        let error = ErrorData::internal_error("it panicked: boom", None);
        let Ok(Value::Object(error)) = serde_json::to_value(&error) else {
            panic!("an object")
        };
        tasks.settle(&task.task_id, Settled::Failed(error));
        let got = tasks.get("a", &task.task_id).expect("the task");
        assert_eq!(got.status(), TaskStatus::Failed);
        assert_eq!(
            got.task.status_message.as_deref(),
            Some("it panicked: boom")
        );
    }

    #[tokio::test]
    async fn questions_wait_under_keys_never_reused_until_each_is_answered() {
        let tasks = tasks(TaskLimits::default());
        let task = tasks.create("a", CancellationToken::new()).expect("made");
        let id = &task.task_id;
        let (first, first_answer) = question("first?").await;
        let (second, second_answer) = question("second?").await;
        tasks.ask(id, first);
        tasks.ask(id, second);
        let TaskPayload::InputRequired { input_requests } = tasks.get("a", id).expect("it").payload
        else {
            panic!("not waiting for input")
        };
        let keys: Vec<&String> = input_requests.keys().collect();
        assert_eq!(keys, ["input-1", "input-2"]);

        // A partial answer, and an unknown key: one question stays.
        let answers = InputResponses::from([
            ("input-1".to_owned(), json!({"action": "accept"})),
            ("input-9".to_owned(), json!({"action": "accept"})),
        ]);
        tasks.update("a", id, answers).expect("acknowledged");
        assert_eq!(
            first_answer.await.expect("joined"),
            Ok(json!({"action": "accept"}))
        );
        let TaskPayload::InputRequired { input_requests } = tasks.get("a", id).expect("it").payload
        else {
            panic!("no longer waiting for the second")
        };
        assert_eq!(input_requests.keys().collect::<Vec<_>>(), ["input-2"]);

        // Cancelled, its question is withdrawn; the next key is new.
        let cancel = CancellationToken::new();
        let other = tasks.create("a", cancel.clone()).expect("made");
        let (third, third_answer) = question("third?").await;
        tasks.ask(&other.task_id, third);
        tasks.cancel("a", &other.task_id).expect("acknowledged");
        assert!(cancel.is_cancelled());
        assert!(third_answer.await.expect("joined").is_err());
        assert_eq!(status(&tasks, "a", &other.task_id), TaskStatus::Working);
        tasks.settle(&other.task_id, Settled::Cancelled);
        tasks.cancel("a", &other.task_id).expect("idempotent");
        assert_eq!(status(&tasks, "a", &other.task_id), TaskStatus::Cancelled);

        let (again, _) = question("again?").await;
        tasks.ask(id, again);
        let TaskPayload::InputRequired { input_requests } = tasks.get("a", id).expect("it").payload
        else {
            panic!("not waiting")
        };
        assert_eq!(
            input_requests.keys().collect::<Vec<_>>(),
            ["input-2", "input-3"]
        );
        drop(second_answer);
    }
}
