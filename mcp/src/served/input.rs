//! How a running call asks its client on protocol 2026-07-28, and where
//! it stood when it asked: the questions and answers that the parked
//! calls ([`parked`](super::parked)) carry across a client's retries.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

use rmcp::model::{InputRequest, InputResponses};
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
    /// The key the tool chose for it in `inputRequests`, if it chose one.
    pub(crate) key: Option<String>,
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

/// How a running call asks its client: its questions go, a round at a
/// time, to the request (the first, or a retry) that waits on the call.
/// A round is every question the call asks before it next waits: a tool
/// that asks three things at once (`join!`) asks them in one round. The
/// tool's questions are answered from what earlier rounds answered before
/// the client is asked, and every answer is kept, for the next seal.
#[derive(Debug, Clone)]
pub(crate) struct Asker {
    rounds: mpsc::UnboundedSender<Round>,
    /// The questions asked since the call last waited, not sent yet.
    asking: Arc<Mutex<Round>>,
    tool: Arc<Mutex<ToolAsks>>,
    /// Fired when the call may run on as a task (`begin_task`).
    task_begun: CancellationToken,
}

/// The questions a call asks at once.
pub(crate) type Round = Vec<Question>;

/// What a call's own questions are answered from before its client is
/// asked.
#[derive(Debug, Default)]
pub(crate) struct Known {
    /// The answers of earlier rounds, sealed in the `requestState`: given
    /// again to the same questions, in order.
    pub(crate) replay: Vec<Answered>,
    /// Answers the client sent without a `requestState`, by the key the
    /// call asks them under (a client may answer up front).
    pub(crate) given: InputResponses,
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
    /// Answers the client gave up front, without a `requestState`, by the
    /// key the tool asks them under.
    given: InputResponses,
}

impl Asker {
    /// An asker whose tool's questions are answered from `known` first.
    pub(crate) fn new(known: Known) -> (Asker, mpsc::UnboundedReceiver<Round>) {
        let (rounds, rx) = mpsc::unbounded_channel();
        let tool = ToolAsks {
            replay: known.replay.into(),
            given: known.given,
            ..ToolAsks::default()
        };
        (
            Asker {
                rounds,
                asking: Arc::default(),
                tool: Arc::new(Mutex::new(tool)),
                task_begun: CancellationToken::new(),
            },
            rx,
        )
    }

    fn tool_asks(&self) -> MutexGuard<'_, ToolAsks> {
        self.tool.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn asking(&self) -> MutexGuard<'_, Round> {
        self.asking.lock().unwrap_or_else(|p| p.into_inner())
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

    /// The client's answer to `request` (under `key`, if the tool chose
    /// one), as JSON.
    pub(crate) async fn ask(
        &self,
        request: InputRequest,
        from: QuestionFrom,
        key: Option<String>,
    ) -> Answer {
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
            let given = key.as_ref().and_then(|k| asks.given.remove(k));
            if let Some(given) = given.filter(|answer| answers(&request, answer)) {
                asks.answered.push(Answered {
                    asked,
                    answer: given.clone(),
                });
                return Ok(given);
            }
        }
        let (answer, answered) = oneshot::channel();
        self.asking().push(Question {
            request,
            from,
            key,
            answer,
        });
        // The futures polled beside this one (`join!`) ask before the call
        // next waits: one turn later, the round holds them all, and the
        // first of them to come back sends it.
        tokio::task::yield_now().await;
        let round = std::mem::take(&mut *self.asking());
        if !round.is_empty() && self.rounds.send(round).is_err() {
            return Err("no client request waits on this call any more".to_owned());
        }
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

/// Whether `answer` has the shape of an answer to `request`: an answer
/// given up front that does not is not taken, and the question is asked.
#[allow(deprecated)] // sampling and roots: deprecated by rmcp (SEP-2577), still in 2026-07-28.
fn answers(request: &InputRequest, answer: &Value) -> bool {
    use rmcp::model::{CreateMessageResult, ElicitResult, ListRootsResult};
    let answer = answer.clone();
    match request {
        InputRequest::Elicitation(_) => serde_json::from_value::<ElicitResult>(answer).is_ok(),
        InputRequest::CreateMessage(_) => {
            serde_json::from_value::<CreateMessageResult>(answer).is_ok()
        }
        InputRequest::ListRoots(_) => serde_json::from_value::<ListRootsResult>(answer).is_ok(),
        _ => false,
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

#[cfg(test)]
pub(crate) mod tests {
    use rmcp::model::{ElicitRequest, ElicitRequestParams, ElicitationSchema};

    use super::*;

    pub(crate) fn form(message: &str) -> InputRequest {
        InputRequest::Elicitation(ElicitRequest::new(
            ElicitRequestParams::FormElicitationParams {
                meta: None,
                message: message.to_owned(),
                requested_schema: ElicitationSchema::builder().build().expect("a schema"),
            },
        ))
    }

    fn asked(round: &Round) -> Vec<(Option<String>, String)> {
        round
            .iter()
            .map(|q| {
                let text = serde_json::to_value(&q.request).expect("serializes");
                let message = text["params"]["message"].as_str().unwrap_or_default();
                (q.key.clone(), message.to_owned())
            })
            .collect()
    }

    #[tokio::test]
    async fn questions_asked_at_once_are_one_round_and_later_ones_the_next() {
        let (asker, mut rounds) = Asker::new(Known::default());
        let tool = asker.clone();
        let call = tokio::spawn(async move {
            let (a, b, c) = tokio::join!(
                tool.ask(form("a"), QuestionFrom::Tool, Some("first".to_owned())),
                tool.ask(form("b"), QuestionFrom::Tool, None),
                tool.ask(form("c"), QuestionFrom::Tool, Some("third".to_owned())),
            );
            let d = tool.ask(form("d"), QuestionFrom::Tool, None).await;
            [a, b, c, d]
        });
        let first = rounds.recv().await.expect("a round");
        assert_eq!(
            asked(&first),
            [
                (Some("first".to_owned()), "a".to_owned()),
                (None, "b".to_owned()),
                (Some("third".to_owned()), "c".to_owned()),
            ]
        );
        assert!(rounds.try_recv().is_err(), "one round for the three");
        for (n, question) in first.into_iter().enumerate() {
            question.give(Value::from(n));
        }
        let second = rounds.recv().await.expect("the next round");
        assert_eq!(asked(&second), [(None, "d".to_owned())]);
        second.into_iter().for_each(|q| q.give(Value::from(3)));
        let answers = call.await.expect("the call ends");
        assert_eq!(
            answers.map(|a| a.expect("answered")),
            [0, 1, 2, 3].map(Value::from)
        );
        assert_eq!(asker.answered().len(), 4, "kept for the next seal");
    }

    #[tokio::test]
    async fn answers_given_up_front_answer_only_the_tools_own_keyed_questions_that_they_fit() {
        let accept = serde_json::json!({"action": "accept", "content": {"name": "Ada"}});
        let known = Known {
            replay: Vec::new(),
            given: [
                ("user_name".to_owned(), accept.clone()),
                ("age".to_owned(), Value::from(42)),
                ("input-1".to_owned(), accept.clone()),
            ]
            .into(),
        };
        let (asker, mut rounds) = Asker::new(known);
        let name = asker
            .ask(
                form("name?"),
                QuestionFrom::Tool,
                Some("user_name".to_owned()),
            )
            .await;
        assert_eq!(name, Ok(accept.clone()), "taken, never asked");
        assert!(rounds.try_recv().is_err());

        // Not an answer to a form: asked.
        let tool = asker.clone();
        let age = tokio::spawn(async move {
            tool.ask(form("age?"), QuestionFrom::Tool, Some("age".to_owned()))
                .await
        });
        let round = rounds.recv().await.expect("asked");
        assert_eq!(asked(&round), [(Some("age".to_owned()), "age?".to_owned())]);
        round.into_iter().for_each(|q| q.give(Value::from(7)));
        assert_eq!(age.await.expect("ends"), Ok(Value::from(7)));

        // A hook's approval is never answered up front, whatever its key.
        let hooks = asker.clone();
        let approval = tokio::spawn(async move {
            let from = QuestionFrom::Approval {
                arguments: Value::Null,
                question: "run it?".to_owned(),
            };
            hooks.ask(form("run it?"), from, None).await
        });
        let round = rounds.recv().await.expect("asked");
        assert_eq!(asked(&round), [(None, "run it?".to_owned())]);
        round.into_iter().for_each(|q| q.give(Value::Null));
        assert_eq!(approval.await.expect("ends"), Ok(Value::Null));
    }
}
