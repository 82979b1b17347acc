//! The server's side of the wire: one JSON-RPC message per line, over any
//! async reader and writer.
//!
//! rmcp's own `AsyncRwTransport` does the same job; this one differs where
//! a client or the benchmark notices:
//! - a `tools/call` is read in one pass without rmcp's generic parser,
//!   which tries every request type in turn ([`call`], [`parse`]);
//! - a message that cannot be read is answered with its own id when it
//!   has one, so the client's request fails at once instead of waiting;
//! - `server/discover` is refused here with "method not found" (-32601).
//!   Discovery belongs to a protocol revision after the ones this server
//!   speaks; clients probe with it and fall back to `initialize` on -32601,
//!   where rmcp would answer "invalid params", which a client takes as a
//!   broken server;
//! - it tells the calls when the client closed its input: rmcp stops
//!   sending notifications then, and a call must not wait on its progress;
//! - messages are encoded in the order rmcp hands them over and written by
//!   whichever send runs first ([`write`]).

mod call;
mod parse;
mod read;
mod write;

use std::io;
use std::sync::Arc;

use rmcp::RoleServer;
use rmcp::model::{ClientJsonRpcMessage, ConstString, DiscoverRequestMethod, ServerJsonRpcMessage};
use rmcp::transport::Transport;
use tokio::io::{AsyncRead, AsyncWrite, BufReader};
use tokio_util::sync::CancellationToken;

use parse::{Parsed, parse};
use read::{Line, LineReader, MAX_LINE};
use write::Output;

/// Newline-delimited JSON-RPC for rmcp's server.
#[derive(Debug)]
pub(crate) struct Lines<R, W> {
    reader: LineReader<BufReader<R>>,
    output: Arc<Output<W>>,
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
            answer: None,
            closed,
        }
    }

    /// The end of the client's input.
    fn end(&self) -> Option<ClientJsonRpcMessage> {
        self.closed.cancel();
        None
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
        // Encoded now, so that the order is the order of the calls.
        let end = self.output.queue(&item);
        let output = Arc::clone(&self.output);
        async move { output.written_up_to(end?).await }
    }

    /// Cancel-safe, as rmcp needs: it polls this in a `select!`. A partial
    /// line stays in the reader, and a queued answer is written on the
    /// next call.
    async fn receive(&mut self) -> Option<ClientJsonRpcMessage> {
        loop {
            if let Some(end) = self.answer {
                if let Err(e) = self.output.written_up_to(end).await {
                    tracing::warn!("cannot answer the MCP client: {e}");
                    return self.end();
                }
                self.answer = None;
            }
            match self.reader.next().await {
                Line::Ready => {}
                Line::TooLong => {
                    tracing::warn!("dropped an MCP message longer than {MAX_LINE} bytes");
                    continue;
                }
                Line::End => return self.end(),
                Line::Failed(e) => {
                    tracing::warn!("cannot read the MCP client's input: {e}");
                    return self.end();
                }
            }
            let line = self.reader.line.as_slice();
            if line.is_empty() || line == b"\r" {
                continue;
            }
            let answer = match parse(line) {
                Parsed::Message(message) => match refuse_discovery(&message) {
                    Some(answer) => answer,
                    None => return Some(message),
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
pub(crate) fn read_for_fuzzing(line: &[u8]) {
    let encoded = match parse(line) {
        Parsed::Message(message) => serde_json::to_vec(&message),
        Parsed::Refused(answer) => serde_json::to_vec(&answer),
        Parsed::Ignored(_) => return,
    };
    encoded.expect("a message read from JSON encodes back to JSON");
}

/// "Method not found" for a `server/discover` probe.
fn refuse_discovery(message: &ClientJsonRpcMessage) -> Option<ServerJsonRpcMessage> {
    let ClientJsonRpcMessage::Request(request) = message else {
        return None;
    };
    (request.request.method() == DiscoverRequestMethod::VALUE).then(|| {
        let error = super::handler::unknown_method(DiscoverRequestMethod::VALUE);
        ServerJsonRpcMessage::error(error, Some(request.id.clone()))
    })
}
