//! Resources, prompts, completions and logging as a client sees them,
//! over in-memory pipes (`tackle_tests::mcp::Client`), with this package's
//! plugin linked: what the suite checks, and the errors it does not.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use tackle_runtime::Host;
use tackle_tests::mcp::{Client, text};

tackle_runtime::link!(mcp_conformance);

const CLOSE: Duration = Duration::from_secs(10);

async fn client(capabilities: Value) -> Client {
    let host = Host::builder()
        .agent_dir(env!("CARGO_MANIFEST_DIR"))
        .config_toml("", "test.toml")
        .build()
        .await
        .expect("host builds");
    Client::ready(Arc::new(host), "served", capabilities).await
}

#[tokio::test]
async fn resources_are_listed_read_and_answered_by_template() {
    let mut client = client(json!({})).await;
    let listed = client.request("resources/list", json!({})).await;
    let uris: Vec<&str> = listed["result"]["resources"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|r| r["uri"].as_str())
        .collect();
    assert_eq!(
        uris,
        [
            "test://static-binary",
            "test://static-text",
            "test://watched-resource",
            "skill://mcp-conformance/conformance",
        ],
        "{listed}"
    );
    let templates = client.request("resources/templates/list", json!({})).await;
    assert_eq!(
        templates["result"]["resourceTemplates"][0]["uriTemplate"], "test://template/{id}/data",
        "{templates}"
    );

    let binary = client
        .request("resources/read", json!({"uri": "test://static-binary"}))
        .await;
    let contents = &binary["result"]["contents"][0];
    assert_eq!(contents["mimeType"], "image/png", "{binary}");
    assert_eq!(contents["blob"], mcp_conformance::PNG, "{binary}");

    let templated = client
        .request("resources/read", json!({"uri": "test://template/42/data"}))
        .await;
    let contents = &templated["result"]["contents"][0];
    assert_eq!(contents["uri"], "test://template/42/data", "{templated}");
    let data: Value =
        serde_json::from_str(contents["text"].as_str().expect("present")).expect("present");
    assert_eq!(data["id"], "42");

    let missing = client
        .request("resources/read", json!({"uri": "test://nothing"}))
        .await;
    assert_eq!(missing["error"]["code"], -32002, "{missing}");
    let message = missing["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with("no resource at `test://nothing` (resources: test://static-binary,"),
        "{message}"
    );
    let unknown = client
        .request("resources/subscribe", json!({"uri": "test://nothing"}))
        .await;
    assert_eq!(unknown["error"]["code"], -32002, "{unknown}");
    let subscribed = client
        .request(
            "resources/subscribe",
            json!({"uri": "test://watched-resource"}),
        )
        .await;
    assert_eq!(subscribed["result"], json!({}), "{subscribed}");
    client.close(CLOSE).await;
}

#[tokio::test]
async fn prompts_take_typed_arguments_and_name_what_is_wrong() {
    let mut client = client(json!({})).await;
    let listed = client.request("prompts/list", json!({})).await;
    let with_args = listed["result"]["prompts"]
        .as_array()
        .expect("present")
        .iter()
        .find(|p| p["name"] == "test_prompt_with_arguments")
        .cloned()
        .unwrap_or_else(|| panic!("{listed}"));
    assert_eq!(
        with_args["arguments"],
        json!([
            {"name": "arg1", "description": "First test argument", "required": true},
            {"name": "arg2", "description": "Second test argument", "required": true},
        ])
    );
    let got = client
        .request(
            "prompts/get",
            json!({"name": "test_prompt_with_arguments", "arguments": {"arg1": "a", "arg2": "b"}}),
        )
        .await;
    assert_eq!(
        got["result"]["messages"][0]["content"]["text"],
        "Prompt with arguments: arg1='a', arg2='b'",
        "{got}"
    );
    let missing = client
        .request(
            "prompts/get",
            json!({"name": "test_prompt_with_arguments", "arguments": {"arg1": "a"}}),
        )
        .await;
    assert_eq!(missing["error"]["code"], -32602, "{missing}");
    assert_eq!(
        missing["error"]["message"],
        "prompt `test_prompt_with_arguments`: the argument `arg2` is required"
    );
    // A string argument has no values to offer; an unknown prompt is an error.
    let completed = client
        .request("completion/complete", json!({"ref": {"type": "ref/prompt", "name": "test_prompt_with_arguments"}, "argument": {"name": "arg1", "value": "x"}}))
        .await;
    assert_eq!(
        completed["result"]["completion"]["values"],
        json!([]),
        "{completed}"
    );
    let nowhere = client
        .request("completion/complete", json!({"ref": {"type": "ref/prompt", "name": "nope"}, "argument": {"name": "a", "value": ""}}))
        .await;
    assert_eq!(nowhere["error"]["code"], -32602, "{nowhere}");
    let misspelt = client
        .request("prompts/get", json!({"name": "test_simple_promt"}))
        .await;
    let message = misspelt["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with("unknown prompt `test_simple_promt`"),
        "{message}"
    );
    assert!(message.contains("test_simple_prompt"), "{message}");
    client.close(CLOSE).await;
}

#[tokio::test]
async fn logs_before_the_result_honour_the_level() {
    let mut client = client(json!({})).await;
    let set = client
        .request("logging/setLevel", json!({"level": "warning"}))
        .await;
    assert_eq!(set["result"], json!({}), "{set}");
    let quiet = client.call("test_tool_with_logging", json!({})).await;
    assert_eq!(text(&quiet), "Tool with logging executed successfully");
    assert!(
        !client
            .seen
            .iter()
            .any(|m| m["method"] == "notifications/message"),
        "info is below warning: {:?}",
        client.seen
    );
    client
        .request("logging/setLevel", json!({"level": "debug"}))
        .await;
    client.call("test_tool_with_logging", json!({})).await;
    let logs: Vec<&Value> = client
        .seen
        .iter()
        .filter(|m| m["method"] == "notifications/message")
        .collect();
    assert_eq!(logs.len(), 3, "{logs:?}");
    assert_eq!(logs[0]["params"]["level"], "info");
    assert_eq!(logs[0]["params"]["logger"], "test_tool_with_logging");
    assert_eq!(logs[2]["params"]["data"], "Tool execution completed");
    client.close(CLOSE).await;
}

#[tokio::test]
async fn a_tool_that_elicits_without_a_client_that_offers_it_says_so() {
    let mut client = client(json!({})).await;
    let answer = client
        .call("test_elicitation", json!({"message": "name?"}))
        .await;
    assert_eq!(answer["isError"], true, "{answer}");
    assert_eq!(
        text(&answer),
        "the client does not offer elicitation (no `elicitation` capability at initialize)"
    );
    client.close(CLOSE).await;
}

#[tokio::test]
async fn a_skill_is_a_prompt_and_its_file_a_resource() {
    let mut client = client(json!({})).await;
    let listed = client.request("prompts/list", json!({})).await;
    let skill = listed["result"]["prompts"]
        .as_array()
        .expect("a list")
        .iter()
        .find(|p| p["name"] == "conformance")
        .cloned()
        .unwrap_or_else(|| panic!("{listed}"));
    assert_eq!(
        skill["description"],
        "How to run the MCP conformance suite against this server."
    );
    assert_eq!(skill["arguments"], json!([]));
    let got = client
        .request("prompts/get", json!({"name": "conformance"}))
        .await;
    let body = got["result"]["messages"][0]["content"]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(
        body.starts_with("Run `cargo test -p mcp-conformance"),
        "{got}"
    );
    assert!(
        !body.contains("description:"),
        "the body, without its frontmatter: {body}"
    );
    let file = client
        .request(
            "resources/read",
            json!({"uri": "skill://mcp-conformance/conformance"}),
        )
        .await;
    let contents = &file["result"]["contents"][0];
    assert_eq!(contents["mimeType"], "text/markdown", "{file}");
    assert!(
        contents["text"]
            .as_str()
            .unwrap_or_default()
            .starts_with("---\nname: conformance"),
        "the whole file: {file}"
    );
    let completed = client
        .request("completion/complete", json!({"ref": {"type": "ref/prompt", "name": "conformance"}, "argument": {"name": "x", "value": ""}}))
        .await;
    assert_eq!(
        completed["result"]["completion"]["values"],
        json!([]),
        "{completed}"
    );
    client.close(CLOSE).await;
}

#[tokio::test]
async fn a_slash_command_is_a_prompt_that_runs_it() {
    let mut client = client(json!({})).await;
    let listed = client.request("prompts/list", json!({})).await;
    let command = listed["result"]["prompts"]
        .as_array()
        .expect("a list")
        .iter()
        .find(|p| p["name"] == "scenario")
        .cloned()
        .unwrap_or_else(|| panic!("{listed}"));
    assert_eq!(command["arguments"][0]["name"], "arguments", "{command}");
    assert_eq!(command["arguments"][0]["required"], false, "{command}");
    let got = client
        .request(
            "prompts/get",
            json!({"name": "scenario", "arguments": {"arguments": "tools-list"}}),
        )
        .await;
    assert_eq!(
        got["result"]["messages"][0]["content"]["text"],
        "the scenario `tools-list` is served by the mcp-conformance plugin",
        "{got}"
    );
    // The command's own parser says what is wrong.
    let wrong = client
        .request(
            "prompts/get",
            json!({"name": "scenario", "arguments": {"arguments": "a --nope"}}),
        )
        .await;
    assert_eq!(wrong["error"]["code"], -32602, "{wrong}");
    let message = wrong["error"]["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("`/scenario a --nope`:"), "{message}");
    client.close(CLOSE).await;
}

#[tokio::test]
async fn a_tool_that_needs_what_the_client_lacks_is_refused_before_it_runs() {
    let mut client = client(json!({"elicitation": {}})).await;
    let refused = client
        .request(
            "tools/call",
            json!({"name": "test_missing_capability", "arguments": {}}),
        )
        .await;
    let error = &refused["error"];
    assert_eq!(error["code"], -32021, "{refused}");
    assert_eq!(
        error["message"],
        "the tool `test_missing_capability` needs a client that offers `sampling`, which this request's client does not declare"
    );
    assert_eq!(
        error["data"]["requiredCapabilities"],
        json!({"sampling": {}}),
        "only what is missing: {refused}"
    );
    // The tool never ran: it would have asked the client's model.
    assert!(client.seen.is_empty(), "{:?}", client.seen);
    client.close(CLOSE).await;
}

#[tokio::test]
async fn a_prompt_asks_its_client_by_the_servers_own_request() {
    let mut asking = client(json!({"elicitation": {}})).await;
    asking
        .send(json!({
            "jsonrpc": "2.0", "id": 70, "method": "prompts/get",
            "params": {"name": "test_input_required_result_prompt"},
        }))
        .await;
    let asked = asking.recv().await;
    assert_eq!(asked["method"], "elicitation/create", "{asked}");
    assert_eq!(
        asked["params"]["message"],
        "What context should the prompt use?"
    );
    assert_eq!(
        asked["params"]["requestedSchema"]["required"],
        json!(["context"])
    );
    asking
        .send(json!({
            "jsonrpc": "2.0", "id": asked["id"],
            "result": {"action": "accept", "content": {"context": "a review"}},
        }))
        .await;
    let got = asking.response(70).await;
    assert_eq!(
        got["result"]["messages"][0]["content"]["text"], "Prompt with context: a review",
        "{got}"
    );

    // A client that offers no forms gets the prompt's error, named.
    let mut plain = client(json!({})).await;
    let refused = plain
        .request(
            "prompts/get",
            json!({"name": "test_input_required_result_prompt"}),
        )
        .await;
    let message = refused["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with("prompt `test_input_required_result_prompt` failed: the client does not offer elicitation"),
        "{refused}"
    );
    plain.close(CLOSE).await;
    asking.close(CLOSE).await;
}
