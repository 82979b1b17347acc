//! Glue `#[hook]` generates calls into: filling a hook's reference
//! parameters and turning its return value into a reply.

use std::future::Future;
use std::ops::Deref;

use crate::hook::{Decision, HookCall, HookReturn, IntoDecision, IntoObservation, IntoPromptText};

/// A type the glue can hand a hook for a reference parameter `&T`.
///
/// `plugin!` implements it for `HookContext<'_, ()>`, `HookContext<'_, Config>`
/// and the state type of its own plugin; the `session` module for
/// `Session<'_, T>` of every plugin.
#[diagnostic::on_unimplemented(
    message = "a hook of this plugin cannot take `&{Self}`",
    label = "tackle fills a hook's parameters itself, and it has no `{Self}` to give",
    note = "a hook takes its point's event (`ev: &BeforeToolCall`), and optionally `&HookContext`, `&HookContext<Config>` (`Config`: the type in `plugin! {{ config: ... }}`), `&State` (the type in `plugin! {{ state: ... }}`) or `&Session<T>` (a value kept per session)"
)]
pub trait FromHook<'a, P>: Sized {
    /// Builds or borrows the value for one call.
    fn from_hook(call: &HookCall<'a>) -> Result<Lent<'a, Self>, String>;
}

/// What the glue holds while a hook borrows it.
#[derive(Debug)]
pub enum Lent<'a, T> {
    /// Built for this call.
    Owned(T),
    /// Borrowed from the host (the plugin's state).
    Borrowed(&'a T),
}

impl<T> Deref for Lent<'_, T> {
    type Target = T;

    fn deref(&self) -> &T {
        match self {
            Lent::Owned(value) => value,
            Lent::Borrowed(value) => value,
        }
    }
}

/// A decision hook's return value at the point whose event is `P`, as a reply.
pub fn decided<P, R: IntoDecision<P>>(value: R) -> HookReturn {
    value.into_decision()
}

/// An observer hook's return value, as a reply.
pub fn observed<R: IntoObservation>(value: R) -> HookReturn {
    value.into_observation().map(|()| Decision::ABSTAIN)
}

/// A `system_prompt` hook's return value, as a reply: its text is context.
pub fn prompted<R: IntoPromptText>(value: R) -> HookReturn {
    Ok(match value.into_prompt_text()? {
        Some(text) => Decision::context(text),
        None => Decision::ABSTAIN,
    })
}

/// The output of a future that cannot suspend (an `async fn` hook with no
/// `.await`), polled once in place: no allocation, no executor.
pub fn ready_now<F: Future>(future: F) -> Result<F::Output, String> {
    let mut future = std::pin::pin!(future);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    match future.as_mut().poll(&mut cx) {
        std::task::Poll::Ready(output) => Ok(output),
        std::task::Poll::Pending => Err(
            "internal error: an async hook without `.await` did not finish on its first poll"
                .into(),
        ),
    }
}
