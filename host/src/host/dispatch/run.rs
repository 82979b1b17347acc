//! Running one hook outside the dispatch loop's fast path (which runs the
//! point's sync hooks itself, in `drive.rs`): a catch-all observer, or an
//! async hook, polled once inline and only if it does not answer then put
//! under its timeout (a boxed timer). Panics are caught either way.

use std::future::Future;
use std::pin::Pin;
use std::task::Poll;
use std::time::Duration;

use tackle::hook::{FailureKind, HookCall, HookFuture, HookReturn};

use super::fold::HookResult;
use crate::host::contain::{Panic, contain, contained, panic_message};

/// Runs a sync hook.
pub(crate) fn sync(
    f: for<'a> fn(HookCall<'a>) -> HookReturn,
    call: HookCall<'_>,
    span: &tracing::Span,
) -> HookResult {
    let _entered = span.enter();
    result(contain(|| f(call)))
}

/// Runs an async hook.
pub(crate) async fn asynchronous(
    f: for<'a> fn(HookCall<'a>) -> HookFuture<'a>,
    call: HookCall<'_>,
    span: &tracing::Span,
    timeout: Duration,
) -> HookResult {
    let future = {
        let _entered = span.enter();
        contain(|| f(call))
    };
    let mut future = match future {
        Ok(future) => contained(future),
        Err(panic) => return result(Err(panic)),
    };
    // Most hooks answer on their first poll: no timer for them.
    let first = std::future::poll_fn(|cx| {
        let _entered = span.enter();
        Poll::Ready(Pin::new(&mut future).poll(cx))
    })
    .await;
    match first {
        Poll::Ready(returned) => result(returned),
        Poll::Pending => {
            let rest = tracing::Instrument::instrument(future, span.clone());
            match Box::pin(tokio::time::timeout(timeout, rest)).await {
                Ok(returned) => result(returned),
                Err(_) => HookResult::Failed(
                    FailureKind::Timeout,
                    format!("no answer within {} ms", timeout.as_millis()),
                ),
            }
        }
    }
}

fn result(returned: Result<HookReturn, Panic>) -> HookResult {
    match returned {
        Ok(Ok(decision)) => HookResult::Decided(decision),
        Ok(Err(error)) => HookResult::Failed(FailureKind::Error, error),
        Err(panic) => HookResult::Failed(FailureKind::Panic, panic_message(&panic)),
    }
}
