//! Writing messages in the order rmcp hands them over.
//!
//! rmcp asks for each message to be sent as it comes, and runs the sends
//! as separate tasks. Each message is encoded at once, behind the ones
//! before it, and whichever send holds the writer writes everything
//! queued: the order is the order of the calls, on any runtime, and a
//! burst of messages goes out in one write.
//!
//! Encoding is sonic-rs's: its SIMD string escaping takes a sixth of
//! serde_json's instructions on a 4 KiB text, which an `echo` answer
//! carries twice (BENCHMARKS.md, "MCP stdio round trip").

use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use serde::Serialize;
use tokio::io::{AsyncWrite, AsyncWriteExt};

/// A buffer kept for reuse only up to this size.
const KEEP: usize = 1 << 20;

/// The server's output, shared by its send tasks.
#[derive(Debug)]
pub(crate) struct Output<W> {
    queue: Mutex<Queue>,
    /// Bytes written so far.
    written: AtomicU64,
    /// `None` once closed.
    writer: tokio::sync::Mutex<Option<W>>,
}

#[derive(Debug, Default)]
struct Queue {
    /// Encoded lines not yet written.
    bytes: Vec<u8>,
    /// Bytes ever queued.
    total: u64,
}

impl<W: AsyncWrite + Unpin> Output<W> {
    pub(crate) fn new(writer: W) -> Self {
        Output {
            queue: Mutex::default(),
            written: AtomicU64::new(0),
            writer: tokio::sync::Mutex::new(Some(writer)),
        }
    }

    /// Encodes `message` as one line behind those queued before it, and
    /// returns where it ends, for [`Output::written_up_to`].
    pub(crate) fn queue(&self, message: &impl Serialize) -> io::Result<u64> {
        let mut queue = self.lock();
        let start = queue.bytes.len();
        if let Err(e) = sonic_rs::to_writer(&mut queue.bytes, message) {
            queue.bytes.truncate(start);
            return Err(io::Error::other(e));
        }
        queue.bytes.push(b'\n');
        queue.total += (queue.bytes.len() - start) as u64;
        Ok(queue.total)
    }

    /// Returns once everything queued up to `end` is written and flushed.
    pub(crate) async fn written_up_to(&self, end: u64) -> io::Result<()> {
        loop {
            if self.written.load(Ordering::Acquire) >= end {
                return Ok(());
            }
            let mut writer = self.writer.lock().await;
            // Another send may have written ours while we waited.
            if self.written.load(Ordering::Acquire) >= end {
                return Ok(());
            }
            let Some(writer) = writer.as_mut() else {
                return Err(io::Error::new(
                    io::ErrorKind::NotConnected,
                    "the MCP output is closed",
                ));
            };
            let mut bytes = std::mem::take(&mut self.lock().bytes);
            if bytes.is_empty() {
                // Only if a send was dropped in the middle of its write.
                return Err(io::Error::other(
                    "an interrupted write lost part of the MCP output",
                ));
            }
            let result = async {
                writer.write_all(&bytes).await?;
                writer.flush().await
            }
            .await;
            // Counted even when it failed, so that no send waits forever.
            self.written
                .fetch_add(bytes.len() as u64, Ordering::Release);
            result?;
            if bytes.capacity() <= KEEP {
                bytes.clear();
                let mut queue = self.lock();
                if queue.bytes.is_empty() {
                    queue.bytes = bytes;
                }
            }
        }
    }

    /// Writes what is still queued, then drops the writer (an end of
    /// input for the client).
    pub(crate) async fn close(&self) -> io::Result<()> {
        let Some(mut writer) = self.writer.lock().await.take() else {
            return Ok(());
        };
        let bytes = std::mem::take(&mut self.lock().bytes);
        writer.write_all(&bytes).await?;
        self.written
            .fetch_add(bytes.len() as u64, Ordering::Release);
        writer.flush().await
    }

    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use tokio::io::AsyncReadExt;

    #[tokio::test]
    async fn messages_go_out_in_the_order_they_were_queued_whichever_send_runs() {
        let (mut client, server) = tokio::io::duplex(1 << 16);
        let output = Output::new(server);
        let first = output.queue(&json!({"n": 1})).expect("encodes");
        let second = output.queue(&json!({"n": 2})).expect("encodes");
        // The later send runs first and writes both.
        output.written_up_to(second).await.expect("written");
        output.written_up_to(first).await.expect("already written");
        let third = output.queue(&json!({"n": 3})).expect("encodes");
        output.written_up_to(third).await.expect("written");
        output.close().await.expect("closes");
        let mut text = String::new();
        client.read_to_string(&mut text).await.expect("reads");
        assert_eq!(text, "{\"n\":1}\n{\"n\":2}\n{\"n\":3}\n");
        let after = output.queue(&json!({"n": 4})).expect("encodes");
        let closed = output.written_up_to(after).await.expect_err("closed");
        assert_eq!(closed.kind(), io::ErrorKind::NotConnected);
    }

    /// The encoder is sonic-rs; what it writes must read back as what
    /// serde_json makes of the same message.
    #[test]
    fn messages_encode_as_serde_json_encodes_them() {
        use rmcp::model::{
            CallToolResult, ContentBlock, ErrorData, NumberOrString, ProgressNotificationParam,
            ProgressToken, ServerJsonRpcMessage, ServerNotification, ServerResult,
        };
        let text = "quote \" backslash \\ tab \t nl \n nul \u{0} bell \u{7} del \u{7f} é ✓ 🦀 </script> \u{2028}";
        let long = text.repeat(300);
        let mut result = CallToolResult::success(vec![ContentBlock::text(long.clone())]);
        result.structured_content = Some(json!({
            "result": long,
            "numbers": [0, -1, u64::MAX, i64::MIN, 1.5, -0.0, 1e300, 2.5e-300, 0.1],
            "nested": {"z": [true, null, {"a": "b"}], "a": {}},
        }));
        let messages = [
            ServerJsonRpcMessage::response(
                ServerResult::CallToolResult(result),
                NumberOrString::Number(7),
            ),
            ServerJsonRpcMessage::error(
                ErrorData::invalid_params(text.to_owned(), None),
                Some(NumberOrString::String("x".into())),
            ),
            ServerJsonRpcMessage::notification(ServerNotification::ProgressNotification(
                rmcp::model::Notification::new(
                    ProgressNotificationParam::new(ProgressToken(NumberOrString::Number(1)), 0.25)
                        .with_message(text.to_owned()),
                ),
            )),
        ];
        let output = Output::new(tokio::io::sink());
        for message in messages {
            let before = output.lock().bytes.len();
            output.queue(&message).expect("encodes");
            let queue = output.lock();
            let line = &queue.bytes[before..];
            assert_eq!(line.last(), Some(&b'\n'));
            assert!(
                !line[..line.len() - 1].contains(&b'\n'),
                "one line per message"
            );
            let read: serde_json::Value = serde_json::from_slice(line).expect("valid JSON");
            assert_eq!(
                read,
                serde_json::to_value(&message).expect("serde_json encodes")
            );
        }
    }

    #[tokio::test]
    async fn a_message_longer_than_the_pipe_is_written_whole_and_in_order() {
        let (mut client, server) = tokio::io::duplex(16);
        let output = Output::new(server);
        let first = output
            .queue(&json!({"text": "a".repeat(40)}))
            .expect("encodes");
        let second = output.queue(&json!({"n": 2})).expect("encodes");
        let sends = async {
            output.written_up_to(first).await.expect("written");
            output.written_up_to(second).await.expect("written");
            output.close().await.expect("closes");
        };
        let mut text = String::new();
        let (_, read) = tokio::join!(sends, client.read_to_string(&mut text));
        read.expect("reads");
        assert_eq!(
            text,
            format!("{{\"text\":\"{}\"}}\n{{\"n\":2}}\n", "a".repeat(40))
        );
    }

    #[tokio::test]
    async fn a_failed_write_is_the_send_s_error() {
        let (client, server) = tokio::io::duplex(64);
        drop(client);
        let output = Output::new(server);
        let end = output.queue(&json!({"n": 1})).expect("encodes");
        let error = output.written_up_to(end).await.expect_err("no reader");
        assert_eq!(error.kind(), io::ErrorKind::BrokenPipe);
    }
}
