//! One MCP client session over Streamable HTTP: its own TCP connection
//! (HTTP/1.1, kept alive), `initialize`, `notifications/initialized`, then
//! `tools/call add` as often as asked, and a DELETE at the end.

use std::net::SocketAddr;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::client::conn::http1::SendRequest;
use hyper::header::{ACCEPT, CONTENT_TYPE, HOST, HeaderValue};
use hyper::{Method, Request, StatusCode};
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;

use crate::wire::{self, CallParams, CallResult, InitializeResult};

const SESSION_ID: &str = "mcp-session-id";
const PROTOCOL: &str = "mcp-protocol-version";

/// An initialized session.
#[derive(Debug)]
pub struct Session {
    sender: SendRequest<Full<Bytes>>,
    host: HeaderValue,
    session_id: Option<HeaderValue>,
    /// The negotiated version, sent on every request after `initialize`.
    protocol: Option<HeaderValue>,
    next_id: u64,
}

/// One kept-alive HTTP/1.1 connection to `addr` (TCP_NODELAY, as clients
/// of small requests set it), driven on its own task; with the `Host`
/// header its requests carry.
pub async fn connect(addr: SocketAddr) -> Result<(SendRequest<Full<Bytes>>, HeaderValue), String> {
    let stream = TcpStream::connect(addr)
        .await
        .map_err(|e| format!("cannot connect to {addr}: {e}"))?;
    stream
        .set_nodelay(true)
        .map_err(|e| format!("cannot set TCP_NODELAY: {e}"))?;
    let (sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(|e| format!("HTTP handshake with {addr}: {e}"))?;
    tokio::spawn(connection);
    let host = HeaderValue::from_str(&addr.to_string()).map_err(|e| e.to_string())?;
    Ok((sender, host))
}

impl Session {
    /// Connects to `http://addr/mcp` and initializes a session.
    pub async fn open(addr: SocketAddr) -> Result<Session, String> {
        let (sender, host) = connect(addr).await?;
        let mut session = Session {
            sender,
            host,
            session_id: None,
            protocol: None,
            next_id: 0,
        };
        let params = wire::InitializeParams {
            protocol_version: wire::PROTOCOL_VERSION,
            capabilities: wire::Empty {},
            client_info: wire::ClientInfo {
                name: "mcp-http-load",
                version: env!("CARGO_PKG_VERSION"),
            },
        };
        let (headers, body, stream) = session.post_request("initialize", params).await?;
        session.session_id = headers.get(SESSION_ID).cloned();
        let init: InitializeResult = wire::find_response(&body, stream, session.next_id)?;
        session.protocol = Some(
            HeaderValue::from_str(&init.protocol_version)
                .map_err(|e| format!("the protocol version is no header value: {e}"))?,
        );
        let note = wire::Notification {
            jsonrpc: "2.0",
            method: "notifications/initialized",
        };
        let (status, _, _) = session.post(&note).await?;
        if status != StatusCode::ACCEPTED {
            return Err(format!(
                "notifications/initialized answered {status}, not 202"
            ));
        }
        Ok(session)
    }

    /// Whether the server gave this session an id (stateful mode).
    pub fn has_session_id(&self) -> bool {
        self.session_id.is_some()
    }

    /// Calls `add(a, b)` and checks the answer.
    pub async fn add(&mut self, a: i64, b: i64) -> Result<(), String> {
        let params = CallParams {
            name: "add",
            arguments: wire::AddArguments { a, b },
        };
        let (_, body, stream) = self.post_request("tools/call", params).await?;
        let result: CallResult = wire::find_response(&body, stream, self.next_id)?;
        result.check(a.wrapping_add(b))
    }

    /// Pings the server (`ping`) and checks that it answered.
    pub async fn ping(&mut self) -> Result<(), String> {
        let (_, body, stream) = self.post_request("ping", wire::Empty {}).await?;
        let _: wire::Empty = wire::find_response(&body, stream, self.next_id)?;
        Ok(())
    }

    /// Ends the session (DELETE); a server without sessions is left alone.
    pub async fn close(mut self) -> Result<(), String> {
        let Some(id) = self.session_id.take() else {
            return Ok(());
        };
        let request = self
            .builder(Method::DELETE)
            .header(SESSION_ID, id)
            .body(Full::new(Bytes::new()))
            .map_err(|e| e.to_string())?;
        let response = self
            .sender
            .send_request(request)
            .await
            .map_err(|e| format!("DELETE: {e}"))?;
        let status = response.status();
        let _ = response.into_body().collect().await;
        if status.is_success() {
            Ok(())
        } else {
            Err(format!("DELETE answered {status}"))
        }
    }

    async fn post_request<P: serde::Serialize>(
        &mut self,
        method: &str,
        params: P,
    ) -> Result<(hyper::HeaderMap, Bytes, bool), String> {
        self.next_id += 1;
        let request = wire::Request {
            jsonrpc: "2.0",
            id: self.next_id,
            method,
            params,
        };
        let (status, headers, body) = self.post(&request).await?;
        if status != StatusCode::OK {
            return Err(format!(
                "{method} answered {status}: {}",
                String::from_utf8_lossy(&body)
            ));
        }
        let stream = headers
            .get(CONTENT_TYPE)
            .is_some_and(|v| v.as_bytes().starts_with(b"text/event-stream"));
        Ok((headers, body, stream))
    }

    async fn post<M: serde::Serialize>(
        &mut self,
        message: &M,
    ) -> Result<(StatusCode, hyper::HeaderMap, Bytes), String> {
        let body = serde_json::to_vec(message).map_err(|e| e.to_string())?;
        let mut builder = self
            .builder(Method::POST)
            .header(CONTENT_TYPE, "application/json")
            .header(ACCEPT, "application/json, text/event-stream");
        if let Some(id) = &self.session_id {
            builder = builder.header(SESSION_ID, id.clone());
        }
        if let Some(version) = &self.protocol {
            builder = builder.header(PROTOCOL, version.clone());
        }
        let request = builder
            .body(Full::new(Bytes::from(body)))
            .map_err(|e| e.to_string())?;
        self.sender
            .ready()
            .await
            .map_err(|e| format!("the connection closed: {e}"))?;
        let response = self
            .sender
            .send_request(request)
            .await
            .map_err(|e| format!("POST: {e}"))?;
        let (parts, body) = response.into_parts();
        let body = body
            .collect()
            .await
            .map_err(|e| format!("reading the answer: {e}"))?
            .to_bytes();
        Ok((parts.status, parts.headers, body))
    }

    fn builder(&self, method: Method) -> hyper::http::request::Builder {
        Request::builder()
            .method(method)
            .uri("/mcp")
            .header(HOST, self.host.clone())
    }
}
