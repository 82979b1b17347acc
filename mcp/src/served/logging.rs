//! The least severe log level the client wants (`logging/setLevel`, or on
//! protocol 2026-07-28 the request's `_meta`), and a tool's log message as
//! MCP's notification, sent on the call's own stream.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU8, Ordering};

use rmcp::RoleServer;
use rmcp::service::Peer;

#[allow(deprecated)]
// MCP's logging: deprecated by rmcp for a later revision, still in 2025-11-25.
use rmcp::model::{LoggingLevel, LoggingMessageNotificationParam};
use serde_json::Value;
use tackle::LogLevel;

/// The client's threshold; every level until it sets one.
#[derive(Debug, Default)]
pub(crate) struct Threshold(AtomicU8);

#[allow(deprecated)]
impl Threshold {
    pub(crate) fn set(&self, level: LoggingLevel) {
        self.0.store(rank(ours(level)), Ordering::Relaxed);
    }

    /// Whether a message at `level` goes to the client.
    pub(crate) fn passes(&self, level: LogLevel) -> bool {
        rank(level) >= self.0.load(Ordering::Relaxed)
    }
}

/// Whether a message at `level` goes to a 2026-07-28 request that asked
/// for `wanted` and above in its `_meta` (`io.modelcontextprotocol/logLevel`);
/// a request that asked for none gets none.
#[allow(deprecated)]
pub(crate) fn requested(level: LogLevel, wanted: Option<LoggingLevel>) -> bool {
    wanted.is_some_and(|wanted| rank(level) >= rank(ours(wanted)))
}

fn rank(level: LogLevel) -> u8 {
    level as u8
}

#[allow(deprecated)]
fn ours(level: LoggingLevel) -> LogLevel {
    match level {
        LoggingLevel::Debug => LogLevel::Debug,
        LoggingLevel::Info => LogLevel::Info,
        LoggingLevel::Notice => LogLevel::Notice,
        LoggingLevel::Warning => LogLevel::Warning,
        LoggingLevel::Error => LogLevel::Error,
        LoggingLevel::Critical => LogLevel::Critical,
        LoggingLevel::Alert => LogLevel::Alert,
        LoggingLevel::Emergency => LogLevel::Emergency,
    }
}

/// Sends a tool's message, its logger the tool's name; the future ends
/// once it is written (or could not be).
#[allow(deprecated)]
pub(crate) fn send<'a>(
    peer: &'a Peer<RoleServer>,
    tool: &str,
    level: LogLevel,
    message: String,
) -> Pin<Box<dyn Future<Output = ()> + Send + 'a>> {
    let param = notification(tool, level, message);
    Box::pin(async move {
        let _ = peer.notify_logging_message(param).await;
    })
}

#[allow(deprecated)]
fn notification(tool: &str, level: LogLevel, message: String) -> LoggingMessageNotificationParam {
    let level = match level {
        LogLevel::Debug => LoggingLevel::Debug,
        LogLevel::Info => LoggingLevel::Info,
        LogLevel::Notice => LoggingLevel::Notice,
        LogLevel::Warning => LoggingLevel::Warning,
        LogLevel::Error => LoggingLevel::Error,
        LogLevel::Critical => LoggingLevel::Critical,
        LogLevel::Alert => LoggingLevel::Alert,
        LogLevel::Emergency => LoggingLevel::Emergency,
    };
    let mut param = LoggingMessageNotificationParam::new(level, Value::String(message));
    param.logger = Some(tool.to_owned());
    param
}

#[cfg(test)]
mod tests {
    #![allow(deprecated)]
    use rmcp::model::LoggingLevel;
    use tackle::LogLevel;

    use super::Threshold;

    #[test]
    fn the_threshold_lets_through_what_is_as_severe_or_more() {
        let threshold = Threshold::default();
        assert!(threshold.passes(LogLevel::Debug));
        threshold.set(LoggingLevel::Warning);
        assert!(!threshold.passes(LogLevel::Info));
        assert!(threshold.passes(LogLevel::Warning));
        assert!(threshold.passes(LogLevel::Emergency));
    }

    #[test]
    fn a_2026_request_gets_the_levels_it_asked_for_and_none_unasked() {
        assert!(!super::requested(LogLevel::Emergency, None));
        assert!(!super::requested(
            LogLevel::Info,
            Some(LoggingLevel::Warning)
        ));
        assert!(super::requested(
            LogLevel::Warning,
            Some(LoggingLevel::Warning)
        ));
        assert!(super::requested(LogLevel::Error, Some(LoggingLevel::Info)));
    }
}
