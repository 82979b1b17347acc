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

use super::input::{Answered, Checkpoint, Question, fingerprint, hex};
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

/// What a call's `requestState` holds, sealed.
#[derive(Debug, Serialize, Deserialize)]
struct SealedCall {
    format: u8,
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
        let (Some(first), Ok(id)) = (questions.first(), random_id()) else {
            return Err(Box::new(Unsealable {
                call,
                questions,
                why: "the server could not make an id for the call's state".to_owned(),
            }));
        };
        let checkpoint = call.asker().checkpoint(&first.from);
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
        let asked = questions
            .iter()
            .map(|(key, q)| Asked {
                key: key.clone(),
                asked: fingerprint(&q.request),
            })
            .collect();
        let mut calls = self.calls();
        let parked = (calls.len() < MAX_PARKED).then(|| (self.server.clone(), id.clone()));
        let state = SealedCall {
            format: FORMAT,
            tool: tool.to_owned(),
            arguments: digest(arguments),
            checkpoint,
            asked,
            replay: call.asker().answered(),
            parked: parked.clone(),
            sealed: now_ms(),
            id: id.clone(),
        };
        let sealed = serde_json::to_vec(&state)
            .map_err(|e| e.to_string())
            .and_then(|plain| self.keys.seal(&plain));
        let sealed = match sealed {
            Ok(sealed) => sealed,
            Err(why) => {
                drop(calls);
                let questions = questions.into_iter().map(|(_, q)| q).collect();
                return Err(Box::new(Unsealable {
                    call,
                    questions,
                    why,
                }));
            }
        };
        if parked.is_some() {
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
        Ok(InputRequiredResult::new(Some(requests), Some(sealed)))
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
        if sealed.tool != tool {
            return Err(invalid(format!(
                "`requestState` belongs to a call of the tool `{}`, not `{tool}`: a retry repeats its call",
                sealed.tool
            )));
        }
        if sealed.arguments != digest(arguments) {
            return Err(invalid(format!(
                "`requestState` belongs to a call of `{tool}` with other arguments: a retry repeats its call's arguments"
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

    use super::*;

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
