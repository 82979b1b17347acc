//! A tool's progress and streamed output, as MCP progress notifications.
//!
//! The tool reports synchronously ([`ToolSink`]); the call's task sends the
//! notifications and waits for each to be written before it answers, so a
//! client never sees progress after the result.

use rmcp::model::{ProgressNotificationParam, ProgressToken};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

use tackle::{LogLevel, ToolSink};

/// One report of a running tool.
#[derive(Debug)]
pub(crate) enum Report {
    /// `fraction` done, with a status message.
    Progress { fraction: f64, message: String },
    /// A chunk of output before the result.
    Output(String),
    /// A log message for the client.
    Log { level: LogLevel, message: String },
}

/// Queues a tool's reports for the call's task.
#[derive(Debug)]
pub(crate) struct Sink(UnboundedSender<Report>);

impl Sink {
    pub(crate) fn new() -> (Sink, UnboundedReceiver<Report>) {
        let (tx, rx) = unbounded_channel();
        (Sink(tx), rx)
    }
}

impl ToolSink for Sink {
    fn progress(&self, _tool: &str, fraction: f64, message: &str) {
        let _ = self.0.send(Report::Progress {
            fraction,
            message: message.to_owned(),
        });
    }

    fn output(&self, _tool: &str, chunk: &str) {
        let _ = self.0.send(Report::Output(chunk.to_owned()));
    }

    fn log(&self, _tool: &str, level: LogLevel, message: &str) {
        let _ = self.0.send(Report::Log {
            level,
            message: message.to_owned(),
        });
    }
}

/// Turns reports into notifications for one request's progress token.
///
/// MCP has no streamed output, so a chunk travels as the message of a
/// progress notification at the last fraction reported.
#[derive(Debug)]
pub(crate) struct Notifier {
    token: ProgressToken,
    fraction: f64,
}

impl Notifier {
    pub(crate) fn new(token: ProgressToken) -> Self {
        Notifier {
            token,
            fraction: 0.0,
        }
    }

    pub(crate) fn notification(&mut self, report: Report) -> ProgressNotificationParam {
        let message = match report {
            Report::Progress { fraction, message } => {
                self.fraction = fraction;
                message
            }
            Report::Output(chunk) => chunk,
            // The call's task sends logs as log messages, never here.
            Report::Log { message, .. } => message,
        };
        let mut param =
            ProgressNotificationParam::new(self.token.clone(), self.fraction).with_total(1.0);
        if !message.is_empty() {
            param = param.with_message(message);
        }
        param
    }
}
