//! A line from the client as a message: `tools/call` read straight into
//! rmcp's type, everything else through rmcp's own parser.
//!
//! rmcp reads a request by trying its request types one after the other,
//! buffering the message and formatting an error for each miss; a
//! `tools/call` is the fourteenth. That took about a third of the server's
//! instructions per call (BENCHMARKS.md, "MCP stdio round trip"), so the
//! message a server gets most is read directly ([`super::call`]), into the
//! same value rmcp's parser gives (the tests below compare the two).

use rmcp::model::{ClientJsonRpcMessage, ErrorData, RequestId, ServerJsonRpcMessage};
use serde::Deserialize;
use serde_json::{Map, Value};

use super::call::{self, Call};
use super::head;
use super::read::MAX_LINE;

/// What a line is.
#[derive(Debug)]
pub(crate) enum Parsed {
    Message(ClientJsonRpcMessage),
    /// Nothing to answer: the line is not JSON, or a notification (which
    /// is never answered) could not be read. Says why, for the log.
    Ignored(String),
    /// The message could not be read; this error answers it.
    Refused(ServerJsonRpcMessage),
}

/// Reads one line (without its newline).
pub(crate) fn parse(line: &[u8]) -> Parsed {
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    match call::read(line) {
        Call::Read(id, request) => {
            return Parsed::Message(ClientJsonRpcMessage::request(request, id));
        }
        Call::BadParams(id, e) => {
            return Parsed::Refused(ServerJsonRpcMessage::error(
                ErrorData::invalid_params(format!("invalid `tools/call` params: {e}"), None),
                Some(id),
            ));
        }
        Call::Other => {}
    }
    match serde_json::from_slice::<ClientJsonRpcMessage>(line) {
        Ok(message) => Parsed::Message(message),
        Err(e) => unreadable(line, &e),
    }
}

/// A line over [`MAX_LINE`], of which `head` (the first `MAX_LINE` bytes)
/// was kept: a request whose id comes before the cut is answered with it,
/// so the client does not wait for an answer that cannot come.
pub(crate) fn oversized(head: &[u8]) -> Parsed {
    let head = head::read(head);
    let id = match head.id {
        Some(id) if !head.response => id,
        _ => {
            return Parsed::Ignored(format!(
                "a message longer than {MAX_LINE} bytes, with no request id before the cut"
            ));
        }
    };
    let what = head.method.map_or_else(
        || "the request".to_owned(),
        |m| format!("the `{m}` request"),
    );
    let why = format!(
        "invalid request: {what} is longer than {} MiB, the most this server reads in one message; it was not read",
        MAX_LINE >> 20
    );
    Parsed::Refused(ServerJsonRpcMessage::error(
        ErrorData::invalid_request(why, None),
        Some(id),
    ))
}

/// A line rmcp's parser refused: ignored if it is not JSON (answering
/// garbage can start an error storm with a peer that echoes it) or is a
/// notification, else answered with an error carrying the request's id
/// when it has one, so that the client's request does not hang.
fn unreadable(line: &[u8], error: &serde_json::Error) -> Parsed {
    let Ok(value) = serde_json::from_slice::<Value>(line) else {
        return Parsed::Ignored(format!("not JSON: {error}"));
    };
    let Value::Object(message) = value else {
        let why = "invalid request: a message must be a JSON object";
        return Parsed::Refused(ServerJsonRpcMessage::error(
            ErrorData::invalid_request(why, None),
            None,
        ));
    };
    let method = message.get("method").and_then(Value::as_str);
    if let Some(method) = method
        && !message.contains_key("id")
    {
        return Parsed::Ignored(format!("unreadable `{method}` notification: {error}"));
    }
    let id = message
        .get("id")
        .and_then(|id| RequestId::deserialize(id).ok());
    Parsed::Refused(ServerJsonRpcMessage::error(
        ErrorData::invalid_request(why(&message, method), None),
        id,
    ))
}

/// Why a JSON object is not a message this server reads, in a client
/// author's words.
fn why(message: &Map<String, Value>, method: Option<&str>) -> String {
    if message.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return "invalid request: `jsonrpc` must be \"2.0\"".to_owned();
    }
    match method {
        Some(method) if message.contains_key("result") || message.contains_key("error") => {
            format!("invalid request: a `{method}` request cannot also carry `result` or `error`")
        }
        Some(method) => format!(
            "invalid request: the `id` or `params` of `{method}` do not match the MCP schema"
        ),
        None => "invalid request: a request needs a `method`".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rmcp::model::{ClientRequest, GetMeta};
    use serde_json::json;

    /// rmcp's own reading of a line.
    fn rmcp(line: &str) -> ClientJsonRpcMessage {
        serde_json::from_str(line).unwrap_or_else(|e| panic!("rmcp refuses {line}: {e}"))
    }

    fn message(line: &str) -> ClientJsonRpcMessage {
        match parse(line.as_bytes()) {
            Parsed::Message(message) => message,
            other => panic!("{line}: {other:?}"),
        }
    }

    fn meta(message: &ClientJsonRpcMessage) -> Value {
        match message {
            ClientJsonRpcMessage::Request(r) => json!(r.request.get_meta().0),
            other => panic!("not a request: {other:?}"),
        }
    }

    #[test]
    fn a_call_reads_as_rmcp_reads_it() {
        let lines = [
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}"#,
            r#"{"method":"tools/call","params":{"arguments":{"text":"x\"y\u00e9\n"},"name":"echo"},"id":"req-7","jsonrpc":"2.0"}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"slow","_meta":{"progressToken":"p1","other":[1,2]}}}"#,
            r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"t","_meta":null,"arguments":{}},"extra":true}"#,
            r#"{"jsonrpc":"2.0","id":-5,"method":"tools/call","params":{"name":"t","requestState":"s","_meta":{"progressToken":9}}}"#,
        ];
        for line in lines {
            let ours = message(line);
            let theirs = rmcp(line);
            assert!(
                matches!(&ours, ClientJsonRpcMessage::Request(r) if matches!(r.request, ClientRequest::CallToolRequest(_))),
                "{line}"
            );
            assert_eq!(json!(ours), json!(theirs), "{line}");
            assert_eq!(meta(&ours), meta(&theirs), "{line}");
        }
        // Params before the method: left to rmcp, read the same.
        let line = r#"{"params":{"name":"add","arguments":{"a":1}},"jsonrpc":"2.0","id":9,"method":"tools/call"}"#;
        assert_eq!(json!(message(line)), json!(rmcp(line)));
        // A byte-order mark and a CR, as rmcp tolerates.
        let line = "\u{FEFF}{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"a\"}}\r";
        assert_eq!(json!(message(line))["params"]["name"], "a");
    }

    #[test]
    fn the_progress_token_reaches_the_request_meta() {
        let line = r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"slow","_meta":{"progressToken":"p1"}}}"#;
        let ClientJsonRpcMessage::Request(request) = message(line) else {
            panic!("not a request")
        };
        assert_eq!(
            request.request.get_meta().get_progress_token(),
            Some(rmcp::model::ProgressToken(RequestId::String("p1".into())))
        );
    }

    #[test]
    fn other_messages_read_as_rmcp_reads_them() {
        let lines = [
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"no"}}"#,
            r#"{"jsonrpc":"2.0","id":5,"result":{"action":"accept","content":{}}}"#,
            r#"{"jsonrpc":"2.0","id":6,"method":"frobnicate/now","params":{}}"#,
        ];
        for line in lines {
            assert_eq!(json!(message(line)), json!(rmcp(line)), "{line}");
        }
    }

    fn refused(line: &str) -> Value {
        match parse(line.as_bytes()) {
            Parsed::Refused(answer) => json!(answer),
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn a_call_with_bad_params_is_answered_with_its_id_and_the_field() {
        let answer =
            refused(r#"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"arguments":{}}}"#);
        assert_eq!(answer["id"], 8, "{answer}");
        assert_eq!(answer["error"]["code"], -32602, "{answer}");
        let text = answer["error"]["message"].as_str().unwrap_or_default();
        assert!(
            text.contains("tools/call") && text.contains("`name`"),
            "{text}"
        );
        let answer = refused(
            r#"{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"a","arguments":[1]}}"#,
        );
        assert_eq!(answer["id"], "x", "{answer}");
        assert_eq!(answer["error"]["code"], -32602, "{answer}");
    }

    #[test]
    fn other_unreadable_requests_are_answered_with_their_id() {
        let answer = refused(r#"{"jsonrpc":"1.0","id":3,"method":"tools/list"}"#);
        assert_eq!(answer["id"], 3, "{answer}");
        assert_eq!(answer["error"]["code"], -32600, "{answer}");
        assert!(
            answer["error"]["message"]
                .as_str()
                .unwrap_or_default()
                .contains("\"2.0\""),
            "{answer}"
        );
        let answer = refused(r#"{"jsonrpc":"2.0","id":4,"method":"initialize","params":"x"}"#);
        assert_eq!(answer["id"], 4, "{answer}");
        assert!(
            answer["error"]["message"]
                .as_str()
                .unwrap_or_default()
                .contains("`initialize`"),
            "{answer}"
        );
        // No usable id: answered with a null id, as JSON-RPC asks.
        let answer = refused(r#"{"jsonrpc":"2.0","id":{"no":1},"method":"tools/list"}"#);
        assert_eq!(answer["id"], Value::Null, "{answer}");
        let answer = refused(r#"{"jsonrpc":"2.0","id":9}"#);
        assert_eq!(answer["id"], 9, "{answer}");
        let answer = refused("[1,2]");
        assert_eq!(answer["id"], Value::Null, "{answer}");
    }

    #[test]
    fn what_is_not_json_and_unreadable_notifications_are_ignored() {
        for line in [
            "not json",
            "{\"jsonrpc\":\"2.0\",",
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":"bad"}"#,
        ] {
            assert!(
                matches!(parse(line.as_bytes()), Parsed::Ignored(_)),
                "{line}"
            );
        }
    }
}
