//! The JSON-RPC messages the driver sends and the answers it reads: typed,
//! so a server's wrong answer is an error naming what was wrong.

use serde::{Deserialize, Serialize};

/// The protocol version asked for: the newest the three servers all serve
/// with sessions. Each answers the version it settles on; that one is sent
/// back in `MCP-Protocol-Version`.
pub const PROTOCOL_VERSION: &str = "2025-11-25";

#[derive(Debug, Serialize)]
pub struct Request<'a, P> {
    pub jsonrpc: &'static str,
    pub id: u64,
    pub method: &'a str,
    pub params: P,
}

#[derive(Debug, Serialize)]
pub struct Notification<'a> {
    pub jsonrpc: &'static str,
    pub method: &'a str,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InitializeParams<'a> {
    pub protocol_version: &'a str,
    pub capabilities: Empty,
    pub client_info: ClientInfo<'a>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Empty {}

#[derive(Debug, Serialize)]
pub struct ClientInfo<'a> {
    pub name: &'a str,
    pub version: &'a str,
}

#[derive(Debug, Serialize)]
pub struct CallParams<'a> {
    pub name: &'a str,
    pub arguments: AddArguments,
}

#[derive(Debug, Serialize)]
pub struct AddArguments {
    pub a: i64,
    pub b: i64,
}

/// A JSON-RPC response; notifications and requests from the server (no
/// `result` and no `error`, or another id) are skipped by the reader.
#[derive(Debug, Deserialize)]
pub struct Response<R> {
    pub id: Option<serde_json::Value>,
    pub result: Option<R>,
    pub error: Option<RpcError>,
}

#[derive(Debug, Deserialize)]
pub struct RpcError {
    pub code: i64,
    pub message: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InitializeResult {
    pub protocol_version: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallResult {
    pub content: Vec<Content>,
    pub structured_content: Option<Sum>,
    #[serde(default)]
    pub is_error: bool,
}

#[derive(Debug, Deserialize)]
pub struct Content {
    #[serde(rename = "type")]
    pub kind: String,
    pub text: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct Sum {
    pub result: i64,
}

impl CallResult {
    /// `Ok` when the answer is `sum` as the text and as the structured
    /// `{"result": sum}`, as all three servers give it.
    pub fn check(&self, sum: i64) -> Result<(), String> {
        if self.is_error {
            return Err(format!("the tool failed: {:?}", self.content));
        }
        let text = match self.content.as_slice() {
            [
                Content {
                    kind,
                    text: Some(text),
                },
            ] if kind == "text" => text,
            other => return Err(format!("expected one text content, got {other:?}")),
        };
        if *text != sum.to_string() {
            return Err(format!("expected the text {sum}, got {text:?}"));
        }
        match &self.structured_content {
            Some(Sum { result }) if *result == sum => Ok(()),
            other => Err(format!(
                "expected structured {{\"result\": {sum}}}, got {other:?}"
            )),
        }
    }
}

/// The JSON-RPC response with `id` in a POST's answer: the body itself
/// (`application/json`) or one of the `data` of its events
/// (`text/event-stream`; an event's `data` lines joined by `\n`, events
/// without data, such as a priming event, skipped).
pub fn find_response<R: for<'de> Deserialize<'de>>(
    body: &[u8],
    event_stream: bool,
    id: u64,
) -> Result<R, String> {
    let matches = |candidate: &[u8]| -> Result<Option<R>, String> {
        let response: Response<R> = serde_json::from_slice(candidate).map_err(|e| {
            format!(
                "an answer is not a JSON-RPC message ({e}): {}",
                lossy(candidate)
            )
        })?;
        if response.id.as_ref().and_then(serde_json::Value::as_u64) != Some(id) {
            return Ok(None);
        }
        match (response.result, response.error) {
            (Some(result), _) => Ok(Some(result)),
            (None, Some(e)) => Err(format!("error {}: {}", e.code, e.message)),
            (None, None) => Err(format!("response {id} has neither result nor error")),
        }
    };
    if !event_stream {
        return matches(body)?.ok_or_else(|| format!("no response {id} in {}", lossy(body)));
    }
    let text =
        std::str::from_utf8(body).map_err(|e| format!("the event stream is not UTF-8: {e}"))?;
    let text = text.replace("\r\n", "\n");
    for event in text.split("\n\n") {
        let data: Vec<&str> = event
            .lines()
            .filter_map(|line| line.strip_prefix("data:"))
            .map(|d| d.strip_prefix(' ').unwrap_or(d))
            .collect();
        let data = data.join("\n");
        if data.trim().is_empty() {
            continue;
        }
        if let Some(result) = matches(data.as_bytes())? {
            return Ok(result);
        }
    }
    Err(format!("no response {id} in the event stream: {text}"))
}

fn lossy(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    match text.char_indices().nth(300) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.into_owned(),
    }
}
