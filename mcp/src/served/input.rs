//! Protocol 2026-07-28's input round trips (MRTR) for calls that keep
//! running.
//!
//! On 2026-07-28 a server may not send the client a request; a call that
//! needs the client (a form, a sample of its model, a hook's ask) answers
//! `InputRequiredResult` instead, and the client retries the call with its
//! answers. tackle's plugin code asks in the middle of running and cannot
//! be restarted, so the running call is parked here, and the
//! `requestState` the client echoes is only an unguessable handle to it
//! (rmcp's docs: the echoed state is untrusted). The retry hands the
//! answers to the parked call, which then finishes or asks again.
//!
//! Bounded: at most [`MAX_PARKED`] calls wait at once (a call asking past
//! that is told so), and a call the client does not resume within the
//! server's input timeout gets "the client did not answer" for each
//! question, which a hook's ask takes as a refusal.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rmcp::ErrorData;
use rmcp::model::{InputRequest, InputRequests, InputRequiredResult, InputResponses};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};

use crate::call::Running;

/// The most calls that wait for the client's input at once.
pub const MAX_PARKED: usize = 64;

/// How long a parked call waits for the client's retry by default.
pub const INPUT_TIMEOUT: Duration = Duration::from_secs(300);

/// The bytes of a handle: 128 bits from the OS's generator.
const HANDLE_BYTES: usize = 16;

/// A running call's answer from its client.
type Answer = Result<Value, String>;

/// One thing a running call asks its client, and where the answer goes.
#[derive(Debug)]
pub(crate) struct Question {
    pub(crate) request: InputRequest,
    answer: oneshot::Sender<Answer>,
}

impl Question {
    /// Answers with an error: the client was not asked, or did not answer.
    pub(crate) fn fail(self, why: String) {
        let _ = self.answer.send(Err(why));
    }
}

/// How a running call asks its client: each question goes to the request
/// (the first, or a retry) that waits on the call.
#[derive(Debug, Clone)]
pub(crate) struct Asker(mpsc::UnboundedSender<Question>);

impl Asker {
    pub(crate) fn new() -> (Asker, mpsc::UnboundedReceiver<Question>) {
        let (tx, rx) = mpsc::unbounded_channel();
        (Asker(tx), rx)
    }

    /// The client's answer to `request`, as JSON.
    pub(crate) async fn ask(&self, request: InputRequest) -> Answer {
        let (answer, answered) = oneshot::channel();
        self.0
            .send(Question { request, answer })
            .map_err(|_| "no client request waits on this call any more".to_owned())?;
        answered
            .await
            .unwrap_or_else(|_| Err("the client did not answer".to_owned()))
    }
}

/// A call waiting for the client's retry.
#[derive(Debug)]
struct Waiting {
    tool: String,
    arguments: Value,
    call: Running,
    /// The questions put to the client, by their key in `inputRequests`.
    questions: Vec<(String, Question)>,
}

/// The parked calls of one server.
#[derive(Debug)]
pub(crate) struct Parked {
    calls: Mutex<HashMap<String, Waiting>>,
    timeout: Duration,
}

impl Parked {
    pub(crate) fn new(timeout: Duration) -> Arc<Parked> {
        Arc::new(Parked {
            calls: Mutex::default(),
            timeout,
        })
    }

    fn calls(&self) -> std::sync::MutexGuard<'_, HashMap<String, Waiting>> {
        self.calls.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Parks `call` of `tool` until the client answers `questions`; the
    /// result to send the client. Gives the call and its questions back
    /// with why when it cannot wait: too many wait already, or no handle
    /// could be made.
    pub(crate) fn park(
        self: &Arc<Self>,
        tool: &str,
        arguments: Value,
        call: Running,
        questions: Vec<Question>,
    ) -> Result<InputRequiredResult, (Running, Vec<Question>, String)> {
        let handle = match handle() {
            Ok(handle) => handle,
            Err(why) => return Err((call, questions, why)),
        };
        let mut calls = self.calls();
        if calls.len() >= MAX_PARKED {
            let why = format!(
                "the server already holds {MAX_PARKED} calls waiting for their clients' input, so it cannot ask the client"
            );
            return Err((call, questions, why));
        }
        let mut requests = InputRequests::new();
        let questions: Vec<(String, Question)> = questions
            .into_iter()
            .enumerate()
            .map(|(n, question)| {
                let key = format!("input-{}", n + 1);
                requests.insert(key.clone(), question.request.clone());
                (key, question)
            })
            .collect();
        calls.insert(
            handle.clone(),
            Waiting {
                tool: tool.to_owned(),
                arguments,
                call,
                questions,
            },
        );
        drop(calls);
        let parked = Arc::clone(self);
        let expiring = handle.clone();
        tokio::spawn(async move {
            tokio::time::sleep(parked.timeout).await;
            parked.expire(&expiring);
        });
        Ok(InputRequiredResult::new(Some(requests), Some(handle)))
    }

    /// Ends the wait of the call `handle` names, if it still waits: its
    /// questions get "the client did not answer", and it runs on alone.
    fn expire(&self, handle: &str) {
        let Some(waiting) = self.calls().remove(handle) else {
            return;
        };
        tracing::debug!(tool = %waiting.tool, "a parked MCP call expired");
        for (_, question) in waiting.questions {
            question.fail(format!(
                "the client did not answer within {} s (the server's input timeout)",
                self.timeout.as_secs()
            ));
        }
        waiting.call.detach();
    }

    /// The call `handle` names, its questions answered from `responses`;
    /// the retry must be of the same tool with the same arguments.
    pub(crate) fn resume(
        &self,
        handle: &str,
        tool: &str,
        arguments: &Value,
        mut responses: InputResponses,
    ) -> Result<Running, ErrorData> {
        let mut calls = self.calls();
        let Some(waiting) = calls.remove(handle) else {
            return Err(ErrorData::invalid_params(
                format!(
                    "`requestState` names no call waiting for input: it is unknown, was already resumed, or expired (calls wait {} s)",
                    self.timeout.as_secs()
                ),
                None,
            ));
        };
        let mismatch = if waiting.tool != tool {
            Some(format!(
                "`requestState` belongs to a call of the tool `{}`, not `{tool}`: a retry repeats its call",
                waiting.tool
            ))
        } else if waiting.arguments != *arguments {
            Some(format!(
                "`requestState` belongs to a call of `{tool}` with other arguments: a retry repeats its call's arguments"
            ))
        } else {
            None
        };
        if let Some(why) = mismatch {
            // Still its own client's to resume.
            calls.insert(handle.to_owned(), waiting);
            return Err(ErrorData::invalid_params(why, None));
        }
        drop(calls);
        for (key, question) in waiting.questions {
            match responses.remove(&key) {
                Some(answer) => {
                    let _ = question.answer.send(Ok(answer));
                }
                None => question.fail(format!(
                    "the client's retry carried no answer to `{key}` in `inputResponses`"
                )),
            }
        }
        Ok(waiting.call)
    }
}

/// An unguessable handle, hex.
fn handle() -> Result<String, String> {
    let mut bytes = [0u8; HANDLE_BYTES];
    getrandom::fill(&mut bytes)
        .map_err(|e| format!("the server could not make a handle for the call: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}
