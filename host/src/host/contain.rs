//! Running plugin code so that its panics are contained: caught, reported
//! as results, and kept off stderr.
//!
//! A tool that panics becomes an error result with the panic's message, so
//! Rust's default report (`thread 'main' panicked at ...`) on stderr only
//! adds noise, and agents read a hook's stderr. The hook installed here logs
//! such panics (at `debug`, with their location) and passes every other
//! panic to the hook that was there before.

use std::any::Any;
use std::cell::Cell;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::sync::Once;
use std::task::{Context, Poll};

use futures_util::FutureExt;

thread_local! {
    static IN_PLUGIN: Cell<bool> = const { Cell::new(false) };
}

/// Installs, once per process, a panic hook that keeps panics inside plugin
/// code (which the host catches and reports as results) off stderr. Panics
/// anywhere else still reach the previous hook. The CLI calls this; an
/// embedding agent may, if its stderr matters.
pub fn quiet_plugin_panics() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if IN_PLUGIN.with(Cell::get) {
                tracing::debug!(location = ?info.location(), "plugin code panicked; reported as a result");
            } else {
                previous(info);
            }
        }));
    });
}

/// A caught panic's payload.
pub(crate) type Panic = Box<dyn Any + Send>;

/// Runs plugin code, catching a panic.
pub(crate) fn contain<R>(f: impl FnOnce() -> R) -> Result<R, Panic> {
    std::panic::catch_unwind(AssertUnwindSafe(|| {
        let _mark = Mark::set();
        f()
    }))
}

/// Awaits a plugin's future, catching a panic in any of its polls.
pub(crate) async fn contain_future<F: Future + Unpin>(future: F) -> Result<F::Output, Panic> {
    AssertUnwindSafe(InPlugin(future)).catch_unwind().await
}

/// Starts plugin code that builds something asynchronously (a state's
/// `init`, a provider's `build`), within `limit` when there is one: its
/// panics caught, running past the limit an error saying so.
pub(crate) async fn start_within<T, F>(
    start: impl FnOnce() -> F,
    limit: Option<std::time::Duration>,
) -> Result<Result<T, String>, Panic>
where
    F: Future<Output = Result<T, String>> + Unpin,
{
    let future = contain(start)?;
    match limit {
        None => contain_future(future).await,
        Some(limit) => match tokio::time::timeout(limit, contain_future(future)).await {
            Ok(outcome) => outcome,
            Err(_) => Ok(Err(format!(
                "it did not finish within {} ms",
                limit.as_millis()
            ))),
        },
    }
}

/// The message of a caught panic.
pub fn panic_message(payload: &Panic) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".to_owned()
    }
}

/// A future whose polls are marked as plugin code.
struct InPlugin<F>(F);

impl<F: Future + Unpin> Future for InPlugin<F> {
    type Output = F::Output;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let _mark = Mark::set();
        Pin::new(&mut self.0).poll(cx)
    }
}

/// Sets the mark and restores the previous value on drop, also while
/// unwinding.
struct Mark(bool);

impl Mark {
    fn set() -> Self {
        Mark(IN_PLUGIN.with(|m| m.replace(true)))
    }
}

impl Drop for Mark {
    fn drop(&mut self) {
        IN_PLUGIN.with(|m| m.set(self.0));
    }
}

/// A plugin's future whose polls are marked and whose panics are caught,
/// to poll by hand (hooks poll once inline before paying for a timer).
pub(crate) fn contained<F: Future + Unpin>(
    future: F,
) -> futures_util::future::CatchUnwind<AssertUnwindSafe<impl Future<Output = F::Output> + Unpin>> {
    AssertUnwindSafe(InPlugin(future)).catch_unwind()
}
