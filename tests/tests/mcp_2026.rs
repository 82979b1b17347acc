//! Protocol 2026-07-28 against `tackle-mcp-host mcp` as a process, driven
//! by rmcp's own client in its `server/discover` lifecycle, over stdio and
//! over Streamable HTTP (with sessions and stateless): discovery, plain
//! calls, a call that asks the user a form and the client's model
//! (`InputRequiredResult`, answered by rmcp's client and resumed from its
//! retry), a hook's ask accepted and declined, and the errors of a retry
//! with an unknown, mismatched or expired `requestState`; a
//! `subscriptions/listen` stream told of a plugin's resource changes, and
//! log messages only at the level a request asks for.

// Sampling: deprecated by rmcp (SEP-2577), still in 2026-07-28's input requests.
#![allow(deprecated)]

use std::io::{BufRead, BufReader};
use std::process::Child;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ClientCapabilities, ClientConfig,
    CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult,
    ElicitationAction, Implementation, InputRequest, LoggingLevel, LoggingMessageNotificationParam,
    ProtocolVersion, RequestMetaObject, SamplingMessage, ServerNotification, SubscriptionFilter,
};
use rmcp::service::{
    ClientLifecycleMode, ClientServiceExt, NotificationContext, RequestContext, RunningService,
};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{ClientHandler, ErrorData, RoleClient};
use serde_json::{Value, json};
use tackle_tests::haproxy::{self, Front, Haproxy};
use tackle_tests::mcp::StdioHost;
use tackle_tests::process::isolated;
use tackle_tests::redis_server::RedisServer;

const HOST: &str = env!("CARGO_BIN_EXE_tackle-mcp-host");

/// The state key replicas share (`--state-key-env STATE_KEY`).
const SHARED_KEY: (&str, &str) = (
    "STATE_KEY",
    "a shared secret of at least 32 characters, for the replicas",
);

/// How long a parked call waits in these tests (`--input-timeout`).
const INPUT_TIMEOUT: &str = "2";

/// A person at the client: answers forms with a name (or declines), and
/// plays the client's model. Keeps what it was asked.
#[derive(Clone)]
struct Person {
    name: Option<&'static str>,
    asked: Arc<Mutex<Vec<String>>>,
    logs: Arc<Mutex<Vec<String>>>,
}

impl Person {
    fn named(name: &'static str) -> Person {
        Person {
            name: Some(name),
            asked: Arc::default(),
            logs: Arc::default(),
        }
    }

    fn declining() -> Person {
        Person {
            name: None,
            asked: Arc::default(),
            logs: Arc::default(),
        }
    }

    fn asked(&self) -> Vec<String> {
        self.asked.lock().expect("not poisoned").clone()
    }
}

impl ClientHandler for Person {
    async fn on_logging_message(
        &self,
        params: LoggingMessageNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let said = params.data.as_str().unwrap_or_default().to_owned();
        self.logs.lock().expect("not poisoned").push(said);
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let ElicitRequestParams::FormElicitationParams { message, .. } = request else {
            return Err(ErrorData::invalid_params("a form was expected", None));
        };
        self.asked.lock().expect("not poisoned").push(message);
        Ok(match self.name {
            Some(name) => {
                ElicitResult::new(ElicitationAction::Accept).with_content(json!({ "name": name }))
            }
            None => ElicitResult::new(ElicitationAction::Decline),
        })
    }

    async fn create_message(
        &self,
        params: CreateMessageRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<CreateMessageResult, ErrorData> {
        let prompt = params
            .messages
            .first()
            .and_then(|m| m.content.first())
            .and_then(|c| c.as_text())
            .map(|t| t.text.clone())
            .unwrap_or_default();
        self.asked
            .lock()
            .expect("not poisoned")
            .push(prompt.clone());
        let greeting = prompt.replace("Greet", "Hello,");
        Ok(CreateMessageResult::new(
            SamplingMessage::assistant_text(greeting),
            "person-model".to_owned(),
        ))
    }

    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::builder()
                .enable_elicitation()
                .enable_sampling()
                .build(),
            Implementation::new("mcp-2026-test", "1"),
        )
    }
}

type Client = RunningService<RoleClient, Person>;

fn discover() -> ClientLifecycleMode {
    ClientLifecycleMode::Discover {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
    }
}

/// The server on the child's stdin and stdout.
struct Stdio {
    _child: tokio::process::Child,
    _dir: tempfile::TempDir,
}

impl Stdio {
    async fn connect(person: Person) -> (Client, Stdio) {
        let StdioHost {
            child,
            stdout,
            stdin,
            dir,
        } = StdioHost::spawn(HOST, &["--input-timeout", INPUT_TIMEOUT], &[]);
        let client = person
            .serve_with_lifecycle((stdout, stdin), discover())
            .await
            .expect("the server is discovered");
        (
            client,
            Stdio {
                _child: child,
                _dir: dir,
            },
        )
    }
}

/// The server over Streamable HTTP, killed when dropped.
struct Http {
    child: Child,
    url: String,
    _dir: tempfile::TempDir,
}

impl Http {
    fn start(args: &[&str]) -> Http {
        Http::start_with(args, &[])
    }

    /// The server with `env` added to its environment.
    fn start_with(args: &[&str], env: &[(&str, &str)]) -> Http {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut command = isolated(HOST, &dir.path().join(".home"));
        command.envs(env.iter().copied());
        command
            .args([
                "mcp",
                "--http",
                "127.0.0.1:0",
                "--input-timeout",
                INPUT_TIMEOUT,
            ])
            .args(args)
            .current_dir(dir.path());
        let mut child = command.spawn().expect("the host starts");
        let mut lines = BufReader::new(child.stderr.take().expect("stderr")).lines();
        let url = loop {
            let Some(Ok(line)) = lines.next() else {
                let _ = child.kill();
                panic!("the server ended before saying where it serves");
            };
            if let Some(url) = line.strip_prefix("serving MCP on ") {
                break url.to_owned();
            }
        };
        // Drained, so the server never blocks on a full pipe.
        std::thread::spawn(move || lines.map_while(Result::ok).for_each(drop));
        Http {
            child,
            url,
            _dir: dir,
        }
    }

    async fn connect(&self, person: Person) -> Client {
        connect_to(&self.url, person).await
    }

    /// `127.0.0.1:PORT`.
    fn addr(&self) -> String {
        self.url
            .trim_start_matches("http://")
            .trim_end_matches("/mcp")
            .to_owned()
    }

    /// SIGKILL: the replica dies with what it held.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A 2026-07-28 client of the server at `url`, discovered.
async fn connect_to(url: &str, person: Person) -> Client {
    person
        .serve_with_lifecycle(
            StreamableHttpClientTransport::from_uri(url.to_owned()),
            discover(),
        )
        .await
        .expect("the server is discovered")
}

impl Drop for Http {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn call(name: &'static str, arguments: Value) -> CallToolRequestParams {
    let Value::Object(arguments) = arguments else {
        panic!("arguments are an object")
    };
    CallToolRequestParams::new(name).with_arguments(arguments)
}

async fn call_json(client: &Client, params: CallToolRequestParams) -> Value {
    let result = client
        .call_tool(params)
        .await
        .expect("the call is answered");
    serde_json::to_value(result).expect("a result serializes")
}

fn text(result: &Value) -> String {
    result["content"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["text"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// What every transport must do on 2026-07-28: discovery, a plain call,
/// a form and a sample in one call, a hook's ask.
async fn serves_2026(client: &Client, person: &Person) {
    let info = client.peer_info().expect("discovered");
    assert_eq!(info.protocol_version, ProtocolVersion::V_2026_07_28);
    let server = info.server_info.as_ref().expect("the server's name");
    assert_eq!(server.name, "tackle-mcp-host");
    assert!(info.capabilities.tools.is_some(), "{info:?}");
    assert!(info.instructions.is_some(), "{info:?}");

    let tools = client.list_all_tools().await.expect("tools/list");
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert!(names.contains(&"interview"), "{names:?}");

    let added = call_json(client, call("add", json!({"a": 2, "b": 3}))).await;
    assert_eq!(added["structuredContent"]["result"], 5, "{added:#}");

    // One call, two questions in turn, each a round trip.
    let interview = call_json(client, call("interview", json!({}))).await;
    assert_eq!(text(&interview), "Ada: Hello, Ada", "{interview:#}");
    assert_eq!(interview["isError"], false, "{interview:#}");
    assert_eq!(person.asked()[..2], ["What is your name?", "Greet Ada"]);

    // The hook asks; the person approves.
    let echoed = call_json(client, call("echo", json!({"text": "ask-me"}))).await;
    assert_eq!(echoed["isError"], false, "{echoed:#}");
    assert_eq!(
        echoed["structuredContent"]["result"], "ask-me",
        "{echoed:#}"
    );
    let question = person.asked().last().cloned().unwrap_or_default();
    assert!(
        question.contains("Allow the tool `echo`")
            && question.contains("mcpish wants a person to approve `ask-me`"),
        "{question}"
    );

    listens_to_resource_changes(client).await;
}

/// A `subscriptions/listen` stream gets the updates of the served URIs it
/// asked for, and the list's changes; nothing else.
async fn listens_to_resource_changes(client: &Client) {
    let filter = SubscriptionFilter::builder()
        .resources_list_changed()
        .resource_subscription("mcpish://notes/todo")
        .resource_subscription("nowhere://served")
        .build();
    let mut stream = client.peer().listen(filter).await.expect("listening");
    assert_eq!(
        stream.acknowledged().resource_subscriptions,
        Some(vec!["mcpish://notes/todo".to_owned()]),
        "only served URIs are accepted"
    );
    // Not asked for: no notification. Then one asked for, then a new note.
    for (name, new) in [("other", false), ("todo", false), ("fresh", true)] {
        let touched = call_json(client, call("touch", json!({"name": name, "new": new}))).await;
        assert_eq!(text(&touched), format!("touched {name}"), "{touched:#}");
    }
    let mut next = async || {
        tokio::time::timeout(Duration::from_secs(10), stream.next())
            .await
            .expect("a notification within 10 s")
            .expect("the stream is open")
            .expect("a notification")
    };
    match next().await {
        ServerNotification::ResourceUpdatedNotification(updated) => {
            assert_eq!(updated.params.uri, "mcpish://notes/todo");
        }
        other => panic!("expected the update of todo, got {other:?}"),
    }
    match next().await {
        ServerNotification::ResourceListChangedNotification(_) => {}
        other => panic!("expected the list's change, got {other:?}"),
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
}

#[test]
fn stdio_serves_2026_with_input_round_trips() {
    runtime().block_on(async {
        let person = Person::named("Ada");
        let (client, _server) = Stdio::connect(person.clone()).await;
        serves_2026(&client, &person).await;
        client.cancel().await.expect("the client stops");
    });
}

#[test]
fn http_with_sessions_serves_2026_with_input_round_trips() {
    let server = Http::start(&[]);
    runtime().block_on(async {
        let person = Person::named("Ada");
        let client = server.connect(person.clone()).await;
        serves_2026(&client, &person).await;
        client.cancel().await.expect("the client stops");
    });
}

#[test]
fn stateless_http_serves_2026_with_input_round_trips() {
    let server = Http::start(&["--stateless"]);
    runtime().block_on(async {
        let person = Person::named("Ada");
        let client = server.connect(person.clone()).await;
        serves_2026(&client, &person).await;
        client.cancel().await.expect("the client stops");
    });
}

#[test]
fn logs_reach_a_request_at_the_level_it_asked_for() {
    runtime().block_on(async {
        let person = Person::named("Ada");
        let (client, _server) = Stdio::connect(person.clone()).await;
        // No level asked for: no log messages (2026-07-28 has no setLevel).
        let said = call_json(&client, call("chatty", json!({}))).await;
        assert_eq!(text(&said), "chatted", "{said:#}");
        let mut meta = RequestMetaObject::new();
        meta.set_log_level(LoggingLevel::Info);
        let mut params = call("chatty", json!({}));
        params.meta = Some(meta);
        let said = call_json(&client, params).await;
        assert_eq!(text(&said), "chatted", "{said:#}");
        // Sent before the result on the request's stream; the client's
        // handler may still be running when the result arrives. Had the
        // first call logged, its messages would be here too.
        let logs = || person.logs.lock().expect("not poisoned").clone();
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while logs().len() < 2 && std::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // rmcp's client runs each notification's handler on its own task:
        // their order here is not the wire's.
        let mut got = logs();
        got.sort();
        assert_eq!(got, ["careful", "started"]);
        client.cancel().await.expect("the client stops");
    });
}

#[test]
fn a_declined_ask_refuses_the_call() {
    runtime().block_on(async {
        let person = Person::declining();
        let (client, _server) = Stdio::connect(person.clone()).await;
        let echoed = call_json(&client, call("echo", json!({"text": "ask-me"}))).await;
        assert_eq!(echoed["isError"], true, "{echoed:#}");
        assert!(text(&echoed).contains("the user declined"), "{echoed:#}");
        // A declined form is the tool's to handle.
        let interview = call_json(&client, call("interview", json!({}))).await;
        assert_eq!(text(&interview), "no name: Declined", "{interview:#}");
        client.cancel().await.expect("the client stops");
    });
}

/// The first answer of a call that asks: its questions and its handle.
async fn input_required(client: &Client, params: CallToolRequestParams) -> (Vec<Value>, String) {
    let answer = client
        .peer()
        .call_tool_once(params)
        .await
        .expect("the call is answered");
    let CallToolResponse::InputRequired(input) = answer else {
        panic!("the call did not ask for input: {answer:?}");
    };
    let requests = input.input_requests.unwrap_or_default();
    let questions = requests
        .values()
        .map(|r| match r {
            InputRequest::Elicitation(e) => serde_json::to_value(e).expect("serializes"),
            other => panic!("not a form: {other:?}"),
        })
        .collect();
    (questions, input.request_state.expect("a handle"))
}

async fn retry_error(client: &Client, params: CallToolRequestParams) -> String {
    match client.peer().call_tool_once(params).await {
        Ok(answer) => panic!("the retry was served: {answer:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn retries_with_unknown_mismatched_or_expired_handles_are_refused_by_name() {
    runtime().block_on(async {
        let (client, _server) = Stdio::connect(Person::named("Ada")).await;
        let (questions, handle) = input_required(&client, call("interview", json!({}))).await;
        assert_eq!(questions.len(), 1, "{questions:?}");
        assert_eq!(questions[0]["params"]["message"], "What is your name?");
        assert!(
            !handle.contains("interview") && handle.len() > 64,
            "sealed, not readable: {handle}"
        );

        let unknown = retry_error(
            &client,
            call("interview", json!({})).with_request_state("0123456789abcdef"),
        )
        .await;
        assert!(
            unknown.contains("not sealed by this server's keys"),
            "{unknown}"
        );
        let other_tool = retry_error(
            &client,
            call("add", json!({"a": 1, "b": 2})).with_request_state(&handle),
        )
        .await;
        assert!(
            other_tool.contains("belongs to a call of the tool `interview`, not `add`"),
            "{other_tool}"
        );
        let other_arguments = retry_error(
            &client,
            call("interview", json!({"x": 1})).with_request_state(&handle),
        )
        .await;
        assert!(
            other_arguments.contains("with other arguments"),
            "{other_arguments}"
        );

        // Past the input timeout the call is no longer parked, and its
        // question was answered "the client did not answer".
        tokio::time::sleep(Duration::from_millis(2_500)).await;
        let expired = retry_error(
            &client,
            call("interview", json!({}))
                .with_request_state(&handle)
                .with_input_responses(
                    [(
                        "input-1".to_owned(),
                        json!({"action": "accept", "content": {"name": "Ada"}}),
                    )]
                    .into(),
                ),
        )
        .await;
        assert!(expired.contains("expired (calls wait 2 s)"), "{expired}");
        let events = call_json(&client, call("events", json!({}))).await;
        assert!(
            text(&events).contains("the client did not answer within 2 s"),
            "{events:#}"
        );

        assert!(text(&events).contains("interview ran on \n"), "{events:#}");

        // An ask left unanswered refuses the call: the tool never runs.
        let (questions, _) =
            input_required(&client, call("interview", json!({"topic": "ask-me"}))).await;
        let question = questions[0]["params"]["message"]
            .as_str()
            .unwrap_or_default();
        assert!(
            question.contains("Allow the tool `interview`"),
            "{question}"
        );
        tokio::time::sleep(Duration::from_millis(2_500)).await;
        let events = call_json(&client, call("events", json!({}))).await;
        assert!(
            !text(&events).contains("interview ran on ask-me"),
            "the unanswered ask let the call run: {events:#}"
        );
        client.cancel().await.expect("the client stops");
    });
}

#[test]
fn past_max_parked_a_call_is_stopped_and_finished_from_its_sealed_state() {
    runtime().block_on(async {
        let (client, _server) = Stdio::connect(Person::named("Ada")).await;
        for _ in 0..tackle_runtime::mcp::MAX_PARKED {
            input_required(&client, call("interview", json!({}))).await;
        }
        // The next call cannot wait here: it asks all the same, and its
        // retry finishes it from the state it was given.
        let (_, state) = input_required(&client, call("interview", json!({}))).await;
        let answer = client
            .peer()
            .call_tool_once(
                call("interview", json!({}))
                    .with_request_state(&state)
                    .with_input_responses(
                        [(
                            "input-1".to_owned(),
                            json!({"action": "accept", "content": {"name": "Ada"}}),
                        )]
                        .into(),
                    ),
            )
            .await
            .expect("the call is answered");
        let CallToolResponse::InputRequired(sampling) = answer else {
            panic!("the tool, run again with the name, asks its next question: {answer:?}");
        };
        assert!(sampling.request_state.is_some(), "{sampling:?}");
        client.cancel().await.expect("the client stops");
    });
}

/// Replicas behind one balancer share the key that seals `requestState`:
/// a call that asked on one is finished by another from the state alone
/// (the tool runs again there, its earlier answers given back; an
/// approval runs the tool, not the hooks that asked), a state sealed with
/// another key is refused, and each state answers one retry.
#[test]
fn a_call_asked_on_one_replica_is_finished_by_another_that_shares_the_key() {
    let key = SHARED_KEY;
    let args = ["--stateless", "--state-key-env", "STATE_KEY"];
    let (one, two) = (
        Http::start_with(&args, &[key]),
        Http::start_with(&args, &[key]),
    );
    let stranger = Http::start_with(
        &args,
        &[(
            "STATE_KEY",
            "another secret, of at least 32 characters, elsewhere",
        )],
    );
    runtime().block_on(async {
        let person = Person::named("Ada");
        let (a, b) = (
            one.connect(person.clone()).await,
            two.connect(person.clone()).await,
        );
        let c = stranger.connect(person.clone()).await;

        // The form, asked on one, answered on the other, which runs the
        // tool again with the name and asks the client's model.
        let (questions, state) = input_required(&a, call("interview", json!({}))).await;
        assert_eq!(
            questions[0]["params"]["message"], "What is your name?",
            "{questions:?}"
        );
        let named = [(
            "input-1".to_owned(),
            json!({"action": "accept", "content": {"name": "Ada"}}),
        )];
        let elsewhere = retry_error(
            &c,
            call("interview", json!({}))
                .with_request_state(&state)
                .with_input_responses(named.clone().into()),
        )
        .await;
        assert!(
            elsewhere.contains("not sealed by this server's keys"),
            "{elsewhere}"
        );
        let answer = b
            .peer()
            .call_tool_once(
                call("interview", json!({}))
                    .with_request_state(&state)
                    .with_input_responses(named.clone().into()),
            )
            .await
            .expect("answered");
        let CallToolResponse::InputRequired(sampling) = answer else {
            panic!("the second question was expected: {answer:?}");
        };
        let requests = sampling.input_requests.unwrap_or_default();
        let Some(InputRequest::CreateMessage(_)) = requests.get("input-1") else {
            panic!("a sample was expected: {requests:?}");
        };
        let second = sampling.request_state.expect("a state");
        // Its state answers one retry: the same one again is refused.
        let again = retry_error(
            &b,
            call("interview", json!({}))
                .with_request_state(&state)
                .with_input_responses(named.into()),
        )
        .await;
        assert!(again.contains("was used already"), "{again}");
        // Back on the first, which never saw the second question.
        let greeting = json!({
            "role": "assistant",
            "content": {"type": "text", "text": "Hello, Ada"},
            "model": "person-model",
        });
        let done = a
            .peer()
            .call_tool_once(
                call("interview", json!({}))
                    .with_request_state(&second)
                    .with_input_responses([("input-1".to_owned(), greeting)].into()),
            )
            .await
            .expect("answered");
        let CallToolResponse::Complete(done) = done else {
            panic!("the call should be done: {done:?}");
        };
        let done = serde_json::to_value(done).expect("serializes");
        assert_eq!(text(&done), "Ada: Hello, Ada", "{done:#}");

        // The hooks' ask, approved on the other replica: the tool runs
        // there, with the arguments the hooks saw.
        let (questions, state) = input_required(&a, call("echo", json!({"text": "ask-me"}))).await;
        assert!(
            questions[0]["params"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("Allow the tool `echo`")),
            "{questions:?}"
        );
        let approved = b
            .peer()
            .call_tool_once(
                call("echo", json!({"text": "ask-me"}))
                    .with_request_state(&state)
                    .with_input_responses(
                        [("input-1".to_owned(), json!({"action": "accept"}))].into(),
                    ),
            )
            .await
            .expect("answered");
        let CallToolResponse::Complete(approved) = approved else {
            panic!("the call should be done: {approved:?}");
        };
        let approved = serde_json::to_value(approved).expect("serializes");
        assert_eq!(approved["isError"], false, "{approved:#}");
        assert_eq!(
            approved["structuredContent"]["result"], "ask-me",
            "{approved:#}"
        );
        // Declined there, it is refused there.
        let (_, state) = input_required(&a, call("echo", json!({"text": "ask-me"}))).await;
        let declined = call_json(
            &b,
            call("echo", json!({"text": "ask-me"}))
                .with_request_state(&state)
                .with_input_responses(
                    [("input-1".to_owned(), json!({"action": "decline"}))].into(),
                ),
        )
        .await;
        assert_eq!(declined["isError"], true, "{declined:#}");
        assert!(
            text(&declined).contains("the user declined"),
            "{declined:#}"
        );
        for client in [a, b, c] {
            client.cancel().await.expect("the client stops");
        }
    });
}

/// Replicas that share a Redis session store answer a sealed state once
/// between them: finished on one, the same retry on the replica that
/// asked (and still holds the call parked) is refused, and the tool did
/// not run twice. Each replica's own memory could not know.
#[test]
fn a_state_finished_on_one_replica_is_refused_on_the_others_through_the_shared_store() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let key = SHARED_KEY;
    let store = redis.url();
    let args = [
        "--stateless",
        "--state-key-env",
        "STATE_KEY",
        "--session-store",
        &store,
    ];
    let (one, two) = (
        Http::start_with(&args, &[key]),
        Http::start_with(&args, &[key]),
    );
    runtime().block_on(async {
        let person = Person::named("Ada");
        let (a, b) = (
            one.connect(person.clone()).await,
            two.connect(person.clone()).await,
        );
        let (_, state) = input_required(&a, call("interview", json!({}))).await;
        let named = [(
            "input-1".to_owned(),
            json!({"action": "accept", "content": {"name": "Ada"}}),
        )];
        let retry = || {
            call("interview", json!({}))
                .with_request_state(&state)
                .with_input_responses(named.clone().into())
        };
        b.peer()
            .call_tool_once(retry())
            .await
            .expect("finished on the other replica");
        let again = retry_error(&a, retry()).await;
        assert!(again.contains("was used already"), "{again}");
        for client in [a, b] {
            client.cancel().await.expect("the client stops");
        }
    });
}

/// Three replicas behind a real haproxy: a call that asked on one is
/// finished through the balancer after that replica was killed (SIGKILL),
/// by another, from the state it sealed.
#[test]
fn a_call_asked_on_a_replica_killed_since_is_finished_through_the_balancer() {
    if haproxy::program().is_none() {
        return;
    }
    let key = SHARED_KEY;
    let front = Front::bind();
    let args = [
        "--stateless",
        "--state-key-env",
        "STATE_KEY",
        "--allow-host",
        &front.addr,
    ];
    let mut replicas: Vec<Http> = (0..3).map(|_| Http::start_with(&args, &[key])).collect();
    let backends: Vec<String> = replicas.iter().map(Http::addr).collect();
    let balancer = Haproxy::start(front, &backends, "");
    runtime().block_on(async {
        let person = Person::named("Ada");
        let direct = replicas[0].connect(person.clone()).await;
        let (_, state) = input_required(&direct, call("interview", json!({}))).await;
        direct.cancel().await.expect("the client stops");
        replicas[0].kill();

        let through = connect_to(&format!("http://{}/mcp", balancer.addr), person).await;
        let answer = through
            .peer()
            .call_tool_once(
                call("interview", json!({}))
                    .with_request_state(&state)
                    .with_input_responses(
                        [(
                            "input-1".to_owned(),
                            json!({"action": "accept", "content": {"name": "Ada"}}),
                        )]
                        .into(),
                    ),
            )
            .await
            .expect("answered through the balancer");
        let CallToolResponse::InputRequired(sampling) = answer else {
            panic!("the second question was expected: {answer:?}");
        };
        let second = sampling.request_state.expect("a state");
        let greeting = json!({
            "role": "assistant",
            "content": {"type": "text", "text": "Hello, Ada"},
            "model": "person-model",
        });
        let done = through
            .peer()
            .call_tool_once(
                call("interview", json!({}))
                    .with_request_state(&second)
                    .with_input_responses([("input-1".to_owned(), greeting)].into()),
            )
            .await
            .expect("answered through the balancer");
        let CallToolResponse::Complete(done) = done else {
            panic!("the call should be done: {done:?}");
        };
        let done = serde_json::to_value(done).expect("serializes");
        assert_eq!(
            text(&done),
            "Ada: Hello, Ada",
            "{done:#}\n{}",
            balancer.log()
        );
        through.cancel().await.expect("the client stops");
    });
}
