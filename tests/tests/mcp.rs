//! The MCP server in-process, spoken to line by line as a client would:
//! negotiation, listing, calls through the hooks, progress, cancellation,
//! elicitation, and the errors a client must be able to tell apart.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use tackle_runtime::Host;
use tackle_runtime::mcp::{NEWEST_PROTOCOL_VERSION, PROTOCOL_VERSION};
use tackle_tests::mcp::{Client, Runs, text};

tackle_runtime::link!(metrics, textkit, mcpish);

async fn host(config: &str) -> Arc<Host> {
    Arc::new(
        Host::builder()
            .agent_dir(env!("CARGO_MANIFEST_DIR"))
            .config_toml(config, "test.toml")
            .build()
            .await
            .expect("host builds"),
    )
}

/// The server's session and the client's name in these tests.
const SESSION: &str = "mcp-test";

/// Closing waits this long for the server to end.
const CLOSE: Duration = Duration::from_secs(10);

#[tokio::test]
async fn every_known_protocol_version_is_echoed_and_later_ones_get_the_newest() {
    for (asked, answered) in [
        ("2024-11-05", "2024-11-05"),
        ("2025-03-26", "2025-03-26"),
        ("2025-06-18", "2025-06-18"),
        ("2025-11-25", "2025-11-25"),
        ("2026-07-28", "2025-11-25"),
        ("2099-01-01", "2025-11-25"),
    ] {
        let mut client = Client::start(host("").await, SESSION).await;
        let init = client
            .request(
                "initialize",
                json!({
                    "protocolVersion": asked,
                    "capabilities": {},
                    "clientInfo": {"name": "t", "version": "1"},
                }),
            )
            .await;
        let result = &init["result"];
        assert_eq!(result["protocolVersion"], answered, "asked {asked}: {init}");
        assert_eq!(result["serverInfo"]["name"], "tackle");
        let offered = &result["capabilities"];
        assert!(offered["tools"].is_object(), "{init}");
        assert_eq!(offered["resources"]["subscribe"], true, "{init}");
        for capability in ["prompts", "completions", "logging"] {
            assert!(offered[capability].is_object(), "{capability}: {init}");
        }
        client.close(CLOSE).await;
    }
    assert_eq!(PROTOCOL_VERSION, "2025-11-25");
}

#[tokio::test]
async fn discovery_probes_and_unknown_methods_are_method_not_found() {
    let mut client = Client::start(host("").await, SESSION).await;
    // Before initialize, as a later-revision client probes.
    let probe = client.request("server/discover", json!({})).await;
    assert_eq!(probe["error"]["code"], -32601, "{probe}");
    let bare = {
        client
            .send(json!({"jsonrpc": "2.0", "id": 100, "method": "server/discover"}))
            .await;
        client.response(100).await
    };
    assert_eq!(bare["error"]["code"], -32601, "{bare}");
    let why = bare["error"]["message"].as_str().unwrap_or_default();
    assert!(
        why.contains("protocol 2026-07-28")
            && why.contains("io.modelcontextprotocol/protocolVersion"),
        "{why}"
    );
    let init = client
        .request(
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}),
        )
        .await;
    assert_eq!(init["result"]["protocolVersion"], "2025-06-18");
    let probe = client.request("server/discover", json!({})).await;
    assert_eq!(probe["error"]["code"], -32601, "{probe}");
    let unknown = client.request("frobnicate/now", json!({})).await;
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    let message = unknown["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("frobnicate/now") && message.contains("tools/call"),
        "{message}"
    );
    // Served now, after initialize: `mcpish`'s one fixed resource.
    let resources = client.request("resources/list", json!({})).await;
    assert_eq!(
        resources["result"]["resources"][0]["uri"], "mcpish://readme",
        "{resources}"
    );
    let ping = client.request("ping", json!({})).await;
    assert_eq!(ping["result"], json!({}), "{ping}");
    client.close(CLOSE).await;
}

#[tokio::test]
async fn a_discover_request_with_2026_meta_is_served_without_initialize() {
    let mut client = Client::start(host("").await, SESSION).await;
    let meta = json!({
        "io.modelcontextprotocol/protocolVersion": NEWEST_PROTOCOL_VERSION,
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"},
    });
    let found = client
        .request("server/discover", json!({ "_meta": meta }))
        .await;
    let versions = &found["result"]["supportedVersions"];
    assert_eq!(
        versions,
        &json!([
            "2024-11-05",
            "2025-03-26",
            "2025-06-18",
            "2025-11-25",
            "2026-07-28"
        ]),
        "{found}"
    );
    assert!(
        found["result"]["capabilities"]["tools"].is_object(),
        "{found}"
    );
    // A request on 2026-07-28 carries its own `_meta`; no handshake before it.
    let call = client
        .request(
            "tools/call",
            json!({"name": "add", "arguments": {"a": 2, "b": 3}, "_meta": meta}),
        )
        .await;
    assert_eq!(call["result"]["structuredContent"]["result"], 5, "{call}");
    assert_eq!(call["result"]["resultType"], "complete", "{call}");
    // 2026-07-28's schema requires `resultType` on every result.
    let read = client
        .request(
            "resources/read",
            json!({"uri": "mcpish://readme", "_meta": meta}),
        )
        .await;
    assert_eq!(read["result"]["resultType"], "complete", "{read}");
    let prompt = client
        .request(
            "prompts/get",
            json!({"name": "summarize", "arguments": {"path": "a.rs"}, "_meta": meta}),
        )
        .await;
    assert_eq!(prompt["result"]["resultType"], "complete", "{prompt}");
    client.close(CLOSE).await;
}

#[tokio::test]
async fn unreadable_requests_are_answered_with_their_id_and_the_server_goes_on() {
    let mut client = Client::ready(host("").await, SESSION, json!({})).await;
    // Not JSON, and a notification that cannot be read: nothing to answer.
    client.send_line("this is not JSON").await;
    client
        .send_line(r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":"?"}"#)
        .await;
    // A call without a tool name: its own id, and the field that is missing.
    client
        .send_line(r#"{"jsonrpc":"2.0","id":41,"method":"tools/call","params":{"arguments":{}}}"#)
        .await;
    let call = client.response(41).await;
    assert_eq!(call["error"]["code"], -32602, "{call}");
    let message = call["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("`name`"), "{message}");
    // Another method with the wrong protocol: -32600 with its id.
    client
        .send_line(r#"{"jsonrpc":"1.0","id":42,"method":"tools/list"}"#)
        .await;
    let old = client.response(42).await;
    assert_eq!(old["error"]["code"], -32600, "{old}");
    // Still serving, and nothing was answered for the ignored lines.
    let sum = client
        .call("word_count", json!({"text": "one two three"}))
        .await;
    assert_eq!(sum["isError"], false, "{sum}");
    assert!(client.seen.is_empty(), "{:?}", client.seen);
    client.close(CLOSE).await;
}

#[tokio::test]
async fn tools_list_is_the_registry_with_portable_schemas() {
    let host = host("").await;
    let mut client = Client::ready(host.clone(), SESSION, json!({})).await;
    let listed = client.request("tools/list", json!({})).await;
    let tools = listed["result"]["tools"].as_array().expect("tools");
    let names: Vec<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
    let expected: Vec<&str> = host.tools().iter().map(|t| t.name).collect();
    assert_eq!(names, expected, "the host's tools, in its order");
    for tool in tools {
        let def = host
            .tool(tool["name"].as_str().unwrap_or_default())
            .expect("known");
        assert_eq!(&tool["inputSchema"], (def.input_schema)(), "{}", def.name);
        assert_eq!(tool["inputSchema"]["type"], "object", "{}", def.name);
        assert_eq!(tool["description"], def.description, "{}", def.name);
        match (def.output_schema)() {
            Some(schema) => assert_eq!(&tool["outputSchema"], schema, "{}", def.name),
            None => assert!(tool.get("outputSchema").is_none(), "{}", def.name),
        }
    }
    let by_name = |name: &str| {
        tools
            .iter()
            .find(|t| t["name"] == name)
            .unwrap_or_else(|| panic!("{name} listed"))
            .clone()
    };
    assert_eq!(by_name("steps")["title"], "Count in steps");
    let add = by_name("add");
    assert_eq!(add["annotations"]["readOnlyHint"], true, "{add}");
    assert_eq!(add["annotations"]["idempotentHint"], true, "{add}");
    assert!(add["annotations"].get("destructiveHint").is_none(), "{add}");
    assert!(by_name("boom").get("annotations").is_none());
    assert_eq!(
        by_name("write_file")["annotations"]["destructiveHint"],
        true
    );
    client.close(CLOSE).await;
}

#[tokio::test]
async fn a_plugin_that_is_off_offers_no_tools() {
    let host = host("enabled = [\"metrics\", \"textkit\"]\n").await;
    let mut client = Client::ready(host, SESSION, json!({})).await;
    let listed = client.request("tools/list", json!({})).await;
    let names: Vec<String> = listed["result"]["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .filter_map(|t| t["name"].as_str().map(str::to_owned))
        .collect();
    assert!(names.iter().any(|n| n == "word_count"), "{names:?}");
    assert!(!names.iter().any(|n| n == "add"), "{names:?}");
    let call = client
        .request(
            "tools/call",
            json!({"name": "add", "arguments": {"a": 1, "b": 2}}),
        )
        .await;
    assert_eq!(call["error"]["code"], -32602, "{call}");
    let message = call["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("`mcpish` is off"), "{message}");
    client.close(CLOSE).await;
}

#[tokio::test]
async fn calls_give_structured_output_and_errors_as_results() {
    let mut client = Client::ready(host("").await, SESSION, json!({})).await;
    let sum = client.call("add", json!({"a": 2, "b": 3})).await;
    assert_eq!(sum["structuredContent"], json!({"result": 5}), "{sum}");
    assert_eq!(sum["isError"], false);
    assert_eq!(text(&sum), r#"{"result":5}"#);

    let words = client
        .call("word_count", json!({"text": "one two three"}))
        .await;
    assert_eq!(words["structuredContent"]["words"], 3, "{words}");

    let bad = client.call("add", json!({"a": "two"})).await;
    assert_eq!(bad["isError"], true, "{bad}");
    let why = text(&bad);
    assert!(why.contains("`a`") && why.contains("`b`"), "{why}");

    let panicked = client.call("boom", json!({})).await;
    assert_eq!(panicked["isError"], true);
    assert!(text(&panicked).contains("panicked: boom went the tool"));

    let unknown = client
        .request("tools/call", json!({"name": "ad", "arguments": {}}))
        .await;
    assert_eq!(unknown["error"]["code"], -32602, "{unknown}");
    let message = unknown["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("did you mean `add`"), "{message}");

    // Failures reached the `tool_error` observers.
    let events = text(&client.call("events", json!({})).await);
    assert!(
        events.contains("tool_error add: invalid arguments"),
        "{events}"
    );
    assert!(
        events.contains("tool_error boom: tool `boom` failed"),
        "{events}"
    );
    client.close(CLOSE).await;
}

#[tokio::test]
async fn hooks_deny_rewrite_and_guard_structured_output() {
    let mut client = Client::ready(host("").await, SESSION, json!({})).await;
    let denied = client
        .call("echo", json!({"text": "forbidden fruit"}))
        .await;
    assert_eq!(denied["isError"], true, "{denied}");
    assert!(denied.get("structuredContent").is_none(), "{denied}");
    let why = text(&denied);
    assert!(
        why.contains("refused") && why.contains("mcpish::gate") && why.contains("forbids"),
        "{why}"
    );

    let redacted = client.call("secret", json!({})).await;
    assert_eq!(text(&redacted), "token=[redacted]", "{redacted}");
    assert_eq!(redacted["isError"], false);

    // A text-only replacement of a tool with an output schema cannot be
    // sent as a success: the client would reject it.
    let replaced = client.call("echo", json!({"text": "replace-me"})).await;
    assert_eq!(replaced["isError"], true, "{replaced}");
    let why = text(&replaced);
    assert!(
        why.contains("after_tool_call") && why.contains("structuredContent"),
        "{why}"
    );
    client.close(CLOSE).await;
}

#[tokio::test]
async fn an_ask_is_refused_without_a_user_and_put_to_one_through_elicitation() {
    let mut client = Client::ready(host("").await, SESSION, json!({})).await;
    let refused = client.call("echo", json!({"text": "ask-me"})).await;
    assert_eq!(refused["isError"], true, "{refused}");
    assert!(text(&refused).contains("no user takes part"), "{refused}");
    client.close(CLOSE).await;

    for (action, runs) in [("accept", true), ("decline", false), ("cancel", false)] {
        let mut client = Client::ready(
            host("").await,
            SESSION,
            json!({"elicitation": {"form": {}}}),
        )
        .await;
        client
            .send(json!({"jsonrpc": "2.0", "id": 50, "method": "tools/call",
                "params": {"name": "echo", "arguments": {"text": "ask-me"}}}))
            .await;
        let question = client.recv().await;
        assert_eq!(question["method"], "elicitation/create", "{question}");
        let message = question["params"]["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("`echo`") && message.contains("ask-me") && message.contains("approve"),
            "{message}"
        );
        client
            .send(json!({"jsonrpc": "2.0", "id": question["id"], "result": {"action": action}}))
            .await;
        let answer = client.response(50).await;
        let result = &answer["result"];
        assert_eq!(result["isError"], !runs, "{action}: {answer}");
        if runs {
            assert_eq!(result["structuredContent"]["result"], "ask-me");
        } else {
            assert!(
                text(result).contains(&format!("the user {action}")),
                "{answer}"
            );
        }
        client.close(CLOSE).await;
    }
}

#[tokio::test]
async fn progress_arrives_before_the_result_and_only_when_asked_for() {
    let mut client = Client::ready(host("").await, SESSION, json!({})).await;
    let response = client
        .request(
            "tools/call",
            json!({"name": "steps", "arguments": {"n": 3}, "_meta": {"progressToken": "tok-1"}}),
        )
        .await;
    assert_eq!(text(&response["result"]), "counted to 3");
    let progress: Vec<&Value> = client
        .seen
        .iter()
        .filter(|m| m["method"] == "notifications/progress")
        .collect();
    let messages: Vec<&str> = progress
        .iter()
        .map(|m| m["params"]["message"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        messages,
        [
            "step 1 of 3",
            "chunk 1",
            "step 2 of 3",
            "chunk 2",
            "step 3 of 3",
            "chunk 3"
        ]
    );
    assert!(
        progress
            .iter()
            .all(|m| m["params"]["progressToken"] == "tok-1")
    );
    assert_eq!(progress[5]["params"]["progress"], 1.0);
    assert_eq!(progress[0]["params"]["total"], 1.0);

    client.seen.clear();
    let quiet = client.call("steps", json!({"n": 2})).await;
    assert_eq!(text(&quiet), "counted to 2");
    assert!(
        client.seen.is_empty(),
        "no token, no progress: {:?}",
        client.seen
    );
    client.close(CLOSE).await;
}

#[tokio::test]
async fn a_cancelled_call_stops_gets_no_answer_and_still_reaches_observers() {
    let mut client = Client::ready(host("").await, SESSION, json!({})).await;
    client
        .send(json!({"jsonrpc": "2.0", "id": 70, "method": "tools/call",
            "params": {"name": "wait", "arguments": {}}}))
        .await;
    // The call has started before it is cancelled.
    while !text(&client.call("events", json!({})).await).contains("wait: started") {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    client
        .send(
            json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
            "params": {"requestId": 70, "reason": "the user pressed Esc"}}),
        )
        .await;
    // The next call is answered; the cancelled one never is.
    let events = loop {
        let events = text(&client.call("events", json!({})).await);
        if events.contains("tool_error wait") {
            break events;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(events.contains("wait: cancelled"), "{events}");
    assert!(events.contains("tool_error wait: cancelled"), "{events}");
    assert!(
        client.seen.iter().all(|m| m["id"] != 70),
        "a cancelled request is not answered: {:?}",
        client.seen
    );
    client.close(CLOSE).await;
}

// On the clock: tools run on worker threads, which a paused clock does not
// advance past.
#[tokio::test]
async fn a_cancelled_tool_that_does_not_stop_is_dropped_after_its_grace() {
    let mut client = Client::ready(host("").await, SESSION, json!({})).await;
    client
        .send(json!({"jsonrpc": "2.0", "id": 80, "method": "tools/call",
            "params": {"name": "stubborn", "arguments": {}}}))
        .await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    client
        .send(
            json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
            "params": {"requestId": 80}}),
        )
        .await;
    let cancelled = tokio::time::Instant::now();
    let early = text(&client.call("events", json!({})).await);
    assert!(
        !early.contains("stubborn"),
        "still within its grace: {early}"
    );
    // Dropped once its 2 s grace has passed, not before.
    let dropped = loop {
        let events = text(&client.call("events", json!({})).await);
        if events.contains("tool_error stubborn") {
            break events;
        }
        assert!(cancelled.elapsed() < Duration::from_secs(30), "{events}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(cancelled.elapsed() >= Duration::from_secs(2));
    assert!(
        dropped.contains("tool_error stubborn: the client cancelled the call, and the tool did not stop within 2 s"),
        "{dropped}"
    );
    assert!(
        client.seen.iter().all(|m| m["id"] != 80),
        "{:?}",
        client.seen
    );
    client.close(CLOSE).await;
}

#[tokio::test]
async fn concurrent_calls_are_answered_by_id() {
    let mut client = Client::ready(host("").await, SESSION, json!({})).await;
    for id in 1000..1020u64 {
        client
            .send(json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                "params": {"name": "add", "arguments": {"a": id, "b": 1}}}))
            .await;
    }
    let mut answered = std::collections::BTreeMap::new();
    while answered.len() < 20 {
        let message = client.recv().await;
        let id = message["id"].as_u64().expect("a response");
        answered.insert(id, message["result"]["structuredContent"]["result"].clone());
    }
    for (id, sum) in answered {
        assert_eq!(sum, json!(id + 1));
    }
    client.close(CLOSE).await;
}

#[tokio::test]
async fn a_client_that_leaves_before_initialize_is_not_an_error() {
    let client = Client::start(host("").await, SESSION).await;
    client.close(CLOSE).await;
}

#[tokio::test]
async fn a_point_listens_only_with_hooks_catch_alls_or_rules() {
    use tackle::hook::HookPoint;
    let all = host("").await;
    assert!(all.listens(HookPoint::BeforeToolCall));
    assert!(all.listens(HookPoint::AfterToolCall));
    assert!(!all.listens(HookPoint::PermissionRequest));
    let tools_only = host("enabled = [\"metrics\", \"textkit\"]\n").await;
    assert!(!tools_only.listens(HookPoint::BeforeToolCall));
    assert!(!tools_only.listens(HookPoint::AfterToolCall));
    let ruled = host(
        "enabled = [\"metrics\", \"textkit\"]\n\
         [[permission_rules]]\ntool = \"add\"\naction = \"deny\"\n",
    )
    .await;
    assert!(ruled.listens(HookPoint::PermissionRequest));
    assert!(!ruled.listens(HookPoint::BeforeToolCall));
    assert!(all.watches_tool_calls());
    assert!(!tools_only.watches_tool_calls());
    assert!(ruled.watches_tool_calls());
}

#[tokio::test]
async fn a_call_no_hook_watches_answers_as_one_through_the_hooks() {
    // `word_count` takes no `&ToolContext`: with `metrics` and `textkit`
    // alone, nothing but the tool takes part in its call.
    let plain = host("enabled = [\"metrics\", \"textkit\"]\nmax_output_bytes = 40\n").await;
    assert!(!plain.watches_tool_calls());
    assert!(!plain.tool("word_count").expect("linked").reads_call);
    let watched = host("max_output_bytes = 40\n").await;
    let mut plain = Client::ready(plain, SESSION, json!({})).await;
    let mut watched = Client::ready(watched, SESSION, json!({})).await;
    for arguments in [
        json!({"text": "one two three"}),
        json!({"text": "many words here ".repeat(20)}),
        json!({"text": 3}),
        json!({}),
    ] {
        let alone = plain.call("word_count", arguments.clone()).await;
        let hooked = watched.call("word_count", arguments.clone()).await;
        assert_eq!(alone, hooked, "{arguments}");
    }
    plain.close(CLOSE).await;
    watched.close(CLOSE).await;
}

#[tokio::test]
async fn a_permission_rule_takes_a_call_no_hook_watches_through_the_hooks() {
    let ruled = host(
        "enabled = [\"metrics\", \"textkit\"]\n\
         [[permission_rules]]\ntool = \"word_count\"\naction = \"deny\"\n",
    )
    .await;
    let mut client = Client::ready(ruled, SESSION, json!({})).await;
    let denied = client.call("word_count", json!({"text": "a b"})).await;
    assert_eq!(denied["isError"], true, "{denied}");
    assert_eq!(
        text(&denied),
        "The call was refused: denied by permission rule 0 of config `test.toml` (deny word_count)",
        "{denied}"
    );
    client.close(CLOSE).await;
}

#[tokio::test]
async fn every_method_not_found_names_what_the_server_offers() {
    let mut client = Client::ready(host("").await, SESSION, json!({})).await;
    // Methods MCP does not have.
    for (method, params) in [
        ("frobnicate/now", json!({})),
        ("resources/frobnicate", json!({"uri": "x://y"})),
    ] {
        let answer = client.request(method, params).await;
        assert_eq!(answer["error"]["code"], -32601, "{answer}");
        let message = answer["error"]["message"].as_str().unwrap_or_default();
        assert_eq!(
            message,
            format!(
                "method not found: `{method}`; this server offers initialize, server/discover, ping, tools/list, tools/call, resources/list, resources/templates/list, resources/read, resources/subscribe, resources/unsubscribe, prompts/list, prompts/get, completion/complete, logging/setLevel and subscriptions/listen"
            ),
            "{answer}"
        );
    }
    client.close(CLOSE).await;
}

#[tokio::test]
async fn a_refusal_by_a_permission_rule_says_once_what_refused_it() {
    let host = host(
        "[[permission_rules]]\ntool = \"add\"\naction = \"deny\"\n\
         [[permission_rules]]\ntool = \"word_count\"\naction = \"ask\"\n",
    )
    .await;
    let mut client = Client::ready(host, SESSION, json!({})).await;
    let denied = client.call("add", json!({"a": 1, "b": 2})).await;
    assert_eq!(denied["isError"], true, "{denied}");
    assert_eq!(
        text(&denied),
        "The call was refused: denied by permission rule 0 of config `test.toml` (deny add)",
        "{denied}"
    );
    let asked = client.call("word_count", json!({"text": "a b"})).await;
    assert_eq!(asked["isError"], true, "{asked}");
    assert_eq!(
        text(&asked),
        "The call was refused: permission rule 1 of config `test.toml` (ask word_count) asks the user to approve it, and no user takes part in this session",
        "{asked}"
    );
    client.close(CLOSE).await;
}

#[tokio::test]
async fn an_oversized_request_and_a_last_one_without_a_newline_are_answered() {
    let mut client = Client::ready(host("").await, SESSION, json!({})).await;
    // The id first, as clients write it; the rest past the 16 MiB cap.
    let oversized = format!(
        r#"{{"jsonrpc":"2.0","id":"big","method":"tools/call","params":{{"name":"word_count","arguments":{{"text":"{}"}}}}}}"#,
        "x".repeat(17 << 20)
    );
    client.send_line(&oversized).await;
    let refused = client.response_to(json!("big")).await;
    assert_eq!(refused["error"]["code"], -32600, "{refused}");
    assert_eq!(
        refused["error"]["message"],
        "invalid request: the `tools/call` request is longer than 16 MiB, the most this server reads in one message; it was not read"
    );
    // The last request, and no newline after it.
    client
        .send_raw(br#"{"jsonrpc":"2.0","id":"last","method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3}}}"#)
        .await;
    client.end_input().await;
    let last = client.response_to(json!("last")).await;
    assert_eq!(last["result"]["structuredContent"]["result"], 5, "{last}");
    tokio::time::timeout(CLOSE, client.server())
        .await
        .expect("the server ends after the last answer")
        .expect("no panic")
        .expect("a clean end");
}

/// How many calls the late reader makes: more answers than its pipe holds
/// and more requests than may be in flight.
const PIPELINED: u64 = 3 * tackle_runtime::mcp::MAX_IN_FLIGHT as u64;

#[tokio::test(start_paused = true)]
async fn a_client_that_reads_late_gets_every_answer() {
    // 4 KiB for the answers: the server's writes wait for the reader.
    let mut client = Client::start_with(host("").await, SESSION, Runs::InTest, 4 * 1024).await;
    client.initialize(SESSION, json!({})).await;
    for id in 0..PIPELINED {
        client
            .send(json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                "params": {"name": "add", "arguments": {"a": id, "b": 1}}}))
            .await;
    }
    client.end_input().await;
    // Nothing read for a minute (of the paused clock, which runs ahead
    // whenever every task waits): the server must still be there.
    tokio::select! {
        ended = client.server() => panic!("the server ended with answers unread: {ended:?}"),
        () = tokio::time::sleep(Duration::from_secs(60)) => {}
    }
    let mut sums = std::collections::BTreeMap::new();
    for _ in 0..PIPELINED {
        let answer = client.recv().await;
        let id = answer["id"].as_u64().unwrap_or_else(|| panic!("{answer}"));
        sums.insert(id, answer["result"]["structuredContent"]["result"].clone());
    }
    assert_eq!(sums.len() as u64, PIPELINED);
    assert!(
        sums.iter().all(|(id, sum)| *sum == json!(id + 1)),
        "{sums:?}"
    );
    tokio::time::timeout(CLOSE, client.server())
        .await
        .expect("the server ends once every answer is written")
        .expect("no panic")
        .expect("a clean end");
}

/// Calls past the workers' bound wait a while for one to come free, then
/// are refused, saying so; the server reads and answers on meanwhile (it
/// stops reading only past `MAX_IN_FLIGHT`, which plugin calls cannot
/// reach: `transport::flight`'s tests show the reader waiting there).
#[tokio::test]
async fn calls_past_the_workers_bound_are_refused_and_the_server_reads_on() {
    // Past the 2 s a call waits for a worker, the held ones end.
    let host = host("tool_timeout_secs = 4\n").await;
    let mut client = Client::ready(host, SESSION, json!({})).await;
    let workers = tackle_runtime::offload::MAX_WORKERS as u64;
    // Calls that only a time limit ends hold every worker...
    for id in 0..workers {
        client
            .send(json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                "params": {"name": "wait", "arguments": {}}}))
            .await;
    }
    // ...so one more is refused once it has waited, and a ping is answered
    // all the while.
    client
        .send(
            json!({"jsonrpc": "2.0", "id": "one more", "method": "tools/call",
            "params": {"name": "add", "arguments": {"a": 1, "b": 2}}}),
        )
        .await;
    client
        .send(json!({"jsonrpc": "2.0", "id": "ping", "method": "ping"}))
        .await;
    let ping = client.response_to(json!("ping")).await;
    assert_eq!(ping["result"], json!({}), "{ping}");
    let refused = client.response_to(json!("one more")).await;
    assert_eq!(refused["result"]["isError"], true, "{refused}");
    assert!(
        text(&refused["result"]).contains(&format!(
            "the server has been running {workers} plugin calls at once, the most it runs"
        )),
        "{refused}"
    );
    client.close(CLOSE).await;
}
