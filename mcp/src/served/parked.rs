//! Protocol 2026-07-28's input round trips (MRTR) for calls that keep
//! running.
//!
//! On 2026-07-28 a server may not send the client a request; a call that
//! needs the client (a form, a sample of its model, a hook's ask) answers
//! `InputRequiredResult` instead, and the client retries the call with its
//! answers and the `requestState` it was given.
//!
//! That state is sealed ([`StateKeys`]): encrypted, authenticated, and
//! opened by any replica that holds the same key. It says where the call
//! stood when it asked ([`Checkpoint`]): the hooks waiting for the user's
//! approval, or the tool running with the arguments the hooks let through,
//! with the tool's questions answered so far. So a retry is finished
//! wherever it lands:
//!
//! - on the server that asked, the running call is parked here, and the
//!   retry hands it the answers (nothing runs twice);
//! - on another replica (the first died, or the balancer sent the retry
//!   elsewhere), the call is finished from its checkpoint: an approval
//!   runs the tool and its `after_tool_call` hooks, never the hooks that
//!   already decided; a tool that asked runs again, its earlier questions
//!   answered from the state, so only what it did before asking repeats.
//!
//! A state is used once (claimed in the session store, shared by the
//! replicas), and not after the server's input timeout. Bounded: at most
//! [`MAX_PARKED`] calls are parked at once; past that a call's state is
//! sealed all the same and the call itself stopped, to be finished from its
//! checkpoint.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rmcp::ErrorData;
use rmcp::model::{InputRequests, InputRequiredResult, InputResponses};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tackle::session::SessionStore;

use super::input::{Answered, Asker, Checkpoint, Question, fingerprint, hex};
use super::seal::StateKeys;
use crate::running::Running;

/// The most calls parked at once; past it, a call is finished from its
/// sealed checkpoint when its client retries.
pub const MAX_PARKED: usize = 64;

/// How long a call's state stays good for its client's retry by default.
pub const INPUT_TIMEOUT: Duration = Duration::from_secs(300);

/// The version of the sealed format: a state of another is refused.
const FORMAT: u8 = 1;

/// A call waiting for the client's retry.
#[derive(Debug)]
struct Waiting {
    call: Running,
    /// The questions put to the client, by their key in `inputRequests`.
    questions: Vec<(String, Question)>,
}

/// One question of a round, by its key.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Asked {
    key: String,
    asked: String,
}

/// What a sealed state belongs to: a tool's call, or a prompt's request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Asks {
    /// `tools/call`.
    #[default]
    Tool,
    /// `prompts/get`: never parked, it runs again with its answers.
    Prompt,
}

impl Asks {
    fn noun(self) -> &'static str {
        match self {
            Asks::Tool => "a call of the tool",
            Asks::Prompt => "a request for the prompt",
        }
    }
}

/// What a call's `requestState` holds, sealed.
#[derive(Debug, Serialize, Deserialize)]
struct SealedCall {
    format: u8,
    #[serde(default)]
    asks: Asks,
    tool: String,
    /// A digest of the client's arguments: a retry repeats them.
    arguments: String,
    checkpoint: Checkpoint,
    /// This round's questions.
    asked: Vec<Asked>,
    /// The tool's questions of earlier rounds, answered.
    replay: Vec<Answered>,
    /// Where the live call is parked: this server's id and the call's.
    parked: Option<(String, String)>,
    /// When it was sealed, in milliseconds since the epoch.
    sealed: u64,
    /// This state's own id: it is used once.
    id: String,
}

/// How a retry goes on.
#[derive(Debug)]
pub(crate) enum Resumed {
    /// The call, parked here, has its answers.
    Parked(Running),
    /// The call is finished from its checkpoint: after an approval, with
    /// the user's answer; in the tool, with every answer so far.
    Checkpoint {
        checkpoint: Checkpoint,
        approval: Option<Value>,
        replay: Vec<Answered>,
    },
}

/// A call whose state could not be sealed, given back with its questions
/// and why.
#[derive(Debug)]
pub(crate) struct Unsealable {
    pub(crate) call: Running,
    pub(crate) questions: Vec<Question>,
    pub(crate) why: String,
}

/// The parked calls of one server, and its keys.
#[derive(Debug)]
pub(crate) struct Parked {
    calls: Mutex<HashMap<String, Waiting>>,
    timeout: Duration,
    keys: StateKeys,
    /// This server's id among replicas: a parked call is resumed only here.
    server: String,
}

impl Parked {
    pub(crate) fn new(timeout: Duration, keys: StateKeys) -> Arc<Parked> {
        Arc::new(Parked {
            calls: Mutex::default(),
            timeout,
            keys,
            server: random_id().unwrap_or_default(),
        })
    }

    fn calls(&self) -> MutexGuard<'_, HashMap<String, Waiting>> {
        self.calls.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Seals the state of `call` of `tool` (the client's `arguments`),
    /// which asked `questions`, and parks it if there is room (else stops
    /// it: it is finished from its checkpoint); the result to send the
    /// client. Gives the call and its questions back with why when no
    /// state could be sealed.
    pub(crate) fn park(
        self: &Arc<Self>,
        tool: &str,
        arguments: &Value,
        call: Running,
        questions: Vec<Question>,
    ) -> Result<InputRequiredResult, Box<Unsealable>> {
        let mut calls = self.calls();
        let room = calls.len() < MAX_PARKED;
        let sealed = self.seal(Asks::Tool, tool, arguments, call.asker(), questions, room);
        let (result, questions, id) = match sealed {
            Ok(sealed) => sealed,
            Err((questions, why)) => {
                return Err(Box::new(Unsealable {
                    call,
                    questions,
                    why,
                }));
            }
        };
        if let Some(id) = id {
            calls.insert(id.clone(), Waiting { call, questions });
            drop(calls);
            let parked = Arc::clone(self);
            tokio::spawn(async move {
                tokio::time::sleep(parked.timeout).await;
                parked.expire(&id);
            });
        } else {
            // No room to wait: the call stops here, and its retry finishes
            // it from the checkpoint.
            drop(calls);
            tracing::warn!(
                tool,
                "{MAX_PARKED} calls wait for their clients' input already: this one is stopped and will be finished from its sealed state"
            );
            drop((call, questions));
        }
        Ok(result)
    }

    /// Seals the state of a request for the prompt `prompt` (the client's
    /// `arguments`), which asked `questions` through `asker`: the prompt
    /// stops, and runs again with its answers when the client retries.
    pub(crate) fn seal_prompt(
        &self,
        prompt: &str,
        arguments: &Value,
        asker: &Asker,
        questions: Vec<Question>,
    ) -> Result<InputRequiredResult, String> {
        let (result, _stopped, _) = self
            .seal(Asks::Prompt, prompt, arguments, asker, questions, false)
            .map_err(|(_, why)| why)?;
        Ok(result)
    }

    /// The state of a request of `asks` for `name` that asked `questions`
    /// through `asker`, sealed: the result for the client, the questions by
    /// their keys, and (with `park`) the id the live call waits under.
    #[allow(clippy::type_complexity)]
    fn seal(
        &self,
        asks: Asks,
        name: &str,
        arguments: &Value,
        asker: &Asker,
        questions: Vec<Question>,
        park: bool,
    ) -> Result<
        (InputRequiredResult, Vec<(String, Question)>, Option<String>),
        (Vec<Question>, String),
    > {
        let (Some(first), Ok(id)) = (questions.first(), random_id()) else {
            let why = "the server could not make an id for the call's state".to_owned();
            return Err((questions, why));
        };
        let checkpoint = asker.checkpoint(&first.from);
        let questions = keyed(questions);
        let mut requests = InputRequests::new();
        for (key, question) in &questions {
            requests.insert(key.clone(), question.request.clone());
        }
        let asked = questions
            .iter()
            .map(|(key, q)| Asked {
                key: key.clone(),
                asked: fingerprint(&q.request),
            })
            .collect();
        let parked = park.then(|| (self.server.clone(), id.clone()));
        let state = SealedCall {
            format: FORMAT,
            asks,
            tool: name.to_owned(),
            arguments: digest(arguments),
            checkpoint,
            asked,
            replay: asker.answered(),
            parked,
            sealed: now_ms(),
            id: id.clone(),
        };
        let sealed = serde_json::to_vec(&state)
            .map_err(|e| e.to_string())
            .and_then(|plain| self.keys.seal(&plain));
        match sealed {
            Ok(sealed) => Ok((
                InputRequiredResult::new(Some(requests), Some(sealed)),
                questions,
                park.then_some(id),
            )),
            Err(why) => Err((questions.into_iter().map(|(_, q)| q).collect(), why)),
        }
    }

    /// Ends the wait of the call `id` names, if it still waits: its
    /// questions get "the client did not answer", and it runs on alone.
    fn expire(&self, id: &str) {
        let Some(waiting) = self.calls().remove(id) else {
            return;
        };
        tracing::debug!("a parked MCP call expired");
        for (_, question) in waiting.questions {
            question.fail(format!(
                "the client did not answer within {} s (the server's input timeout)",
                self.timeout.as_secs()
            ));
        }
        waiting.call.detach();
    }

    /// The call `state` seals, with its questions answered from
    /// `responses`: parked here, or to finish from its checkpoint. The
    /// retry must be of the same tool with the same arguments, within the
    /// input timeout, and the state's first use (claimed in `store`).
    pub(crate) fn resume(
        &self,
        state: &str,
        asks: Asks,
        tool: &str,
        arguments: &Value,
        mut responses: InputResponses,
        store: &dyn SessionStore,
    ) -> Result<Resumed, ErrorData> {
        let invalid = |why: String| ErrorData::invalid_params(why, None);
        let plain = self.keys.open(state).map_err(|e| invalid(e.to_string()))?;
        let sealed: SealedCall = serde_json::from_slice(&plain)
            .ok()
            .filter(|s: &SealedCall| s.format == FORMAT)
            .ok_or_else(|| {
                invalid("`requestState` is of a format this server does not read".to_owned())
            })?;
        let age = now_ms().saturating_sub(sealed.sealed);
        if u128::from(age) >= self.timeout.as_millis() {
            return Err(invalid(format!(
                "`requestState` expired (calls wait {} s): make the call again",
                self.timeout.as_secs()
            )));
        }
        if sealed.asks != asks || sealed.tool != tool {
            let this = if sealed.asks == asks {
                format!("`{tool}`")
            } else {
                format!("to {} `{tool}`", asks.noun())
            };
            return Err(invalid(format!(
                "`requestState` belongs to {} `{}`, not {this}: a retry repeats its request",
                sealed.asks.noun(),
                sealed.tool,
            )));
        }
        if sealed.arguments != digest(arguments) {
            return Err(invalid(format!(
                "`requestState` belongs to {} `{tool}` with other arguments: a retry repeats its request's arguments",
                asks.noun()
            )));
        }
        let first = store
            .claim_once(&format!("mrtr/{}", sealed.id), self.timeout)
            .map_err(|e| {
                invalid(format!(
                    "`requestState` could not be checked against its earlier uses: {e}"
                ))
            })?;
        if !first {
            return Err(invalid(
                "`requestState` was used already: each state answers one retry, make the call again".to_owned(),
            ));
        }
        let here = sealed
            .parked
            .as_ref()
            .filter(|(server, _)| *server == self.server)
            .and_then(|(_, id)| self.calls().remove(id));
        if let Some(waiting) = here {
            for (key, question) in waiting.questions {
                match responses.remove(&key) {
                    Some(answer) => question.give(answer),
                    None => question.fail(format!(
                        "the client's retry carried no answer to `{key}` in `inputResponses`"
                    )),
                }
            }
            return Ok(Resumed::Parked(waiting.call));
        }
        let mut replay = sealed.replay;
        let mut approval = None;
        for Asked { key, asked } in sealed.asked {
            let Some(answer) = responses.remove(&key) else {
                break;
            };
            match sealed.checkpoint {
                Checkpoint::Approval { .. } => approval = Some(answer),
                Checkpoint::Tool { .. } => replay.push(Answered { asked, answer }),
            }
        }
        Ok(Resumed::Checkpoint {
            checkpoint: sealed.checkpoint,
            approval,
            replay,
        })
    }
}

/// A round's questions by their keys in `inputRequests`, in the order
/// they were asked (a retry on another replica answers the tool's
/// questions again in that order): the tool's own key, else the first free
/// of `input-1`, `input-2`, ... A key the tool gives twice in one round is
/// an error for the later question, which is not sent.
fn keyed(questions: Vec<Question>) -> Vec<(String, Question)> {
    let chosen: Vec<String> = questions.iter().filter_map(|q| q.key.clone()).collect();
    let mut keyed: Vec<(String, Question)> = Vec::with_capacity(questions.len());
    let mut n = 0;
    for question in questions {
        let key = match question.key.clone() {
            Some(key) if keyed.iter().any(|(k, _)| *k == key) => {
                question.fail(format!(
                    "the call asked two questions under the key `{key}` at once: each question of a round needs a key of its own"
                ));
                continue;
            }
            Some(key) => key,
            None => loop {
                n += 1;
                let key = format!("input-{n}");
                if !chosen.contains(&key) {
                    break key;
                }
            },
        };
        keyed.push((key, question));
    }
    keyed
}

/// A digest of a call's arguments, the same however their keys are ordered.
fn digest(arguments: &Value) -> String {
    let mut text = String::new();
    canonical(arguments, &mut text);
    hex(&hmac_sha256::Hash::hash(text.as_bytes()))
}

/// `value` as JSON text with every object's keys in order.
fn canonical(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (n, key) in keys.into_iter().enumerate() {
                if n > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push(':');
                canonical(&map[key], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (n, item) in items.iter().enumerate() {
                if n > 0 {
                    out.push(',');
                }
                canonical(item, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// 128 bits from the OS's generator, hex.
pub(crate) fn random_id() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| format!("the OS's generator failed: {e}"))?;
    Ok(hex(&bytes))
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::input::QuestionFrom;
    use super::*;

    /// The keys of a round, and what each question was answered.
    async fn keys_of(keys: &[Option<&str>]) -> (Vec<String>, Vec<Result<Value, String>>) {
        let (asker, mut rounds) = Asker::new(super::super::input::Known::default());
        let asks = keys.iter().enumerate().map(|(n, key)| {
            let asker = asker.clone();
            let key = key.map(str::to_owned);
            async move {
                asker
                    .ask(
                        super::super::input::tests::form(&n.to_string()),
                        QuestionFrom::Tool,
                        key,
                    )
                    .await
            }
        });
        let call = tokio::spawn(futures_util::future::join_all(asks));
        let round = rounds.recv().await.expect("a round");
        let keyed = keyed(round);
        let names = keyed.iter().map(|(k, _)| k.clone()).collect();
        for (key, question) in keyed {
            question.give(Value::String(key));
        }
        (names, call.await.expect("the call ends"))
    }

    #[tokio::test]
    async fn a_round_keeps_the_tools_keys_in_order_and_names_the_rest_around_them() {
        let (keys, answers) = keys_of(&[None, Some("input-1"), None, Some("user_name")]).await;
        assert_eq!(keys, ["input-2", "input-1", "input-3", "user_name"]);
        assert!(answers.iter().all(Result::is_ok), "{answers:?}");
    }

    #[tokio::test]
    async fn a_key_given_twice_in_a_round_is_the_later_questions_error() {
        let (keys, answers) = keys_of(&[Some("name"), Some("name"), None]).await;
        assert_eq!(keys, ["name", "input-1"]);
        assert_eq!(answers[0], Ok(Value::String("name".to_owned())));
        assert_eq!(
            answers[1],
            Err("the call asked two questions under the key `name` at once: each question of a round needs a key of its own".to_owned())
        );
    }

    #[test]
    fn the_arguments_digest_ignores_key_order_and_nothing_else() {
        let a = json!({"b": [1, {"y": 2, "x": 1}], "a": "s"});
        let b = json!({"a": "s", "b": [1, {"x": 1, "y": 2}]});
        assert_eq!(digest(&a), digest(&b));
        assert_ne!(
            digest(&a),
            digest(&json!({"a": "s", "b": [{"x": 1, "y": 2}, 1]}))
        );
        assert_ne!(digest(&json!({"a": 1})), digest(&json!({"a": "1"})));
    }
}
