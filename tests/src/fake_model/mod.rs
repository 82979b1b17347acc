//! A model API on loopback, for live tests of real agents: the agent is
//! pointed at it (`ANTHROPIC_BASE_URL=...`) and runs offline, the model's
//! side of the conversation played from a script, every request recorded
//! so the test can assert on what the model was sent (a tool's result, a
//! refusal's reason, added context).
//!
//! ```no_run
//! use serde_json::json;
//! use tackle_tests::fake_model::{FakeModel, Turn};
//!
//! let model = FakeModel::anthropic(vec![
//!     Turn::tool("Bash", json!({"command": "echo hello"})),
//!     Turn::say("Done."),
//! ]);
//! // ... run the agent with ANTHROPIC_BASE_URL=model.base_url() ...
//! // The request after turn 1 carries the tool's result.
//! let result = tackle_tests::fake_model::anthropic::tool_result(&model.turns()[1].body, 1);
//! assert_eq!(result.map(|r| r.text()), Some("hello".to_owned()));
//! ```
//!
//! One module per API ([`anthropic`]: the Messages API; [`openai`]: the
//! Chat Completions API; [`gemini`]: Google's Gemini API; each streamed or
//! not; [`responses`]: OpenAI's Responses API, streamed); each turns the
//! script's [`Turn`]s into its own wire format and says which requests are
//! the agent's turns.

pub mod anthropic;
mod fault;
pub mod gemini;
pub mod openai;
pub mod responses;
mod script;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

use axum::Router;
use axum::http::{Method, Uri};
use serde_json::Value;
use tokio::sync::oneshot;

pub use self::fault::Fault;
pub use self::script::Turn;

/// A running fake model API; stopped when dropped.
#[derive(Debug)]
pub struct FakeModel {
    addr: SocketAddr,
    state: Arc<State>,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

/// One request the API received, as sent.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// `POST`, `GET`, ...
    pub method: String,
    /// The path and query (`/v1/messages?beta=true`, `/v1/chat/completions`).
    pub path: String,
    /// The body, when it was JSON (`Null` otherwise).
    pub body: Value,
    /// Whether it was one of the agent's turns (it took the script's next
    /// turn) rather than a side request or one the API does not serve.
    pub turn: bool,
}

/// What the handlers share: the script and the record.
#[derive(Debug)]
pub(crate) struct State {
    script: Mutex<Script>,
    requests: Mutex<Vec<Request>>,
    /// What the next requests meet before the API answers, in order.
    faults: Mutex<std::collections::VecDeque<Fault>>,
}

#[derive(Debug)]
struct Script {
    turns: Vec<Turn>,
    next: usize,
}

impl State {
    /// The script's next turn, numbered from 1; once the script is over, a
    /// turn that ends the conversation.
    pub(crate) fn next_turn(&self) -> (usize, Turn) {
        let mut script = lock(&self.script);
        script.next += 1;
        let turn = script
            .turns
            .get(script.next - 1)
            .cloned()
            .unwrap_or_else(|| Turn::say("(The script is over.)"));
        (script.next, turn)
    }

    /// Records a request.
    pub(crate) fn record(&self, request: Request) {
        lock(&self.requests).push(request);
    }

    /// Records a `POST` to `path`, and answers it: a request that offers
    /// tools is one of the agent's turns and takes the script's next turn;
    /// any other (a side request) is answered `OK` as turn 0.
    pub(crate) fn take(&self, path: &Uri, body: Value, offers_tools: bool) -> (usize, Turn) {
        self.record(Request {
            method: Method::POST.to_string(),
            path: path.to_string(),
            body,
            turn: offers_tools,
        });
        if offers_tools {
            self.next_turn()
        } else {
            (0, Turn::say("OK"))
        }
    }
}

/// The id of turn `n`'s tool call, in every API: `call_fake_NN`.
pub fn call_id(n: usize) -> String {
    format!("call_fake_{n:02}")
}

impl FakeModel {
    /// Anthropic's Messages API (`/v1/messages`), playing `turns`.
    pub fn anthropic(turns: Vec<Turn>) -> FakeModel {
        FakeModel::serve(anthropic::router, turns)
    }

    /// OpenAI's Chat Completions API (`/v1/chat/completions`, and
    /// `/chat/completions`), playing `turns`; agents take
    /// `format!("{}/v1", model.base_url())` as their base URL.
    pub fn openai(turns: Vec<Turn>) -> FakeModel {
        FakeModel::serve(openai::router, turns)
    }

    /// OpenAI's Responses API (`/v1/responses`, and `/responses`), as
    /// Codex speaks it, playing `turns`; agents take
    /// `format!("{}/v1", model.base_url())` as their base URL.
    pub fn responses(turns: Vec<Turn>) -> FakeModel {
        FakeModel::serve(responses::router, turns)
    }

    /// Google's Gemini API (`/v1beta/models/{model}:generateContent`,
    /// `:streamGenerateContent`, `:countTokens`), playing `turns`; Gemini
    /// CLI takes `model.base_url()` as `GOOGLE_GEMINI_BASE_URL`.
    pub fn gemini(turns: Vec<Turn>) -> FakeModel {
        FakeModel::serve(gemini::router, turns)
    }

    /// Serves `router` on a loopback port of its own, on a thread of its
    /// own (the tests that drive agents are synchronous).
    fn serve(router: fn(Arc<State>) -> Router, turns: Vec<Turn>) -> FakeModel {
        let state = Arc::new(State {
            script: Mutex::new(Script { turns, next: 0 }),
            requests: Mutex::new(Vec::new()),
            faults: Mutex::new(std::collections::VecDeque::new()),
        });
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
        listener
            .set_nonblocking(true)
            .expect("a non-blocking listener");
        let addr = listener.local_addr().expect("the bound address");
        let (stop, stopped) = oneshot::channel::<()>();
        let app = router(state.clone()).layer(axum::middleware::from_fn_with_state(
            state.clone(),
            fault::apply,
        ));
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime for the fake model");
            runtime.block_on(async move {
                let listener =
                    tokio::net::TcpListener::from_std(listener).expect("a tokio listener");
                axum::serve(listener, app)
                    .with_graceful_shutdown(async {
                        let _ = stopped.await;
                    })
                    .await
                    .expect("the fake model serves");
            });
        });
        FakeModel {
            addr,
            state,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// Where the agent reaches it: `http://127.0.0.1:PORT`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The next request meets `fault` (a status such as 429, a delay)
    /// before the API answers it; faults queue, one per request.
    pub fn fail_next(&self, fault: Fault) {
        lock(&self.state.faults).push_back(fault);
    }

    /// Every request so far, in the order received.
    pub fn requests(&self) -> Vec<Request> {
        lock(&self.state.requests).clone()
    }

    /// The requests that were the agent's turns, in order: the first is
    /// the one the script's first turn answered.
    pub fn turns(&self) -> Vec<Request> {
        self.requests().into_iter().filter(|r| r.turn).collect()
    }
}

impl Drop for FakeModel {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A lock whose holder's panic is not this test's failure.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}
