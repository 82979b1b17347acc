//! The fake model API the live agent tests run against
//! (`tackle_tests::fake_model`), spoken to over plain HTTP/1.1: scripted
//! turns in the Messages API's shape, in the Chat Completions API's and in
//! the Gemini API's, streamed and not, and in the Responses API's (streamed),
//! side requests that take no turn, and every request recorded.

use std::io::{Read, Write};
use std::net::TcpStream;

use serde_json::{Value, json};
use tackle_tests::fake_model::anthropic::tool_result;
use tackle_tests::fake_model::{FakeModel, Turn};
use tackle_tests::fake_model::{gemini, openai, responses};

/// `POST path` with a JSON `body`: the status code and the body.
fn post(model: &FakeModel, path: &str, body: &Value) -> (u16, String) {
    let addr = model.base_url().trim_start_matches("http://").to_owned();
    let mut stream = TcpStream::connect(&addr).expect("connect");
    let body = body.to_string();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("send");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("read");
    let (head, rest) = answer.split_once("\r\n\r\n").expect("a head and a body");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        unchunk(rest)
    } else {
        rest.to_owned()
    };
    (status, body)
}

/// The body of a chunked answer.
fn unchunk(mut rest: &str) -> String {
    let mut body = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).expect("a chunk size");
        if size == 0 {
            break;
        }
        body.push_str(&after[..size]);
        rest = &after[size + 2..];
    }
    body
}

/// A request of the agent loop: it offers a tool.
fn turn(stream: bool, messages: Value) -> Value {
    json!({"model": "claude-test", "max_tokens": 100, "stream": stream,
           "tools": [{"name": "Bash", "input_schema": {"type": "object"}}],
           "messages": messages})
}

/// The server-sent events of a streamed answer: (event name, data).
fn events(body: &str) -> Vec<(String, Value)> {
    body.split("\n\n")
        .filter(|e| !e.trim().is_empty())
        .map(|event| {
            let field = |name: &str| {
                event
                    .lines()
                    .find_map(|l| l.strip_prefix(name))
                    .map(|v| v.trim_start().to_owned())
                    .unwrap_or_else(|| panic!("no `{name}` in {event:?}"))
            };
            let data = serde_json::from_str(&field("data:")).expect("JSON data");
            (field("event:"), data)
        })
        .collect()
}

#[test]
fn turns_are_played_in_order_streamed_or_not_and_every_request_is_recorded() {
    let model = FakeModel::anthropic(vec![
        Turn::tool("Bash", json!({"command": "echo hello"})),
        Turn::say("Done."),
    ]);

    // Turn 1, streamed: the tool call, its input as one JSON delta.
    let (status, body) = post(&model, "/v1/messages?beta=true", &turn(true, json!([])));
    assert_eq!(status, 200, "{body}");
    let events = events(&body);
    let names: Vec<&str> = events.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "message_start",
            "content_block_start",
            "content_block_delta",
            "content_block_stop",
            "message_delta",
            "message_stop"
        ]
    );
    for (name, data) in &events {
        assert_eq!(data["type"], name.as_str(), "the data names its event");
    }
    assert_eq!(
        events[1].1["content_block"],
        json!({"type": "tool_use", "id": "toolu_fake_01", "name": "Bash", "input": {}})
    );
    let input = events[2].1["delta"]["partial_json"]
        .as_str()
        .expect("JSON text");
    assert_eq!(
        serde_json::from_str::<Value>(input).ok(),
        Some(json!({"command": "echo hello"}))
    );
    assert_eq!(events[4].1["delta"]["stop_reason"], "tool_use");

    // A side request (no tools) takes no turn.
    let (status, body) = post(
        &model,
        "/v1/messages",
        &json!({"model": "claude-test", "messages": []}),
    );
    assert_eq!(status, 200);
    let side: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(side["content"][0]["text"], "OK");

    // Turn 2, not streamed, carrying turn 1's result.
    let result = json!([{"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_fake_01", "content": "hello"}]}]);
    let (status, body) = post(&model, "/v1/messages", &turn(false, result));
    assert_eq!(status, 200);
    let message: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(
        (
            &message["type"],
            &message["content"],
            &message["stop_reason"]
        ),
        (
            &json!("message"),
            &json!([{"type": "text", "text": "Done."}]),
            &json!("end_turn")
        )
    );

    // Past the script: the conversation ends.
    let (_, body) = post(&model, "/v1/messages", &turn(false, json!([])));
    assert!(body.contains("The script is over"), "{body}");

    // Anything else is a recorded 404.
    let (status, body) = post(&model, "/v1/other", &json!({"x": 1}));
    assert_eq!(status, 404);
    assert!(body.contains("not_found_error"), "{body}");

    let requests = model.requests();
    let paths: Vec<(&str, bool)> = requests.iter().map(|r| (r.path.as_str(), r.turn)).collect();
    assert_eq!(
        paths,
        [
            ("/v1/messages?beta=true", true),
            ("/v1/messages", false),
            ("/v1/messages", true),
            ("/v1/messages", true),
            ("/v1/other", false)
        ]
    );
    let turns = model.turns();
    let echoed = tool_result(&turns[1].body, 1).expect("turn 1's result");
    assert_eq!(
        (echoed.text(), echoed.is_error),
        ("hello".to_owned(), false)
    );
}

/// A request of an OpenAI-compatible agent loop: it offers a function.
fn completion(stream: bool, usage: bool, messages: Value) -> Value {
    let mut body = json!({"model": "qwen-test", "stream": stream, "messages": messages,
        "tools": [{"type": "function", "function": {"name": "run_shell_command",
                   "parameters": {"type": "object"}}}]});
    if usage {
        body["stream_options"] = json!({"include_usage": true});
    }
    body
}

/// The chunks of a streamed answer: the `data:` of each server-sent
/// event, the last of which must be `[DONE]`.
fn chunks(body: &str) -> Vec<Value> {
    let mut data: Vec<String> = body
        .split("\n\n")
        .filter(|e| !e.trim().is_empty())
        .map(|event| {
            assert!(
                !event.contains("event:"),
                "the API names no events: {event:?}"
            );
            event
                .lines()
                .find_map(|l| l.strip_prefix("data:"))
                .map(|v| v.trim_start().to_owned())
                .unwrap_or_else(|| panic!("no `data:` in {event:?}"))
        })
        .collect();
    assert_eq!(data.pop().as_deref(), Some("[DONE]"), "{body}");
    data.iter()
        .map(|d| serde_json::from_str(d).expect("a JSON chunk"))
        .collect()
}

#[test]
fn chat_completions_turns_are_played_streamed_with_tool_call_deltas_or_whole() {
    let model = FakeModel::openai(vec![
        Turn::tool("run_shell_command", json!({"command": "echo hello"})),
        Turn::say("Said."),
        Turn::tool("read_file", json!({"file_path": "a.txt"})),
        Turn::say("Done."),
    ]);

    // Turn 1, streamed with usage: the call named, its arguments as one
    // delta, the finish reason, a usage chunk without choices, `[DONE]`.
    let (status, body) = post(
        &model,
        "/v1/chat/completions",
        &completion(true, true, json!([])),
    );
    assert_eq!(status, 200, "{body}");
    let chunks = chunks(&body);
    assert_eq!(chunks.len(), 4, "{chunks:#?}");
    for chunk in &chunks {
        assert_eq!(chunk["object"], "chat.completion.chunk");
        assert_eq!(chunk["model"], "qwen-test");
    }
    assert_eq!(
        chunks[0]["choices"][0]["delta"],
        json!({"role": "assistant", "tool_calls": [{"index": 0, "id": "call_fake_01",
               "type": "function", "function": {"name": "run_shell_command", "arguments": ""}}]})
    );
    let arguments = &chunks[1]["choices"][0]["delta"]["tool_calls"][0];
    assert_eq!(arguments["index"], 0);
    let input = arguments["function"]["arguments"]
        .as_str()
        .expect("JSON text");
    assert_eq!(
        serde_json::from_str::<Value>(input).ok(),
        Some(json!({"command": "echo hello"}))
    );
    assert_eq!(chunks[2]["choices"][0]["finish_reason"], "tool_calls");
    assert_eq!(
        chunks[2]["usage"],
        Value::Null,
        "usage only in the last chunk"
    );
    assert_eq!(chunks[3]["choices"], json!([]));
    assert_eq!(
        chunks[3]["usage"],
        json!({"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15})
    );

    // A side request (no tools) takes no turn.
    let (status, body) = post(
        &model,
        "/v1/chat/completions",
        &json!({"model": "qwen-test", "messages": []}),
    );
    assert_eq!(status, 200);
    let side: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(side["choices"][0]["message"]["content"], "OK");

    // Turn 2, streamed without usage, carrying turn 1's result: a text.
    let result = json!([
        {"role": "user", "content": "Follow the script."},
        {"role": "assistant", "content": null, "tool_calls": [{"id": "call_fake_01",
         "type": "function", "function": {"name": "run_shell_command",
         "arguments": "{\"command\":\"echo hello\"}"}}]},
        {"role": "tool", "tool_call_id": "call_fake_01",
         "content": [{"type": "text", "text": "Output: hello"}]}]);
    let (_, body) = post(
        &model,
        "/chat/completions",
        &completion(true, false, result),
    );
    let chunks = self::chunks(&body);
    assert_eq!(chunks.len(), 2, "{chunks:#?}");
    assert_eq!(
        chunks[0]["choices"][0]["delta"],
        json!({"role": "assistant", "content": "Said."})
    );
    assert_eq!(chunks[1]["choices"][0]["finish_reason"], "stop");
    assert!(
        chunks.iter().all(|c| c.get("usage").is_none()),
        "{chunks:#?}"
    );

    // Turn 3, whole: the call with its arguments as JSON text.
    let (_, body) = post(
        &model,
        "/v1/chat/completions",
        &completion(false, false, json!([])),
    );
    let whole: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(whole["object"], "chat.completion");
    let choice = &whole["choices"][0];
    assert_eq!(choice["finish_reason"], "tool_calls");
    assert_eq!(choice["message"]["content"], Value::Null);
    let call = &choice["message"]["tool_calls"][0];
    assert_eq!(
        (&call["id"], &call["type"], &call["function"]["name"]),
        (
            &json!("call_fake_03"),
            &json!("function"),
            &json!("read_file")
        )
    );
    let input = call["function"]["arguments"].as_str().expect("JSON text");
    assert_eq!(
        serde_json::from_str::<Value>(input).ok(),
        Some(json!({"file_path": "a.txt"}))
    );
    assert_eq!(whole["usage"]["total_tokens"], 15);

    // Turn 4, whole: a text that ends the conversation.
    let (_, body) = post(
        &model,
        "/v1/chat/completions",
        &completion(false, false, json!([])),
    );
    let whole: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(
        (
            &whole["choices"][0]["message"],
            &whole["choices"][0]["finish_reason"]
        ),
        (
            &json!({"role": "assistant", "content": "Done."}),
            &json!("stop")
        )
    );

    // Anything else is a recorded 404 in the API's error shape.
    let (status, body) = post(&model, "/v1/models", &json!({}));
    assert_eq!(status, 404);
    let error: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(error["error"]["type"], "invalid_request_error");

    let paths: Vec<(String, bool)> = model
        .requests()
        .into_iter()
        .map(|r| (r.path, r.turn))
        .collect();
    assert_eq!(
        paths,
        [
            ("/v1/chat/completions".to_owned(), true),
            ("/v1/chat/completions".to_owned(), false),
            ("/chat/completions".to_owned(), true),
            ("/v1/chat/completions".to_owned(), true),
            ("/v1/chat/completions".to_owned(), true),
            ("/v1/models".to_owned(), false),
        ]
    );
    let turns = model.turns();
    let echoed = openai::tool_result(&turns[1].body, 1).expect("turn 1's result");
    assert_eq!(
        (echoed.tool_call_id.as_str(), echoed.text()),
        ("call_fake_01", "Output: hello".to_owned())
    );
    assert_eq!(openai::tool_result(&turns[1].body, 2), None);
    assert_eq!(openai::tool_results(&turns[0].body), []);
}

/// A request of Codex's agent loop: it offers a function.
fn response_request(input: Value) -> Value {
    json!({"model": "codex-test", "stream": true, "input": input,
           "tools": [{"type": "function", "name": "exec_command",
                      "parameters": {"type": "object"}}]})
}

#[test]
fn responses_turns_are_streamed_as_named_events_with_function_call_items() {
    let model = FakeModel::responses(vec![
        Turn::tool("exec_command", json!({"cmd": "echo hello"})),
        Turn::say("Done."),
    ]);

    // Turn 1: created, the call added (no arguments yet) and done (with
    // them, as JSON text), completed with the usage; each event named by
    // its type, numbered.
    let (status, body) = post(&model, "/v1/responses", &response_request(json!([])));
    assert_eq!(status, 200, "{body}");
    let sent = events(&body);
    let names: Vec<&str> = sent.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(
        names,
        [
            "response.created",
            "response.output_item.added",
            "response.output_item.done",
            "response.completed"
        ]
    );
    for (n, (name, data)) in sent.iter().enumerate() {
        assert_eq!(data["type"], name.as_str());
        assert_eq!(data["sequence_number"], n);
    }
    assert_eq!(sent[1].1["item"]["arguments"], "");
    let call = &sent[2].1["item"];
    assert_eq!(
        (&call["type"], &call["call_id"], &call["name"]),
        (
            &json!("function_call"),
            &json!("call_fake_01"),
            &json!("exec_command")
        )
    );
    let arguments: Value =
        serde_json::from_str(call["arguments"].as_str().expect("text")).expect("JSON");
    assert_eq!(arguments, json!({"cmd": "echo hello"}));
    let completed = &sent[3].1["response"];
    assert_eq!(completed["id"], sent[0].1["response"]["id"]);
    assert_eq!(completed["status"], "completed");
    assert_eq!(completed["usage"]["total_tokens"], 15);
    assert_eq!(completed["output"][0], *call);

    // A side request (no tools) is answered `OK` and takes no turn.
    let (_, body) = post(
        &model,
        "/v1/responses",
        &json!({"model": "codex-test", "stream": true, "input": []}),
    );
    assert!(body.contains("\"delta\":\"OK\""), "{body}");

    // Turn 2, the call's output in the input: the text, streamed as a
    // delta and whole in the message item.
    let input = json!([
        {"type": "function_call", "call_id": "call_fake_01", "name": "exec_command",
         "arguments": "{}"},
        {"type": "function_call_output", "call_id": "call_fake_01", "output": "hello\n"},
    ]);
    let (_, body) = post(&model, "/responses", &response_request(input));
    let sent = events(&body);
    let names: Vec<&str> = sent.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(
        names,
        [
            "response.created",
            "response.output_item.added",
            "response.output_text.delta",
            "response.output_item.done",
            "response.completed"
        ]
    );
    assert_eq!(sent[2].1["delta"], "Done.");
    assert_eq!(
        sent[3].1["item"]["content"],
        json!([{"type": "output_text", "text": "Done.", "annotations": []}])
    );

    // Anything else is a recorded 404.
    let (status, _) = post(&model, "/v1/models", &json!({}));
    assert_eq!(status, 404);

    let paths: Vec<(String, bool)> = model
        .requests()
        .into_iter()
        .map(|r| (r.path, r.turn))
        .collect();
    assert_eq!(
        paths,
        [
            ("/v1/responses".to_owned(), true),
            ("/v1/responses".to_owned(), false),
            ("/responses".to_owned(), true),
            ("/v1/models".to_owned(), false),
        ]
    );
    let turns = model.turns();
    let output = responses::call_output(&turns[1].body, 1).expect("turn 1's output");
    assert_eq!(
        (output.call_id.as_str(), output.text()),
        ("call_fake_01", "hello\n".to_owned())
    );
    assert_eq!(responses::call_output(&turns[1].body, 2), None);
    assert_eq!(responses::call_outputs(&turns[0].body), []);
    assert_eq!(responses::input_texts(&turns[1].body), ["hello\n"]);
}

/// A request of Gemini CLI's agent loop: it declares a function.
fn generate(contents: Value) -> Value {
    json!({"contents": contents,
           "tools": [{"functionDeclarations": [{"name": "run_shell_command",
                      "parametersJsonSchema": {"type": "object"}}]}],
           "generationConfig": {"temperature": 0}})
}

/// The `data:` of each server-sent event of a streamed Gemini answer.
fn sse_data(body: &str) -> Vec<Value> {
    body.split("\n\n")
        .filter(|e| !e.trim().is_empty())
        .map(|event| {
            let data = event
                .lines()
                .find_map(|l| l.strip_prefix("data:"))
                .unwrap_or_else(|| panic!("no `data:` in {event:?}"));
            serde_json::from_str(data.trim_start()).expect("a JSON chunk")
        })
        .collect()
}

#[test]
fn gemini_turns_are_function_calls_or_texts_and_side_requests_get_their_schema() {
    let model = FakeModel::gemini(vec![
        Turn::tool("run_shell_command", json!({"command": "echo hello"})),
        Turn::say("Done."),
    ]);
    let models = "/v1beta/models/gemini-test";

    // Turn 1, streamed: one chunk, the function call with its id and args.
    let path = format!("{models}:streamGenerateContent?alt=sse");
    let (status, body) = post(&model, &path, &generate(json!([])));
    assert_eq!(status, 200, "{body}");
    let chunks = sse_data(&body);
    assert_eq!(chunks.len(), 1, "{body}");
    let candidate = &chunks[0]["candidates"][0];
    assert_eq!(
        candidate["content"],
        json!({"role": "model", "parts": [{"functionCall": {"id": "call_fake_01",
               "name": "run_shell_command", "args": {"command": "echo hello"}}}]})
    );
    assert_eq!(candidate["finishReason"], "STOP");
    assert_eq!(chunks[0]["usageMetadata"]["totalTokenCount"], 15);
    assert_eq!(chunks[0]["modelVersion"], "gemini-test");

    // Side requests take no turn: a JSON one gets a value of its schema
    // (an enum's first value), a plain one `OK`, countTokens a count.
    let check = json!({"contents": [], "generationConfig": {
        "responseMimeType": "application/json",
        "responseJsonSchema": {"type": "object", "properties": {
            "reasoning": {"type": "string"},
            "next_speaker": {"type": "string", "enum": ["user", "model"]}},
            "required": ["reasoning", "next_speaker"]}}});
    let (status, body) = post(&model, &format!("{models}:generateContent"), &check);
    assert_eq!(status, 200, "{body}");
    let answer: Value = serde_json::from_str(&body).expect("JSON");
    let text = answer["candidates"][0]["content"]["parts"][0]["text"]
        .as_str()
        .expect("a text");
    assert_eq!(
        serde_json::from_str::<Value>(text).ok(),
        Some(json!({"reasoning": "OK", "next_speaker": "user"}))
    );
    let (_, body) = post(
        &model,
        &format!("{models}:generateContent"),
        &json!({"contents": [{"role": "user", "parts": [{"text": "Hi"}]}]}),
    );
    let answer: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(answer["candidates"][0]["content"]["parts"][0]["text"], "OK");
    let (status, body) = post(&model, &format!("{models}:countTokens"), &json!({}));
    assert_eq!((status, body.as_str()), (200, r#"{"totalTokens":10}"#));

    // Turn 2, whole, carrying turn 1's result: the text that ends it.
    let result = json!([
        {"role": "user", "parts": [{"text": "Follow the script."}]},
        {"role": "model", "parts": [{"functionCall": {"id": "call_fake_01",
         "name": "run_shell_command", "args": {"command": "echo hello"}}}]},
        {"role": "user", "parts": [{"functionResponse": {"id": "call_fake_01",
         "name": "run_shell_command", "response": {"output": "Output: hello"}}}]}]);
    let (_, body) = post(
        &model,
        &format!("{models}:generateContent"),
        &generate(result),
    );
    let whole: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(
        whole["candidates"][0]["content"],
        json!({"role": "model", "parts": [{"text": "Done."}]})
    );

    // Anything else is a recorded 404 in the API's error shape.
    let (status, body) = post(&model, "/v1internal:loadCodeAssist", &json!({}));
    assert_eq!(status, 404);
    let error: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(error["error"]["status"], "NOT_FOUND");

    let paths: Vec<(String, bool)> = model
        .requests()
        .into_iter()
        .map(|r| (r.path, r.turn))
        .collect();
    assert_eq!(
        paths,
        [
            (path, true),
            (format!("{models}:generateContent"), false),
            (format!("{models}:generateContent"), false),
            (format!("{models}:countTokens"), false),
            (format!("{models}:generateContent"), true),
            ("/v1internal:loadCodeAssist".to_owned(), false),
        ]
    );
    let turns = model.turns();
    let echoed = gemini::function_response(&turns[1].body, 1).expect("turn 1's result");
    assert_eq!(
        (echoed.name.as_str(), echoed.text(), echoed.is_error()),
        ("run_shell_command", "Output: hello".to_owned(), false)
    );
    assert_eq!(gemini::function_response(&turns[1].body, 2), None);
    assert!(gemini::function_responses(&turns[0].body).is_empty());
    let refused = json!({"contents": [{"role": "user", "parts": [{"functionResponse": {
        "id": "call_fake_03", "name": "run_shell_command",
        "response": {"error": "Tool execution blocked: no"}}}]}]});
    let refused = gemini::function_response(&refused, 3).expect("turn 3's result");
    assert_eq!(
        (refused.text(), refused.is_error()),
        ("Tool execution blocked: no".to_owned(), true)
    );
}

#[test]
fn a_fault_answers_the_next_request_and_takes_no_turn() {
    let model = FakeModel::openai(vec![Turn::say("after the fault")]);
    model.fail_next(tackle_tests::fake_model::Fault::rate_limited(7));
    let body = turn(false, json!([{"role": "user", "content": "hi"}]));
    let addr = model.base_url().trim_start_matches("http://").to_owned();
    let mut stream = TcpStream::connect(&addr).expect("connect");
    let text = body.to_string();
    write!(
        stream,
        "POST /v1/chat/completions HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{text}",
        text.len()
    )
    .expect("send");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("read");
    let head = answer
        .split("\r\n\r\n")
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 429"), "{head}");
    assert!(head.contains("retry-after: 7"), "{head}");
    assert!(answer.contains("rate_limit_error"), "{answer}");

    let (status, answered) = post(&model, "/v1/chat/completions", &body);
    assert_eq!(status, 200);
    assert!(
        answered.contains("after the fault"),
        "the script's first turn: {answered}"
    );
    let requests = model.requests();
    assert_eq!(requests.len(), 2);
    assert!(!requests[0].turn && requests[1].turn);
}
