//! Running one hook: sync hooks inline, with no future at all; async hooks
//! polled once inline, and only if they do not answer then put under their
//! timeout (a boxed timer, so the common path stays small and allocation
//! free). Panics are caught either way.

use std::future::Future;
use std::pin::Pin;
use std::task::Poll;
use std::time::Duration;

use tackle::hook::{FailureKind, HookCall, HookFuture, HookReply};

use super::fold::Answer;
use crate::host::contain::{Panic, contain, contained, panic_message};

/// Runs a sync hook, writing its reply where the caller keeps it: moving
/// replies through nested results costs more than a hook that abstains.
pub(crate) fn sync(
    f: for<'a> fn(HookCall<'a>) -> HookReply,
    call: HookCall<'_>,
    span: &tracing::Span,
    reply: &mut HookReply,
) -> Result<(), Panic> {
    let _entered = span.enter();
    // `reply` holds a fresh abstain, which owns no heap data: replace it
    // without running its drop glue.
    contain(|| std::mem::forget(std::mem::replace(reply, f(call))))
}

/// A sync hook's reply as the fold takes it.
pub(crate) fn sync_answer(ran: Result<(), Panic>, reply: HookReply) -> Answer {
    answer(ran.map(|()| reply))
}

/// Runs an async hook.
pub(crate) async fn asynchronous(
    f: for<'a> fn(HookCall<'a>) -> HookFuture<'a>,
    call: HookCall<'_>,
    span: &tracing::Span,
    timeout: Duration,
) -> Answer {
    let future = {
        let _entered = span.enter();
        contain(|| f(call))
    };
    let mut future = match future {
        Ok(future) => contained(future),
        Err(panic) => return answer(Err(panic)),
    };
    // Most hooks answer on their first poll: no timer for them.
    let first = std::future::poll_fn(|cx| {
        let _entered = span.enter();
        Poll::Ready(Pin::new(&mut future).poll(cx))
    })
    .await;
    match first {
        Poll::Ready(reply) => answer(reply),
        Poll::Pending => {
            let rest = tracing::Instrument::instrument(future, span.clone());
            match Box::pin(tokio::time::timeout(timeout, rest)).await {
                Ok(reply) => answer(reply),
                Err(_) => Answer::Failed(
                    FailureKind::Timeout,
                    format!("no answer within {} ms", timeout.as_millis()),
                ),
            }
        }
    }
}

fn answer(reply: Result<HookReply, Panic>) -> Answer {
    match reply {
        Ok(Ok(decision)) => Answer::Decided(decision),
        Ok(Err(error)) => Answer::Failed(FailureKind::Error, error),
        Err(panic) => Answer::Failed(FailureKind::Panic, panic_message(&panic)),
    }
}
