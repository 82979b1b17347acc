//! The server's side of the wire: one JSON-RPC message per line, over any
//! async reader and writer.
//!
//! rmcp's own `AsyncRwTransport` does the same job; this one differs where
//! a client or the benchmark notices:
//! - a `tools/call` is read in one pass without rmcp's generic parser,
//!   which tries every request type in turn ([`call`], [`parse`]);
//! - a message that cannot be read is answered with its own id when it
//!   has one, so the client's request fails at once instead of waiting;
//! - a `server/discover` without 2026-07-28's request `_meta` is refused
//!   here with "method not found" (-32601): older clients probe with it and
//!   fall back to `initialize` on -32601, where rmcp would answer "invalid
//!   params", which such a client takes as a broken server;
//! - a line over the 16 MiB cap is answered with its id when the id comes
//!   before the cut ([`head`]), and a last line without its newline is read;
//! - it keeps a ledger of the requests owed an answer ([`flight`]): the
//!   reader waits while too many are in flight (backpressure), and the end
//!   of the client's input is handed to rmcp only once every answer is
//!   written. rmcp, told of the end, would give answers still in flight
//!   5 s and drop the rest;
//! - it tells the calls when the client closed its input: a call still
//!   running then has a limited time left, and an approval can no longer
//!   come;
//! - messages are encoded in the order rmcp hands them over and written by
//!   whichever send runs first ([`write`]).

mod call;
mod flight;
mod head;
mod parse;
mod read;
mod write;

use std::io;
use std::sync::Arc;

use rmcp::ErrorData;
use rmcp::RoleServer;
use rmcp::model::{
    ClientJsonRpcMessage, ClientNotification, ConstString, DiscoverRequestMethod, ErrorCode,
    GetMeta, JsonRpcMessage, ProtocolVersion, ServerJsonRpcMessage,
};
use rmcp::transport::Transport;
use tokio::io::{AsyncRead, AsyncWrite, BufReader};
use tokio_util::sync::CancellationToken;

use flight::InFlight;
use parse::{Parsed, oversized, parse};
use read::{Line, LineReader, MAX_LINE};
use write::Output;

pub use flight::{MAX_IN_FLIGHT, MAX_IN_FLIGHT_BYTES};

/// Newline-delimited JSON-RPC for rmcp's server.
#[derive(Debug)]
pub(crate) struct Lines<R, W> {
    reader: LineReader<BufReader<R>>,
    output: Arc<Output<W>>,
    /// The requests owed an answer.
    in_flight: Arc<InFlight>,
    /// An answer this transport queued itself (a refused probe or an
    /// unreadable request), written before the next line is read.
    answer: Option<u64>,
    /// Cancelled when the client closes its input.
    closed: CancellationToken,
}

impl<R: AsyncRead + Unpin, W: AsyncWrite + Unpin> Lines<R, W> {
    pub(crate) fn new(reader: R, writer: W, closed: CancellationToken) -> Self {
        Lines {
            reader: LineReader::new(BufReader::with_capacity(64 * 1024, reader)),
            output: Arc::new(Output::new(writer)),
            in_flight: Arc::default(),
            answer: None,
            closed,
        }
    }

    /// The end of the client's input, handed to rmcp once every request
    /// read has its answer written (or the output failed). Cancel-safe.
    async fn end(&mut self) -> Option<ClientJsonRpcMessage> {
        if !self.closed.is_cancelled() {
            self.closed.cancel();
            let owed = self.in_flight.owed();
            if owed > 0 {
                tracing::debug!("the MCP client closed its input; {owed} answer(s) still owed");
            }
        }
        self.in_flight.settled().await;
        None
    }

    /// Books what a message read from the client means for the ledger.
    fn book(&self, message: &ClientJsonRpcMessage, bytes: usize) {
        match message {
            JsonRpcMessage::Request(request) => self.in_flight.owe(request.id.clone(), bytes),
            // rmcp answers nothing for a request the client cancelled.
            JsonRpcMessage::Notification(notification) => {
                if let ClientNotification::CancelledNotification(cancelled) =
                    &notification.notification
                    && let Some(id) = &cancelled.params.request_id
                {
                    self.in_flight.settle(id);
                }
            }
            _ => {}
        }
    }
}

impl<R, W> Transport<RoleServer> for Lines<R, W>
where
    R: AsyncRead + Send + Unpin + 'static,
    W: AsyncWrite + Send + Unpin + 'static,
{
    type Error = io::Error;

    fn send(
        &mut self,
        item: ServerJsonRpcMessage,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        // The request an answer settles.
        let answers = match &item {
            JsonRpcMessage::Response(response) => Some(response.id.clone()),
            JsonRpcMessage::Error(error) => error.id.clone(),
            _ => None,
        };
        // Encoded now, so that the order is the order of the calls.
        let end = self.output.queue(&item);
        let output = Arc::clone(&self.output);
        let in_flight = Arc::clone(&self.in_flight);
        async move {
            let written = match end {
                Ok(end) => output.written_up_to(end).await.inspect_err(|e| {
                    // Nothing written after this could reach the client.
                    tracing::warn!("cannot write to the MCP client: {e}");
                    in_flight.broke();
                }),
                // This message alone is lost; its request is settled below.
                Err(e) => Err(e),
            };
            if let Some(id) = answers {
                in_flight.settle(&id);
            }
            written
        }
    }

    /// Cancel-safe, as rmcp needs: it polls this in a `select!`. A partial
    /// line stays in the reader, and a queued answer is written on the
    /// next call.
    async fn receive(&mut self) -> Option<ClientJsonRpcMessage> {
        loop {
            if let Some(end) = self.answer {
                if let Err(e) = self.output.written_up_to(end).await {
                    tracing::warn!("cannot answer the MCP client: {e}");
                    self.in_flight.broke();
                    return self.end().await;
                }
                self.answer = None;
            }
            // Backpressure: no more lines while too many answers are owed.
            self.in_flight.room().await;
            let parsed = match self.reader.next().await {
                Line::Ready => {
                    let line = self.reader.line.as_slice();
                    if line.is_empty() || line == b"\r" {
                        continue;
                    }
                    parse(line)
                }
                Line::TooLong => {
                    tracing::warn!("skipped an MCP message longer than {MAX_LINE} bytes");
                    oversized(&self.reader.line)
                }
                Line::End => return self.end().await,
                Line::Failed(e) => {
                    tracing::warn!("cannot read the MCP client's input: {e}");
                    return self.end().await;
                }
            };
            let answer = match parsed {
                Parsed::Message(message) => match refuse_discovery(&message) {
                    Some(answer) => answer,
                    None => {
                        self.book(&message, self.reader.line.len());
                        return Some(message);
                    }
                },
                Parsed::Ignored(why) => {
                    tracing::debug!("ignored a line from the MCP client: {why}");
                    continue;
                }
                Parsed::Refused(answer) => answer,
            };
            match self.output.queue(&answer) {
                Ok(end) => self.answer = Some(end),
                Err(e) => tracing::warn!("cannot encode an answer to the MCP client: {e}"),
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.output.close().await
    }
}

/// What the transport makes of one line, answers encoded (the `mcp_line`
/// fuzz target).
#[cfg(feature = "fuzzing")]
pub fn read_for_fuzzing(line: &[u8]) {
    let encoded = match parse(line) {
        Parsed::Message(message) => serde_json::to_vec(&message),
        Parsed::Refused(answer) => serde_json::to_vec(&answer),
        Parsed::Ignored(_) => return,
    };
    encoded.expect("a message read from JSON encodes back to JSON");
}

/// "Method not found" for a `server/discover` probe without 2026-07-28's
/// request `_meta`: an older client's probe, which falls back to
/// `initialize` on -32601 (rmcp would answer "invalid params", which such
/// a client takes as a broken server). A probe with the metadata is served.
fn refuse_discovery(message: &ClientJsonRpcMessage) -> Option<ServerJsonRpcMessage> {
    let ClientJsonRpcMessage::Request(request) = message else {
        return None;
    };
    if request.request.method() != DiscoverRequestMethod::VALUE {
        return None;
    }
    let missing = request
        .request
        .get_meta()
        .missing_required_keys(&ProtocolVersion::V_2026_07_28);
    (!missing.is_empty()).then(|| {
        let error = ErrorData::new(
            ErrorCode::METHOD_NOT_FOUND,
            format!(
                "`server/discover` is served on protocol 2026-07-28, whose request `_meta` carries {}; a client of an older revision starts with `initialize`",
                missing.join(" and ")
            ),
            None,
        );
        ServerJsonRpcMessage::error(error, Some(request.id.clone()))
    })
}
