//! How a running call asks its client on protocol 2026-07-28, and where
//! it stood when it asked: the questions and answers that the parked
//! calls ([`parked`](super::parked)) carry across a client's retries.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

use rmcp::model::InputRequest;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

/// A running call's answer from its client.
type Answer = Result<Value, String>;

/// Where a call stood when it asked its client: what any replica needs to
/// finish it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
pub(crate) enum Checkpoint {
    /// The hooks asked the user to approve the call, which would run with
    /// `arguments` (after the hooks' rewrites); `question` is what the user
    /// was asked.
    Approval { arguments: Value, question: String },
    /// The hooks let the call through; the tool, running with `arguments`,
    /// asked.
    Tool { arguments: Value },
}

/// Where a question comes from.
#[derive(Debug, Clone)]
pub(crate) enum QuestionFrom {
    /// The hooks' ask, about a call that would run with `arguments`.
    Approval { arguments: Value, question: String },
    /// The tool.
    Tool,
}

/// One of the tool's questions, answered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Answered {
    /// What was asked, as a digest: an answer is given again only to the
    /// same question.
    pub(crate) asked: String,
    pub(crate) answer: Value,
}

/// One thing a running call asks its client, and where the answer goes.
#[derive(Debug)]
pub(crate) struct Question {
    pub(crate) request: InputRequest,
    pub(crate) from: QuestionFrom,
    answer: oneshot::Sender<Answer>,
}

impl Question {
    /// Answers with an error: the client was not asked, or did not answer.
    pub(crate) fn fail(self, why: String) {
        let _ = self.answer.send(Err(why));
    }

    /// Answers with the client's `answer`.
    pub(crate) fn give(self, answer: Value) {
        let _ = self.answer.send(Ok(answer));
    }
}

/// How a running call asks its client: each question goes to the request
/// (the first, or a retry) that waits on the call. The tool's questions
/// are answered from what earlier rounds answered before the client is
/// asked, and every answer is kept, for the next seal.
#[derive(Debug, Clone)]
pub(crate) struct Asker {
    questions: mpsc::UnboundedSender<Question>,
    tool: Arc<Mutex<ToolAsks>>,
    /// Fired when the call may run on as a task (`begin_task`).
    task_begun: CancellationToken,
}

/// The tool's side of an asker.
#[derive(Debug, Default)]
struct ToolAsks {
    /// The arguments the tool runs with, once the hooks let it through.
    arguments: Option<Value>,
    /// Answers of earlier rounds, given again to the same questions in
    /// order.
    replay: VecDeque<Answered>,
    /// Every question of the tool answered so far, in order.
    answered: Vec<Answered>,
}

impl Asker {
    /// An asker whose tool gets `replay` first.
    pub(crate) fn new(replay: Vec<Answered>) -> (Asker, mpsc::UnboundedReceiver<Question>) {
        let (questions, rx) = mpsc::unbounded_channel();
        let tool = ToolAsks {
            replay: replay.into(),
            ..ToolAsks::default()
        };
        (
            Asker {
                questions,
                tool: Arc::new(Mutex::new(tool)),
                task_begun: CancellationToken::new(),
            },
            rx,
        )
    }

    fn tool_asks(&self) -> MutexGuard<'_, ToolAsks> {
        self.tool.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The call may run on as a task from now.
    pub(crate) fn begin_task(&self) {
        self.task_begun.cancel();
    }

    /// Fired once the call may run on as a task.
    pub(crate) fn task_begun(&self) -> &CancellationToken {
        &self.task_begun
    }

    /// The tool starts, with `arguments`: its questions are the tool's
    /// from now on.
    pub(crate) fn enter_tool(&self, arguments: &Value) {
        self.tool_asks().arguments = Some(arguments.clone());
    }

    /// Where the call stands, for a question from `from`.
    pub(crate) fn checkpoint(&self, from: &QuestionFrom) -> Checkpoint {
        match from {
            QuestionFrom::Approval {
                arguments,
                question,
            } => Checkpoint::Approval {
                arguments: arguments.clone(),
                question: question.clone(),
            },
            QuestionFrom::Tool => Checkpoint::Tool {
                arguments: self
                    .tool_asks()
                    .arguments
                    .clone()
                    .unwrap_or(Value::Object(Default::default())),
            },
        }
    }

    /// The tool's questions answered so far.
    pub(crate) fn answered(&self) -> Vec<Answered> {
        self.tool_asks().answered.clone()
    }

    /// The client's answer to `request`, as JSON.
    pub(crate) async fn ask(&self, request: InputRequest, from: QuestionFrom) -> Answer {
        let tool = matches!(from, QuestionFrom::Tool);
        let asked = fingerprint(&request);
        if tool {
            let mut asks = self.tool_asks();
            if asks.replay.front().is_some_and(|a| a.asked == asked) {
                let given = asks
                    .replay
                    .pop_front()
                    .map(|a| a.answer)
                    .unwrap_or_default();
                asks.answered.push(Answered {
                    asked,
                    answer: given.clone(),
                });
                return Ok(given);
            }
            // The tool asks otherwise than it did: the rest is asked anew.
            asks.replay.clear();
        }
        let (answer, answered) = oneshot::channel();
        self.questions
            .send(Question {
                request,
                from,
                answer,
            })
            .map_err(|_| "no client request waits on this call any more".to_owned())?;
        let got = answered
            .await
            .unwrap_or_else(|_| Err("the client did not answer".to_owned()));
        if tool && let Ok(answer) = &got {
            self.tool_asks().answered.push(Answered {
                asked,
                answer: answer.clone(),
            });
        }
        got
    }
}

/// A digest of what a question asks.
pub(super) fn fingerprint(request: &InputRequest) -> String {
    let text = serde_json::to_string(request).unwrap_or_default();
    hex(&hmac_sha256::Hash::hash(text.as_bytes())[..16])
}

/// Lower-case hex of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
