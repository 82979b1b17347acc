//! MCP tasks (SEP-2663) against `tackle-mcp-host mcp` as a process, driven
//! by rmcp's own client on protocol 2026-07-28: a tool declared
//! `#[tool(task)]` answers with a task that `tasks/get` follows to its
//! result; the hooks guard a task's call as they guard any (a denial, an
//! ask answered with `tasks/update`, `tool_error` on a failure); a
//! cancelled task's tool sees its cancellation and the task settles
//! `cancelled`; a tool that must run as a task is refused, before any hook
//! or the tool runs, for a client without the extension; past
//! `--max-tasks` no task is made; the tasks still running when the client
//! leaves are cancelled; and the extension is advertised.
//!
//! The suite's tasks scenarios run in `examples/mcp-conformance`.

use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CancelTaskParams, ClientCapabilities,
    ClientConfig, DetailedTask, GetTaskParams, Implementation, InputRequest, InputResponses,
    ProtocolVersion, TASKS_EXTENSION_ID, TaskPayload, TaskStatus, UpdateTaskParams,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RunningService};
use rmcp::{ClientHandler, RoleClient};
use serde_json::{Value, json};
use tackle_tests::mcp::StdioHost;

const HOST: &str = env!("CARGO_BIN_EXE_tackle-mcp-host");

/// A 2026-07-28 client that offers forms and, with `tasks`, takes tasks.
#[derive(Clone)]
struct TaskClient {
    tasks: bool,
}

impl ClientHandler for TaskClient {
    fn get_info(&self) -> ClientConfig {
        let capabilities = ClientCapabilities::builder().enable_elicitation();
        let capabilities = match self.tasks {
            true => capabilities.enable_tasks().build(),
            false => capabilities.build(),
        };
        ClientConfig::new(capabilities, Implementation::new("mcp-tasks-test", "1"))
    }
}

type Client = RunningService<RoleClient, TaskClient>;

/// The server on a child's stdin and stdout, and a client of it.
async fn connect(tasks: bool) -> (Client, tokio::process::Child, tempfile::TempDir) {
    connect_with(tasks, StdioHost::spawn(HOST, &[], &[])).await
}

/// A client of `host`.
async fn connect_with(
    tasks: bool,
    host: StdioHost,
) -> (Client, tokio::process::Child, tempfile::TempDir) {
    let StdioHost {
        child,
        stdout,
        stdin,
        dir,
    } = host;
    let lifecycle = ClientLifecycleMode::Discover {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
    };
    let client = TaskClient { tasks }
        .serve_with_lifecycle((stdout, stdin), lifecycle)
        .await
        .expect("the server is discovered");
    (client, child, dir)
}

fn call(name: &'static str, arguments: Value) -> CallToolRequestParams {
    let Value::Object(arguments) = arguments else {
        panic!("arguments are an object")
    };
    CallToolRequestParams::new(name).with_arguments(arguments)
}

/// Calls `params`, which must answer with a task: its id.
async fn start(client: &Client, params: CallToolRequestParams) -> String {
    match client.peer().call_tool_once(params).await {
        Ok(CallToolResponse::Task(created)) => {
            assert_eq!(created.task.status, TaskStatus::Working, "{created:?}");
            assert_eq!(created.task.ttl_ms, Some(300_000), "{created:?}");
            created.task.task_id
        }
        other => panic!("no task was created: {other:?}"),
    }
}

async fn get(client: &Client, id: &str) -> DetailedTask {
    client
        .peer()
        .get_task(GetTaskParams::new(id))
        .await
        .expect("tasks/get")
        .task
}

/// Polls the task `id` until `done` holds of it.
async fn until(client: &Client, id: &str, done: impl Fn(&DetailedTask) -> bool) -> DetailedTask {
    for _ in 0..200 {
        let task = get(client, id).await;
        if done(&task) {
            return task;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the task {id} never got there: {:?}", get(client, id).await);
}

async fn finished(client: &Client, id: &str) -> DetailedTask {
    until(client, id, |t| t.status().is_terminal()).await
}

/// A completed task's result: its text, and whether it is an error.
fn completed(task: &DetailedTask) -> (String, bool) {
    let TaskPayload::Completed { result } = &task.payload else {
        panic!("the task did not complete: {task:?}");
    };
    let text = result["content"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["text"].as_str())
        .collect::<Vec<_>>()
        .join("\n");
    (text, result["isError"] == json!(true))
}

/// Calls `params`, which must answer as an ordinary call.
async fn answered(client: &Client, params: CallToolRequestParams) -> CallToolResult {
    match client.peer().call_tool_once(params).await {
        Ok(CallToolResponse::Complete(result)) => result,
        other => panic!("not answered as a call: {other:?}"),
    }
}

async fn events(client: &Client) -> String {
    answered(client, call("events", json!({})))
        .await
        .content
        .first()
        .and_then(|c| c.as_text())
        .map(|t| t.text.clone())
        .unwrap_or_default()
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

#[test]
fn a_task_tool_answers_with_a_task_whose_result_tasks_get_inlines() {
    runtime().block_on(async {
        let (client, _child, _dir) = connect(true).await;
        let info = client.peer_info().expect("discovered");
        let extensions = info.capabilities.extensions.clone().unwrap_or_default();
        assert!(extensions.contains_key(TASKS_EXTENSION_ID), "{info:?}");

        let id = start(&client, call("chore", json!({"text": "sweep"}))).await;
        let (text, is_error) = completed(&finished(&client, &id).await);
        assert_eq!((text.as_str(), is_error), ("chore done: sweep", false));

        // A tool's error is a completed task with an error result, and
        // the `tool_error` hook saw it.
        let id = start(&client, call("chore", json!({"text": "fail-me"}))).await;
        let (text, is_error) = completed(&finished(&client, &id).await);
        assert!(
            is_error && text.contains("chore failed on fail-me"),
            "{text}"
        );
        assert!(
            events(&client).await.contains("tool_error chore:"),
            "{}",
            events(&client).await
        );

        // An id of no task, or cancelled twice: -32602, and an ack.
        let unknown = client.peer().get_task(GetTaskParams::new("nope")).await;
        assert!(
            format!("{unknown:?}").contains("unknown task `nope`"),
            "{unknown:?}"
        );
        client
            .peer()
            .cancel_task(CancelTaskParams::new(&id))
            .await
            .expect("a finished task's cancel is acknowledged");
        assert_eq!(get(&client, &id).await.status(), TaskStatus::Completed);
        client.cancel().await.expect("the client stops");
    });
}

#[test]
fn the_hooks_guard_a_task_as_any_call() {
    runtime().block_on(async {
        let (client, _child, _dir) = connect(true).await;
        let id = start(&client, call("chore", json!({"text": "forbidden"}))).await;
        let (text, is_error) = completed(&finished(&client, &id).await);
        assert!(is_error && text.contains("mcpish forbids"), "{text}");

        // The hook's ask is the task's input request, answered by
        // `tasks/update`; the task then runs the tool.
        let id = start(&client, call("chore", json!({"text": "ask-me"}))).await;
        let asking = until(&client, &id, |t| t.status() == TaskStatus::InputRequired).await;
        let TaskPayload::InputRequired { input_requests } = &asking.payload else {
            panic!("{asking:?}");
        };
        let (key, request) = input_requests.iter().next().expect("one question");
        let InputRequest::Elicitation(form) = request else {
            panic!("not a form: {request:?}");
        };
        let asked = serde_json::to_string(form).expect("serializes");
        assert!(
            asked.contains("mcpish wants a person to approve"),
            "{asked}"
        );
        let answers = InputResponses::from([(
            key.clone(),
            json!({"action": "accept", "content": {"approve": true}}),
        )]);
        client
            .peer()
            .update_task(UpdateTaskParams::new(&id, answers))
            .await
            .expect("tasks/update");
        let (text, is_error) = completed(&finished(&client, &id).await);
        assert_eq!((text.as_str(), is_error), ("chore done: ask-me", false));
        client.cancel().await.expect("the client stops");
    });
}

#[test]
fn a_cancelled_task_stops_its_tool_and_settles_cancelled() {
    runtime().block_on(async {
        let (client, _child, _dir) = connect(true).await;
        let id = start(&client, call("vigil", json!({}))).await;
        // Its progress is its status message.
        let working = until(&client, &id, |t| t.task.status_message.is_some()).await;
        assert_eq!(
            working.task.status_message.as_deref(),
            Some("keeping watch")
        );
        client
            .peer()
            .cancel_task(CancelTaskParams::new(&id))
            .await
            .expect("tasks/cancel");
        assert_eq!(finished(&client, &id).await.status(), TaskStatus::Cancelled);
        let seen = events(&client).await;
        assert!(seen.contains("vigil: cancelled"), "{seen}");
        client.cancel().await.expect("the client stops");
    });
}

#[test]
fn a_client_without_tasks_runs_an_optional_task_tool_and_is_refused_a_required_one() {
    runtime().block_on(async {
        let (client, _child, _dir) = connect(false).await;
        answered(&client, call("chore", json!({"text": "sweep"}))).await;
        let vigil = client.peer().call_tool_once(call("vigil", json!({}))).await;
        let refused = format!("{vigil:?}");
        assert!(
            refused.contains("-32021") && refused.contains(TASKS_EXTENSION_ID),
            "{refused}"
        );
        // Refused before the hooks or the tool ran.
        assert!(!events(&client).await.contains("vigil"));
        client.cancel().await.expect("the client stops");
    });
}

#[test]
fn past_max_tasks_an_optional_task_tool_runs_as_a_call_and_a_required_one_is_refused() {
    runtime().block_on(async {
        let host = StdioHost::spawn(HOST, &["--max-tasks", "1"], &[]);
        let (client, _child, _dir) = connect_with(true, host).await;
        let first = start(&client, call("vigil", json!({}))).await;
        answered(&client, call("chore", json!({"text": "sweep"}))).await;
        let refused = answered(&client, call("vigil", json!({}))).await;
        let why = serde_json::to_string(&refused).expect("serializes");
        assert!(
            refused.is_error == Some(true) && why.contains("max_running"),
            "{why}"
        );
        // Room again once the first is done.
        client
            .peer()
            .cancel_task(CancelTaskParams::new(&first))
            .await
            .expect("tasks/cancel");
        finished(&client, &first).await;
        start(&client, call("chore", json!({"text": "sweep"}))).await;
        client.cancel().await.expect("the client stops");
    });
}

#[test]
fn the_tasks_still_running_when_the_client_leaves_are_cancelled() {
    runtime().block_on(async {
        let log = tempfile::NamedTempFile::new().expect("a log file");
        let path = log.path().to_str().expect("a UTF-8 path").to_owned();
        let host = StdioHost::spawn(HOST, &[], &[("MCPISH_LOG", &path)]);
        let (client, mut child, _dir) = connect_with(true, host).await;
        start(&client, call("vigil", json!({}))).await;
        until_logged(&path, "vigil: started").await;
        client.cancel().await.expect("the client stops");
        until_logged(&path, "vigil: cancelled").await;
        let _ = tokio::time::timeout(Duration::from_secs(10), child.wait()).await;
    });
}

/// Waits until the file at `path` holds `line`.
async fn until_logged(path: &str, line: &str) {
    for _ in 0..400 {
        if std::fs::read_to_string(path).is_ok_and(|log| log.contains(line)) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!(
        "`{line}` was never logged: {:?}",
        std::fs::read_to_string(path)
    );
}
